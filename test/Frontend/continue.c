// `continue` of a loop the nest models, as users write it: `if (c)
// continue;` skips the rest of the body, so the rest is the else branch
// (`if (c) {} else { rest }`); `if (c) { A; continue; } else { B } rest` is
// `if (c) { A } else { B; rest }`, and an `else if` chain, nested loops, a
// reduction and a loop of a sequential region (whose own `continue` stays as
// written) too. A `continue` elsewhere (inside a branch that more statements
// of the body follow) stays refused: Frontend/unsupported-statements.c. Before,
// every `continue` was refused. Flat-pointer reads in `if` conditions
// (`a[i * m + j] > 0.5f`) are delinearized like the statements' accesses
// (they were may-reads of the whole array, and its extent unknown).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=c -o %t/out.c 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: sed "s,//.*,," %t/out.c | FileCheck %s --check-prefix=C
// RUN: %loopgpu %s -emit=ir | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -o %t/out.cu
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/out.cu -o %t/out.o %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v --param n=300 --param m=301 | FileCheck %s --check-prefix=VALID
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c sq
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 --extent 'a=n*m' --extent 'b=n*m' --extent 'c=n*m' %s %t/out.c chain
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 --tolerance 1e-5 %s %t/out.c sum_pos
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c last_if
// QUIET-NOT: error
// QUIET-NOT: warning
#include <math.h>

void sq(int n, const double *restrict x, double *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n; ++i) {
    if (x[i] < 0)
      continue;
    y[i] = sqrt(x[i]);
  }
}
// C-LABEL: void sq(
// C:      for (int i = 0; i < n; i++) { /* parallel -- line 29 */
// C-NEXT:   if (!(x[i] < 0)) {
// C-NEXT:     y[i] = sqrt(x[i]); /* line 32 */
// C-NEXT:   }
// C-NEXT: }

void chain(int n, int m, const float *restrict a, float *restrict b, float *restrict c) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (j == i) {
        b[i * m + j] = 0.0f;
        continue;
      } else if (a[i * m + j] > 0.5f)
        continue;
      float t = a[i * m + j] * 2.0f;
      b[i * m + j] = t;
      if (t < -0.5f) continue;
      c[i * m + j] = t + 1.0f;
    }
}
// C-LABEL: void chain(
// C:        if (j == i) {
// C-NEXT:     b[i * m + j] = 0.0f; /* line 47 */
// C-NEXT:   } else {
// C-NEXT:     if (!(a[i * m + j] > 0.5f)) {
// C-NEXT:       t = a[i * m + j] * 2.0f; /* line 51 */
// C-NEXT:       b[i * m + j] = t; /* line 52 */
// C-NEXT:       if (!(t < -0.5f)) {
// C-NEXT:         c[i * m + j] = t + 1.0f; /* line 54 */
// C-NEXT:       }
// IR-LABEL: nest 0 in chain
// IR: array a: float[*][m] flat-pointer const restrict delinearized
// IR: read a[i][j] (delinearized from a[i * m + j])
// CUDA: // chain_nest0_kernel: block (32, 8, 1), grid covering i on y j on x

float sum_pos(int n, const float *restrict a) {
  float s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (!(a[i] > 0)) { continue; }
    s += a[i];
  }
  return s;
}
// CUDA: // sum_pos_nest0_kernel: block (256, 1, 1), grid covering i on x, 32 partial values per reduction variable in shared memory

// The last `if` of the body: its branches run to the end of the body, a
// `continue` ending one of its inner branches is the loop's too. The region's
// `continue` (of its data-dependent loop) is its own.
void last_if(int n, const int *restrict len, float *restrict out, float *restrict w) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int k = 0; k < len[i] % 7; k++) {
      if (k % 3 == 0) continue;
      s += k;
    }
    out[i] = s;
    if (len[i] > 3) {
      if (len[i] > 5) continue;
      w[i] = s;
    } else
      w[i] = -s;
  }
}
// C-LABEL: void last_if(
// C:        if (k % 3 == 0) {
// C-NEXT:     continue;
// C:        if (len[i] > 3) {
// C-NEXT:     if (!(len[i] > 5)) {
// C-NEXT:       w[i] = s; /* line 97 */
// C-NEXT:     }
// C-NEXT:   } else {
// C-NEXT:     w[i] = -s; /* line 99 */
// CUDA: // last_if_nest0_kernel: block (256, 1, 1), grid covering i on x

// VALID-NOT: FAIL
// VALID: PASS sq: y (300 elements)
// VALID: PASS chain: b (90300 elements)
// VALID: PASS chain: c (90300 elements)
// VALID: PASS sum_pos: return value
// VALID: PASS last_if: out (300 elements)
// VALID: PASS last_if: w (300 elements)
// VALID: {{^PASS$}}
