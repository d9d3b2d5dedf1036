//===- CoarsenJam.cpp - The copies of a coarsened thread, jammed ----------===//
//
// A thread of a Parallel kernel computes Coarsen iterations of each mapped
// loop, its copies. The loops inside the mapped body are shared by the
// copies where that is legal and pays (unroll-and-jam): one loop whose body
// runs every copy's statements, so that a strip's operands loaded once serve
// all copies and the copies' accumulators stay in registers. The mapped
// loops are parallel, so any order of their iterations is legal; a shared
// loop only needs bounds that are the same for every copy, i.e. bounds that
// do not use mapped iterators. The staged loop is shared even by a single
// copy: every thread of the block must reach its barriers.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/KernelPasses.h"

#include <algorithm>

namespace loopgpu {

namespace {

/// Whether the copies share loop node Nd (see the file comment).
bool shareable(const Nest &N, const KernelPlan &K, const Node &Nd) {
  if (Nd.K != Node::Kind::Loop)
    return false;
  bool Staged = K.StagedLoop && *K.StagedLoop == Nd.Id;
  if (!Staged && K.copies() == 1)
    return false;
  const Loop &L = N.Loops[Nd.Id];
  for (const MappedLoop &M : K.Mapped)
    if (L.Lower.uses(AffVar::iterator(M.Loop)) || L.Upper.uses(AffVar::iterator(M.Loop)))
      return false;
  return true;
}

void collectShared(const Nest &N, const KernelPlan &K, const std::vector<NodePtr> &Nodes, JamPlan &J) {
  for (const NodePtr &Nd : Nodes) {
    if (Nd.get() == K.StagedGuard) { // holds the staged loop: its body is jammed like a shared loop's
      collectShared(N, K, Nd->Body, J);
    } else if (shareable(N, K, *Nd)) {
      J.SharedLoops.insert(Nd->Id);
      collectShared(N, K, Nd->Body, J);
    }
  }
}

} // namespace

void coarsenAndJam(const Nest &N, KernelPlan &K) {
  K.Jam = JamPlan();
  if (K.K != KernelPlan::Kind::Parallel || K.Mapped.empty())
    return;
  const Node &Inner = *K.innermostMapped();
  collectShared(N, K, Inner.Body, K.Jam);
  // A full strip has a constant trip count: unrolled, its shared loads can
  // be scheduled ahead of the arithmetic. Up to 512 copies of the body: an
  // 8x8 register tile's strip of 8 whole (H100 run 8: SGEMM 4096 at 75.3% of
  // cuBLAS with half the strip unrolled; whole, 81.9% in run 9). Peeling the
  // partial strip off the loop was measured and dropped: 85.0% alone, but
  // 79.8% together with one tile per block along x, which alone gives 85.5%
  // and helps the stencil (runs 11-13: nvcc's schedule at 128 registers is
  // fragile).
  if (K.StagedLoop)
    K.Jam.StripUnroll = std::max<int64_t>(1, std::min<int64_t>(K.KTile, 512 / std::max<int64_t>(1, K.copies())));
  // Scalars declared in the mapped body or a shared loop are declared once,
  // where that body starts (register arrays with several copies): the
  // copies' statements that use them may sit in different blocks. Scalars
  // declared in an outer mapped loop are private along the inner ones too.
  std::set<unsigned> DeclaredOnce = K.Jam.SharedLoops;
  DeclaredOnce.insert(Inner.Id);
  for (const MappedLoop &M : K.Mapped)
    DeclaredOnce.insert(M.Loop);
  std::set<unsigned> Used; // a transformation may have replaced every use of one
  for (const Access &A : N.Accesses)
    if (A.isScalar())
      Used.insert(A.Index);
  for (unsigned S = 0; S < N.Scalars.size(); ++S) {
    const std::vector<unsigned> &DL = N.Scalars[S].DeclLoops;
    if (N.Scalars[S].declaredInside() && !DL.empty() && DeclaredOnce.count(DL.back()) && Used.count(S))
      K.Jam.PerCopyScalars.insert(S);
  }
}

} // namespace loopgpu
