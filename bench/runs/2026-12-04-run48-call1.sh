#!/bin/bash
# Run 48 call 1 (code 8affe21): the GPU harnesses of the session's tests (.device/v49, written here with
# --validate-mode=none: struct members in nests at two sizes, the unsigned strip loops at p=0 and p=37, the
# unsigned bounds and the rescheduled unsigned nest of run 47); random nests on the GPU with long/unsigned
# iterators (gen-nest.py --iter-type-rate 0.5, seed 492000), every 4th passing harness under
# compute-sanitizer; then the fuzz farm under the CPU emulation (static build of 8affe21) from seed 1459464.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
L=.device/farm/loopgpu
[ -x $L ] || { python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' .device/farm/loopgpu.xz $L && chmod +x $L; }
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds 3 16 1 > /dev/null 2>&1 # installs the builtin headers
ls .device/v49 | xargs -P 8 -I{} bash -c 'bash .device/v49/{}/run.sh gpu-build > .device/v49/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -3 .device/v49/{}/build.log; }'
for d in .device/v49/*/; do
  if (cd $d && timeout 60 ./validate > run.log 2>&1); then echo "== $d"; grep -E "^PASS|^validating|^FAIL" $d/run.log | head -16; else echo "== $d FAILED"; tail -8 $d/run.log; fi
done 2>&1 | tee $OUT/harnesses.txt | tail -60
echo "harnesses $(( $(date +%s) - t0 )) s"
timeout 200 env LOOPGPU=$L bash bench/fuzz-gpu.sh -j 16 --gen-flags '--iter-type-rate 0.5' --sanitize-every 4 80 492000 > $OUT/gpu-fuzz-iter.txt 2>&1
echo "rc $?"; grep "^FAIL" $OUT/gpu-fuzz-iter.txt | cut -c1-160; tail -4 $OUT/gpu-fuzz-iter.txt
echo "gpu fuzz $(( $(date +%s) - t0 )) s"
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds $(( 500 - ($(date +%s) - t0) )) --keep $OUT/fails 30000 1459464 > $OUT/farm.txt 2>&1
grep "^FAIL" $OUT/farm.txt | cut -c1-160 | head -20; tail -3 $OUT/farm.txt
echo "total $(( $(date +%s) - t0 )) s"
