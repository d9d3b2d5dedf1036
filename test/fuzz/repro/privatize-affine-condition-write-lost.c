// Fails: loopgpu %s -emit=c -o out.c && python3 test/Transform/Inputs/equiv.py --cc cc --sizes 0,1,2,3,5,8,13 %s out.c f
// A second shape of the privatization bug of privatize-conditional-write-lost.c:
// C[3][3] is written under an affine condition (i + i < m) that the last
// iteration fails; the copy back from the last iteration's private copy
// restores the old value (utils/fuzz-pipeline.sh case 383, shrunk).

void f(int n, int m, int p, double C[restrict p + 4][p + 4]) {
#pragma loopgpu
  for (int i = 1; i < m; i++) {
    if (i + i < m) C[3][3] = 1;
  }
}
