#!/bin/bash
# Run 48 call 3 (code f534647): the harnesses of test/Frontend/struct-members.c with pointer members (img->pixels,
# m.data) at the test's sizes and at large ones (.device/v50, written here with --validate-mode=none).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv,noheader
ls .device/v50 | xargs -P 8 -I{} bash -c 'bash .device/v50/{}/run.sh gpu-build > .device/v50/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -3 .device/v50/{}/build.log; }'
for d in .device/v50/*/; do
  if (cd $d && timeout 120 ./validate > run.log 2>&1); then echo "== $d"; grep -E "^PASS|^validating|^FAIL|^note" $d/run.log | head -24; else echo "== $d FAILED"; tail -8 $d/run.log; fi
done 2>&1 | tee $OUT/harnesses.txt
echo "total $(( $(date +%s) - t0 )) s"
