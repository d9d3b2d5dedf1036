// Index variables: an integer declared inside the nest, never changed, whose
// initializer (of its own type) is a polynomial of the iterators and
// parameters stands for its initializer wherever it is used, so that
// subscripts, loop bounds and guards through it are affine, or delinearized,
// as if written inline; its declaration makes no statement (no kernel of its
// own, no scalar to privatize). Users write `int idx = (z * n + y) * n + x;`
// and `int lo = i + 1;`: before, such nests were refused ("cannot tell how
// many elements ... the nest touches") or ran in one thread.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=ir | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -o %t/out.cu | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/out.cu -o %t/out.o %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v | FileCheck %s --check-prefix=VALID
// QUIET-NOT: error
// RUN: %loopgpu %s -emit=c -o %t/out.c
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 --extent 'in=n*n*n' --extent 'out=n*n*n' %s %t/out.c stencil7
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c blur
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c tri
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c group
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c kept
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c helpers
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c window
//
// The 7-point stencil on a flat pointer through one index variable: every
// access delinearized (i - n is row y - 1, i - n * n plane z - 1), the
// pencil kernel as for `in[z][y][x]`.
// IR-LABEL: nest 0 in stencil7
// IR:      array in: float[*][n][n] flat-pointer const restrict delinearized
// IR-NOT:  scalar i:
// IR:      read in[z][y][x - 1] (delinearized from in[i - 1])
// IR:      read in[z][y - 1][x] (delinearized from in[i - n])
// IR:      read in[z - 1][y][x] (delinearized from in[i - n * n])
// IR:      write out[z][y][x] (delinearized from out[i])
// CUDA:    stencil7_nest0_kernel: block (32, 8, 1), grid covering z on z y on y x on x, {{.*}} 16 outputs per thread
// VALID-DAG: PASS stencil7: out
void stencil7(int n, float c0, float c1, const float *restrict in, float *restrict out) {
#pragma loopgpu
  for (int z = 1; z < n - 1; z++)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++) {
        int i = (z * n + y) * n + x;
        out[i] = c0 * in[i] + c1 * (in[i - 1] + in[i + 1] + in[i - n] + in[i + n] + in[i - n * n] + in[i + n * n]);
      }
}

// A row offset between the loops and an index built from it, also read as a
// value: one statement, one 2-D kernel (no distribution for the row).
// IR-LABEL: nest 0 in blur
// IR-NOT:  scalar
// IR:      L1 for x
// IR-NEXT: S1 (line {{[0-9]+}}): out[y * m + x] = {{.*}} + (float)((y * m + x) % 3)
// IR:      read in[y - 1][x] (delinearized from in[i - m])
// IR:      read in[y + 1][x] (delinearized from in[i + m])
// CUDA:    blur_nest0_kernel: block (32, 8, 1), grid covering y on y x on x
// CUDA-NOT: blur_nest0_kernel1
// VALID-DAG: PASS blur: out
void blur(int n, int m, const float *restrict in, float *restrict out) {
#pragma loopgpu
  for (int y = 1; y < n - 1; y++) {
    int row = y * m;
    for (int x = 1; x < m - 1; x++) {
      int i = row + x;
      out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - m] + in[i + m]) + (float)(i % 3);
    }
  }
}

// A lower bound through a variable: a triangular nest on the GPU grid.
// IR-LABEL: nest 0 in tri
// IR:      L1 for j in [i + 1, n - 1] step 1
// CUDA:    tri_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
// VALID-DAG: PASS tri: A
void tri(int n, double A[restrict n][n], const double B[restrict n][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    int lo = i + 1;
    for (int j = lo; j < n; j++)
      A[i][j] = B[j][i] * 2.0;
  }
}

// Uses inside larger expressions keep their grouping: 2 * k is 2 * (i + j).
// IR-LABEL: nest 0 in group
// IR:      S1 (line {{[0-9]+}}): y[i * m + j] = x[2 * (i + j)] + x[3 * ((i + j) / 2)] - x[(i - j + m) % 7] * (float)((i + j) * (i - j))
// VALID-DAG: PASS group: y
void group(int n, int m, float *restrict y, const float x[restrict 2 * (n + m)]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      int k = i + j;
      int r = i - j;
      y[i * m + j] = x[2 * k] + x[3 * (k / 2)] - x[(r + m) % 7] * (float)(k * r);
    }
}

// Not index variables: one assigned after its declaration, one whose
// initializer converts (short from int). Both stay scalars, one per iteration.
// IR-LABEL: nest 0 in kept
// IR:      scalar k: int local(depth 1) written
// IR:      scalar s: short local(depth 1) written
// IR:      S1 (line {{[0-9]+}}): int k = 2 * i
// VALID-DAG: PASS kept: y
void kept(int n, float y[restrict 2 * n + 2], const float x[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    int k = 2 * i;
    short s = i * 3;
    if (x[i] > 0)
      k = k + 1;
    y[k] += x[i] + s;
  }
}
// Index functions: a function of the file whose body is one `return e;` of
// its integer parameters is, in a subscript, e with the arguments in place
// (the call is printed as written and runs as a device function). Also a
// `long` index built with a cast.
// IR-LABEL: nest 0 in helpers
// IR:      read A[i][j] (delinearized from A[at(i, j, m)])
// IR:      write C[i][j] (delinearized from C[idx])
// CUDA:    helpers_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
// VALID-DAG: PASS helpers: C
static inline int at(int i, int j, int m) { return i * m + j; }
void helpers(int n, int m, const float *restrict A, float *restrict C) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      long idx = (long)i * m + j;
      C[idx] = A[at(i, j, m)] + 1.0f;
    }
}
// Clamps written as selects: `c ? t : f` is max(t, f) or min(t, f) when the
// condition picks the larger (smaller) of the two wherever they differ
// (t - f a positive multiple of the condition, over the integers): a window
// clipped to the array, affine bounds and subscripts.
// IR-LABEL: nest 0 in window
// IR:      L1 for k in [max(i - 2, 0), min(i + 2, n - 1)] step 1
// IR:      read x[max(0, i - 5)]
// IR:      read x[max(2*i - n, n - 2*i) / 2]
// VALID-DAG: PASS window: y
void window(int n, const double *restrict x, double *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    const int lo = i > 2 ? i - 2 : 0;
    const int hi = i + 2 < n ? i + 2 : n - 1;
    double s = 0.0;
    for (int k = lo; k <= hi; k++)
      s += x[k];
    int c = 2 * i > n ? 2 * i - n : n - 2 * i;
    y[i] = s / (hi - lo + 1) + x[i < 5 ? 0 : i - 5] + x[c / 2];
  }
}
// A select that is no clamp (i > 2 ? i : 0 is not max(i, 0) at i = 1, 2):
// the subscript is not affine, but bounded (one of two affine values), and
// x is sized by it: n elements.
// RUN: %loopgpu %s -emit=ir -- -DNOT_INDEX=3 2>&1 | FileCheck %s --check-prefix=NOTCLAMP
// RUN: %loopgpu %s -o %t/ni.cu -- -DNOT_INDEX=3 && FileCheck %s --check-prefix=NOTCLAMP-CUDA --input-file=%t/ni.cu
// NOTCLAMP: read x[(i > 2 ? i : 0)] where ((i > 2) && ((i > 2 ? i : 0) == i)) || ((!(i > 2)) && ((i > 2 ? i : 0) == 0)) (non-affine: x[i > 2 ? i : 0])
// NOTCLAMP-CUDA: {x, loopgpu_bytes(loopgpu_count({(long long)(n)}), sizeof(float))}
#if NOT_INDEX == 3
void not_clamp(int n, const float *restrict x, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = x[i > 2 ? i : 0];
}
#endif

// Not index functions: one whose body declares a variable (the nest is
// refused as with any subscript the analysis cannot read), one that reads a
// global (refused: a nest calls only functions of their arguments).
// RUN: not %loopgpu %s -o %t/ni.cu -- -DNOT_INDEX=1 2>&1 | FileCheck %s --check-prefix=NOTINDEX
// RUN: not %loopgpu %s -o %t/ni.cu -- -DNOT_INDEX=2 2>&1 | FileCheck %s --check-prefix=GLOBAL
// NOTINDEX: error: cannot tell how many elements of 'A' the nest touches
// GLOBAL: index-variables.c:[[@LINE+14]]:{{[0-9]+}}: error: call to 'strided' (it uses 'stride'
#if NOT_INDEX == 1
static int two_steps(int i, int m) { int r = i * m; return r + 1; }
void not_index(int n, int m, const float *restrict A, float *restrict C) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    C[i] = A[two_steps(i, m)];
}
#elif NOT_INDEX == 2
int stride;
static int strided(int i) { return i * stride; }
void global_index(int n, const float *restrict A, float *restrict C) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    C[i] = A[strided(i)];
}
#endif
// VALID-NOT: FAIL
