s.
!a=s
s.<>