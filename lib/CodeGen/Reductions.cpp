//===- Reductions.cpp - Reductions across threads, lanes and blocks -------===//
//
// The map pass (GPUMapping.cpp) asks which reduction loops become
// kernels of their own (a grid-stride loop of partials per thread, warp
// shuffles, one shared-memory step per block, then the block's result
// combined in memory); the lane-reductions pass which reduction loops
// inside a thread's body are split over the 32 lanes of a warp
// (KernelPlan::LaneLoops), the reductions pass how each block's result
// reaches memory (KernelPlan::Combines). Legality: every
// dependence the loop carries is one of its reductions' (or goes away when
// scalars declared inside it are private); the operators are associative
// and commutative (+ * min max & | ^, floating point reassociated as with
// any parallel reduction), on 4- or 8-byte values, so partials may combine
// in any order; argmin/argmax keep (value, index, iteration) candidates and
// break ties by the iteration, which gives the sequential loop's answer.
//
//===----------------------------------------------------------------------===//
#include "PlanSupport.h"
#include "loopgpu/IR/NestEdit.h"
#include "loopgpu/Transform/Pipeline.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <functional>
#include <set>

namespace loopgpu {

bool sequentialByClause(const Nest &N, unsigned L) {
  for (const Clause &C : N.Loops[L].Clauses)
    if (C.K == Clause::Kind::Sequential)
      return true;
  return false;
}

/// Whether loop X is nested (at any depth) inside loop L.
static bool isInside(const Nest &N, unsigned X, unsigned L) {
  for (int P = N.Loops[X].Parent; P >= 0; P = N.Loops[P].Parent)
    if (static_cast<unsigned>(P) == L)
      return true;
  return false;
}

/// A 4- or 8-byte type (what the atomic combine and the warp shuffles
/// handle).
bool isCombinableType(ScalarType T) {
  using K = ScalarType::Kind;
  return T.K != K::Bool && T.K != K::Char && T.K != K::Short && T.K != K::LongDouble;
}
/// A scalar declared outside the nest with such a type.
bool isCombinableScalar(const Nest &N, MemoryRef M) {
  return M.isScalar() && !N.Scalars[M.Index].declaredInside() && isCombinableType(N.Scalars[M.Index].Type);
}

/// A reduction into one element of an array, the same in every iteration
/// of loop L (`x[i] -= L[i][j] * x[j]` over j, trisolv): its accesses
/// have one affine subscript list that uses no iterator of L or of loops
/// inside it, and a 4- or 8-byte type. The kernel accumulates it like a
/// scalar and adds the result into the element.
bool isCombinableElement(const Nest &N, const Reduction &R, unsigned L) {
  if (!R.Memory.isArray() || R.isArg() || R.Accesses.empty())
    return false;
  if (!isCombinableType(N.Arrays[R.Memory.Index].ElementType))
    return false;
  const Access &First = N.Accesses[R.Accesses[0]];
  for (unsigned A : R.Accesses) {
    const Access &X = N.Accesses[A];
    if (!X.isArray() || X.Index != R.Memory.Index || !X.IsAffine || X.Subscripts.size() != First.Subscripts.size())
      return false;
    for (size_t D = 0; D < X.Subscripts.size(); ++D) {
      if (!(X.Subscripts[D] == First.Subscripts[D]))
        return false;
      for (const Loop &Inner : N.Loops)
        if ((Inner.Id == L || isInside(N, Inner.Id, L)) && X.Subscripts[D].uses(AffVar::iterator(Inner.Id)))
          return false;
    }
  }
  return true;
}
/// A reduction loop whose reductions are on such scalars or elements;
/// argmin/argmax updates must sit directly in the loop (a thread orders
/// its candidates by the loop's iteration number alone).
bool isReductionKernelLoop(const Nest &N, const DependenceInfo &DI, unsigned L) {
  if (sequentialByClause(N, L) || DI.verdict(L).K != LoopVerdict::Reduction || DI.reductions(L).empty())
    return false;
  for (const Reduction &R : DI.reductions(L)) {
    if (isCombinableElement(N, R, L))
      continue;
    if (!isCombinableScalar(N, R.Memory) || (R.isArg() && !isCombinableScalar(N, *R.Index)))
      return false;
    if (R.isArg())
      for (unsigned S : R.Statements)
        if (N.Statements[S].Loops.empty() || N.Statements[S].Loops.back() != L)
          return false;
  }
  return onlyReductionsCarried(N, DI, L);
}


/// Whether scalar S is declared inside loop L (in its body or deeper).
static bool declaredIn(const Nest &N, unsigned S, unsigned L) {
  const std::vector<unsigned> &DL = N.Scalars[S].DeclLoops;
  return std::find(DL.begin(), DL.end(), L) != DL.end();
}

/// Loop L of the thread of mapped loop Mapped can run split over the lanes
/// of a warp: a reduction loop whose carried dependences are all resolved
/// by its reductions or by scalars declared inside it; each reduction is
/// on a scalar private to the thread (declared inside Mapped) or on one
/// element the same in every iteration of L, of a 4- or 8-byte type, by
/// + * min max & | ^ (argmin/argmax would need the lanes' candidates in
/// iteration order); and its statements write nothing else than those
/// variables and scalars declared inside L (each lane has its own).
static bool isLaneReduction(const Nest &N, const DependenceInfo &DI, unsigned L, unsigned Mapped) {
  if (sequentialByClause(N, L) || DI.verdict(L).K != LoopVerdict::Reduction || DI.reductions(L).empty())
    return false;
  std::set<unsigned> Updates, Resolved;
  for (const Reduction &R : DI.reductions(L)) {
    if (R.isArg())
      return false;
    bool Private = R.Memory.isScalar() && declaredIn(N, R.Memory.Index, Mapped) && !declaredIn(N, R.Memory.Index, L) &&
                   isCombinableType(N.Scalars[R.Memory.Index].Type);
    if (!Private && !isCombinableElement(N, R, L))
      return false;
    Updates.insert(R.Statements.begin(), R.Statements.end());
    Resolved.insert(R.Dependences.begin(), R.Dependences.end());
  }
  for (const Privatization &P : DI.privatizable(L))
    if (P.Memory.isScalar() && declaredIn(N, P.Memory.Index, L) && !P.LastPrivate)
      Resolved.insert(P.Dependences.begin(), P.Dependences.end());
  for (unsigned D : DI.verdict(L).Blocking)
    if (!Resolved.count(D))
      return false;
  const Node *LN = findLoopNode(N, L);
  if (!LN)
    return false;
  for (unsigned St : statementsUnder(*LN))
    for (unsigned A : N.Statements[St].Accesses) {
      const Access &X = N.Accesses[A];
      if (X.IsWrite && !Updates.count(St) && !(X.isScalar() && declaredIn(N, X.Index, L)))
        return false;
    }
  return true;
}

/// Which loop the lanes should follow, from the accesses under L that
/// both loops index (reduction variables aside: they live in registers):
/// those contiguous along L coalesce across lanes, those contiguous along
/// Mapped across threads. Lanes where L has MinAdvantage more; on a tie
/// each mapping has as many coalesced streams, and lanes give 32 times the
/// threads and a dependence chain 32 times shorter (nussinov: table[i][k]
/// follows k, table[k+1][j] follows i). A loop known to run fewer than 32
/// times would leave lanes idle.
static bool lanesPay(const Nest &N, const DependenceInfo &DI, unsigned L, unsigned Mapped, int MinAdvantage) {
  const Loop &Lp = N.Loops[L];
  AffExpr Trip = AffExpr::sub(Lp.Upper, Lp.Lower);
  if (Trip.isConstant() && Trip.constantValue() / std::abs(Lp.Step) + 1 < KernelPlan::Lanes)
    return false;
  std::set<unsigned> RedAccesses;
  for (const Reduction &R : DI.reductions(L))
    RedAccesses.insert(R.Accesses.begin(), R.Accesses.end());
  unsigned AlongL = 0, AlongMapped = 0;
  for (unsigned St : statementsUnder(*findLoopNode(N, L)))
    for (unsigned A : N.Statements[St].Accesses) {
      const Access &X = N.Accesses[A];
      if (RedAccesses.count(A) || !usesLoop(N, X, L) || !usesLoop(N, X, Mapped))
        continue;
      AlongL += contiguousAlong(N, X, L);
      AlongMapped += contiguousAlong(N, X, Mapped);
    }
  return static_cast<int>(AlongL) - static_cast<int>(AlongMapped) >= MinAdvantage;
}

/// Finds the lane loops of a kernel with one mapped loop whose body is
/// InnerMapped's: reduction loops reached through loops and affine
/// conditions (which every lane evaluates alike), not inside one another.
/// With any, the mapped loop goes on y with 8 warps per block.
/// MinAdvantage: how many more of the reads lanes must coalesce than
/// threads (lanesPay).
void planLaneReductions(const Nest &N, const DependenceInfo &DI, KernelPlan &K, const Node &InnerMapped,
                        int MinAdvantage) {
  unsigned Mapped = K.Mapped[0].Loop;
  std::function<void(const std::vector<NodePtr> &)> Visit = [&](const std::vector<NodePtr> &Nodes) {
    for (const NodePtr &P : Nodes) {
      if (P->K == Node::Kind::Loop && isLaneReduction(N, DI, P->Id, Mapped) && lanesPay(N, DI, P->Id, Mapped, MinAdvantage)) {
        K.LaneLoops.push_back(P->Id);
        continue;
      }
      if (P->K == Node::Kind::Loop || (P->K == Node::Kind::If && P->IsAffine)) {
        Visit(P->Body);
        Visit(P->Else);
      }
    }
  };
  Visit(InnerMapped.Body);
  if (K.LaneLoops.empty())
    return;
  MappedLoop &M = K.Mapped[0];
  M.Dim = 'y';
  M.BlockSize = M.Stride = 8;
  const Loop &ML = N.Loops[M.Loop];
  std::string Head = "loop " + ML.Iterator + " (line " + std::to_string(ML.Loc.Line) + ", ";
  for (std::string &Note : K.Notes)
    if (Note.compare(0, Head.size(), Head) == 0)
      Note = Head + spelling(DI.verdict(M.Loop).K) + ") -> y: a warp per iteration, 8 per block";
  for (unsigned L : K.LaneLoops) {
    const Loop &Lp = N.Loops[L];
    std::vector<std::string> Vars;
    for (const Reduction &R : DI.reductions(L)) {
      Vars.push_back(R.describe());
      K.Reductions.push_back(R);
    }
    K.Notes.push_back("loop " + Lp.Iterator + " (line " + std::to_string(Lp.Loc.Line) + ", reduction: " +
                      llvm::join(Vars, ", ") + ") -> the 32 lanes of the warp (x), combined by shuffles");
  }
}

void planBlockCombines(const Nest &N, KernelPlan &K) {
  for (const Reduction &R : K.Reductions)
    K.Combines.push_back(R.isArg()       ? KernelPlan::BlockCombine::LastBlock
                         : R.Op == "+" ? KernelPlan::BlockCombine::AtomicAdd
                                       : KernelPlan::BlockCombine::AtomicCombine);
  // Shared memory: one partial per warp for each value combined, and the
  // flag that tells the last block of an argmin/argmax.
  for (const Reduction &R : K.Reductions)
    for (ScalarType T : reductionPartTypes(N, R))
      K.SharedBytes += 32 * elementBytes(T);
  if (llvm::any_of(K.Reductions, [](const Reduction &R) { return R.isArg(); }))
    K.SharedBytes += 1; // loopgpu_last_block
  const Loop &L = N.Loops[K.Nodes[0]->Id];
  for (const Reduction &R : K.Reductions) {
    std::string Head = "loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) + ") reduces ";
    if (R.isArg())
      K.Notes.push_back(Head + "(" + R.Text + ", " + R.IndexText + ") with '" + R.Op + "' (" +
                        (R.FirstOnTies ? "first" : "last") + " on ties): " + std::to_string(K.Mapped[0].Coarsen) +
                        " independent per-thread (value, index, iteration) candidates over a grid-stride "
                        "loop, warp shuffles, one shared-memory step, one result per block; the last "
                        "block to finish combines those");
    else
      K.Notes.push_back(Head + R.Text + " with '" + R.Op + "': " + std::to_string(K.Mapped[0].Coarsen) +
                        " independent per-thread partials over a grid-stride loop, warp shuffles, one "
                        "shared-memory step, one atomic combine per block");
  }
}

} // namespace loopgpu
