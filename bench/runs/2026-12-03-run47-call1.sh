#!/bin/bash
# Run 47 call 1 (code 1227b36): issue 14's float stencil with the L1/shared carveout set (lab/carveout.py on the
# generator's printed CUDA: 0 = the most L1, 100 = the most shared memory, gen = as printed), three rounds, float and
# double, 512^3 (bench/drivers/stencil.cu); the harnesses of this session's new tests on the GPU (.device/v47:
# local arrays with initializers, switch, an array only host code uses, written here with --validate-mode=none);
# random nests on the GPU with local tables (gen-nest.py --table-rate 0.6, seed 490000), every 4th passing harness
# under compute-sanitizer; then the fuzz farm under the CPU emulation (static build of 1227b36) from seed 1454310.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
S=.device/s47
L=.device/farm/loopgpu
[ -x $L ] || { python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' .device/farm/loopgpu.xz $L && chmod +x $L; }
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds 3 16 1 > /dev/null 2>&1 # installs the builtin headers
for v in gen c0 c100; do
  nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers $S/stencil7_$v.cu bench/drivers/stencil.cu -o $S/f_$v &
  nvcc -O3 -arch=sm_90 -std=c++17 -Ibench/drivers -DSTENCIL_T=double -DSTENCIL_DEVICE=stencil7d_device $S/stencil7d_$v.cu bench/drivers/stencil.cu -o $S/d_$v &
done
ls .device/v47 | xargs -P 8 -I{} bash -c 'bash .device/v47/{}/run.sh gpu-build > .device/v47/{}/build.log 2>&1 || { echo "{}: BUILD FAILED"; tail -3 .device/v47/{}/build.log; }'
wait
echo "builds $(( $(date +%s) - t0 )) s"
for r in 1 2 3; do for v in gen c0 c100; do $S/f_$v 512 $v-float; $S/d_$v 512 $v-double; done; done 2>&1 | tee $OUT/stencil.txt
echo "stencil $(( $(date +%s) - t0 )) s"
for d in .device/v47/*/; do
  if (cd $d && timeout 60 ./validate > run.log 2>&1); then grep -E "^PASS|^validating" $d/run.log | head -12; else echo "== $d FAILED"; tail -8 $d/run.log; fi
done 2>&1 | tee $OUT/harnesses.txt | tail -40
echo "harnesses $(( $(date +%s) - t0 )) s"
timeout 150 env LOOPGPU=$L bash bench/fuzz-gpu.sh -j 16 --gen-flags '--table-rate 0.6' --sanitize-every 4 60 490000 > $OUT/gpu-fuzz-tables.txt 2>&1
echo "rc $?"; tail -4 $OUT/gpu-fuzz-tables.txt
echo "gpu fuzz $(( $(date +%s) - t0 )) s"
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds $(( 500 - ($(date +%s) - t0) )) --keep $OUT/fails 30000 1454310 > $OUT/farm.txt 2>&1
tail -3 $OUT/farm.txt
echo "total $(( $(date +%s) - t0 )) s"
