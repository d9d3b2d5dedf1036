// Arrays of structs whose members are all of one arithmetic type (particles,
// complex numbers, atoms with member arrays, nested vectors): each element is
// a row of numbers, so `struct particle *p` is p[*][6] of float and `p[i].vx`
// is p[i][3], an affine access with exact dependences; the kernels index the
// scalars (`p[(i) * (6) + (3)]`, a comment names the members), the host
// function takes the pointer as a pointer to the scalars (the same pointer),
// copies n * 6 floats, and host code between nests reads and writes elements
// (`p[0].vx = 1.0f;`) through the struct's type. Before, every one was refused
// ("a member of an element of an array of structs"). Structs of mixed types,
// whole elements, members through pointer arithmetic and local arrays of
// structs stay refused with located errors.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=ir 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -o %t/out.cu 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// RUN: FileCheck %s --check-prefix=GRAY < %t/out.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/out.cu -o %t/out.o %}
// RUN: %loopgpu %s -emit=c -o %t/out.c 2>/dev/null
// RUN: FileCheck %s --check-prefix=EMITC < %t/out.c
// RUN: %cc -std=c99 -Wall -Werror -c %t/out.c -o %t/out-c.o
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v 2>/dev/null | FileCheck %s --check-prefix=VALID
// RUN: not %loopgpu %S/Inputs/arrays-of-structs-refused.c -o %t/bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// QUIET-NOT: error
struct particle { float x, y, z, vx, vy, vz; };
typedef struct { double re, im; } cplx;
struct atom { float pos[3]; float f[3]; };
struct vec3 { float x, y, z; };
struct body { struct vec3 p, v; float m; float pad[3]; };

// IR-LABEL: nest 0 in push
// IR:       array p: float[*][6] (struct particle) fixed-size restrict
// IR:       S1 (line {{[0-9]+}}): p[i].x += dt * p[i].vx
// IR-NEXT:    read dt
// IR-NEXT:    read p[i][3]
// IR-NEXT:    read p[i][0]
// IR-NEXT:    write p[i][0]
// CUDA:       // p: an array of struct particle as float[6] per element (.x .y .z .vx .vy .vz): p[...].x is p[...][0], linearized below
// CUDA-NEXT:  __global__ void {{.*}}push_nest0_kernel(int n, float dt, float *__restrict__ p) {
// CUDA:       p[(i) * (6) + (0)] += dt * p[(i) * (6) + (3)]; // line {{[0-9]+}}
void push(int n, float dt, struct particle *restrict p) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    p[i].x += dt * p[i].vx;
    p[i].y += dt * p[i].vy;
    p[i].z += dt * p[i].vz;
  }
}

// Without restrict: the element type's may-alias and its run-time version.
// IR-LABEL: nest 0 in cmul
// IR:       array a: double[*][2] (cplx) fixed-size const may-alias(b) may-alias(c)
// IR:       S1 (line {{[0-9]+}}): c[i].re = a[i].re * b[i].re - a[i].im * b[i].im
void cmul(int n, const cplx *a, const cplx *b, cplx *c) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    c[i].re = a[i].re * b[i].re - a[i].im * b[i].im;
    c[i].im = a[i].re * b[i].im + a[i].im * b[i].re;
  }
}

// A member array's subscript times its stride, from the member's first
// scalar: a[i].f[d] is a[i][3 + d].
// IR-LABEL: nest 0 in forces
// IR:       read a[i][d]
// IR-NEXT:  write a[i][d + 3]
// EMITC:      ((float *)&a[i])[3 + d] = -k * ((float *)&a[i])[0 + d];
void forces(int n, float k, struct atom *restrict a) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int d = 0; d < 3; d++)
      a[i].f[d] = -k * a[i].pos[d];
}

// Nested structs: b[i].v.y is scalar 4, b[i].m scalar 6 of 10.
// IR-LABEL: nest 0 in drift
// IR:       array b: float[*][10] (struct body)
// IR:       S2 (line {{[0-9]+}}): b[i].p.y += dt * b[i].v.y / b[i].m
// IR-NEXT:    read dt
// IR-NEXT:    read b[i][4]
// IR-NEXT:    read b[i][6]
void drift(int n, float dt, struct body *restrict b) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    b[i].p.x += dt * b[i].v.x / b[i].m;
    b[i].p.y += dt * b[i].v.y / b[i].m;
    b[i].p.z += dt * b[i].v.z / b[i].m;
  }
}

// A VLA of structs: A[i][j].im is A[i][j][1]; both loops parallel.
// IR-LABEL: nest 0 in cgrid
// IR:       array A: double[n][m][2] (cplx) vla-param restrict
// EMITC:    A[i][j].re = s * re - A[i][j].im;
void cgrid(int n, int m, cplx A[restrict n][m], double s) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      double re = A[i][j].re;
      A[i][j].re = s * re - A[i][j].im;
      A[i][j].im = s * A[i][j].im + re;
    }
}

// A reduction over one member.
// IR-LABEL: nest 0 in mass
// IR:       read b[i][6]
double mass(int n, const struct body *restrict b) {
  double total = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    total += b[i].m;
  return total;
}

// Host code between nests reads and writes elements: the copies around it
// (what it writes goes back to the GPU before the second nest).
// CUDA-LABEL: extern "C" void kick(int n, float dt, float *__restrict__ p) {
// CUDA:       (*(struct particle *)(p + ((0)) * (6))).vx = 1.0f;
// CUDA-NEXT:  loopgpu_copy_in(loopgpu_dev_p, p,
// CUDA:       LOOPGPU_CHECK(cudaMemcpy(p, loopgpu_dev_p,
// CUDA:       (*(struct particle *)(p + ((1)) * (6))).vy = (*(struct particle *)(p + ((0)) * (6))).x;
// CUDA-NEXT:  loopgpu_copy_in(loopgpu_dev_p, p,
void kick(int n, float dt, struct particle *restrict p) {
  p[0].vx = 1.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i].x += dt * p[i].vx;
  p[1].vy = p[0].x;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i].y += dt * p[i].vy;
}

// An image of pixels indexed by one flat subscript: delinearized as a flat
// pointer is, the struct's scalars its last dimension (img[*][w][3]).
// IR-LABEL: nest 0 in gray
// IR:       array img: float[*][w][3] (rgb) fixed-size const restrict delinearized
// IR:       read img[y][x][0] (delinearized from img[y * w + x].r)
// GRAY:     0.299f * img[(y * w + x) * (3) + (0)]
typedef struct { float r, g, b; } rgb;
void gray(int h, int w, const rgb *restrict img, float *restrict out) {
#pragma loopgpu
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = 0.299f * img[y * w + x].r + 0.587f * img[y * w + x].g + 0.114f * img[y * w + x].b;
}

// A global array of structs, and a local one of the function (host code
// fills it, a nest updates it, host code sums it).
// IR-LABEL: nest 0 in gpush
// IR:       array P: float[1000][6] (struct particle) fixed-size
// IR-LABEL: nest 0 in local_sum
// IR:       array tmp: float[256][6] (struct particle) fixed-size
struct particle P[1000];
void gpush(int n, float dt) {
#pragma loopgpu
  for (int i = 0; i < n && i < 1000; i++)
    P[i].x += dt * P[i].vx;
}
float local_sum(const float in[restrict 256]) {
  struct particle tmp[256];
  for (int i = 0; i < 256; i++) {
    tmp[i].x = in[i];
    tmp[i].vx = 2 * in[i];
  }
#pragma loopgpu
  for (int i = 0; i < 256; i++)
    tmp[i].y = tmp[i].x + tmp[i].vx;
  float s = 0;
  for (int i = 0; i < 256; i++)
    s += tmp[i].y;
  return s;
}

// VALID: PASS push: p (222 elements)
// VALID: PASS cmul: c (74 elements)
// VALID: PASS forces: a (222 elements)
// VALID: PASS drift: b (370 elements)
// VALID: PASS cgrid: A (3922 elements)
// VALID: PASS mass: return value
// VALID: PASS kick: p (222 elements)
// VALID: PASS gray: out
// VALID: PASS gpush: P (6000 elements)
// VALID: PASS local_sum: return value
// VALID: {{^PASS$}}

// BAD: arrays-of-structs-refused.c:9:5: error: struct member access 'p[i].x' (a member of an element of an array of structs whose members are not all of one arithmetic type
// BAD: arrays-of-structs-refused.c:14:12: error: a whole element of 'p', an array of 'struct pair' (use its members: 'p[i].x') is not supported
// BAD: arrays-of-structs-refused.c:19:5: error: struct member access '(p + i)->x' (a member of 'p + i') is not supported
// BAD: arrays-of-structs-refused.c:24:17: error: declaring array 't' of type 'struct pair[2]' is not supported
