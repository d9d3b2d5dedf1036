//===- Footprint.h - How many elements of an array a nest touches -*- C++ -*-===//
//
// For an array whose outer extent is unknown (a pointer, `float *x` or
// `float (*A)[m]`), the elements the nest may touch along the outer
// dimension, computed with ISL from the accesses' relations: 1 + the largest
// outer index any access touches, for every value of the parameters, 0
// where no access touches anything. Accesses of sequential regions count by
// their bounded forms (IslBuilder::isAccessBounded): what they may touch.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_ANALYSIS_FOOTPRINT_H
#define LOOPGPU_ANALYSIS_FOOTPRINT_H

#include "loopgpu/IR/LoopNest.h"

#include <isl/cpp.h>

#include <optional>
#include <string>

namespace loopgpu {

class IslBuilder;

/// The outer indices the accesses of array ArrayId touch, {[x0]} in B's
/// spaces (the set the count above is 1 + the largest of): null when an
/// access is not bounded or none touches the array.
isl::set touchedOuterIndices(const IslBuilder &B, const Nest &N, unsigned ArrayId);

/// The count above as an expression of the nest's parameters in ISL's C
/// syntax (min, max and floord as calls; "0" when no access touches the
/// array), or nullopt when an access is not bounded.
std::optional<std::string> touchedOuterExtent(const Nest &N, unsigned ArrayId);

/// The count above's largest value over every value of the parameters, when
/// that is a constant (`h[v[i] & 255]`: 256); nullopt otherwise.
std::optional<int64_t> touchedOuterBound(const Nest &N, unsigned ArrayId);

/// The values of the nest's parameters for which it touches array ArrayId
/// before its first element (an index lexicographically below zero: p[-1]
/// on a pointer into an array, A[0][-1]), as a C condition in ISL's syntax
/// ("1" when it always does); nullopt when it never does or an access is
/// not bounded. The GPU copies of an array start at its first element.
std::optional<std::string> touchedBeforeFirst(const Nest &N, unsigned ArrayId);

} // namespace loopgpu

#endif // LOOPGPU_ANALYSIS_FOOTPRINT_H
