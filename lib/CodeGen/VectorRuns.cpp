//===- VectorRuns.cpp - A thread's iterations along x in vector runs -----===//
//
// The vector-runs pass (KernelPasses.h): a Parallel kernel's iterations of
// its x loop in runs of V consecutive iterations, loaded and stored as
// vectors in full tiles (VectorRuns); before it, a remark where a
// coarsened thread's iterations along x are closer than a warp.
//
//===----------------------------------------------------------------------===//
#include "PlanSupport.h"

#include "loopgpu/IR/NestEdit.h"

#include "llvm/ADT/STLExtras.h"

namespace loopgpu {

/// VectorRuns::BorderStore for K's runs R along X, if its conditions hold:
/// the body the copies run is one statement, a plain assignment to one of
/// R.Arrays whose last subscript is X's iterator plus a multiple of R.V
/// (each run's first element aligned to V elements where the kernel's
/// check passes) and whose other subscripts do not use it, reading nothing
/// of that array (all V values are computed before any is stored); the
/// thread has one run (X coarsened by V exactly) on the innermost mapped
/// loop, and the element type has a CUDA vector type of V elements.
static std::optional<VectorRuns::RunStore> runStoreOf(const Nest &N, const KernelPlan &K, const MappedLoop &X,
                                                      const VectorRuns &R) {
  if (X.Coarsen != R.V || &X != &K.Mapped.back())
    return std::nullopt;
  const Node *Inner = K.innermostMapped();
  if (Inner->Body.size() != 1 || Inner->Body[0]->K != Node::Kind::Stmt)
    return std::nullopt;
  const Statement &S = N.Statements[Inner->Body[0]->Id];
  if (S.IsDeclaration || S.isRegion() || !S.Body || S.Body->K != Expr::Kind::Assign || S.Body->Op != "=" ||
      S.Body->Ops[0]->K != Expr::Kind::ArrayRef)
    return std::nullopt;
  const Access *Write = nullptr;
  for (unsigned AId : S.Accesses) {
    const Access &A = N.Accesses[AId];
    if (A.IsWrite) {
      if (Write || !A.isArray())
        return std::nullopt;
      Write = &A;
    }
  }
  if (!Write || !Write->IsAffine || !llvm::is_contained(R.Arrays, Write->Index) ||
      Write->Index != S.Body->Ops[0]->Index)
    return std::nullopt;
  for (unsigned AId : S.Accesses)
    if (!N.Accesses[AId].IsWrite && N.Accesses[AId].isArray() && N.Accesses[AId].Index == Write->Index)
      return std::nullopt;
  std::optional<LinearForm> Last = valueOf(N, Write->Subscripts.back()).linear();
  if (!Last || Last->coefficient(AffVar::iterator(X.Loop)) != 1 || Last->Coefficients.size() != 1 ||
      Last->Constant % R.V != 0)
    return std::nullopt;
  for (size_t D = 0; D + 1 < Write->Subscripts.size(); ++D)
    if (valueOf(N, Write->Subscripts[D]).uses(AffVar::iterator(X.Loop)))
      return std::nullopt;
  if (vectorTypeName(N.Arrays[Write->Index].ElementType, R.V).empty())
    return std::nullopt;
  return VectorRuns::RunStore{S.Id, Write->Index};
}

/// Vector runs along x (VectorRuns) of V iterations, V from -vector or the
/// pencil's default: planned where the kernel reads and writes global
/// memory only (no shared tiles, lane loops or tensor cores), the loop on
/// x steps by 1 and is coarsened by a multiple of V, and some array of at
/// most 16 / V bytes per element is indexed by it with coefficient 1 in
/// its last subscript (with one subscript per dimension: the rows' length
/// is known). Says why not where the user asked.
void planVectorRuns(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, KernelPlan &K,
                    std::vector<std::string> &Remarks) {
  int64_t V = K.Request.Vector;
  if (V <= 1)
    return;
  MappedLoop *X = nullptr;
  for (MappedLoop &M : K.Mapped)
    if (M.Dim == 'x')
      X = &M;
  if (!X) { // serial kernels, lane reductions (their one mapped loop on y)
    if (Opts.Vector > 1 && !K.Mapped.empty()) {
      const Loop &M = N.Loops[K.Mapped.front().Loop];
      Remarks.push_back("-vector " + std::to_string(V) + " not applied to loop " + M.Iterator + " (line " +
                             std::to_string(M.Loc.Line) + "): no loop of the kernel is on x (its lanes split "
                             "the loops inside)");
    }
    return;
  }
  const Loop &L = N.Loops[X->Loop];
  auto Refuse = [&](const std::string &Why) {
    if (Opts.Vector > 1)
      Remarks.push_back("-vector " + std::to_string(V) + " not applied to loop " + L.Iterator + " (line " +
                             std::to_string(L.Loc.Line) + "): " + Why);
  };
  if (K.StagedLoop || K.Transposed || !K.Halo.empty() || !K.LaneLoops.empty() || K.Request.MmaLayout)
    return Refuse("the kernel stages tiles in shared memory or splits loops over lanes");
  if (L.Step != 1)
    return Refuse("the loop steps by " + std::to_string(L.Step));
  if (X->Coarsen % V != 0)
    return Refuse("its coarsening factor " + std::to_string(X->Coarsen) + " is not a multiple of " +
                  std::to_string(V));
  VectorRuns R;
  R.Loop = X->Loop;
  R.V = V;
  for (unsigned St : statementsUnder(*K.Nodes[0]))
    for (unsigned AId : N.Statements[St].Accesses) {
      const Access &A = N.Accesses[AId];
      if (!A.isArray())
        continue;
      const ArrayInfo &Info = N.Arrays[A.Index];
      if (Info.isTemporary() || Info.Extents.size() != A.Subscripts.size() ||
          elementBytes(Info.ElementType) * V > 16 || !contiguousAlong(N, A, X->Loop) ||
          llvm::is_contained(R.Arrays, A.Index))
        continue;
      bool Known = true; // every row length (extent past the first) known
      for (size_t D = 1; D < Info.Extents.size(); ++D)
        Known &= Info.Extents[D].has_value();
      if (Known)
        R.Arrays.push_back(A.Index);
    }
  if (R.Arrays.empty())
    return Refuse("no array of at most " + std::to_string(16 / V) +
                  "-byte elements is indexed by it in its last subscript");
  R.BorderStore = runStoreOf(N, K, *X, R);
  // The map pass's note on the loop (after the notes of the planner's
  // choices) now says runs.
  auto Note = llvm::find(K.Notes, mappedLoopNote(N, DI, *X));
  X->Vector = V;
  K.XRuns = R;
  if (Note != K.Notes.end())
    *Note = mappedLoopNote(N, DI, *X);
  K.Notes.push_back("loop " + L.Iterator + ": runs of " + std::to_string(V) +
                    " consecutive iterations per thread, aligned to " + std::to_string(V) +
                    " elements (from floor(lower / " + std::to_string(V) +
                    ") * " + std::to_string(V) + "): loads and stores of a run go as vectors in full tiles where "
                    "the arrays are aligned");
}

} // namespace loopgpu
