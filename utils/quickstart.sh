#!/usr/bin/env bash
# Installs what is missing, builds loopgpu (Release, build/), and runs the
# main job on examples/matmul.c, printing where the CUDA went and a summary.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash utils/setup-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DLOOPGPU_BUILD_TESTS=OFF >/dev/null
ninja -C build loopgpu | tail -n 1   # with loopgpu-emu-rewrite and the emulation runtime (--validate without a GPU)

out=build/matmul.cu
echo
echo "$ build/bin/loopgpu examples/matmul.c -tile 32 -coarsen 4 -o $out"
build/bin/loopgpu examples/matmul.c -tile 32 -coarsen 4 -o "$out"
echo "CUDA written to $out ($(wc -l < "$out") lines). Its summary:"
sed -n '/^\/\/ Generated/,/^$/p' "$out"
echo "Loop verdicts (loopgpu examples/matmul.c -emit=deps):"
build/bin/loopgpu examples/matmul.c -emit=deps | sed -n '/  loops:/,/legal/p'
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ -x "$nvcc" ]; then
  "$nvcc" -arch=sm_90 -c "$out" -o build/matmul.o
  echo "nvcc -arch=sm_90 -c $out: compiled to build/matmul.o"
fi
