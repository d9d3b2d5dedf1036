#!/usr/bin/env bash
# Installs what is missing, builds loopgpu (Release, build/), and runs the
# main job on examples/matmul.c, printing where the output went and a summary.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash utils/setup-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DLOOPGPU_BUILD_TESTS=OFF >/dev/null
ninja -C build loopgpu | tail -n 1

out=build/matmul.deps.txt
build/bin/loopgpu examples/matmul.c -tile 32 -coarsen 4 -emit=deps -o "$out"
echo
echo "loopgpu examples/matmul.c -tile 32 -coarsen 4 -emit=deps -o $out"
echo "  dependence analysis and legality verdicts written to $out"
echo "  (CUDA emission, -emit=cuda, is not built yet: see the README's status table)"
echo
cat "$out"
