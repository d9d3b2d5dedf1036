// REQUIRES: cpu-emulation
// Accesses of a sequential region (here: the statements after an array
// declared in the loop body) whose subscripts are affine in the iterators of
// the region's own `for` loops: they touch what those loops' starts and
// conditions and the region's affine `if`s allow. Pointers are sized by that
// (no data clause), the loop around stays parallel where the windows of its
// iterations are apart, and not where they overlap or where the iterator is
// read after its loop or changed in its body.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=ir 2>&1 | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -emit=deps 2>&1 | FileCheck %s --check-prefix=DEPS
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/a.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NVCC %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=300 --param h=37 --param w=41 --validate-dir=%t/v 2>&1 | FileCheck %s
// The window written in order instead of reversed fails.
// RUN: sed -i 's/out\[4 \* i + 3 - k_2\] = t\[k_2\]/out[4 * i + k_2] = t[k_2]/' %t/v/kernels.cu
// RUN: grep -c 'out\[4 \* i + k_2\] = t\[k_2\]' %t/v/kernels.cu | FileCheck %s --check-prefix=TWICE
// RUN: %expect_exit 1 bash %t/v/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN

/* Four elements per iteration through a scratch array, reversed. */
void unpack(int n, float *restrict out, const float *restrict in) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t[4];
    for (int k = 0; k < 4; k++)
      t[k] = in[4 * i + k] * 2.0f;
    for (int k = 0; k < 4; k++)
      out[4 * i + 3 - k] = t[k];
  }
}
// IR-LABEL: nest 0 in unpack
// IR: may-read in[4*i + k] where k >= 0 and k < 4 (non-affine: in[4 * i + k])
// IR: may-write out[4*i - k_2 + 3] where k_2 >= 0 and k_2 < 4 (non-affine: out[4 * i + 3 - k])
// DEPS-LABEL: nest unpack#0
// DEPS: loop i (line {{[0-9]+}}): parallel

/* Windows of neighbouring iterations overlap: a dependence across i. */
void overlap(int n, float *restrict out, const float *restrict w) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t[2];
    for (int k = 0; k < 2; k++)
      t[k] = w[2 * i + k];
    for (int k = 0; k < 2; k++)
      out[i + k] += t[k];
  }
}
// DEPS-LABEL: nest overlap#0
// DEPS: loop i (line {{[0-9]+}}): sequential: {{.*}}out[i + k] -> out[i + k]

/* A window guarded at the end of the array: the guard bounds it (in is n). */
void guarded(int n, float *restrict out, const float *restrict in) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++)
      if (i + k < n)
        t[k] = in[i + k];
    out[i] = t[0] + 2.0f * t[1] + 3.0f * t[2];
  }
}
// IR-LABEL: nest 0 in guarded
// IR: may-read in[i + k] where k >= 0 and k < 3 and i + k < n (non-affine: in[i + k])
// DEPS-LABEL: nest guarded#0
// DEPS: loop i (line {{[0-9]+}}): parallel

/* Past `if (c) break;` the loop's body runs where c is false: in is n. */
void stop(int n, float *restrict out, const float *restrict in) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t[8];
    float s = 0.0f;
    for (int k = 0; k < 8; k++) {
      if (i + k >= n)
        break;
      t[k] = in[i + k];
      s += t[k] * (float)(k + 1);
    }
    out[i] = s;
  }
}
// IR-LABEL: nest 0 in stop
// IR: may-read in[i + k] where k >= 0 and k < 8 and !(i + k >= n) (non-affine: in[i + k])
// CUDA-LABEL: void stop(
// CUDA: {in, loopgpu_bytes(loopgpu_max(0, loopgpu_count({(long long)(((long long)n) <= 0 ? 0 : ((long long)n))})), sizeof(float))}

/* Counting down, a condition with two parts. */
void down(int n, float *restrict out, const float *restrict in) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t[4] = {0, 0, 0, 0};
    for (int k = 3; k >= 0 && i - k >= 0; k--)
      t[k] = in[i - k];
    out[i] = t[0] - t[1] + t[2] - t[3];
  }
}
// IR-LABEL: nest 0 in down
// IR: may-read in[i - k] where k <= 3 and k >= 0 and i - k >= 0 (non-affine: in[i - k])
// DEPS-LABEL: nest down#0
// DEPS: loop i (line {{[0-9]+}}): parallel

/* Triangular loops of the region: l from k. */
void tri(int n, float *restrict out, const float *restrict in) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t[4] = {0};
    for (int k = 0; k < 4; k++)
      for (int l = k; l < 4; l++)
        t[k] += in[4 * i + l];
    for (int k = 0; k < 4; k++)
      out[4 * i + k] = t[k];
  }
}
// IR-LABEL: nest 0 in tri
// IR: may-read in[4*i + l] where k >= 0 and k < 4 and l >= k and l < 4
// DEPS-LABEL: nest tri#0
// DEPS: loop i (line {{[0-9]+}}): parallel

/* The iterator after its loop is no variable of the forms: out[*], and the
   loop around runs as written. */
void after(int n, float *restrict out, const float *restrict in) {
#pragma loopgpu copy(out[0:4*n])
  for (int i = 0; i < n; i++) {
    float t[4];
    int k;
    for (k = 0; k < 3; k++)
      t[k] = in[i * 4 + k];
    out[i * 4 + k] = t[0] + t[2];
  }
}
// IR-LABEL: nest 0 in after
// IR: may-write out[*] (non-affine: out[i * 4 + k])
// DEPS-LABEL: nest after#0
// DEPS: loop i (line {{[0-9]+}}): sequential

/* An iterator the body changes is no variable of the forms either. */
void changed(int n, float *restrict out, const float *restrict in) {
#pragma loopgpu copyin(in[0:4*n])
  for (int i = 0; i < n; i++) {
    float t[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4; k++) {
      t[k] = in[4 * i + k];
      if (t[k] < 0)
        k++;
    }
    out[i] = t[0] + t[1] + t[2] + t[3];
  }
}
// IR-LABEL: nest 0 in changed
// IR: may-read in[*] (non-affine: in[4 * i + k])

/* A 3x3 median over a flat image: the window's reads delinearized through
   the region's variables (in is h rows of w), every pixel a thread. */
void median3(int h, int w, const float *restrict in, float *restrict out) {
#pragma loopgpu
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      float win[9];
      int c = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          win[c++] = in[(y + dy) * w + (x + dx)];
      for (int a = 1; a < 9; a++) {
        float v = win[a];
        int b = a - 1;
        while (b >= 0 && win[b] > v) {
          win[b + 1] = win[b];
          b--;
        }
        win[b + 1] = v;
      }
      out[y * w + x] = win[4];
    }
}
// IR-LABEL: nest 0 in median3
// IR: array in: float[*][w] flat-pointer const restrict delinearized
// IR: may-read in[y + dy][x + dx] where dy >= -1 and dy <= 1 and dx >= -1 and dx <= 1
// DEPS-LABEL: nest median3#0
// DEPS: loop y (line {{[0-9]+}}): parallel
// DEPS: loop x (line {{[0-9]+}}): parallel

// NVCC-NOT: {{warning|error}}

// CHECK: PASS unpack: out (1200 elements)
// CHECK: PASS overlap: out (301 elements)
// CHECK: PASS guarded: out (300 elements)
// CHECK: PASS stop: out (300 elements)
// CHECK: PASS down: out (300 elements)
// CHECK: PASS tri: out (1200 elements)
// CHECK: PASS after: out (1200 elements)
// CHECK: PASS changed: out (300 elements)
// CHECK: PASS median3: out
// CHECK-NOT: FAIL

// TWICE: 2
// BROKEN: FAIL unpack: out
