#!/usr/bin/env bash
# Fetches the SAT solver CaDiCaL as Debian 12's source package (cadical 1.5.3-2) into
# third_party/cadical-1.5.3 (ignored by git; never part of the repository). The .dsc pins the
# tarballs' SHA-256 sums and this script pins the .dsc's own, so a changed mirror file fails here.
# The Debian patch (ldflags.patch) touches only CaDiCaL's own makefile, which tilesched's CMake
# build does not use (CMakeLists.txt, "CaDiCaL"); the sources are the .orig tarball's.
# One change of ours, applied here: std::sort becomes std::stable_sort in the two files that
# sort with ties (see below). Idempotent: a present, verified and patched tree is kept. Environment: TILESCHED_DEBIAN_MIRROR (default
# http://deb.debian.org/debian; an http mirror is enough, the sums are what is trusted).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

version=1.5.3
revision=2
dest=third_party/cadical-$version
dsc_sha256=ba60d0c076e5756eb033ed1d1efe69db828920824fd56ee5d3feb7c35147dea5
mirror="${TILESCHED_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
pool="$mirror/pool/main/c/cadical"

marker=$dest/.verified-stable-sort
if [[ -f $marker ]]; then
  echo "CaDiCaL $version: $dest (verified)"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fetch() { curl -fsSL --retry 3 -o "$work/$1" "$pool/$1"; }
dsc=cadical_$version-$revision.dsc
orig=cadical_$version.orig.tar.gz
fetch "$dsc"
echo "$dsc_sha256  $work/$dsc" | sha256sum -c --quiet -
fetch "$orig"
# The tarball's sum as the .dsc lists it under Checksums-Sha256.
want="$(awk -v f="$orig" '/^Checksums-Sha256:/{s=1;next} /^[^ ]/{s=0} s && $3==f {print $1}' "$work/$dsc")"
[[ -n $want ]] || { echo "fetch-cadical.sh: $dsc lists no SHA-256 for $orig" >&2; exit 1; }
echo "$want  $work/$orig" | sha256sum -c --quiet -
rm -rf "$dest"
mkdir -p "$dest"
tar -xzf "$work/$orig" -C "$dest" --strip-components=1
# Same search natively and in WebAssembly: std::sort may order equal elements differently in
# libstdc++ (native) and libc++ (Emscripten), and CaDiCaL sorts literals with ties in vivify
# (the choice of watches) and subsume; std::stable_sort's order is fixed by the comparator and
# the input. (Its other std::sort, MSORT in radix.hpp, sorts by trail position or bump time,
# which no two variables share.) 4 calls change: three in vivify.cpp, one in subsume.cpp.
sed -i -E '/^ *\/\//!s/(^|[^_a-z])sort \(/\1stable_sort (/' "$dest/src/vivify.cpp" "$dest/src/subsume.cpp"
count="$(cat "$dest/src/vivify.cpp" "$dest/src/subsume.cpp" | grep -cE '(^|[^_a-z])stable_sort \(')"
[[ $count == 6 ]] || { echo "fetch-cadical.sh: expected 6 stable_sort calls after the change, found $count" >&2; exit 1; }
touch "$marker"
echo "CaDiCaL $version: $dest"
