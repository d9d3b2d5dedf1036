#!/usr/bin/env bash
# Time tiling (issue 14) on the GPU: PolyBench's iterative stencils as
# written, each variant of loopgpu's output timed by bench/drivers/timestep.cu
# (the device function: the whole time loop, arrays on the GPU) beside copy
# bandwidth, and its results compared with the untiled variant's.
#
#   here:        bash bench/timetile.sh prepare    (runs loopgpu: .device/tt)
#   on the GPU:  bash bench/timetile.sh run
#
# Variants: NAME@FLAGS, e.g. jacobi-2d@-time-tile=0 (one sweep per launch),
# jacobi-2d@ (the default: the model's choice), jacobi-2d@-time-tile=4,64,64;
# a third field sets the environment of that loopgpu run (NAME@FLAGS@VAR=VALUE);
# '+' separates several flags (jacobi-2d@-time-tile=4,128,240+-time-tile-form=streamed).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/cuda/bin
W=${TT_DIR:-.device/tt}
VARIANTS=${VARIANTS:-"
jacobi-2d@-time-tile=0 jacobi-2d@ jacobi-2d@-time-tile=2,64,64 jacobi-2d@-time-tile=4,64,64 jacobi-2d@-time-tile=6,64,64 jacobi-2d@-time-tile=8,64,64 jacobi-2d@-time-tile=4,32,64 jacobi-2d@-time-tile=8,32,64 jacobi-2d@-time-tile=4,32,32
heat-3d@-time-tile=0 heat-3d@ heat-3d@-time-tile=1,4,8,32 heat-3d@-time-tile=1,8,8,32 heat-3d@-time-tile=2,8,8,32
jacobi-1d@-time-tile=0 jacobi-1d@ jacobi-1d@-time-tile=8,2048 jacobi-1d@-time-tile=16,4096 jacobi-1d@-time-tile=4,1024
fdtd-2d@-time-tile=0 fdtd-2d@ fdtd-2d@-time-tile=2,64,64 fdtd-2d@-time-tile=4,64,64 fdtd-2d@-time-tile=3,32,64"}
size() { case $1 in jacobi-1d) echo "16777216 100";; heat-3d) echo "256 100";; *) echo "4096 100";; esac; }
macro() { case $1 in jacobi-1d) echo JACOBI1D;; jacobi-2d) echo JACOBI2D;; heat-3d) echo HEAT3D;; fdtd-2d) echo FDTD2D;; esac; }
tag() { echo "$1" | sed 's/@/_/g; s/=/-/g; s/,/x/g; s/+/_/g'; }
case ${1:-} in
prepare)
  rm -rf $W && mkdir -p $W && python3 utils/polybench-extract.py $W/src > /dev/null || exit 1
  for v in $VARIANTS; do
    k=${v%%@*} f=${v#*@} e=
    case $f in *@*) e=${f#*@} f=${f%%@*};; esac
    env $e ${LOOPGPU:-build/bin/loopgpu} $W/src/$k.restrict.c ${f//+/ } -o $W/$(tag "$v").cu 2> $W/$(tag "$v").log || echo "loopgpu failed on $v"
  done
  echo "prepared $(ls $W/*.cu | wc -l) CUDA files in $W" ;;
run)
  nvidia-smi -L
  for v in $VARIANTS; do
    k=${v%%@*}
    nvcc -O3 -arch=sm_90 -std=c++17 -D$(macro $k) -Ibench/drivers $W/$(tag "$v").cu bench/drivers/timestep.cu -o $W/$(tag "$v").bin > $W/$(tag "$v").nvcc 2>&1 &
    while [ $(jobs -r | wc -l) -ge 16 ]; do sleep 0.2; done
  done
  wait
  for v in $VARIANTS; do
    k=${v%%@*}
    printf '%-34s ' "$v"
    ref=$W/$(tag "$k@-time-tile=0").out
    [ "$v" = "$k@-time-tile=0" ] && ref=
    $W/$(tag "$v").bin $(size $k) $W/$(tag "$v").out $ref 2>&1 | tail -2
  done ;;
*) echo "usage: $0 prepare|run"; exit 2 ;;
esac
