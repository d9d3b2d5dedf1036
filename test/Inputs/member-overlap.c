// A member read through a pointer, arrays not restrict (struct-member-overlap.test).
typedef struct { int n; float alpha; } args_t;
void scale_by(const args_t *p, float *y, const float *x) {
#pragma loopgpu
  for (int i = 0; i < p->n; i++)
    y[i] = p->alpha * x[i];
}
