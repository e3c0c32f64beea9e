P.
n.
=