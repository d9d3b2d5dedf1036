//===- BoundingBox.h - A triangular loop over its bounding box --*- C++ -*-===//
//
// The GPU maps a rectangular band of loops onto the grid. A loop whose
// bounds follow the iterator of the loop around it (`for (j = 0; j <= i;
// j++)`, syrk's and covariance's triangles) runs instead over the smallest
// range that holds all of them, with the original bounds as a guard:
//
//   for (int j = lo(i); j <= hi(i); j++) S      (i in [a, b])
//   ->
//   for (int j = min lo; j <= max hi; j++) if (lo(i) <= j && j <= hi(i)) S
//
// where the extremes of lo and hi are taken at i = a or i = b (the bounds
// are linear in i). The body runs for the same (i, j), in the same order:
// always legal. Threads outside the triangle idle, as in PPCG's output.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_BOUNDINGBOX_H
#define LOOPGPU_TRANSFORM_BOUNDINGBOX_H

#include "loopgpu/IR/LoopNest.h"

namespace loopgpu {

/// Whether loop Inner, the only child of loop Outer, can run over its
/// bounding box: both step 1, Inner's bounds linear (in Outer's iterator,
/// the parameters and the iterators of loops around Outer) and not both
/// constant in Outer's iterator, Inner's iterator not read after the nest.
/// The box's bounds may use the iterators of loops around Outer: the caller
/// maps Outer as the first loop of a kernel, so those loops stay on the host
/// and their iterators are fixed in the kernel (lu in isl's order: k on the
/// host, i and j in k + 1 .. i - 1 mapped).
bool canBoxLoop(const Nest &N, unsigned Outer, unsigned Inner);

/// Rewrites Inner over its bounding box with the guard (canBoxLoop must
/// hold), records the transformation and finalizes the nest.
void boxLoop(Nest &N, unsigned Outer, unsigned Inner);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_BOUNDINGBOX_H
