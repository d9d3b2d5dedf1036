// A coarsened kernel whose body has no inner loop gets a fast path for tiles
// entirely inside the iteration space (no range checks, so nvcc shares the
// copies' common loads) and keeps the checks on border tiles.
// RUN: %loopgpu %s -tile 1,8,32 -coarsen 4 | FileCheck %s
// RUN: %loopgpu %s -vector 1 | FileCheck %s --check-prefix=UNCOARSENED
// RUN: %loopgpu %s -tile 1,8,32 -coarsen 4 --validate --validate-mode=cpu --param nz=19 --param ny=21 --param nx=70 --validate-dir %t | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s -tile 1,8,32 -coarsen 4 --validate --validate-mode=cpu --param nz=3 --param ny=3 --param nx=3 --validate-dir %t2 | FileCheck %s --check-prefix=PASS
void s(int nz, int ny, int nx, const float in[restrict nz][ny][nx], float out[restrict nz][ny][nx]) {
#pragma loopgpu
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[z][y][x] = in[z - 1][y][x] + in[z][y][x] + in[z + 1][y][x];
}
// CHECK: if (((long long)loopgpu_tile0 + 1) * 4 <= loopgpu_trip0 && ((long long)loopgpu_tile1 + 1) * 8 <= loopgpu_trip1 && ((long long)loopgpu_tile2 + 1) * 32 <= loopgpu_trip2) { // a full tile: no range checks
// CHECK-NOT: if (loopgpu_t0 < loopgpu_trip0
// CHECK: out[((z) * (ny) + (y)) * (nx) + (x)] = in[((z - 1) * (ny) + (y)) * (nx) + (x)]
// CHECK: } else { // a tile on the border of the iteration space
// CHECK: if (loopgpu_t0 < loopgpu_trip0 && loopgpu_t1 < loopgpu_trip1 && loopgpu_t2 < loopgpu_trip2) {
// CHECK: out[((z) * (ny) + (y)) * (nx) + (x)] = in[((z - 1) * (ny) + (y)) * (nx) + (x)]
// UNCOARSENED-NOT: a full tile
// PASS: PASS s: out
