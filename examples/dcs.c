// Direct Coulomb summation (DCS) on one z-slice of a grid: every grid point
// accumulates the potential of all atoms (a gather).
//
// What loopgpu should do: the grid loops y and x are parallel; the atom loop
// is a + reduction into a private accumulator. With -coarsen each thread
// computes several grid points along x with a stride of the block width, and
// each atom's data, shared by all of the thread's points, stays in registers
// (register tiling); the atom arrays are read-only and broadcast (__ldg).
#include <math.h>

void dcs(int ny, int nx, int natoms, float spacing, float z,
         const float *restrict ax, const float *restrict ay, const float *restrict az,
         const float *restrict charge, float energy[restrict ny][nx]) {
#pragma loopgpu
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) {
      float e = 0.0f;
      for (int a = 0; a < natoms; a++) {
        float dx = spacing * x - ax[a];
        float dy = spacing * y - ay[a];
        float dz = z - az[a];
        e += charge[a] / sqrtf(dx * dx + dy * dy + dz * dz);
      }
      energy[y][x] += e;
    }
}
