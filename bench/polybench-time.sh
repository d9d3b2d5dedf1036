#!/usr/bin/env bash
# PolyBench/C 4.2.1 timed as PolyBench times it: its own main() and timer
# (-DPOLYBENCH_TIME, one call of the kernel, transfers included) linked
# against loopgpu's host function, for each kernel written with and without
# `restrict` (utils/polybench-extract.py), and the original on one CPU core.
# CUDA's context is created before main (a constructor in warm.cu), so that
# the timer does not count it.
#
#   here:        bash bench/polybench-time.sh prepare          (runs loopgpu: .device/pbt)
#   on the GPU:  bash bench/polybench-time.sh run [DATASET] [TIMEOUT_S]
#                (default LARGE, 20 s; nvcc, cc only)
#
# Prints per kernel the median of three runs in seconds (">T" past the
# timeout) for restrict, without restrict, the ratio of the two, and the
# CPU original; then the geometric mean of the ratio. On the GPU machine,
# KERNELS="gemm atax ..." times only those, NOCPU=1 skips the CPU original
# (slow at EXTRALARGE) and ONLY_RESTRICT=1 the variant without restrict;
# REPS=1 times one run instead of three (lu, cholesky and ludcmp initialize
# their matrix with an n^3 product on the CPU, tens of seconds at EXTRALARGE).
# PBT_DIR=DIR works in DIR instead of .device/pbt, and LOOPGPU_FLAGS='...'
# gives prepare's loopgpu runs options (e.g. -tile auto), to time variants;
# LOOPGPU=PATH runs that loopgpu binary (default build/bin/loopgpu).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/cuda/bin
W=${PBT_DIR:-.device/pbt}
case ${1:-} in
prepare)
  rm -rf $W && python3 utils/polybench-extract.py $W > /dev/null || exit 1
  for j in $W/*.json; do
    k=$(basename "$j" .json)
    for v in "" .restrict; do
      ${LOOPGPU:-build/bin/loopgpu} $W/$k$v.c ${LOOPGPU_FLAGS:-} -o $W/$k$v.cu 2> $W/$k$v.log || echo "loopgpu failed on $k$v.c"
    done
  done
  echo "prepared $(ls $W/*.cu | wc -l) CUDA files in $W" ;;
run)
  ds=${2:-LARGE} t=${3:-20}
  nvidia-smi -L
  cd $W
  printf '#include <cuda_runtime.h>\n__attribute__((constructor)) static void loopgpu_warm(void) { cudaFree(0); }\n' > warm.cu
  nvcc -O3 -arch=sm_90 -c warm.cu -o warm.o
  cc -O2 -DPOLYBENCH_TIME -D${ds}_DATASET -I. -c polybench.c -o polybench.o
  if [ -n "${KERNELS:-}" ]; then
    for j in *.json; do case " $KERNELS " in *" ${j%.json} "*) ;; *) rm -f "$j" ;; esac; done
  fi
  build() { # kernel: the three programs
    local k=$1 f="-O2 -DPOLYBENCH_TIME -D${ds}_DATASET -I."
    cc $f -c $k.main.c -o $k.main.o && cc $f -c $k.orig.c -o $k.orig.o &&
      cc $k.main.o $k.orig.o polybench.o -lm -o $k.cpu || return 1
    local vs="plain .restrict"
    [ -z "${ONLY_RESTRICT:-}" ] || vs=.restrict
    for v in $vs; do
      [ "$v" = plain ] && v=
      nvcc -O3 -arch=sm_90 -c $k$v.cu -o $k$v.o && nvcc $k.main.o $k$v.o polybench.o warm.o -lm -o $k$v.gpu || return 1
    done
  }
  export -f build; export ds ONLY_RESTRICT
  ls *.json | sed 's/\.json$//' | xargs -P "$(nproc)" -I{} bash -c 'build {} > {}.build.log 2>&1 || echo "build failed: {}"'
  med() { # program: median of REPS runs (default 3), or >T
    local r=() x
    for i in $(seq ${REPS:-3}); do
      x=$(timeout "$t" ./$1 2>/dev/null | tail -1) || { echo ">$t"; return; }
      r+=("$x")
    done
    printf '%s\n' "${r[@]}" | sort -g | sed -n "$(( (${#r[@]} + 1) / 2 ))p"
  }
  echo "PolyBench/C 4.2.1, $ds dataset, seconds (PolyBench's timer, median of ${REPS:-3}; transfers included)"
  printf '%-16s %10s %10s %8s %10s\n' kernel restrict plain plain/r cpu
  for j in *.json; do
    k=${j%.json}
    [ -x $k.restrict.gpu ] && { [ -n "${ONLY_RESTRICT:-}" ] || [ -x $k.gpu ]; } || { printf '%-16s build failed\n' $k; continue; }
    r=$(med $k.restrict.gpu) p=- c=-
    [ -n "${ONLY_RESTRICT:-}" ] || p=$(med $k.gpu)
    [ -n "${NOCPU:-}" ] || c=$(med $k.cpu)
    q=$(awk -v a="$r" -v b="$p" 'BEGIN { if (a ~ />/ || b ~ />/ || b == "-" || a <= 0) print "-"; else printf "%.3f", b / a }')
    printf '%-16s %10s %10s %8s %10s\n' $k "$r" "$p" "$q" "$c"
  done | tee times.txt
  awk '$4 != "-" && $4 > 0 { s += log($4); n++ } END { if (n) printf "geomean plain/restrict over %d kernels: %.3f\n", n, exp(s / n) }' times.txt ;;
*) echo "usage: bench/polybench-time.sh prepare | run [DATASET] [TIMEOUT_S]" >&2; exit 2 ;;
esac
