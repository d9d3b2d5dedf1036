#!/usr/bin/env bash
# The GPU variant of utils/fuzz-pipeline.sh: the same random cases
# (utils/gen-nest.py), validated on the GPU (--validate-mode=gpu), and a
# sample of the harness binaries under compute-sanitizer (racecheck,
# synccheck and memcheck in turn).
#
# One command, on a machine with a GPU, nvcc and loopgpu built (build/bin):
#   bash bench/fuzz-gpu.sh [-j J] [--gen-flags 'FLAGS'] [--sanitize-every K] N SEED
# or in two steps, when loopgpu is built on another machine than the GPU's:
#   bash bench/fuzz-gpu.sh --prepare DIR [-j J] [--gen-flags 'FLAGS'] N SEED   # here
#   bash bench/fuzz-gpu.sh --run DIR [-j J] [--sanitize-every K]              # on the GPU machine
# (--prepare also runs the -emit=c comparison and writes each case's harness
# to DIR/K/v with --validate-mode=none; --run builds them with nvcc in
# parallel, runs them one at a time, then the sanitizer sample). Every
# --sanitize-every-th case (default 5) that passed runs under
# `compute-sanitizer --tool racecheck|synccheck|memcheck --error-exitcode 1`.
# One line per failure, then `N cases, K failures`; exit status 1 on any.
# LOOPGPU names the loopgpu to run (default build/bin/loopgpu).
set -u
cd "$(dirname "$0")/.."  # the repository root
export PATH=$PATH:/usr/local/cuda/bin
jobs=$(nproc) every=5 genflags="" prepare="" run=""
while [ $# -gt 0 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    --gen-flags) genflags=$2; shift 2 ;;
    --sanitize-every) every=$2; shift 2 ;;
    --prepare) prepare=$2; shift 2 ;;
    --run) run=$2; shift 2 ;;
    *) break ;;
  esac
done
usage() { sed -n '6,11p' "$0" >&2; exit 2; }
loopgpu=${LOOPGPU:-build/bin/loopgpu}

sanitize() { # DIR: the sanitizer sample over DIR/*/v/validate; prints failures, returns their count
  local dir=$1 i=0 bad=0 ran=0 tools=(racecheck synccheck memcheck)
  for v in "$dir"/*/v; do
    [ -x "$v/validate" ] || continue
    i=$((i + 1))
    [ $((i % every)) = 0 ] || continue
    tool=${tools[$(((i / every) % 3))]}
    if ! (cd "$v" && timeout 600 compute-sanitizer --tool "$tool" --error-exitcode 1 ./validate > "sanitizer-$tool.log" 2>&1); then
      echo "FAIL $(dirname "$v") (compute-sanitizer --tool $tool): cd $v && compute-sanitizer --tool $tool ./validate"
      bad=$((bad + 1))
    fi
    ran=$((ran + 1))
  done
  echo "compute-sanitizer sample: $ran runs (every ${every}th case, racecheck/synccheck/memcheck in turn), $bad failures"
  return $bad
}

if [ -n "$run" ]; then
  [ $# = 0 ] || usage
  command -v nvcc > /dev/null || { echo "fuzz-gpu.sh: no nvcc" >&2; exit 2; }
  nvidia-smi -L
  # The cases whose harness was written (not refused, -emit=c fine).
  cases=$(for r in "$run"/*/result; do [ "$(cat "$r")" = ok ] && dirname "$r"; done)
  echo "$cases" | sed 's|$|/v|' | xargs -P "$jobs" -I{} bash -c 'bash {}/run.sh gpu-build > {}/build.log 2>&1 || echo "build failed" >> {}/build.log'
  n=0 failures=0 inconclusive=0
  for c in $cases; do
    v=$c/v
    n=$((n + 1))
    [ $((n % 100)) = 0 ] && echo "progress: $n cases run, $failures failures, $inconclusive inconclusive"
    if grep -q "build failed" "$v/build.log"; then
      echo "FAIL $(dirname "$v") (harness does not build): bash $v/run.sh gpu"; failures=$((failures + 1)); continue
    fi
    (cd "$v" && timeout 300 ./validate > run.log 2>&1)
    rc=$?
    # The original's result not finite and nothing else differs: proves nothing.
    if [ $rc != 0 ] && grep -q '^INCONCLUSIVE ' "$v/run.log" && ! grep -q '^FAIL ' "$v/run.log"; then
      inconclusive=$((inconclusive + 1)); echo "inconclusive: $c"; continue
    fi
    if [ $rc != 0 ] || ! grep -qx PASS "$v/run.log" || grep -q '^FAIL' "$v/run.log"; then
      echo "FAIL $(dirname "$v") (validate on the GPU): cd $v && ./validate"; failures=$((failures + 1)); rm -f "$v/validate"
    fi
  done
  sanitize "$run"
  failures=$((failures + $?))
  echo "inconclusive (the original's result not finite, nothing else differs): $inconclusive"
  echo "$n cases, $failures failures"
  [ $failures = 0 ]
  exit
fi

[ $# = 2 ] || usage
if [ -n "$prepare" ]; then
  bash utils/fuzz-pipeline.sh -j "$jobs" --loopgpu "$loopgpu" --keep "$prepare" --gen-flags "$genflags" --validate-mode none "$1" "$2"
  exit
fi
command -v nvcc > /dev/null || { echo "fuzz-gpu.sh: no nvcc" >&2; exit 2; }
nvidia-smi -L
dir=$(mktemp -d "${TMPDIR:-/tmp}/loopgpu-fuzz-gpu.XXXXXX")
out=$(bash utils/fuzz-pipeline.sh -j "$jobs" --loopgpu "$loopgpu" --keep "$dir" --gen-flags "$genflags" --validate-mode gpu "$1" "$2")
echo "$out" | sed '$d'
# The pipeline's count: fewer than N when FUZZ_STOP_AT stopped it.
ran=$(echo "$out" | tail -n 1 | sed -n 's/^\([0-9]*\) cases, [0-9]* failures$/\1/p')
failures=$(echo "$out" | tail -n 1 | sed -n 's/^[0-9]* cases, \([0-9]*\) failures$/\1/p')
sanitize "$dir"
failures=$((${failures:-1} + $?))
echo "cases in $dir"
echo "${ran:-0} cases, $failures failures"
[ $failures = 0 ]
