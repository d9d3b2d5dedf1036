//===- ElementForScalar.h - A scalar that carries an element's value -*- C++ -*-===//
//
// Hand-written code often accumulates in a scalar and stores it at the end
// (PolyBench's ludcmp):
//
//   w = A[i][j];                         k
//   for (k = 0; k < j; k++)
//     w -= A[i][k] * A[k][j];
//   A[i][j] = w / A[j][j];               m
//
// The scalar serializes every instance that uses it, which hides the
// parallelism a new execution order would find (Reschedule.h). When the
// statements between the scalar's write (k) and the store (m) cannot touch
// the stored element X (no dependence between them and the store within one
// iteration of the loops around them; reads in m other than the scalar's
// included), X can hold the scalar's value over that range:
//
//   for (k = 0; k < j; k++)
//     A[i][j] -= A[i][k] * A[k][j];
//   A[i][j] = A[i][j] / A[j][j];
//
// (k becomes `X = E`, and disappears when E is X itself; m becomes
// `X = f(X)`, and disappears when it is `X = w`.) The inverse of register
// promotion (PromoteElements.h). Applied to a scalar declared before the
// nest, whose value is not read after it, of the element's type, when every
// access to it lies in such a range. The same values are computed in the
// same order: X is written earlier, and nothing reads or writes it in
// between.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_ELEMENTFORSCALAR_H
#define LOOPGPU_TRANSFORM_ELEMENTFORSCALAR_H

#include "loopgpu/Analysis/Dependences.h"

#include <string>
#include <vector>

namespace loopgpu {

/// Replaces every scalar that qualifies by the elements it carries; returns
/// the names of the scalars replaced (N unchanged when empty). DI is N's
/// analysis.
std::vector<std::string> elementsForScalars(Nest &N, const DependenceInfo &DI);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_ELEMENTFORSCALAR_H
