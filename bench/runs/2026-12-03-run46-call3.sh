#!/bin/bash
# Run 46 call 3 (code 691128b: index variables, index functions, clamps, row pointers in nests): the harnesses of the new
# frontend tests and user-style cases on the GPU (.device/v46, written here with --validate-mode=none), then random
# nests on the GPU: 50 mostly time loops of stencils (seed 470000, cut at 150 s) and 50 with index variables
# (gen-nest.py --index-var-rate 0.6, seed 480000, cut at 130 s), every 4th passing harness under
# compute-sanitizer; then the fuzz farm under the CPU emulation (static build of 691128b) from seed 1454310.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
L=.device/farm/loopgpu
[ -x $L ] || { python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' .device/farm/loopgpu.xz $L && chmod +x $L; }
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds 3 16 1 > /dev/null 2>&1 # installs the builtin headers
ls .device/v46 | xargs -P 12 -I{} bash -c 'bash .device/v46/{}/run.sh gpu-build > .device/v46/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -3 .device/v46/{}/build.log; }'
pass=0; fail=0
for d in .device/v46/*/; do
  if (cd $d && timeout 60 ./validate > run.log 2>&1); then pass=$((pass+1)); grep -E "^PASS" $d/run.log | head -8; else fail=$((fail+1)); echo "== $d FAILED"; tail -5 $d/run.log; fi
done 2>&1 | tee $OUT/harnesses.txt | tail -40
echo "harnesses $(( $(date +%s) - t0 )) s"
timeout 150 env LOOPGPU=$L bash bench/fuzz-gpu.sh -j 16 --gen-flags '--time-stencil-rate 0.9' --sanitize-every 4 50 470000 > $OUT/gpu-fuzz-time.txt 2>&1
echo "rc $?"; tail -4 $OUT/gpu-fuzz-time.txt
timeout 130 env LOOPGPU=$L bash bench/fuzz-gpu.sh -j 16 --gen-flags '--index-var-rate 0.6' --sanitize-every 4 50 480000 > $OUT/gpu-fuzz-index.txt 2>&1
echo "rc $?"; tail -4 $OUT/gpu-fuzz-index.txt
echo "gpu fuzz $(( $(date +%s) - t0 )) s"
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds $(( 470 - ($(date +%s) - t0) )) --keep $OUT/fails 30000 1454310 > $OUT/farm.txt 2>&1
tail -3 $OUT/farm.txt
echo "total $(( $(date +%s) - t0 )) s"
