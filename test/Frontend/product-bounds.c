// Products of parameters in loop bounds and conditions: `for (i = 0; i < w *
// h; i++)` over a flat image, `i = n * m - 1` downward, `i < (1 << k)`, `if (i
// < w * h)`. The nest never changes the operands, so the product is one value
// for the whole nest: a variable of its own (`const int w_h = w * h;`), computed
// once before the nest like a struct member's, is a parameter of the nest and
// the bound is affine in it. Before, each was refused ("loop bound 'w * h' is
// not affine"). Only where the whole bound or condition is then affine (a dry
// run first): `i * m + j < n * m - 3` binds nothing and stays a data guard.
// In subscripts, products are the delinearizer's first: bound only where it
// reads no rows.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=ir | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -o %t/out.cu 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/out.cu -o %t/out.o %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v --param k=9 --param p=3 --param q=5 | FileCheck %s --check-prefix=VALID
// RUN: %loopgpu %s -emit=c -o %t/out.c
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c scale
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c rev
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8 --extent 'y=(1<<k)' %s %t/out.c pow2
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c rows
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c guard
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c flip
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c flipidx
// RUN: not %loopgpu %S/Inputs/product-bounds-refused.c -o %t/bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// QUIET-NOT: error
// QUIET-NOT: warning
struct img { int w, h; float *px; };

// IR-LABEL: nest 0 in scale
// IR-NEXT:  param w_h: int = w * h (computed once before the nest)
// IR:       L0 for i in [0, w_h - 1] step 1
// CUDA-LABEL: __global__ void {{.*}}scale_nest0_kernel(int w_h,
// CUDA-LABEL: extern "C" void scale(int w, int h, float a, float *__restrict__ y) {
// CUDA:       { // products of parameters in the nest's bounds as its parameters: computed once before it
// CUDA-NEXT:  const int w_h = w * h; // line [[@LINE+3]]: not affine, a parameter of the nest
void scale(int w, int h, float a, float *__restrict__ y) {
#pragma loopgpu
  for (int i = 0; i < w * h; i++)
    y[i] = a * y[i];
}

// IR-LABEL: nest 0 in rev
// IR-NEXT:  param n_m: int = n * m (computed once before the nest)
// IR:       L0 for i in [0, n_m - 1] step -1
void rev(int n, int m, const float *restrict x, float *__restrict__ y) {
#pragma loopgpu
  for (int i = n * m - 1; i >= 0; i--)
    y[i] = 2.0f * x[i];
}

// IR-LABEL: nest 0 in pow2
// IR-NEXT:  param bound_k: int = 1 << k (computed once before the nest)
// IR:       L0 for i in [0, bound_k - 1] step 1
void pow2(int k, float *__restrict__ y) {
#pragma loopgpu
  for (int i = 0; i < (1 << k); i++)
    y[i] = (float)i;
}

// The condition has i * m: not affine with the product bound either, so
// nothing is bound (no n_m); the accesses are delinearized as before.
// IR-LABEL: nest 0 in rows
// IR-NOT:   n_m
// IR:       if i * m + j < n * m - 3 [data-dependent]
// IR:       may-write y[i][j] (delinearized from y[i * m + j])
// IR-LABEL: nest 0 in
void rows(int n, int m, float *restrict y, const float *restrict x) {
  int w_h = 3;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      if (i * m + j < n * m - 3)
        y[i * m + j] = x[i * m + j] + w_h;
}

// An affine guard through the product; the name the function's own variable
// has is taken.
// IR-SAME:  guard
// IR:       param p_q_2: int = p * q (computed once before the nest)
// IR:       if i < p_q_2 [affine]
// CUDA-LABEL: extern "C" void guard(int p, int q, int n, float *__restrict__ y) {
// CUDA:       const int p_q_2 = p * q; // line [[@LINE+5]]: not affine, a parameter of the nest
void guard(int p, int q, int n, float *__restrict__ y) {
  int p_q = 1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (i < p * q)
      y[i] = y[i] + p_q;
}

// Members: the product of the members' variables, after them.
// IR-LABEL: nest 0 in clear
// IR-NEXT:  param im_w_im_h: int = im_w * im_h (computed once before the nest)
// CUDA-LABEL: extern "C" void clear(struct img *im) {
// CUDA:       { // struct members and products of parameters in bounds as the nest's variables: read once before it
// CUDA-NEXT:  const int im_w = im->w;
// CUDA-NEXT:  const int im_h = im->h;
// CUDA:       const int im_w_im_h = im_w * im_h;
void clear(struct img *im) {
#pragma loopgpu
  for (int i = 0; i < im->w * im->h; i++)
    im->px[i] = 0.5f * im->px[i];
}

// Subscripts: where the delinearizer reads no rows, products of parameters
// are parameters too (`y[n * m - 1 - i]`, also through an index variable);
// where it does, rows as before (`x[(n - 1) * m + j]` is x[n - 1][j]).
// IR-LABEL: nest 0 in flip
// IR:       write y[n_m - i - 1]
// IR-LABEL: nest 0 in lastrow
// IR-NOT:   param n_m
// IR:       read x[n - 1][j] (delinearized from x[(n - 1) * m + j])
// IR-LABEL: nest 0 in flipidx
// IR:       write y[n_m - i - 1]
void flip(int n, int m, const float *restrict x, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n * m; i++)
    y[n * m - 1 - i] = x[i];
}
void lastrow(int n, int m, const float *restrict x, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i * m + j] = x[(n - 1) * m + j] + x[i * m + j];
}
void flipidx(int n, int m, const float *restrict x, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n * m; i++) {
    int r = n * m - 1 - i;
    y[r] = x[i];
  }
}

// VALID: PASS scale: y (1961 elements)
// VALID: PASS rev: y (1961 elements)
// VALID: PASS pow2: y (512 elements)
// VALID: PASS rows: y (1961 elements)
// VALID: validating guard with p=3 q=5 n=37
// VALID: PASS guard: y (15 elements)
// VALID: PASS clear: im->px[] (1961 elements)
// VALID: PASS flip: y (1961 elements)
// VALID: PASS lastrow: y (1961 elements)
// VALID: PASS flipidx: y (1961 elements)
// VALID: {{^PASS$}}

// BAD: product-bounds-refused.c:5:23: error: loop bound 'n * m' changes while the nest runs: 'm' is assigned inside it
// BAD: product-bounds-refused.c:13:23: error: loop bound 'n / b' is not affine in the outer loop iterators and parameters (sums, products and shifts of variables the nest does not change are; compute it in a variable before the nest: 'const int bound = n / b;')
// BAD: product-bounds-refused.c:19:23: error: loop bound 'n * len[0]' is not affine
