// Calls scale_by (CUDA host function) and ref_scale_by (the original) with
// the struct apart from the arrays, then (argument "inside") with the struct
// inside y: there the CUDA must stop the program rather than read p->alpha
// once (C reads it again after y[i] overwrites it).
#include <math.h>
#include <stdio.h>
#include <string.h>
typedef struct { int n; float alpha; } args_t;
void scale_by(const args_t *p, float *y, const float *x);
void ref_scale_by(const args_t *p, float *y, const float *x);
int main(int argc, char **argv) {
  enum { N = 64 };
  float x[N], y[N], z[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.5f + 0.25f * (i % 9);
    y[i] = z[i] = -1;
  }
  if (argc > 1 && !strcmp(argv[1], "inside")) {
    union { args_t a; float f[N]; } u; // the struct where y's elements are
    u.a.n = N / 2;
    u.a.alpha = 3;
    scale_by(&u.a, u.f + 1, x);
    printf("FAIL: the call returned\n");
    return 0;
  }
  args_t p = {N, 2.5f};
  ref_scale_by(&p, z, x);
  scale_by(&p, y, x);
  for (int i = 0; i < N; i++)
    if (fabsf(y[i] - z[i]) > 1e-6f) {
      printf("FAIL apart: element %d: original %g, cuda %g\n", i, z[i], y[i]);
      return 1;
    }
  printf("PASS apart\n");
  return 0;
}
