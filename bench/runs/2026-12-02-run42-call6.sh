#!/bin/bash
# Run 42 call 6: each sweep's column conditions kept in a flag per thread's column for the launch (the levels'
# selects read it) against ec2d935's conditions recomputed per level and step (@prev), and lab/heat3d_clean.cu's
# best (-DPTR=1 -DSKIP=1), two rounds.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
V="heat-3d@-time-tile=0 jacobi-2d@-time-tile=0 fdtd-2d@-time-tile=0 heat-3d@ heat-3d@prev jacobi-2d@ jacobi-2d@prev fdtd-2d@ fdtd-2d@prev"
nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -DCLEAN=1 -DPTR=1 -DSKIP=1 -Ibench/drivers lab/heat3d_clean.cu bench/drivers/timestep.cu -o .device/tt/lab &
for round in 1 2; do VARIANTS="$V" TT_DIR=.device/tt bash bench/timetile.sh run 2>&1 | grep -v "^$" | sed 's/one sweep per step at copy bandwidth/bar/'; wait; .device/tt/lab 256 100 .device/tt/lab.out .device/tt/heat-3d_-time-tile-0.out | grep -v heat_tt; done
