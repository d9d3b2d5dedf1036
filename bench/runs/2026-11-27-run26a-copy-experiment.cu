// Host<->device copy strategies for a drop-in host function whose arrays are
// the caller's pageable memory (malloc'd, initialised), as in PolyBench.
// Each strategy runs in a fresh child process (fork before CUDA init is not
// possible after init, so the parent re-executes itself with a strategy
// argument): what one call of a host function pays, first touch included.
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>
#include <cstdint>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)
static double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

__global__ void sum_kernel(const double *p, size_t n, double *out) {
  double s = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) s += p[i];
  atomicAdd(out, s);
}
__global__ void fill_kernel(double *p, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) p[i] = (double)(i % 1000);
}

// Threads copy [0, bytes) from src to a pinned ring of chunks, each chunk sent async.
static void staged_h2d(void *dev, const void *src, size_t bytes, int threads, size_t chunk, char *ring, int nring,
                       cudaStream_t st, cudaEvent_t *ev) {
  size_t nchunks = (bytes + chunk - 1) / chunk;
  for (size_t c = 0; c < nchunks; ++c) {
    int slot = c % nring;
    CK(cudaEventSynchronize(ev[slot]));
    size_t off = c * chunk, len = std::min(chunk, bytes - off);
    char *dst = ring + slot * chunk;
    std::vector<std::thread> ts;
    size_t per = (len + threads - 1) / threads;
    for (int t = 0; t < threads; ++t) {
      size_t o = t * per;
      if (o >= len) break;
      size_t l = std::min(per, len - o);
      ts.emplace_back([=] { memcpy(dst + o, (const char *)src + off + o, l); });
    }
    for (auto &t : ts) t.join();
    CK(cudaMemcpyAsync((char *)dev + off, dst, len, cudaMemcpyHostToDevice, st));
    CK(cudaEventRecord(ev[slot], st));
  }
  CK(cudaStreamSynchronize(st));
}


// Pages of [src, src+bytes) pinned chunk by chunk (chunk boundaries on 1 MiB
// addresses so that no two registrations share a page), each chunk sent as
// soon as it is pinned, unpinned once sent. d2h reverses the direction.
static void pipe_copy(char *dev, char *host, size_t bytes, size_t chunk, bool d2h, bool unpin_thread) {
  cudaStream_t st;
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  std::vector<std::pair<char *, size_t>> pieces;
  uintptr_t a = (uintptr_t)host, end = a + bytes;
  while (a < end) {
    uintptr_t b = std::min<uintptr_t>(end, ((a + chunk) / (1 << 20)) * (1 << 20));
    if (b <= a) b = std::min<uintptr_t>(end, a + chunk);
    pieces.push_back({(char *)a, b - a});
    a = b;
  }
  std::vector<cudaEvent_t> evs(pieces.size());
  std::vector<int> pinned(pieces.size());
  std::thread unpinner;
  auto unpin_from = [&](size_t k) {
    CK(cudaEventSynchronize(evs[k]));
    if (pinned[k]) CK(cudaHostUnregister(pieces[k].first));
  };
  for (size_t k = 0; k < pieces.size(); ++k) {
    pinned[k] = cudaHostRegister(pieces[k].first, pieces[k].second, cudaHostRegisterDefault) == cudaSuccess;
    if (!pinned[k]) cudaGetLastError();
    char *dp = dev + (pieces[k].first - host);
    if (d2h) CK(cudaMemcpyAsync(pieces[k].first, dp, pieces[k].second, cudaMemcpyDeviceToHost, st));
    else CK(cudaMemcpyAsync(dp, pieces[k].first, pieces[k].second, cudaMemcpyHostToDevice, st));
    CK(cudaEventCreateWithFlags(&evs[k], cudaEventDisableTiming));
    CK(cudaEventRecord(evs[k], st));
  }
  if (unpin_thread) {
    unpinner = std::thread([&] { for (size_t k = 0; k < pieces.size(); ++k) unpin_from(k); });
    unpinner.join();
  } else
    for (size_t k = 0; k < pieces.size(); ++k) unpin_from(k);
  CK(cudaStreamSynchronize(st));
  for (auto e2 : evs) cudaEventDestroy(e2);
  cudaStreamDestroy(st);
}
// Unpins each chunk as soon as its copy is done while later chunks are pinned.
static void pipe_copy_overlap(char *dev, char *host, size_t bytes, size_t chunk, bool d2h) {
  cudaStream_t st;
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  std::vector<std::pair<char *, size_t>> pieces;
  uintptr_t a = (uintptr_t)host, end = a + bytes;
  while (a < end) {
    uintptr_t b = std::min<uintptr_t>(end, ((a + chunk) / (1 << 20)) * (1 << 20));
    if (b <= a) b = std::min<uintptr_t>(end, a + chunk);
    pieces.push_back({(char *)a, b - a});
    a = b;
  }
  std::vector<cudaEvent_t> evs(pieces.size());
  std::vector<int> pinned(pieces.size());
  size_t done = 0;
  for (size_t k = 0; k < pieces.size(); ++k) {
    pinned[k] = cudaHostRegister(pieces[k].first, pieces[k].second, cudaHostRegisterDefault) == cudaSuccess;
    if (!pinned[k]) cudaGetLastError();
    char *dp = dev + (pieces[k].first - host);
    if (d2h) CK(cudaMemcpyAsync(pieces[k].first, dp, pieces[k].second, cudaMemcpyDeviceToHost, st));
    else CK(cudaMemcpyAsync(dp, pieces[k].first, pieces[k].second, cudaMemcpyHostToDevice, st));
    CK(cudaEventCreateWithFlags(&evs[k], cudaEventDisableTiming));
    CK(cudaEventRecord(evs[k], st));
    while (done < k && cudaEventQuery(evs[done]) == cudaSuccess) {
      if (pinned[done]) CK(cudaHostUnregister(pieces[done].first));
      ++done;
    }
  }
  for (; done < pieces.size(); ++done) {
    CK(cudaEventSynchronize(evs[done]));
    if (pinned[done]) CK(cudaHostUnregister(pieces[done].first));
  }
  for (auto e2 : evs) cudaEventDestroy(e2);
  cudaStreamDestroy(st);
}

// As pipe_copy, with W threads locking and sending pieces k = w, w + W, ...
static void pipe_copy_threads(char *dev, char *host, size_t bytes, size_t chunk, int W) {
  std::vector<std::pair<char *, size_t>> pieces;
  uintptr_t a = (uintptr_t)host, end = a + bytes;
  while (a < end) {
    uintptr_t b = std::min<uintptr_t>(end, ((a + chunk) / (2 << 20)) * (2 << 20));
    pieces.push_back({(char *)a, b - a});
    a = b;
  }
  std::vector<cudaEvent_t> evs(pieces.size());
  std::vector<int> pinned(pieces.size());
  std::vector<std::thread> ts;
  for (int w = 0; w < W; ++w)
    ts.emplace_back([&, w] {
      for (size_t k = w; k < pieces.size(); k += W) {
        pinned[k] = cudaHostRegister(pieces[k].first, pieces[k].second, cudaHostRegisterDefault) == cudaSuccess;
        CK(cudaMemcpyAsync(dev + (pieces[k].first - host), pieces[k].first, pieces[k].second, cudaMemcpyHostToDevice, 0));
        CK(cudaEventCreateWithFlags(&evs[k], cudaEventDisableTiming));
        CK(cudaEventRecord(evs[k], 0));
      }
    });
  for (auto &t : ts) t.join();
  for (size_t k = 0; k < pieces.size(); ++k) {
    CK(cudaEventSynchronize(evs[k]));
    if (pinned[k]) CK(cudaHostUnregister(pieces[k].first));
    cudaEventDestroy(evs[k]);
  }
}

int run(const char *strategy, size_t mb) {
  size_t bytes = mb << 20, n = bytes / 8;
  double *h = (double *)malloc(bytes);
  for (size_t i = 0; i < n; ++i) h[i] = (double)(i % 1000);
  double expect = 0;
  for (size_t i = 0; i < n; ++i) expect += h[i];
  CK(cudaFree(0));
  double *d, *out;
  CK(cudaMalloc(&d, bytes));
  CK(cudaMalloc(&out, 8));
  CK(cudaMemset(out, 0, 8));
  std::string s = strategy;
  double t0 = now(), t1 = 0;
  if (s == "pageable") {
    CK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
    t1 = now();
    sum_kernel<<<1320, 256>>>(d, n, out);
  } else if (s == "pageable-d2h") {
    fill_kernel<<<1320, 256>>>(d, n);
    CK(cudaDeviceSynchronize());
    t0 = now();
    CK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    t1 = now();
  } else if (s == "register") {
    CK(cudaHostRegister(h, bytes, cudaHostRegisterDefault));
    double tr = now();
    CK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
    double tc = now();
    CK(cudaHostUnregister(h));
    t1 = now();
    printf("  register %.2f ms copy %.2f ms unregister %.2f ms\n", (tr - t0) * 1e3, (tc - tr) * 1e3, (t1 - tc) * 1e3);
    sum_kernel<<<1320, 256>>>(d, n, out);
  } else if (s == "register-d2h") {
    fill_kernel<<<1320, 256>>>(d, n);
    CK(cudaDeviceSynchronize());
    t0 = now();
    CK(cudaHostRegister(h, bytes, cudaHostRegisterDefault));
    double tr = now();
    CK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    double tc = now();
    CK(cudaHostUnregister(h));
    t1 = now();
    printf("  register %.2f ms copy %.2f ms unregister %.2f ms\n", (tr - t0) * 1e3, (tc - tr) * 1e3, (t1 - tc) * 1e3);
  } else if (s == "zerocopy") {  // registered, mapped: the kernel reads the host pages over PCIe
    CK(cudaHostRegister(h, bytes, cudaHostRegisterMapped | cudaHostRegisterReadOnly));
    double *hd;
    CK(cudaHostGetDevicePointer(&hd, h, 0));
    sum_kernel<<<1320, 256>>>(hd, n, out);
    CK(cudaDeviceSynchronize());
    CK(cudaHostUnregister(h));
    t1 = now();
  } else if (s == "hmm") {  // pageable memory read by the kernel directly
    int pma = 0;
    CK(cudaDeviceGetAttribute(&pma, cudaDevAttrPageableMemoryAccess, 0));
    printf("  pageableMemoryAccess=%d\n", pma);
    if (!pma) { printf("  skipped\n"); return 0; }
    sum_kernel<<<1320, 256>>>(h, n, out);
    CK(cudaDeviceSynchronize());
    t1 = now();
  } else if (s.rfind("pipe", 0) == 0) {  // pipe[o|t]<MB>[-d2h]
    bool d2h = s.find("d2h") != std::string::npos;
    char mode = s[4];
    size_t chunk = (size_t)atoi(s.c_str() + (mode == 'o' || mode == 't' ? 5 : 4)) << 20;
    if (d2h) { fill_kernel<<<1320, 256>>>(d, n); CK(cudaDeviceSynchronize()); t0 = now(); }
    if (mode == 'o') pipe_copy_overlap((char *)d, (char *)h, bytes, chunk, d2h);
    else pipe_copy((char *)d, (char *)h, bytes, chunk, d2h, mode == 't');
    t1 = now();
    if (!d2h) sum_kernel<<<1320, 256>>>(d, n, out);
  } else if (s.rfind("mt", 0) == 0) {  // mt<W>x<MB>: W threads lock and send
    int W = atoi(s.c_str() + 2);
    size_t chunk = (size_t)atoi(strchr(s.c_str(), 'x') + 1) << 20;
    pipe_copy_threads((char *)d, (char *)h, bytes, chunk, W);
    t1 = now();
    sum_kernel<<<1320, 256>>>(d, n, out);
  } else if (s.rfind("pageable-mt", 0) == 0) {
    int threads = atoi(s.c_str() + 11);
    std::vector<std::thread> ts;
    size_t per = (bytes / threads + 4095) / 4096 * 4096;
    for (int t = 0; t < threads; ++t) {
      size_t o = t * per;
      if (o >= bytes) break;
      size_t l = std::min(per, bytes - o);
      ts.emplace_back([=] { CK(cudaMemcpy((char *)d + o, (char *)h + o, l, cudaMemcpyHostToDevice)); });
    }
    for (auto &t : ts) t.join();
    t1 = now();
    sum_kernel<<<1320, 256>>>(d, n, out);
  } else if (s.rfind("staged", 0) == 0) {  // staged<threads>
    int threads = atoi(s.c_str() + 6);
    size_t chunk = 8 << 20;
    int nring = 3;
    char *ring;
    double ta = now();
    CK(cudaHostAlloc((void **)&ring, chunk * nring, cudaHostAllocDefault));
    double tb = now();
    cudaStream_t st;
    CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    cudaEvent_t ev[3];
    for (auto &evt : ev) { CK(cudaEventCreateWithFlags(&evt, cudaEventDisableTiming)); CK(cudaEventRecord(evt, st)); }
    staged_h2d(d, h, bytes, threads, chunk, ring, nring, st, ev);
    t1 = now();
    printf("  hostalloc %.2f ms\n", (tb - ta) * 1e3);
    sum_kernel<<<1320, 256>>>(d, n, out);
  } else {
    printf("unknown %s\n", strategy);
    return 1;
  }
  CK(cudaDeviceSynchronize());
  double got = 0;
  CK(cudaMemcpy(&got, out, 8, cudaMemcpyDeviceToHost));
  bool ok = s.find("d2h") != std::string::npos ? h[n - 1] == (double)((n - 1) % 1000) : got == expect;
  printf("%-14s %5zu MB %8.2f ms %7.2f GB/s %s\n", strategy, mb, (t1 - t0) * 1e3, bytes / (t1 - t0) / 1e9,
         ok ? "ok" : "WRONG");
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3) return run(argv[1], atoll(argv[2]));
  std::vector<const char *> ss = {"pageable", "pageable-d2h", "register", "register-d2h", "zerocopy", "hmm", "staged4", "staged8"};
  if (getenv("STRATEGIES")) {
    ss.clear();
    static std::string list = getenv("STRATEGIES");
    for (char *tok = strtok(&list[0], " "); tok; tok = strtok(nullptr, " ")) ss.push_back(tok);
  }
  std::vector<size_t> mbs = {32, 128, 512};
  if (getenv("SIZES")) { mbs.clear(); for (const char *q = getenv("SIZES"); *q;) { mbs.push_back(strtoull(q, (char **)&q, 10)); while (*q == ' ') ++q; } }
  for (size_t mb : mbs)
    for (const char *s : ss)
      for (int rep = 0; rep < 3; ++rep) {
        std::string cmd = std::string(argv[0]) + " " + s + " " + std::to_string(mb);
        if (system(cmd.c_str()) != 0) printf("failed: %s\n", cmd.c_str());
      }
  return 0;
}
