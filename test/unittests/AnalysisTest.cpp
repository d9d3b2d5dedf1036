//===- AnalysisTest.cpp - Unit tests of the dependence analysis -------------===//
//
// Nests are built by hand (AnalysisTestUtil.h); the C each one stands for is
// in the comment above it. Loop bounds are inclusive: `i < n` is Hi = n - 1.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

#include "loopgpu/Analysis/DependencePrinter.h"
#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/Analysis/Legality.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <tuple>

using namespace loopgpu;
using namespace loopgpu::testutil;

namespace {

using DV = DirectionVector;
const Direction LT = Direction::LT, EQ = Direction::EQ, GT = Direction::GT;

/// The dependences from Src to Snk access ids.
std::vector<const Dependence *> between(const DependenceInfo &DI, unsigned Src, unsigned Snk) {
  std::vector<const Dependence *> R;
  for (const Dependence &D : DI.dependences())
    if (D.SourceAccess == Src && D.SinkAccess == Snk)
      R.push_back(&D);
  return R;
}

const Dependence *only(const DependenceInfo &DI, unsigned Src, unsigned Snk) {
  auto R = between(DI, Src, Snk);
  return R.size() == 1 ? R[0] : nullptr;
}

/// All direction vectors of all dependences, as a set.
std::set<DV> allVectors(const DependenceInfo &DI) {
  std::set<DV> S;
  for (const Dependence &D : DI.dependences())
    S.insert(D.Directions.begin(), D.Directions.end());
  return S;
}

std::string text(const Nest &N, const DependenceInfo &DI) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  printDependencesText(N, DI, OS);
  return OS.str();
}

//===----------------------------------------------------------------------===//
// The lecture's three nests
//===----------------------------------------------------------------------===//

// for (i = 1; i <= N; i++) for (j = 1; j <= N; j++) A[j][i] = A[j][i] + 1;
TEST(LectureNests, SameElementGivesEqualEqual) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 1, B.par(Np));
  unsigned J = B.loop("j", 1, B.par(Np), 1, I);
  unsigned S = B.stmt(J, 13);
  unsigned R = B.read(S, A, {B.it(J), B.it(I)});
  unsigned W = B.write(S, A, {B.it(J), B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 1u);
  const Dependence *D = only(DI, R, W);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Kind, DepKind::WAR);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{EQ, EQ}}));
  EXPECT_EQ(D->Distances[0], 0);
  EXPECT_EQ(D->Distances[1], 0);
  EXPECT_TRUE(D->isLoopIndependent());
  EXPECT_FALSE(D->IsMay);
  EXPECT_TRUE(DI.isParallel(I));
  EXPECT_TRUE(DI.isParallel(J));
  EXPECT_TRUE(DI.isLegalPermutation({I, J}, {J, I}));
  EXPECT_EQ(DI.legalPermutations().size(), 2u);
}

// for (i = 2; i <= N; i++) for (j = 2; j <= N; j++) {
//   A[j][i] = A[j-1][i];      // (=,<) over (i,j)
//   B[j][i] = B[j-1][i-1];    // (<,<)
// }
TEST(LectureNests, SecondNest) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 2), Bb = B.array("B", 2);
  unsigned I = B.loop("i", 2, B.par(Np));
  unsigned J = B.loop("j", 2, B.par(Np), 1, I);
  unsigned S1 = B.stmt(J, 13), S2 = B.stmt(J, 14);
  unsigned RA = B.read(S1, A, {B.it(J) - 1, B.it(I)}, "A[j-1][i]");
  unsigned WA = B.write(S1, A, {B.it(J), B.it(I)}, "A[j][i]");
  unsigned RB = B.read(S2, Bb, {B.it(J) - 1, B.it(I) - 1});
  unsigned WB = B.write(S2, Bb, {B.it(J), B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 2u);
  const Dependence *DA = only(DI, WA, RA);
  ASSERT_TRUE(DA);
  EXPECT_EQ(DA->Kind, DepKind::RAW);
  EXPECT_EQ(DA->Directions, (std::vector<DV>{{EQ, LT}}));
  EXPECT_EQ(DA->Distances[0], 0);
  EXPECT_EQ(DA->Distances[1], 1);
  const Dependence *DB = only(DI, WB, RB);
  ASSERT_TRUE(DB);
  EXPECT_EQ(DB->Directions, (std::vector<DV>{{LT, LT}}));
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
  EXPECT_EQ(DI.verdict(J).K, LoopVerdict::Sequential);
  EXPECT_EQ(DI.verdict(I).Blocking, std::vector<unsigned>{DB->Id});
  EXPECT_EQ(DI.verdict(J).Blocking, std::vector<unsigned>{DA->Id});
  EXPECT_EQ(DI.verdict(J).Reason,
            "RAW A[j][i] -> A[j-1][i] lines 13->13, direction (=,<)");
  // Interchange is legal: (=,<) -> (<,=) and (<,<) -> (<,<).
  EXPECT_TRUE(DI.isLegalPermutation({I, J}, {J, I}));
  EXPECT_TRUE(DI.isTileable({I, J}));
}

/// The lecture's third nest:
/// for (i = 2; i <= N; i++) for (j = 1; j <= N; j++) A[i][j] = A[i-1][j+1];
struct ThirdNest {
  NestBuilder B;
  unsigned I, J, R, W;
  ThirdNest() {
    unsigned Np = B.param("N");
    unsigned A = B.array("A", 2);
    I = B.loop("i", 2, B.par(Np));
    J = B.loop("j", 1, B.par(Np), 1, I);
    unsigned S = B.stmt(J, 13);
    R = B.read(S, A, {B.it(I) - 1, B.it(J) + 1});
    W = B.write(S, A, {B.it(I), B.it(J)});
  }
};

TEST(LectureNests, ThirdNestForbidsInterchange) {
  ThirdNest T;
  NestBuilder &B = T.B;
  unsigned I = T.I, J = T.J, R = T.R, W = T.W;
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 1u);
  const Dependence *D = only(DI, W, R);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{LT, GT}}));
  EXPECT_EQ(D->Distances[0], 1);
  EXPECT_EQ(D->Distances[1], -1);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
  EXPECT_TRUE(DI.isParallel(J));
  EXPECT_FALSE(DI.isLegalPermutation({I, J}, {J, I}));
  EXPECT_EQ(DI.legalPermutations(), (std::vector<std::vector<unsigned>>{{I, J}}));
  EXPECT_FALSE(DI.isTileable({I, J}));
  EXPECT_TRUE(DI.isTileable({J})); // within one i iteration nothing flows backward
}

// The legality oracle (Legality.h): every refusal comes with the dependence
// that breaks it.
TEST(Legality, WitnessesOfThePermutationTheTilingAndTheHyperplane) {
  ThirdNest Third; // the lecture's third nest: distance (1, -1)
  NestBuilder &B = Third.B;
  unsigned I = Third.I, J = Third.J;
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 1u);
  std::optional<LegalityWitness> P = permutationViolation(DI, {I, J}, {J, I});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->K, LegalityWitness::Kind::Reversed);
  EXPECT_EQ(P->After, (DV{GT, LT}));
  EXPECT_NE(describeViolation(B.N, DI, *P).find("would become (>,<)"), std::string::npos);
  EXPECT_FALSE(permutationViolation(DI, {I, J}, {I, J}));
  std::optional<LegalityWitness> T = tilingViolation(DI, {I, J});
  ASSERT_TRUE(T);
  EXPECT_EQ(T->K, LegalityWitness::Kind::Backward);
  EXPECT_EQ(T->Loop, J);
  EXPECT_FALSE(tilingViolation(DI, {J}));
  // The distance is (1, -1): w = 2i + j and w = i advance it, w = i + j and
  // w = j do not.
  BandDependences Band(B.N, DI, {I, J});
  EXPECT_FALSE(Band.hyperplaneViolation({2, 1}));
  EXPECT_FALSE(Band.hyperplaneViolation({1, 0}));
  std::optional<LegalityWitness> H = Band.hyperplaneViolation({1, 1});
  ASSERT_TRUE(H);
  EXPECT_EQ(H->K, LegalityWitness::Kind::NotAdvanced);
  EXPECT_EQ(H->Dependence, 0u);
  EXPECT_TRUE(Band.hyperplaneViolation({0, 1}));
}

TEST(Legality, ADependenceOutsidePartOfTheBandIsTheWitness) {
  // for (i) { x[i] = 1; for (j) A[i][j] = x[i]; }: the band (i, j) holds
  // the write of x only partly.
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned X = B.array("x", 1);
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 0, B.par(Np));
  unsigned S1 = B.stmt(I, 3);
  B.write(S1, X, {B.it(I)});
  unsigned J = B.loop("j", 0, B.par(Np), 1, I);
  unsigned S2 = B.stmt(J, 5);
  B.read(S2, X, {B.it(I)});
  B.write(S2, A, {B.it(I), B.it(J)});
  DependenceInfo DI = analyzeDependences(B.N);
  std::optional<LegalityWitness> P = permutationViolation(DI, {I, J}, {J, I});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->K, LegalityWitness::Kind::PartialBand);
  EXPECT_NE(describeViolation(B.N, DI, *P).find("involves only some of the loops"), std::string::npos);
  std::optional<LegalityWitness> T = tilingViolation(DI, {I, J});
  ASSERT_TRUE(T);
  EXPECT_EQ(T->K, LegalityWitness::Kind::PartialBand);
  EXPECT_EQ(T->Dependence, P->Dependence);
  // The analysis' own answers agree with the oracle.
  EXPECT_FALSE(DI.isLegalPermutation({I, J}, {J, I}));
  EXPECT_FALSE(DI.isTileable({I, J}));
}

//===----------------------------------------------------------------------===//
// Distribution and array expansion (lecture)
//===----------------------------------------------------------------------===//

// float tmp;
// for (int i = 2; i < N; i++) {
//   tmp = 2*B[i-2];        // S1
//   A[i] = tmp;            // S2
//   B[i] = tmp + B[i-1];   // S3
// }
TEST(Distribution, LectureArrayExpansion) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 1), Bb = B.array("B", 1);
  unsigned Tmp = B.scalar("tmp");
  unsigned I = B.loop("i", 2, B.par(Np) - 1);
  unsigned S1 = B.stmt(I, 12), S2 = B.stmt(I, 13), S3 = B.stmt(I, 14);
  unsigned RB2 = B.read(S1, Bb, {B.it(I) - 2}, "B[i-2]");
  B.writeScalar(S1, Tmp);
  B.readScalar(S2, Tmp);
  B.write(S2, A, {B.it(I)});
  B.readScalar(S3, Tmp);
  B.read(S3, Bb, {B.it(I) - 1});
  unsigned WB = B.write(S3, Bb, {B.it(I)}, "B[i]");
  DependenceInfo DI = analyzeDependences(B.N);

  const Dependence *D = only(DI, WB, RB2);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Kind, DepKind::RAW);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{LT}}));
  EXPECT_EQ(D->Distances[0], 2);

  EXPECT_EQ(DI.distribution(I), (std::vector<std::vector<unsigned>>{{S1, S3}, {S2}}));
  EXPECT_EQ(DI.scalarsNeedingExpansion(I), std::vector<unsigned>{Tmp});
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential); // the B recurrence
  // tmp is privatizable (it is written before it is read in each iteration)
  // and, declared outside the nest, last-private.
  ASSERT_EQ(DI.privatizable(I).size(), 1u);
  EXPECT_EQ(DI.privatizable(I)[0].Memory.Index, Tmp);
  EXPECT_TRUE(DI.privatizable(I)[0].LastPrivate);
  std::string T = text(B.N, DI);
  EXPECT_NE(T.find("D1: S1 -> S1  WAW  tmp  (<)  line 12 -> line 12"), std::string::npos) << T;
  EXPECT_NE(T.find("distribution of loop i: {S1,S3} {S2}  expand: tmp"), std::string::npos) << T;
}

// for (i = 3; i <= N; i++) { A[i] = B[i-2]; B[i] = B[i-1]; }   (vectorization)
TEST(Distribution, VectorizationExample) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 1), Bb = B.array("B", 1);
  unsigned I = B.loop("i", 3, B.par(Np));
  unsigned S1 = B.stmt(I, 12), S2 = B.stmt(I, 13);
  B.read(S1, Bb, {B.it(I) - 2});
  B.write(S1, A, {B.it(I)});
  B.read(S2, Bb, {B.it(I) - 1});
  B.write(S2, Bb, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  // S2 -> S1 (<) and S2 -> S2 (<): S2 first, then S1 (which is then parallel).
  EXPECT_EQ(DI.distribution(I), (std::vector<std::vector<unsigned>>{{S2}, {S1}}));
  EXPECT_TRUE(DI.scalarsNeedingExpansion(I).empty());
  std::string T = text(B.N, DI);
  EXPECT_NE(T.find("S2 -> S1  RAW  B  (<)  line 13 -> line 12"), std::string::npos) << T;
}

//===----------------------------------------------------------------------===//
// WAR, WAW and privatization
//===----------------------------------------------------------------------===//

// for (i = 0; i < N-1; i++) A[i] = A[i+1];
TEST(Dependences, AntiDependence) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 2);
  unsigned S = B.stmt(I, 12);
  unsigned R = B.read(S, A, {B.it(I) + 1});
  unsigned W = B.write(S, A, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 1u);
  const Dependence *D = only(DI, R, W);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Kind, DepKind::WAR);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{LT}}));
  EXPECT_EQ(D->Distances[0], 1);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
}

// int A[M];                                  (lecture, WAW privatization)
// for (i = 0; i < N; i++) {
//   for (j = 0; j < M; j++) A[j] = (4*i + 4*j) % M;              // S1
//   for (k = 0; k < N; k++) X[i][k] = X[i][k-1] * A[A[(2*i+k)%M]%M]; // S2
// }
TEST(Privatization, LectureArrayPrivatization) {
  NestBuilder B;
  unsigned Np = B.param("N"), Mp = B.param("M");
  unsigned A = B.array("A", 1, -1, {AffExpr::param(Mp)});
  unsigned X = B.array("X", 2);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned J = B.loop("j", 0, B.par(Mp) - 1, 1, I);
  unsigned K = B.loop("k", 0, B.par(Np) - 1, 1, I);
  unsigned S1 = B.stmt(J, 13), S2 = B.stmt(K, 14);
  B.write(S1, A, {B.it(J)});
  B.read(S2, X, {B.it(I), B.it(K) - 1});
  B.readAny(S2, A, "A[(2*i+k)%M]");
  B.readAny(S2, A, "A[A[(2*i+k)%M]%M]");
  B.write(S2, X, {B.it(I), B.it(K)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::ParallelAfterPrivatization) << DI.verdict(I).Reason;
  ASSERT_EQ(DI.privatizable(I).size(), 1u);
  EXPECT_TRUE(DI.privatizable(I)[0].Memory.isArray());
  EXPECT_EQ(DI.privatizable(I)[0].Memory.Index, A);
  EXPECT_TRUE(DI.privatizable(I)[0].LastPrivate);
  EXPECT_EQ(DI.verdict(K).K, LoopVerdict::Sequential); // X[i][k-1]
  EXPECT_TRUE(DI.isParallel(J));
}

// float t;  for (i = 0; i < N; i++) { t = A[i]; B[i] = t * t; }
TEST(Privatization, ScalarWrittenBeforeRead) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 1), Bb = B.array("B", 1);
  unsigned T = B.scalar("t");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S1 = B.stmt(I, 12), S2 = B.stmt(I, 13);
  B.read(S1, A, {B.it(I)});
  B.writeScalar(S1, T);
  B.readScalar(S2, T);
  B.readScalar(S2, T);
  B.write(S2, Bb, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::ParallelAfterPrivatization);
  EXPECT_EQ(DI.verdict(I).Reason, "privatize t (last-private)");
  ASSERT_EQ(DI.privatizable(I).size(), 1u);
  EXPECT_TRUE(DI.privatizable(I)[0].LastPrivate);
  EXPECT_FALSE(DI.verdict(I).Blocking.empty());
  EXPECT_TRUE(DI.verdict(I).Unresolved.empty());
}

// for (i = 0; i < N; i++) { float t = A[i]; B[i] = t * t; }
TEST(Privatization, ScalarDeclaredInsideIsPrivate) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 1), Bb = B.array("B", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned T = B.scalar("t", {I});
  unsigned S1 = B.stmt(I, 12), S2 = B.stmt(I, 13);
  B.read(S1, A, {B.it(I)});
  B.writeScalar(S1, T);
  B.readScalar(S2, T);
  B.write(S2, Bb, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.isParallel(I));
  ASSERT_EQ(DI.dependences().size(), 1u); // t: S1 -> S2 RAW (=)
  EXPECT_EQ(DI.dependences()[0].Directions, (std::vector<DV>{{EQ}}));
  EXPECT_TRUE(DI.privatizable(I).empty());
}

// float t; for (i = 0; i < N; i++) { if (i < 5) t = A[i]; B[i] = t; }
// The read in iterations i >= 5 sees an earlier iteration's t.
TEST(Privatization, PartialWriteIsNotPrivatizable) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 1), Bb = B.array("B", 1);
  unsigned T = B.scalar("t");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S1 = B.stmt(I, 12), S2 = B.stmt(I, 13);
  B.affineGuard(S1, AffCond::compare(AffExpr::iterator(I), AffCond::CmpOp::LT, AffExpr::constant(5)));
  B.read(S1, A, {B.it(I)});
  B.writeScalar(S1, T);
  B.readScalar(S2, T);
  B.write(S2, Bb, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
  EXPECT_TRUE(DI.privatizable(I).empty());
}

// float t; for (i = 0; i < N; i++) { if (A[i] > 0) t = A[i]; B[i] = t; }
// A may-write (data-dependent guard) does not cover the read.
TEST(Privatization, MayWriteDoesNotCover) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 1), Bb = B.array("B", 1);
  unsigned T = B.scalar("t");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S1 = B.stmt(I, 12), S2 = B.stmt(I, 13);
  B.dataGuard(S1, binary(">", arrayRef(A), intLit(0)));
  B.read(S1, A, {B.it(I)});
  B.read(S1, A, {B.it(I)});
  B.writeScalar(S1, T);
  B.readScalar(S2, T);
  B.write(S2, Bb, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
  EXPECT_TRUE(DI.privatizable(I).empty());
  bool AnyMay = false;
  for (const Dependence &D : DI.dependences())
    AnyMay |= D.IsMay;
  EXPECT_TRUE(AnyMay);
}

//===----------------------------------------------------------------------===//
// Exactness: triangles, steps, symbolic offsets, reversal
//===----------------------------------------------------------------------===//

// for (i = 0; i < n; i++) for (j = 0; j < i; j++) A[i][j] = A[j][i];
// Writes the strict lower triangle, reads the strict upper one.
TEST(Exactness, TriangularIndependent) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned J = B.loop("j", 0, B.it(I) - 1, 1, I);
  unsigned S = B.stmt(J, 12);
  B.read(S, A, {B.it(J), B.it(I)});
  B.write(S, A, {B.it(I), B.it(J)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.dependences().empty());
  EXPECT_TRUE(DI.isParallel(I));
  EXPECT_TRUE(DI.isParallel(J));
}

// Same with j <= i: only the diagonal element, within one instance.
TEST(Exactness, TriangularWithDiagonal) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned J = B.loop("j", 0, B.it(I), 1, I);
  unsigned S = B.stmt(J, 12);
  B.read(S, A, {B.it(J), B.it(I)});
  B.write(S, A, {B.it(I), B.it(J)});
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 1u);
  EXPECT_EQ(DI.dependences()[0].Kind, DepKind::WAR);
  EXPECT_EQ(DI.dependences()[0].Directions, (std::vector<DV>{{EQ, EQ}}));
}

// for (i = 0; i < n; i++) A[2*i] = A[2*i+1];
TEST(Exactness, EvenOddIndependent) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.read(S, A, {2 * B.it(I) + 1});
  B.write(S, A, {2 * B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.dependences().empty());
  EXPECT_TRUE(DI.isParallel(I));
}

// for (i = 0; i < n; i += 2) A[i] = A[i+1];   (writes even, reads odd)
TEST(Exactness, StepTwoIndependent) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1, 2);
  unsigned S = B.stmt(I, 12);
  B.read(S, A, {B.it(I) + 1});
  B.write(S, A, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.dependences().empty());
  EXPECT_TRUE(DI.isParallel(I));
}

// for (i = 1; i < n; i += 2) A[i] = A[i-1];   (start 1: writes odd, reads even)
TEST(Exactness, StepTwoFromOneIndependent) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 1, B.par(Np) - 1, 2);
  unsigned S = B.stmt(I, 12);
  B.read(S, A, {B.it(I) - 1});
  B.write(S, A, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.dependences().empty());
}

// for (i = 0; i < n; i += 2) A[i] = A[i+2];   (WAR, distance 2 in iterator units)
TEST(Exactness, StepTwoDependent) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1, 2);
  unsigned S = B.stmt(I, 12);
  unsigned R = B.read(S, A, {B.it(I) + 2});
  unsigned W = B.write(S, A, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 1u);
  const Dependence *D = only(DI, R, W);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{LT}}));
  EXPECT_EQ(D->Distances[0], 2);
}

// for (i = 0; i < n; i++) A[i] = A[i+n];
TEST(Exactness, SymbolicOffsetIndependent) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.read(S, A, {B.it(I) + B.par(Np)});
  B.write(S, A, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.dependences().empty());
  EXPECT_TRUE(DI.isParallel(I));
}

// for (i = 0; i < n; i++) A[i] = A[n-1-i];
TEST(Exactness, ReversalDependent) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  unsigned R = B.read(S, A, {B.par(Np) - 1 - B.it(I)});
  unsigned W = B.write(S, A, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  const Dependence *Raw = only(DI, W, R), *War = only(DI, R, W);
  ASSERT_TRUE(Raw);
  ASSERT_TRUE(War);
  EXPECT_EQ(Raw->Directions, (std::vector<DV>{{LT}}));
  // The middle element (n odd) is read and written by the same iteration.
  EXPECT_EQ(War->Directions, (std::vector<DV>{{LT}, {EQ}}));
  EXPECT_FALSE(Raw->Distances[0].has_value());
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
}

// for (k = 0; k < n; k++) for (i = 0; i < n; i++) for (j = 0; j < n; j++)
//   A[i][j] = A[i][j] - A[i][k] * A[k][j];
// Row k and column k are written and read in the same k iteration.
TEST(Exactness, RowAndColumnKAllSequential) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 2);
  unsigned K = B.loop("k", 0, B.par(Np) - 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1, 1, K);
  unsigned J = B.loop("j", 0, B.par(Np) - 1, 1, I);
  unsigned S = B.stmt(J, 13);
  B.read(S, A, {B.it(I), B.it(J)});
  B.read(S, A, {B.it(I), B.it(K)});
  B.read(S, A, {B.it(K), B.it(J)});
  B.write(S, A, {B.it(I), B.it(J)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(K).K, LoopVerdict::Sequential);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
  EXPECT_EQ(DI.verdict(J).K, LoopVerdict::Sequential);
}

// LU without pivoting: the i and j loops inside k are parallel, k is not.
// for (k = 0; k < n; k++) {
//   for (i = k+1; i < n; i++) A[i][k] = A[i][k] / A[k][k];               // S1
//   for (i = k+1; i < n; i++) for (j = k+1; j < n; j++)
//     A[i][j] = A[i][j] - A[i][k] * A[k][j];                              // S2
// }
TEST(Exactness, LUInnerLoopsParallel) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 2);
  unsigned K = B.loop("k", 0, B.par(Np) - 1);
  unsigned I1 = B.loop("i", B.it(K) + 1, B.par(Np) - 1, 1, K);
  unsigned I2 = B.loop("i", B.it(K) + 1, B.par(Np) - 1, 1, K);
  unsigned J = B.loop("j", B.it(K) + 1, B.par(Np) - 1, 1, I2);
  unsigned S1 = B.stmt(I1, 13), S2 = B.stmt(J, 15);
  B.read(S1, A, {B.it(I1), B.it(K)});
  B.read(S1, A, {B.it(K), B.it(K)});
  B.write(S1, A, {B.it(I1), B.it(K)});
  B.read(S2, A, {B.it(I2), B.it(J)});
  B.read(S2, A, {B.it(I2), B.it(K)});
  B.read(S2, A, {B.it(K), B.it(J)});
  B.write(S2, A, {B.it(I2), B.it(J)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(K).K, LoopVerdict::Sequential);
  EXPECT_TRUE(DI.isParallel(I1));
  EXPECT_TRUE(DI.isParallel(I2));
  EXPECT_TRUE(DI.isParallel(J));
  // S1 feeds S2 within a k iteration; S2 feeds S1 of later k iterations.
  EXPECT_EQ(DI.distribution(K), (std::vector<std::vector<unsigned>>{{S1, S2}}));
}

// for (i = n-1; i >= 1; i--) A[i] = A[i-1];
// Downward: A[i-1] is read before iteration i-1 (which runs later) writes it.
TEST(Exactness, NegativeStepAntiDependence) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 1, B.par(Np) - 1, -1);
  unsigned S = B.stmt(I, 12);
  unsigned R = B.read(S, A, {B.it(I) - 1});
  unsigned W = B.write(S, A, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 1u);
  const Dependence *D = only(DI, R, W);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Kind, DepKind::WAR);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{LT}}));
  EXPECT_EQ(D->Distances[0], -1);
}

// for (i = n-1; i >= 0; i--) A[i] = A[i+1];   (true dependence going down)
TEST(Exactness, NegativeStepTrueDependence) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1, -1);
  unsigned S = B.stmt(I, 12);
  unsigned R = B.read(S, A, {B.it(I) + 1});
  unsigned W = B.write(S, A, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.dependences().size(), 1u);
  const Dependence *D = only(DI, W, R);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Kind, DepKind::RAW);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{LT}}));
  EXPECT_EQ(D->Distances[0], -1);
}

// for (i = 0; i < n; i++) for (j = n-1; j >= 0; j--) A[i][j] = A[i-1][j+1];
// In execution order j runs down, so the (<,>) of the upward nest is (<,<).
TEST(Exactness, NegativeStepInnerLoopAllowsInterchange) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 1, B.par(Np) - 1);
  unsigned J = B.loop("j", 0, B.par(Np) - 1, -1, I);
  unsigned S = B.stmt(J, 12);
  B.read(S, A, {B.it(I) - 1, B.it(J) + 1});
  B.write(S, A, {B.it(I), B.it(J)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(allVectors(DI), (std::set<DV>{{LT, LT}}));
  EXPECT_TRUE(DI.isLegalPermutation({I, J}, {J, I}));
}

// for (i = 0; i < n; i++) for (j = i; j < n; j += 2) A[j] = A[j-1];
// The stride's start depends on i: exact, and not a distance.
TEST(Exactness, StrideStartingAtOuterIterator) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned J = B.loop("j", B.it(I), B.par(Np) - 1, 2, I);
  unsigned S = B.stmt(J, 12);
  unsigned R = B.read(S, A, {B.it(J) - 1});
  unsigned W = B.write(S, A, {B.it(J)});
  DependenceInfo DI = analyzeDependences(B.N);
  // Same i: j and j-1 have different parities, no dependence. Different i:
  // RAW (<,*) from an earlier i, WAR (<,*) too.
  const Dependence *Raw = only(DI, W, R);
  ASSERT_TRUE(Raw);
  for (const DV &V : Raw->Directions)
    EXPECT_EQ(V[0], LT);
  EXPECT_TRUE(DI.isParallel(J));
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
}

// Division and remainder with C semantics in subscripts:
// for (i = -8; i < 8; i++) A[i / 4] = A[i % 4 + 100];   never the same element
TEST(Exactness, TruncatingDivisionAndRemainder) {
  NestBuilder B;
  unsigned A = B.array("A", 1);
  unsigned I = B.loop("i", -8, 7);
  unsigned S = B.stmt(I, 12);
  B.read(S, A, {B.it(I) % 4 + 100});
  unsigned W = B.write(S, A, {B.it(I) / 4});
  DependenceInfo DI = analyzeDependences(B.N);
  // Writes A[-2..1]; i/4 == 0 for i in -3..3 (truncation), so those
  // iterations all write A[0]: WAW (<).
  ASSERT_EQ(DI.dependences().size(), 1u);
  const Dependence *D = only(DI, W, W);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{LT}}));
}

//===----------------------------------------------------------------------===//
// Non-affine accesses and aliasing
//===----------------------------------------------------------------------===//

// for (i = 0; i < n; i++) A[idx[i]] = B[i];
TEST(MayDependences, IndirectWriteIsNeverParallel) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1), Idx = B.array("idx", 1), Bb = B.array("B", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.read(S, Idx, {B.it(I)});
  B.read(S, Bb, {B.it(I)});
  unsigned W = B.writeAny(S, A, "A[idx[i]]");
  DependenceInfo DI = analyzeDependences(B.N);
  const Dependence *D = only(DI, W, W);
  ASSERT_TRUE(D);
  EXPECT_TRUE(D->IsMay);
  EXPECT_EQ(D->Kind, DepKind::WAW);
  EXPECT_EQ(D->Directions, (std::vector<DV>{{LT}}));
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
  EXPECT_NE(DI.verdict(I).Reason.find("may: non-affine access A[idx[i]]"), std::string::npos)
      << DI.verdict(I).Reason;
}

// void f(float *a, float *b) { for (i = 0; i < n; i++) a[i] = b[i]; }
TEST(MayDependences, PossiblyAliasedPointers) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned Aa = B.array("a", 1, 7), Bb = B.array("b", 1, 7);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  unsigned R = B.read(S, Bb, {B.it(I)});
  unsigned W = B.write(S, Aa, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  const Dependence *Raw = only(DI, W, R), *War = only(DI, R, W);
  ASSERT_TRUE(Raw);
  ASSERT_TRUE(War);
  EXPECT_TRUE(Raw->IsMay);
  EXPECT_EQ(Raw->MayReason, "possible alias of a and b");
  EXPECT_EQ(Raw->Directions, (std::vector<DV>{{LT}}));
  EXPECT_EQ(War->Directions, (std::vector<DV>{{LT}, {EQ}}));
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
}

// The same with restrict pointers (different alias classes): parallel.
TEST(MayDependences, RestrictPointersAreIndependent) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned Aa = B.array("a", 1), Bb = B.array("b", 1);
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.read(S, Bb, {B.it(I)});
  B.write(S, Aa, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.dependences().empty());
  EXPECT_TRUE(DI.isParallel(I));
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

// float s; for (i = 0; i < n; i++) s += A[i];
TEST(Reductions, ScalarSum) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned Sum = B.scalar("s");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12, "s += A[i];");
  B.N.Statements[S].Body = assign("+=", scalarRef(Sum), arrayRef(A, iterRef(I)));
  B.readScalar(S, Sum);
  B.read(S, A, {B.it(I)});
  B.writeScalar(S, Sum);
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Reduction);
  ASSERT_EQ(DI.reductions(I).size(), 1u);
  EXPECT_EQ(DI.reductions(I)[0].Op, "+");
  EXPECT_EQ(DI.reductions(I)[0].Text, "s");
  EXPECT_EQ(DI.verdict(I).Reason, "s (+)");
}

// float s; for (i = 0; i < n; i++) { s += A[i]; B[i] = s; }   (a scan)
TEST(Reductions, ScanIsSequential) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1), Bb = B.array("B", 1);
  unsigned Sum = B.scalar("s");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S1 = B.stmt(I, 12), S2 = B.stmt(I, 13);
  B.N.Statements[S1].Body = assign("+=", scalarRef(Sum), arrayRef(A, iterRef(I)));
  B.readScalar(S1, Sum);
  B.read(S1, A, {B.it(I)});
  B.writeScalar(S1, Sum);
  B.N.Statements[S2].Body = assign("=", arrayRef(Bb, iterRef(I)), scalarRef(Sum));
  B.readScalar(S2, Sum);
  B.write(S2, Bb, {B.it(I)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
  EXPECT_TRUE(DI.reductions(I).empty());
}

// float m; for (i = 0; i < n; i++) m = fminf(m, A[i]);
TEST(Reductions, MinViaFminf) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned M = B.scalar("m");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.N.Statements[S].Body =
      assign("=", scalarRef(M), call("fminf", scalarRef(M), arrayRef(A, iterRef(I))));
  B.readScalar(S, M);
  B.read(S, A, {B.it(I)});
  B.writeScalar(S, M);
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Reduction);
  ASSERT_EQ(DI.reductions(I).size(), 1u);
  EXPECT_EQ(DI.reductions(I)[0].Op, "min");
}

// float m; for (i = 0; i < n; i++) m = m > A[i] ? m : A[i];
TEST(Reductions, MaxViaConditional) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned M = B.scalar("m");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.N.Statements[S].Body = assign(
      "=", scalarRef(M),
      conditional(binary(">", scalarRef(M), arrayRef(A, iterRef(I))), scalarRef(M),
                  arrayRef(A, iterRef(I))));
  B.readScalar(S, M);
  B.read(S, A, {B.it(I)});
  B.readScalar(S, M);
  B.read(S, A, {B.it(I)});
  B.writeScalar(S, M);
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.reductions(I).size(), 1u);
  EXPECT_EQ(DI.reductions(I)[0].Op, "max");
}

// float m; for (i = 0; i < n; i++) if (A[i] > m) m = A[i];
TEST(Reductions, MaxViaGuard) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned M = B.scalar("m");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.dataGuard(S, binary(">", arrayRef(A, iterRef(I)), scalarRef(M)));
  B.N.Statements[S].Body = assign("=", scalarRef(M), arrayRef(A, iterRef(I)));
  B.read(S, A, {B.it(I)});
  B.readScalar(S, M);
  B.read(S, A, {B.it(I)});
  B.writeScalar(S, M);
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Reduction) << DI.verdict(I).Reason;
  ASSERT_EQ(DI.reductions(I).size(), 1u);
  EXPECT_EQ(DI.reductions(I)[0].Op, "max");
}

// else branch: if (A[i] > m) {} else m = A[i];   is a min
TEST(Reductions, MinViaNegatedGuard) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned M = B.scalar("m");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.dataGuard(S, binary(">", arrayRef(A, iterRef(I)), scalarRef(M)), /*Negated=*/true);
  B.N.Statements[S].Body = assign("=", scalarRef(M), arrayRef(A, iterRef(I)));
  B.read(S, A, {B.it(I)});
  B.readScalar(S, M);
  B.read(S, A, {B.it(I)});
  B.writeScalar(S, M);
  DependenceInfo DI = analyzeDependences(B.N);
  ASSERT_EQ(DI.reductions(I).size(), 1u);
  EXPECT_EQ(DI.reductions(I)[0].Op, "min");
}

// float s; for (i = 0; i < n; i++) s = s * 2 + A[i];   (not a reduction)
TEST(Reductions, NonAssociativeUpdateIsSequential) {
  NestBuilder B;
  unsigned Np = B.param("n");
  unsigned A = B.array("A", 1);
  unsigned Sv = B.scalar("s");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S = B.stmt(I, 12);
  B.N.Statements[S].Body =
      assign("=", scalarRef(Sv),
             binary("+", binary("*", scalarRef(Sv), intLit(2)), arrayRef(A, iterRef(I))));
  B.readScalar(S, Sv);
  B.read(S, A, {B.it(I)});
  B.writeScalar(S, Sv);
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_EQ(DI.verdict(I).K, LoopVerdict::Sequential);
}

// for (i..M) for (j..N) for (k..U) C[i][j] += A[i][k] * B[k][j];
TEST(Reductions, MatrixMultiplyArrayElement) {
  NestBuilder B;
  unsigned Mp = B.param("M"), Np = B.param("N"), Up = B.param("U");
  unsigned A = B.array("A", 2), Bb = B.array("B", 2), C = B.array("C", 2);
  unsigned I = B.loop("i", 0, B.par(Mp) - 1);
  unsigned J = B.loop("j", 0, B.par(Np) - 1, 1, I);
  unsigned K = B.loop("k", 0, B.par(Up) - 1, 1, J);
  unsigned S = B.stmt(K, 14, "C[i][j] += A[i][k] * B[k][j];");
  B.N.Statements[S].Body =
      assign("+=", arrayRef(C, iterRef(I), iterRef(J)),
             binary("*", arrayRef(A, iterRef(I), iterRef(K)), arrayRef(Bb, iterRef(K), iterRef(J))));
  B.read(S, C, {B.it(I), B.it(J)}, "C[i][j]");
  B.read(S, A, {B.it(I), B.it(K)});
  B.read(S, Bb, {B.it(K), B.it(J)});
  B.write(S, C, {B.it(I), B.it(J)}, "C[i][j]");
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.isParallel(I));
  EXPECT_TRUE(DI.isParallel(J));
  EXPECT_EQ(DI.verdict(K).K, LoopVerdict::Reduction);
  ASSERT_EQ(DI.reductions(K).size(), 1u);
  EXPECT_EQ(DI.reductions(K)[0].Text, "C[i][j]");
  EXPECT_EQ(DI.reductions(K)[0].Op, "+");
  EXPECT_EQ(DI.legalPermutations().size(), 6u);
}

// matmul with a scalar accumulator declared inside j:
// for i for j { float tmp = 0; for k tmp += A[i][k]*B[k][j]; C[i][j] = tmp; }
TEST(Reductions, LectureMatMulWithLocalAccumulator) {
  NestBuilder B;
  unsigned Mp = B.param("M"), Np = B.param("N"), Up = B.param("U");
  unsigned A = B.array("A", 2), Bb = B.array("B", 2), C = B.array("C", 2);
  unsigned I = B.loop("i", 0, B.par(Mp) - 1);
  unsigned J = B.loop("j", 0, B.par(Np) - 1, 1, I);
  unsigned K = B.loop("k", 0, B.par(Up) - 1, 1, J);
  unsigned Tmp = B.scalar("tmp", {I, J});
  unsigned S1 = B.stmt(J, 13), S2 = B.stmt(K, 15), S3 = B.stmt(J, 16);
  B.N.Statements[S1].Body = assign("=", scalarRef(Tmp), intLit(0));
  B.writeScalar(S1, Tmp);
  B.N.Statements[S2].Body = assign("+=", scalarRef(Tmp), binary("*", arrayRef(A), arrayRef(Bb)));
  B.readScalar(S2, Tmp);
  B.read(S2, A, {B.it(I), B.it(K)});
  B.read(S2, Bb, {B.it(K), B.it(J)});
  B.writeScalar(S2, Tmp);
  B.readScalar(S3, Tmp);
  B.write(S3, C, {B.it(I), B.it(J)});
  DependenceInfo DI = analyzeDependences(B.N);
  EXPECT_TRUE(DI.isParallel(I));
  EXPECT_TRUE(DI.isParallel(J));
  EXPECT_EQ(DI.verdict(K).K, LoopVerdict::Reduction);
  EXPECT_EQ(DI.outermostBand(), (std::vector<unsigned>{I, J}));
}

// With no ISL budget at all every test falls back to the conservative
// answer: may-dependences with every direction vector the execution order
// allows. Never fewer than the exact analysis.
TEST(MayDependences, ExhaustedBudgetIsConservative) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 1, B.par(Np));
  unsigned J = B.loop("j", 1, B.par(Np), 1, I);
  unsigned S = B.stmt(J, 13);
  B.read(S, A, {B.it(I), B.it(J) + 5});
  B.write(S, A, {B.it(I), B.it(J)});
  DependenceInfo Exact = analyzeDependences(B.N);
  DependenceOptions Tiny;
  Tiny.MaxOperationsPerTest = 1;
  DependenceInfo Rough = analyzeDependences(B.N, Tiny);
  std::set<std::tuple<unsigned, unsigned, DV>> R;
  for (const Dependence &D : Rough.dependences()) {
    EXPECT_TRUE(D.IsMay);
    for (const DV &V : D.Directions)
      R.insert({D.SourceAccess, D.SinkAccess, V});
  }
  for (const Dependence &D : Exact.dependences())
    for (const DV &V : D.Directions)
      EXPECT_TRUE(R.count({D.SourceAccess, D.SinkAccess, V}));
  EXPECT_EQ(Exact.verdict(I).K, LoopVerdict::Parallel);
  EXPECT_EQ(Rough.verdict(I).K, LoopVerdict::Sequential);
  EXPECT_EQ(Rough.verdict(J).K, LoopVerdict::Sequential);
}

//===----------------------------------------------------------------------===//
// Clauses and printing
//===----------------------------------------------------------------------===//

TEST(Clauses, ParallelClauseOnSequentialLoopIsAnError) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 1, B.par(Np), 1, -1, 11);
  unsigned J = B.loop("j", 1, B.par(Np), 1, I, 12);
  unsigned S = B.stmt(J, 13);
  B.read(S, A, {B.it(I), B.it(J) - 1}, "A[i][j-1]");
  B.write(S, A, {B.it(I), B.it(J)}, "A[i][j]");
  B.clause(I, Clause::Kind::Parallel, {}, 10);
  B.clause(J, Clause::Kind::Parallel, {}, 10);
  DependenceInfo DI = analyzeDependences(B.N);
  CollectingDiagnostics Diags;
  checkParallelClauses(B.N, DI, Diags);
  ASSERT_EQ(Diags.errorCount(), 1u);
  ASSERT_EQ(Diags.Messages.size(), 3u);
  EXPECT_EQ(Diags.Messages[0],
            "10:20: error: loop 'j' is marked parallel but carries a RAW dependence D1 on 'A' "
            "from A[i][j] (13:9) to A[i][j-1] (13:5), direction (=,<)");
  EXPECT_EQ(Diags.Messages[1], "13:9: note: dependence source: A[i][j]");
  EXPECT_EQ(Diags.Messages[2], "13:5: note: dependence sink: A[i][j-1]");
}

TEST(Clauses, UserPrivateClauseDowngradesToWarning) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 1), Bb = B.array("B", 1);
  unsigned T = B.scalar("t");
  unsigned I = B.loop("i", 0, B.par(Np) - 1);
  unsigned S1 = B.stmt(I, 12), S2 = B.stmt(I, 13);
  B.dataGuard(S1, binary(">", arrayRef(A), intLit(0)));
  B.read(S1, A, {B.it(I)});
  B.writeScalar(S1, T);
  B.readScalar(S2, T);
  B.write(S2, Bb, {B.it(I)});
  B.clause(I, Clause::Kind::Parallel);
  B.clause(I, Clause::Kind::Private, {"t"});
  DependenceInfo DI = analyzeDependences(B.N);
  CollectingDiagnostics Diags;
  checkParallelClauses(B.N, DI, Diags);
  EXPECT_EQ(Diags.errorCount(), 0u);
  ASSERT_EQ(Diags.Messages.size(), 1u);
  EXPECT_NE(Diags.Messages[0].find("warning: loop 'i' is parallel only because 't'"),
            std::string::npos);
}

TEST(Printing, TextAndJSON) {
  NestBuilder B;
  unsigned Np = B.param("N");
  unsigned A = B.array("A", 2);
  unsigned I = B.loop("i", 1, B.par(Np), 1, -1, 11);
  unsigned J = B.loop("j", 1, B.par(Np), 1, I, 12);
  unsigned S = B.stmt(J, 13, "A[i][j] = A[i][j-1] + 1;");
  B.read(S, A, {B.it(I), B.it(J) - 1}, "A[i][j-1]");
  B.write(S, A, {B.it(I), B.it(J)}, "A[i][j]");
  DependenceInfo DI = analyzeDependences(B.N);
  std::string T = text(B.N, DI);
  EXPECT_NE(T.find("S1 (line 13): A[i][j] = A[i][j-1] + 1;"), std::string::npos) << T;
  EXPECT_NE(T.find("D1: S1 -> S1  RAW  A  (=,<)  line 13 -> line 13  [A[i][j] -> A[i][j-1]]  "
                   "distance (0,1)"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("loop i (line 11): parallel\n"), std::string::npos) << T;
  EXPECT_NE(T.find("loop j (line 12): sequential: RAW A[i][j] -> A[i][j-1] lines 13->13, "
                   "direction (=,<)"),
            std::string::npos)
      << T;
  EXPECT_NE(T.find("legal permutations of (i,j): (i,j) (j,i)"), std::string::npos) << T;

  Program P;
  P.File = "t.c";
  Nest &N = B.N;
  P.Nests.push_back(std::move(N));
  std::string J2;
  llvm::raw_string_ostream OS(J2);
  printDependencesJSON(P, {DI}, OS);
  OS.flush();
  auto Parsed = llvm::json::parse(J2);
  ASSERT_TRUE(bool(Parsed)) << J2;
  const llvm::json::Object *Root = Parsed->getAsObject();
  ASSERT_TRUE(Root);
  EXPECT_EQ(Root->getString("file"), "t.c");
  const llvm::json::Object *Nest0 = (*Root->getArray("nests"))[0].getAsObject();
  const llvm::json::Object *LoopJ = (*Nest0->getArray("loops"))[1].getAsObject();
  EXPECT_EQ(LoopJ->getString("verdict"), "sequential");
  EXPECT_EQ((*LoopJ->getArray("blocking"))[0].getAsString(), "D1");
  const llvm::json::Object *D1 = (*Nest0->getArray("dependences"))[0].getAsObject();
  EXPECT_EQ(D1->getString("kind"), "RAW");
  EXPECT_EQ(D1->getString("array"), "A");
  EXPECT_EQ((*(*D1->getArray("directions"))[0].getAsArray())[1].getAsString(), "<");
  EXPECT_EQ(Nest0->getArray("legal_permutations")->size(), 2u);
}

//===----------------------------------------------------------------------===//
// Timing (printed, not asserted)
//===----------------------------------------------------------------------===//

// A depth-4 nest with 10 statements over 4 arrays, stencil-like subscripts.
TEST(Timing, DepthFourTenStatements) {
  NestBuilder B;
  unsigned Np = B.param("n");
  std::vector<unsigned> Arr;
  for (const char *Name : {"A", "B", "C", "D"})
    Arr.push_back(B.array(Name, 3));
  unsigned L0 = B.loop("t", 0, B.par(Np) - 1);
  unsigned L1 = B.loop("i", 1, B.par(Np) - 2, 1, L0);
  unsigned L2 = B.loop("j", 1, B.par(Np) - 2, 1, L1);
  unsigned L3 = B.loop("k", 1, B.it(L2), 1, L2);
  Aff I = B.it(L1), J = B.it(L2), K = B.it(L3);
  for (unsigned S = 0; S < 10; ++S) {
    unsigned St = B.stmt(L3, 20 + S);
    unsigned W = Arr[S % 4], R1 = Arr[(S + 1) % 4], R2 = Arr[(S + 2) % 4];
    B.read(St, R1, {I + (int)(S % 3) - 1, J, K});
    B.read(St, R2, {I, J - 1, K + (int)(S % 2)});
    B.read(St, W, {I, J, K - 1});
    B.write(St, W, {I, J, K});
  }
  auto Start = std::chrono::steady_clock::now();
  DependenceInfo DI = analyzeDependences(B.N);
  double Secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
  std::printf("[ timing   ] depth-4 nest, 10 statements, %zu dependences: %.3f s\n",
              DI.dependences().size(), Secs);
  EXPECT_FALSE(DI.dependences().empty());
}

} // namespace
