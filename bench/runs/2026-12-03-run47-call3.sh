#!/bin/bash
# Run 47 call 3 (code 7da88b1, its static build this time): call 2's random nests on the GPU again (seed 491000,
# --local-array-rate 0.5 --switch-rate 0.3 --iter-type-rate 0.3, every 4th passing harness under compute-sanitizer)
# with the fixes, then the fuzz farm under the CPU emulation from seed 1458688 (call 2 ended there).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv,noheader
L=.device/farm/loopgpu
[ -x $L ] || { python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' .device/farm/loopgpu.xz $L && chmod +x $L; }
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds 3 16 1 > /dev/null 2>&1 # installs the builtin headers
timeout 120 env LOOPGPU=$L bash bench/fuzz-gpu.sh -j 16 --gen-flags '--local-array-rate 0.5 --switch-rate 0.3 --iter-type-rate 0.3' --sanitize-every 4 80 491000 > $OUT/gpu-fuzz-new.txt 2>&1
echo "rc $?"; grep "^FAIL" $OUT/gpu-fuzz-new.txt | cut -c1-160; tail -3 $OUT/gpu-fuzz-new.txt
echo "gpu fuzz $(( $(date +%s) - t0 )) s"
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds $(( 250 - ($(date +%s) - t0) )) 30000 1458688 > $OUT/farm.txt 2>&1
grep "^FAIL" $OUT/farm.txt | cut -c1-160; tail -3 $OUT/farm.txt
echo "total $(( $(date +%s) - t0 )) s"
