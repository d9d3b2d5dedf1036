//===- LiveIn.h - Arrays a nest overwrites before reading --------*- C++ -*-===//
//
// Whether a nest needs an array's values from before it: a host function
// copies an array to the GPU before the first nest that uses it, and need not
// when that nest writes every element of the array before reading any. Exact
// (ISL): the nest's writes of the array that happen for sure (affine, under
// no data-dependent guard) must cover every element within the array's
// extents (or, for a pointer sized by this nest's accesses, within what the
// host code allocates) for every value of the parameters, and every read of the array must
// read a value the nest wrote before it in its sequential order (isl's flow
// computation: no read without a source). When in doubt (an unknown extent, a
// non-affine access, ISL's budget), the answer is that the values are needed.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_ANALYSIS_LIVEIN_H
#define LOOPGPU_ANALYSIS_LIVEIN_H

#include "loopgpu/IR/LoopNest.h"

#include <string>

namespace loopgpu {

/// True if nest N writes every element of array Array (an index into
/// N.Arrays) within its extents before reading any, so that the values the
/// array held before the nest are never used and all of them are replaced.
/// Why (if given) receives the reason when the answer is false.
/// AllocatedByTouch: the array is a pointer whose outer extent nobody
/// declared, of which the host code allocates as many elements as this nest
/// touches (ElementCount.h: rows 0 to the largest it reaches, within the
/// inner extents); those are the elements to cover.
bool overwritesBeforeReading(const Nest &N, unsigned Array, std::string *Why = nullptr,
                             bool AllocatedByTouch = false);

} // namespace loopgpu

#endif // LOOPGPU_ANALYSIS_LIVEIN_H
