// argmin/argmax: a min/max update `if (e < x) x = e;` and an index update
// `y = f(i)` under the same guard form one reduction on (x, y); the
// comparison's strictness gives the tie rule. Anything else touching the
// index in the loop keeps the loop sequential.
// RUN: %loopgpu %s -emit=deps | FileCheck %s
// RUN: %loopgpu %s -emit=deps --format=json | FileCheck %s --check-prefix=JSON
#include <math.h>

int argmin(int n, const float *restrict x) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (x[i] < best) {
      best = x[i];
      at = i;
    }
  return at;
}
// CHECK-LABEL: nest argmin#0
// CHECK:      loop i (line {{[0-9]+}}): reduction: (best, at) (argmin, first on ties)
// CHECK:      reduction in loop i: (best, at) (argmin, first on ties) in {S1,S2}
// JSON:      "reductions": [
// JSON-NEXT:   {
// JSON-NEXT:     "index": "at",
// JSON-NEXT:     "loop": "i",
// JSON-NEXT:     "op": "argmin",
// JSON:          "ties": "first",
// JSON-NEXT:     "var": "best"

// `<=` keeps the last; `x > e` is `e < x`; the index an affine function.
int argmin_last(int n, const float *restrict x) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (best >= x[i]) {
      at = 2 * i + 1;
      best = x[i];
    }
  return at;
}
// CHECK-LABEL: nest argmin_last#0
// CHECK:      loop i (line {{[0-9]+}}): reduction: (best, at) (argmin, last on ties)
// JSON:          "ties": "last",

// argmax, first and last, double values, the update in an else branch.
long argmax(int n, const double *restrict x) {
  double best = -HUGE_VAL, top = -HUGE_VAL;
  long at = -1, last = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (x[i] > best) {
      best = x[i];
      at = i;
    }
    if (x[i] < top) {
    } else {
      top = x[i];
      last = i;
    }
  }
  return at + last;
}
// CHECK-LABEL: nest argmax#0
// CHECK:      loop i (line {{[0-9]+}}): reduction: (best, at) (argmax, first on ties), (top, last) (argmax, last on ties)

// The index read elsewhere in the loop: sequential.
int index_read(int n, const float *restrict x, int *restrict seen) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (x[i] < best) {
      best = x[i];
      at = i;
    }
    seen[i] = at;
  }
  return at;
}
// CHECK-LABEL: nest index_read#0
// CHECK:      loop i (line {{[0-9]+}}): sequential:
// CHECK-NOT:  reduction in loop i
// CHECK-LABEL: nest other_guard#0

// The guard compares the value with something else: no min, sequential.
int other_guard(int n, const float *restrict x, const float *restrict y) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (x[i] < y[i]) {
      best = x[i];
      at = i;
    }
  return at + (int)best;
}
// CHECK:      loop i (line {{[0-9]+}}): sequential:
// CHECK-NOT:  reduction in loop i
// CHECK-LABEL: nest other_index_guard#0

// The index under a different guard than the value: sequential.
int other_index_guard(int n, const float *restrict x) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (x[i] < best)
      best = x[i];
    if (x[i] < 0.0f)
      at = i;
  }
  return at + (int)best;
}
// CHECK:      loop i (line {{[0-9]+}}): sequential: WAW at -> at
// CHECK:      reduction in loop i: best (min) in {S1}

// The index reads memory (not a function of the iteration): sequential.
int index_from_memory(int n, const float *restrict x, const int *restrict id) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (x[i] < best) {
      best = x[i];
      at = id[i];
    }
  return at;
}
// CHECK-LABEL: nest index_from_memory#0
// CHECK:      loop i (line {{[0-9]+}}): sequential:
// CHECK-NOT:  reduction in loop i

// A double compared with a float minimum and assigned to it: `best = a[i]`
// rounds, and may round up, so that `a[i] < best` holds again for the same
// element and the later index wins in C's order (random nest 5136 of
// utils/gen-nest.py: the argmin's combine, comparing floats, kept the first).
// Not a reduction; the same loop over floats is.
float argmin_converted(int n, const double a[restrict n]) {
  float best = 1e30f;
  int at = -1;
#pragma loopgpu
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < n; i++)
      if (a[i] < best) {
        best = a[i];
        at = r;
      }
  return best + at;
}
// CHECK-LABEL: nest argmin_converted#0
// CHECK-NOT:  argmin
// CHECK:      loop i (line {{[0-9]+}}): sequential
// CHECK-NOT:  argmin
// CHECK-LABEL: nest argmin_same_type#0
// CHECK:      reduction: (best, at) (argmin, first on ties)
float argmin_same_type(int n, const float a[restrict n]) {
  float best = 1e30f;
  int at = -1;
#pragma loopgpu
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < n; i++)
      if (a[i] < best) {
        best = a[i];
        at = r;
      }
  return best + at;
}
