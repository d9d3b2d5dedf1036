// Which pointers may alias follows C's rules (C11 6.5p7; issue 18, items 1
// and 2): the same element type up to signedness, or a character type on
// either side; a pointer variable that is not a parameter (p = A + 1, or a
// global pointer) whose origin is not a fixed offset into one array
// (test/Validate/derived-pointers.c) may point into any array. float and int do not alias.
// RUN: %loopgpu %s -emit=deps 2>&1 | FileCheck %s
// RUN: %loopgpu %s -o %t.cu 2>/dev/null && FileCheck %s --check-prefix=CUDA < %t.cu
void signedness(int n, int *A, unsigned *B) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i + 1] = (int)B[i] + 1;
}
// CHECK: warning: 'A' may alias 'B' (neither is declared restrict)
void characters(int n, float *A, unsigned char *B) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    B[i + 1] = (unsigned char)A[i];
}
// CHECK: warning: 'B' may alias 'A' (neither is declared restrict)
void strict(int n, float *A, int *B) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i + 1] = (float)B[i];
}
// CHECK-NOT: warning: 'A' may alias 'B'
float *anywhere;
void global_pointer(int n, float *A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    anywhere[i] = A[i] + 1.0f;
}
// CHECK: warning: 'anywhere' may alias 'A'
void local_pointer(int n, float *A) {
  float *p = n > 10 ? A + 1 : A; // no fixed offset: may point anywhere
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i] = A[i] * 0.5f + 1.0f;
}
// CHECK: warning: 'p' may alias 'A'
// CHECK: nest signedness#0
// CHECK: loop i (line {{[0-9]+}}): sequential: {{.*}}(may: possible alias of B and A)
// CHECK: nest characters#0
// CHECK: loop i (line {{[0-9]+}}): sequential: {{.*}}(may: possible alias of A and B)
// CHECK: nest strict#0
// CHECK: loop i (line {{[0-9]+}}): parallel
// CHECK: nest global_pointer#0
// CHECK: loop i (line {{[0-9]+}}): sequential
// CHECK: nest local_pointer#0
// CHECK: loop i (line {{[0-9]+}}): sequential: {{.*}}(may: possible alias of A and p)
// The GPU copy of p shares memory with A's where p points into A
// (test/Validate/pointer-alias.test); a check picks the version for them apart.
// CUDA-LABEL: extern "C" void local_pointer(int n, float *A) {
// CUDA:      if (loopgpu_version(loopgpu_apart(A, {{.*}}, p, {{.*}}), "local_pointer nest 0 (line 35)", "A and p")) {
// CUDA:      loopgpu_nest_region loopgpu_nest({{[{][{]}}p, {{.*}}, true}},
// CUDA-NEXT:                                  {{[{][{]}}A, loopgpu_data.bytes(0), loopgpu_dev_A}});
// CUDA:      local_pointer_nest0_apart_device(n, (float *)loopgpu_nest.on_gpu(0), loopgpu_d_p);
// A global that any call may change between the pointer and the nest: the
// offset is not fixed, nor is a global pointer's target.
int shift;
float *target;
void reset(void);
void global_offset(int n, float *A) {
  float *p = A + shift;
  reset();
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i] = A[i] * 0.5f;
}
void global_base(int n, float *A) {
  float *p = target + 1;
  reset();
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i] = A[i] * 0.5f;
}
// CHECK: nest global_offset#0
// CHECK: loop i (line {{[0-9]+}}): sequential: {{.*}}(may: possible alias of A and p)
// CHECK: nest global_base#0
// CHECK: loop i (line {{[0-9]+}}): sequential: {{.*}}(may: possible alias of A and p)
