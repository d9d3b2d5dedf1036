#!/usr/bin/env bash
# Session 16, run 28 A (device; prepared by -run28a-prep.sh):
#   1. experiment 5: DMMA gemm kernels with a cp.async pipeline, tile shapes against wave quantization, beside
#      cuBLAS DGEMM, at EXTRALARGE, 4096^3 and LARGE;
#   2. GPU validation of a190811 (a reduction kernel inside a device loop runs as one block): PolyBench kernels with
#      host loops end to end, test/Inputs/device-loops.c at n = 20, 300 (-device-loop-blocks=1), 5000 (dominant);
#   3. durbin, trisolv (EXTRALARGE) and ludcmp (LARGE) with device loops on and off (LOOPGPU_DEVICE_LOOP_BLOCKS=0).
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
(cd .device/exp5 && ./exp5 XL && ./exp5 4096 && ./exp5 LARGE) 2>&1 | tee $OUT/exp5.txt
date -u
python3 utils/polybench-check.py --stage run --work .device/pb-dl --mode gpu --dataset MEDIUM --validate-dataset SMALL \
  --kernels durbin,ludcmp,cholesky,lu,adi,trisolv,gramschmidt -j 16 --timeout 200 2>&1 | tail -16 | tee $OUT/pb-check.txt
for d in n20 n300b1 n5000d; do
  echo "== $d"
  ( cd .device/dl/$d && bash run.sh gpu-build > build.log 2>&1 && LOOPGPU_TRACE=1 timeout 300 ./validate ) 2>&1 |
    grep -E "^PASS|^FAIL|INCONCL|loopgpu:" | sed 's/ in one launch//' | sort | uniq -c
done 2>&1 | tee $OUT/dl.txt
date -u
cp -r .device/pbt .device/pbt2
( KERNELS="durbin trisolv" NOCPU=1 ONLY_RESTRICT=1 REPS=5 bash bench/polybench-time.sh run EXTRALARGE 20
  PBT_DIR=.device/pbt2 KERNELS="ludcmp" NOCPU=1 ONLY_RESTRICT=1 REPS=3 bash bench/polybench-time.sh run LARGE 60 ) 2>&1 |
  grep -v "warning #177\|^\s*int \|^\s*\^\|^Remark\|^$" | tee $OUT/times.txt
( for k in .device/pbt/durbin .device/pbt/trisolv .device/pbt2/ludcmp; do
    r=(); for i in 1 2 3; do r+=("$(LOOPGPU_DEVICE_LOOP_BLOCKS=0 timeout 60 ./$k.restrict.gpu 2>/dev/null | tail -1)"); done
    echo "$k blocks=0 ${r[*]}"; done ) 2>&1 | tee $OUT/times-off.txt
date -u
