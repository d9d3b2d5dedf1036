#!/bin/bash
# Run 43 call 5 (issue 14, the 7-point stencil on the H200): lsvc, the generator's shape with its border tiles'
# stores combined by run (an explicit vector store where the run is whole), two rounds beside lsv and zreg; ncu
# of lsvc (L2 sectors).
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/s43
nvcc -O3 -arch=sm_90 -o $D/sh200 lab/stencil_h200.cu
for r in 1 2; do $D/sh200 512 | grep -E "copy [0-9]+ GB/s$|lsv |lsvc|zreg x[24] ry[12] 32x[48]x8  "; done
M=lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,lts__t_sectors.sum
i=0
for k in _Z4lsvcIfLi2ELi32ELi8EE _Z4lsvcIdLi2ELi32ELi8EE; do
  i=$((i+1)); echo "== ncu $k"
  timeout 100 ncu --clock-control none --kernel-name-base mangled --kernel-name "regex:$k" --launch-skip 2 --launch-count 1 --metrics $M $D/sh200 512 > $OUT/ncu-$i.txt 2>&1; grep -E "^\s+(dram|lts|l1tex|smsp|gpu|sm)__|ERR" $OUT/ncu-$i.txt
done
