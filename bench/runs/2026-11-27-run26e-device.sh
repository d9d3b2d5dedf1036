#!/usr/bin/env bash
# Session 14, run 26 E (code af180b2: copies in page-locked pieces from 16 MiB, no copy in of arrays the first
# nest overwrites): GPU validation, then PolyBench EXTRALARGE side by side with PPCG (bench/runs/...-run26b-device.sh).
#   .device/ow/{big,small}: test/Inputs/overwrite.c's harnesses (n = 3,000,001: 24 MB arrays, copied in pieces;
#                           n = 301), every function compared with its C original.
#   .device/pb-el: utils/polybench-check.py --stage prepare ... --kernels (the 11 kernels that skip a copy).
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; date -u
for d in .device/ow/big .device/ow/small; do
  echo "== $d"; (cd $d && bash run.sh gpu-build > build.log 2>&1 && LOOPGPU_TRACE=1 timeout 300 ./validate) 2>&1 | grep -E "^PASS|^FAIL|INCONCL|loopgpu:" | sort | uniq -c
done | tee $OUT/overwrite-validate.txt
python3 utils/polybench-check.py --stage run --work .device/pb-el --mode gpu --dataset MEDIUM --validate-dataset SMALL --kernels 2mm,3mm,atax,bicg,correlation,covariance,deriche,gesummv,gramschmidt,ludcmp,trisolv -j 16 --timeout 200 2>&1 | tail -25 | tee $OUT/pb-check.txt
date -u
SKIP_EXP=1 SKIP_LC=1 DUMPK="${DUMPK:-gemm 2mm trisolv}" REPS=${REPS:-5} bash bench/runs/2026-11-27-run26b-device.sh 2>&1 | grep -v "warning #177\|^\s*int \|^\s*\^\|^Remark\|^$"
