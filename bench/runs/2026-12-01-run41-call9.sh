#!/bin/bash
# Run 41 call 9: fdtd-2d streamed ablation, the code before this session (old, oldforced) against this session's with experiment knobs of the printer (LGX_NOCOLS: no copy without column checks; LGX_NOCLEANCOPY: checked steps where the columns are not inside; LGX_KEEPROWS: clean range by the levels' rows alone, loads and stores keep their row checks).
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/ab2
nvidia-smi -L; cat $D/spills.txt | tr '\n' ' '; echo
mac() { case $1 in fdtd*) echo FDTD2D;; jac*) echo JACOBI2D;; heat*) echo HEAT3D;; esac; }
sz() { case $1 in heat*) echo "256 100";; *) echo "4096 100";; esac; }
for f in $D/*.cu; do b=$(basename $f .cu); nvcc -O3 -arch=sm_90 -std=c++17 -D$(mac $b) -Ibench/drivers $f bench/drivers/timestep.cu -o $D/$b > $D/$b.log 2>&1 & done; wait
for k in fdtd; do
  $D/${k}_untiled $(sz $k) $D/$k.ref
  for f in $D/${k}*.cu; do b=$(basename $f .cu); [ $b = ${k}_untiled ] && continue
    printf '%-14s %s\n' $b "$($D/$b $(sz $k) $D/$b.out $D/$k.ref | tr '\n' ' ')"; printf '%-14s %s\n' $b "$($D/$b $(sz $k) | tr '\n' ' ')"; done
done
