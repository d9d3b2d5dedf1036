#!/usr/bin/env bash
# Installs what is missing, builds a sanitizer build (clang-19, ASan + UBSan,
# with the libFuzzer target) in build-check/, and runs the whole test suite
# through ctest: GoogleTest unit tests, the lit suite, and 60 s of fuzzing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash utils/setup-deps.sh --tests
export PATH="$PATH:/usr/local/cuda/bin"
CC=clang-19 CXX=clang++-19 cmake -S . -B build-check -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DLOOPGPU_SANITIZE=ON -DLOOPGPU_BUILD_FUZZER=ON >/dev/null
ninja -C build-check
ctest --test-dir build-check --output-on-failure -j "$(nproc)"
