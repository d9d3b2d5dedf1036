// REQUIRES: cpu-emulation
// FP64 tensor cores (issues 14 and 19): a register tile of doubles whose
// strip adds a product of a row operand and a column operand runs its full
// strips as warp-wide mma.sync m16n8k8 (6 warps of 32 x 32 outputs, each
// thread's 4 x 8 outputs in the instruction's accumulator layout, a lane's
// two iterations adjacent), its tiles copied by cp.async up to 4 strips deep
// in dynamic shared memory; the last, partial strip runs the statement per
// output as written. Validated under the CPU emulation (the helpers' plain
// forms: shuffles for the instruction, copies at once) where strips are full
// and partial (p = 37, rows not 16-byte aligned; p = 76: aligned, copies inside the loop too), only partial
// (p = 5), absent (p = 0), and tiles run
// past the arrays' edges; compiled by nvcc for sm_90 (m16n8k8) and sm_80
// (m8n8k4). A mutation that copies the next strip into the stage being read
// fails the validation.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if nvcc %{ %nvcc -arch=sm_80 -c %t.cu -o %t.80.o %}
// sm_90: the 128 x 64 tile (MmaPlan::Large, gemm_nest0_kernel2) where its
// exact version runs, the 96 x 64 tile (kernel1) elsewhere; sm_80 and
// -exact-tiles=false: the 96 x 64 tile alone.
// RUN: FileCheck %s --check-prefix=CHOICE --input-file=%t.cu
// RUN: %loopgpu %s -arch=sm_80 -o %t.a100.cu
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t.a100.cu
// RUN: %loopgpu %s -exact-tiles=false -o %t.noex.cu
// RUN: FileCheck %s --check-prefix=ONE --input-file=%t.noex.cu
// CHOICE-LABEL: //===--- nest 0 of gemm ---===//
// CHOICE: // the default tile, where the 128 x 64 tile's exact version does not run
// CHOICE: __launch_bounds__(192, 2) gemm_nest0_kernel1(
// CHOICE: // the 128 x 64 tile, where its exact version runs (whole strips, aligned rows, every tile full or a wave of full tiles)
// CHOICE: __launch_bounds__(128, 2) gemm_nest0_kernel2(
// CHOICE: { // the 128 x 64 tensor-core tile where its exact version runs, the 96 x 64 one elsewhere (its general kernel is slower)
// CHOICE: // with a border of at most 1 / 50 of the outputs (gemm_nest0_kernel2's border version is slower than the other tile's)
// CHOICE: if (loopgpu_trip_x > 0 && loopgpu_trip_y > 0 && loopgpu_trip_z > 0 && loopgpu_trip_y >= 128 && {{.*}} && (!(loopgpu_trip_y % 128 != 0 || loopgpu_trip_x % 64 != 0) || (loopgpu_trip_y / 128) * (loopgpu_trip_x / 64) >= loopgpu_env_or("LOOPGPU_EXACT_BORDER_MIN_TILES", 264)) && (loopgpu_trip_y / 128 * 128) * (loopgpu_trip_x / 64 * 64) * 50 >= loopgpu_trip_y * loopgpu_trip_x * 49) {
// CHOICE: gemm_nest0_kernel2_exact<<<dim3(loopgpu_trip_x / 64, loopgpu_trip_y / 128, 1), loopgpu_block, [[#]]>>>(
// CHOICE: } else {
// CHOICE: gemm_nest0_kernel1_exact<<<dim3(loopgpu_trip_x / 64, loopgpu_trip_y / 96, 1), loopgpu_block, 107520>>>(
// ONE-NOT: gemm_nest0_kernel2
// ONE: gemm_nest0_kernel1<<<
// ONE-NOT: gemm_nest0_kernel2
// RUN: %loopgpu %s -tensor-cores=false -o %t.off.cu
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.off.cu
// RUN: %loopgpu %s -arch=sm_75 -o %t.75.cu
// RUN: %loopgpu %s -tile auto -o %t.auto.cu 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: FileCheck %s --check-prefix=AUTOCU --input-file=%t.auto.cu
// AUTO: remark: tuning: static model chose the default mapping (its register tile on FP64 tensor cores (loop k's products), which a -tile or -coarsen would give up; the model does not weigh them)
// AUTOCU-LABEL: //===--- nest 0 of gemm ---===//
// AUTOCU: loopgpu_dmma_m16n8k8(
// AUTOCU-LABEL: //===--- nest 0 of gemm_minus ---===//
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.75.cu
// RUN: %loopgpu %s --param n=131 --param m=70 --param p=37 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s --param n=20 --param m=9 --param p=5 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s --param n=3 --param m=17 --param p=0 --validate --validate-mode=cpu --validate-dir=%t.3 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s --param n=100 --param m=70 --param p=76 --validate --validate-mode=cpu --validate-dir=%t.5 | FileCheck %s --check-prefix=VAL
// VAL-DAG: PASS gemm: C
// VAL-DAG: PASS gemm_minus: C
// VAL-DAG: PASS gemm_factors: C
// VAL-DAG: PASS gemm_nt: C
// VAL-DAG: PASS syrk_lower: C
// VAL-DAG: PASS not_a_product: C
// VAL-DAG: PASS floats: C
// VAL-NOT: FAIL
// VAL: {{^PASS$}}
// RUN: rm -rf %t.4 && %loopgpu %s --param n=100 --param m=70 --param p=76 --validate --validate-mode=none --validate-dir=%t.4 > /dev/null 2>&1
// RUN: sed -i 's/\[(loopgpu_s + 3) % 4\]/[(loopgpu_s + 4) % 4]/' %t.4/kernels.cu
// RUN: %expect_exit 1 bash %t.4/run.sh cpu 2>&1 | FileCheck %s --check-prefix=MUT
// MUT: FAIL gemm: C
// The 128 x 64 tile's exact version (MmaPlan::Pipelined): operands
// double-buffered in registers across the strip's barrier, copies from
// pointers advanced a strip at a time, blocks grouped 8 rows of tiles at a
// time (validated in test/Validate/tensor-core-pipelined-emulated.c).
// RUN: FileCheck %s --check-prefix=PIPE --input-file=%t.cu
// PIPE: gemm_nest0_kernel1_exact(
// PIPE-NOT: double-buffered
// PIPE: gemm_nest0_kernel2_exact(
// PIPE: // the blocks in launch order take the tiles 8 rows at a time, column by column
// PIPE: const long long loopgpu_group_rows = min(8LL, (long long)gridDim.y - loopgpu_group * 8);
// PIPE: const int loopgpu_tile{{[0-9]+}} = (int)(loopgpu_group * 8 + loopgpu_in_group % loopgpu_group_rows);
// PIPE: const int loopgpu_tile{{[0-9]+}} = (int)(loopgpu_in_group / loopgpu_group_rows);
// PIPE: // A's copies: from a pointer advanced a strip at a time, a round's copies 16 rows of the tile apart
// PIPE-NEXT: const double *loopgpu_src_A = &A[
// PIPE-NEXT: const long long loopgpu_src_A_round = &A[{{.*}}] - loopgpu_src_A, loopgpu_src_A_strip = &A[{{.*}}] - loopgpu_src_A;
// PIPE-NEXT: double *const loopgpu_dst_A = &loopgpu_stages_A[0][
// PIPE: // B's copies: from a pointer advanced a strip at a time, a round's copies 4 rows of the tile apart
// PIPE: loopgpu_cp_async_bytes(reinterpret_cast<double2 *>(loopgpu_dst_A + (loopgpu_s) % 3 * 3072 + loopgpu_r * 384), reinterpret_cast<const double2 *>(loopgpu_src_A + loopgpu_r * loopgpu_src_A_round), 16);
// PIPE-NEXT: loopgpu_src_A += loopgpu_src_A_strip;
// PIPE: every strip is full, the operands double-buffered in registers
// PIPE: int loopgpu_rd = 0, loopgpu_wr = 2; // the stages read and written
// PIPE: double loopgpu_row0[8][2], loopgpu_col0[4][2], loopgpu_row1[8][2], loopgpu_col1[4][2];
// PIPE: for (long long loopgpu_s = 0; loopgpu_s < loopgpu_strips; ++loopgpu_s) {
// PIPE: // strip loopgpu_s + 2's tile of A into stage loopgpu_wr, asynchronously: 8 16-byte copies per thread
// PIPE: loopgpu_cp_async_bytes(reinterpret_cast<double2 *>(loopgpu_dst_A + loopgpu_wr * 3072 + loopgpu_r * 384), reinterpret_cast<const double2 *>(loopgpu_src_A + loopgpu_r * loopgpu_src_A_round), 16);
// PIPE-NEXT: loopgpu_src_A += loopgpu_src_A_strip;
// PIPE: { // step 1's operands into set 1
// PIPE: // step 0's products
// PIPE: loopgpu_row0[2 * loopgpu_m][0], loopgpu_row0[2 * loopgpu_m + 1][0]
// PIPE: loopgpu_cp_async_wait<1>(); // this thread's copies of strip loopgpu_s + 1 are in
// PIPE-NEXT: __syncthreads(); // every thread's are, and every thread is done reading strip loopgpu_s, whose stage the next copy overwrites
// PIPE-NEXT: loopgpu_rd = loopgpu_rd == 2 ? 0 : loopgpu_rd + 1;
// PIPE-NEXT: loopgpu_wr = loopgpu_wr == 2 ? 0 : loopgpu_wr + 1;
// PIPE: { // strip loopgpu_s + 1's first operands into set 0
// PIPE: // step 1's products
// PIPE: loopgpu_row1[2 * loopgpu_m][0], loopgpu_row1[2 * loopgpu_m + 1][0]
// PIPE: if (loopgpu_strips * 16 < loopgpu_trip(0, ((long long)p) - 1, 1)) { // the last, partial strip
// PIPE: gemm_nest0_kernel2_border(
// OFF-NOT: loopgpu_dmma_m16n8k

// The helpers, printed once.
// CHECK: __device__ inline void loopgpu_dmma_m16n8k4(double &d0, double &d1, double &d2, double &d3, double a0, double a1,
// CHECK: mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64
// CHECK: mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64
// CHECK: __shfl_sync(0xffffffffu, b, lane % 4 * 8 + 4 + k);
// CHECK: __device__ inline void loopgpu_dmma_m16n8k8(
// CHECK: mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64
// CHECK: loopgpu_dmma_m16n8k4(d0, d1, d2, d3, a2, a3, b1);
// CHECK: __device__ inline void loopgpu_cp_async(T *dst, const T *src, bool ok) {
// CHECK: cp.async.cg.shared.global [%0], [%1], 16, %2;
// CHECK: cp.async.wait_group %0;

// PolyBench's gemm as written: C *= beta, then the k loop around j.
// CHECK-LABEL: //===--- nest 0 of gemm ---===//
// CHECK: // register tile on FP64 tensor cores by default (mma.sync m16n8k8; 6 warps of 32 x 32 outputs, 24 x 8 threads, 4 x 8 outputs each in the instruction's accumulator layout): loop k's statement adds a product of a row operand (2 factors) and a column operand (1 factor)
// CHECK: // array A is reused across the block's threads in loop k (line [[#@LINE+48]]): staged in shared memory [96][24] per strip of 16 iterations (+8 padding against bank conflicts)
// CHECK: // array B {{.*}} staged in shared memory [16][66] per strip of 16 iterations (+2 padding against bank conflicts)
// CHECK: // loop k: 4 strips in shared memory (dynamic, 107520 bytes): cp.async copies strip s + 3 from global memory while strip s's arithmetic runs
// CHECK: __launch_bounds__(192, 2) gemm_nest0_kernel1(
// CHECK: extern __shared__ __align__(16) unsigned char loopgpu_smem[];
// CHECK-NEXT: double (*const loopgpu_stages_A)[96][24] = reinterpret_cast<double (*)[96][24]>(loopgpu_smem);
// CHECK-NEXT: double (*const loopgpu_stages_B)[16][66] = reinterpret_cast<double (*)[16][66]>(loopgpu_smem + 73728);
// CHECK: const int [[ROW:loopgpu_off[0-9]+]] = ((loopgpu_tid / 32) % 3) * 32 + (loopgpu_tid % 32) / 4;
// CHECK: const int [[COL:loopgpu_off[0-9]+]] = ((loopgpu_tid / 32) / 3) * 32 + (loopgpu_tid % 4) * 2;
// CHECK: double C_i_j[4][8];
// CHECK: if (loopgpu_vec_A && loopgpu_vec_B) { // rows 16-byte aligned: the loop with vector copies
// CHECK: const long long loopgpu_strips = loopgpu_trip(0, ((long long)p) - 1, 16);
// CHECK: // strip loopgpu_s's tile of A into stage (loopgpu_s) % 4, asynchronously: 4 16-byte copies per thread
// CHECK: loopgpu_cp_async_bytes(reinterpret_cast<double2 *>(&loopgpu_stages_A[(loopgpu_s) % 4][(loopgpu_e / 16 % 96)][(loopgpu_e / 1 % 16)]), reinterpret_cast<const double2 *>({{.*}} ? &A[{{.*}}] : A), ({{.*}}) * 8);
// CHECK: loopgpu_cp_async_commit(); // one group per strip, empty past the last
// CHECK: for (long long loopgpu_s = 0; loopgpu_s < loopgpu_strips; ++loopgpu_s) {
// CHECK: loopgpu_cp_async_wait<2>(); // this thread's copies of strip loopgpu_s are in
// CHECK-NEXT: __syncthreads(); // every thread's are, and strip loopgpu_s - 1's stage is free
// CHECK-NEXT: if (loopgpu_s + 3 < loopgpu_strips) {
// CHECK: double (*const loopgpu_sh_A)[24] = loopgpu_stages_A[loopgpu_s % 4]; // this strip's tile
// CHECK: // line [[#@LINE+30]] on FP64 tensor cores: per 8 iterations of k, the warp's 2 x 4 tiles of 16 x 8 outputs (mma.sync m16n8k8; lane l's iterations are 2 (l % 4) and 2 (l % 4) + 1 of the 8)
// CHECK: const int k = loopgpu_kk + loopgpu_ks + 2 * (loopgpu_tid % 4) + loopgpu_h;
// CHECK: + [[ROW]] + (loopgpu_c0 / 2) * 16 + (loopgpu_c0 % 2) * 8;
// CHECK: loopgpu_row[loopgpu_c0][loopgpu_h] = alpha * loopgpu_sh_A[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk];
// CHECK: * 64 + ((loopgpu_tid / 32) / 3) * 32 + (loopgpu_tid % 32) / 4 + loopgpu_n * 8;
// CHECK: loopgpu_col[loopgpu_n][loopgpu_h] = loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base{{[0-9]+}}];
// CHECK: loopgpu_dmma_m16n8k8(C_i_j[2 * loopgpu_m][2 * loopgpu_n], C_i_j[2 * loopgpu_m][2 * loopgpu_n + 1], C_i_j[2 * loopgpu_m + 1][2 * loopgpu_n], C_i_j[2 * loopgpu_m + 1][2 * loopgpu_n + 1],
// CHECK-NEXT: loopgpu_row[2 * loopgpu_m][0], loopgpu_row[2 * loopgpu_m + 1][0], loopgpu_row[2 * loopgpu_m][1], loopgpu_row[2 * loopgpu_m + 1][1],
// CHECK-NEXT: loopgpu_col[loopgpu_n][0], loopgpu_col[loopgpu_n][1]);
// CHECK: } else { // the last, partial strip
// CHECK: C_i_j[loopgpu_c0][loopgpu_c1] += alpha * loopgpu_sh_A[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base{{[0-9]+}}];
// CHECK: loopgpu_cp_async_wait<0>();
// CHECK-NEXT: __syncthreads(); // before another tile's copies overwrite the stages
// CHECK: } else { // the loop with element copies
// CHECK: // (element by element: rows not aligned to 16 bytes)
// CHECK: loopgpu_cp_async(loopgpu_dst + 1, {{.*}} ? &A[{{.*}}] : A, {{.*}});
// CHECK: loopgpu_cp_async_wait<0>();
// CHECK: + [[COL]] + (loopgpu_c1 / 2) * 8 + loopgpu_c1 % 2;
// CHECK: {{^ *}}const cudaError_t loopgpu_smem_attr = cudaFuncSetAttribute(gemm_nest0_kernel1, cudaFuncAttributeMaxDynamicSharedMemorySize, 107520);
// CHECK-NEXT: LOOPGPU_CHECK(loopgpu_smem_attr);
// CHECK-NEXT: {{^ *}}const cudaError_t loopgpu_smem_attr_exact = cudaFuncSetAttribute(gemm_nest0_kernel1_exact, cudaFuncAttributeMaxDynamicSharedMemorySize, 107520);
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
// The exact version (on the full tiles) and the border version (launched
// first, on the side stream) opt in to the same shared memory as the kernel.
// CHECK-NEXT: LOOPGPU_CHECK(loopgpu_smem_attr_exact);
// CHECK-NEXT: {{^ *}}const cudaError_t loopgpu_smem_attr_border = cudaFuncSetAttribute(gemm_nest0_kernel1_border, cudaFuncAttributeMaxDynamicSharedMemorySize, 107520);
// CHECK: gemm_nest0_kernel1_border<<<loopgpu_grid, loopgpu_block, 107520, loopgpu_split.stream>>>(
// CHECK: gemm_nest0_kernel1_exact<<<dim3(loopgpu_trip_x / 64, loopgpu_trip_y / 96, 1), loopgpu_block, 107520>>>(
// CHECK: gemm_nest0_kernel1<<<loopgpu_grid, loopgpu_block, 107520>>>(

// `-=`: the row operand negated.
// CHECK-LABEL: //===--- nest 0 of gemm_minus ---===//
// CHECK: loopgpu_row[loopgpu_c0][loopgpu_h] = -(loopgpu_sh_A[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk]); // -= : the row operand negated
// CHECK: loopgpu_dmma_m16n8k8(
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
// CHECK: loopgpu_row[loopgpu_c0][loopgpu_h] = (double)(2) * loopgpu_sh_A[i - loopgpu_base{{[0-9]+}}][k - loopgpu_kk] * s;
// CHECK: loopgpu_col[loopgpu_n][loopgpu_h] = loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base{{[0-9]+}}];
void gemm_factors(int n, int m, int p, double s, double C[restrict n][m], const double A[restrict n][p],
                  const double B[restrict p][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += 2 * A[i][k] * B[k][j] * s;
}

// The column operand read along its rows (B transposed, syrk's A[j][k]): its
// tile [64][24] too, which leaves room for 3 stages in two blocks per SM.
// CHECK-LABEL: //===--- nest 0 of gemm_nt ---===//
// CHECK: // loop k: 3 strips in shared memory (dynamic, 92160 bytes)
// CHECK: double (*const loopgpu_stages_B)[64][24] = reinterpret_cast<double (*)[64][24]>(loopgpu_smem + 55296);
// CHECK: loopgpu_col[loopgpu_n][loopgpu_h] = loopgpu_sh_B[j - loopgpu_base{{[0-9]+}}][k - loopgpu_kk];
// CHECK: loopgpu_dmma_m16n8k8(
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
// CHECK: loopgpu_col[loopgpu_n][loopgpu_h] = loopgpu_sh_A_jk[j - loopgpu_base{{[0-9]+}}][k - loopgpu_kk];
// CHECK: loopgpu_dmma_m16n8k8(
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
// CHECK-NOT: loopgpu_dmma_m16n8k8(
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
// CHECK-NOT: loopgpu_dmma_m16n8k8(
void floats(int n, int m, int p, float C[restrict n][m], const float A[restrict n][p],
            const float B[restrict p][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        C[i][j] += A[i][k] * B[k][j];
}
