//===- TileVersions.cpp - Full tiles, one tile per block, unguarded strips ===//
//
// Range checks where they are needed and nowhere else:
//   - A thread with several copies and no shared loop in its mapped body
//     gets two versions of it: full tiles, entirely inside the iteration
//     space, run the copies' statements as one block of straight-line code
//     without checks (nvcc then shares the loads the copies have in common:
//     a stencil's z-pencil reads each plane once for three outputs); tiles
//     on the border of the iteration space keep the checks.
//   - Along x the launch covers every tile when a block computes one tile of
//     a loop with a 32-bit iterator (at most 2^32 iterations: tiles of 4 or
//     more need fewer than 2^31 - 1 blocks): no grid-stride loop (H100
//     bench/RESULTS.md run 13: SGEMM 81.0% -> 85.5% of cuBLAS; runs 11-12:
//     the 7-point stencil with 4 x 64 planes from 40 to 32 registers).
//   - A staged strip whose body reads only shared tiles, per-copy registers
//     and kernel arguments, writes only per-copy registers and cannot fault
//     (no integer division or remainder) may run for copies outside the
//     iteration space, into registers nobody reads: it needs no checks, and
//     the copies' common loads from the tiles can be shared.
//   - A kernel of vector runs with full tiles gets an instance for aligned
//     arrays and 32-bit tile tests (VectorRuns::Aligned32).
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/KernelPasses.h"

#include "llvm/ADT/STLExtras.h"

namespace loopgpu {

namespace {

bool oneTilePerBlock(const Nest &N, const KernelPlan &K, const MappedLoop &M) {
  using SK = ScalarType::Kind;
  SK T = N.Loops[M.Loop].IteratorType.K;
  bool Narrow = T == SK::Int || T == SK::Short || T == SK::Char;
  return M.Dim == 'x' && K.BlockCoarsen == 1 && M.tile() >= 4 && Narrow;
}

bool stagedBodyUnguarded(const Nest &N, const KernelPlan &K) {
  unsigned StagedLoop = *K.StagedLoop;
  bool Safe = true;
  for (const Statement &S : N.Statements) {
    if (!llvm::is_contained(S.Loops, StagedLoop))
      continue;
    for (unsigned AId : S.Accesses) {
      const Access &A = N.Accesses[AId];
      if (A.isArray()) {
        Safe &= !A.IsWrite &&
                llvm::any_of(K.Staged, [&](const StagedArray &T) { return T.Array == A.Index; });
        continue;
      }
      const ScalarInfo &Sc = N.Scalars[A.Index];
      bool PerCopy = K.Jam.PerCopyScalars.count(A.Index) > 0;
      bool DeclaredInStrip = Sc.declaredInside() && !Sc.DeclLoops.empty() && Sc.DeclLoops.back() == StagedLoop;
      Safe &= PerCopy || DeclaredInStrip || (!Sc.declaredInside() && !Sc.IsWritten);
    }
    S.Body->walk([&](const Expr &E) {
      if (E.K == Expr::Kind::Binary && (E.Op == "/" || E.Op == "%") && E.Type.isInteger())
        Safe = false;
    });
  }
  return Safe;
}

} // namespace

void planTileVersions(const Nest &N, KernelPlan &K) {
  K.FullTiles = false;
  K.StagedBodyUnguarded = false;
  for (MappedLoop &M : K.Mapped)
    M.OneTilePerBlock = false;
  if (K.K != KernelPlan::Kind::Parallel || K.Mapped.empty())
    return;
  for (MappedLoop &M : K.Mapped)
    M.OneTilePerBlock = oneTilePerBlock(N, K, M);
  if (K.StagedLoop)
    K.StagedBodyUnguarded = stagedBodyUnguarded(N, K);
  const Node *Inner = K.innermostMapped();
  bool Flat = llvm::none_of(Inner->Body, [&](const NodePtr &Nd) {
    return Nd.get() == K.StagedGuard || (Nd->K == Node::Kind::Loop && K.Jam.SharedLoops.count(Nd->Id));
  });
  K.FullTiles = K.copies() > 1 && Flat;
  // The device-loops pass clears it for the kernels it runs inside a loop's
  // kernel (one instance there, no host test per launch).
  if (K.XRuns)
    K.XRuns->Aligned32 = K.FullTiles;
}

} // namespace loopgpu
