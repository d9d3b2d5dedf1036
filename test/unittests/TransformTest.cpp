//===- TransformTest.cpp - Legality checks and results of the transformations ===//
//
// Nests come from C source through the frontend; each test applies one
// transformation (or the pipeline) and checks that an illegal request is
// refused with the forbidding dependence and the nest left unchanged, or
// that a legal one produces the expected loops (printed with the C printer).
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Analysis/DependencePrinter.h"
#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/CodeGen/CPrinter.h"
#include "loopgpu/Frontend/Frontend.h"
#include "loopgpu/IR/IRPrinter.h"
#include "loopgpu/Transform/CopyForWAR.h"
#include "loopgpu/Transform/Distribute.h"
#include "loopgpu/Transform/ExpandScalars.h"
#include "loopgpu/Transform/Interchange.h"
#include "loopgpu/Transform/LICM.h"
#include "loopgpu/Transform/NestEdit.h"
#include "loopgpu/Transform/Pipeline.h"
#include "loopgpu/Transform/Privatize.h"
#include "loopgpu/Transform/ReductionPrivatize.h"
#include "loopgpu/Transform/StripMine.h"
#include "loopgpu/Transform/Tile.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace loopgpu;

namespace {

class Quiet : public clang::DiagnosticConsumer {};

/// The first nest of Code.
Nest parseNest(const std::string &Code) {
  std::vector<Nest> Nests;
  Quiet Q;
  FrontendStatus S = runFrontendOnCode(
      Code, "input.c", {},
      [&](Program &P, DiagnosticSink &) {
        for (Nest &N : P.Nests)
          Nests.push_back(std::move(N));
      },
      &Q);
  EXPECT_EQ(S, FrontendStatus::Success);
  if (Nests.empty())
    return Nest();
  return std::move(Nests[0]);
}

unsigned loopNamed(const Nest &N, const std::string &It) {
  for (const Loop &L : N.Loops)
    if (L.Iterator == It)
      return L.Id;
  ADD_FAILURE() << "no loop " << It;
  return 0;
}

std::string printed(const Nest &N) {
  DependenceInfo DI = analyzeDependences(N);
  return printNestC(N, DI, 0);
}

std::string irText(const Nest &N) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  printNestIR(N, OS);
  return OS.str();
}

std::string depsText(const Nest &N) {
  DependenceInfo DI = analyzeDependences(N);
  std::string S;
  llvm::raw_string_ostream OS(S);
  printDependencesText(N, DI, OS);
  return OS.str();
}

bool contains(const std::string &Haystack, const std::string &Needle) {
  return Haystack.find(Needle) != std::string::npos;
}

std::string messages(const CollectingDiagnostics &D) {
  std::string S;
  for (const std::string &M : D.Messages)
    S += M + "\n";
  return S;
}

const char *NearestNeighbor = R"(
#include <math.h>
void nn(int m, int n, const float *restrict queries, const float *restrict points,
        float *restrict nn_dist, int *restrict nn_index) {
#pragma loopgpu
  for (int i = 0; i < m; i++) {
    float best = INFINITY;
    int best_j = -1;
    for (int j = 0; j < n; j++) {
      float d = fabsf(queries[i] - points[j]);
      if (d < best) {
        best = d;
        best_j = j;
      }
    }
    nn_dist[i] = best;
    nn_index[i] = best_j;
  }
})";

// Distributing an inner loop copies it: statements of the copy, their
// accesses and guards must refer to the copy (the analysis sees them exactly).
TEST(Distribute, InnerLoopCopiesAreExact) {
  Nest N = parseNest(NearestNeighbor);
  DependenceInfo DI = analyzeDependences(N);
  CollectingDiagnostics D;
  DistributeRequest R;
  R.Loop = loopNamed(N, "j");
  ASSERT_TRUE(distribute(N, DI, R, D)) << messages(D);
  std::string Deps = depsText(N);
  EXPECT_FALSE(contains(Deps, "non-affine")) << Deps;
  std::string C = printed(N);
  EXPECT_TRUE(contains(C, "d_exp[j] = fabsf(queries[i] - points[j]);")) << C;
  EXPECT_TRUE(contains(C, "if (d_exp[j] < best) {")) << C;
  DependenceInfo After = analyzeDependences(N);
  // The first j loop (the expanded d) is parallel, the second one is not.
  unsigned Parallel = 0, Sequential = 0;
  for (const Loop &L : N.Loops)
    if (L.Iterator == "j")
      (After.verdict(L.Id).K == LoopVerdict::Parallel ? Parallel : Sequential)++;
  EXPECT_EQ(Parallel, 1u);
  EXPECT_EQ(Sequential, 1u);
}

} // namespace
