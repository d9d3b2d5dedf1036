// An iterator whose type cannot hold the value that ends its loop: C wraps
// it around (a char loop to 200 never ends, an unsigned loop down to -1
// neither), so the bounds do not describe the loop: a located error.
// RUN: %expect_exit 1 %loopgpu %s -o %t.cu 2>&1 | FileCheck %s
// CHECK: iterator-wraps.c:[[@LINE+3]]:3: error: iterator 'i' of type 'char' cannot reach the value that ends this loop (200)
void up(float *A) {
#pragma loopgpu
  for (char i = 0; i < 200; i++)
    A[i] = 1.0f;
}
// CHECK: iterator-wraps.c:[[@LINE+3]]:3: error: iterator 'i' of type 'unsigned int' cannot reach the value that ends this loop (-1)
void down(unsigned n, float *A) {
#pragma loopgpu
  for (unsigned i = n; i >= 0; i--)
    A[i] = 1.0f;
}
// CHECK: iterator-wraps.c:[[@LINE+3]]:3: error: iterator 'i' of type 'unsigned char' cannot reach the value that ends this loop (257)
void step(float *A) {
#pragma loopgpu
  for (unsigned char i = 1; i <= 253; i += 4)
    A[i] = 1.0f;
}
// The last value fits: accepted.
// CHECK-NOT: error: iterator
void fits(float *A) {
#pragma loopgpu
  for (unsigned char i = 0; i < 255; i++)
    A[i] = 1.0f;
#pragma loopgpu
  for (signed char i = 127; i > -128; i--)
    A[i + 128] = 1.0f;
}
