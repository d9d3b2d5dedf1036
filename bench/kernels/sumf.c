// Sum of n floats (bench only: issue 7's float reduction).
float sumf(int n, const float *restrict x) {
  float s = 0.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
