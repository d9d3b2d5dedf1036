// Expressions outside the supported subset get a located error and exit 1.
// RUN: not %loopgpu %s -emit=ir -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=ADDR
// RUN: not %loopgpu %s -emit=ir -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=DEREF
// RUN: not %loopgpu %s -emit=ir -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=PTRARITH
// RUN: not %loopgpu %s -emit=ir -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not %loopgpu %s -emit=ir -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: not %loopgpu %s -emit=ir -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=VOLATILE
// RUN: not %loopgpu %s -emit=ir -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=COMMA
// RUN: not %loopgpu %s -emit=ir -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=NESTEDASSIGN
// RUN: not %loopgpu %s -emit=ir -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=PTRPTR

#include <stdio.h>
struct point { float x, y; };
float impure(float);

void f(int n, float *restrict A, float *restrict B, struct point *restrict P, volatile float *V,
       float **PP) {
  float s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
#if CASE == 1
    float *p = i > 0 ? &A[i] : &B[i]; // &A[i] alone is A at offset i (Frontend/row-pointers.c)
// ADDR: unsupported-expressions.c:[[@LINE-1]]:12: error: variable 'p' of type 'float *' is not supported inside a '#pragma loopgpu' nest
#elif CASE == 2
    A[i] = *(i > 0 ? B : A);
// DEREF: unsupported-expressions.c:[[@LINE-1]]:12: error: pointer dereference '*' of '(i > 0 ? B : A)' (only of a named pointer, or of one plus or minus an integer) is not supported inside a '#pragma loopgpu' nest
#elif CASE == 3
    A[i] = (B + i)[0];
// PTRARITH: unsupported-expressions.c:[[@LINE-1]]:12: error: {{.*}} is not supported inside a '#pragma loopgpu' nest
#elif CASE == 4
    A[i] = impure(B[i]);
// CALL: unsupported-expressions.c:[[@LINE-1]]:12: error: call to 'impure' (its definition is not in this file; a nest may call math functions {{.*}}) is not supported inside a '#pragma loopgpu' nest
#elif CASE == 5
    A[i] = (P + i)->x; // P[i].x is an array of structs' member (Frontend/arrays-of-structs.c)
// STRUCT: unsupported-expressions.c:[[@LINE-1]]:12: error: {{.*}}struct{{.*}} is not supported inside a '#pragma loopgpu' nest
#elif CASE == 6
    A[i] = V[i];
// VOLATILE: unsupported-expressions.c:[[@LINE-1]]:12: error: access to volatile array 'V' is not supported inside a '#pragma loopgpu' nest
#elif CASE == 7
    A[i] = (s = 1, B[i]);
// COMMA: unsupported-expressions.c:[[@LINE-1]]:13: error: the comma operator is not supported inside a '#pragma loopgpu' nest
#elif CASE == 8
    A[i] = (s = B[i]) + 1;
// NESTEDASSIGN: unsupported-expressions.c:[[@LINE-1]]:17: error: an assignment inside an expression is not supported inside a '#pragma loopgpu' nest
#elif CASE == 9
    A[i] = PP[i][0];
// PTRPTR: unsupported-expressions.c:[[@LINE-1]]:12: error: pointer-to-pointer array 'PP' is not supported inside a '#pragma loopgpu' nest
#endif
  }
}
