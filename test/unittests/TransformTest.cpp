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
#include "loopgpu/Analysis/Legality.h"
#include "loopgpu/CodeGen/CPrinter.h"
#include "loopgpu/Frontend/Frontend.h"
#include "loopgpu/IR/IRPrinter.h"
#include "loopgpu/Transform/CopyForWAR.h"
#include "loopgpu/Transform/Distribute.h"
#include "loopgpu/Transform/ExpandScalars.h"
#include "loopgpu/Transform/Interchange.h"
#include "loopgpu/Transform/LICM.h"
#include "loopgpu/IR/NestEdit.h"
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


/// Applies a transformation entry point; on refusal the nest must be
/// unchanged, on success it must verify.
struct Outcome {
  bool Applied = false;
  std::string Messages;
};

template <typename F> Outcome attempt(Nest &N, F Transform) {
  std::string Before = irText(N);
  size_t LogBefore = N.Transforms.size();
  DependenceInfo DI = analyzeDependences(N);
  CollectingDiagnostics D;
  Outcome O;
  O.Applied = Transform(N, DI, D);
  O.Messages = messages(D);
  if (O.Applied) {
    EXPECT_EQ(verifyNest(N), "") << irText(N);
    EXPECT_EQ(N.Transforms.size(), LogBefore + 1);
  } else {
    EXPECT_EQ(irText(N), Before) << "a refused request changed the nest";
    EXPECT_EQ(N.Transforms.size(), LogBefore);
  }
  return O;
}

//===----------------------------------------------------------------------===//
// Interchange: the lecture's three nests
//===----------------------------------------------------------------------===//

const char *Lecture1 = R"(
void f(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[j][i] = A[j][i] + 1.0f;
})";
const char *Lecture2 = R"(
void f(int n, float A[restrict n][n], float B[restrict n][n]) {
#pragma loopgpu
  for (int i = 2; i < n; i++)
    for (int j = 2; j < n; j++) {
      A[j][i] = A[j - 1][i] + 1.0f;
      B[j][i] = B[j - 1][i - 1] + 1.0f;
    }
})";
const char *Lecture3 = R"(
void f(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = 2; i < n; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
})";

Outcome swapIJ(Nest &N) {
  return attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    InterchangeRequest R;
    R.Order = {loopNamed(X, "j"), loopNamed(X, "i")};
    return interchange(X, DI, R, D);
  });
}

TEST(Interchange, LectureNestsOneAndTwoAreLegal) {
  for (const char *Code : {Lecture1, Lecture2}) {
    Nest N = parseNest(Code);
    Outcome O = swapIJ(N);
    EXPECT_TRUE(O.Applied) << O.Messages;
    // Loop ids are stable: the loops changed places in the tree.
    EXPECT_EQ(N.Root[0]->Id, loopNamed(N, "j"));
    EXPECT_EQ(N.Root[0]->Body[0]->Id, loopNamed(N, "i"));
    EXPECT_EQ(N.Transforms.back().Name, "interchange");
  }
}

TEST(Interchange, LectureNestTwoExposesAParallelInnerLoop) {
  Nest N = parseNest(Lecture2);
  DependenceInfo Before = analyzeDependences(N);
  EXPECT_EQ(Before.verdict(loopNamed(N, "j")).K, LoopVerdict::Sequential);
  ASSERT_TRUE(swapIJ(N).Applied);
  DependenceInfo After = analyzeDependences(N);
  // After interchange, loop j of the second nest ... now the inner i ... is parallel.
  EXPECT_EQ(After.verdict(loopNamed(N, "i")).K, LoopVerdict::Parallel);
}

TEST(Interchange, LectureNestThreeIsRefusedWithItsDependence) {
  Nest N = parseNest(Lecture3);
  Outcome O = swapIJ(N);
  EXPECT_FALSE(O.Applied);
  EXPECT_TRUE(contains(O.Messages, "RAW A[i][j] -> A[i - 1][j + 1]")) << O.Messages;
  EXPECT_TRUE(contains(O.Messages, "direction (<,>) would become (>,<)")) << O.Messages;
  DependenceInfo DI = analyzeDependences(N);
  auto W = permutationViolation(DI, {loopNamed(N, "i"), loopNamed(N, "j")},
                                {loopNamed(N, "j"), loopNamed(N, "i")});
  ASSERT_TRUE(W.has_value());
  EXPECT_EQ(W->K, LegalityWitness::Kind::Reversed);
  EXPECT_EQ(W->Before, (DirectionVector{Direction::LT, Direction::GT}));
  EXPECT_EQ(W->After, (DirectionVector{Direction::GT, Direction::LT}));
  // The witness agrees with the analysis' own verdict.
  EXPECT_FALSE(DI.isLegalPermutation({loopNamed(N, "i"), loopNamed(N, "j")},
                                     {loopNamed(N, "j"), loopNamed(N, "i")}));
}

TEST(Interchange, TriangularBoundsAreRecomputed) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      A[i][j] = 1.0f;
})");
  ASSERT_TRUE(swapIJ(N).Applied);
  const Loop &J = N.Loops[loopNamed(N, "j")], &I = N.Loops[loopNamed(N, "i")];
  EXPECT_EQ(J.Lower.str(N.namer()), "0");
  EXPECT_EQ(J.Upper.str(N.namer()), "n - 1");
  EXPECT_EQ(I.Lower.str(N.namer()), "0");
  EXPECT_EQ(I.Upper.str(N.namer()), "j");
}

TEST(Interchange, ThreeLoopPermutation) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n][n][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 1; k < n; k++)
        A[i][j][k] = A[i][j][k - 1] * 2.0f;
})");
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    InterchangeRequest R;
    R.Order = {loopNamed(X, "k"), loopNamed(X, "i"), loopNamed(X, "j")};
    return interchange(X, DI, R, D);
  });
  ASSERT_TRUE(O.Applied) << O.Messages;
  EXPECT_EQ(N.Transforms.back().Name, "permutation");
  DependenceInfo DI = analyzeDependences(N);
  EXPECT_EQ(DI.verdict(loopNamed(N, "k")).K, LoopVerdict::Sequential);
  EXPECT_EQ(DI.verdict(loopNamed(N, "i")).K, LoopVerdict::Parallel);
}

//===----------------------------------------------------------------------===//
// Strip mining and tiling
//===----------------------------------------------------------------------===//

TEST(StripMine, KeepsTheLoopIdAndAddsATileLoop) {
  Nest N = parseNest(Lecture3);
  unsigned I = loopNamed(N, "i");
  unsigned Tile = 0;
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    StripMineRequest R;
    R.Loop = I;
    R.Size = 8;
    return stripMine(X, DI, R, D, &Tile);
  });
  ASSERT_TRUE(O.Applied) << O.Messages;
  // Always legal, even for a sequential loop.
  EXPECT_EQ(N.Loops[Tile].Origin.K, LoopOrigin::Kind::TileLoop);
  EXPECT_EQ(N.Loops[Tile].Origin.From, static_cast<int>(I));
  EXPECT_EQ(N.Loops[Tile].Step, 8);
  EXPECT_EQ(N.Loops[Tile].Iterator, "ii");
  EXPECT_EQ(N.Loops[I].Lower.str(N.namer()), "ii");
  EXPECT_EQ(N.Loops[I].Upper.str(N.namer()), "min(ii + 7, n - 1)");
  EXPECT_EQ(N.Loops[I].Parent, static_cast<int>(Tile));
}

TEST(Tile, RefusesABandThatIsNotFullyPermutable) {
  Nest N = parseNest(Lecture3);
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    EXPECT_FALSE(DI.isTileable({loopNamed(X, "i"), loopNamed(X, "j")}));
    TileRequest R;
    R.Loop = loopNamed(X, "i");
    R.Sizes = {4, 4};
    return tile(X, DI, R, D);
  });
  EXPECT_FALSE(O.Applied);
  EXPECT_TRUE(contains(O.Messages, "not fully permutable; RAW A[i][j] -> A[i - 1][j + 1]")) << O.Messages;
}

TEST(Tile, LectureMatmulShape) {
  Nest N = parseNest(R"(
void mm(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m],
        float C[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
})");
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    TileRequest R;
    R.Loop = loopNamed(X, "i");
    R.Sizes = {32, 32};
    return tile(X, DI, R, D);
  });
  ASSERT_TRUE(O.Applied) << O.Messages;
  // DOALL ii / DOALL jj / DOALL i / DOALL j.
  const Node *Nd = N.Root[0].get();
  std::vector<std::string> Order;
  for (int K = 0; K < 4; ++K, Nd = Nd->Body[0].get())
    Order.push_back(N.Loops[Nd->Id].Iterator);
  EXPECT_EQ(Order, (std::vector<std::string>{"ii", "jj", "i", "j"}));
  DependenceInfo DI = analyzeDependences(N);
  for (const Loop &L : N.Loops) {
    if (L.Iterator != "k") {
      EXPECT_TRUE(DI.isParallelizable(L.Id)) << L.Iterator;
    }
  }
  // acc still belongs to one (i, j) iteration.
  EXPECT_EQ(N.Scalars[0].DeclLoops.back(), loopNamed(N, "j"));
}

//===----------------------------------------------------------------------===//
// Distribution and expansion
//===----------------------------------------------------------------------===//

TEST(Distribute, RefusesACycleNamingItsDependences) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n], float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++) {
    A[i] = B[i - 1] + 1.0f;
    B[i] = A[i - 1] * 0.5f;
  }
})");
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    DistributeRequest R;
    R.Loop = 0;
    return distribute(X, DI, R, D);
  });
  EXPECT_FALSE(O.Applied);
  EXPECT_TRUE(contains(O.Messages, "one dependence cycle")) << O.Messages;
  EXPECT_TRUE(contains(O.Messages, "RAW B[i] -> B[i - 1]")) << O.Messages;
}

TEST(Distribute, LectureExampleExpandsTmp) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n], float B[restrict n]) {
  float tmp = 0;
#pragma loopgpu
  for (int i = 2; i < n; i++) {
    tmp = 2 * B[i - 2];
    A[i] = tmp;
    B[i] = tmp + B[i - 1];
  }
  A[0] = tmp;
})");
  {
    DependenceInfo DI = analyzeDependences(N);
    ASSERT_EQ(DI.distribution(0).size(), 2u);
    ASSERT_EQ(DI.scalarsNeedingExpansion(0).size(), 1u);
  }
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    DistributeRequest R;
    R.Loop = 0;
    return distribute(X, DI, R, D);
  });
  ASSERT_TRUE(O.Applied) << O.Messages;
  ASSERT_EQ(N.Root.size(), 3u); // two loops and the copy-out
  const ArrayInfo &T = N.Arrays.back();
  EXPECT_EQ(T.Name, "tmp_exp");
  EXPECT_EQ(T.Temporary, ArrayInfo::TempKind::ExpandedScalar);
  DependenceInfo DI = analyzeDependences(N);
  EXPECT_EQ(DI.verdict(N.Root[0]->Id).K, LoopVerdict::Sequential);
  EXPECT_EQ(DI.verdict(N.Root[1]->Id).K, LoopVerdict::Parallel);
  EXPECT_EQ(N.Loops[N.Root[1]->Id].Origin.K, LoopOrigin::Kind::Copy);
}

//===----------------------------------------------------------------------===//
// Privatization, reductions, WAR copies, invariant loads
//===----------------------------------------------------------------------===//

Outcome privatizeIn(Nest &N, const std::string &Loop, const std::string &Name) {
  return attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    PrivatizeRequest R;
    R.Loop = loopNamed(X, Loop);
    R.Name = Name;
    return privatize(X, DI, R, D);
  });
}

TEST(Privatize, RefusesAValueThatFlowsBetweenIterations) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n], float B[restrict n]) {
  float t = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    A[i] = t;
    t = B[i];
  }
})");
  Outcome O = privatizeIn(N, "i", "t");
  EXPECT_FALSE(O.Applied);
  EXPECT_TRUE(contains(O.Messages, "RAW t -> t")) << O.Messages;
}

TEST(Privatize, ScalarGetsAPrivateCopyAndItsLastValue) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n], float B[restrict n]) {
  float t = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    t = B[i];
    A[i] = t * t;
  }
  B[0] = t;
})");
  EXPECT_EQ(analyzeDependences(N).verdict(0).K, LoopVerdict::ParallelAfterPrivatization);
  Outcome O = privatizeIn(N, "i", "t");
  ASSERT_TRUE(O.Applied) << O.Messages;
  EXPECT_EQ(analyzeDependences(N).verdict(0).K, LoopVerdict::Parallel);
  std::string C = printed(N);
  EXPECT_TRUE(contains(C, "float t_p; /* private copy of 't'")) << C;
  EXPECT_TRUE(contains(C, "if (i == n - 1) {")) << C;
  EXPECT_TRUE(contains(C, "t = t_p;")) << C;
}

TEST(Privatize, ArrayFullyWrittenBeforeRead) {
  Nest N = parseNest(R"(
void f(int n, int m, float X[restrict n][m]) {
  int A[16]; // a local array: its extent bounds what A[A[...] % 16] may read
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 16; j++)
      A[j] = (4 * i + 4 * j) % 16;
    for (int k = 0; k < m; k++)
      X[i][k] = X[i][k] * A[(2 * i + k) % 16];
  }
})");
  // (The lecture reads A[A[...] % 16]: a non-affine read of the private copy
  // may touch any iteration's slice as far as the analysis knows, so the
  // privatized loop is correct but not provably parallel; the affine read
  // here is.)
  EXPECT_EQ(analyzeDependences(N).verdict(0).K, LoopVerdict::ParallelAfterPrivatization);
  Outcome O = privatizeIn(N, "i", "A");
  ASSERT_TRUE(O.Applied) << O.Messages;
  EXPECT_EQ(N.Arrays.back().Temporary, ArrayInfo::TempKind::PrivateCopy);
  EXPECT_TRUE(analyzeDependences(N).isParallelizable(0)) << depsText(N);
}

TEST(ReductionPrivatize, SumBecomesPartialsAndACombine) {
  Nest N = parseNest(R"(
long f(int n, const int *restrict x) {
  long s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
})");
  EXPECT_EQ(analyzeDependences(N).verdict(0).K, LoopVerdict::Reduction);
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    ReductionPrivatizeRequest R;
    R.Loop = 0;
    R.Name = "s";
    return privatizeReduction(X, DI, R, D);
  });
  ASSERT_TRUE(O.Applied) << O.Messages;
  DependenceInfo DI = analyzeDependences(N);
  EXPECT_EQ(DI.verdict(N.Root[0]->Id).K, LoopVerdict::Parallel);
  EXPECT_EQ(DI.verdict(N.Root[1]->Id).K, LoopVerdict::Reduction); // the combine
  EXPECT_EQ(N.Loops[N.Root[1]->Id].Origin.K, LoopOrigin::Kind::Generated);
}

TEST(ReductionPrivatize, RefusesAVariableThatIsNotAReduction) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n]) {
  float s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    s = s * 0.5f + A[i];
    A[i] = s;
  }
})");
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    ReductionPrivatizeRequest R;
    R.Loop = 0;
    R.Name = "s";
    return privatizeReduction(X, DI, R, D);
  });
  EXPECT_FALSE(O.Applied);
  EXPECT_TRUE(contains(O.Messages, "no reduction")) << O.Messages;
}

const char *const Argmin = R"(
#include <math.h>
int f(int n, const float *restrict x) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (x[i] <= best) {
      best = x[i];
      at = n - i;
    }
  return at;
})";

TEST(ReductionPrivatize, ArgminPairIsOneReduction) {
  Nest N = parseNest(Argmin);
  DependenceInfo DI = analyzeDependences(N);
  EXPECT_EQ(DI.verdict(0).K, LoopVerdict::Reduction);
  ASSERT_EQ(DI.reductions(0).size(), 1u);
  const Reduction &R = DI.reductions(0)[0];
  EXPECT_EQ(R.Op, "argmin");
  EXPECT_EQ(R.Text, "best");
  ASSERT_TRUE(R.isArg());
  EXPECT_EQ(R.IndexText, "at");
  EXPECT_FALSE(R.FirstOnTies);
  EXPECT_EQ(R.Statements.size(), 2u);
  EXPECT_EQ(DI.verdict(0).Reason, "(best, at) (argmin, last on ties)");
}

// Privatizing the value alone would lose the index.
TEST(ReductionPrivatize, RefusesAnArgminReduction) {
  Nest N = parseNest(Argmin);
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    ReductionPrivatizeRequest R;
    R.Loop = 0;
    R.Name = "best";
    return privatizeReduction(X, DI, R, D);
  });
  EXPECT_FALSE(O.Applied);
  EXPECT_TRUE(contains(O.Messages, "argmin reduction together with 'at'")) << O.Messages;
}

TEST(CopyForWAR, LectureRotation) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n - 1; i++)
    A[i] = A[i + 1];
})");
  EXPECT_EQ(analyzeDependences(N).verdict(0).K, LoopVerdict::Sequential);
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    CopyForWARRequest R;
    R.Loop = 0;
    R.Array = 0;
    return copyForWAR(X, DI, R, D);
  });
  ASSERT_TRUE(O.Applied) << O.Messages;
  EXPECT_EQ(analyzeDependences(N).verdict(0).K, LoopVerdict::Parallel);
}

TEST(CopyForWAR, RefusesAReadThatSeesTheLoopsWrites) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n - 1; i++)
    A[i] = A[i - 1] + A[i + 1];
})");
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    CopyForWARRequest R;
    R.Loop = 0;
    R.Array = 0;
    return copyForWAR(X, DI, R, D);
  });
  // A[i + 1] may read the copy (the WAR goes), A[i - 1] may not; the
  // transformation is legal, and the loop stays sequential through the RAW.
  ASSERT_TRUE(O.Applied) << O.Messages;
  EXPECT_TRUE(contains(printed(N), "A[i] = A[i - 1] + A_copy[i + 1];")) << printed(N);
  EXPECT_EQ(analyzeDependences(N).verdict(0).K, LoopVerdict::Sequential);
}

TEST(LICM, HoistsOnlyLoadsNoWriteInTheLoopTouches) {
  Nest N = parseNest(R"(
void f(int n, int m, float C[restrict n][m], const float x[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      C[i][j] = C[i][j - 1] * x[i] + C[i][0];
})");
  Outcome O = attempt(N, [&](Nest &X, const DependenceInfo &DI, DiagnosticSink &D) {
    LICMRequest R;
    R.Loop = loopNamed(X, "j");
    return hoistInvariantLoads(X, DI, R, D);
  });
  ASSERT_TRUE(O.Applied) << O.Messages;
  std::string C = printed(N);
  EXPECT_TRUE(contains(C, "x_i = x[i];")) << C;
  // C[i][0] is written by the loop (j = ... no: j starts at 1, but the
  // analysis reports the RAW from C[i][j] to C[i][j - 1]; C[i][0] itself is
  // never written in the loop) -- it is invariant too.
  EXPECT_TRUE(contains(C, "C_i_0 = C[i][0];")) << C;
}

//===----------------------------------------------------------------------===//
// The pipeline
//===----------------------------------------------------------------------===//

TEST(Pipeline, RefusedRequestFailsThePipeline) {
  Nest N = parseNest(R"(
void f(int n, float A[restrict n][n]) {
#pragma loopgpu interchange(j, i)
  for (int i = 2; i < n; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
})");
  CollectingDiagnostics D;
  DependenceInfo DI;
  EXPECT_FALSE(runPipeline(N, PipelineOptions(), D, DI));
  EXPECT_TRUE(contains(messages(D), "cannot interchange(j, i)")) << messages(D);
}

TEST(Pipeline, DefaultsExposeAnOuterParallelLoop) {
  Nest N = parseNest(R"(
void f(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] + B[i][j];
})");
  CollectingDiagnostics D;
  DependenceInfo DI;
  ASSERT_TRUE(runPipeline(N, PipelineOptions(), D, DI)) << messages(D);
  EXPECT_EQ(verifyNest(N), "");
  EXPECT_EQ(N.Loops[N.Root[0]->Id].Iterator, "j");
  EXPECT_EQ(DI.verdict(N.Root[0]->Id).K, LoopVerdict::Parallel);
  ASSERT_EQ(N.Transforms.size(), 1u);
  EXPECT_FALSE(N.Transforms[0].Requested);
}

TEST(NestEdit, CloneIsDeepAndFinalizeKeepsTextualOrder) {
  Nest N = parseNest(NearestNeighbor);
  Nest C = cloneNest(N);
  EXPECT_EQ(irText(C), irText(N));
  EXPECT_EQ(verifyNest(C), "");
  // Guards of the copy point into the copy's tree.
  for (const Statement &S : C.Statements)
    for (const Guard &G : S.Guards)
      if (!G.IsAffine) {
        bool Found = false;
        C.forEachNode([&](const Node &Nd) { Found |= Nd.Condition.get() == G.Condition; });
        EXPECT_TRUE(Found);
      }
}

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
