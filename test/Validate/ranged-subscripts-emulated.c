// REQUIRES: cpu-emulation
// Subscripts read from data whose values lie in a known range whatever the
// data: a mask (`v[i] & 255`), a narrow unsigned element (`c[i]` of unsigned
// char), `x % 64` and `x >> 24` of an unsigned x, and sums of such with
// affine terms. The accesses touch that range (-emit=ir shows it), so a
// pointer is sized without a data clause and a histogram's bins go to
// shared memory. A signed remainder can be negative: still a data clause.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=ir 2>&1 | FileCheck %s --check-prefix=IR
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/a.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NVCC %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=5000 --validate-dir=%t/v 2>&1 | FileCheck %s
// RUN: not %loopgpu %s -o /dev/null -- -DSIGNED 2>&1 | FileCheck %s --check-prefix=SIGNED

#include <stdint.h>

void masked(int n, const int *restrict v, int *restrict h) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    h[v[i] & 255]++;
}
// IR-LABEL: nest 0 in masked
// IR: write h[(v[i] & 255)] where (v[i] & 255) >= 0 and (v[i] & 255) <= 255 (non-affine: h[v[i] & 255])
// CUDA: __shared__ int loopgpu_bins_h[256]; // h's 256 elements

void bytes(int n, const unsigned char *restrict data, unsigned *restrict hist) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    hist[data[i]] += 1u;
}
// IR-LABEL: nest 0 in bytes
// IR: write hist[data[i]] where data[i] >= 0 and data[i] <= 255 (non-affine: hist[data[i]])
// CUDA: __shared__ unsigned int loopgpu_bins_hist[256]; // hist's 256 elements

/* A radix sort's digit counts: the top byte, and the low six bits. */
void digits(int n, const uint32_t *restrict keys, int *restrict top, int *restrict low) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    top[keys[i] >> 24] += 1;
    low[keys[i] % 64u] += 1;
  }
}
// IR-LABEL: nest 0 in digits
// IR: write top[(keys[i] >> 24)] where (keys[i] >> 24) >= 0 and (keys[i] >> 24) <= 255
// IR: write low[(keys[i] % 64u)] where (keys[i] % 64u) >= 0 and (keys[i] % 64u) <= 63

/* Four channels of bins in one array, and a weight at an offset. */
void channels(int n, const unsigned char *restrict px, const int *restrict ch, float *restrict bins,
              float *restrict w) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    bins[(ch[i] & 3) * 256 + px[i]] += 1.0f;
    w[10 + (ch[i] & 7)] += 0.5f;
  }
}
// IR-LABEL: nest 0 in channels
// IR: write bins[256*(ch[i] & 3) + px[i]] where (ch[i] & 3) >= 0 and (ch[i] & 3) <= 3 and px[i] >= 0 and px[i] <= 255
// CUDA: __shared__ float loopgpu_bins_bins[1024]; // bins's 1024 elements

/* Clamps the min / max forms do not read: nested choices, through a
   function of the file too; and a choice by data between two elements. */
static inline int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
void blur(int n, const float *restrict in, const int *restrict flag, float *restrict out, float *restrict pick) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = -2; k <= 2; k++)
      s += in[clampi(i + k, 0, n - 1)] + in[i + k < 0 ? 0 : i + k > n - 1 ? n - 1 : i + k];
    out[i] = s;
    pick[flag[i] > 0 ? 2 * i : 2 * i + 1] = s;
  }
}
// IR-LABEL: nest 0 in blur
// IR: read in[sel[[A:[0-9]+]]] where ((i + k < 0) && (sel[[A]] == 0)) || ((!(i + k < 0)) && (sel[[A]] == min(i + k, n - 1))) (non-affine: in[clampi(i + k, 0, n - 1)])
// IR: read in[sel[[B:[0-9]+]]] where ((i + k < 0) && (sel[[B]] == 0)) || ((!(i + k < 0)) && (sel[[B]] == min(i + k, n - 1))) (non-affine: in[i + k < 0 ? 0
// IR: write pick[sel[[C:[0-9]+]]] where (sel[[C]] == 2*i) || (sel[[C]] == 2*i + 1) (non-affine: pick[flag[i] > 0 ? 2 * i : 2 * i + 1])

#ifdef SIGNED
void signed_rem(int n, const int *restrict v, int *restrict h) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    h[v[i] % 16]++;
}
/* A mask that only clears the sign: 2^31 elements are no size to copy. */
void wide_mask(int n, const int *restrict v, int *restrict g) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    g[v[i] & 0x7fffffff]++;
}
#endif
// SIGNED-DAG: error: cannot tell how many elements of 'h' the nest touches
// SIGNED-DAG: error: cannot tell how many elements of 'g' the nest touches

// NVCC-NOT: {{warning|error}}

// CHECK: PASS masked: h (256 elements)
// CHECK: PASS bytes: hist (256 elements)
// CHECK: PASS digits: top (256 elements)
// CHECK: PASS digits: low (64 elements)
// CHECK: PASS channels: bins (1024 elements)
// CHECK: PASS channels: w (18 elements)
// CHECK: PASS blur: out (5000 elements)
// CHECK: PASS blur: pick (10000 elements)
// CHECK-NOT: FAIL
