#!/usr/bin/env bash
# Installs the Debian packages loopgpu needs, if any is missing (idempotent:
# when everything is there it only checks, in well under a second).
# Needs root (or sudo) only when something must be installed.
#   --tests  also what only the test suite runs: Graphviz (renders
#            -emit=deps -format=dot) and Chromium with a font (renders
#            -emit=report)
set -euo pipefail

packages=(
  cmake ninja-build pkg-config python3 g++ git
  clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools libclang-rt-19-dev
  libisl-dev libgtest-dev
  libboost-context-dev
)
if [ "${1:-}" = --tests ]; then
  packages+=(graphviz chromium fonts-dejavu-core)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup-deps: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "setup-deps: need root to install ${missing[*]}" >&2; exit 1; }
    sudo=sudo
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# CUDA is not a Debian package here: nvcc comes with the machine's CUDA Toolkit.
nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
if [ -z "$nvcc" ]; then
  if [ "${CI:-}" = true ]; then
    echo "setup-deps: error: nvcc not found (PATH, /usr/local/cuda/bin); CI compiles every emitted kernel" >&2
    exit 1
  fi
  echo "setup-deps: warning: nvcc not found; tests that compile CUDA will be unsupported" >&2
fi
