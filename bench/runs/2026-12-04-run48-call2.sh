#!/bin/bash
# Run 48 call 2 (loopgpu of 8affe21, static; generator of this session): random nests that read their integer
# parameters as struct members (gen-nest.py --struct-rate 1: a local struct lg_d, half the time through a
# pointer lg_dp) on the GPU, seed 493100, every 4th passing harness under compute-sanitizer; then the fuzz farm
# under the CPU emulation (default rates, struct members now among them at 0.06) from seed 1460975.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv,noheader
L=.device/farm/loopgpu
[ -x $L ] || { python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' .device/farm/loopgpu.xz $L && chmod +x $L; }
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds 3 16 1 > /dev/null 2>&1 # installs the builtin headers
timeout 200 env LOOPGPU=$L bash bench/fuzz-gpu.sh -j 16 --gen-flags '--struct-rate 1' --sanitize-every 4 80 493100 > $OUT/gpu-fuzz-struct.txt 2>&1
echo "rc $?"; grep "^FAIL" $OUT/gpu-fuzz-struct.txt | cut -c1-160; tail -4 $OUT/gpu-fuzz-struct.txt
echo "gpu fuzz $(( $(date +%s) - t0 )) s"
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds $(( 420 - ($(date +%s) - t0) )) --keep $OUT/fails 30000 1460975 > $OUT/farm.txt 2>&1
grep "^FAIL" $OUT/farm.txt | cut -c1-160 | head -20; tail -3 $OUT/farm.txt
echo "total $(( $(date +%s) - t0 )) s"
