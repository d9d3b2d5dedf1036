// Products in bounds loopgpu does not bind (test/Frontend/product-bounds.c):
// an operand the nest changes, a division, an element of an array.
void changes(int n, int m, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n * m; i++) {
    y[i] = 0;
    m = 2;
  }
}

void divides(int n, int b, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n / b; i++)
    y[i] = 0;
}

void reads(int n, const int *restrict len, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n * len[0]; i++)
    y[i] = 0;
}
