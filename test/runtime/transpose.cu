// Matrix transpose through a padded 32x33 shared tile (the extra column
// avoids shared-memory bank conflicts): a 32x8 block loads a 32x32 tile in
// four steps, synchronizes, and writes it transposed. Sizes that are not
// multiples of 32 exercise the guards.
#include "runtime_test.h"

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_nest0_kernel(int rows, int cols, const float *__restrict__ in,
                                       float *__restrict__ out) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int k = 0; k < TILE_DIM; k += BLOCK_ROWS)
    if (x < cols && y + k < rows)
      tile[threadIdx.y + k][threadIdx.x] = in[(y + k) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int k = 0; k < TILE_DIM; k += BLOCK_ROWS)
    if (x < rows && y + k < cols)
      out[(y + k) * rows + x] = tile[threadIdx.x][threadIdx.y + k];
}

static long runTranspose(int rows, int cols) {
  std::vector<float> in(size_t(rows) * cols), out(in.size());
  for (size_t x = 0; x < in.size(); ++x)
    in[x] = float(x);
  float *dIn, *dOut;
  CUDA_CHECK(cudaMalloc(&dIn, in.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dOut, out.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dIn, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
  dim3 grid((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);
  dim3 block(TILE_DIM, BLOCK_ROWS);
  transpose_nest0_kernel<<<grid, block, 0, 0>>>(rows, cols, dIn, dOut);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(out.data(), dOut, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  long mismatches = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      mismatches += !(out[size_t(c) * rows + r] == in[size_t(r) * cols + c]);
  return mismatches;
}

int main(int argc, char **argv) {
  TestOptions o = parseTestOptions(argc, argv);
  const int sizes[][2] = {{64, 96}, {300, 200}, {1, 77}};
  for (const std::string &s : o.schedules) {
    std::string name = useSchedule(s);
    for (const auto &sz : sizes) {
      char what[64];
      std::snprintf(what, sizeof what, "transpose %dx%d", sz[0], sz[1]);
      checkRun(o, what, name, runTranspose(sz[0], sz[1]));
    }
  }
  return finishTest("transpose");
}
