// Command-line handling: exit 0 on success, 1 on input errors, 2 on usage.
// RUN: %loopgpu --version | FileCheck %s --check-prefix=VERSION
// VERSION: loopgpu {{[0-9]+\.[0-9]+\.[0-9]+}} (Clang/LLVM 19.1

// RUN: %loopgpu --help | FileCheck %s --check-prefix=HELP
// HELP: loopgpu options:
// HELP-DAG: -tile=<N[,N...]|auto>
// HELP-DAG: -coarsen=<N[,N...]|auto>
// HELP-DAG: --tune
// HELP-DAG: --tune-cache=<file>
// HELP-DAG: -emit=<value>
// HELP-DAG: -arch=<sm_XX>
// HELP-DAG: --shared-staging=<value>
// HELP-DAG: =halo {{.*}}opt-in: slower than the caches on the H100
// HELP-DAG: --prefetch {{.*}}Software-pipeline shared-memory strips
// HELP-DAG: --min-blocks-per-sm=<N>
// HELP-DAG: --validate
// HELP-DAG: --param=<NAME=VALUE>
// HELP-NOT: -polly

// RUN: %expect_exit 2 %loopgpu %s -tile 0 2>&1 | FileCheck %s --check-prefix=BADTILE
// BADTILE: error: -tile=0: expected 1 to 3 comma-separated integers between 1 and 1024
// RUN: %expect_exit 2 %loopgpu %s -coarsen 2,x 2>&1 | FileCheck %s --check-prefix=BADCOARSEN
// BADCOARSEN: error: -coarsen=2,x: expected
// RUN: %expect_exit 2 %loopgpu %s -arch=gfx90a 2>&1 | FileCheck %s --check-prefix=BADARCH
// BADARCH: error: -arch=gfx90a: expected a CUDA architecture such as sm_90
// RUN: %expect_exit 2 %loopgpu %s -min-blocks-per-sm 33 2>&1 | FileCheck %s --check-prefix=BADMINBLOCKS
// BADMINBLOCKS: loopgpu: error: -min-blocks-per-sm 33: at most 32 blocks fit on an SM
// RUN: %expect_exit 2 %loopgpu %s --param n 2>&1 | FileCheck %s --check-prefix=BADPARAM
// BADPARAM: error: --param n: expected NAME=INTEGER
// RUN: %expect_exit 2 %loopgpu %s -emit=llvm 2>&1 | FileCheck %s --check-prefix=BADEMIT
// BADEMIT: Cannot find option named 'llvm'
// RUN: %expect_exit 2 %loopgpu %t.does-not-exist.c 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: no such file: '{{.*}}does-not-exist.c'
// RUN: %expect_exit 2 %loopgpu 2>&1 | FileCheck %s --check-prefix=NOINPUT
// NOINPUT: error: no input file
// RUN: %expect_exit 2 %loopgpu %s -emit=c -format=json 2>&1 | FileCheck %s --check-prefix=JSONC
// JSONC: error: -format=json applies to -emit=ir and -emit=deps only

// Options that do not combine, with exit 2 (more for tuning in test/Tuning/usage.c).
// RUN: %expect_exit 2 %loopgpu %s --validate -emit=ir 2>&1 | FileCheck %s --check-prefix=VALIDATEIR
// VALIDATEIR: error: --validate checks the emitted CUDA; it does not combine with -emit

// No compilation-database noise without -p, and -o writes the file.
// RUN: %loopgpu %s -emit=ir -o %t.ir 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=IR < %t.ir
// IR: nest 0 in f (line [[#@LINE+4]])
// RUN: %expect_exit 2 %loopgpu %s -emit=ir -p %t.nodb 2>&1 | FileCheck %s --check-prefix=NODB
// NODB: error: cannot load a compilation database from
void f(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = 2 * A[i];
}
