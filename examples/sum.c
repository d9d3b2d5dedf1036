// Sum reduction of n integers.
//
// What loopgpu should do: the loop carries a RAW dependence on s, but s is
// only updated by `s += e`: a + reduction. It becomes per-thread partial sums
// (coarsened, grid-stride), warp shuffles, a block tree in shared memory and a
// second pass (or atomics) across blocks.
long sum(int n, const int *restrict x) {
  long s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
