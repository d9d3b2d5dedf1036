#define H 300
#define W 400
const float K[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
float img[H][W], out[H][W];
int histo[256];

void blur(void) {
#pragma loopgpu
  for (int y = 1; y < H - 1; y++)
    for (int x = 1; x < W - 1; x++) {
      float s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += K[dy + 1][dx + 1] * img[y + dy][x + dx];
      out[y][x] = s / 16;
    }
}

double dot(int n, const double *a, const double *b) {
  double s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}
