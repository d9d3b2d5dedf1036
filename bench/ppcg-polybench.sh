#!/usr/bin/env bash
# PPCG's default CUDA output (`ppcg --target=cuda`, no other option) for the
# 30 kernels of PolyBench/C 4.2.1, timed by PolyBench's own main() and timer
# (-DPOLYBENCH_TIME: one call of the kernel function, allocations and
# transfers included). The reference that bench/ppcg-issue19.txt holds, made
# anew: `run` prints lines of the same form, "kernel seconds".
#
#   once:        bash bench/ppcg-polybench.sh build SRCDIR PREFIX [--with-isl=system]
#   here:        bash bench/ppcg-polybench.sh prepare OUTDIR DATASET
#   on the GPU:  bash bench/ppcg-polybench.sh run OUTDIR [TIMEOUT_S]
#
# build compiles PPCG from the git checkout SRCDIR and installs it under
# PREFIX (PREFIX/bin/ppcg). SRCDIR must hold PPCG's submodules isl and pet
# (`git submodule update --init isl pet`; imath is not needed). Used here:
# PPCG 0.09.2 (commit 0fe4a8f) with its submodules pet 0.11.8 (824ab35) and
# isl 0.27 (80035e4c), against Clang/LLVM 19 (Debian bookworm:
# libclang-19-dev libclang-cpp19-dev llvm-19-dev clang-19, plus autoconf
# automake libtool pkg-config libgmp-dev libyaml-dev). The steps: in SRCDIR
# ./autogen.sh (once, where configure is missing); in the build directory
# ($BUILDDIR, default PREFIX.build) SRCDIR/configure --prefix=PREFIX
# --with-clang-prefix=$CLANG_PREFIX (default /usr/lib/llvm-19), skipped if
# that directory was already configured with the same arguments; then
# make -j$JOBS (default: nproc) and make install. The bundled isl and pet
# are built and installed with PPCG, and ppcg finds them by its RUNPATH.
# --with-isl=system builds the same PPCG and its bundled pet against the
# system's isl instead (pkg-config isl; Debian's libisl-dev, isl 0.25): the
# PPCG_FALLBACK below. build ends by printing `ppcg --version` (clang, pet,
# isl and PPCG versions).
#
# prepare runs PPCG ($PPCG, else `ppcg` on PATH) on every kernel of
# $POLYBENCH_DIR (default: shared/polybench-4.2.1 beside this repository)
# with -D${DATASET}_DATASET (MINI, SMALL, MEDIUM, LARGE, EXTRALARGE), so that
# the array sizes are constants to PPCG. OUTDIR/KERNEL/ receives PPCG's
# KERNEL_host.cu, KERNEL_kernel.cu and KERNEL_kernel.hu, its log ppcg.log
# ("== BINARY" before each PPCG run), the benchmark's header KERNEL.h and,
# where the benchmark defines types, typedefs.h (see below); OUTDIR/ receives
# polybench.[ch], the list of kernels and the dataset. Nothing else of
# PolyBench is copied, so OUTDIR alone (e.g. under .device/) is enough for
# `run`. Each PPCG run is limited to $PPCG_TIMEOUT seconds (default 1800):
# isl's AST generation can take very long on some stencils (PPCG 0.09.2:
# heat-3d with its own isl 0.27, not with isl 0.25; adi with both, at any
# dataset). A kernel that PPCG fails on or does not
# finish in time is tried again with $PPCG_FALLBACK if set (e.g. the same
# PPCG built against another isl), else it gets OUTDIR/KERNEL/FAILED. A
# kernel whose host file launches no kernel (PPCG found nothing to map to
# the GPU) is listed as host-only.
#
# run builds each kernel with nvcc -O3 -arch=sm_90 (the host file, the
# kernel file, and polybench.c compiled as CUDA C++, since PPCG's host file
# is C++ and polybench.h declares no extern "C"), runs it three times
# (REPS=N for N), each under `timeout` (default 60 s), and prints per kernel
# the median of PolyBench's printed time, ">TIMEOUT" if a run did not finish
# in time, or "FAILED(reason)". As in bench/polybench-time.sh, the CUDA
# context is created before main (a constructor in warm.cu), so that the
# timer does not count it. The timeout covers the whole program: cholesky,
# lu and ludcmp initialize their matrix with an n^3 product on the CPU, tens
# of seconds at EXTRALARGE. KERNELS="gemm atax ..." runs only those. The
# table also goes to OUTDIR/times.txt; its comment lines start with '#', so
# it can stand in for bench/ppcg-issue19.txt (bench/polybench-geomean.py).
set -euo pipefail

usage() {
  echo "usage: bench/ppcg-polybench.sh build SRCDIR PREFIX [--with-isl=system] | prepare OUTDIR DATASET | run OUTDIR [TIMEOUT_S]" >&2
  exit 2
}

# build_ppcg SRCDIR PREFIX [--with-isl=system]: PPCG from source into PREFIX.
build_ppcg() {
  local src prefix=$2 bdir want d
  local args=()
  src=$(cd "$1" && pwd)
  case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
  args=(--prefix="$prefix")
  case ${3:-} in
    "") ;;
    --with-isl=system) args+=("$3") ;;
    *) usage ;;
  esac
  args+=(--with-clang-prefix="${CLANG_PREFIX:-/usr/lib/llvm-19}")
  for d in isl pet; do
    [ -f "$src/$d/configure.ac" ] || { echo "$src/$d is empty: git -C $src submodule update --init isl pet" >&2; exit 1; }
  done
  [ -x "$src/configure" ] || (cd "$src" && ./autogen.sh)
  bdir=${BUILDDIR:-$prefix.build}
  mkdir -p "$bdir"
  cd "$bdir"
  want="${args[*]}"
  if [ -x config.status ] && [ "$(./config.status --config)" = "$want" ]; then
    echo "$bdir: already configured with $want"
  else
    "$src/configure" "${args[@]}"
  fi
  make -j"${JOBS:-$(nproc)}"
  make install
  "$prefix/bin/ppcg" --version
}

# prepare OUTDIR DATASET: PPCG's CUDA code for every kernel into OUTDIR.
prepare() {
  local out=$1 ds=$2
  local here pb ppcg tries
  here=$(cd "$(dirname "$0")/.." && pwd)
  pb=$(cd "${POLYBENCH_DIR:-$here/../shared/polybench-4.2.1}" && pwd)
  ppcg=${PPCG:-ppcg}
  tries=("$ppcg")
  [ -z "${PPCG_FALLBACK:-}" ] || tries+=("$PPCG_FALLBACK")
  for ppcg in "${tries[@]}"; do
    command -v "$ppcg" > /dev/null || { echo "ppcg not found: $ppcg (put it on PATH or set PPCG)" >&2; exit 1; }
  done
  case $ds in MINI|SMALL|MEDIUM|LARGE|EXTRALARGE) ;; *) echo "unknown dataset: $ds" >&2; exit 2 ;; esac

  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  cp "$pb/utilities/polybench.c" "$pb/utilities/polybench.h" "$out/"
  echo "$ds" > "$out/dataset"
  : > "$out/kernels"
  local path dir k made ok=0 failed=() host=() fallback=()
  # benchmark_list names each kernel's file, e.g. ./linear-algebra/blas/gemm/gemm.c
  while read -r path; do
    dir=$(dirname "$path") k=$(basename "$path" .c)
    echo "$k" >> "$out/kernels"
    rm -rf "${out:?}/$k" && mkdir "$out/$k"
    cp "$pb/$dir/$k.h" "$out/$k/"
    # PPCG leaves the benchmark's own typedefs (nussinov's `base`) out of
    # KERNEL_kernel.hu, which both of its .cu files include first: `run`
    # force-includes them (-include typedefs.h; C++ allows the host file's
    # repeated identical typedef).
    grep '^typedef .*;' "$pb/$path" > "$out/$k/typedefs.h" || rm -f "$out/$k/typedefs.h"
    : > "$out/$k/ppcg.log"
    made=
    for ppcg in "${tries[@]}"; do
      echo "== $(command -v "$ppcg") --target=cuda (${ds}_DATASET)" >> "$out/$k/ppcg.log"
      # PPCG writes KERNEL_host.cu and KERNEL_kernel.{cu,hu} into the current
      # directory for the CUDA target (-o is for the C and OpenCL targets).
      if (cd "$out/$k" && timeout "${PPCG_TIMEOUT:-1800}" "$ppcg" --target=cuda \
            -D"${ds}_DATASET" -DPOLYBENCH_TIME -I "$pb/utilities" -I "$pb/$dir" "$pb/$path") \
            >> "$out/$k/ppcg.log" 2>&1; then
        made=1
        break
      fi
      echo "== failed or timed out" >> "$out/$k/ppcg.log"
      # PPCG opens its output files first: drop what a failed run left.
      rm -f "$out/$k/${k}"_host.cu "$out/$k/${k}"_kernel.cu "$out/$k/${k}"_kernel.hu
    done
    if [ -n "$made" ]; then
      ok=$((ok + 1))
      [ "$ppcg" = "${tries[0]}" ] || fallback+=("$k")
      grep -q '<<<' "$out/$k/${k}_host.cu" || host+=("$k")
    else
      touch "$out/$k/FAILED"
      failed+=("$k")
    fi
  done < <(grep -v '^[[:space:]]*$' "$pb/utilities/benchmark_list")

  echo "PPCG --target=cuda, ${ds}_DATASET: $ok of $(wc -l < "$out/kernels") kernels in $out"
  echo "failed: ${failed[*]:-none}"
  [ -z "${PPCG_FALLBACK:-}" ] || echo "by PPCG_FALLBACK: ${fallback[*]:-none}"
  echo "no GPU kernel (host code only): ${host[*]:-none}"
}

# build OUTDIR KERNEL DATASET: OUTDIR/KERNEL/KERNEL.gpu, log in build.log.
build() {
  local out=$1 k=$2 ds=$3
  local f=(-O3 -arch=sm_90 -D"${ds}_DATASET" -DPOLYBENCH_TIME -I"$out" -I"$out/$k")
  [ ! -f "$out/$k/typedefs.h" ] || f+=(-include typedefs.h)
  (
    set -e
    cd "$out/$k"
    rm -f "$k.gpu"
    nvcc "${f[@]}" -c "${k}_host.cu" -o host.o
    nvcc "${f[@]}" -c "${k}_kernel.cu" -o kernel.o
    nvcc -arch=sm_90 host.o kernel.o "$out/polybench.o" "$out/warm.o" -lm -o "$k.gpu"
  ) > "$out/$k/build.log" 2>&1
}

# median PROGRAM TIMEOUT: median of REPS runs of PolyBench's printed time,
# ">TIMEOUT" past the timeout, or FAILED(reason).
median() {
  local prog=$1 t=$2 r=() x rc i
  for i in $(seq "${REPS:-3}"); do
    rc=0
    x=$(timeout "$t" "$prog" 2> /dev/null | tail -1) || rc=$?
    if [ "$rc" -eq 124 ]; then echo ">$t"; return; fi
    if [ "$rc" -ne 0 ]; then echo "FAILED(exit$rc)"; return; fi
    [[ $x =~ ^[0-9.eE+-]+$ ]] || { echo "FAILED(no-time)"; return; }
    r+=("$x")
  done
  printf '%s\n' "${r[@]}" | sort -g | sed -n "$(( (${#r[@]} + 1) / 2 ))p"
}

# run OUTDIR [TIMEOUT]: build and time every kernel that prepare left.
run() {
  local out t=${2:-60} ds k
  out=$(cd "$1" && pwd)
  ds=$(cat "$out/dataset")
  export PATH=$PATH:/usr/local/cuda/bin
  nvidia-smi -L || true
  printf '#include <cuda_runtime.h>\n__attribute__((constructor)) static void ppcg_warm(void) { cudaFree(0); }\n' > "$out/warm.cu"
  nvcc -O3 -arch=sm_90 -c "$out/warm.cu" -o "$out/warm.o"
  nvcc -O3 -arch=sm_90 -x cu -DPOLYBENCH_TIME -D"${ds}_DATASET" -I"$out" -c "$out/polybench.c" -o "$out/polybench.o"

  # The kernels to time (KERNELS, else all), and those PPCG gave code for.
  local kernels=() todo=()
  while read -r k; do
    if [ -n "${KERNELS:-}" ]; then case " $KERNELS " in *" $k "*) ;; *) continue ;; esac; fi
    kernels+=("$k")
    [ -f "$out/$k/FAILED" ] || todo+=("$k")
  done < "$out/kernels"

  # Build in parallel; a kernel that fails to build leaves no KERNEL.gpu.
  export -f build
  if [ ${#todo[@]} -gt 0 ]; then
    printf '%s\n' "${todo[@]}" |
      xargs -P "$(nproc)" -I{} bash -c 'build "$1" "$2" "$3" || true' _ "$out" {} "$ds"
  fi

  {
    echo "# PPCG's default output (ppcg --target=cuda), PolyBench/C 4.2.1 $ds, seconds"
    echo "# (PolyBench's timer, median of ${REPS:-3} runs, transfers included; >T: not done in T s)"
    for k in "${kernels[@]}"; do
      if [ -f "$out/$k/FAILED" ]; then printf '%s  FAILED(ppcg)\n' "$k"
      elif [ ! -x "$out/$k/$k.gpu" ]; then printf '%s  FAILED(build)\n' "$k"
      else printf '%s  %s\n' "$k" "$(cd "$out/$k" && median "./$k.gpu" "$t")"
      fi
    done
  } | tee "$out/times.txt"
}

case ${1:-} in
  build) [ $# -ge 3 ] && [ $# -le 4 ] || usage; build_ppcg "$2" "$3" "${4:-}" ;;
  prepare) [ $# -eq 3 ] || usage; prepare "$2" "$3" ;;
  run) [ $# -ge 2 ] && [ $# -le 3 ] || usage; run "$2" "${3:-60}" ;;
  *) usage ;;
esac
