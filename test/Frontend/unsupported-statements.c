// Statements outside the supported subset get a located error and exit 1.
// RUN: not %loopgpu %s -emit=ir -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=WHILE
// RUN: not %loopgpu %s -emit=ir -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=DO
// (A `while` or `do` loop itself runs as written in one thread:
// Frontend/regions.c; what it may hold is what a nest may.)
// RUN: not %loopgpu %s -emit=ir -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=BREAK
// RUN: not %loopgpu %s -emit=ir -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=CONTINUE
// RUN: not %loopgpu %s -emit=ir -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=GOTO
// RUN: not %loopgpu %s -emit=ir -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=RETURN
// RUN: not %loopgpu %s -emit=ir -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=SWITCH
// RUN: not %loopgpu %s -emit=ir -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=ARRAYDECL
// RUN: %expect_exit 1 %loopgpu %s -emit=ir -- -DCASE=1

void f(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
#if CASE == 1
    while (A[i] > 1) goto out;
// WHILE: unsupported-statements.c:[[@LINE-1]]:22: error: 'goto' is not supported inside a '#pragma loopgpu' nest
// WHILE-NEXT: {{^}} {{ *}}[[@LINE-2]] |     while (A[i] > 1) goto out;
// WHILE-NEXT: {{^ *}}|                      ^{{$}}
#elif CASE == 2
    do { float t[n]; A[i] -= 1; } while (A[i] > 0);
// DO: unsupported-statements.c:[[@LINE-1]]:16: error: declaring the variable-length array 't' is not supported inside a '#pragma loopgpu' nest
#elif CASE == 3
    if (A[i] < 0) break;
// BREAK: unsupported-statements.c:[[@LINE-1]]:19: error: 'break' is not supported inside a '#pragma loopgpu' nest
#elif CASE == 4
    if (A[i] < 1) { if (A[i] < 0) continue; A[i] = 0; } A[i] += 1;
// CONTINUE: unsupported-statements.c:[[@LINE-1]]:35: error: 'continue' here is not supported inside a '#pragma loopgpu' nest (one that ends a branch of an 'if' of the loop's body is: `if (c) continue;`, `if (c) { ...; continue; }`)
// (Frontend/continue.c: those.)
#elif CASE == 5
    if (A[i] < 0) goto out;
// GOTO: unsupported-statements.c:[[@LINE-1]]:19: error: 'goto' is not supported inside a '#pragma loopgpu' nest
#elif CASE == 6
    if (A[i] < 0) return;
// RETURN: unsupported-statements.c:[[@LINE-1]]:19: error: 'return' is not supported inside a '#pragma loopgpu' nest
#elif CASE == 7
    switch (i) { case 0: A[i] = 1; case 1: A[i] = 2; }
// SWITCH: unsupported-statements.c:[[@LINE-1]]:36: error: a 'switch' case that the statements before it fall through into is not supported inside a '#pragma loopgpu' nest (end them with 'break')
// (Switches without fallthrough are if chains: Frontend/switch.c.)
#elif CASE == 8
    static float t[4];
// ARRAYDECL: unsupported-statements.c:[[@LINE-1]]:18: error: declaring the static array 't' is not supported inside a '#pragma loopgpu' nest
// (Other arrays declared in a nest are each iteration's own: Frontend/local-arrays.c.)
#endif
  }
out:;
}
