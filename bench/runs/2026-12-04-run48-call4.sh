#!/bin/bash
# Run 48 call 4 (the static build of 8affe21, the generator of 63015e5): the fuzz farm under the CPU emulation
# (default rates, struct members at 0.06) from seed 1462152 (call 2 ended there).
set -uo pipefail
t0=$(date +%s)
L=.device/farm/loopgpu
[ -x $L ] || { python3 -c 'import lzma, sys; open(sys.argv[2], "wb").write(lzma.open(sys.argv[1]).read())' .device/farm/loopgpu.xz $L && chmod +x $L; }
bash bench/fuzz-farm.sh run .device/farm -j 16 --seconds $(( 380 - ($(date +%s) - t0) )) --keep $OUT/fails 30000 1462152 > $OUT/farm.txt 2>&1
grep "^FAIL" $OUT/farm.txt | cut -c1-160 | head -20; tail -3 $OUT/farm.txt
echo "total $(( $(date +%s) - t0 )) s"
