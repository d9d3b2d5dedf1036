// Matrix transpose of a rows x cols matrix given as flat arrays.
//
// What loopgpu should do: both loops are parallel. The subscripts are
// linearized (i*cols + j); loop bounds prove 0 <= j < cols, so loopgpu
// delinearizes them into 2-D accesses. A is read along j, trA written along i:
// one of them is uncoalesced, so a tile goes through shared memory, padded by
// one column against bank conflicts.
void transpose(int rows, int cols, const float *restrict A, float *restrict trA) {
#pragma loopgpu
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      trA[j * rows + i] = A[i * cols + j];
}
