// Calls the CUDA host functions of pointer-alias.c and the originals
// (renamed ref_*) on pointers into one buffer and compares every element
// of the buffers.
#include <math.h>
#include <stdio.h>
#include <string.h>
struct image {
  int w, h;
  float *data;
};
struct buf {
  int n;
  float *data;
};
void blur(struct image *src, struct image *dst);
void ref_blur(struct image *src, struct image *dst);
void scale_then_read(int n, float *a, struct buf *p, double *out);
void ref_scale_then_read(int n, float *a, struct buf *p, double *out);
void bump(int n, float *a, struct buf *p);
void ref_bump(int n, float *a, struct buf *p);
void shiftp(int n, int k, int into_b, float *a, float *b);
void ref_shiftp(int n, int k, int into_b, float *a, float *b);
void hostloop(int n, float *a, float *b);
void ref_hostloop(int n, float *a, float *b);
void before(int n, float *a, float *b);
void ref_before(int n, float *a, float *b);
float *pick(float *a, int k) { return a + k; }

enum { N = 4096 };
static float x[N], y[N], x2[N], y2[N];
static double out[N], out2[N];
static int failures;

static void fill(int seed) {
  for (int i = 0; i < N; i++) {
    x[i] = x2[i] = 0.25f * ((i * 7 + seed) % 17) - 2.0f;
    y[i] = y2[i] = 0.5f * ((i * 5 + seed) % 13) - 3.0f;
    out[i] = out2[i] = -1.0;
  }
}
static void same(const char *what) {
  for (int i = 0; i < N; i++)
    if (fabsf(x[i] - x2[i]) > 1e-5f * fmaxf(1.0f, fabsf(x[i])) ||
        fabsf(y[i] - y2[i]) > 1e-5f * fmaxf(1.0f, fabsf(y[i])) ||
        fabs(out[i] - out2[i]) > 1e-9 * fmax(1.0, fabs(out[i]))) {
      printf("FAIL %s: element %d: original %g %g %g, cuda %g %g %g\n", what, i, x[i], y[i], out[i], x2[i], y2[i],
             out2[i]);
      failures++;
      return;
    }
  printf("PASS %s\n", what);
}

// src at x + s, dst at x + d (or in y when d < 0).
static void blur_case(const char *what, int w, int h, int s, int d) {
  fill(w + s + d);
  struct image src = {w, h, x + s}, dst = {w, h, d < 0 ? y : x + d};
  struct image src2 = {w, h, x2 + s}, dst2 = {w, h, d < 0 ? y2 : x2 + d};
  ref_blur(&src, &dst);
  blur(&src2, &dst2);
  same(what);
}
// p->data at x + off (or in y when off < 0), p->n elements.
static void member_case(const char *what, void (*ref)(int, float *, struct buf *, double *),
                        void (*gpu)(int, float *, struct buf *, double *), int n, int off, int pn) {
  fill(n + off + pn);
  struct buf p = {pn, off < 0 ? y : x + off}, p2 = {pn, off < 0 ? y2 : x2 + off};
  ref(n, x, &p, out);
  gpu(n, x2, &p2, out2);
  same(what);
}
static void bump_case(const char *what, int n, int off, int pn) {
  fill(n + off + pn);
  struct buf p = {pn, off < 0 ? y : x + off}, p2 = {pn, off < 0 ? y2 : x2 + off};
  ref_bump(n, x, &p);
  bump(n, x2, &p2);
  same(what);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "before") == 0) { // stops: the nest indexes p[-1]
    fill(5);
    before(100, x2, y2);
    return 0;
  }
  blur_case("blur: src and dst apart", 37, 23, 0, -1);
  blur_case("blur: in place", 37, 23, 5, 5);
  blur_case("blur: dst a row after src", 37, 23, 0, 37);
  blur_case("blur: dst a row before src", 37, 23, 37, 0);
  member_case("scale_then_read: p->data is a", scale_then_read, ref_scale_then_read, 1000, 0, 1000);
  member_case("scale_then_read: p->data inside a", scale_then_read, ref_scale_then_read, 1000, 100, 300);
  member_case("scale_then_read: p->data over a's end", scale_then_read, ref_scale_then_read, 1000, 900, 500);
  member_case("scale_then_read: p->data apart", scale_then_read, ref_scale_then_read, 1000, -1, 500);
  bump_case("bump: p->data inside a", 1000, 10, 200);
  bump_case("bump: p->data over a's end", 1000, 950, 200);
  bump_case("bump: p->data apart", 1000, -1, 200);
  for (int into_b = 0; into_b < 2; into_b++)
    for (int k = 0; k < 4; k += 3) {
      char what[64];
      snprintf(what, sizeof what, "shiftp: p = %s + %d", into_b ? "b" : "a", k);
      fill(k + into_b);
      ref_shiftp(1000, k, into_b, x, y);
      shiftp(1000, k, into_b, x2, y2);
      same(what);
    }
  fill(1);
  ref_shiftp(1000, 0, 0, x, x + 2000);
  shiftp(1000, 0, 0, x2, x2 + 2000);
  same("shiftp: a and b apart in one buffer");
  fill(2);
  ref_hostloop(1000, x, x + 1);
  hostloop(1000, x2, x2 + 1);
  same("hostloop(n, x, x + 1)");
  fill(3);
  ref_hostloop(1000, x, x);
  hostloop(1000, x2, x2);
  same("hostloop(n, x, x)");
  fill(4);
  ref_hostloop(1000, x, y);
  hostloop(1000, x2, y2);
  same("hostloop apart");
  fill(6);
  ref_before(0, x, y);
  before(0, x2, y2);
  same("before: no iterations");
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
