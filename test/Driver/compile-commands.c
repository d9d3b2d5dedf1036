// -p BUILD_DIR takes the compile command (here a -D) from compile_commands.json,
// and extra clang arguments after `--` reach the parser.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '[{"directory": "%t", "file": "%s", "command": "cc -DSCALE=3 -c %s"}]' > %t/compile_commands.json
// RUN: %loopgpu %s -emit=ir -p %t | FileCheck %s --check-prefix=DB
// DB: S1 (line {{[0-9]+}}): A[i] = 3 * A[i]
// RUN: %loopgpu %s -emit=ir -- -DSCALE=5 | FileCheck %s --check-prefix=ARGS
// ARGS: S1 (line {{[0-9]+}}): A[i] = 5 * A[i]
// RUN: %expect_exit 1 %loopgpu %s -emit=ir 2>&1 | FileCheck %s --check-prefix=UNDEF
// UNDEF: error: use of undeclared identifier 'SCALE'
void f(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = SCALE * A[i];
}
