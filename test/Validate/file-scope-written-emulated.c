// REQUIRES: cpu-emulation
// Nests that write variables at file scope: arrays of one and two
// dimensions, a scalar a nest reduces into, a static array whose name C++
// reserves (`new`: loopgpu_c_new in the CUDA file), an array that two
// functions share. The original, the CUDA file and the long-double original
// each have their own; the harness adds an accessor to each file, and the
// driver sets every side to the same inputs (random where a nest reads,
// poison where it only writes; a read-only array never initialized, all
// zeros, gets random values too) and compares what the nests wrote. A
// single nest's launcher is timed on copies of them (--tune needs it).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v -o %t/out.cu 2>&1 | FileCheck %s
// -o writes the CUDA as without --validate; the accessors are the harness's only.
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t/out.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/v/kernels.cu
// RUN: FileCheck %s --check-prefix=REF --input-file=%t/v/ref.c
// RUN: FileCheck %s --check-prefix=DRIVER --input-file=%t/v/driver.cu
// RUN: %if nvcc %{ env NVCC=%nvcc bash %t/v/run.sh gpu-build %}
// A kernel that ignores X (zeros in the file) fails: the driver gave X inputs.
// RUN: cp -r %t/v %t/m1 && sed -i 's/Y\[i\] = a \* X\[i\] + Y\[i\];/Y[i] = a + Y[i];/' %t/m1/kernels.cu
// RUN: grep -c 'Y\[i\] = a + Y\[i\];' %t/m1/kernels.cu
// RUN: %expect_exit 1 bash %t/m1/run.sh cpu 2>&1 | FileCheck %s --check-prefix=M1
// A reduction into the scalar that sums twice each element fails.
// RUN: cp -r %t/v %t/m2 && sed -i 's/total += x\[i\]; \/\/ line/total += 2 * x[i]; \/\/ line/' %t/m2/kernels.cu
// RUN: grep -c 'total += 2 \* x\[i\];' %t/m2/kernels.cu
// RUN: %expect_exit 1 bash %t/m2/run.sh cpu 2>&1 | FileCheck %s --check-prefix=M2
// --inputs=spd conditions a square matrix at file scope as it does a parameter.
// RUN: %loopgpu %s --validate --validate-mode=cpu --inputs=spd --validate-dir=%t/spd 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=SPD --input-file=%t/spd/driver.cu

#define N 1000
double X[N], Y[N];
float M[40][40];
static double new[100];
double total;
int hist[16];

void saxpy(int n, double a) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    Y[i] = a * X[i] + Y[i];
}

void scale(int n, float *restrict out) {
#pragma loopgpu
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      M[i][j] = M[i][j] * 2.0f + M[j][i] * (i < j);
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = M[i % 40][(i * 7) % 40] + (float)new[i % 100];
}

void fill_new(void) {
#pragma loopgpu
  for (int i = 0; i < 100; i++)
    new[i] = 0.5 * i;
}

void sum(int n, const double *x) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    total += x[i];
#pragma loopgpu
  for (int i = 0; i < 16; i++)
    hist[i] = hist[i] * 3 + i + (int)Y[i];
}

// CHECK-NOT: FAIL
// CHECK: PASS saxpy: Y (1000 elements)
// The launcher timed on device copies of the CUDA file's variables:
// CHECK: time saxpy: kernels alone (median of 10)
// CHECK: PASS scale: out (37 elements)
// CHECK: PASS scale: M (1600 elements)
// CHECK: validating fill_new (seed 1)
// CHECK: PASS fill_new: new (100 elements)
// CHECK: PASS sum: hist (16 elements)
// CHECK: PASS sum: total (1 elements)
// CHECK: {{^PASS$}}

// CUDA: // Added by loopgpu --validate: the driver reaches the variables at file scope through these.
// CUDA: extern "C" void *loopgpu_cuda_at_M(unsigned long long *loopgpu_bytes) {
// CUDA: extern "C" void *loopgpu_cuda_at_loopgpu_c_new(unsigned long long *loopgpu_bytes) {
// CUDA-NEXT:   if (loopgpu_bytes)
// CUDA-NEXT:     *loopgpu_bytes = sizeof(loopgpu_c_new);
// CUDA-NEXT:   return (void *)loopgpu_c_new;
// CUDA: extern "C" void *loopgpu_cuda_at_total(unsigned long long *loopgpu_bytes) {
// CUDA:   return (void *)&total;

// REF: void *loopgpu_ref_at_loopgpu_c_new(unsigned long long *loopgpu_bytes) {
// REF-NEXT:   if (loopgpu_bytes)
// REF-NEXT:     *loopgpu_bytes = sizeof(new);

// X is read only: its values, or random ones where all are zeros; Y is read
// and written: random; new is only written by fill_new: poison.
// DRIVER-LABEL: static int validate_0()
// DRIVER: std::copy(loopgpu_g_X_ref, loopgpu_g_X_ref + loopgpu_g_X_count, loopgpu_init.data());
// DRIVER-NEXT: if (std::all_of(loopgpu_g_X_ref,
// DRIVER: loopgpu_fill(loopgpu_init.data(), loopgpu_g_Y_count, true);
// DRIVER-LABEL: static int validate_2()
// DRIVER: loopgpu_poison(loopgpu_init.data(), loopgpu_g_loopgpu_c_new_count, true);
// DRIVER: loopgpu_compare("fill_new: new", loopgpu_g_loopgpu_c_new_ref, loopgpu_g_loopgpu_c_new_cuda,

// OUT: saxpy_nest0_kernel
// OUT-NOT: loopgpu_cuda_at_

// M1: FAIL saxpy: Y
// M2: FAIL sum: total

// SPD: loopgpu_fill(loopgpu_init.data(), loopgpu_g_M_count, true);
// SPD-NEXT: loopgpu_condition(loopgpu_init.data(), 40LL, true); // --inputs=spd
