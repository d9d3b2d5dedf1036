#!/usr/bin/env bash
# Session 25 call 7: streamed time tiles across depths and planes (the model's calibration), two runs each.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
export VARIANTS="$(cat .device/tt-variants.txt)"
bash bench/timetile.sh run > $OUT/tt.txt 2>&1
for v in $VARIANTS; do k=${v%%@*}; printf '%-34s ' "$v (again)"; b=.device/tt/$(echo "$v" | sed 's/@/_/g; s/=/-/g; s/,/x/g; s/+/_/g').bin; case $k in heat-3d) sz="256 100";; *) sz="4096 100";; esac; LOOPGPU_TRACE=1 $b $sz /tmp/again.out 2>&1 | grep -o "blocks of [0-9]* rows" | sort -u | tr '\n' ' '; $b $sz /tmp/again.out 2>&1 | tail -1; done >> $OUT/tt.txt
grep -v "^ *compare.*PASS" $OUT/tt.txt
grep -c PASS $OUT/tt.txt; grep FAIL $OUT/tt.txt; true
