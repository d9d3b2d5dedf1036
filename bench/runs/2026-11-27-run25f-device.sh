export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi -L
KERNELS="heat-3d nussinov" bash bench/ppcg-polybench.sh run .device/ppcgrun 20 2>&1 | grep -v "warning\|static struct\|^ *^\|Remark\|^$" | tee $OUT/ppcg.txt
(cd .device/ppcgrun/nussinov && ./nussinov.gpu 2>&1 | tail -3)
KERNELS="heat-3d nussinov" NOCPU=1 ONLY_RESTRICT=1 bash bench/polybench-time.sh run EXTRALARGE 20 2>&1 | tee $OUT/loopgpu.txt
