//===- Reschedule.h - A new execution order from isl's scheduler --*- C++ -*-===//
//
// Loop-by-loop transformations (interchange, distribution, skewing of one
// band) cannot turn a row-by-row factorization into the column-by-column one
// whose inner loops are parallel. PolyBench's lu
//
//   for (i = 0; i < n; i++) {
//     for (j = 0; j < i; j++) {
//       for (k = 0; k < j; k++) A[i][j] -= A[i][k] * A[k][j];   S1
//       A[i][j] /= A[j][j];                                     S2
//     }
//     for (j = i; j < n; j++)
//       for (k = 0; k < i; k++) A[i][j] -= A[i][k] * A[k][j];   S3
//   }
//
// keeps i and j sequential (n^2 launches), while the same instances run as
//
//   for (c0 = 0; c0 < n - 1; c0++)             sequential (the old k, or j of S2)
//     for (c1 = c0 + 1; c1 < n; c1++) {        parallel
//       S2(c1, c0);
//       for (c2 = c0 + 1; c2 < c1; c2++) S1(c1, c2, c0);
//       for (c2 = c1; c2 < n; c2++) S3(c1, c2, c0);
//     }
//
// This transformation computes that order the way PPCG and Polly do: the
// dependences of every kind (memory-based: every pair of instances touching
// the same element, one of them a write, in their original order) are the
// validity, proximity and coincidence constraints of isl's scheduler
// (isl_schedule_constraints_compute_schedule, Pluto-style, with outer
// coincidence so that the outer loops of a band are parallel where
// possible), and isl's AST builder (isl_ast_build) writes the new loops. The
// nest is then rebuilt from that AST: new loops with their bounds, affine
// `if`s, and one copy of each statement per place the AST runs it, its
// iterators replaced by the AST's arguments. Every instance runs once, after
// every instance it depends on (isl's scheduler guarantees the validity
// constraints), so the result computes what the original computes.
//
// Not handled (the nest stays as it is, with the reason): clauses on the
// nest, iterators read after it, scalars declared inside it, statements under data-dependent guards,
// temporaries, arrays that may overlap another array that is written,
// AST forms the IR does not hold (select, non-constant multiplication), and
// nests past an ISL operation budget.
//
// The pipeline (Pipeline.cpp) tries it only where its own choices leave
// sequential work around or inside the GPU threads, and keeps the result only
// when it is better by that measure.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_RESCHEDULE_H
#define LOOPGPU_TRANSFORM_RESCHEDULE_H

#include "loopgpu/IR/LoopNest.h"

#include <string>

namespace loopgpu {

/// Rebuilds N in the order isl's scheduler computes. Returns false and sets
/// WhyNot (N unchanged) if the nest is outside what it handles.
bool rescheduleWithIsl(Nest &N, std::string &WhyNot);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_RESCHEDULE_H
