#!/usr/bin/env bash
# Differential testing of the whole loopgpu pipeline on random nests.
#
#   utils/fuzz-pipeline.sh [-j J] [--keep DIR] [--loopgpu BIN] [--cc CC]
#                          [--gen-flags 'FLAGS'] [--validate-mode cpu|gpu|none]
#                          N SEED
#
# For each case K in [SEED, SEED + N): utils/gen-nest.py K writes a random
# valid C function (K.c), then
#   (a) `loopgpu K.c -emit=c` is compiled with cc and compared with K.c by
#       test/Transform/Inputs/equiv.py (both in one program, symbols renamed
#       with objcopy, the same random inputs, every array and the return
#       value compared; integer parameters 0,1,2,3,5,8,13 and rotations;
#       bit for bit, or 1e-4 relative when the case has scalar reductions);
#   (b) `loopgpu K.c --validate --validate-mode=cpu --param ...` (the CUDA
#       under the CPU emulation) with the options gen-nest.py drew for the
#       case (-tile, -coarsen, -shared-staging=true|false,
#       -prefetch=true|false, -ktile; its `// options:` line); PASS
#       expected. --validate-mode gpu runs it on the GPU instead; none only
#       writes the harnesses (to K/v; bench/fuzz-gpu.sh runs them elsewhere).
# A case fails when loopgpu crashes, exits non-zero on the (valid) input
# without an acceptable refusal (below), its output does not compile, a
# comparison FAILs, or anything times out. One line per failure with the
# command that reproduces it, then `N cases, K failures`; exit status 1 on
# any failure. --gen-flags passes flags to gen-nest.py (--max-nests 1,
# --no-between, --no-conditional, --no-cuda-names); LOOPGPU_FUZZ_TIMEOUT
# (seconds, default 120) bounds each step. FUZZ_STOP_AT (seconds since the
# epoch) stops the run then: the cases unfinished count as not run, and the
# summary counts the consecutive cases before the first of them (bench/
# fuzz-farm.sh uses it to fill a call of limited length).
#
# Acceptable refusals: exit status 1 with a located error
# (FILE:LINE:COL: error: ...) whose message matches $REFUSALS: a -tile
# option the nest cannot honour,
#   - a block over 1024 threads (README: "a block over 1024 threads is
#     refused with a located error"; `-tile 64` on a 2-D nest asks for
#     64x64),
#   - a reduction block that is not a multiple of 32 threads (`-tile 8` or
#     `-tile 2,8,32` on a reduction),
#   - a -time-tile depth whose tiles need more shared memory than an SM has
#     (deep time tiles of 3-D sweeps with radius 2), or whose streamed tiles
#     need more registers than a thread has.
# Anything else is a failure: the generator writes only constructs the
# README documents as supported, with affine subscripts.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
REFUSALS='threads per block; a CUDA block has at most 1024|reduction block must be a multiple of 32|bytes of shared memory, more than an SM has|need more registers than a thread has'

if [ "${1:-}" = --case ]; then
  # One case (internal; the settings come from the environment).
  set -f # extents like 64*(n+4) are words, not patterns
  k=$2
  d=$FUZZ_WORK/$k
  rm -rf "$d" && mkdir -p "$d"
  T=${LOOPGPU_FUZZ_TIMEOUT:-120}
  gen="python3 $ROOT/utils/gen-nest.py $k $FUZZ_GEN_FLAGS -o $d/case.c"
  # FUZZ_STOP_AT (seconds since the epoch): a case not finished by then
  # is stopped and counts as not run (result "stopped"), neither passed nor
  # failed; each step's time limit is cut to the time left.
  stop=${FUZZ_STOP_AT:-0}
  stopped() { [ "$stop" != 0 ] && [ "$(date +%s)" -ge "$stop" ]; }
  limit() { # sets t, the time limit of the next step; stops the case when no time is left
    t=$T
    if [ "$stop" != 0 ]; then
      t=$((stop - $(date +%s)))
      [ $t -gt 0 ] || { echo stopped > "$d/result"; exit 0; }
      [ $t -le "$T" ] || t=$T
    fi
  }
  report() { # class, command
    if stopped; then echo stopped > "$d/result"; exit 0; fi
    echo "FAIL case $k ($1): $gen && $2" > "$d/result"
    exit 0
  }
  refused() { # stderr file, exit status: an acceptable refusal?
    [ "$2" = 1 ] && grep -Eq "^[^:]+:[0-9]+:[0-9]+: error: .*($REFUSALS)" "$1"
  }
  limit
  $gen || report "generator" ""
  meta() { sed -n "s|^// $1: ||p" "$d/case.c"; }
  fn=$(meta function)
  # (a) -emit=c against the original.
  cmd="$FUZZ_LOOPGPU $d/case.c -emit=c -o $d/out.c"
  limit
  timeout -k 5 "$t" $cmd > "$d/emit.log" 2>&1
  rc=$?
  if [ $rc = 124 ] || [ $rc = 137 ]; then report "emit=c timeout" "$cmd"; fi
  if [ $rc != 0 ] && ! refused "$d/emit.log" $rc; then report "emit=c exit $rc" "$cmd"; fi
  if [ $rc = 0 ]; then
    ext=""
    for e in $(meta extents); do ext="$ext --extent $e"; done
    for e in $(meta indices); do ext="$ext --indices $e"; done
    eq="python3 $ROOT/test/Transform/Inputs/equiv.py --cc $FUZZ_CC --sizes 0,1,2,3,5,8,13 --tolerance $(meta tolerance)$ext $d/case.c $d/out.c $fn"
    limit
    timeout -k 5 "$t" $eq > "$d/equiv.log" 2>&1
    rc=$?
    if [ $rc = 124 ] || [ $rc = 137 ]; then report "emit=c equivalence timeout" "$cmd && $eq"; fi
    if [ $rc = 2 ]; then report "emit=c output does not compile" "$cmd && $eq"; fi
    if [ $rc != 0 ]; then report "emit=c not equivalent" "$cmd && $eq"; fi
  fi
  # (b) --validate (under the CPU emulation by default) with the options
  # gen-nest.py drew for the case.
  params=""
  for p in $(meta params); do params="$params --param $p"; done
  cmd="$FUZZ_LOOPGPU $d/case.c --validate --validate-mode=$FUZZ_MODE --validate-dir $d/v$params $(meta options)"
  limit
  timeout -k 5 "$t" $cmd > "$d/validate.log" 2>&1
  rc=$?
  if [ $rc = 124 ] || [ $rc = 137 ]; then report "validate timeout" "$cmd"; fi
  if [ $rc != 0 ] && refused "$d/validate.log" $rc; then echo "ok (refused)" > "$d/result"; exit 0; fi
  if [ "$FUZZ_MODE" = none ]; then # only the harness is written
    [ $rc = 0 ] || report "validate-mode=none exit $rc" "$cmd"
    echo ok > "$d/result"
    exit 0
  fi
  # The original's own result is not finite (the random inputs overflow
  # it) and nothing else differs: the comparison proves nothing either way.
  if [ $rc != 0 ] && grep -q '^INCONCLUSIVE ' "$d/validate.log" && ! grep -q '^FAIL ' "$d/validate.log" &&
    ! grep -q 'error:' "$d/validate.log"; then
    echo "ok (inconclusive)" > "$d/result"
    exit 0
  fi
  if grep -q '^FAIL' "$d/validate.log"; then report "validate FAIL" "$cmd"; fi
  # The harness's own check of the emulation's errors reads a file that a
  # process substitution writes, and may run before it exists: check here.
  if grep -q 'loopgpu-emu: error:' "$d/validate.log"; then report "validate: emulation error" "$cmd"; fi
  if grep -q 'error:' "$d/validate.log" && [ $rc != 0 ]; then report "validate exit $rc with an error" "$cmd"; fi
  if [ $rc != 0 ] || ! grep -qx PASS "$d/validate.log"; then report "validate exit $rc" "$cmd"; fi
  echo ok > "$d/result"
  exit 0
fi

jobs=2 mode=cpu keep="" loopgpu="$ROOT/build/bin/loopgpu" cc=${CC:-cc} genflags=""
while [ $# -gt 2 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --keep) keep=$2; shift 2 ;;
    --validate-mode) mode=$2; shift 2 ;;
    --loopgpu) loopgpu=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --gen-flags) genflags=$2; shift 2 ;;
    *) echo "usage: $0 [-j J] [--keep DIR] [--loopgpu BIN] [--cc CC] [--gen-flags FLAGS] [--validate-mode cpu|gpu|none] N SEED" >&2; exit 2 ;;
  esac
done
[ $# = 2 ] || { echo "usage: $0 [-j J] [--keep DIR] [--loopgpu BIN] [--cc CC] [--gen-flags FLAGS] [--validate-mode cpu|gpu|none] N SEED" >&2; exit 2; }
n=$1 seed=$2
work=${keep:-$(mktemp -d "${TMPDIR:-/tmp}/loopgpu-fuzz.XXXXXX")}
mkdir -p "$work"
export FUZZ_WORK=$(cd "$work" && pwd) FUZZ_LOOPGPU=$loopgpu FUZZ_CC=$cc FUZZ_GEN_FLAGS=$genflags FUZZ_MODE=$mode
seq "$seed" $((seed + n - 1)) | xargs -P "$jobs" -I{} bash "$0" --case {}
failures=0 refused=0 inconclusive=0 ran=0
for k in $(seq "$seed" $((seed + n - 1))); do
  r=$(cat "$FUZZ_WORK/$k/result" 2>/dev/null || echo "FAIL case $k (no result: the case script died)")
  # FUZZ_STOP_AT: the consecutive range ends before the first case stopped.
  [ "$r" = stopped ] && break
  ran=$((ran + 1))
  case $r in
    FAIL*) echo "$r"; failures=$((failures + 1)) ;;
    *refused*) refused=$((refused + 1)) ;;
    *inconclusive*) inconclusive=$((inconclusive + 1)) ;;
  esac
done
echo "refused with an acceptable error: $refused"
echo "inconclusive (the original's result not finite: INCONCLUSIVE, nothing else differs): $inconclusive"
[ $ran = "$n" ] || echo "stopped at the time limit: the next seed is $((seed + ran))"
echo "$ran cases, $failures failures"
# The cases stay where the reproduction commands point when something failed.
[ -n "$keep" ] || [ $failures != 0 ] || rm -rf "$FUZZ_WORK"
[ $failures = 0 ]
