// REQUIRES: cpu-emulation
// FP64 tensor cores (issues 14 and 19): a register tile of doubles whose
// strip adds a product of a row operand and a column operand runs its full
// strips as warp-wide mma.sync m16n8k4 (8 warps of 32 x 32 outputs, each
// thread's 4 x 8 outputs in the instruction's accumulator layout); the last,
// partial strip runs the statement per output as written. Validated under
// the CPU emulation (the helper's shuffle form: the same lanes' data as the
// instruction) where strips are full and partial (p = 37), only partial
// (p = 5), absent (p = 0), and tiles run past the arrays' edges; compiled by
// nvcc for sm_90 (m16n8k4) and sm_80 (m8n8k4).
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if nvcc %{ %nvcc -arch=sm_80 -c %t.cu -o %t.80.o %}
// RUN: %loopgpu %s -tensor-cores=false -o %t.off.cu
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.off.cu
// RUN: %loopgpu %s -arch=sm_75 -o %t.75.cu
// RUN: %loopgpu %s -tile auto -o %t.auto.cu 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: FileCheck %s --check-prefix=AUTOCU --input-file=%t.auto.cu
// AUTO: remark: tuning: static model chose the default mapping (its register tile on FP64 tensor cores (loop k's products), which a -tile or -coarsen would give up; the model does not weigh them)
// AUTOCU-LABEL: //===--- nest 0 of gemm ---===//
// AUTOCU: loopgpu_dmma_m16n8k4(
// AUTOCU-LABEL: //===--- nest 0 of gemm_minus ---===//
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.75.cu
// RUN: %loopgpu %s --param n=131 --param m=70 --param p=37 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s --param n=20 --param m=9 --param p=5 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s --param n=3 --param m=17 --param p=0 --validate --validate-mode=cpu --validate-dir=%t.3 | FileCheck %s --check-prefix=VAL
// VAL-DAG: PASS gemm: C
// VAL-DAG: PASS gemm_minus: C
// VAL-DAG: PASS gemm_factors: C
// VAL-DAG: PASS gemm_nt: C
// VAL-DAG: PASS syrk_lower: C
// VAL-DAG: PASS not_a_product: C
// VAL-DAG: PASS floats: C
// VAL-NOT: FAIL
// VAL: {{^PASS$}}
// OFF-NOT: loopgpu_dmma_m16n8k4(

// The helper, printed once.
// CHECK: __device__ inline void loopgpu_dmma_m16n8k4(double &d0, double &d1, double &d2, double &d3, double a0, double a1,
// CHECK: mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64
// CHECK: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// CHECK: __shfl_sync(0xffffffffu, b, lane % 4 * 8 + 4 + k);

// PolyBench's gemm as written: C *= beta, then the k loop around j.
// CHECK-LABEL: //===--- nest 0 of gemm ---===//
// CHECK: // register tile on FP64 tensor cores by default (mma.sync m16n8k4; 8 warps of 32 x 32 outputs, 32 x 8 threads, 4 x 8 outputs each in the instruction's accumulator layout): loop k's statement adds a product of a row operand (2 factors) and a column operand (1 factor)
// CHECK: gemm_nest0_kernel1(
// CHECK: __shared__ __align__(16) double loopgpu_sh_A[128][12];
// CHECK-NEXT: __shared__ __align__(16) double loopgpu_sh_B[8][68];
// CHECK: const int [[ROW:loopgpu_off[0-9]+]] = ((loopgpu_tid / 32) % 4) * 32 + (loopgpu_tid % 32) / 4;
// CHECK: const int [[COL:loopgpu_off[0-9]+]] = ((loopgpu_tid / 32) / 4) * 32 + (loopgpu_tid % 4) * 2;
// CHECK: double C_i_j[4][8];
// CHECK: // line [[#@LINE+20]] on FP64 tensor cores: per 4 iterations of k, the warp's 2 x 4 tiles of 16 x 8 outputs (mma.sync m16n8k4)
// CHECK: const int k = loopgpu_kk + loopgpu_ks + loopgpu_tid % 4;
// CHECK: + [[ROW]] + (loopgpu_c0 / 2) * 16 + (loopgpu_c0 % 2) * 8;
// CHECK: loopgpu_row[loopgpu_c0] = alpha * loopgpu_sh_A[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk];
// CHECK: * 64 + ((loopgpu_tid / 32) / 4) * 32 + (loopgpu_tid % 32) / 4 + loopgpu_n * 8;
// CHECK: loopgpu_col[loopgpu_n] = loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base{{[0-9]+}}];
// CHECK: loopgpu_dmma_m16n8k4(C_i_j[2 * loopgpu_m][2 * loopgpu_n], C_i_j[2 * loopgpu_m][2 * loopgpu_n + 1], C_i_j[2 * loopgpu_m + 1][2 * loopgpu_n], C_i_j[2 * loopgpu_m + 1][2 * loopgpu_n + 1],
// CHECK-NEXT: loopgpu_row[2 * loopgpu_m], loopgpu_row[2 * loopgpu_m + 1], loopgpu_col[loopgpu_n]);
// CHECK: } else { // the last, partial strip
// CHECK: C_i_j[loopgpu_c0][loopgpu_c1] += alpha * loopgpu_sh_A[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base{{[0-9]+}}];
// CHECK: + [[COL]] + (loopgpu_c1 / 2) * 8 + loopgpu_c1 % 2;
void gemm(int n, int m, int p, double alpha, double beta, double C[restrict n][m], const double A[restrict n][p],
          const double B[restrict p][m]) {
  int i, j, k;
#pragma loopgpu
  for (i = 0; i < n; i++) {
    for (j = 0; j < m; j++)
      C[i][j] *= beta;
    for (k = 0; k < p; k++)
      for (j = 0; j < m; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

// `-=`: the row operand negated.
// CHECK-LABEL: //===--- nest 0 of gemm_minus ---===//
// CHECK: loopgpu_row[loopgpu_c0] = -(loopgpu_sh_A[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk]); // -= : the row operand negated
// CHECK: loopgpu_dmma_m16n8k4(
void gemm_minus(int n, int m, int p, double C[restrict n][m], const double A[restrict n][p],
                const double B[restrict p][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] -= A[i][k] * B[k][j];
}

// Factors in any order: an int, a parameter, the column tile between them.
// The int converts to double, as in C.
// CHECK-LABEL: //===--- nest 0 of gemm_factors ---===//
// CHECK: loop k's statement adds a product of a row operand (3 factors) and a column operand (1 factor)
// CHECK: loopgpu_row[loopgpu_c0] = (double)(2) * loopgpu_sh_A[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk] * s;
// CHECK: loopgpu_col[loopgpu_n] = loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base{{[0-9]+}}];
void gemm_factors(int n, int m, int p, double s, double C[restrict n][m], const double A[restrict n][p],
                  const double B[restrict p][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += 2 * A[i][k] * B[k][j] * s;
}

// The column operand read along its rows (B transposed, syrk's A[j][k]).
// CHECK-LABEL: //===--- nest 0 of gemm_nt ---===//
// CHECK: loopgpu_col[loopgpu_n] = loopgpu_sh_B[j - loopgpu_base{{[0-9]+}}][k - loopgpu_kk];
// CHECK: loopgpu_dmma_m16n8k4(
void gemm_nt(int n, int m, int p, double C[restrict n][m], const double A[restrict n][p],
             const double B[restrict m][p]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += A[i][k] * B[j][k];
}

// A triangle (syrk's j <= i): the staged loop under the guard; every thread
// of the block runs the strips (the instruction needs the whole warp), each
// output loaded and stored under the guard.
// CHECK-LABEL: //===--- nest 0 of syrk_lower ---===//
// CHECK: register tile on FP64 tensor cores by default
// CHECK: if (__syncthreads_or(loopgpu_any)) {
// CHECK: loopgpu_col[loopgpu_n] = loopgpu_sh_A_jk[j - loopgpu_base{{[0-9]+}}][k - loopgpu_kk];
// CHECK: loopgpu_dmma_m16n8k4(
// CHECK: no range check and no guard: this body only reads the tiles and writes registers
void syrk_lower(int n, int p, double C[restrict n][n], const double A[restrict n][p]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int k = 0; k < p; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[i][k] * A[j][k];
}

// Not a product of the two operands: the scalar register tile.
// CHECK-LABEL: //===--- nest 0 of not_a_product ---===//
// CHECK-NOT: tensor cores
// CHECK: register tile by default (16 x 16 threads, 8 x 4 outputs each)
// CHECK-NOT: loopgpu_dmma_m16n8k4(
// CHECK-LABEL: //===--- nest 0 of floats ---===//
void not_a_product(int n, int m, int p, double C[restrict n][m], const double A[restrict n][p],
                   const double B[restrict p][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += A[i][k] * B[k][j] + A[i][k];
}

// Floats: FP64 tensor cores take doubles only.
// CHECK-NOT: tensor cores
// CHECK: register tile by default (16 x 16 threads, 8 x 8 outputs each)
// CHECK-NOT: loopgpu_dmma_m16n8k4(
void floats(int n, int m, int p, float C[restrict n][m], const float A[restrict n][p],
            const float B[restrict p][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += A[i][k] * B[k][j];
}
