#!/usr/bin/env bash
# Session 25 call 6: streamed time tiles with each column's element and checks computed once (code after 044b9b6).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
export VARIANTS="$(cat .device/tt-variants.txt)"
bash bench/timetile.sh run > $OUT/tt.txt 2>&1
for v in jacobi-2d_ jacobi-2d_-time-tile-6_-time-tile-form-streamed fdtd-2d_ heat-3d_-time-tile-0 heat-3d_-time-tile-2_-time-tile-form-streamed; do printf '%-50s ' "$v (again)"; case $v in heat*) sz=256;; *) sz=4096;; esac; .device/tt/$v.bin $sz 100 /tmp/again.out 2>&1 | tail -1; done >> $OUT/tt.txt
grep -v "^ *compare.*PASS" $OUT/tt.txt
grep -c PASS $OUT/tt.txt; grep FAIL $OUT/tt.txt; true
