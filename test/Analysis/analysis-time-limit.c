// A dependence analysis is bounded in wall-clock time (-analysis-time-limit,
// 30 s by default, so that 2,000-statement nests finish in an ASan build on a
// busy machine; DependenceOptions::SecondsPerAnalysis), beside ISL's
// operation budget per test: a random nest (utils/gen-nest.py seed 902004,
// below as generated) whose rescheduled form had hundreds of pairs of
// accesses to a linearized array (4096*k + 64*l + ...) took two minutes in
// analyses of 0.05 to 1 s per pair. (Its rescheduled form is now refused,
// test/Transform/reschedule-copies.c.) Past the limit the open questions get
// their conservative answers (dependent in every direction, no
// privatization, no copy-out), the user is told at each nest, and the code
// keeps its meaning. A limit of 1 ms cuts every analysis short here; 0 means
// no limit, and the default leaves this nest's analyses alone.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=c -analysis-time-limit=0.001 -o %t/out.c 2>&1 | FileCheck %s
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8 --extent 'x=64*64*(shared+4)' %s %t/out.c f
// RUN: %loopgpu %s -analysis-time-limit=0.001 -o %t/out.cu 2>&1 | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/out.cu -o %t/out.o %}
// RUN: %loopgpu %s -analysis-time-limit=0.001 --validate --validate-mode=cpu --validate-dir=%t/v --param shared=5 | FileCheck %s --check-prefix=VALID
// RUN: %loopgpu %s -emit=c -analysis-time-limit=0 -o %t/nolimit.c 2>&1 | FileCheck %s --check-prefix=NOLIMIT
// RUN: %loopgpu %s -emit=c -o %t/default.c 2>&1 | FileCheck %s --check-prefix=NOLIMIT
// CHECK: analysis-time-limit.c:[[@LINE+11]]:9: warning: the dependence analysis ran past its limit of 0.001 s (-analysis-time-limit): what it had not proved by then is assumed dependent
// CHECK: analysis-time-limit.c:[[@LINE+19]]:9: warning: the dependence analysis ran past its limit of 0.001 s
// NOLIMIT-NOT: ran past its limit
// NOLIMIT: warning: 'device' may alias 'C'
// NOLIMIT-NOT: ran past its limit
// VALID-NOT: FAIL
// VALID: PASS
#include <math.h>

void f(int shared, double alpha, double beta, double *restrict x, double A[restrict shared + 4], double device[shared + 4][shared + 4], double B[restrict shared + 4][shared + 4], double C[shared + 4][shared + 4]) {
  int s = 3;
#pragma loopgpu copy(x[0:64*64*(shared+4)])
  for (int i = shared - 1; i >= 0; i--) {
    double t = B[i + 2][i + 3];
    if (i + i < shared) device[i][shared - i + 2] = 0.3333333333333333 * (C[i + 2][i + 2] / (2.0 + fabs(A[i + 2])) + s + device[shared - i + 2][i] * A[i + 4]);
    if (i % 2 == 0) device[i + 2][i + 4] += B[2][i];
    x[4096 * (shared - i + 1) + 64 * (i + 2) + i + 2] = 0.25 * (x[4096 * (shared - i + 1) + 64 * (i + 2) + i + 2] + C[0][i] + t + x[4096 * (1) + 64 * (i + 2) + i + 2] * C[0][i + 1]);
  }
  s = (s + s) / 2;
  device[3][0] = device[1][3];
#pragma loopgpu
  for (int j = 2; j <= shared - 1; j++) {
    x[4096 * (j) + 64 * (j) + j + 2] = 0.5 * (sqrt(fabs(A[0])) + s);
    for (int k = 2; k < shared && k < shared; k++) {
      for (int l = 0; l <= k; l++) {
        x[4096 * (k) + 64 * (1) + l + 2] = 0.3333333333333333 * (x[4096 * (k) + 64 * (1) + l + 2] + s + device[j + 2][l]);
        x[4096 * (j) + 64 * (shared - l) + k + 2] = 1.0;
        if (j + j < shared) x[4096 * (j + 3) + 64 * (l + 1) + j] += C[l + 2][k + 1];
      }
    }
  }
}
