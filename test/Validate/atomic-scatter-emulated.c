// REQUIRES: cpu-emulation
// Reductions that scatter into elements threads may share (a histogram, a
// scatter-add through an index array, `--`, `-=`, 8-byte and unsigned elements,
// a 2-D nest) run across threads, one atomicAdd each (into a block's copy in
// shared memory for hist and H: Validate/shared-bins-emulated.c); others (`=`,
// `*=`, a float added to an int element, `sequential`) stay in one thread.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/a.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NVCC %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1000 --validate-dir=%t/v 2>&1 | FileCheck %s
// An update that adds 2 instead of 1 fails: the comparison sees the counts.
// RUN: sed -i 's/atomicAdd(&loopgpu_bins_hist\[loopgpu_bin\], (int)(1))/atomicAdd(\&loopgpu_bins_hist[loopgpu_bin], (int)(2))/' %t/v/kernels.cu
// RUN: grep -c 'atomicAdd(&loopgpu_bins_hist\[loopgpu_bin\], (int)(2))' %t/v/kernels.cu
// RUN: %expect_exit 1 bash %t/v/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN

void histogram(int n, const unsigned char *restrict data, int *restrict hist) {
#pragma loopgpu copy(hist[0:256])
  for (int i = 0; i < n; i++)
    hist[data[i]]++;
}

void scatter(int n, int m, const int *restrict idx, const float *restrict w, float *restrict acc,
             long long *restrict cnt, double *restrict dsum, unsigned *restrict u) {
#pragma loopgpu copy(acc[0:m], cnt[0:m], dsum[0:m], u[0:m])
  for (int i = 0; i < n; i++) {
    int k = idx[i] % m;
    acc[k] += w[i] * 2.0f;
    cnt[k]--;
    dsum[k] -= (double)w[i];
    u[(k * 7) % m] += 3u;
  }
}

void twod(int n, int m, const int B[restrict n][m], int H[restrict 64]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      H[(B[i][j] + i) & 63] += 1;
}

void not_sums(int n, const int *restrict idx, int *restrict h, const float *restrict w, float *restrict g) {
#pragma loopgpu copy(g[0:100])
  for (int i = 0; i < n; i++)
    g[idx[i] % 100] *= 0.5f;
#pragma loopgpu copy(h[0:100])
  for (int i = 0; i < n; i++)
    h[idx[i] % 100] += w[i];
#pragma loopgpu sequential copy(h[0:100])
  for (int i = 0; i < n; i++)
    h[idx[i] % 100] += 1;
}

// CUDA: //   loop i (line 19) runs across threads: its reductions scatter into elements threads may share, each update an atomicAdd
// CUDA: //   loop i (line 26) runs across threads
// CUDA: //   loop i (line 37) runs across threads
// CUDA: //   loop j (line 38) runs across threads
// CUDA: //   loop i (line 44) runs in one thread: reduction: g[idx[i] % 100] (*)
// CUDA: //   loop i (line 47) runs in one thread: reduction: h[idx[i] % 100] (+)
// CUDA: //   loop i (line 50) runs in one thread: '#pragma loopgpu sequential' keeps it sequential
// CUDA: // line 20: hist[data[i]]++ into the block's bins (threads may update the same element)
// CUDA-NEXT: if (const long long loopgpu_bin = &hist[data[i]] - &hist[0]; loopgpu_bin >= 0 && loopgpu_bin < 256)
// CUDA-NEXT:   atomicAdd(&loopgpu_bins_hist[loopgpu_bin], (int)(1));
// CUDA-NEXT: else // past the bins
// CUDA-NEXT:   atomicAdd(&hist[data[i]], (int)(1));
// CUDA: atomicAdd(&acc[{{.*}}], (float)(w[i] * 2.0f)); // line 28: acc[k] += w[i] * 2.0f
// CUDA: atomicAdd((unsigned long long *)&cnt[{{.*}}], (unsigned long long)(-1)); // line 29: cnt[k]--
// CUDA: atomicAdd(&dsum[{{.*}}], (double)(-((double)w[i]))); // line 30: dsum[k] -= (double)w[i]
// CUDA: atomicAdd(&u[{{.*}}], (unsigned int)(3u)); // line 31: u[(k * 7) % m] += 3u
// CUDA: atomicAdd(&loopgpu_bins_H[loopgpu_bin], (int)(1));
// CUDA-NEXT: else // past the bins
// CUDA-NEXT:   atomicAdd(&H[{{.*}}], (int)(1));
// CUDA: atomicAdd(((&H[0]) + loopgpu_b), (int)loopgpu_bins_H[loopgpu_b]);
// CUDA-NOT: atomicAdd(

// NVCC-NOT: {{error|warning}}

// CHECK-NOT: FAIL
// CHECK: PASS histogram: hist (256 elements)
// CHECK: PASS scatter: acc
// CHECK: PASS scatter: cnt
// CHECK: PASS scatter: dsum
// CHECK: PASS scatter: u
// CHECK: PASS twod: H (64 elements)
// CHECK: PASS not_sums: h (100 elements)
// CHECK: PASS not_sums: g (100 elements)
// CHECK: {{^PASS$}}

// BROKEN: FAIL histogram: hist
