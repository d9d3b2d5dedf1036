// Warp primitives: stream compaction with __ballot_sync + __popc and a
// __shfl_sync broadcast of an atomicAdd result; __any_sync/__all_sync per
// warp (also with a partial mask in a branch); an inclusive warp scan with
// __shfl_up_sync; butterfly all-reductions with __shfl_xor_sync on double
// and long long; __activemask() in a divergent branch; __syncwarp().
#include "runtime_test.h"

#include <algorithm>

__global__ void compact_kernel(const int *__restrict__ in, int n, int threshold,
                               int *__restrict__ out, int *__restrict__ count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % warpSize;
  int v = i < n ? in[i] : 0;
  int keep = i < n && v > threshold;
  unsigned ballot = __ballot_sync(0xffffffffu, keep);
  int total = __popc(ballot);
  int rank = __popc(ballot & ((1u << lane) - 1u));
  int base = 0;
  if (lane == 0 && total > 0)
    base = atomicAdd(count, total);
  base = __shfl_sync(0xffffffffu, base, 0);
  if (keep)
    out[base + rank] = v;
}

__global__ void vote_kernel(const int *__restrict__ in, int *__restrict__ anyNeg,
                            int *__restrict__ allEven, int *__restrict__ anyLow) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % warpSize;
  int warp = i / warpSize;
  int a = __any_sync(0xffffffffu, in[i] < 0);
  int b = __all_sync(0xffffffffu, in[i] % 2 == 0);
  if (lane < 16) {
    int c = __any_sync(0x0000ffffu, in[i] < 0);
    if (lane == 0)
      anyLow[warp] = c;
  }
  if (lane == 0) {
    anyNeg[warp] = a;
    allEven[warp] = b;
  }
}

__global__ void scan_kernel(const int *__restrict__ in, int *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % warpSize;
  int x = in[i];
  for (unsigned offset = 1; offset < warpSize; offset *= 2) {
    int y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset)
      x += y;
  }
  out[i] = x;
}

__global__ void butterfly_kernel(const double *__restrict__ inD, double *__restrict__ outD,
                                 const long long *__restrict__ inL,
                                 long long *__restrict__ outL, unsigned *__restrict__ outU) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double d = inD[i];
  long long l = inL[i];
  unsigned u = 1u << (threadIdx.x % 8);
  for (int mask = warpSize / 2; mask > 0; mask /= 2) {
    d += __shfl_xor_sync(0xffffffffu, d, mask);
    l += __shfl_xor_sync(0xffffffffu, l, mask);
  }
  // Width 8: OR-reduce within each group of 8 lanes.
  for (int mask = 4; mask > 0; mask /= 2)
    u |= __shfl_xor_sync(0xffffffffu, u, mask, 8);
  outD[i] = d;
  outL[i] = l;
  outU[i] = u;
}

__global__ void active_kernel(unsigned *__restrict__ out) {
  unsigned lane = threadIdx.x % warpSize;
  unsigned m = 0;
  if (lane % 3 == 0)
    m = __activemask();
  __syncwarp();
  out[blockIdx.x * blockDim.x + threadIdx.x] = m;
}

int main(int argc, char **argv) {
  TestOptions o = parseTestOptions(argc, argv);
  const int n = 5000, threads = 128;
  const int blocks = (n + threads - 1) / threads, padded = blocks * threads;
  std::vector<int> in(padded);
  for (int x = 0; x < padded; ++x)
    in[x] = (x * 7919 % 1000) - 100;
  for (int x = 0; x < 32; ++x) // one warp of even non-negative values
    in[64 + x] = 2 * x;
  int *dIn, *dOut, *dCount, *dA, *dB, *dC;
  CUDA_CHECK(cudaMalloc(&dIn, padded * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dOut, padded * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dCount, sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dA, padded / 32 * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dB, padded / 32 * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dC, padded / 32 * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dIn, in.data(), padded * sizeof(int), cudaMemcpyHostToDevice));
  std::vector<double> inD(padded);
  std::vector<long long> inL(padded);
  for (int x = 0; x < padded; ++x) {
    inD[x] = 0.5 * (x % 17) - 3;
    inL[x] = (long long)(x % 23) * 100000000000LL - 7;
  }
  double *dInD, *dOutD;
  long long *dInL, *dOutL;
  unsigned *dOutU, *dActive;
  CUDA_CHECK(cudaMalloc(&dInD, padded * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dOutD, padded * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dInL, padded * sizeof(long long)));
  CUDA_CHECK(cudaMalloc(&dOutL, padded * sizeof(long long)));
  CUDA_CHECK(cudaMalloc(&dOutU, padded * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&dActive, 64 * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(dInD, inD.data(), padded * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dInL, inL.data(), padded * sizeof(long long), cudaMemcpyHostToDevice));

  for (const std::string &s : o.schedules) {
    std::string name = useSchedule(s);

    // Compaction: the kept values, in some order across warps.
    const int threshold = 400;
    CUDA_CHECK(cudaMemset(dCount, 0, sizeof(int)));
    compact_kernel<<<blocks, threads>>>(dIn, n, threshold, dOut, dCount);
    CUDA_CHECK(cudaGetLastError());
    int count = 0;
    CUDA_CHECK(cudaMemcpy(&count, dCount, sizeof(int), cudaMemcpyDeviceToHost));
    std::vector<int> got(count > 0 && count <= padded ? count : 0), want;
    CUDA_CHECK(cudaMemcpy(got.data(), dOut, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
    for (int x = 0; x < n; ++x)
      if (in[x] > threshold)
        want.push_back(in[x]);
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    checkRun(o, "compaction (__ballot_sync)", name,
             got == want ? 0 : 1 + std::labs(long(got.size()) - long(want.size())));

    // Votes per warp.
    vote_kernel<<<blocks, threads>>>(dIn, dA, dB, dC);
    CUDA_CHECK(cudaGetLastError());
    std::vector<int> a(padded / 32), b(padded / 32), c(padded / 32);
    CUDA_CHECK(cudaMemcpy(a.data(), dA, a.size() * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(b.data(), dB, b.size() * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(c.data(), dC, c.size() * sizeof(int), cudaMemcpyDeviceToHost));
    long bad = 0;
    for (int w = 0; w < padded / 32; ++w) {
      int wantA = 0, wantB = 1, wantC = 0;
      for (int l = 0; l < 32; ++l) {
        wantA |= in[w * 32 + l] < 0;
        wantB &= in[w * 32 + l] % 2 == 0;
        if (l < 16)
          wantC |= in[w * 32 + l] < 0;
      }
      bad += (a[w] != 0) != wantA || (b[w] != 0) != wantB || (c[w] != 0) != wantC;
    }
    checkRun(o, "__any_sync / __all_sync", name, bad);

    // Inclusive scan per warp.
    scan_kernel<<<blocks, threads>>>(dIn, dOut);
    CUDA_CHECK(cudaGetLastError());
    std::vector<int> scan(padded);
    CUDA_CHECK(cudaMemcpy(scan.data(), dOut, padded * sizeof(int), cudaMemcpyDeviceToHost));
    bad = 0;
    for (int w = 0; w < padded / 32; ++w) {
      int acc = 0;
      for (int l = 0; l < 32; ++l) {
        acc += in[w * 32 + l];
        bad += scan[w * 32 + l] != acc;
      }
    }
    checkRun(o, "scan (__shfl_up_sync)", name, bad);

    // Butterfly all-reductions.
    butterfly_kernel<<<blocks, threads>>>(dInD, dOutD, dInL, dOutL, dOutU);
    CUDA_CHECK(cudaGetLastError());
    std::vector<double> outD(padded);
    std::vector<long long> outL(padded);
    std::vector<unsigned> outU(padded);
    CUDA_CHECK(cudaMemcpy(outD.data(), dOutD, padded * sizeof(double), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(outL.data(), dOutL, padded * sizeof(long long), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(outU.data(), dOutU, padded * sizeof(unsigned), cudaMemcpyDeviceToHost));
    bad = 0;
    for (int w = 0; w < padded / 32; ++w) {
      double sd = 0;
      long long sl = 0;
      for (int l = 0; l < 32; ++l) {
        sd += inD[w * 32 + l];
        sl += inL[w * 32 + l];
      }
      for (int l = 0; l < 32; ++l)
        bad += outD[w * 32 + l] != sd || outL[w * 32 + l] != sl || outU[w * 32 + l] != 0xffu;
    }
    checkRun(o, "butterfly (__shfl_xor_sync)", name, bad);

    // __activemask() in a divergent branch: the lanes that took it.
    active_kernel<<<1, 64>>>(dActive);
    CUDA_CHECK(cudaGetLastError());
    std::vector<unsigned> active(64);
    CUDA_CHECK(cudaMemcpy(active.data(), dActive, 64 * sizeof(unsigned), cudaMemcpyDeviceToHost));
    bad = 0;
    for (int t = 0; t < 64; ++t)
      bad += active[t] != (t % 32 % 3 == 0 ? 0x49249249u : 0u);
    checkRun(o, "__activemask in a branch", name, bad);
    CUDA_CHECK(cudaDeviceSynchronize());
  }
  for (void *p : {(void *)dIn, (void *)dOut, (void *)dCount, (void *)dA, (void *)dB,
                  (void *)dC, (void *)dInD, (void *)dOutD, (void *)dInL, (void *)dOutL,
                  (void *)dOutU, (void *)dActive})
    CUDA_CHECK(cudaFree(p));
  return finishTest("warp_vote");
}
