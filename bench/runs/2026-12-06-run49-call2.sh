#!/bin/bash
# Run 49 call 2 (code b99145a and this session's frontend work, issue 14, after call 1 on the same H100): the GEMM targets at 4096^3 beside their
# references in the same program, three rounds (PolyBench gemm as written, double, beside cuBLAS DGEMM at 4096 and
# EXTRALARGE; examples/matmul.c float beside cuBLAS SGEMM), then heat-3d 256^3 x 100 on this H100: the generator's
# default and untiled sweeps beside lab/heat3d_clean.cu's best (-DPTR=1 -DSKIP=1, run 41's 12.0 ms on the H200).
# Then the harnesses of test/Frontend/product-bounds.c (products of parameters in bounds) and
# test/Frontend/arrays-of-structs.c (arrays of structs of one arithmetic type) on the GPU, written here with
# --validate-mode=none (at w=1003 h=997 n=20003 m=1001 k=20 p=300 q=500 into .device/v49/pb, at n=300007 m=101 into
# .device/v49/aos).
# Prepared here: call 1's prepare (bash bench/runs/2026-12-06-run49-call1.sh prepare), then the harness.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
B=.device/bench; D=.device/h49; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
t0=$(date +%s)
for n in polybench_gemm matmul_default; do
  nvcc -O3 -arch=sm_90 -Xptxas -v -o $B/$n $B/$n.cu bench/drivers/$(cut -d' ' -f1 $B/$n.args).cu -lcublas -lcusparse > $B/$n.build.log 2>&1 || echo "$n BUILD FAILED" &
done
nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers .device/tt/heat-3d_-time-tile-0.cu bench/drivers/timestep.cu -o $D/untiled &
nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers .device/tt/heat-3d_.cu bench/drivers/timestep.cu -o $D/gen &
nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -DCLEAN=1 -DPTR=1 -DSKIP=1 -Ibench/drivers lab/heat3d_clean.cu bench/drivers/timestep.cu -o $D/lab &
wait
echo "build $(( $(date +%s) - t0 )) s"
for r in 1 2 3; do
  $B/polybench_gemm 4096 "polybench_gemm 4096"; $B/polybench_gemm EXTRALARGE "polybench_gemm EXTRALARGE"
  $B/matmul_default 4096 "matmul_default 4096"
done 2>&1 | sed 's/ | max rel diff/\n    max rel diff/' | tee $OUT/gemm.txt
$D/untiled 256 100 $D/ref.out | tail -1
for r in 1 2 3; do for b in gen lab; do echo "$b: $($D/$b 256 100 $D/$b.out $D/ref.out | tr '\n' ' ')"; done; done 2>&1 | tee $OUT/heat3d.txt
for h in ${HARNESSES:-pb aos}; do
  (bash .device/v49/$h/run.sh gpu-build > .device/v49/$h/build.log 2>&1 || tail -5 .device/v49/$h/build.log) &&
    (cd .device/v49/$h && timeout 100 ./validate 2>&1 | grep -E "^PASS|^FAIL|^validating" | tee $OUT/harness-$h.txt)
done
echo "total $(( $(date +%s) - t0 )) s"
