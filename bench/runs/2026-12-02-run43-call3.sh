#!/bin/bash
# Run 43 call 3 (issue 14, the 7-point stencil on the H200): one more round of lab/stencil_h200.cu with 16 planes
# per thread, then ncu of the best register z-marches and their 16-plane forms (L2 throughput and sectors, by
# mangled name).
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
D=.device/s43
nvcc -O3 -arch=sm_90 -o $D/sh200 lab/stencil_h200.cu
$D/sh200 512
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,lts__t_sectors.sum,lts__d_sectors_fill_sysmem.sum,lts__t_sectors_srcunit_ltcfabric.sum
i=0
for k in _Z4zregIfLi4ELi2ELi32ELi4ELi8ELi0ELi0E _Z4zregIfLi4ELi2ELi32ELi4ELi16ELi0ELi0E _Z4zregIdLi2ELi2ELi32ELi4ELi8ELi0ELi0E _Z4zregIdLi2ELi2ELi32ELi4ELi16ELi0ELi0E _Z3lsvIdLi2ELi32ELi8EE; do
  i=$((i+1)); echo "== ncu $k"
  timeout 100 ncu --clock-control none --kernel-name-base mangled --kernel-name "regex:$k" --launch-skip 2 --launch-count 1 --metrics $M $D/sh200 512 > $OUT/ncu-$i.txt 2>&1; grep -E "^\s+(dram|lts|l1tex|smsp|gpu|sm)__|ERR" $OUT/ncu-$i.txt
done
