#!/bin/bash
# Run 51 call 1 (code 3341a18; the device tool lent little time, so one call does what matters most first):
#  1. the GPU harnesses written here (--validate-mode=none): test/Frontend/product-bounds.c into .device/v49/pb and
#     test/Frontend/arrays-of-structs.c into .device/v49/aos (run 49's, code c56ca43), then, code 0e0b5cf and after,
#     test/Validate/index-arrays-emulated.c (integer arrays whose elements subscript other arrays) into
#     .device/v49/ix and test/Inputs/overwrite.c (copies in skipped where a nest overwrites an array, pointers too)
#     into .device/v49/ow:
#       build-rel/bin/loopgpu test/Validate/index-arrays-emulated.c --validate --validate-mode=none --param n=300007 \
#         --param m=7 --param nnz=4000 --validate-dir=.device/v49/ix -o /dev/null
#       build-rel/bin/loopgpu test/Inputs/overwrite.c --validate --validate-mode=none --validate-dir=.device/v49/ow \
#         --param=n=3000 --param=m=77 --param=ni=370 --param=nj=450 --param=nk=290 -o /dev/null
#     (pb and aos as in bench/runs/2026-12-06-run49-call2.sh's header);
#  2. PolyBench gemm as written (double) beside cuBLAS DGEMM at 4096^3 and EXTRALARGE, and examples/matmul.c beside
#     cuBLAS SGEMM at 4096^3, three rounds (bench/drivers, each with its reference in the same program);
#  3. heat-3d 256^3 x 100: the generator's default beside lab/heat3d_clean.cu's best (-DPTR=1 -DSKIP=1), checked
#     against the untiled sweeps.
#  Run 51 adds, code 3341a18, the harnesses of test/Validate/region-forms-emulated.c (bounded forms of a
#  sequential region's windows) into .device/v51/rf and test/Validate/ranged-subscripts-emulated.c (subscripts of
#  known range, clamps, shared bins of pointers) into .device/v51/rs:
#       build-rel/bin/loopgpu test/Validate/region-forms-emulated.c --validate --validate-mode=none --param n=300007 \
#         --param h=1031 --param w=1097 --validate-dir=.device/v51/rf -o /dev/null
#       build-rel/bin/loopgpu test/Validate/ranged-subscripts-emulated.c --validate --validate-mode=none \
#         --param n=3000017 --validate-dir=.device/v51/rs -o /dev/null
# Prepared here (lean): the harnesses above, `bash bench/run.sh prepare .device/bench` and
# `VARIANTS="heat-3d@-time-tile=0 heat-3d@" TT_DIR=.device/tt bash bench/timetile.sh prepare` (build-rel as build).
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
B=.device/bench; D=.device/h51; mkdir -p $D
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv,noheader
t0=$(date +%s)
# `run50-call1.sh harnesses`: only step 1 (for a call with little device time left).
[ "${1:-}" = harnesses ] || for n in polybench_gemm matmul_default; do
  nvcc -O3 -arch=sm_90 -o $B/$n $B/$n.cu bench/drivers/$(cut -d' ' -f1 $B/$n.args).cu -lcublas -lcusparse > $B/$n.build.log 2>&1 || echo "$n BUILD FAILED" &
done
[ "${1:-}" = harnesses ] || for v in "untiled .device/tt/heat-3d_-time-tile-0.cu" "gen .device/tt/heat-3d_.cu" "lab lab/heat3d_clean.cu -DCLEAN=1 -DPTR=1 -DSKIP=1"; do
  set -- $v; nvcc -O3 -arch=sm_90 -std=c++17 -DHEAT3D -Ibench/drivers "${@:2}" bench/drivers/timestep.cu -o $D/$1 &
done
# The harnesses first (each built, then run, while the benchmarks build).
pids=""
for h in pb aos ix ow ../v51/rf ../v51/rs; do
  (bash .device/v49/$h/run.sh gpu-build > .device/v49/$h/build.log 2>&1 || echo "$h BUILD FAILED") & pids="$pids $!"
done
wait $pids
echo "harnesses built $(( $(date +%s) - t0 )) s"
for h in pb aos ix ow ../v51/rf ../v51/rs; do
  (cd .device/v49/$h && timeout 100 ./validate 2>&1 | grep -E "^PASS|^FAIL|^validating|^note" | tee $OUT/harness-$(basename $h).txt)
done
[ "${1:-}" = harnesses ] && exit 0
wait
echo "harnesses run, benchmarks built $(( $(date +%s) - t0 )) s"
for r in 1 2 3; do
  $B/polybench_gemm 4096 "polybench_gemm 4096"; $B/polybench_gemm EXTRALARGE "polybench_gemm EXTRALARGE"
  $B/matmul_default 4096 "matmul_default 4096"
done 2>&1 | tee $OUT/gemm.txt
echo "gemm $(( $(date +%s) - t0 )) s"
$D/untiled 256 100 $D/ref.out | tail -1
for r in 1 2 3; do for b in gen lab; do echo "$b: $($D/$b 256 100 $D/$b.out $D/ref.out | tr '\n' ' ')"; done; done 2>&1 | tee $OUT/heat3d.txt
echo "total $(( $(date +%s) - t0 )) s"
