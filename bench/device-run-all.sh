#!/usr/bin/env bash
# On the GPU machine: every validation harness (built in parallel, run one at
# a time), then the bench suite. Output goes to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."  # the repository root (run from .device/ or bench/)
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L; nvcc --version | tail -2; ls /usr/lib/llvm-19/lib/libLLVM*.so* 2>&1 | head -2
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
bash bench/run.sh gpu .device/bench
for d in .device/tune/*/; do echo "== tuning candidates $d"; bash $d/run-all.sh; done
if command -v ncu > /dev/null || [ -x /usr/local/cuda/bin/ncu ]; then
  for b in matmul_r8x8 stencil_c4z_4x64; do
    read -r drv sz < .device/bench/$b.args
    timeout 90 ncu -k regex:_nest0_kernel -c 1 --metrics sm__throughput.avg.pct_of_peak_sustained_elapsed,gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__bytes.sum,gpu__time_duration.sum .device/bench/$b $sz ncu 2>&1 | grep -vE "^==PROF==|^ncu " | tail -12
  done
else
  echo "no ncu on this machine"
fi
