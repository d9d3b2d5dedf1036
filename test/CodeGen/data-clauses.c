// Data clauses in OpenACC's spelling give the extent of a pointer that the
// nest indexes with a non-affine subscript (issue 17, item 11), and which
// copies the host function's data region makes.
// RUN: %loopgpu %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --param n=100 --param nb=16 --validate --validate-mode=cpu --validate-dir=%t.v 2>/dev/null | FileCheck %s --check-prefix=VAL %}
// DIAG-NOT: error
void histogram(int n, int nb, const int *restrict idx, int *restrict H) {
#pragma loopgpu copy(H[0:nb])
  for (int i = 0; i < n; i++)
    H[idx[i] % nb] += 1;
}
// CHECK-LABEL: extern "C" void histogram(int n, int nb, const int *__restrict__ idx, int *__restrict__ H) {
// CHECK:   loopgpu_region loopgpu_data(
// CHECK:   {H, loopgpu_bytes(loopgpu_count({(long long)(nb)}), sizeof(int))}
// CHECK:   int *const loopgpu_dev_H = (int *)loopgpu_data.device(1); // H: nb elements
// CHECK:   loopgpu_copy_in(loopgpu_dev_H, H, 
// CHECK:   cudaMemcpy(H, loopgpu_dev_H, {{.*}}cudaMemcpyDeviceToHost
// VAL: PASS histogram: H (16 elements)

// copyout: no copy in (the nest writes every element); copyin: no copy back.
void fill(int n, float *restrict out, float *restrict scratch) {
#pragma loopgpu copyout(out[0:n]) copyin(scratch[0:n])
  for (int i = 0; i < n; i++) {
    scratch[i] = 2.0f * i;
    out[i] = scratch[i] + 1.0f;
  }
}
// CHECK-LABEL: extern "C" void fill(int n, float *__restrict__ out, float *__restrict__ scratch) {
// CHECK-NOT:  loopgpu_copy_in(loopgpu_dev_out, out
// CHECK:      loopgpu_copy_in(loopgpu_dev_scratch, scratch, 
// CHECK:      cudaMemcpy(out, loopgpu_dev_out, {{.*}}cudaMemcpyDeviceToHost
// CHECK-NOT:  cudaMemcpy(scratch,
// CHECK:      {{^}$}}
// VAL: PASS fill: out
// VAL: note fill: scratch is not compared: copyin(scratch) says the caller does not need what the nests write to it
// VAL: {{^PASS$}}

// Without the clause the error says what to write.
// RUN: sed -e 's/copy(H\[0:nb\])//' %s > %t.noclause.c
// RUN: %expect_exit 1 %loopgpu %t.noclause.c -o %t.no.cu 2>&1 | FileCheck %s --check-prefix=NOCLAUSE
// NOCLAUSE: error: cannot tell how many elements of 'H' the nest touches (a non-affine subscript on a pointer); give its extent with a data clause on the nest's pragma, e.g. '#pragma loopgpu copy(H[0:n])'
// RUN: sed -e 's/copy(H\[0:nb\])/copy(G[0:nb])/' %s > %t.bad1.c
// RUN: %expect_exit 1 %loopgpu %t.bad1.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAD1
// BAD1: error: 'G' in 'copy' is not an array parameter or local array of 'histogram'
// RUN: sed -e 's/copy(H\[0:nb\])/copy(H[1:nb])/' %s > %t.bad2.c
// RUN: %expect_exit 1 %loopgpu %t.bad2.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAD2
// BAD2: error: the section of 'H' in 'copy' must start at 0 ([0:length]): loopgpu copies whole arrays
// RUN: sed -e 's/copy(H\[0:nb\])/copy(H[0 nb])/' %s > %t.bad3.c
// RUN: %expect_exit 1 %loopgpu %t.bad3.c -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAD3
// BAD3: error: expected ':' (a section is [first:length]) in clause 'copy'
