//===- ElementCount.h - An array's elements as a C expression ---*- C++ -*-===//
//
// The CUDA file's launchers and the --validate driver allocate and copy each
// array of a nest: its elements as a C expression in the nest's parameters,
// computed in 64 bits.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_ELEMENTCOUNT_H
#define LOOPGPU_CODEGEN_ELEMENTCOUNT_H

#include "loopgpu/IR/LoopNest.h"

#include <optional>
#include <string>

namespace loopgpu {

/// Elements to copy for array ArrayId, as a C expression in the nest's
/// parameters: the product of its extents when they are all known, else
/// (1 + the largest index any access can touch) computed with ISL
/// (Analysis/Footprint.h). Nullopt when neither is known (a non-affine
/// access to a pointer). The count is computed in 64 bits (loopgpu_count:
/// an overflow stops the program).
std::optional<std::string> arrayElementCount(const Nest &N, unsigned ArrayId);

/// The elements the accesses may touch (1 + the largest outer index, times
/// the inner extents), also where the outer extent is declared: past the
/// declared count, the nest indexes beyond the array for those parameters.
std::optional<std::string> touchedElementCount(const Nest &N, unsigned ArrayId);

/// Where the nest touches array ArrayId before its first element (p[-1] on
/// a pointer into an array: Footprint.h's touchedBeforeFirst), a C condition
/// in the nest's parameters; nullopt when it never does. The copies start at
/// the first element: the host code stops the program where this holds.
std::optional<std::string> beforeFirstCondition(const Nest &N, unsigned ArrayId);

/// arrayElementCount (Declared) or touchedElementCount.
std::optional<std::string> elementCount(const Nest &N, unsigned ArrayId, bool Declared);

/// E as a C expression computed in 64 bits: every name is cast to long long
/// first, so that `65536 * n` cannot overflow int.
std::string affIn64Bits(const Nest &N, const AffExpr &E);

/// X + C, spelled without "+ -" (X alone for 0).
std::string plusConst(const std::string &X, int64_t C);

/// T spelled in C++ (bool for C's _Bool).
std::string typeStr(ScalarType T);

/// The definition of loopgpu_count (an array's elements from its extents, in
/// 64 bits), which the CUDA file and the --validate driver both use.
const char *countHelpers();

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_ELEMENTCOUNT_H
