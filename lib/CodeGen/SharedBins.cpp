//===- SharedBins.cpp - Atomic scatters into a block's copy in shared memory =//
//
// A histogram (`hist[data[i]]++`) runs across threads with one atomicAdd per
// update (Transform/Pipeline.h: isAtomicScatterLoop). Into a small array the
// updates contend for few addresses in global memory: 10^7 bytes into 99
// bins took 2.21 ms on the H200 (bench/RESULTS.md run 38). The classic remedy
// (CUB's DeviceHistogram does it): each block counts into its own copy of
// the bins in shared memory, whose atomics are fast and contend only within
// the block, and adds its nonzero counts to the array once at the end; the
// grid is capped so that a block's counts stand for many updates.
//
// Legality: every access of the kernel's statements to the array is the
// target of one of its atomic updates (sums, whatever their order: the
// array's final values are the same sums), so no thread reads an element
// while the copies hold part of its updates. An update whose element lies
// outside the copy (the C program's subscript past what the copy holds) goes
// to the array as before.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/KernelPasses.h"
#include "loopgpu/Analysis/Footprint.h"

#include "llvm/ADT/STLExtras.h"

#include <cctype>
#include <set>

namespace loopgpu {

namespace {

/// The array's elements when they are a constant: the product of constant
/// extents, else the length of a data clause's section `A[0:c]`.
std::optional<int64_t> constantElements(const Nest &N, unsigned A) {
  const ArrayInfo &AI = N.Arrays[A];
  int64_t Count = 1;
  bool Known = !AI.Extents.empty();
  for (const std::optional<AffExpr> &E : AI.Extents) {
    if (!E || !E->isConstant() || E->constantValue() <= 0 || E->constantValue() > KernelPlan::BinMaxElements) {
      Known = false;
      break;
    }
    Count *= E->constantValue();
    if (Count > KernelPlan::BinMaxElements)
      return std::nullopt;
  }
  if (Known)
    return Count;
  auto Digits = [](const std::string &S) {
    return !S.empty() && S.size() < 10 && llvm::all_of(S, [](char C) { return std::isdigit((unsigned char)C); });
  };
  // A pointer of one dimension that the nest touches from 0 to a constant
  // (`h[v[i] & 255]`, `h[c[i]]` of unsigned char: 256).
  if (AI.rank() == 1 && !AI.Extents[0])
    if (std::optional<int64_t> Touched = touchedOuterBound(N, A);
        Touched && *Touched > 0 && *Touched <= KernelPlan::BinMaxElements)
      return *Touched;
  for (const Clause &C : N.Clauses) {
    if (C.K != Clause::Kind::Copy && C.K != Clause::Kind::CopyIn && C.K != Clause::Kind::CopyOut)
      continue;
    for (size_t I = 0; I < C.Names.size() && I < C.Sections.size(); ++I) {
      const auto &[First, Length] = C.Sections[I];
      if (C.Names[I] == AI.Name && First == "0" && Digits(Length) && std::stoll(Length) > 0)
        return std::stoll(Length);
    }
  }
  return std::nullopt;
}

/// The array an atomic update statement scatters into.
unsigned targetOf(const Nest &N, unsigned Stmt) { return N.Statements[Stmt].Body->Ops[0]->Index; }

} // namespace

std::vector<KernelPlan::SharedBin> sharedBinCandidates(const Nest &N, const KernelPlan &K) {
  std::vector<KernelPlan::SharedBin> Bins;
  // Not beside other shared memory (staged tiles, halos, a transposing
  // tile): the static budget is theirs.
  if (K.K != KernelPlan::Kind::Parallel || K.AtomicUpdates.empty() || K.Mapped.empty() || K.SharedBytes > 0 ||
      !K.Staged.empty() || !K.Halo.empty() || K.Transposed)
    return Bins;
  unsigned Outer = K.Mapped[0].Loop;
  std::set<unsigned> Targets;
  for (unsigned S : K.AtomicUpdates)
    Targets.insert(targetOf(N, S));
  int64_t Bytes = 0;
  for (unsigned A : Targets) {
    // Only the updates touch A in the kernel, each through its target alone.
    bool OnlyUpdates = true;
    for (const Statement &S : N.Statements) {
      if (!llvm::is_contained(S.Loops, Outer))
        continue;
      unsigned Refs = 0;
      S.Body->walk([&](const Expr &E) { Refs += E.K == Expr::Kind::ArrayRef && E.Index == A; });
      bool Update = K.AtomicUpdates.count(S.Id) && targetOf(N, S.Id) == A;
      if (Refs > (Update ? 1u : 0u))
        OnlyUpdates = false;
    }
    std::optional<int64_t> Elements = constantElements(N, A);
    int64_t Size = Elements ? *Elements * elementBytes(N.Arrays[A].ElementType) : 0;
    if (!OnlyUpdates || !Elements || *Elements > KernelPlan::BinMaxElements ||
        Bytes + Size > KernelPlan::BinMaxBytes)
      continue;
    Bytes += Size;
    Bins.push_back({A, *Elements});
  }
  return Bins;
}

void planSharedBins(const Nest &N, KernelPlan &K, std::vector<std::string> &Remarks) {
  K.Bins = sharedBinCandidates(N, K);
  for (const KernelPlan::SharedBin &B : K.Bins) {
    const std::string &Name = N.Arrays[B.Array].Name;
    Remarks.push_back(K.Name + ": the atomic updates of " + Name + " go to a copy per block in shared memory (" +
                      std::to_string(B.Elements) + " elements), added to " + Name +
                      " at the block's end; the grid has at most " + std::to_string(KernelPlan::BinBlocksX) +
                      " blocks");
  }
  if (!K.Bins.empty())
    for (MappedLoop &M : K.Mapped)
      M.OneTilePerBlock = false;
}

} // namespace loopgpu
