// Malformed pragmas: located errors, exit 1.
// RUN: not %loopgpu %s -emit=ir -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %loopgpu %s -emit=ir -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %loopgpu %s -emit=ir -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=NOTFOR
// RUN: not %loopgpu %s -emit=ir -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: not %loopgpu %s -emit=ir -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=CONFLICT
// RUN: not %loopgpu %s -emit=ir -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=COARSENKEY
// RUN: not %loopgpu %s -emit=ir -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not %loopgpu %s -emit=ir -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=FILESCOPE

#if CASE == 8
#pragma loopgpu
// FILESCOPE: bad-pragmas.c:[[@LINE-1]]:9: error: '#pragma loopgpu' must appear inside a function body, immediately before a 'for' loop
#endif
void f(int n, float *restrict A) {
#if CASE == 1
#pragma loopgpu tile(32) unroll
// UNKNOWN: bad-pragmas.c:[[@LINE-1]]:26: error: unknown clause 'unroll' in '#pragma loopgpu'; expected one of tile, coarsen, parallel, sequential, interchange, distribute, private, shared
#elif CASE == 2
#pragma loopgpu tile(32, 0)
// ZERO: bad-pragmas.c:[[@LINE-1]]:26: error: '0' is not a valid argument of 'tile': expected an integer between 1 and 1048576
#elif CASE == 3
#pragma loopgpu
// NOTFOR: bad-pragmas.c:[[@LINE-1]]:9: error: '#pragma loopgpu' must be followed by a 'for' loop
  A[0] = 1;
#elif CASE == 4
#pragma loopgpu parallel(i)
// ARGS: bad-pragmas.c:[[@LINE-1]]:25: error: clause 'parallel' takes no arguments
#elif CASE == 5
#pragma loopgpu parallel sequential
// CONFLICT: bad-pragmas.c:[[@LINE-1]]:26: error: clauses 'parallel' and 'sequential' contradict each other
#elif CASE == 6
#pragma loopgpu coarsen(4, step: 2)
// COARSENKEY: bad-pragmas.c:[[@LINE-1]]:28: error: unknown argument 'step' of 'coarsen'; expected a factor, 'stride: N' or 'block: N'
#elif CASE == 7
#pragma loopgpu tile(32
// PAREN: bad-pragmas.c:[[@LINE-1]]:{{[0-9]+}}: error: expected ',' or ')' in clause 'tile', found end of line
#endif
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
