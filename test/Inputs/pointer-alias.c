// Pointers the function derives (struct members, pointer variables) that
// may point into each other or into the call's arguments: the GPU copies
// must share memory where the host ranges do (test/Validate/pointer-alias.test).
struct image {
  int w, h;
  float *data;
};
struct buf {
  int n;
  float *data;
};
float *pick(float *a, int k);

// Two images whose pixels may be one buffer (in place, or a row apart).
void blur(struct image *src, struct image *dst) {
#pragma loopgpu
  for (int y = 1; y < src->h - 1; y++)
    for (int x = 0; x < src->w; x++)
      dst->data[y * src->w + x] = (src->data[(y - 1) * src->w + x] + src->data[(y + 1) * src->w + x]) * 0.5f;
}

// A member pointer that may point into an argument the first nest writes.
void scale_then_read(int n, float *a, struct buf *p, double *out) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 2.0f + 1.0f;
#pragma loopgpu
  for (int i = 0; i < p->n; i++)
    out[i] = p->data[i] * 3.0;
}

// A member pointer written between nests on the argument, host code after it.
void bump(int n, float *a, struct buf *p) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    a[i] = a[i] + 1.0f;
#pragma loopgpu
  for (int i = 0; i < p->n; i++)
    p->data[i] = p->data[i] * 10.0f;
  a[0] = a[0] + a[n - 1];
#pragma loopgpu
  for (int i = 1; i < n; i++)
    a[i] = a[i] + a[0];
}

// A pointer variable the function gets from elsewhere.
void shiftp(int n, int k, int into_b, float *a, float *b) {
  float *p = pick(into_b ? b : a, k);
#pragma loopgpu
  for (int i = 0; i < n; i++)
    b[i] = p[i] + a[i];
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i] = p[i] * 0.5f + b[i];
}

// A nest inside a host loop that touches its arrays: the nest copies them itself.
void hostloop(int n, float *a, float *b) {
  for (int t = 0; t < 2; t++) {
    a[0] += 1.0f;
#pragma loopgpu
    for (int i = 1; i < n; i++)
      b[i] = a[i - 1] + 1.0f;
  }
}

// A pointer indexed before its first element (valid C: p points into a).
void before(int n, float *a, float *b) {
  float *p = pick(a, 1);
#pragma loopgpu
  for (int i = 0; i < n; i++)
    b[i] = p[i - 1] * 2.0f;
}
