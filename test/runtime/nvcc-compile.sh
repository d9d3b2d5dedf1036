#!/bin/sh
# nvcc-compile.sh NVCC SOURCE OBJECT [EXPECTED-ERROR-REGEX]
# Compiles SOURCE as real CUDA (nvcc -arch=sm_90 -c). With a regex, the
# compilation must fail with a message matching it. An empty NVCC skips the
# test (exit 77), unless CI=true.
nvcc=$1 src=$2 obj=$3 expect=${4:-}
if [ -z "$nvcc" ]; then
  if [ "${CI:-}" = true ]; then
    echo "error: nvcc not found, and CI=true" >&2
    exit 1
  fi
  echo "nvcc not found: skipping the CUDA compilation of $src"
  exit 77
fi
out=$("$nvcc" -arch=sm_90 -std=c++17 -I"$(dirname "$src")" -c "$src" -o "$obj" 2>&1)
status=$?
printf '%s\n' "$out"
if [ -z "$expect" ]; then
  exit $status
fi
if [ $status -eq 0 ]; then
  echo "error: nvcc accepted $src; expected an error matching: $expect" >&2
  exit 1
fi
if printf '%s\n' "$out" | grep -Eq "$expect"; then
  echo "nvcc rejected $src as expected"
  exit 0
fi
echo "error: nvcc failed without the expected message: $expect" >&2
exit 1
