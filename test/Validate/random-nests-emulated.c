// Random nests (Transform/Inputs/random_nests.py: 1 to 3 loops, triangular
// bounds, steps 2 and -1 / -2, scalars, ifs, random clause requests) through
// the CUDA path with random -tile / -coarsen: loopgpu either refuses with an
// error or its kernels, run under the CUDA emulation, match the original.
// RUN: python3 %S/../Transform/Inputs/random_nests.py --cuda --loopgpu %loopgpu --cc %cc --count 25 --seed 7 | FileCheck %s
// RUN: python3 %S/../Transform/Inputs/random_nests.py --cuda --loopgpu %loopgpu --cc %cc --count 25 --seed 12 | FileCheck %s
// CHECK: random nests: {{[1-9][0-9]*}} validated on the emulation, {{[0-9]+}} refused with an error
