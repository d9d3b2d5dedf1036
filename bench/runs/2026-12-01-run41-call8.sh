#!/bin/bash
# Run 41 call 8: A/B of fdtd-2d's streamed time tile before this session (f9550da, *_old) and after (code of
# 93f8455 and the model's B-skip, *_new), with heat-3d's and jacobi-2d's defaults; memcheck on small runs.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/ab
nvidia-smi -L; cat $D/spills.txt | tr '\n' ' '; echo
mac() { case $1 in fdtd*) echo FDTD2D;; jac*) echo JACOBI2D;; heat*) echo HEAT3D;; esac; }
sz() { case $1 in heat*) echo "256 100";; *) echo "4096 100";; esac; }
for f in $D/*.cu; do b=$(basename $f .cu); nvcc -O3 -arch=sm_90 -std=c++17 -D$(mac $b) -Ibench/drivers $f bench/drivers/timestep.cu -o $D/$b > $D/$b.log 2>&1 & done; wait
for k in fdtd jac heat; do
  $D/${k}_untiled $(sz $k) $D/$k.ref
  for f in $D/${k}*.cu; do b=$(basename $f .cu); [ $b = ${k}_untiled ] && continue
    printf '%-14s %s\n' $b "$($D/$b $(sz $k) $D/$b.out $D/$k.ref | tr '\n' ' ')"; printf '%-14s %s\n' $b "$($D/$b $(sz $k) | tr '\n' ' ')"; done
done
for b in fdtd_new fdtd5_new heat_new jac_new; do
  n=$(case $b in heat*) echo 70;; *) echo 300;; esac)
  LOOPGPU_TIME_TILE_MIN_BLOCKS=1 timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 $D/$b $n 5 > $D/$b.san 2>&1; echo "$b memcheck rc $? $(grep -c 'Invalid' $D/$b.san) invalid"
done
