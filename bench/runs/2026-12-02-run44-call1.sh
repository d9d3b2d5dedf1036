#!/bin/bash
# Run 44 call 1 (issue 14, the 7-point stencil 512^3 on the H200): what separates the generator's pencil from
# lab/stencil_h200.cu's lsvc (run 43: double 620 us against 569 at equal L2 sectors). The generator's default
# output rewritten by lab/stencil_xborder.py (aligned: no unaligned copy; i32: 32-bit trips; xb: the x-border
# tiles through the vector loads with masked run stores) and a few -tile/-coarsen/-vector shapes, each through
# bench/drivers/stencil.cu (checked against a reference kernel over the whole array) at 512, 514 and 130, beside
# lsv/lsvc/zreg (-DH200_REFS) and copy bandwidth; ncu (L2 sectors, instructions) and SASS counts of a few.
# `bash bench/runs/2026-12-02-run44-call1.sh prepare` here (compiles), the script there.
set -uo pipefail
D=.device/s45
export PATH=/usr/local/cuda/bin:$PATH
if [ "${1:-}" = prepare ]; then
  L=build-rel/bin/loopgpu; mkdir -p $D/src; rm -f $D/g_*
  $L examples/stencil7.c -o $D/src/f.cu; $L bench/kernels/stencil7d.c -o $D/src/d.cu
  for v in aligned i32 xb aligned+i32 aligned+xb aligned+i32+xb; do
    for t in f d; do python3 lab/stencil_xborder.py $D/src/$t.cu $D/src/${t}_$v.cu $v; done
  done
  $L examples/stencil7.c -tile 1,8,32 -coarsen 8,1,4 -vector 4 -o $D/src/f_v4.cu
  $L examples/stencil7.c -tile 1,4,32 -coarsen 8,1,4 -vector 4 -o $D/src/f_v4b.cu
  $L examples/stencil7.c -tile 1,4,64 -coarsen 8,1,2 -o $D/src/f_x64.cu
  $L examples/stencil7.c -tile 1,8,32 -coarsen 16,1,2 -o $D/src/f_z16.cu
  $L bench/kernels/stencil7d.c -tile 1,4,64 -coarsen 8,1,2 -o $D/src/d_x64.cu
  $L bench/kernels/stencil7d.c -tile 1,8,32 -coarsen 16,1,2 -o $D/src/d_z16.cu
  python3 lab/stencil_xborder.py $D/src/f_v4.cu $D/src/f_v4_aligned+xb.cu aligned+xb
  for s in $D/src/*.cu; do
    b=$(basename $s .cu)
    case $b in f*) F="";; d*) F="-DSTENCIL_T=double -DSTENCIL_DEVICE=stencil7d_device";; esac
    echo "nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers $F $s bench/drivers/stencil.cu -o $D/g_$b"
  done | xargs -P 2 -I{} sh -c "{} 2>&1 | grep -E 'error' ; true"
  nvcc -O3 -arch=sm_90 -DH200_REFS -o $D/refs lab/stencil_h200.cu 2>&1 | grep error
  ls $D/g_* | wc -l
  exit 0
fi
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
G="f f_aligned f_i32 f_xb f_aligned+i32 f_aligned+xb f_aligned+i32+xb f_v4 f_v4b f_x64 f_z16 f_v4_aligned+xb
   d d_aligned d_i32 d_xb d_aligned+i32 d_aligned+xb d_aligned+i32+xb d_x64 d_z16"
echo "== correctness at 514 and 130 (whole arrays against the reference kernel)"
for g in $G; do for n in 514 130; do $D/g_$g $n $g | grep -o "$g.*\|FAIL" | sed 's/| copy.*diff/diff/'; done; done
echo "== 512, three rounds"
for r in 1 2 3; do
  $D/refs 512 | grep -E "copy [0-9]+ GB/s$|lsv |lsvc|zreg"
  for g in $G; do $D/g_$g 512 $g; done
done
echo "== ncu"
M=lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active
for g in d d_aligned+i32+xb f f_aligned+i32+xb; do
  echo "-- $g"; timeout 60 ncu --clock-control none --kernel-name regex:nest0_kernel$ --launch-skip 2 --launch-count 1 --metrics $M $D/g_$g 512 > $OUT/ncu-$g.txt 2>&1
  grep -E "^\s+(dram|lts|l1tex|smsp|gpu|sm)__|ERR" $OUT/ncu-$g.txt
done
echo "-- lsvc double"; timeout 60 ncu --clock-control none --kernel-name-base mangled --kernel-name regex:_Z4lsvcIdLi2ELi32ELi8EE --launch-skip 2 --launch-count 1 --metrics $M $D/refs 512 > $OUT/ncu-lsvc.txt 2>&1
grep -E "^\s+(dram|lts|l1tex|smsp|gpu|sm)__|ERR" $OUT/ncu-lsvc.txt
echo "== SASS"
for g in d d_aligned+i32+xb; do cuobjdump -sass $D/g_$g > $OUT/sass-$g.txt 2>&1; done
cuobjdump -sass -fun _Z4lsvcIdLi2ELi32ELi8EEviiiT_S0_PKS0_PS0_ $D/refs > $OUT/sass-lsvc.txt 2>&1
wc -l $OUT/sass-*
