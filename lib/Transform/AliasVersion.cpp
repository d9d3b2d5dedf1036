//===- AliasVersion.cpp - A version of a nest for arrays apart ------------===//
#include "loopgpu/Transform/AliasVersion.h"
#include "loopgpu/IR/NestEdit.h"
#include "loopgpu/Transform/Wavefront.h"


namespace loopgpu {

namespace {

/// How much of a loop the GPU mapping can run in parallel.
int parallelism(LoopVerdict::Kind K) {
  switch (K) {
  case LoopVerdict::Parallel:
    return 3;
  case LoopVerdict::ParallelAfterPrivatization:
    return 2;
  case LoopVerdict::Reduction:
    return 1;
  default:
    return 0;
  }
}

} // namespace

std::vector<std::pair<unsigned, unsigned>> overlappingArrayPairs(const Nest &N) {
  std::vector<bool> Written(N.Arrays.size(), false);
  for (const Access &A : N.Accesses)
    if (A.isArray() && A.IsWrite)
      Written[A.Index] = true;
  std::vector<std::pair<unsigned, unsigned>> Pairs;
  for (unsigned I = 0; I < N.Arrays.size(); ++I)
    for (unsigned J = I + 1; J < N.Arrays.size(); ++J) {
      const ArrayInfo &A = N.Arrays[I], &B = N.Arrays[J];
      if (A.AliasClass != B.AliasClass || !(Written[I] || Written[J]))
        continue;
      if (A.isTemporary() || B.isTemporary())
        return {};
      Pairs.push_back({I, J});
    }
  return Pairs;
}

std::optional<Nest> versionForApartArrays(const Nest &N, const DependenceInfo &Info, unsigned Index) {
  std::vector<std::pair<unsigned, unsigned>> Pairs = overlappingArrayPairs(N);
  if (Pairs.empty())
    return std::nullopt;
  Nest V = cloneNest(N);
  for (unsigned A = 0; A < V.Arrays.size(); ++A)
    V.Arrays[A].AliasClass = A;
  V.Version = "apart";
  V.VersionOf = static_cast<int>(Index);
  V.ApartArrays = Pairs;
  DependenceInfo VI = analyzeDependences(V);
  // More parallel: a loop's verdict, or a distribution into more loops
  // (which the pipeline uses to separate parallel statements).
  // Or a scan (a parallel scan on the GPU) that only the arrays apart allow.
  for (const Loop &L : N.Loops)
    if (parallelism(VI.verdict(L.Id).K) > parallelism(Info.verdict(L.Id).K) ||
        VI.distribution(L.Id).size() > Info.distribution(L.Id).size() ||
        (VI.scan(L.Id) && !Info.scan(L.Id)))
      return V;
  // Or an outermost band that runs as wavefronts only when the arrays are
  // apart (nussinov without restrict: the char sequence may alias the table).
  for (const NodePtr &Nd : N.Root) {
    if (Nd->K != Node::Kind::Loop)
      continue;
    std::vector<unsigned> Chain = perfectChain(N, Nd->Id);
    std::string Why;
    if (findWavefrontPrefix(V, VI, Chain, Why) && !findWavefrontPrefix(N, Info, Chain, Why))
      return V;
  }
  return std::nullopt;
}

} // namespace loopgpu
