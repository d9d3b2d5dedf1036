//===- FrontendTest.cpp - Building the IR from C source --------------------===//
#include "loopgpu/Frontend/Frontend.h"
#include "loopgpu/IR/IRPrinter.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace loopgpu;

namespace {

/// Collects Clang diagnostics as "line:col: level: message".
class Collect : public clang::DiagnosticConsumer {
public:
  std::vector<std::string> Messages;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level L, const clang::Diagnostic &D) override {
    clang::DiagnosticConsumer::HandleDiagnostic(L, D);
    llvm::SmallString<128> Msg;
    D.FormatDiagnostic(Msg);
    std::string Where;
    if (D.hasSourceManager() && D.getLocation().isValid()) {
      auto P = D.getSourceManager().getPresumedLoc(D.getLocation());
      Where = std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn()) + ": ";
    }
    const char *Lvl = L == clang::DiagnosticsEngine::Error     ? "error"
                      : L == clang::DiagnosticsEngine::Warning ? "warning"
                                                               : "note";
    Messages.push_back(Where + Lvl + ": " + Msg.str().str());
  }
};

struct Result {
  FrontendStatus Status;
  std::vector<Nest> Nests;
  std::vector<std::string> Diags;
  std::string IR;
};

Result parse(const std::string &Code) {
  Result R;
  Collect C;
  R.Status = runFrontendOnCode(
      Code, "input.c", {},
      [&](Program &P, DiagnosticSink &) {
        llvm::raw_string_ostream OS(R.IR);
        printIR(P, OS);
        for (Nest &N : P.Nests)
          R.Nests.push_back(std::move(N));
      },
      &C);
  R.Diags = C.Messages;
  return R;
}

bool hasDiag(const Result &R, const std::string &Needle) {
  for (const std::string &D : R.Diags)
    if (D.find(Needle) != std::string::npos)
      return true;
  return false;
}

TEST(Frontend, MatmulStructure) {
  Result R = parse(R"(
void mm(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m],
        float C[restrict n][m]) {
#pragma loopgpu tile(32,32) coarsen(4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
})");
  ASSERT_EQ(R.Status, FrontendStatus::Success) << R.IR;
  ASSERT_EQ(R.Nests.size(), 1u);
  const Nest &N = R.Nests[0];
  EXPECT_EQ(N.Function, "mm");
  ASSERT_EQ(N.Loops.size(), 3u);
  EXPECT_EQ(N.Loops[2].Iterator, "k");
  EXPECT_EQ(N.Loops[2].Parent, 1);
  EXPECT_EQ(N.Loops[0].Upper.str(N.namer()), "n - 1");
  ASSERT_EQ(N.Clauses.size(), 2u);
  EXPECT_EQ(N.Clauses[0].K, Clause::Kind::Tile);
  EXPECT_EQ(N.Clauses[0].Ints, (std::vector<int64_t>{32, 32}));
  EXPECT_EQ(N.Clauses[1].Ints, (std::vector<int64_t>{4}));
  ASSERT_EQ(N.Statements.size(), 3u);
  EXPECT_TRUE(N.Statements[0].IsDeclaration);
  EXPECT_EQ(N.Statements[1].Loops, (std::vector<unsigned>{0, 1, 2}));
  // acc is local to the (i, j) iteration.
  ASSERT_EQ(N.Scalars.size(), 1u);
  EXPECT_EQ(N.Scalars[0].DeclDepth, 2);
  // A is n x p, all accesses affine.
  EXPECT_EQ(N.Arrays[0].Name, "A");
  EXPECT_EQ(describeArrayShape(N, N.Arrays[0]), "[n][p]");
  for (const Access &A : N.Accesses)
    EXPECT_TRUE(A.IsAffine);
  // The host signature keeps the parameters in order.
  ASSERT_EQ(N.FunctionParams.size(), 6u);
  EXPECT_EQ(N.FunctionParams[3].TypeSpelling, "const float A[restrict n][p]");
  EXPECT_EQ(N.FunctionParams[3].ArrayId, 0);
  EXPECT_TRUE(R.Diags.empty());
}

TEST(Frontend, BoundsStepsAndMinMax) {
  Result R = parse(R"(
void f(int n, float *restrict A) {
#pragma loopgpu
  for (int i = n - 1; i >= 0; i -= 3)
    for (int j = i; j < (n < i + 8 ? n : i + 8) && j <= 100; ++j)
      A[j] = 0;
})");
  ASSERT_EQ(R.Status, FrontendStatus::Success);
  const Nest &N = R.Nests[0];
  EXPECT_EQ(N.Loops[0].Step, -3);
  EXPECT_EQ(N.Loops[0].Lower.str(N.namer()), "0");
  EXPECT_EQ(N.Loops[0].Upper.str(N.namer()), "n - 1");
  EXPECT_EQ(N.Loops[1].Upper.str(N.namer()), "min(min(n, i + 8) - 1, 100)");
}

TEST(Frontend, DataDependentGuardMakesMayAccesses) {
  Result R = parse(R"(
void f(int n, float *restrict A, float *restrict B) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (A[i] > 0)
      B[i] = A[i];
    else if (i < 10)
      B[i] = 0;
})");
  ASSERT_EQ(R.Status, FrontendStatus::Success);
  const Nest &N = R.Nests[0];
  ASSERT_EQ(N.Statements.size(), 2u);
  EXPECT_TRUE(N.Statements[0].isGuardedByData());
  // The write of B[i] under `if (A[i] > 0)` may not happen.
  bool SawMayWrite = false;
  for (unsigned AId : N.Statements[0].Accesses)
    if (N.Accesses[AId].IsWrite)
      SawMayWrite = !N.Accesses[AId].IsMust;
  EXPECT_TRUE(SawMayWrite);
  // The else branch has the negated data guard and the affine one.
  ASSERT_EQ(N.Statements[1].Guards.size(), 2u);
  EXPECT_TRUE(N.Statements[1].Guards[0].Negated);
  EXPECT_TRUE(N.Statements[1].Guards[1].IsAffine);
}

TEST(Frontend, NonAffineSubscriptIsMayAccessNotError) {
  Result R = parse(R"(
void hist(int n, const int *restrict idx, int *restrict H) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    H[idx[i]] += 1;
})");
  ASSERT_EQ(R.Status, FrontendStatus::Success);
  const Nest &N = R.Nests[0];
  int NonAffine = 0;
  for (const Access &A : N.Accesses)
    NonAffine += !A.IsAffine;
  EXPECT_EQ(NonAffine, 2); // read and write of H[idx[i]]
}

TEST(Frontend, AliasWarningNamesBothArrays) {
  Result R = parse(R"(
void f(int n, float *A, float *B) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = B[i];
})");
  ASSERT_EQ(R.Status, FrontendStatus::Success);
  EXPECT_TRUE(hasDiag(R, "warning: 'A' may alias 'B'")) << (R.Diags.empty() ? "" : R.Diags[0]);
  EXPECT_EQ(R.Nests[0].Arrays[0].AliasClass, R.Nests[0].Arrays[1].AliasClass);
}

TEST(Frontend, RejectsWithLocatedErrors) {
  struct Case {
    const char *Body;
    const char *Expected;
  } Cases[] = {
      {"while (A[i] > 1) i++;", "loop iterator 'i' is modified inside its loop"},
      {"while (A[i] > 1) return;", "'return' is not supported inside a '#pragma loopgpu' nest"},
      {"if (A[i] > 1) break;", "'break' is not supported"},
      {"A[i] = **(&A + i);", "pointer dereference '*' of '*(&A + i)'"},
      {"g(A[i]);", "call to 'g'"},
      {"i = 2;", "loop iterator 'i' is modified inside its loop"},
  };
  for (const Case &C : Cases) {
    std::string Code = std::string("void g(float);\nvoid f(int n, float *restrict A) {\n"
                                   "#pragma loopgpu\n  for (int i = 0; i < n; i++) {\n    ") +
                       C.Body + "\n  }\n}\n";
    Result R = parse(Code);
    EXPECT_EQ(R.Status, FrontendStatus::InputErrors) << C.Body;
    EXPECT_TRUE(hasDiag(R, C.Expected)) << C.Body << " gave: " << (R.Diags.empty() ? "" : R.Diags[0]);
    // Errors point at line 5, where the body is.
    EXPECT_TRUE(hasDiag(R, "5:")) << C.Body;
  }
}

TEST(Frontend, BadPragmas) {
  Result R = parse("void f(int n, float *restrict A) {\n#pragma loopgpu tile(0)\n"
                   "  for (int i = 0; i < n; i++) A[i] = 0;\n}\n");
  EXPECT_EQ(R.Status, FrontendStatus::InputErrors);
  EXPECT_TRUE(hasDiag(R, "2:22: error: '0' is not a valid argument of 'tile'"));
  R = parse("void f(int n, float *restrict A) {\n#pragma loopgpu\n  A[0] = 1;\n}\n");
  EXPECT_TRUE(hasDiag(R, "must be followed by a 'for' loop"));
  R = parse("void f(int n, float *restrict A) {\n#pragma loopgpu fast\n  for (int i = 0; i < n; i++) A[i] = 0;\n}\n");
  EXPECT_TRUE(hasDiag(R, "2:17: error: unknown clause 'fast'"));
}

TEST(Frontend, InnerPragmaAttachesClausesToItsLoop) {
  Result R = parse(R"(
void f(int n, float A[restrict n][n]) {
#pragma loopgpu tile(16)
  for (int i = 0; i < n; i++)
#pragma loopgpu sequential
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j - 1];
})");
  ASSERT_EQ(R.Status, FrontendStatus::Success);
  ASSERT_EQ(R.Nests.size(), 1u);
  ASSERT_EQ(R.Nests[0].Loops[1].Clauses.size(), 1u);
  EXPECT_EQ(R.Nests[0].Loops[1].Clauses[0].K, Clause::Kind::Sequential);
}

TEST(Frontend, SyntaxErrorsFailCleanly) {
  Result R = parse("void f(int n) {\n#pragma loopgpu\n for (int i = 0; i < n; i++) {\n}\n");
  EXPECT_EQ(R.Status, FrontendStatus::InputErrors);
  EXPECT_TRUE(R.Nests.empty());
}
} // namespace
