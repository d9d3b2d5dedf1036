// A tile needing more than 1024 threads per block is refused with a located error.
// RUN: %expect_exit 1 %loopgpu %s -tile 64,64 2>&1 | FileCheck %s
// RUN: %expect_exit 1 %loopgpu %s -tile 64 2>&1 | FileCheck %s --check-prefix=ONE
// CHECK: too-many-threads.c:[[#@LINE+5]]:3: error: tile sizes 64 (loop i) x 64 (loop j) give 4096 threads per block; a CUDA block has at most 1024 (use smaller -tile sizes){{$}}
// One size for two mapped loops: the message says that it went to both.
// ONE: too-many-threads.c:[[#@LINE+3]]:3: error: tile sizes 64 (loop i) x 64 (loop j) give 4096 threads per block; a CUDA block has at most 1024 (use smaller -tile sizes; a loop without a size of its own takes the last one)
void f(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = 0;
}
