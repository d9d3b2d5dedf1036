// -emit=gpu-ir prints the GPU plan the passes decided (KernelPasses.h), and
// -print-after=PASS prints it to stderr after one pass: the decisions of a
// later pass are not there yet.
// RUN: %loopgpu %S/../../examples/matmul.c -tile 16,16 -coarsen 4,4 -emit=gpu-ir | FileCheck %s --check-prefix=MM
// RUN: %loopgpu %S/../../examples/stencil7.c -emit=gpu-ir | FileCheck %s --check-prefix=ST
// RUN: %loopgpu %S/../../examples/jacobi2d.c -emit=gpu-ir | FileCheck %s --check-prefix=JAC
// RUN: %loopgpu %S/../../examples/matmul.c -tile 16,16 -coarsen 4,4 -print-after=map -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAP
// RUN: %loopgpu %S/../../examples/matmul.c -tile 16,16 -coarsen 4,4 -print-after=stage-strips -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGE
// RUN: %loopgpu %S/../../examples/matmul.c -tile 16,16 -coarsen 4,4 -print-after=coarsen-jam -o /dev/null 2>&1 | FileCheck %s --check-prefix=JAM
// RUN: %loopgpu %S/../../examples/stencil7.c -print-after=halos -o /dev/null 2>&1 | FileCheck %s --check-prefix=NORUNS
// RUN: %loopgpu %s -print-after=map -o /dev/null 2>&1 | FileCheck %s --check-prefix=MAPRED
// RUN: %loopgpu %s -print-after=reductions -o /dev/null 2>&1 | FileCheck %s --check-prefix=RED
// -tile auto plans many candidates; only the plan printed is shown.
// RUN: %loopgpu %S/../../examples/matmul.c -tile auto -print-after=map -o /dev/null 2>&1 | grep -c "GPU plan after map" | FileCheck %s --check-prefix=ONCE
// RUN: %loopgpu %s -emit=gpu-ir | FileCheck %s --check-prefix=TWO
// RUN: %expect_exit 2 %loopgpu %s -print-after=jam 2>&1 | FileCheck %s --check-prefix=BADPASS
// RUN: %expect_exit 2 %loopgpu %s -emit=gpu-ir --validate 2>&1 | FileCheck %s --check-prefix=BADVAL
// RUN: %expect_exit 2 %loopgpu %s -emit=ir -print-after=map 2>&1 | FileCheck %s --check-prefix=BADEMIT

// MM: // nest 0 of matmul (line 13)
// MM-NEXT: kernel matmul_nest0_kernel parallel block(16, 16, 1) shared 4224 B min-blocks-per-sm 2
// MM-NEXT:   grid.y loop i (line 14): block 16 x coarsen 4, stride 16, runs of 4
// MM-NEXT:   grid.x loop j (line 15): block 16 x coarsen 4, stride 16, runs of 4, one tile per block
// MM-NEXT:   stage loop k (line 17) strips of 8, prefetch, full strips unrolled by 8
// MM-NEXT:     tile A 8 x 68 transposed, loads of 4
// MM-NEXT:     tile B 8 x 64, loads of 4
// MM-NEXT:   jam shared {k} per-copy {acc}
// MM-NEXT:   versions unguarded-strips
// MM-NEXT:   exact-version matmul_nest0_kernel_exact when trips divide {i by 64, j by 64, k by 8} aligned {A, B}
// MM-NEXT:   body
// MM-NEXT:     loop i (line 14) on y
// MM-NEXT:       loop j (line 15) on x
// MM-NEXT:         stmt S1 (line 16): acc = 0.0f
// MM-NEXT:         loop k (line 17) shared
// MM-NEXT:           stmt S2 (line 18): acc += A[i][k] * B[k][j]
// MM-NEXT:         stmt S3 (line 19): C[i][j] = acc
// MM-NEXT: host
// MM-NEXT:   launch matmul_nest0_kernel

// The stencil pencil and the mapper's default, chosen at run time.
// ST: kernel stencil7_nest0_kernel parallel block(32, 8, 1)
// ST-NEXT:   grid.z loop z (line 12): block 1 x coarsen 8, stride 1
// ST-NEXT:   grid.y loop y (line 13): block 8 x coarsen 1, stride 8
// ST-NEXT:   grid.x loop x (line 14): block 32 x coarsen 2, stride 32, runs of 2, one tile per block
// ST-NEXT:   vector-runs 2 along x: in, out; border stores of out by run
// ST-NEXT:   versions full-and-border-tiles
// ST: kernel stencil7_nest0_kernel1 parallel block(32, 4, 2)
// ST-NOT: versions
// ST: {{^}}host{{$}}
// ST-NEXT:   choose iterations of {z, y, x} < 4325376 (LOOPGPU_PENCIL_MIN_ITERATIONS overrides)
// ST-NEXT:     launch stencil7_nest0_kernel1
// ST-NEXT:   else
// ST-NEXT:     launch stencil7_nest0_kernel{{$}}

// JAC: kernel jacobi2d_nest0_kernel parallel block(32, 8, 1)
// JAC-NEXT:   host-loops t
// JAC: {{^}}host{{$}}
// JAC-NEXT:   loop t (line 9) device-loop jacobi2d_nest0_loop_t threads 256 slots 4 max-blocks 16
// JAC-NEXT:     time-tile jacobi2d_nest0_time_t depth {{[0-9]+}} tile {{.*}} block 8 x 32
// JAC:          sweep 2 jacobi2d_nest0_kernel1 reach -1,1 +1,1
// JAC-NEXT:     launch jacobi2d_nest0_kernel{{$}}
// JAC-NEXT:     launch jacobi2d_nest0_kernel1

// The map pass lays out the grid; the staging comes after it.
// MAP: // GPU plan after map, nest at line 13
// MAP-NEXT: kernel matmul_nest0_kernel parallel block(16, 16, 1){{$}}
// MAP-NEXT:   grid.y loop i (line 14): block 16 x coarsen 4, stride 16{{$}}
// MAP-NEXT:   grid.x loop j (line 15): block 16 x coarsen 4, stride 16{{$}}
// MAP-NEXT:   body
// MAP: {{^}}host{{$}}
// STAGE: // GPU plan after stage-strips, nest at line 13
// STAGE-NEXT: kernel matmul_nest0_kernel parallel block(16, 16, 1) shared 4224 B min-blocks-per-sm 2
// STAGE: stage loop k (line 17) strips of 8, prefetch{{$}}
// STAGE-NOT: jam shared
// STAGE-NOT: versions
// STAGE: {{^}}host{{$}}
// JAM: // GPU plan after coarsen-jam, nest at line 13
// JAM: jam shared {k} per-copy {acc}
// JAM-NOT: versions
// JAM: {{^}}host{{$}}

// Two nests: a reduction, then a recurrence that one thread runs.
float two(int n, float a[restrict n], float b[restrict n]) {
  float s = 0.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += a[i];
#pragma loopgpu
  for (int i = 1; i < n; i++)
    b[i] = b[i - 1] * 0.5f + a[i] * s;
  return s;
}
// TWO: // nest 0 of two (line [[# @LINE - 8]])
// TWO-NEXT: kernel two_nest0_kernel reduction block(256, 1, 1) shared 128 B{{$}}
// TWO: reduce
// TWO: // nest 1 of two (line [[# @LINE - 8]])
// TWO-NEXT: kernel two_nest1_kernel serial block(1, 1, 1)
// TWO-NEXT:   body
// TWO-NEXT:     loop i (line [[# @LINE - 10]]){{$}}
// TWO: {{^}}host{{$}}

// The stencil pencil's vector runs are planned after the halos.
// NORUNS: // GPU plan after halos
// NORUNS-NEXT: kernel stencil7_nest0_kernel parallel block(32, 8, 1)
// NORUNS-NEXT:   grid.z loop z (line 12): block 1 x coarsen 8, stride 1
// NORUNS-NEXT:   grid.y loop y (line 13): block 8 x coarsen 1, stride 8
// NORUNS-NEXT:   grid.x loop x (line 14): block 32 x coarsen 2, stride 32{{$}}
// NORUNS-NOT: vector-runs
// NORUNS: {{^}}host{{$}}
// A reduction kernel's block combines (the shared memory of its partials)
// come from the reductions pass.
// MAPRED: // GPU plan after map, nest at line [[# @LINE - 27]]
// MAPRED-NEXT: kernel two_nest0_kernel reduction block(256, 1, 1){{$}}
// RED: // GPU plan after reductions, nest at line [[# @LINE - 29]]
// RED-NEXT: kernel two_nest0_kernel reduction block(256, 1, 1) shared 128 B{{$}}

// ONCE: {{^1$}}
// BADPASS: -print-after=jam: no such pass (map, lane-reductions, stage-strips, transposed-stores, halos, vector-runs, reductions, coarsen-jam, tile-versions, shared-bins, exact-tiles, device-loops, time-tile)
// BADVAL: --validate checks the emitted CUDA; it does not combine with -emit=ir, deps, c or gpu-ir
// BADEMIT: -print-after prints the GPU plan; it does not combine with -emit=ir, deps or c
