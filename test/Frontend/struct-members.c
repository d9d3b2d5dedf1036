// REQUIRES: cpu-emulation
// Members of structs in nests (`p.n`, `d->alpha`, `c.grid.ny`, `st->sum`):
// each is a variable of the nest, declared by the host code just before the
// nest with the member's value (a parameter when it is an integer the nest
// only reads: loop bounds, subscripts, guards) and stored back after it when
// the nest writes it (reductions into members). A member reached through a
// pointer that a written array may point into gets a run-time check that
// stops the program where it does. A pointer member (`img->pixels`) is an
// array the nest indexes, copied to the GPU and back around the nest. The CUDA matches the original under the
// emulation; what stays refused gets located errors.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/out.cu 2> %t/warnings
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// RUN: FileCheck %s --check-prefix=WARN < %t/warnings
// RUN: FileCheck %s --check-prefix=KERN < %t/out.cu
// RUN: %loopgpu %s -emit=c | FileCheck %s --check-prefix=EMITC
// RUN: %loopgpu %s -emit=deps | FileCheck %s --check-prefix=DEPS
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v --param c_grid_ny=29 --param c_grid_nx=41 2>/dev/null | FileCheck %s --check-prefix=VAL
// RUN: %expect_exit 1 %loopgpu %s -- -DUNION 2>&1 | FileCheck %s --check-prefix=UNION
// RUN: %expect_exit 1 %loopgpu %s -- -DAOS 2>&1 | FileCheck %s --check-prefix=AOS
// RUN: %expect_exit 1 %loopgpu %s -- -DPTRMEMBER 2>&1 | FileCheck %s --check-prefix=PTRMEMBER
// RUN: %expect_exit 1 %loopgpu %s -- -DTWOPOINTERS 2>&1 | FileCheck %s --check-prefix=TWOPOINTERS
// RUN: %loopgpu %s -o %t.alias.cu -- -DMEMBERALIAS 2>&1 | FileCheck %s --check-prefix=MEMBERALIAS
// RUN: FileCheck %s --check-prefix=MEMBERALIAS-CUDA < %t.alias.cu
// VAL-NOT: FAIL
#include <stddef.h>
typedef struct { int rows, cols; float alpha; } dims_t;
struct stats { double sum; int count; float max; };
struct cfg { struct { int nx, ny; } grid; float dt; };
struct window { int lo, len, off; };

// Non-restrict arrays: d->alpha (float) may lie in y, d->rows (int) may not.
// WARN: struct-members.c:[[@LINE+9]]:13: warning: 'd->alpha' is read once, before the nest; a run-time check stops the program where it lies in 'y'
// WARN-NOT: 'd->rows'
// CUDA-LABEL: extern "C" void axpy(const dims_t *d, float *y, const float *x) {
// CUDA: const int d_rows = d->rows; // line [[@LINE+5]]
// CUDA-NEXT: const float d_alpha = d->alpha; // line [[@LINE+5]]
// CUDA-NEXT: loopgpu_member_apart(&d->alpha, sizeof(d_alpha), y, loopgpu_bytes({{.*}}), "axpy: 'd->alpha' lies in 'y', which the nest at line [[@LINE+2]] accesses
void axpy(const dims_t *d, float *y, const float *x) {
#pragma loopgpu
  for (int i = 0; i < d->rows; i++)
    y[i] += d->alpha * x[i];
}

// Reductions into members through a pointer: stored back after the nest.
// DEPS-LABEL: nest accumulate#0
// DEPS: loop i (line [[@LINE+9]]): reduction: st_sum (+), st_count (+)
// CUDA-LABEL: extern "C" void accumulate(int n, const double *__restrict__ v, struct stats *__restrict__ st) {
// CUDA: double st_sum = st->sum; // line [[@LINE+8]]
// CUDA-NEXT: int st_count = st->count; // line [[@LINE+8]]
// CUDA-NOT: loopgpu_member_apart
// CUDA: st->sum = st_sum;
// CUDA-NEXT: st->count = st_count;
void accumulate(int n, const double *restrict v, struct stats *restrict st) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    st->sum += v[i];
    st->count += v[i] > 0.75;
  }
}

// Nested members of a struct passed by value, as 2-D loop bounds.
// DEPS-LABEL: nest smooth#0 (line {{[0-9]+}}), version 'apart'
// DEPS: loop j (line [[@LINE+5]]): parallel
// DEPS: loop i (line [[@LINE+5]]): parallel
// KERN: __global__ void __launch_bounds__({{.*}}) smooth_nest0_apart_kernel(int c_grid_ny, int c_grid_nx, int ny, int nx, float c_dt,
void smooth(struct cfg c, int ny, int nx, float out[ny][nx], const float in[ny][nx]) {
#pragma loopgpu
  for (int j = 1; j < c.grid.ny - 1; j++)
    for (int i = 1; i < c.grid.nx - 1; i++)
      out[j][i] = in[j][i] + c.dt * (in[j][i - 1] + in[j][i + 1] - 2 * in[j][i]);
}

// A local struct the nest writes; the function returns what it holds.
// EMITC-LABEL: double mean(int n, const double *restrict v) {
// EMITC: double s_sum = s.sum; /* the member as a variable of the nest, stored back after it -- line [[@LINE+6]] */
// EMITC: s.sum = s_sum;
double mean(int n, const double *restrict v) {
  struct stats s = {0, 0, 0};
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s.sum += v[i];
  return s.sum / n;
}

// Members in a guard and a subscript; host code between two nests changes
// the struct (each nest reads the members where it starts); the name w_len
// is the function's own, so the member's variable is another.
// CUDA-LABEL: extern "C" void window_copy(struct window w, int n, float *__restrict__ a, const float *__restrict__ b) {
// CUDA: const int w_len_2 = w.len; // line [[@LINE+12]]
// CUDA-NEXT: const int w_lo = w.lo; // line [[@LINE+12]]
// CUDA-NEXT: const int w_off = w.off; // line [[@LINE+11]]
// CUDA: w.lo = w.lo + w_len;
// CUDA: const int w_lo = w.lo; // line [[@LINE+14]]
// EMITC-LABEL: void window_copy(
// EMITC: for (int i = 0; i < w_len_2; i++) { /* parallel -- line [[@LINE+6]] */
// EMITC-NEXT: if (i + w_lo < n && i + w_off < n) {
// EMITC-NEXT: a[i + w_lo] = b[i + w_off] * 2;
void window_copy(struct window w, int n, float a[restrict n], const float b[restrict n]) {
  int w_len = w.len / 2;
#pragma loopgpu
  for (int i = 0; i < w.len; i++)
    if (i + w.lo < n && i + w.off < n)
      a[i + w.lo] = b[i + w.off] * 2;
  w.lo = w.lo + w_len;
#pragma loopgpu
  for (int i = 0; i < w_len; i++)
    if (i + w.lo < n)
      a[i + w.lo] += 1;
}

// Pointer members: the arrays behind them are the nest's (pointer variables:
// they may alias any other array; restrict on the member says they do not).
// CUDA-LABEL: extern "C" void brighten(struct image *img, float gain) {
// CUDA: const int img_h = img->h; // line [[@LINE+12]]
// CUDA-NEXT: const int img_w = img->w; // line [[@LINE+12]]
// CUDA-NEXT: float *const img_pixels = img->pixels; // line [[@LINE+12]]
// CUDA-NOT: img->pixels =
// CUDA: brighten_nest0_device(img_h, img_w, gain, loopgpu_d_img_pixels);
// CUDA-NOT: img->pixels =
// CUDA-LABEL: extern "C" float trace(struct matrix m) {
// CUDA: const float *const m_data = m.data; // line [[@LINE+13]]
struct image { int w, h; float *pixels; };
struct matrix { int n; const float *restrict data; };
void brighten(struct image *img, float gain) {
#pragma loopgpu
  for (int y = 0; y < img->h; y++)
    for (int x = 0; x < img->w; x++)
      img->pixels[y * img->w + x] *= gain;
}
float trace(struct matrix m) {
  float t = 0;
#pragma loopgpu
  for (int i = 0; i < m.n; i++)
    t += m.data[i * m.n + i];
  return t;
}

// Bit-fields (no address: no run-time check), and a nest whose last token
// is a member's (the nest's text ended at the member's first token: the
// host function kept '->scale;' after the nest and did not compile).
// CUDA-LABEL: extern "C" void limit(int n, const struct opts *o, int *a) {
// CUDA: const unsigned int o_clamp = o->clamp;
// CUDA-NOT: loopgpu_member_apart
// CUDA-NOT: }->scale
// CUDA: {{^}$}}
struct opts { unsigned clamp : 1; unsigned scale : 7; };
void limit(int n, const struct opts *o, int *a) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    a[i] = o->clamp ? (a[i] > 100 ? 100 : a[i]) : a[i] * (int)o->scale;
}

// VAL: validating axpy with d_rows=
// VAL: PASS axpy: y
// VAL: PASS accumulate: st->sum (1 elements)
// VAL: PASS accumulate: st->count (1 elements)
// VAL: validating smooth with c_grid_ny=29 c_grid_nx=41
// VAL: PASS smooth: out
// VAL: PASS mean: return value
// VAL: PASS window_copy: a
// VAL: validating brighten with img_h={{[0-9]+}} img_w={{[0-9]+}}
// VAL: PASS brighten: img->pixels[] ({{[0-9]+}} elements)
// VAL: validating trace with m_n=
// VAL: PASS trace: return value
// VAL: PASS limit: a
// VAL: {{^PASS$}}

#ifdef UNION
union bits { float f; int i; };
// UNION: struct-members.c:[[@LINE+4]]:12: error: struct member access 'u.i' (a union member (its members share memory)) is not supported inside a '#pragma loopgpu' nest
void from_union(int n, union bits u, int *restrict a) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    a[i] = u.i + i;
}
#endif
#ifdef AOS
// Arrays of structs of one arithmetic type are rows of numbers
// (test/Frontend/arrays-of-structs.c); of mixed types, refused.
typedef struct { float x; int id; } particle;
// AOS: struct-members.c:[[@LINE+4]]:21: error: struct member access 'ps[i].id' (a member of an element of an array of structs whose members are not all of one arithmetic type, or that has padding, a bit-field, a union or an anonymous member (loopgpu takes arrays of structs like 'struct { float x, y, z; }', whose elements are rows of numbers)) is not supported
void move(int n, particle *ps, float dt) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    ps[i].x += dt * ps[i].id;
}
#endif
#ifdef PTRMEMBER
struct rows { int n; float **row; };
// PTRMEMBER: struct-members.c:[[@LINE+5]]:7: error: subscripting the struct member 'r->row' (an array member, or a pointer member to other than numbers (copy the pointer into a local variable before the nest: 'float *data = r->row;')) is not supported
void clear(struct rows *r) {
#pragma loopgpu
  for (int i = 0; i < r->n; i++)
    for (int j = 0; j < r->n; j++)
      r->row[i][j] = 0;
}
#endif
#ifdef TWOPOINTERS
// TWOPOINTERS: struct-members.c:[[@LINE+4]]:5: error: 'a->sum', which the nest writes, and 'b->sum' may be one variable ('a' and 'b' may point to the same struct)
void add(int n, struct stats *a, const struct stats *b, const double *restrict x) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    a->sum += b->sum * x[i];
}
#endif
#ifdef MEMBERALIAS
// Two pointer members of one type, one written: pointer variables that may
// point into each other: their GPU copies share memory where they overlap
// (test/Validate/pointer-alias.test), a check picks the version for them
// apart; named as the C spells them.
// MEMBERALIAS: struct-members.c:[[@LINE+9]]:7: warning: 'dst->pixels' may alias 'src->pixels' (neither is declared restrict)
// MEMBERALIAS: warning: a run-time check was emitted: when 'src->pixels' and 'dst->pixels' do not overlap
// MEMBERALIAS-CUDA: "copy_image nest 0 (line [[@LINE+4]])", "src->pixels and dst->pixels")) {
// MEMBERALIAS-CUDA: loopgpu_nest_region loopgpu_nest({{[{][{]}}src_pixels, {{.*}}, false},
// MEMBERALIAS-CUDA-NEXT: {dst_pixels, {{.*}}, true}},
void copy_image(const struct image *src, struct image *dst) {
#pragma loopgpu
  for (int i = 0; i < src->h * 64; i++)
    if (i < dst->w)
      dst->pixels[i] = src->pixels[i];
}
#endif
