#!/bin/bash
# Run 41 call 7: A/B of the streamed time tiles, the code before this session (f9550da, *_old) against this
# session's (*_new; NOCOLS / KEEPROWS: printer variants, environment knobs of an experiment build), fdtd-2d,
# jacobi-2d, heat-3d as in PolyBench; results compared with the untiled kernels'. .device/ab prepared here.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/ab
nvidia-smi -L; cat $D/spills.txt | tr '\n' ' '; echo
mac() { case $1 in fdtd*) echo FDTD2D;; jac*) echo JACOBI2D;; heat*) echo HEAT3D;; esac; }
sz() { case $1 in heat*) echo "256 100";; *) echo "4096 100";; esac; }
for f in $D/*.cu; do b=$(basename $f .cu); nvcc -O3 -arch=sm_90 -std=c++17 -D$(mac $b) -Ibench/drivers $f bench/drivers/timestep.cu -o $D/$b > $D/$b.log 2>&1 & done; wait
for k in fdtd jac heat; do
  $D/${k}_untiled $(sz $k) $D/$k.ref > /dev/null
  for f in $D/${k}*.cu; do b=$(basename $f .cu); [ $b = ${k}_untiled ] && continue
    printf '%-18s %s\n' $b "$($D/$b $(sz $k) $D/$b.out $D/$k.ref | tr '\n' ' ')"; printf '%-18s %s\n' $b "$($D/$b $(sz $k) | tr '\n' ' ')"; done
done
