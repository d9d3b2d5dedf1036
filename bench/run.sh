#!/usr/bin/env bash
# The benchmark suite, in two halves because loopgpu (with its LLVM libraries)
# runs here and the GPU is elsewhere:
#   bench/run.sh prepare DIR   generate each configuration's CUDA with loopgpu (here)
#   bench/run.sh gpu DIR       on the GPU machine: build each with its driver
#                              (bench/drivers/*.cu), time it beside cuBLAS / CUB /
#                              copy bandwidth measured in the same run, check it
# The device tool runs the second half in one call: carry DIR and bench/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
mode=${1:?prepare|gpu}
dir=${2:?directory}
mkdir -p "$dir"
grep -v '^#' "$root/bench/configs.txt" | while IFS='|' read -r name example driver size opts; do
  name=$(echo $name); example=$(echo $example); driver=$(echo $driver); size=$(echo $size)
  if [ "$mode" = prepare ]; then
    "$root/build/bin/loopgpu" "$root/examples/$example.c" $opts -o "$dir/$name.cu"
    echo "$driver $size" > "$dir/$name.args"
  else
    read -r drv sz < "$dir/$name.args"
    if nvcc -O3 -arch=sm_90 -o "$dir/$name" "$dir/$name.cu" "$root/bench/drivers/$drv.cu" -lcublas > "$dir/$name.build.log" 2>&1; then
      "$dir/$name" "$sz" "$name" || echo "$name: FAILED (exit $?)"
    else
      echo "$name: BUILD FAILED"; head -5 "$dir/$name.build.log"
    fi
  fi
done
