static double new[100];
static float threadIdx[50][50];
int hist[16];
static double acc;

void f1(int n) {
#pragma loopgpu
  for (int i = 0; i < 100; i++)
    new[i] = new[i] * 0.5 + i;
  acc = new[3];
#pragma loopgpu
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 50; j++)
      threadIdx[i][j] += (float)new[(i + j) % 100];
}

void f2(int n) {
#pragma loopgpu
  for (int i = 0; i < 16; i++)
    hist[i] = hist[i] * 3 + i;
#pragma loopgpu
  for (int i = 0; i < 100; i++)
    acc += new[i];
}
