#!/usr/bin/env bash
# On the GPU machine: every validation harness (built in parallel, run one at
# a time), then the bench suite. Output goes to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."  # the repository root (run from .device/ or bench/)
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; nvcc --version | tail -2; ls /usr/lib/llvm-19/lib/libLLVM*.so* 2>&1 | head -2
# The bench suite first (the figures RESULTS.md quotes), then the hand-edited
# experiments that decide what the generator emits next.
bash bench/run.sh gpu .device/bench
for f in ${EXPERIMENTS:-lab/*.cu}; do
  [ -f "$f" ] || continue
  read -r drv sz < <(sed -n 's|^// driver: ||p' $f)
  vs=$(sed -n 's/^\/\/ *\([0-9]\) .*/\1/p' $f); vs=${vs:-0}
  for v in $vs; do
    x=.device/exp-$(basename $f .cu)-$v
    echo "$drv $sz" > $x.args
    nvcc -O3 -arch=sm_90 -Xptxas -v -DVARIANT=$v -o $x $f bench/drivers/$drv.cu -lcublas > $x.log 2>&1 &
  done
done
wait
for x in .device/exp-*; do
  [ -e "$x" ] || continue
  case $x in *.log|*.args) continue ;; esac
  read -r drv sz < $x.args
  $x $sz "$(basename $x) [experiment; $(grep -o 'Used [0-9]* registers' $x.log | head -1)]" || echo "$x FAILED"
done
ls .device/v | xargs -P "$(nproc)" -I{} bash -c 'bash .device/v/{}/run.sh gpu-build > .device/v/{}/build.log 2>&1 || echo "{}: BUILD FAILED"'
pass=0; fail=0
for d in .device/v/*/; do
  n=$(basename $d)
  if (cd $d && timeout 120 ./validate > run.log 2>&1); then pass=$((pass+1)); else fail=$((fail+1)); echo "== $n FAILED"; tail -5 $d/run.log; fi
  grep -E "^time|^PASS [a-z]|^FAIL" $d/run.log | sed "s/^/$n: /"
done
echo "validation: $pass PASS, $fail FAIL"
ls .device/t | grep -v model | xargs -P "$(nproc)" -I{} bash -c 'bash .device/t/{}/run.sh gpu-build > .device/t/{}/build.log 2>&1 || echo "{}: BUILD FAILED"'
for d in .device/t/*/; do
  n=$(basename $d)
  (cd $d && timeout 120 ./validate > run.log 2>&1) || echo "== $n FAILED"
  echo "$n: $(grep -m1 'tuning:' $d/kernels.cu | cut -c1-90) $(grep -E 'kernels alone' $d/run.log) $(grep -cE '^PASS$' $d/run.log) PASS"
done
for d in $(ls -d .device/tune/*/ 2> /dev/null); do echo "== tuning candidates $d"; bash $d/run-all.sh; done
# The measurements go back for --tune-import (device.txt, candidate-*/output.txt).
[ -n "${OUT:-}" ] && (cd .device && find tune -name '*.txt' | tar czf "$OUT/tune-results.tgz" -T -)
if command -v ncu > /dev/null || [ -x /usr/local/cuda/bin/ncu ]; then
  M=sm__throughput.avg.pct_of_peak_sustained_elapsed,gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum,lts__t_bytes.sum,gpu__time_duration.sum
  for b in matmul_r8x8 stencil_c4z; do
    read -r drv sz < .device/bench/$b.args
    echo "== ncu $b"
    timeout 90 ncu -k regex:_nest0_kernel -c 1 --metrics $M .device/bench/$b $sz ncu 2>&1 | grep -vE "^==PROF==|^ncu " | tail -14
  done
  for x in ${NCU_EXPERIMENTS:-.device/exp-stencil_zmarch-5 .device/exp-stencil_run6_output-0}; do
    [ -x $x ] || continue
    echo "== ncu $x"
    timeout 90 ncu -k regex:'zmarch|_nest0_kernel' -c 1 --metrics $M $x 512 ncu 2>&1 | grep -vE "^==PROF==|^ncu " | tail -14
  done
else
  echo "no ncu on this machine"
fi
