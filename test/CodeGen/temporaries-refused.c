// Temporaries the launcher cannot allocate: one per iteration of a loop that
// is parallel once each iteration has its own copy (g: each GPU thread would
// need one), or of a loop that runs inside a one-thread kernel (h). The
// requested distribution is then not used; the nest is mapped as written,
// with a warning naming the temporary and the loop.
// RUN: %loopgpu %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s < %t.cu
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --param m=5 --validate-dir %t1 2>/dev/null | FileCheck %s --check-prefix=PASS
void g(int n, int m, const float A[restrict n][m], float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
#pragma loopgpu distribute
    for (int j = 1; j < m; j++) {
      float s = A[i][j] * 2;
      B[i][j] = B[i][j - 1] + s;
    }
}
// WARN: temporaries-refused.c:[[@LINE-6]]:17: warning: 'distribute loop j (line 13) into 2 loops: {line 14}, {line 15}; 's' expanded into s_exp' needs a temporary array 's_exp' ('s' expanded along loop j (line 13)), allocated per iteration of loop i (line 11), which is parallel-after-privatization: mapping it would need a copy per GPU thread (the CUDA mapping allocates temporaries only at the start of the nest or in sequential loops that stay on the host); the nest is mapped as written (-emit=c shows the transformed nest)
// CHECK:     // nest 0 of g
// CHECK-NOT: transformed first
// CHECK:     //   g_nest0_kernel: block (32, 1, 1), grid covering i on x

void h(int n, int m, float A[restrict n][m], float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
#pragma loopgpu distribute
    for (int j = 1; j < m; j++) {
      float s = A[i - 1][j] + A[i][j - 1];
      A[i][j] = s;
      B[i][j] = 0.5f * B[i][j - 1] + s; // not a scan (which would leave i on the host)
    }
}
// WARN: temporaries-refused.c:[[@LINE-7]]:17: warning: 'distribute loop j (line 27) into 2 loops: {lines 28, 29}, {line 30}; 's' expanded into s_exp' needs a temporary array 's_exp' ('s' expanded along loop j (line 27)), allocated per iteration of loop i (line 25), which runs inside a GPU kernel (the CUDA mapping allocates temporaries only at the start of the nest or in sequential loops that stay on the host); the nest is mapped as written (-emit=c shows the transformed nest)
// CHECK:     // nest 0 of h
// CHECK-NOT: transformed first
// CHECK:     //   h_nest0_kernel: 1 thread
// CHECK-NOT: temporary
// CHECK-NOT: cudaMallocAsync
// PASS-COUNT-2: PASS
