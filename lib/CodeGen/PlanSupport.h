//===- PlanSupport.h - Helpers of the GPU plan's passes --------*- C++ -*-===//
//
// Internal to lib/CodeGen: what several of the plan's passes share, and the
// kernel passes that PassPipeline.cpp runs from their own files.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_LIB_CODEGEN_PLANSUPPORT_H
#define LOOPGPU_LIB_CODEGEN_PLANSUPPORT_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/CodeGen/GPUMapping.h"

#include <optional>
#include <set>
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

/// E with the iterator of each loop that runs once replaced by its value
/// (a wavefront's j = w - 4*t - 2*i).
inline AffExpr valueOf(const Nest &N, const AffExpr &E) {
  return E.substitute([&](AffVar V) {
    if (V.isIterator())
      if (std::optional<AffExpr> X = singleIterationValue(N.Loops[V.Index]))
        if (!X->uses(V))
          return *X;
    return AffExpr::var(V);
  });
}
/// Whether A's last subscript (loops that run once taken at their value)
/// has Loop's iterator with coefficient +-1: consecutive iterations of
/// Loop touch consecutive elements.
inline bool contiguousAlong(const Nest &N, const Access &A, unsigned Loop) {
  if (!A.isArray() || !A.IsAffine || A.Subscripts.empty())
    return false;
  std::optional<LinearForm> F = valueOf(N, A.Subscripts.back()).linear();
  int64_t C = F ? F->coefficient(AffVar::iterator(Loop)) : 0;
  return C == 1 || C == -1;
}
inline bool usesLoop(const Nest &N, const Access &A, unsigned Loop) {
  for (const AffExpr &E : A.Subscripts)
    if (valueOf(N, E).uses(AffVar::iterator(Loop)))
      return true;
  return false;
}

/// `#pragma loopgpu sequential` on loop L: never mapped to threads.
bool sequentialByClause(const Nest &N, unsigned L);

/// What the mapping does with M's loop (block, coarsening, runs), for the
/// kernel's comments.
std::string mappedLoopNote(const Nest &N, const DependenceInfo &DI, const MappedLoop &M);

/// The arrays `shared(...)` clauses of N and its loops name, if any.
std::optional<std::set<std::string>> sharedClauseNames(const Nest &N);

//===- VectorRuns.cpp ------------------------------------------------------===//

/// vector-runs: a Parallel kernel's x loop in runs of K.Request.Vector
/// iterations (K.XRuns, the loop's MappedLoop::Vector) where the kernel
/// reads and writes global memory only and an array is contiguous along it;
/// says in Remarks why not where -vector asked.
void planVectorRuns(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, KernelPlan &K,
                    std::vector<std::string> &Remarks);

//===- Reductions.cpp ------------------------------------------------------===//

/// A 4- or 8-byte type (what the atomic combine and the warp shuffles
/// handle).
bool isCombinableType(ScalarType T);
/// A scalar declared outside the nest with such a type.
bool isCombinableScalar(const Nest &N, MemoryRef M);
/// A reduction into one element of an array, the same in every iteration
/// of loop L (`x[i] -= L[i][j] * x[j]` over j, trisolv), of such a type.
bool isCombinableElement(const Nest &N, const Reduction &R, unsigned L);
/// Loop L runs as a reduction kernel: its reductions are on combinable
/// scalars or elements, every dependence it carries is resolved by them (or
/// by private scalars), argmin/argmax updates sit directly in it.
bool isReductionKernelLoop(const Nest &N, const DependenceInfo &DI, unsigned L);
/// Finds the lane loops of a Parallel kernel with one mapped loop whose body
/// is InnerMapped's (KernelPlan::LaneLoops): reduction loops reached through
/// loops and affine conditions, where lanes coalesce MinAdvantage more of
/// the reads than threads. With any, the mapped loop goes on y with 8 warps
/// per block and the kernel's notes say so.
void planLaneReductions(const Nest &N, const DependenceInfo &DI, KernelPlan &K, const Node &InnerMapped,
                        int MinAdvantage);
/// A reduction kernel's block combines (KernelPlan::Combines), the shared
/// memory of its partials and its notes.
void planBlockCombines(const Nest &N, KernelPlan &K);

/// -shared-staging=halo for a Parallel kernel without a staged loop,
/// transposed store or lane loops (HaloStaging.cpp): fills K.Halo and
/// K.SharedBytes, says in Remarks why an array is not staged.
void planHaloStaging(const Nest &N, KernelPlan &K, const CodeGenOptions &Opts, std::vector<std::string> &Remarks);

/// What the strip staging needs of the map pass's request
/// (KernelPlan::MapRequest) besides the nest and the options.
struct StagingInputs {
  /// Planning a tensor-core tile (MmaPlan): no vector fragments or
  /// transposed tiles, rows padded for the fragments, cp.async stages.
  bool MmaLayout = false;
  /// A coarsen clause fixes the copies' stride: no vector fragments.
  bool CoarsenClause = false;
  /// The arrays `shared(...)` clauses name, if any: only those are staged.
  std::optional<std::set<std::string>> SharedNames;
};

/// Shared-memory staging of a strip-mined sequential loop in a Parallel
/// kernel's innermost mapped loop InnerMapped (StripStaging.cpp): fills
/// K.StagedLoop, StagedGuard, KTile, Staged, SharedBytes, Stages, Prefetch,
/// MinBlocksPerSM and the mapped loops' Vector, or leaves K as it is (with
/// a remark where tiles would not fit).
void planStripStaging(const Nest &N, KernelPlan &K, const Node &InnerMapped, const CodeGenOptions &Opts,
                      const StagingInputs &In, std::vector<std::string> &Remarks);

/// A transposed store (TransposedStores.cpp) for a Parallel kernel of two
/// mapped loops whose innermost mapped body InnerMapped is one unguarded
/// `W[..][y + c] = e;`, W written nowhere else and not read in the nest:
/// sets K.Transposed and K.SharedBytes (or says in Remarks why the tile does
/// not fit). Without ShapeRequested (-tile, -coarsen, a coarsen clause) the
/// threads along y take several rows each, making the tile square.
void planTransposedStore(const Nest &N, KernelPlan &K, const Node &InnerMapped, const CodeGenOptions &Opts,
                         bool ShapeRequested, std::vector<std::string> &Remarks);

} // namespace loopgpu

#endif // LOOPGPU_LIB_CODEGEN_PLANSUPPORT_H
