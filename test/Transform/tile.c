// Tiling = strip mining every loop of a perfectly nested band + moving the
// tile loops outward (lecture: DOALL ii / DOALL jj / DOALL i / DOALL j).
// Legal when the band is fully permutable. Triangular bands get their tile
// loop bounds by projection; steps > 1 and downward loops keep their lattice.
// Every accepted case runs against the original on random inputs.
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=RECT
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | grep -v '^//' | FileCheck %s --check-prefix=LOWER
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=UPPER
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=WAVE
// RUN: %loopgpu %s -emit=c -- -DCASE=6 | grep -v '^//' | FileCheck %s --check-prefix=STEPS
// RUN: %loopgpu %s -emit=c -- -DCASE=7 | grep -v '^//' | FileCheck %s --check-prefix=DECL
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=2 > %t.2.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=3 > %t.3.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=3 %s %t.3.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=4 > %t.4.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=4 %s %t.4.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=6 > %t.6.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=6 %s %t.6.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=7 > %t.7.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=7 %s %t.7.c f
// RUN: not %loopgpu %s -emit=c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=SKEW
// RUN: not %loopgpu %s -emit=c -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=DEPTH

void f(int n, int m, float A[restrict n][m], float B[restrict n][m]) {
#if CASE == 1
#pragma loopgpu tile(4, 3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = B[i][j] * 2.0f + A[i][j];
// RECT:      *   1. tile(4, 3) of loops i (line [[@LINE-3]]), j (line [[@LINE-2]]): tile loops ii, jj outside, point loops inside [requested at line [[@LINE-4]]]
// RECT:      for (int ii = 0; ii < n; ii += 4) { /* parallel -- tile loop of i (line [[@LINE-4]]), 4 iterations per tile */
// RECT-NEXT:   for (int jj = 0; jj < m; jj += 3) { /* parallel -- tile loop of j (line [[@LINE-4]]), 3 iterations per tile */
// RECT-NEXT:     for (int i = ii; i < loopgpu_min(ii + 4, n); i++) { /* parallel -- line [[@LINE-6]] */
// RECT-NEXT:       for (int j = jj; j < loopgpu_min(jj + 3, m); j++) { /* parallel -- line [[@LINE-6]] */
// RECT-NEXT:         A[i][j] = B[i][j] * 2.0f + A[i][j]; /* line [[@LINE-6]] */
#elif CASE == 2
// Lower triangle: the j tiles stop at the last row of the i tile.
#pragma loopgpu tile(4, 4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i && j < m; j++)
      A[i][j] = B[i][j] + A[i][j];
// LOWER:      for (int ii = 0; ii < n; ii += 4) {
// LOWER-NEXT:   for (int jj = 0; jj < loopgpu_min(loopgpu_min(m, n), ii + 4); jj += 4) {
// LOWER-NEXT:     for (int i = ii; i < loopgpu_min(ii + 4, n); i++) {
// LOWER-NEXT:       for (int j = jj; j < loopgpu_min(loopgpu_min(jj + 4, i + 1), m); j++) {
#elif CASE == 3
// Upper triangle: the j tiles start at the first row of the i tile.
#pragma loopgpu tile(3, 5)
  for (int i = 0; i < n; i++)
    for (int j = i; j < m; j++)
      A[i][j] = B[i][j] + 1.0f;
// UPPER:      for (int ii = 0; ii < n; ii += 3) {
// UPPER-NEXT:   for (int jj = ii; jj < m; jj += 5) {
// UPPER-NEXT:     for (int i = ii; i < loopgpu_min(ii + 3, n); i++) {
// UPPER-NEXT:       for (int j = loopgpu_max(jj, i); j < loopgpu_min(jj + 5, m); j++) {
#elif CASE == 4
// Directions (<,=) and (=,<): fully permutable, so tileable (the tiles
// then run as a wavefront would need; every loop stays sequential).
#pragma loopgpu tile(2, 3)
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
// WAVE: for (int ii = 1; ii < n; ii += 2) { /* sequential: RAW A (<,=,<,=) -- tile loop of i (line [[@LINE-3]]), 2 iterations per tile */
#elif CASE == 5
// Direction (<,>): moving the j tiles outside the i rows would read
// A[i-1][j+1] before it is written.
#pragma loopgpu tile(2, 3)
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
// SKEW: tile.c:[[@LINE-4]]:17: error: cannot tile(2, 3): the loops are not fully permutable; RAW A[i][j] -> A[i - 1][j + 1] lines [[@LINE-1]]->[[@LINE-1]], direction (<,>) goes backward ('>') in loop j (line [[@LINE-2]])
#elif CASE == 6
// Step 2 upward and step -3 downward.
#pragma loopgpu tile(4, 2)
  for (int i = 0; i < n; i += 2)
    for (int j = m - 1; j >= 0; j -= 3)
      A[i][j] = B[i][j] + 1.0f;
// STEPS:      for (int ii = 0; ii < n; ii += 8) {
// STEPS-NEXT:   for (int jj = m - 1; jj >= 0; jj -= 6) {
// STEPS-NEXT:     for (int i = ii; i < loopgpu_min(ii + 7, n); i += 2) {
// STEPS-NEXT:       for (int j = jj; j >= loopgpu_max(jj - 3, 0); j -= 3) {
#elif CASE == 7
// A scalar declared between the loops moves inside the point loops.
#pragma loopgpu tile(3, 3)
  for (int i = 0; i < n; i++) {
    float t;
    for (int j = 0; j < m; j++) {
      t = B[i][j] * 2.0f;
      A[i][j] = t + 1.0f;
    }
  }
// DECL:          for (int j = jj; j < loopgpu_min(jj + 3, m); j++) {
// DECL-NEXT:       float t;
// DECL-NEXT:       t = B[i][j] * 2.0f;
#elif CASE == 8
#pragma loopgpu tile(4, 4)
  for (int i = 0; i < n; i++) {
    A[i][0] = 0.0f;
    for (int j = 0; j < m; j++)
      A[i][j] += B[i][j];
  }
// DEPTH: tile.c:[[@LINE-6]]:17: error: cannot tile(4, 4): it needs 2 perfectly nested loops from loop i (line [[@LINE-5]]), but loop i (line [[@LINE-5]]) ends the band: its body is not a single loop (it has 2 parts)
#endif
}
