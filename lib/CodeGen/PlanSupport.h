//===- PlanSupport.h - Helpers of the GPU plan's passes --------*- C++ -*-===//
//
// Internal to lib/CodeGen: what several of the plan's steps share, and the
// steps the map pass calls from their own files.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_LIB_CODEGEN_PLANSUPPORT_H
#define LOOPGPU_LIB_CODEGEN_PLANSUPPORT_H

#include "loopgpu/CodeGen/GPUMapping.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace loopgpu {

/// Subscript = iterator of a loop in Allowed + constant, or a constant.
/// Returns the loop (or -1 for a constant) and the offset.
inline std::optional<std::pair<int, int64_t>> simpleSubscript(const AffExpr &E,
                                                       const std::vector<unsigned> &Allowed) {
  std::optional<LinearForm> F = E.linear();
  if (!F)
    return std::nullopt;
  if (F->Coefficients.empty())
    return std::make_pair(-1, F->Constant);
  if (F->Coefficients.size() != 1)
    return std::nullopt;
  auto [Var, Coef] = *F->Coefficients.begin();
  if (!Var.isIterator() || Coef != 1 ||
      std::find(Allowed.begin(), Allowed.end(), Var.Index) == Allowed.end())
    return std::nullopt;
  return std::make_pair(static_cast<int>(Var.Index), F->Constant);
}

/// -shared-staging=halo for a Parallel kernel without a staged loop,
/// transposed store or lane loops (HaloStaging.cpp): fills K.Halo and
/// K.SharedBytes, says in Remarks why an array is not staged.
void planHaloStaging(const Nest &N, KernelPlan &K, const CodeGenOptions &Opts, std::vector<std::string> &Remarks);

} // namespace loopgpu

#endif // LOOPGPU_LIB_CODEGEN_PLANSUPPORT_H
