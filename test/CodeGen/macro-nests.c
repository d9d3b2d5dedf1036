// Nests and host code written through macros (issue 18, item 8): the nest's
// text ends where its last macro invocation ends (`BODY(A, i);`, not after
// `BODY`), host code between nests keeps its macros, and a multi-dimensional
// subscript inside a macro argument is rewritten in the argument. A nest that
// shares one macro invocation with other code, and a _Pragma in the nest's
// own macro, are refused with located errors (test/Frontend/macro-nests-refused.c).
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s -emit=c > %t.c
// RUN: FileCheck %s --check-prefix=C < %t.c
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc %s %t.c f
// RUN: rm -rf %t.v
// RUN: %if cpu-emulation %{ %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t.v 2>&1 | FileCheck %s --check-prefix=VALIDATE %}
// VALIDATE-NOT: FAIL
// VALIDATE: PASS f: A
// VALIDATE: PASS f: B
// VALIDATE: PASS f: C
// VALIDATE: {{^PASS$}}

#define N 8
#define LOOP(i, n) for (int i = 0; i < n; i++)
#define BODY(A, i) A[i] = A[i] * 2.0f;
#define SCALE(x) ((x) * 3.0f)
#define SET0(A) A[0] = SCALE(A[0]) + N;
#define GET(A, i, j) A[i][j]
#define NEST2(B, n) for (int j = 0; j < n; j++) B[j] += (1.0f)

void f(int n, float *restrict A, float *restrict B, float C[restrict 8][8]) {
#pragma loopgpu
  LOOP(i, n) BODY(A, i);
  SET0(A)
  SET0(B);
#pragma loopgpu
  NEST2(B, n);
  B[1] = SCALE(B[1]);
#pragma loopgpu
  LOOP(i, N) LOOP(j, N) GET(C, i, j) = SCALE(GET(C, i, j));
  C[1][1] = SCALE(C[1][N - 1]) + GET(C, 2, 3);
}

// The host function: each nest's launch, then the host code as written.
// CUDA-LABEL: extern "C" void f(int n,
// CUDA:        f_nest0_device(n, loopgpu_dev_A);
// CUDA-NEXT:   LOOPGPU_CHECK(cudaDeviceSynchronize());
// CUDA-NEXT: }{{$}}
// CUDA:      SET0(A)
// CUDA-NEXT: SET0(B);
// CUDA:      f_nest1_device(n, loopgpu_dev_B);
// CUDA-NEXT:   LOOPGPU_CHECK(cudaDeviceSynchronize());
// CUDA-NEXT: }{{$}}
// CUDA:      B[1] = SCALE(B[1]);
// CUDA:      C[((1)) * (8) + (1)] = SCALE(C[((1)) * (8) + (N - 1)]) + C[((2)) * (8) + (3)];
// CUDA-NOT:  (A, i)

// C:      for (int i = 0; i < n; i++) { /* parallel -- line [[#LINE:]] */
// C-NEXT:   A[i] = A[i] * 2.00000000000000000e+00f; /* line [[#LINE]] */
// C-NEXT: }
// C-NEXT: }
// C-NEXT: SET0(A)
// C-NEXT: SET0(B);
// C:      B[j] += 1.00000000000000000e+00f;
// C-NEXT: }
// C-NEXT: }
// C-NEXT: B[1] = SCALE(B[1]);
// C:      C[1][1] = SCALE(C[1][N - 1]) + GET(C, 2, 3);
// C-NEXT: }
