// Fails: loopgpu %s -emit=c -o out.c && cc -std=c99 -c out.c
// out.c: error: 'i' undeclared. Distribution then permutation of loops i, j,
// l into j, l, i moves the triangular loop j (j <= i) outside loop i without
// rewriting its bound (utils/fuzz-pipeline.sh case 112, shrunk).

void f(int n, int m, int p, float B[restrict m + 4][n + 4]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float u = 1;
    for (int j = 0; j <= i; j++) {
      float v = 1;
      for (int l = 2; l < m; l = l + 3) {
        B[l + 2][j + 1] = 1;
      }
    }
  }
}
