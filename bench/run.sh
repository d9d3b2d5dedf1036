#!/usr/bin/env bash
# The benchmark suite, in two halves because loopgpu (with its LLVM libraries)
# runs here and the GPU is elsewhere:
#   bench/run.sh prepare DIR   generate each configuration's CUDA with loopgpu (here)
#   bench/run.sh gpu DIR       on the GPU machine: build each with its driver
#                              (bench/drivers/*.cu; builds in parallel), then run
#                              them one at a time: each times its kernel beside
#                              cuBLAS / CUB / copy bandwidth measured in the same
#                              run and checks its result
# The device tool runs the second half in one call: carry DIR and bench/.
# LOOPGPU=PATH runs that loopgpu binary (default build/bin/loopgpu).
# An example pb:NAME is PolyBench's kernel NAME written as plain C with
# restrict (utils/polybench-extract.py from ../shared/polybench-4.2.1).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=${1:?prepare|gpu}
dir=${2:?directory}
mkdir -p "$dir"
configs() { grep -v '^#' "$root/bench/configs.txt" | sed 's/ *| */|/g; s/^ *//; s/ *$//'; }
if [ "$mode" = prepare ]; then
  configs | while IFS='|' read -r name example driver size opts; do
    # The example: examples/NAME.c, or a path from the root (bench/kernels/...).
    # pb:NAME: PolyBench's kernel as a user writes it (utils/polybench-extract.py, restrict).
    src="$root/examples/$example.c"
    case "$example" in
      pb:*) [ -d "$dir/pb" ] || python3 "$root/utils/polybench-extract.py" "$dir/pb" > /dev/null
            src="$dir/pb/${example#pb:}.restrict.c" ;;
      */*) src="$root/$example.c" ;;
    esac
    "${LOOPGPU:-$root/build/bin/loopgpu}" "$src" $opts -o "$dir/$name.cu"
    echo "$driver $size" > "$dir/$name.args"
  done
  exit 0
fi
build() {
  read -r drv sz < "$dir/$1.args"
  nvcc -O3 -arch=sm_90 -Xptxas -v -o "$dir/$1" "$dir/$1.cu" "$root/bench/drivers/$drv.cu" -lcublas -lcusparse \
    > "$dir/$1.build.log" 2>&1 || echo "$1: BUILD FAILED"
}
export -f build; export dir root
configs | cut -d'|' -f1 | xargs -P "$(nproc)" -I{} bash -c 'build {}'
configs | while IFS='|' read -r name example driver size opts; do
  [ -x "$dir/$name" ] || { echo "$name: BUILD FAILED"; head -5 "$dir/$name.build.log"; continue; }
  regs=$(awk '/Compiling entry function .*_nest[0-9]*_kernel/ { f = 1 }
              f && /Used [0-9]+ registers/ { sub(/.*Used /, ""); sub(/ registers.*/, ""); print; exit }' \
         "$dir/$name.build.log")
  read -r drv sz < "$dir/$name.args"
  "$dir/$name" "$sz" "$name [$opts; ${regs:-?} regs]" || echo "$name: FAILED (exit $?)"
done
