// Element-wise: the CUDA result must equal the original's to 1e-5.
void scale(int n, const float x[restrict n], float y[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 3.0f;
}
