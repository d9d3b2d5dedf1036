// Uses of -tile auto, -coarsen auto and --tune.
// Only what is auto (or not given) is tuned: -coarsen 4 stays.
// RUN: %loopgpu %s -tile auto -coarsen 4 --validate-mode=none 2>&1 | FileCheck %s --check-prefix=TILEONLY
// TILEONLY: remark: tuning: static model chose -tile 8,32 -coarsen 4 (
// TILEONLY: //   tuning: static model chose -tile 8,32 -coarsen 4 for the nest
// RUN: %loopgpu %s -tile 16,16 -coarsen auto --validate-mode=none 2>&1 | FileCheck %s --check-prefix=COARSENONLY
// COARSENONLY: remark: tuning: static model chose -tile 16,16 -coarsen 4 (
// Without -tile auto nothing is tuned and nothing is said.
// RUN: %loopgpu %s 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: tuning
// Tuning chooses CUDA options: not with -emit=ir|deps|c.
// RUN: %expect_exit 2 %loopgpu %s --tune -emit=deps 2>&1 | FileCheck %s --check-prefix=EMIT
// RUN: %expect_exit 2 %loopgpu %s -tile auto -emit=c 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: error: -tile auto, -coarsen auto and --tune choose CUDA options; they do not combine with -emit
// RUN: %expect_exit 2 %loopgpu %s --tune -tile 8 -coarsen 2 2>&1 | FileCheck %s --check-prefix=NOTHING
// NOTHING: error: --tune: nothing to tune: -tile and -coarsen are both given
// RUN: %expect_exit 2 %loopgpu %s --tune --validate-mode=none 2>&1 | FileCheck %s --check-prefix=NOHARNESS
// NOHARNESS: error: --tune runs the validation harness; it does not combine with --validate-mode=none
// No nvidia-smi on the PATH: no GPU, so --tune needs --validate-mode=cpu, and
// -tile auto falls back on the static model.
// RUN: %expect_exit 2 env PATH=%t.nowhere %loopgpu %s --tune 2>&1 | FileCheck %s --check-prefix=NOGPU
// NOGPU: error: --tune: no GPU found (nvidia-smi -L); -tile auto without --tune uses the static model, and --validate-mode=cpu measures under the CUDA emulation (only to test the mechanism)
// RUN: env PATH=%t.nowhere %loopgpu %s -tile auto 2>&1 | FileCheck %s --check-prefix=TILEONLY
// RUN: %expect_exit 2 %loopgpu %s -tile auto,8 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: -tile=auto,8: expected 1 to 3 comma-separated integers between 1 and 1024
void axpy(int n, int m, float a, const float X[restrict n][m], float Y[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      Y[i][j] = a * X[i][j] + Y[i][j];
}
