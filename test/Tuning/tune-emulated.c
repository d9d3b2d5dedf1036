// REQUIRES: cpu-emulation
// --tune measures candidates through the validation harness; with
// --validate-mode=cpu they run under the CUDA emulation, whose timings only
// test the mechanism: candidates listed with their times, the fastest that
// PASSes kept, the cache written, and the next run served from the cache.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --tune --validate-mode=cpu --tune-cache %t/cache.json --tune-candidates 3 --validate-dir=%t/h -o %t/1.cu 2> %t/1.err
// RUN: FileCheck %s --check-prefix=FIRST < %t/1.err
// FIRST: remark: tuning at the harness's default sizes (small primes)
// FIRST: loopgpu: tuning {{.*}}tune-emulated.c on CPU emulation: 3 candidates (CPU emulation: timings only test the mechanism)
// FIRST-NEXT: [1/3] -tile 8,32 -coarsen 4: {{[0-9]+\.[0-9]+}} ms, the best so far
// FIRST-NEXT: [2/3] -tile 8,32 -coarsen 8: {{[0-9]+\.[0-9]+ ms(, the best so far|; best so far -tile 8,32 -coarsen 4 \([0-9.]+ ms\))$}}
// FIRST-NEXT: [3/3] -tile 8,32 -coarsen 2: {{[0-9]+\.[0-9]+ ms(, the best so far|; best so far -tile 8,32 -coarsen [48] \([0-9.]+ ms\))$}}
// FIRST-NEXT: loopgpu: tuning result cached in {{.*}}cache.json
// FIRST-NEXT: tune-emulated.c:[[@LINE+47]]:9: remark: tuning: fastest -tile 8,32 -coarsen {{[248]}} for the nest at line [[@LINE+47]] (measured on CPU emulation, 3 of 3 candidates PASS; CPU-emulation timings only test the mechanism; {{[0-9.]+}} ms)
// Each candidate has its own harness, and the output its choice.
// RUN: ls %t/h/tune | FileCheck %s --check-prefix=DIRS
// DIRS: candidate-1
// DIRS-NEXT: candidate-2
// DIRS-NEXT: candidate-3
// RUN: FileCheck %s --check-prefix=HEADER < %t/1.cu
// HEADER: //   tuning: fastest -tile 8,32 -coarsen {{[248]}} for the nest at line
// RUN: FileCheck %s --check-prefix=CACHE < %t/cache.json
// CACHE: "entries": {
// CACHE-NEXT: "{{[0-9a-f]+}}|CPU emulation|sm_90|params|seed 1|-tile auto -coarsen auto
// CACHE: "candidates": 3,
// CACHE: "nests": [
// CACHE: "line": [[@LINE+34]],
// CACHE: "version": 1
// Second run: from the cache, nothing measured, the same choice.
// RUN: %loopgpu %s --tune --validate-mode=cpu --tune-cache %t/cache.json --tune-candidates 3 -o %t/2.cu 2> %t/2.err
// RUN: FileCheck %s --check-prefix=SECOND < %t/2.err
// SECOND-NOT: [1/3]
// SECOND: remark: tuning: used the cache: fastest -tile 8,32 -coarsen {{[248]}} for the nest at line {{[0-9]+}} (cached measurement ({{.*}}cache.json) on CPU emulation, 3 of 3 candidates PASS
// RUN: FileCheck %s --check-prefix=HEADER2 < %t/2.cu
// HEADER2: //   tuning: fastest -tile 8,32 -coarsen {{[248]}} for the nest at line {{[0-9]+}} (cached measurement
// RUN: grep -v '^//' %t/1.cu > %t/1.code && grep -v '^//' %t/2.cu > %t/2.code && diff %t/1.code %t/2.code
// Other parameter values are another key: measured again.
// RUN: %loopgpu %s --tune --validate-mode=cpu --tune-cache %t/cache.json --tune-candidates 3 --param n=20 -o %t/3.cu 2>&1 | FileCheck %s --check-prefix=THIRD
// THIRD: [3/3]
// RUN: grep -c '"nests"' %t/cache.json | FileCheck %s --check-prefix=TWO
// TWO: 2
// A candidate that FAILs is not kept: here every one fails (a broken
// emulation), which is an error.
// RUN: %expect_exit 1 env LOOPGPU_EMU_REWRITE=/bin/false %loopgpu %s --tune --validate-mode=cpu --tune-cache %t/other.json --tune-candidates 2 -o %t/4.cu 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: [1/2] -tile 8,32 -coarsen 4: FAIL or no time (not kept; see {{.*}}output.txt)
// NONE: [2/2] {{.*}}: FAIL or no time (not kept
// NONE: error: --tune: none of the 2 candidate configurations passed validation
// RUN: not test -e %t/other.json
// On a terminal (script(1) gives it one): a single line rewritten in place
// (carriage return, erase line: <CR><ESC>[K below), candidate k of N and the
// best so far, then a summary; no plain lines.
// RUN: script -qec "%loopgpu %s --tune --validate-mode=cpu --tune-cache %t/tty.json --tune-candidates 2 -o %t/5.cu" %t/tty.log < /dev/null > /dev/null
// RUN: sed -e 's/\r/<CR>/g' -e 's/\x1b/<ESC>/g' %t/tty.log | FileCheck %s --check-prefix=TTY
// TTY-NOT: [1/2]
// TTY: <CR><ESC>[Kcandidate 1 of 2: -tile 8,32 -coarsen 4 | best so far none yet
// TTY-SAME: <CR><ESC>[Kcandidate 1 of 2: -tile 8,32 -coarsen 4 {{[0-9.]+}} ms | best so far -tile 8,32
// TTY-SAME: <CR><ESC>[Kcandidate 2 of 2: -tile 8,32 -coarsen 8 | best so far -tile 8,32 -coarsen 4
// TTY-SAME: <CR><ESC>[Kmeasured 2 candidates, 2 PASS; best -tile 8,32 -coarsen {{[48]}} ({{[0-9.]+}} ms)
// TTY-NOT: [2/2]
void axpy(int n, int m, float a, const float X[restrict n][m], float Y[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      Y[i][j] = a * X[i][j] + Y[i][j];
}
