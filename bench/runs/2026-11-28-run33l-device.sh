#!/bin/bash
# Run 33 L (call 13): the final code on the GPU: the validation harnesses with the split forced at their sizes,
# compute-sanitizer on three of them, random matrix products with the split forced.
set -u
D=.device/b33
export PATH=/usr/local/cuda/bin:$PATH
export LOOPGPU_EXACT_BORDER_MIN_TILES=1
nvidia-smi --query-gpu=name --format=csv,noheader
for h in $D/val/*; do (bash $h/run.sh gpu-build > $h/build.log 2>&1 || echo "$h BUILD FAILED") & done; wait
echo "== validation (GPU)"
for h in $D/val/*; do
  [ -x $h/validate ] || continue
  (cd $h && LOOPGPU_TRACE=1 ./validate > out.txt 2>&1); rc=$?
  echo "$(basename $h) rc=$rc"; sort $h/out.txt | uniq -c | grep -E "PASS|FAIL|runs|error" | head -12
done
echo "== sanitizer"
for h in offsets_200 2mm_border tc_border; do
  for t in memcheck racecheck synccheck; do
    (cd $D/val/$h && compute-sanitizer --tool $t ./validate > san-$t.txt 2>&1); rc=$?
    echo "$h $t rc=$rc: $(grep -E 'ERROR SUMMARY' $D/val/$h/san-$t.txt | head -1) $(grep -c '^PASS' $D/val/$h/san-$t.txt) PASS"
  done
done
echo "== random matrix products, split forced"
bash bench/fuzz-gpu.sh --run .device/fz -j 16 --sanitize-every 5 2>&1 | tail -5
