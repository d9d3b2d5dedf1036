// REQUIRES: cpu-emulation
// A pointer that host code between nests indexes beyond what the nests
// touch: the driver cannot size it from the nests' accesses (it allocated
// too little and the original wrote past the end: heap corruption, found
// by utils/fuzz-pipeline.sh): a warning says so; a data clause gives the
// extent.
// RUN: %loopgpu %s --validate --validate-mode=none --validate-dir=%t.1 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: --validate: host code uses 'x' (indexes it, or assigns or passes the pointer), whose declaration gives no extent: the driver allocates as many elements as the nests index; if host code indexes further, or a nest reaches further through another pointer, give the extent with a data clause, e.g. '#pragma loopgpu copy(x[0:n])'
// RUN: sed -e 's/#pragma loopgpu$/#pragma loopgpu copy(x[0:n + 6])/' %s > %t.c
// RUN: %loopgpu %t.c --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s
// CHECK: PASS f: x (43 elements)
// CHECK: {{^PASS$}}
void f(int n, float *x) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    x[i] = 2.0f * i;
  x[n + 5] = 1.0f;
}
