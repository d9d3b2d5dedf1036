#!/bin/bash
# Run 42 call 5: the clean unrolls' two loops (with and without the columns' checks) chosen once per block, against
# ec2d935's if inside one loop (heat-3d@prev, jacobi-2d@prev), two rounds.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
V="heat-3d@-time-tile=0 jacobi-2d@-time-tile=0 heat-3d@ heat-3d@prev jacobi-2d@ jacobi-2d@prev"
for round in 1 2; do VARIANTS="$V" TT_DIR=.device/tt bash bench/timetile.sh run 2>&1 | grep -v "^$" | sed 's/one sweep per step at copy bandwidth/bar/'; done
