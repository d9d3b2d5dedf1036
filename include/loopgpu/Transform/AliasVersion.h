//===- AliasVersion.h - A version of a nest for arrays apart -----*- C++ -*-===//
//
// Plain C without `restrict`: two pointer parameters of the same (or a
// character) element type, one of them written, may overlap, so the
// frontend puts them in one alias class and the analysis assumes the
// dependences between them; loops stay sequential. As Polly does, the nest
// gets a second version made under the assumption that they do not overlap,
// and a check of their address ranges at run time picks the version (the
// CUDA printer prints the check in the host function and in
// `<function>_device`).
//
// Legality: the version computes what the C computes whenever, for every
// pair in its ApartArrays, the two arrays' address ranges (from the base
// pointer over every element the nest touches) are disjoint: distinct alias
// classes say nothing more. Pointer variables and struct members take part
// like parameters: the check reads their values where the nest runs.
// The version is made only when it is worth a check: its analysis finds some
// loop more parallel than the nest's own, or one that distributes into more
// loops (parallel statements apart from a recurrence).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_ALIASVERSION_H
#define LOOPGPU_TRANSFORM_ALIASVERSION_H

#include "loopgpu/Analysis/Dependences.h"

#include <optional>
#include <utility>
#include <vector>

namespace loopgpu {

/// The pairs of N's arrays the analysis assumes may overlap (one alias
/// class, at least one of the two written): what a run-time check proves
/// apart (temporaries take no part).
std::vector<std::pair<unsigned, unsigned>> overlappingArrayPairs(const Nest &N);

/// The version of N (analysed as Info) for arguments whose address ranges
/// do not overlap: the pairs of overlappingArrayPairs in alias classes of
/// their own, Version "apart", VersionOf Index, ApartArrays those pairs. No
/// version when there is nothing to check or its analysis finds no loop
/// more parallel (or distributing further) than Info does.
std::optional<Nest> versionForApartArrays(const Nest &N, const DependenceInfo &Info, unsigned Index);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_ALIASVERSION_H
