#!/usr/bin/env bash
# utils/fuzz-pipeline.sh on another machine's processors: issue 16 asks for
# 10,000 consecutive random cases under the CPU emulation, about 3 s of
# processor time each (two C compilations, two C++ compilations of the
# emulated CUDA, the runs), which two cores cannot give in a session. The
# device machines have 16 to 128 cores but no LLVM, isl or Boost, so
# loopgpu travels statically linked:
#
#   here:  cmake -S . -B build-static -G Ninja -DLOOPGPU_STATIC_LLVM=ON -DLOOPGPU_BUILD_TESTS=OFF
#          ninja -C build-static loopgpu loopgpu-emu-rewrite LoopGPUCudaEmulation
#          bash bench/fuzz-farm.sh prepare DIR [BUILD]      (BUILD: build-static)
#   there: bash bench/fuzz-farm.sh run DIR [-j J] [--seconds S] [--keep K] N SEED
#          bash bench/fuzz-farm.sh gpu DIR [-j J] [--sanitize-every K] N SEED
#
# prepare copies loopgpu (xz), the emulation's rewriter and library, Boost.Context
# and Clang's builtin headers to DIR (about 15 MB). run (from the repository
# root; needs python3, cc, c++ and objcopy there) installs the builtin headers
# where loopgpu looks for them when they are missing, points the emulation at
# this checkout, then runs the cases SEED, SEED+1, ... through
# utils/fuzz-pipeline.sh (-j J, default nproc) until N cases ran or S seconds
# passed (default: no limit; the cases unfinished then count as not run), so
# that a consecutive seed range can be covered by several calls of a limited
# length. Failing cases are kept under K (a
# folder) with their reproduction commands. Last lines: the next seed, and
# `N cases, K failures` (exit status 1 on any failure). gpu (on a machine
# with a GPU and nvcc) runs bench/fuzz-gpu.sh's one-command form with this
# loopgpu instead: the same cases validated on the GPU, then its
# compute-sanitizer sample.
set -u
cd "$(dirname "$0")/.."  # the repository root
ROOT=$(pwd)
usage() { sed -n '9,14p' "$0" >&2; exit 2; }
[ $# -ge 2 ] || usage
cmd=$1 dir=$2
shift 2

if [ "$cmd" = prepare ]; then
  build=${1:-build-static}
  for f in bin/loopgpu bin/loopgpu-emu-rewrite lib/libLoopGPUCudaEmulation.a; do
    [ -f "$build/$f" ] || { echo "fuzz-farm.sh: no $build/$f (see the commands above)" >&2; exit 2; }
  done
  if ldd "$build/bin/loopgpu" | grep -Eq 'libLLVM|libclang|libisl'; then
    echo "fuzz-farm.sh: $build/bin/loopgpu is not linked statically (-DLOOPGPU_STATIC_LLVM=ON)" >&2; exit 2
  fi
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$build/bin/loopgpu" "$build/bin/loopgpu-emu-rewrite" "$build/lib/libLoopGPUCudaEmulation.a" "$dir/"
  strip "$dir/loopgpu" "$dir/loopgpu-emu-rewrite"
  xz -T0 "$dir/loopgpu" # 58 MB -> 13 MB: the device tool carries 64 MiB a call
  boost=$(ls /usr/lib/x86_64-linux-gnu/libboost_context.a) || exit 2
  cp "$boost" "$dir/"
  # The flags the rewriter prints name this checkout and this build;
  # run replaces them with the copies there.
  "$build/bin/loopgpu-emu-rewrite" --cxxflags > "$dir/cxxflags"
  echo "$ROOT" > "$dir/source-root"
  # Clang's builtin headers (stddef.h, float.h, ...), where loopgpu looks.
  res=$(grep -m1 -o 'LOOPGPU_CLANG_RESOURCE_DIR=[^ ]*' "$build/build.ninja" | sed 's/^[^"]*"//; s/\\*"$//') &&
    [ -f "$res/include/stddef.h" ] || { echo "fuzz-farm.sh: no resource directory in $build/build.ninja" >&2; exit 2; }
  echo "$res" > "$dir/resource-dir"
  tar czf "$dir/resource-include.tgz" -C "$res" include
  du -sh "$dir"
  exit 0
fi

[ "$cmd" = run ] || [ "$cmd" = gpu ] || usage
jobs=$(nproc) seconds=0 keep="" every=25
while [ $# -gt 2 ]; do
  case $1 in
    -j) jobs=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --sanitize-every) every=$2; shift 2 ;;
    *) usage ;;
  esac
done
[ $# = 2 ] || usage
n=$1 seed=$2
dir=$(cd "$dir" && pwd)
for t in python3 cc c++ objcopy; do
  command -v $t > /dev/null || { echo "fuzz-farm.sh: no $t here" >&2; exit 2; }
done
[ -x "$dir/loopgpu" ] || python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' \
  "$dir/loopgpu.xz" "$dir/loopgpu" && chmod +x "$dir/loopgpu" || exit 2
res=$(cat "$dir/resource-dir")
if [ ! -f "$res/include/stddef.h" ]; then
  mkdir -p "$res" && tar xzf "$dir/resource-include.tgz" -C "$res" || exit 2
fi
# The rewriter's flags with this checkout's paths; its library and Boost's
# from DIR.
old=$(cat "$dir/source-root")
cat > "$dir/emu-rewrite" << EOF
#!/bin/sh
case "\$1" in
  --cxx) echo c++ ;;
  --cxxflags) echo "$(sed "s|$old|$ROOT|g" "$dir/cxxflags")" ;;
  --libs) echo "$dir/libLoopGPUCudaEmulation.a $dir/libboost_context.a -pthread" ;;
  *) exec "$dir/loopgpu-emu-rewrite" "\$@" ;;
esac
EOF
chmod +x "$dir/emu-rewrite"
export LOOPGPU_EMU_REWRITE=$dir/emu-rewrite
echo "machine: $(nproc) processors; $(cc --version | head -n 1); $(c++ --version | head -n 1); $(python3 --version)"
echo "loopgpu: $("$dir/loopgpu" --version 2>&1 | head -n 1)"
if [ "$cmd" = gpu ]; then
  LOOPGPU=$dir/loopgpu exec bash bench/fuzz-gpu.sh -j "$jobs" --sanitize-every "$every" "$n" "$seed"
fi

start=$(date +%s)
# One pool of J cases at a time (a slow case holds one processor, not a
# chunk); with S, cases not finished after S seconds stop and count as not
# run: the range ends before the first of them.
stop_at=0
[ "$seconds" = 0 ] || stop_at=$((start + seconds))
work=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-farm.XXXXXX")
out=$(FUZZ_STOP_AT=$stop_at bash utils/fuzz-pipeline.sh -j "$jobs" --keep "$work" --loopgpu "$dir/loopgpu" "$n" "$seed")
echo "$out" | grep -v '^[0-9]* cases, [0-9]* failures$'
done=$(echo "$out" | sed -n 's/^\([0-9]*\) cases, [0-9]* failures$/\1/p')
failures=$(echo "$out" | sed -n 's/^[0-9]* cases, \([0-9]*\) failures$/\1/p')
[ -n "$failures" ] || { echo "fuzz-farm.sh: fuzz-pipeline.sh gave no summary"; done=0 failures=1; }
if [ "$failures" != 0 ] && [ -n "$keep" ]; then
  mkdir -p "$keep"
  for k in $(echo "$out" | sed -n 's/^FAIL case \([0-9]*\) .*/\1/p'); do cp -r "$work/$k" "$keep/"; done
fi
rm -rf "$work"
echo "seconds: $(($(date +%s) - start))"
echo "next seed: $((seed + done))"
echo "$done cases, $failures failures"
[ $failures = 0 ]
