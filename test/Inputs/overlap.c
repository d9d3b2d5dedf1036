// Functions called with arguments that overlap: `shift(n, a, a + 1)`.
// Without restrict, C allows it; the host function must compute what C does.
void shift(int n, float *x, float *y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 0.5f + 1.0f;
}
void shift_vla(int n, float x[n], float y[n], float z[n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = x[i] + z[i];
  z[0] = y[n - 1];
#pragma loopgpu
  for (int i = 0; i < n; i++)
    z[i] = z[i] * 2.0f;
}
// y += a * x, in place when called with y == x + 1 (a recurrence) or with
// the same array twice.
void axpy(int n, float a, float *x, float *y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
// A prefix sum: a scan (CUB's) when x and y are apart, the nest in one
// thread when they overlap (prefix(n, x, x) is then the in-place prefix sum).
void prefix(int n, float *x, float *y) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    y[i] = y[i - 1] + x[i];
}
