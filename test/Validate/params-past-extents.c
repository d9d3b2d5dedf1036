// REQUIRES: cpu-emulation
// The driver's parameter values are guesses (or --param): where a nest's
// loops reach past an array's declared extent with them (here when n > m),
// the original C writes outside the array as well, so the driver says so
// before the runs (a crash or a FAIL may follow) instead of leaving a bare
// heap corruption to explain.
// RUN: rm -rf %t && %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/ok --param n=40 --param m=53 | FileCheck %s --check-prefix=OK
// RUN: %loopgpu %s --validate --validate-mode=none --validate-dir=%t/past --param n=60 --param m=50
// RUN: FileCheck %s --check-prefix=DRIVER < %t/past/driver.cu
// OK-NOT: note
// OK: PASS fill: a (53 elements)
// OK: {{^PASS$}}
// DRIVER: const long long a_count = loopgpu_max(0, loopgpu_count({(long long)(m)}));
// DRIVER: if ((long long)(loopgpu_count({(long long)(((long long)n) <= 0 ? 0 : ((long long)n))})) > a_count)
// DRIVER-NEXT: printf("note fill: with these values the nests may index a up to element %lld, past its %lld declared elements (the original C too: a crash or a FAIL may follow); give --param values that keep the loops within the arrays\n", {{.*}}, a_count), fflush(stdout);
void fill(int n, int m, float a[restrict m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    a[i] = 2 * i;
}
