//===- IRTest.cpp - Affine expressions and the expression printer ---------===//
#include "loopgpu/IR/AffineExpr.h"
#include "loopgpu/IR/ExprPrinter.h"
#include "loopgpu/IR/LoopNest.h"

#include <gtest/gtest.h>

using namespace loopgpu;

namespace {
std::string name(AffVar V) { return V.isIterator() ? "i" + std::to_string(V.Index) : "n" + std::to_string(V.Index); }

TEST(AffExpr, LinearSumsAreCanonical) {
  // n - 1 - i  ->  n0 - i0 - 1
  AffExpr E = AffExpr::sub(AffExpr::sub(AffExpr::param(0), AffExpr::constant(1)), AffExpr::iterator(0));
  EXPECT_EQ(E.str(name), "n0 - i0 - 1");
  auto L = E.linear();
  ASSERT_TRUE(L.has_value());
  EXPECT_EQ(L->Constant, -1);
  EXPECT_EQ(L->coefficient(AffVar::iterator(0)), -1);
  EXPECT_EQ(L->coefficient(AffVar::param(0)), 1);
  // (i + 1) - 1 folds to i.
  AffExpr F = AffExpr::sub(AffExpr::add(AffExpr::iterator(0), AffExpr::constant(1)), AffExpr::constant(1));
  EXPECT_EQ(F, AffExpr::iterator(0));
}

TEST(AffExpr, QuasiAffineParts) {
  AffExpr D = AffExpr::div(AffExpr::iterator(1), 2);
  EXPECT_FALSE(D.linear().has_value());
  EXPECT_EQ(D.str(name), "i1 / 2");
  AffExpr M = AffExpr::min(AffExpr::add(AffExpr::iterator(0), AffExpr::constant(31)),
                           AffExpr::sub(AffExpr::param(0), AffExpr::constant(1)));
  EXPECT_EQ(M.str(name), "min(i0 + 31, n0 - 1)");
  EXPECT_TRUE(M.uses(AffVar::param(0)));
  EXPECT_FALSE(M.uses(AffVar::iterator(1)));
  // Constant folding keeps C's truncating division.
  EXPECT_EQ(AffExpr::div(AffExpr::constant(-7), 2).constantValue(), -3);
  EXPECT_EQ(AffExpr::rem(AffExpr::constant(-7), 2).constantValue(), -1);
}

TEST(AffExpr, Substitute) {
  // i -> 32*ii + t (strip mining)
  AffExpr E = AffExpr::add(AffExpr::mul(AffExpr::iterator(0), 2), AffExpr::constant(1));
  AffExpr S = E.substitute([](AffVar V) {
    return V.isIterator() && V.Index == 0
               ? AffExpr::add(AffExpr::mul(AffExpr::iterator(1), 32), AffExpr::iterator(2))
               : AffExpr::var(V);
  });
  EXPECT_EQ(S.str(name), "64*i1 + 2*i2 + 1");
}

TEST(AffCond, PrintsAndNegates) {
  AffCond C = AffCond::compare(AffExpr::iterator(0), AffCond::CmpOp::LT, AffExpr::param(0));
  EXPECT_EQ(C.str(name), "i0 < n0");
  EXPECT_EQ(AffCond::negate(C).str(name), "!(i0 < n0)");
  EXPECT_EQ(AffCond::negate(AffCond::negate(C)).str(name), "i0 < n0");
}

TEST(ExprPrinter, MinimalParentheses) {
  Nest N;
  N.Params.push_back({"n", ScalarType::intType(), {}});
  Loop L;
  L.Iterator = "i";
  N.Loops.push_back(L);
  auto Ref = [](Expr::Kind K, unsigned I) {
    auto E = std::make_unique<Expr>(K);
    E->Index = I;
    return E;
  };
  auto Bin = [](const char *Op, ExprPtr A, ExprPtr B) {
    auto E = std::make_unique<Expr>(Expr::Kind::Binary);
    E->Op = Op;
    E->Ops.push_back(std::move(A));
    E->Ops.push_back(std::move(B));
    return E;
  };
  // (i + n) * i  and  i - (n - i)  and  i - n - i
  ExprPrinter P(N);
  auto A = Bin("*", Bin("+", Ref(Expr::Kind::IteratorRef, 0), Ref(Expr::Kind::ParamRef, 0)),
               Ref(Expr::Kind::IteratorRef, 0));
  EXPECT_EQ(P.print(*A), "(i + n) * i");
  auto B = Bin("-", Ref(Expr::Kind::IteratorRef, 0),
               Bin("-", Ref(Expr::Kind::ParamRef, 0), Ref(Expr::Kind::IteratorRef, 0)));
  EXPECT_EQ(P.print(*B), "i - (n - i)");
  auto C = Bin("-", Bin("-", Ref(Expr::Kind::IteratorRef, 0), Ref(Expr::Kind::ParamRef, 0)),
               Ref(Expr::Kind::IteratorRef, 0));
  EXPECT_EQ(P.print(*C), "i - n - i");
  // Overrides replace nodes (used to redirect references).
  P.Override = [](const Expr &E) -> std::optional<std::string> {
    if (E.K == Expr::Kind::ParamRef)
      return std::string("N_");
    return std::nullopt;
  };
  EXPECT_EQ(P.print(*C), "i - N_ - i");
}
} // namespace
