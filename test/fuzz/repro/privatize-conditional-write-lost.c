// Fails: loopgpu %s -emit=c -o out.c && python3 test/Transform/Inputs/equiv.py --cc cc --sizes 0,1,2,3,5,8,13 %s out.c f
// -emit=c computes something else (A[0][0] is not written for n >= 3): array
// privatization of A in loop i copies back the last iteration's private copy,
// but the last iteration (odd i) does not write A[0][0]: the write of an
// earlier iteration is lost (the CUDA path, --validate, PASSes).
// (utils/fuzz-pipeline.sh case 110, shrunk by utils/fuzz-shrink.py)
#include <math.h>

float f(int n, int m, int p, float A[restrict p + 4][p + 4]) {
  float u = 1;
#pragma loopgpu
  for (int i = 2; i <= n - 1; i++) {
    if (i % 2 == 0) A[0][0] = 1;
  }
  return u;
}
