// 7-point stencil in double on an nz x ny x nx grid: out = c0*in + c1*(sum of the six
// neighbours), interior points only.
//
// What loopgpu should do: all three loops are parallel (out is written, in is
// only read). x goes on threadIdx.x for coalescing; with -coarsen each thread
// walks a z-pencil, keeping the previous, current and next planes' values in
// registers (register tiling), and the current xy-slice in shared memory with
// its halo read from global memory.
void stencil7d(int nz, int ny, int nx, double c0, double c1,
              const double in[restrict nz][ny][nx], double out[restrict nz][ny][nx]) {
#pragma loopgpu
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[z][y][x] = c0 * in[z][y][x] +
                       c1 * (in[z][y][x - 1] + in[z][y][x + 1] + in[z][y - 1][x] +
                             in[z][y + 1][x] + in[z - 1][y][x] + in[z + 1][y][x]);
}
