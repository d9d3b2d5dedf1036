#!/bin/bash
# Run 47 call 2 (code 22e7dd4): the harnesses of test/Frontend/local-arrays.c (arrays declared in loops: regions, a
# hoisted const table, names CUDA reserves) and two user-style tables on the GPU (.device/v48, written here with
# --validate-mode=none); random nests on the GPU with arrays declared in loop bodies, switches and long/unsigned
# iterators (gen-nest.py --local-array-rate 0.5 --switch-rate 0.3 --iter-type-rate 0.3, seed 491000), every 4th
# passing harness under compute-sanitizer; then the fuzz farm under the CPU emulation (static build of 22e7dd4, the
# default rates) from seed 1456782.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
L=.device/farm/loopgpu
[ -x $L ] || { python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' .device/farm/loopgpu.xz $L && chmod +x $L; }
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds 3 16 1 > /dev/null 2>&1 # installs the builtin headers
ls .device/v48 | xargs -P 8 -I{} bash -c 'bash .device/v48/{}/run.sh gpu-build > .device/v48/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -3 .device/v48/{}/build.log; }'
for d in .device/v48/*/; do
  if (cd $d && timeout 60 ./validate > run.log 2>&1); then grep -E "^PASS|^validating" $d/run.log | head -16; else echo "== $d FAILED"; tail -8 $d/run.log; fi
done 2>&1 | tee $OUT/harnesses.txt | tail -40
echo "harnesses $(( $(date +%s) - t0 )) s"
timeout 200 env LOOPGPU=$L bash bench/fuzz-gpu.sh -j 16 --gen-flags '--local-array-rate 0.5 --switch-rate 0.3 --iter-type-rate 0.3' --sanitize-every 4 80 491000 > $OUT/gpu-fuzz-new.txt 2>&1
echo "rc $?"; tail -4 $OUT/gpu-fuzz-new.txt
echo "gpu fuzz $(( $(date +%s) - t0 )) s"
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds $(( 480 - ($(date +%s) - t0) )) --keep $OUT/fails 30000 1456782 > $OUT/farm.txt 2>&1
tail -3 $OUT/farm.txt
echo "total $(( $(date +%s) - t0 )) s"
