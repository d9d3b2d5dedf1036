// Times a PolyBench iterative stencil's loopgpu device function (the whole
// time loop, arrays already on the GPU) with CUDA events, beside copy
// bandwidth measured in the same run, and writes its results from one call
// on fixed inputs for comparison between variants.
//
//   nvcc -O3 -arch=sm_90 -DJACOBI2D kernel.cu timestep.cu -o t && ./t N STEPS [OUT [REF]]
//
// One of -DJACOBI1D, -DJACOBI2D, -DHEAT3D, -DFDTD2D picks the signature.
// Prints the median time of the call, the time one sweep per step would take
// at copy bandwidth (each sweep reading and writing its arrays once), and the
// ratio of the two; with REF, the largest difference of OUT from REF.
#include "common.h"
#include <cmath>
#include <string>

#if defined(JACOBI1D)
extern "C" void kernel_jacobi_1d_device(int, int, double *, double *);
static const int Rank = 1, NArr = 2;
static const double BytesPerStep = 2 * 2 * 8; // 2 sweeps, read + write, per cell
#define CALL(a, n, s) kernel_jacobi_1d_device(s, n, a[0], a[1])
#elif defined(JACOBI2D)
extern "C" void kernel_jacobi_2d_device(int, int, double *, double *);
static const int Rank = 2, NArr = 2;
static const double BytesPerStep = 2 * 2 * 8;
#define CALL(a, n, s) kernel_jacobi_2d_device(s, n, a[0], a[1])
#elif defined(HEAT3D)
extern "C" void kernel_heat_3d_device(int, int, double *, double *);
static const int Rank = 3, NArr = 2;
static const double BytesPerStep = 2 * 2 * 8;
#define CALL(a, n, s) kernel_heat_3d_device(s, n, a[0], a[1])
#elif defined(FDTD2D)
extern "C" void kernel_fdtd_2d_device(int, int, int, double *, double *, double *, double *);
static const int Rank = 2, NArr = 3;
// ey (read ey, hz; write ey), ex (ex, hz; ex), hz (hz, ex, ey; hz): 3 + 3 + 4 arrays per cell
static const double BytesPerStep = 10 * 8;
#define CALL(a, n, s) kernel_fdtd_2d_device(s, n, n, a[0], a[1], a[2], fict)
#endif

int main(int argc, char **argv) {
  if (argc < 3) {
    std::printf("usage: %s N STEPS [OUT]\n", argv[0]);
    return 2;
  }
  long n = atol(argv[1]);
  int steps = atoi(argv[2]);
  size_t cells = 1;
  for (int d = 0; d < Rank; ++d)
    cells *= n;
  double *a[NArr];
  for (int i = 0; i < NArr; ++i)
    a[i] = device_random<double>(cells, true);
  double *fict = device_random<double>(steps, true);
  (void)fict;
  std::vector<std::vector<double>> init(NArr, std::vector<double>(cells));
  for (int i = 0; i < NArr; ++i)
    CHECK(cudaMemcpy(init[i].data(), a[i], cells * 8, cudaMemcpyDeviceToHost));
  double ms = median_ms([&] { CALL(a, (int)n, steps); }, 7);
  double copy = copy_gbs(cells * 8);
  double ideal = BytesPerStep * cells * steps / (copy * 1e6);
  std::printf("N %ld steps %d: %.3f ms, one sweep per step at copy bandwidth %.3f ms (copy %.0f GB/s): %.2fx\n", n,
              steps, ms, ideal, copy, ideal / ms);
  if (argc > 3) { // one call on the initial values, the arrays to OUT
    for (int i = 0; i < NArr; ++i)
      CHECK(cudaMemcpy(a[i], init[i].data(), cells * 8, cudaMemcpyHostToDevice));
    CALL(a, (int)n, steps);
    CHECK(cudaDeviceSynchronize());
    FILE *f = std::fopen(argv[3], "wb");
    std::vector<double> h(cells);
    for (int i = 0; i < NArr; ++i) {
      CHECK(cudaMemcpy(h.data(), a[i], cells * 8, cudaMemcpyDeviceToHost));
      std::fwrite(h.data(), 8, cells, f);
    }
    std::fclose(f);
    if (argc > 4) { // REF: another variant's OUT
      FILE *r = std::fopen(argv[4], "rb");
      double worst = 0;
      size_t count = 0;
      for (int i = 0; i < NArr && r; ++i) {
        std::vector<double> g(cells), ref(cells);
        CHECK(cudaMemcpy(g.data(), a[i], cells * 8, cudaMemcpyDeviceToHost));
        count += std::fread(ref.data(), 8, cells, r);
        for (size_t c = 0; c < cells; ++c) {
          double e = std::fabs(g[c] - ref[c]) / std::max(1.0, std::fabs(ref[c]));
          worst = std::isnan(e) ? INFINITY : std::max(worst, e);
        }
      }
      if (r)
        std::fclose(r);
      std::printf("    compare with %s: %s, %zu values, max error %.2e\n", argv[4],
                  count == NArr * cells && worst <= 1e-10 ? "PASS" : "FAIL", count, worst);
    }
  }
  return 0;
}
