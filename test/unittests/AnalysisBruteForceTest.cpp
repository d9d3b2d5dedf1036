//===- AnalysisBruteForceTest.cpp - Exactness against execution traces ------===//
//
// Random small nests with constant bounds (so that the exact analysis has no
// parameter to quantify over) are run by a tiny interpreter that records
// every access in execution order. Every pair of accesses to the same element
// (one a write) is a dependence instance; its source is the earlier one. The
// analysis must report exactly the (source access, sink access, direction
// vector) triples the trace shows, and a constant distance exactly when every
// instance has the same iterator difference.
//
//===----------------------------------------------------------------------===//
#include "AnalysisTestUtil.h"

#include "loopgpu/Analysis/Dependences.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <tuple>

using namespace loopgpu;
using namespace loopgpu::testutil;

namespace {

using Env = std::map<unsigned, int64_t>; // loop id -> iterator value; ParamKey + id -> value
constexpr unsigned ParamKey = 1000;

int64_t eval(const AffExpr &E, const Env &V) {
  switch (E.kind()) {
  case AffExpr::Kind::Constant: return E.constantValue();
  case AffExpr::Kind::Var:
    return V.at(E.variable().isParam() ? ParamKey + E.variable().Index : E.variable().Index);
  case AffExpr::Kind::Add: return eval(E.operands()[0], V) + eval(E.operands()[1], V);
  case AffExpr::Kind::Mul: return eval(E.operands()[0], V) * E.factor();
  case AffExpr::Kind::Div: return eval(E.operands()[0], V) / E.factor(); // C truncation
  case AffExpr::Kind::Rem: return eval(E.operands()[0], V) % E.factor();
  case AffExpr::Kind::Min: return std::min(eval(E.operands()[0], V), eval(E.operands()[1], V));
  case AffExpr::Kind::Max: return std::max(eval(E.operands()[0], V), eval(E.operands()[1], V));
  }
  return 0;
}

bool eval(const AffCond &C, const Env &V) {
  switch (C.kind()) {
  case AffCond::Kind::True: return true;
  case AffCond::Kind::Compare: {
    int64_t L = eval(C.lhs(), V), R = eval(C.rhs(), V);
    switch (C.op()) {
    case AffCond::CmpOp::LT: return L < R;
    case AffCond::CmpOp::LE: return L <= R;
    case AffCond::CmpOp::GT: return L > R;
    case AffCond::CmpOp::GE: return L >= R;
    case AffCond::CmpOp::EQ: return L == R;
    case AffCond::CmpOp::NE: return L != R;
    }
    return false;
  }
  case AffCond::Kind::And: return eval(C.operands()[0], V) && eval(C.operands()[1], V);
  case AffCond::Kind::Or: return eval(C.operands()[0], V) || eval(C.operands()[1], V);
  case AffCond::Kind::Not: return !eval(C.operands()[0], V);
  }
  return false;
}

/// The loop tree the generator builds: a body is a list of items, each a
/// statement or a loop with its own body.
struct Item {
  bool IsLoop;
  unsigned Id;
  std::vector<Item> Body;
};

struct Event {
  unsigned Access;
  Env Iters;
};

class Generator {
public:
  explicit Generator(unsigned Seed, bool UseParam = false) : Rng(Seed), UseParam(UseParam) {}
  NestBuilder B;
  std::vector<Item> Root;

  void build() {
    for (unsigned K = 0; K < 2; ++K)
      Arrays.push_back(B.array(K ? "B" : "A", 1 + pick(0, 1)));
    Scalar = B.scalar("s");
    if (UseParam)
      Param = B.param("n");
    std::vector<unsigned> Stack;
    Root.push_back(loop(-1, Stack, 0));
  }

private:
  std::mt19937 Rng;
  std::vector<unsigned> Arrays;
  unsigned Scalar = 0;
  bool UseParam;
  unsigned Param = 0;

  int pick(int Lo, int Hi) { return std::uniform_int_distribution<int>(Lo, Hi)(Rng); }

  Aff randomIter(const std::vector<unsigned> &Stack) {
    return B.it(Stack[pick(0, Stack.size() - 1)]);
  }

  Aff subscript(const std::vector<unsigned> &Stack) {
    Aff E = pick(-3, 3);
    if (UseParam && pick(0, 3) == 0)
      E = E + pick(-1, 1) * B.par(Param);
    for (unsigned L : Stack) {
      int C = pick(-2, 2);
      if (C)
        E = E + C * B.it(L);
    }
    switch (pick(0, 7)) {
    case 0: return E / pick(2, 3);
    case 1: return E % pick(2, 3);
    default: return E;
    }
  }

  Item loop(int Parent, std::vector<unsigned> &Stack, unsigned Depth) {
    Aff Lo = pick(-2, 1), Hi = pick(2, 5);
    if (UseParam && pick(0, 1))
      Hi = B.par(Param) + pick(-1, 1);
    else if (UseParam && pick(0, 2) == 0)
      Lo = B.par(Param) - pick(0, 3);
    if (!Stack.empty()) {
      switch (pick(0, 4)) {
      case 0: Lo = randomIter(Stack); break;                  // triangular
      case 1: Hi = randomIter(Stack) + pick(0, 2); break;     // triangular
      case 2: Hi = min(Hi, randomIter(Stack) + 2); break;
      case 3: Lo = max(Lo, randomIter(Stack) - 1); break;
      default: break;
      }
    }
    static const int Steps[] = {1, 1, 1, 2, -1, -1, -2, 3};
    unsigned L = B.loop("i" + std::to_string(B.N.Loops.size()), Lo, Hi, Steps[pick(0, 7)], Parent);
    Stack.push_back(L);
    Item It{true, L, {}};
    unsigned Items = pick(1, 3);
    for (unsigned K = 0; K < Items; ++K) {
      if (Depth < 2 && pick(0, 2) == 0)
        It.Body.push_back(loop(L, Stack, Depth + 1));
      else
        It.Body.push_back(statement(L, Stack));
    }
    Stack.pop_back();
    return It;
  }

  Item statement(unsigned Loop, const std::vector<unsigned> &Stack) {
    unsigned S = B.stmt(Loop, 100 + B.N.Statements.size());
    if (pick(0, 3) == 0) {
      AffCond C = AffCond::compare(randomIter(Stack), pick(0, 1) ? AffCond::CmpOp::LT
                                                                  : AffCond::CmpOp::NE,
                                   AffExpr::constant(pick(0, 3)));
      if (pick(0, 1))
        C = AffCond::negate(C);
      B.affineGuard(S, C);
    }
    auto ArrayAccess = [&](bool Write) {
      unsigned A = Arrays[pick(0, Arrays.size() - 1)];
      std::vector<Aff> Subs;
      for (unsigned D = 0; D < B.N.Arrays[A].rank(); ++D)
        Subs.push_back(subscript(Stack));
      return Write ? B.write(S, A, Subs) : B.read(S, A, Subs);
    };
    unsigned Reads = pick(0, 2);
    for (unsigned K = 0; K < Reads; ++K)
      ArrayAccess(false);
    if (pick(0, 4) == 0)
      B.readScalar(S, Scalar);
    if (pick(0, 5) == 0)
      B.writeScalar(S, Scalar);
    else
      ArrayAccess(true);
    return Item{false, S, {}};
  }
};

/// Runs the nest, appending the accesses in execution order.
void run(const Nest &N, const std::vector<Item> &Body, Env &V, std::vector<Event> &Trace) {
  for (const Item &It : Body) {
    if (!It.IsLoop) {
      const Statement &S = N.Statements[It.Id];
      bool Runs = true;
      for (const Guard &G : S.Guards)
        Runs &= eval(G.Cond, V);
      if (!Runs)
        continue;
      for (bool Writes : {false, true})
        for (unsigned A : S.Accesses)
          if (N.Accesses[A].IsWrite == Writes)
            Trace.push_back({A, V});
      continue;
    }
    const Loop &L = N.Loops[It.Id];
    int64_t Lo = eval(L.Lower, V), Hi = eval(L.Upper, V);
    if (L.Step > 0)
      for (int64_t I = Lo; I <= Hi; I += L.Step) {
        V[L.Id] = I;
        run(N, It.Body, V, Trace);
      }
    else
      for (int64_t I = Hi; I >= Lo; I += L.Step) {
        V[L.Id] = I;
        run(N, It.Body, V, Trace);
      }
    V.erase(L.Id);
  }
}

std::vector<int64_t> element(const Nest &N, const Event &E) {
  const Access &A = N.Accesses[E.Access];
  std::vector<int64_t> R{A.isArray() ? 0 : 1, A.Index};
  for (const AffExpr &S : A.Subscripts)
    R.push_back(eval(S, E.Iters));
  return R;
}

TEST(BruteForce, RandomAffineNestsAreExact) {
  unsigned Checked = 0, WithDeps = 0, Privatizations = 0;
  for (unsigned Seed = 1; Seed <= 300; ++Seed) {
    Generator G(Seed);
    G.build();
    const Nest &N = G.B.N;
    std::vector<Event> Trace;
    Env V;
    run(N, G.Root, V, Trace);

    // Expected: (source access, sink access) -> direction vectors, and the
    // set of iterator differences per common loop.
    using Key = std::pair<unsigned, unsigned>;
    std::map<Key, std::set<DirectionVector>> Expected;
    std::map<Key, std::vector<std::set<int64_t>>> Deltas;
    std::map<std::vector<int64_t>, std::vector<size_t>> ByElement;
    for (size_t K = 0; K < Trace.size(); ++K)
      ByElement[element(N, Trace[K])].push_back(K);
    for (auto &[Elem, Events] : ByElement)
      for (size_t X = 0; X < Events.size(); ++X)
        for (size_t Y = X + 1; Y < Events.size(); ++Y) {
          const Event &Src = Trace[Events[X]], &Snk = Trace[Events[Y]];
          const Access &A = N.Accesses[Src.Access], &Bc = N.Accesses[Snk.Access];
          if (!A.IsWrite && !Bc.IsWrite)
            continue;
          std::vector<unsigned> Common = N.commonLoops(A.Stmt, Bc.Stmt);
          DirectionVector Dir;
          std::vector<int64_t> Delta;
          for (unsigned L : Common) {
            int64_t D = Snk.Iters.at(L) - Src.Iters.at(L);
            Delta.push_back(D);
            int64_t Exec = N.Loops[L].Step > 0 ? D : -D;
            Dir.push_back(Exec > 0 ? Direction::LT : Exec == 0 ? Direction::EQ : Direction::GT);
          }
          Key K{Src.Access, Snk.Access};
          Expected[K].insert(Dir);
          auto &Ds = Deltas[K];
          Ds.resize(Delta.size());
          for (size_t P = 0; P < Delta.size(); ++P)
            Ds[P].insert(Delta[P]);
        }

    DependenceInfo DI = analyzeDependences(N);
    std::map<Key, std::set<DirectionVector>> Got;
    for (const Dependence &D : DI.dependences()) {
      Key K{D.SourceAccess, D.SinkAccess};
      EXPECT_FALSE(D.IsMay) << "seed " << Seed;
      Got[K].insert(D.Directions.begin(), D.Directions.end());
      auto It = Deltas.find(K);
      if (It == Deltas.end())
        continue;
      for (size_t P = 0; P < D.Distances.size(); ++P) {
        bool Constant = It->second[P].size() == 1;
        EXPECT_EQ(D.Distances[P].has_value(), Constant) << "seed " << Seed << " " << D.name();
        if (Constant && D.Distances[P]) {
          EXPECT_EQ(*D.Distances[P], *It->second[P].begin()) << "seed " << Seed;
        }
      }
    }
    EXPECT_EQ(Got, Expected) << "seed " << Seed;

    // Privatization: every read of the memory inside the loop is preceded
    // by a write of the same element in the same iteration (of the loop and
    // the loops around it); for last-private, every iteration writes every
    // element any iteration writes.
    for (const Loop &L : N.Loops)
      for (const Privatization &P : DI.privatizable(L.Id)) {
        ++Privatizations;
        auto Prefix = [&](const Event &E) {
          std::vector<int64_t> R;
          for (int K = static_cast<int>(L.Id); K >= 0; K = N.Loops[K].Parent)
            R.insert(R.begin(), E.Iters.at(K));
          return R;
        };
        std::set<std::pair<std::vector<int64_t>, std::vector<int64_t>>> Written;
        std::map<std::vector<int64_t>, std::set<std::vector<int64_t>>> WrittenBy;
        std::set<std::vector<int64_t>> AllWritten;
        for (const Event &E : Trace) {
          const Access &A = N.Accesses[E.Access];
          if (MemoryRef::of(A) != P.Memory || !E.Iters.count(L.Id))
            continue;
          auto Elem = element(N, E);
          if (A.IsWrite) {
            Written.insert({Prefix(E), Elem});
            WrittenBy[Prefix(E)].insert(Elem);
            AllWritten.insert(Elem);
          } else {
            EXPECT_TRUE(Written.count({Prefix(E), Elem})) << "seed " << Seed;
          }
        }
        if (P.LastPrivate) {
          for (auto &[Iteration, Elems] : WrittenBy) {
            if (Iteration.size() == 1) { // outermost loop: one set of iterations
              EXPECT_EQ(Elems, AllWritten) << "seed " << Seed;
            }
          }
        }
      }
    ++Checked;
    WithDeps += !Expected.empty();
  }
  std::printf("[ brute    ] %u random nests checked, %u with dependences, %u privatizations\n",
              Checked, WithDeps, Privatizations);
}

// With a parameter n in bounds and subscripts, the analysis covers every
// value of n: each dependence the trace shows for some n must be reported.
TEST(BruteForce, RandomParametricNestsAreSound) {
  unsigned Checked = 0;
  for (unsigned Seed = 1000; Seed < 1150; ++Seed) {
    Generator G(Seed, /*UseParam=*/true);
    G.build();
    const Nest &N = G.B.N;
    DependenceInfo DI = analyzeDependences(N);
    std::set<std::tuple<unsigned, unsigned, DirectionVector>> Got;
    for (const Dependence &D : DI.dependences())
      for (const DirectionVector &Dir : D.Directions)
        Got.insert({D.SourceAccess, D.SinkAccess, Dir});
    for (int64_t Nv = -1; Nv <= 6; ++Nv) {
      std::vector<Event> Trace;
      Env V;
      V[ParamKey] = Nv;
      run(N, G.Root, V, Trace);
      std::map<std::vector<int64_t>, std::vector<size_t>> ByElement;
      for (size_t K = 0; K < Trace.size(); ++K)
        ByElement[element(N, Trace[K])].push_back(K);
      for (auto &[Elem, Events] : ByElement)
        for (size_t X = 0; X < Events.size(); ++X)
          for (size_t Y = X + 1; Y < Events.size(); ++Y) {
            const Event &Src = Trace[Events[X]], &Snk = Trace[Events[Y]];
            const Access &A = N.Accesses[Src.Access], &Bc = N.Accesses[Snk.Access];
            if (!A.IsWrite && !Bc.IsWrite)
              continue;
            DirectionVector Dir;
            for (unsigned L : N.commonLoops(A.Stmt, Bc.Stmt)) {
              int64_t D = Snk.Iters.at(L) - Src.Iters.at(L);
              int64_t Exec = N.Loops[L].Step > 0 ? D : -D;
              Dir.push_back(Exec > 0 ? Direction::LT : Exec == 0 ? Direction::EQ : Direction::GT);
            }
            EXPECT_TRUE(Got.count({Src.Access, Snk.Access, Dir}))
                << "seed " << Seed << " n=" << Nv << " A" << Src.Access << "->A" << Snk.Access
                << " " << str(Dir);
          }
    }
    ++Checked;
  }
  std::printf("[ brute    ] %u random parametric nests checked\n", Checked);
}

} // namespace
