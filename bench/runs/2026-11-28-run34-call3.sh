#!/bin/bash
# Run 34 call 3: the time-tile model with pass quantization along x and depths to 16: its new picks
# (jacobi-1d 15 x 2048, fdtd-2d 7 x 32 x 48) against the old ones and the best measured in run 31.
set -u
export VARIANTS="$(cat .device/r34/tt-variants.txt)" TT_DIR=.device/tt34
bash bench/timetile.sh run
echo "== again (noise)"
W=.device/tt34
for v in jacobi-1d@ jacobi-1d@-time-tile=12,2048 jacobi-1d@-time-tile=8,1024 fdtd-2d@ fdtd-2d@-time-tile=4,16,48 fdtd-2d@-time-tile=6,16,64 fdtd-2d@-time-tile=6,32,32 jacobi-2d@ jacobi-2d@-time-tile=4,16,64; do
  k=${v%%@*}; t=$(echo "$v" | sed 's/@/_/g; s/=/-/g; s/,/x/g')
  case $k in jacobi-1d) sz="16777216 100";; *) sz="4096 100";; esac
  printf '%-34s ' "$v"; $W/$t.bin $sz $W/$t.out2 $W/$(echo "$k@-time-tile=0" | sed 's/@/_/g; s/=/-/g; s/,/x/g').out 2>&1 | tail -1
done
