// REQUIRES: cpu-emulation
// `switch` in a nest is the chain of `if`s it means: each group of labels
// one branch (`case 1: case 2:` their `||`), the group holding `default`
// the last `else`, an empty group (`case 4: break;`) an empty branch that
// keeps its values from the default. Enumerators, characters, a switch on
// an affine expression (its branches are guards: the loop stays parallel),
// one inside a loop run as written (a region), one nested in a case. The
// CUDA matches the original under the emulation, every written array.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/out.cu
// RUN: FileCheck %s --check-prefix=CUDA < %t/out.cu
// RUN: %loopgpu %s -emit=deps | FileCheck %s --check-prefix=DEPS
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v | FileCheck %s --check-prefix=VAL
// Refused, each with its location:
// RUN: %expect_exit 1 %loopgpu %s -- -DFALLTHROUGH 2>&1 | FileCheck %s --check-prefix=FALL
// RUN: %expect_exit 1 %loopgpu %s -- -DEARLY_BREAK 2>&1 | FileCheck %s --check-prefix=EARLY
// RUN: %expect_exit 1 %loopgpu %s -- -DDECL 2>&1 | FileCheck %s --check-prefix=DECL
// RUN: %expect_exit 1 %loopgpu %s -- -DSIDE 2>&1 | FileCheck %s --check-prefix=SIDE
// RUN: %expect_exit 1 %loopgpu %s -- -DRANGE 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %expect_exit 1 %loopgpu %s -- -DUNREACHED 2>&1 | FileCheck %s --check-prefix=UNREACHED

enum op { COPY, NEGATE, HALVE, ZERO, KEEP };

// CUDA-LABEL: __global__ {{.*}}ops_nest0_kernel(
// CUDA: if (kind[i] == 0) {
// CUDA-NEXT: b[i] = a[i]; // line [[@LINE+13]]
// CUDA: if (kind[i] == 1 || kind[i] == 2) {
// CUDA: if (kind[i] == 4) {
// CUDA-NEXT: } else {
// CUDA-NEXT: b[i] = 0; // line [[@LINE+16]]
// DEPS-LABEL: nest ops#0
// DEPS: loop i (line [[@LINE+4]]): parallel
// VAL: PASS ops: b
void ops(int n, const int kind[restrict n], const float a[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    switch (kind[i]) {
    case COPY:
      b[i] = a[i];
      break;
    case NEGATE:
    case HALVE:
      b[i] = kind[i] == NEGATE ? -a[i] : a[i] / 2;
      break;
    default: // in the middle: it is still the last else
      b[i] = 0;
      break;
    case KEEP:
      break;
    }
  }
}

// A switch on i % 3: guards on the iterator. Characters as labels; a
// switch nested in a case (its break is its own).
// DEPS-LABEL: nest mod3#0
// DEPS: loop i (line [[@LINE+8]]): parallel
// DEPS: loop j (line [[@LINE+8]]): parallel
// CUDA-LABEL: __global__ {{.*}}mod3_nest0_kernel(
// CUDA: if (i % 3 == 0) {
// CUDA: if (tag[i] == 97) {
// VAL: PASS mod3: out
void mod3(int n, const char tag[restrict n], float out[restrict n][3]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 3; j++)
      switch (i % 3) {
      case 0:
        out[i][j] = j;
        break;
      case 1:
        switch (tag[i]) {
        case 'a': out[i][j] = 10 + j; break;
        case 'b': out[i][j] = 20 + j; break;
        default: out[i][j] = -1;
        }
        break;
      default:
        out[i][j] = 2 * j + i;
      }
}

// In a loop run as written (a while region): a switch there is an if chain too.
// VAL: PASS steps: y
void steps(int n, const int code[restrict n], float y[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    int k = 0;
    float v = 1;
    while (k < code[i] % 5) {
      switch (k & 1) {
      case 0: v = v * 2; break;
      case 1: v = v + 1; break;
      }
      k++;
    }
    y[i] = v;
  }
}

// A condition through a pure function of the file (Clang counts any call as
// a possible side effect; the call itself is checked where it is built).
// CUDA-LABEL: __global__ {{.*}}pure_nest0_kernel(
// CUDA: if (bucket(v[i]) == 0) {
// VAL: PASS pure: out
static inline int bucket(int x) { return x & 3; }
void pure(int n, const int v[restrict n], float out[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    switch (bucket(v[i])) {
    case 0: out[i] = 1; break;
    default: out[i] = 2; break;
    }
}
// VAL: {{^PASS$}}

#ifdef FALLTHROUGH
void fall(int n, const int c[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    switch (c[i]) {
    case 0:
      b[i] = 1;
    // FALL: switch.c:[[@LINE+1]]:5: error: a 'switch' case that the statements before it fall through into is not supported inside a '#pragma loopgpu' nest (end them with 'break')
    case 1:
      b[i] += 2;
      break;
    }
}
#endif
#ifdef EARLY_BREAK
void early(int n, const int c[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    switch (c[i]) {
    case 0:
      if (b[i] > 0)
        // EARLY: switch.c:[[@LINE+1]]:9: error: a 'break' out of a 'switch' before the end of its case is not supported inside a '#pragma loopgpu' nest
        break;
      b[i] = 1;
      break;
    }
}
#endif
#ifdef DECL
void decl(int n, const int c[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    switch (c[i]) {
    case 0:
      b[i] = 0;
      // DECL: switch.c:[[@LINE+1]]:7: error: a declaration directly in a 'switch' body (put the case's statements in braces) is not supported
      float t = 2;
      b[i] = t;
      break;
    }
}
#endif
#ifdef SIDE
void side(int n, int c[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    // SIDE: switch.c:[[@LINE+1]]:13: error: a 'switch' condition with side effects is not supported
    switch (c[i]++) {
    case 0: b[i] = 0; break;
    }
}
#endif
#ifdef RANGE
void range(int n, const int c[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    switch (c[i]) {
    // RANGE: switch.c:[[@LINE+1]]:5: error: a case range ('case a ... b') is not supported
    case 0 ... 3: b[i] = 0; break;
    }
}
#endif
#ifdef UNREACHED
void unreached(int n, const int c[restrict n], float b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    switch (c[i]) {
      // UNREACHED: switch.c:[[@LINE+1]]:7: error: a statement in a 'switch' that no case label reaches is not supported
      b[i] = 5;
    case 0: b[i] = 0; break;
    }
}
#endif
