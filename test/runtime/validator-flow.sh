#!/bin/sh
# validator-flow.sh REWRITER WORKDIR SOURCE.cu...
# The recipe runtime/README.md gives the validator, verbatim: rewrite each
# .cu file, compile each with the flags this build prints, link them with
# the libraries it prints, run the program.
set -eu
rewrite=$1 work=$2
shift 2
mkdir -p "$work"
objects=
for src in "$@"; do
  base=$(basename "$src" .cu)
  "$rewrite" "$src" "$work/$base.emu.cpp"
  head -n 1 "$work/$base.emu.cpp" | grep -q "^#line 1 \"$src\"\$"
  # shellcheck disable=SC2046
  $("$rewrite" --cxx) $("$rewrite" --cxxflags) -O1 -iquote "$(dirname "$src")" \
    -c "$work/$base.emu.cpp" -o "$work/$base.o"
  objects="$objects $work/$base.o"
done
# shellcheck disable=SC2046,SC2086
$("$rewrite" --cxx) $objects $("$rewrite" --libs) -o "$work/prog"
"$work/prog"
