// REQUIRES: cpu-emulation
// Arrays declared in a nest's loops: each iteration's own. The declaration
// and the statements after it up to the array's last use run as written in
// one thread (a region); the array is the thread's (declared in the kernel
// where it stands), the loops around it stay parallel. Weights with an
// initializer, a scratch buffer written then read backwards, a partly
// initialized 2-D table, one in the body of an inner loop, one inside a
// while loop, a static const one. The CUDA matches the original under the
// emulation; the refused declarations get located errors.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/out.cu
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// RUN: FileCheck %s --check-prefix=RESERVED < %t/out.cu
// RUN: %loopgpu %s -emit=deps | FileCheck %s --check-prefix=DEPS
// RUN: %loopgpu %s -emit=ir | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -emit=c | FileCheck %s --check-prefix=EMITC
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v | FileCheck %s --check-prefix=VAL
// RUN: %expect_exit 1 %loopgpu %s -- -DSTATIC 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: %expect_exit 1 %loopgpu %s -- -DVLA 2>&1 | FileCheck %s --check-prefix=VLA
// RUN: %expect_exit 1 %loopgpu %s -- -DDECAY 2>&1 | FileCheck %s --check-prefix=DECAY
// VAL-NOT: FAIL

// DEPS-LABEL: nest smooth#0
// DEPS: S1 (line [[@LINE+12]]): float w[5] = {1, 4, 6, 4, 1}
// DEPS: S2 (line [[@LINE+15]]): b[i] = s / 16
// DEPS: loop i (line [[@LINE+9]]): parallel
// CUDA-LABEL: smooth_nest0_kernel(
// CUDA: // line [[@LINE+8]]: float w[5] = {1, 4, 6, 4, 1}, as written, in this thread
// CUDA-NEXT: {
// CUDA-NEXT: float w[5] = {1, 4, 6, 4, 1};
// CUDA: s += w[k] * a[i + k - 2];
// VAL: PASS smooth: b
void smooth(int n, const float a[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 2; i < n - 2; i++) {
    float w[5] = {1, 4, 6, 4, 1};
    float s = 0;
    for (int k = 0; k < 5; k++)
      s += w[k] * a[i + k - 2];
    b[i] = s / 16;
  }
}

// A scratch row, reversed; then a loop after its last use stays the nest's
// (S2: modeled, its j parallel).
// DEPS-LABEL: nest reverse#0
// DEPS: S2 (line [[@LINE+18]]): C[i][j] = A[i][j % 8] + j
// DEPS: loop i (line [[@LINE+10]]): parallel
// DEPS: loop j (line [[@LINE+15]]): parallel
// CUDA-LABEL: reverse_nest0_kernel(
// CUDA: float tmp[8];
// CUDA: tmp[k] = A[(i) * (8) + (k)] * 2;
// CUDA: B[(i) * (8) + (k_2)] = tmp[7 - k_2];
// VAL: PASS reverse: B
// VAL: PASS reverse: C
void reverse(int n, const float A[restrict n][8], float B[restrict n][8], float C[restrict n][16]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float tmp[8];
    for (int k = 0; k < 8; k++)
      tmp[k] = A[i][k] * 2;
    for (int k = 0; k < 8; k++)
      B[i][k] = tmp[7 - k];
    for (int j = 0; j < 16; j++)
      C[i][j] = A[i][j % 8] + j;
  }
}

// A partly initialized 2-D table in an inner loop's body; a static const
// table; one declared inside a while loop.
// CUDA-LABEL: tables_nest0_kernel(
// CUDA: int t[2][3] = {{.}}{1, 2}, {4}};
// CUDA: const double c[3] = {0.5, 0.25, 0.125};
// VAL: PASS tables: out
// VAL: PASS tables: cnt
void tables(int n, int m, const int code[restrict n], double out[restrict n][m], int cnt[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      int t[2][3] = {{1, 2}, {4}};
      static const double c[3] = {0.5, 0.25, 0.125};
      t[1][2] = code[i] & 7;
      out[i][j] = t[j % 2][(i + j) % 3] * c[j % 3] + t[1][2];
    }
    int k = 0, steps = 0;
    while (k < code[i] % 9) {
      int hist[4] = {0};
      hist[k % 4] += k;
      steps += hist[k % 4] + hist[(k + 1) % 4];
      k++;
    }
    cnt[i] = steps;
  }
}

// A const table with a constant initializer is the same in every
// iteration: hoisted out of the nest (one copy on the GPU, the host code and
// -emit=c repeat its declaration), its loop k the nest's own, so a pointer
// argument's extent follows from the affine subscripts. Where another
// variable of the function has its name, it stays the thread's (a region).
// IR-LABEL: nest 0 in hoisted
// IR: array w: float[5] fixed-size const global
// IR-NOT: ): const float w
// IR: S3 (line {{[0-9]+}}): b[i] = s / 16
// CUDA-LABEL: hoisted_nest0_kernel(
// CUDA: const float a_2[2] = {0.5f, 2};
// CUDA-LABEL: extern "C" void hoisted(
// CUDA: const float w[5] = {1, 4, 6, 4, 1}; // line [[@LINE+10]]: declared in the nest, the same in every iteration: one copy on the GPU
// CUDA: loopgpu_nest_region loopgpu_nest({{[{][{]}}w, loopgpu_bytes(loopgpu_count({(long long)(5)}), sizeof(float)), false}
// EMITC-LABEL: void hoisted(
// EMITC: const float w[5] = {1, 4, 6, 4, 1}; /* line [[@LINE+7]]: declared in the nest, the same in every iteration */
// EMITC: for (int k
// VAL: PASS hoisted: b
// VAL: PASS hoisted: c
void hoisted(int n, const float *restrict a, float *restrict b, float *restrict c) {
#pragma loopgpu
  for (int i = 2; i < n - 2; i++) {
    const float w[5] = {1, 4, 6, 4, 1};
    float s = 0;
    for (int k = 0; k < 5; k++)
      s += w[k] * a[i + k - 2];
    b[i] = s / 16;
    {
      const float a[2] = {0.5f, 2}; // a parameter's name: the thread's own
      c[i] = a[i % 2] * b[i];
    }
  }
}

// Names C++ or CUDA reserve, in both forms: spelled loopgpu_c_...
// RESERVED-LABEL: reserved_nest0_kernel(
// RESERVED: float loopgpu_c_new[3] = {1, 2, 1};
// RESERVED: s += loopgpu_c_threadIdx[k] * a[i + k - 1] + loopgpu_c_new[k];
// RESERVED-LABEL: extern "C" void reserved(
// RESERVED: const float loopgpu_c_threadIdx[3] = {1, 2, 1}; // line
// VAL: PASS reserved: b
// VAL: {{^PASS$}}
void reserved(int n, const float a[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n - 1; i++) {
    const float threadIdx[3] = {1, 2, 1};
    float new[3] = {1, 2, 1};
    float s = 0;
    for (int k = 0; k < 3; k++)
      s += threadIdx[k] * a[i + k - 1] + new[k];
    b[i] = s / 4;
  }
}

#ifdef STATIC
void counter(int n, float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    // STATIC: local-arrays.c:[[@LINE+1]]:18: error: declaring the static array 'acc' is not supported inside a '#pragma loopgpu' nest
    static float acc[2];
    acc[i % 2] += 1;
    b[i] = acc[0];
  }
}
#endif
#ifdef VLA
void vla(int n, int m, float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    // VLA: local-arrays.c:[[@LINE+1]]:11: error: declaring the variable-length array 'row' is not supported inside a '#pragma loopgpu' nest
    float row[m];
    row[0] = i;
    b[i] = row[0];
  }
}
#endif
#ifdef DECAY
void decay(int n, float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float two[2] = {1, 2};
    // DECAY: local-arrays.c:[[@LINE+1]]:12: error: pointer dereference '*' of 'two' (only of a named pointer, or of one plus or minus an integer) is not supported
    b[i] = *two + two[1];
  }
}
#endif
