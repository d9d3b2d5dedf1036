// Random nests (1 to 3 loops, triangular bounds, steps 2 and -1 / -2,
// scalars declared inside or outside, ifs) with random requests: loopgpu
// must either refuse with an error or print C that computes, bit for bit,
// what the original computes (Inputs/random_nests.py, fixed seeds).
// RUN: python3 %S/Inputs/random_nests.py --loopgpu %loopgpu --cc %cc --count 15 --seed 7 | FileCheck %s
// RUN: python3 %S/Inputs/random_nests.py --loopgpu %loopgpu --cc %cc --count 15 --seed 11 | FileCheck %s
// CHECK: random nests: {{[0-9]+}} transformed and equivalent, {{[0-9]+}} refused with an error
