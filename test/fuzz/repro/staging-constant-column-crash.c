// Fails: loopgpu %s -o out.cu   (also with -shared-staging=false)
// Segmentation fault in Planner::planStaging (GPUMapping.cpp): i parallel,
// j sequential (output dependence on C[i][i]), the read B[j][3] indexed by
// the sequential loop and a constant only (utils/fuzz-pipeline.sh via
// bench/fuzz-gpu.sh --prepare, case 29, shrunk by utils/fuzz-shrink.py).
void f(int n, double B[restrict n + 4][n + 4], double C[restrict n + 4][n + 4]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][i] = B[j][3];
}
