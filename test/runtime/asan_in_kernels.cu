// Memory errors inside kernels are AddressSanitizer's to find: kernels run
// on fiber stacks, which the emulation announces to ASan. Run in sanitizer
// builds only, one error per run, selected by the first argument:
//   heap    a write one element past a cudaMalloc allocation
//   stack   a write past a local array of a CUDA thread (on its fiber stack)
//   return  a pointer to a local of a returned __device__ function (needs
//           ASan's fake stacks, switched per fiber)
//   none    no error: must pass
#include "runtime_test.h"

__device__ __attribute__((noinline)) int *escape(int v) {
  int local[4] = {v, v, v, v};
  int *volatile p = &local[v & 3]; // hide the escape from -Wreturn-stack-address
  return p;
}

__global__ void heap_kernel(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) // off by one
    data[i] = 1.0f;
}

__global__ void stack_kernel(int *out, int k) {
  int local[8];
  for (int j = 0; j < 8; ++j)
    local[j] = j;
  __syncthreads();
  int *p = local; // through a pointer: ASan's job, not UBSan's bounds check
  p[k + threadIdx.x % 2] = 3; // k = 7: thread 1 writes local[8]
  out[threadIdx.x] = local[threadIdx.x % 8];
}

__global__ void return_kernel(int *out) {
  int *p = escape(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = *p;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "none";
  bool none = !std::strcmp(mode, "none");
  int *dI;
  float *dF;
  CUDA_CHECK(cudaMalloc(&dI, 64 * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dF, 64 * sizeof(float)));
  if (!std::strcmp(mode, "heap") || none)
    heap_kernel<<<1, 96>>>(dF, none ? 63 : 64);
  if (!std::strcmp(mode, "stack") || none)
    stack_kernel<<<1, 64>>>(dI, none ? 6 : 7);
  if (!std::strcmp(mode, "return"))
    return_kernel<<<1, 64>>>(dI);
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaFree(dI));
  CUDA_CHECK(cudaFree(dF));
  std::printf("no error detected\n");
  return finishTest("asan_in_kernels");
}
