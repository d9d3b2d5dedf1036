// REQUIRES: cpu-emulation
// --validate sizes arrays from expressions in the function's parameters; a
// nest parameter (here the local scalar t) whose name is part of a function
// parameter's name (nt) is not mentioned by the size `nt + 4` (it was: the
// check searched for the text "t" and refused with "the size of 'A' depends
// on 't'"; found by utils/fuzz-pipeline.sh).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/1 --param nt=37 2>&1 | FileCheck %s
// CHECK-NOT: error:
// CHECK: PASS f: A
// CHECK: {{^PASS$}}
void f(int nt, float A[restrict nt + 4]) {
  int t = 2;
#pragma loopgpu
  for (int i = 0; i < nt; i++)
    A[i] = A[i] + t;
}
