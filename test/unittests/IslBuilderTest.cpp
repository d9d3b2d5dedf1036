//===- IslBuilderTest.cpp - Unit tests of the IR -> ISL translation ---------===//
#include "AnalysisTestUtil.h"

#include "loopgpu/IR/IslBuilder.h"

#include <gtest/gtest.h>

using namespace loopgpu;
using namespace loopgpu::testutil;

namespace {

/// Lo <= E < Hi over the domain of a statement in loop L.
bool proves(const Nest &N, unsigned Stmt, Aff E, Aff Lo, Aff Hi) {
  return provesBounds(N, Stmt, E, Lo, Hi);
}

// for (i = 0; i < n; i++) for (k = 0; k < K; k++) S;
TEST(IslBuilder, ProvesDelinearizationBounds) {
  NestBuilder B;
  unsigned Np = B.param("n"), Kp = B.param("K");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned K = B.loop("k", 0, B.par(Kp) - 1, 1, I);
  unsigned S = B.stmt(K, 12);
  EXPECT_TRUE(proves(B.N, S, B.it(K), 0, B.par(Kp)));
  EXPECT_FALSE(proves(B.N, S, B.it(K) + 1, 0, B.par(Kp)));
  EXPECT_FALSE(proves(B.N, S, B.it(K), 1, B.par(Kp)));
  // No assumption on the sign of parameters: an empty loop proves anything.
  EXPECT_TRUE(proves(B.N, S, B.it(I), 0, B.par(Np)));
  // The frontend's entry point, before the statement exists.
  EXPECT_TRUE(provesBounds(B.N, std::vector<unsigned>{I, K}, {}, AffExpr::iterator(K),
                           AffExpr::constant(0), AffExpr::param(Kp)));
}

// for (i = -5; i <= 5; i++): C division and remainder truncate toward zero.
TEST(IslBuilder, TruncatingDivisionAndRemainder) {
  NestBuilder B;
  unsigned I = B.loop("i", -5, 5);
  unsigned S = B.stmt(I, 12);
  EXPECT_TRUE(proves(B.N, S, B.it(I) / 2, -2, 3));   // floor would give -3
  EXPECT_FALSE(proves(B.N, S, B.it(I) / 2, -1, 3));
  EXPECT_TRUE(proves(B.N, S, B.it(I) % 3, -2, 3));   // C: -5 % 3 == -2
  EXPECT_FALSE(proves(B.N, S, B.it(I) % 3, 0, 3));
  EXPECT_TRUE(proves(B.N, S, min(B.it(I), 2), -5, 3));
  EXPECT_TRUE(proves(B.N, S, max(B.it(I), 2), 2, 6));
}

// for (i = 1; i <= 9; i += 4): i in {1, 5, 9}
// for (i = 10; i >= 0; i -= 3): i in {10, 7, 4, 1} (starts at the upper bound)
TEST(IslBuilder, StridedDomains) {
  NestBuilder B;
  unsigned I = B.loop("i", 1, 9, 4);
  unsigned S = B.stmt(I, 12);
  EXPECT_TRUE(proves(B.N, S, B.it(I) % 4, 1, 2));
  unsigned J = B.loop("j", 0, 10, -3);
  unsigned T = B.stmt(J, 13);
  EXPECT_TRUE(proves(B.N, T, B.it(J) % 3, 1, 2));
  EXPECT_TRUE(proves(B.N, T, B.it(J), 1, 11));
  EXPECT_FALSE(proves(B.N, T, B.it(J), 2, 11));
}

TEST(IslBuilder, GuardsAndDomains) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  // if (!(i < 3) && i != 7)
  B.affineGuard(S, AffCond::conj(AffCond::negate(AffCond::compare(AffExpr::iterator(I),
                                                                  AffCond::CmpOp::LT,
                                                                  AffExpr::constant(3))),
                                 AffCond::compare(AffExpr::iterator(I), AffCond::CmpOp::NE,
                                                  AffExpr::constant(7))));
  EXPECT_TRUE(proves(B.N, S, B.it(I), 3, B.par(Np)));
  IslContext Ctx;
  {
    IslBuilder IB(B.N, Ctx.get());
    isl::set D = IB.domain(S);
    EXPECT_TRUE(IB.isDomainExact(S));
    isl::set Seven(Ctx.get(), "[n] -> { S1[7] }");
    EXPECT_TRUE(D.intersect(Seven).is_empty());
    isl::set Eight(Ctx.get(), "[n] -> { S1[8] : n >= 9 }");
    EXPECT_TRUE(Eight.is_subset(D));
  }
}

TEST(IslBuilder, AccessRelations) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned T = B.scalar("t", {I});
  unsigned S = B.stmt(I, 12);
  unsigned Rd = B.read(S, A, {B.it(I) + 1, 2 * B.it(I)});
  unsigned Any = B.readAny(S, A);
  unsigned W = B.writeScalar(S, T);
  IslContext Ctx;
  {
    IslBuilder IB(B.N, Ctx.get());
    isl::map R = IB.accessRelation(Rd);
    isl::map Expected(Ctx.get(), "[n] -> { S1[i] -> A0_A[i + 1, 2i] : 0 <= i < n }");
    EXPECT_TRUE(R.is_equal(Expected)) << R;
    EXPECT_TRUE(IB.isAccessExact(Rd));
    EXPECT_FALSE(IB.isAccessExact(Any));
    isl::map Sc = IB.accessRelation(W);
    isl::map ExpectedSc(Ctx.get(), "[n] -> { S1[i] -> V0_t[i] : 0 <= i < n }");
    EXPECT_TRUE(Sc.is_equal(ExpectedSc)) << Sc;
  }
}

} // namespace
