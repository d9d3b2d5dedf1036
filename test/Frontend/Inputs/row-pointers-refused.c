// Row pointers loopgpu cannot follow (test/Frontend/row-pointers.c): an
// offset read from memory, a pointer changed after its declaration.
void bad(int n, int m, const int *restrict idx, float *restrict C) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float *c = C + idx[i];
    for (int j = 0; j < m; j++)
      c[j] = 1.0f;
  }
}
void bad2(int n, int m, float *restrict C) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float *c = C + i * m;
    c++;
    for (int j = 0; j < m - 1; j++)
      c[j] = 1.0f;
  }
}
