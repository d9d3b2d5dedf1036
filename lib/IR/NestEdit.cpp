//===- NestEdit.cpp - Editing the loop-nest IR safely ----------------------===//
#include "loopgpu/IR/NestEdit.h"

#include <algorithm>
#include <cassert>
#include <functional>

namespace loopgpu {

//===----------------------------------------------------------------------===//
// Copying
//===----------------------------------------------------------------------===//

static NodePtr cloneNode(const Node &Nd, std::map<const Expr *, const Expr *> &Conditions) {
  auto C = std::make_unique<Node>(Nd.K);
  C->Id = Nd.Id;
  C->IsAffine = Nd.IsAffine;
  C->Cond = Nd.Cond;
  if (Nd.Condition) {
    C->Condition = Nd.Condition->clone();
    Conditions[Nd.Condition.get()] = C->Condition.get();
  }
  C->Loc = Nd.Loc;
  for (const NodePtr &B : Nd.Body)
    C->Body.push_back(cloneNode(*B, Conditions));
  for (const NodePtr &B : Nd.Else)
    C->Else.push_back(cloneNode(*B, Conditions));
  return C;
}

// Field by field: Nest is move-only (it owns expression trees and the loop
// tree). A field added to Nest must be added here too.
Nest cloneNest(const Nest &N) {
  Nest C;
  C.Function = N.Function;
  C.ReturnType = N.ReturnType;
  C.FunctionParams = N.FunctionParams;
  C.Ordinal = N.Ordinal;
  C.Loc = N.Loc;
  C.BeginOffset = N.BeginOffset;
  C.EndOffset = N.EndOffset;
  C.PragmaLineOffset = N.PragmaLineOffset;
  C.BodyBeginOffset = N.BodyBeginOffset;
  C.BodyEndOffset = N.BodyEndOffset;
  C.Clauses = N.Clauses;
  C.Params = N.Params;
  C.Arrays = N.Arrays;
  C.Scalars = N.Scalars;
  C.Members = N.Members;
  C.Loops = N.Loops;
  C.Accesses = N.Accesses;
  C.Transforms = N.Transforms;
  C.ConditionalInside = N.ConditionalInside;
  C.Version = N.Version;
  C.VersionOf = N.VersionOf;
  C.ApartArrays = N.ApartArrays;
  C.DeviceFunctions = N.DeviceFunctions;
  std::map<const Expr *, const Expr *> Conditions;
  for (const NodePtr &Nd : N.Root)
    C.Root.push_back(cloneNode(*Nd, Conditions));
  for (const Statement &S : N.Statements) {
    Statement T;
    T.Id = S.Id;
    T.Loops = S.Loops;
    T.Guards = S.Guards;
    for (Guard &G : T.Guards)
      if (G.Condition) {
        auto It = Conditions.find(G.Condition);
        if (It != Conditions.end())
          G.Condition = It->second;
      }
    T.Accesses = S.Accesses;
    T.Body = S.Body ? S.Body->clone() : nullptr;
    T.IsDeclaration = S.IsDeclaration;
    T.Loc = S.Loc;
    T.Text = S.Text;
    T.Origin = S.Origin;
    C.Statements.push_back(std::move(T));
  }
  return C;
}

//===----------------------------------------------------------------------===//
// Consistency
//===----------------------------------------------------------------------===//

namespace {
struct Finalizer {
  Nest &N;
  std::vector<unsigned> Order;    ///< old statement ids in textual order
  std::vector<Node *> StmtNodes;  ///< their nodes
  std::vector<unsigned> Path;
  std::vector<Guard> Guards;

  void walk(std::vector<NodePtr> &Nodes) {
    for (NodePtr &Nd : Nodes) {
      switch (Nd->K) {
      case Node::Kind::Loop: {
        Loop &L = N.Loops[Nd->Id];
        L.Parent = Path.empty() ? -1 : static_cast<int>(Path.back());
        L.Depth = Path.size();
        Path.push_back(Nd->Id);
        walk(Nd->Body);
        Path.pop_back();
        break;
      }
      case Node::Kind::If: {
        Guard G;
        G.Loc = Nd->Loc;
        G.IsAffine = Nd->IsAffine;
        if (Nd->IsAffine)
          G.Cond = Nd->Cond;
        else
          G.Condition = Nd->Condition.get();
        Guards.push_back(G);
        walk(Nd->Body);
        Guards.pop_back();
        if (!Nd->Else.empty()) {
          Guards.push_back(G.negated());
          walk(Nd->Else);
          Guards.pop_back();
        }
        break;
      }
      case Node::Kind::Stmt: {
        Statement &S = N.Statements[Nd->Id];
        S.Loops = Path;
        S.Guards = Guards;
        Order.push_back(Nd->Id);
        StmtNodes.push_back(Nd.get());
        break;
      }
      }
    }
  }
};
} // namespace

void finalizeNest(Nest &N, bool DropDetached) {
  Finalizer F{N, {}, {}, {}, {}};
  F.walk(N.Root);
  assert((DropDetached || F.Order.size() == N.Statements.size()) && "a statement is not in the tree");

  std::vector<Statement> Stmts;
  std::vector<Access> Accs;
  std::map<unsigned, unsigned> AccessMap;
  for (unsigned K = 0; K < F.Order.size(); ++K) {
    Statement S = std::move(N.Statements[F.Order[K]]);
    S.Id = K;
    F.StmtNodes[K]->Id = K;
    for (unsigned &A : S.Accesses) {
      Access X = N.Accesses[A];
      X.Id = Accs.size();
      X.Stmt = K;
      AccessMap[A] = X.Id;
      A = X.Id;
      Accs.push_back(X);
    }
    if (S.Body)
      S.Body->walk([&](Expr &E) {
        if (E.AccessId >= 0) {
          auto It = AccessMap.find(static_cast<unsigned>(E.AccessId));
          E.AccessId = It == AccessMap.end() ? -1 : static_cast<int>(It->second);
        }
      });
    Stmts.push_back(std::move(S));
  }
  N.Statements = std::move(Stmts);
  N.Accesses = std::move(Accs);
  for (ScalarInfo &S : N.Scalars)
    if (S.declaredInside())
      S.DeclDepth = static_cast<int>(S.DeclLoops.size());
}

std::string verifyNest(const Nest &N) {
  std::string Problems;
  auto Bad = [&](const std::string &M) { Problems += M + "\n"; };
  std::vector<unsigned> LoopSeen(N.Loops.size(), 0), StmtSeen(N.Statements.size(), 0);
  std::vector<unsigned> Path;
  int LastStmt = -1;
  auto UsesOnly = [&](const AffExpr &E, const std::set<unsigned> &Allowed, const std::string &What) {
    E.forEachVar([&](AffVar V) {
      if (V.isIterator() && !Allowed.count(V.Index))
        Bad(What + " uses the iterator of loop " + std::to_string(V.Index) + ", which does not enclose it");
      if (V.isParam() && V.Index >= N.Params.size())
        Bad(What + " uses an unknown parameter");
    });
  };
  std::function<void(const std::vector<NodePtr> &)> Walk = [&](const std::vector<NodePtr> &Nodes) {
    for (const NodePtr &Nd : Nodes) {
      std::set<unsigned> Enclosing(Path.begin(), Path.end());
      switch (Nd->K) {
      case Node::Kind::Loop: {
        if (Nd->Id >= N.Loops.size()) {
          Bad("a loop node has id " + std::to_string(Nd->Id));
          break;
        }
        const Loop &L = N.Loops[Nd->Id];
        ++LoopSeen[L.Id];
        std::string Name = "loop " + std::to_string(L.Id) + " (" + L.Iterator + ")";
        if (L.Parent != (Path.empty() ? -1 : static_cast<int>(Path.back())) || L.Depth != Path.size())
          Bad(Name + ": parent or depth disagrees with the tree");
        if (L.Step == 0)
          Bad(Name + ": step 0");
        UsesOnly(L.Lower, Enclosing, Name + "'s lower bound");
        UsesOnly(L.Upper, Enclosing, Name + "'s upper bound");
        Path.push_back(L.Id);
        Walk(Nd->Body);
        Path.pop_back();
        if (!Nd->Else.empty())
          Bad(Name + ": a loop node has an else branch");
        break;
      }
      case Node::Kind::If: {
        if (Nd->IsAffine)
          Nd->Cond.forEachVar([&](AffVar V) {
            if (V.isIterator() && !Enclosing.count(V.Index))
              Bad("an if condition uses the iterator of a loop that does not enclose it");
          });
        if (!Nd->Condition)
          Bad("an if node has no condition expression");
        Walk(Nd->Body);
        Walk(Nd->Else);
        break;
      }
      case Node::Kind::Stmt: {
        if (Nd->Id >= N.Statements.size()) {
          Bad("a statement node has id " + std::to_string(Nd->Id));
          break;
        }
        const Statement &S = N.Statements[Nd->Id];
        ++StmtSeen[S.Id];
        std::string Name = S.name();
        if (static_cast<int>(S.Id) <= LastStmt)
          Bad(Name + ": statement ids are not in textual order");
        LastStmt = static_cast<int>(S.Id);
        if (S.Loops != Path)
          Bad(Name + ": its loops disagree with the tree");
        std::set<unsigned> Own;
        for (unsigned A : S.Accesses) {
          if (A >= N.Accesses.size()) {
            Bad(Name + ": access id out of range");
            continue;
          }
          Own.insert(A);
          const Access &X = N.Accesses[A];
          if (X.Stmt != S.Id)
            Bad(Name + ": access " + std::to_string(A) + " belongs to another statement");
          for (const AffExpr &E : X.Subscripts)
            UsesOnly(E, Enclosing, Name + ": subscript of " + X.Text);
          if (X.isArray() && X.IsAffine && X.Index < N.Arrays.size() &&
              X.Subscripts.size() != N.Arrays[X.Index].rank())
            Bad(Name + ": " + X.Text + " has " + std::to_string(X.Subscripts.size()) +
                " subscripts for an array of rank " + std::to_string(N.Arrays[X.Index].rank()));
          if (X.isScalar() && X.Index < N.Scalars.size() && N.Scalars[X.Index].declaredInside()) {
            const auto &D = N.Scalars[X.Index].DeclLoops;
            if (D.size() > Path.size() || !std::equal(D.begin(), D.end(), Path.begin()))
              Bad(Name + ": '" + N.Scalars[X.Index].Name + "' is used outside the loops it is declared in");
          }
          if (X.isArray() && X.Index < N.Arrays.size() && N.Arrays[X.Index].isTemporary()) {
            const auto &D = N.Arrays[X.Index].AllocLoops;
            if (D.size() > Path.size() || !std::equal(D.begin(), D.end(), Path.begin()))
              Bad(Name + ": '" + N.Arrays[X.Index].Name + "' is used outside the loops it is allocated in");
          }
        }
        if (S.Body)
          S.Body->walk([&](const Expr &E) {
            if (E.AccessId >= 0 && !Own.count(static_cast<unsigned>(E.AccessId)))
              Bad(Name + ": an expression links to an access of another statement");
            if (E.K == Expr::Kind::IteratorRef && !Enclosing.count(E.Index))
              Bad(Name + ": uses the iterator of a loop that does not enclose it");
          });
        break;
      }
      }
    }
  };
  Walk(N.Root);
  for (unsigned L = 0; L < N.Loops.size(); ++L)
    if (LoopSeen[L] != 1)
      Bad("loop " + std::to_string(L) + " (" + N.Loops[L].Iterator + ") is in the tree " +
          std::to_string(LoopSeen[L]) + " times");
  for (unsigned S = 0; S < N.Statements.size(); ++S)
    if (StmtSeen[S] != 1)
      Bad("statement " + N.Statements[S].name() + " is in the tree " + std::to_string(StmtSeen[S]) + " times");
  unsigned Next = 0;
  for (const Statement &S : N.Statements)
    for (unsigned A : S.Accesses)
      if (A != Next++) {
        Bad("access ids are not in statement order");
        return Problems;
      }
  if (Next != N.Accesses.size())
    Bad("some accesses belong to no statement");
  return Problems;
}

//===----------------------------------------------------------------------===//
// Finding things
//===----------------------------------------------------------------------===//

static bool findIn(std::vector<NodePtr> &Nodes, unsigned LoopId, LoopPlace &P) {
  for (size_t K = 0; K < Nodes.size(); ++K) {
    Node &Nd = *Nodes[K];
    if (Nd.K == Node::Kind::Loop && Nd.Id == LoopId) {
      P.Siblings = &Nodes;
      P.Index = K;
      P.Nd = &Nd;
      return true;
    }
    if (findIn(Nd.Body, LoopId, P) || findIn(Nd.Else, LoopId, P))
      return true;
  }
  return false;
}

LoopPlace findLoop(Nest &N, unsigned LoopId) {
  LoopPlace P;
  findIn(N.Root, LoopId, P);
  return P;
}

const Node *findLoopNode(const Nest &N, unsigned LoopId) {
  return findLoop(const_cast<Nest &>(N), LoopId).Nd;
}

std::vector<unsigned> enclosingLoops(const Nest &N, unsigned L) {
  std::vector<unsigned> R;
  for (int P = N.Loops[L].Parent; P >= 0; P = N.Loops[P].Parent)
    R.insert(R.begin(), static_cast<unsigned>(P));
  return R;
}

static void collect(const std::vector<NodePtr> &Nodes, std::vector<unsigned> *Stmts,
                    std::vector<unsigned> *Loops) {
  for (const NodePtr &Nd : Nodes) {
    if (Nd->K == Node::Kind::Stmt && Stmts)
      Stmts->push_back(Nd->Id);
    if (Nd->K == Node::Kind::Loop && Loops)
      Loops->push_back(Nd->Id);
    collect(Nd->Body, Stmts, Loops);
    collect(Nd->Else, Stmts, Loops);
  }
}

std::vector<unsigned> statementsUnder(const Node &LoopNode) {
  std::vector<unsigned> R;
  collect(LoopNode.Body, &R, nullptr);
  return R;
}

std::vector<unsigned> loopsUnder(const Node &LoopNode) {
  std::vector<unsigned> R;
  collect(LoopNode.Body, nullptr, &R);
  return R;
}

std::vector<unsigned> perfectChain(const Nest &N, unsigned L) {
  std::vector<unsigned> R;
  const Node *Nd = findLoopNode(N, L);
  while (Nd) {
    R.push_back(Nd->Id);
    if (Nd->Body.size() != 1 || Nd->Body[0]->K != Node::Kind::Loop)
      break;
    Nd = Nd->Body[0].get();
  }
  return R;
}

std::string freshName(const Nest &N, const std::string &Base) {
  std::set<std::string> Used;
  for (const ParamInfo &P : N.Params)
    Used.insert(P.Name);
  for (const ArrayInfo &A : N.Arrays)
    Used.insert(A.Name);
  for (const ScalarInfo &S : N.Scalars)
    Used.insert(S.Name);
  for (const Loop &L : N.Loops)
    Used.insert(L.Iterator);
  for (const FunctionParam &P : N.FunctionParams)
    Used.insert(P.Name);
  // Names the C printer uses for its helpers.
  Used.insert("loopgpu_min");
  Used.insert("loopgpu_max");
  if (!Used.count(Base))
    return Base;
  for (unsigned K = 2;; ++K) {
    std::string Name = Base + "_" + std::to_string(K);
    if (!Used.count(Name))
      return Name;
  }
}

std::string loopLabel(const Nest &N, unsigned L) {
  const Loop &Lp = N.Loops[L];
  std::string S = Lp.Iterator;
  if (Lp.Loc.isValid())
    S += " (line " + std::to_string(Lp.Loc.Line) + ")";
  return S;
}

//===----------------------------------------------------------------------===//
// Iterations
//===----------------------------------------------------------------------===//

AffExpr tripCount(const Loop &L) {
  int64_t S = L.Step < 0 ? -L.Step : L.Step;
  return AffExpr::add(AffExpr::div(AffExpr::sub(L.Upper, L.Lower), S), AffExpr::constant(1));
}

AffExpr iterationIndex(const Loop &L, const AffExpr &It) {
  if (L.Step > 0)
    return AffExpr::div(AffExpr::sub(It, L.Lower), L.Step);
  return AffExpr::div(AffExpr::sub(L.Upper, It), -L.Step);
}

AffExpr lastIterationIndex(const Loop &L) {
  int64_t S = L.Step < 0 ? -L.Step : L.Step;
  return AffExpr::div(AffExpr::sub(L.Upper, L.Lower), S);
}

AffCond isLastIteration(const Loop &L, const AffExpr &It) {
  if (L.Step == 1)
    return AffCond::compare(It, AffCond::CmpOp::EQ, L.Upper);
  if (L.Step == -1)
    return AffCond::compare(It, AffCond::CmpOp::EQ, L.Lower);
  AffExpr Next = AffExpr::add(It, AffExpr::constant(L.Step));
  if (L.Step > 0)
    return AffCond::compare(Next, AffCond::CmpOp::GE, plusConstant(L.Upper, 1));
  return AffCond::compare(Next, AffCond::CmpOp::LT, L.Lower);
}

AffCond runsAtLeastOnce(const Loop &L) {
  return AffCond::compare(L.Lower, AffCond::CmpOp::LT, plusConstant(L.Upper, 1));
}

AffExpr plusConstant(const AffExpr &E, int64_t C) {
  if (C == 0)
    return E;
  if (E.kind() == AffExpr::Kind::Min)
    return AffExpr::min(plusConstant(E.operands()[0], C), plusConstant(E.operands()[1], C));
  if (E.kind() == AffExpr::Kind::Max)
    return AffExpr::max(plusConstant(E.operands()[0], C), plusConstant(E.operands()[1], C));
  return AffExpr::add(E, AffExpr::constant(C));
}

bool usesAnyIterator(const AffExpr &E, const std::set<unsigned> &Loops) {
  bool Uses = false;
  E.forEachVar([&](AffVar V) { Uses |= V.isIterator() && Loops.count(V.Index); });
  return Uses;
}

//===----------------------------------------------------------------------===//
// Building expressions and statements
//===----------------------------------------------------------------------===//

static ExprPtr intLiteral(int64_t V) {
  auto E = std::make_unique<Expr>(Expr::Kind::IntLiteral);
  E->IntValue = V;
  E->Text = std::to_string(V);
  E->Type = ScalarType::intType();
  return E;
}

static ExprPtr binary(const std::string &Op, ExprPtr A, ExprPtr B) {
  auto E = std::make_unique<Expr>(Expr::Kind::Binary);
  E->Op = Op;
  E->Type = A->Type;
  E->Ops.push_back(std::move(A));
  E->Ops.push_back(std::move(B));
  return E;
}

ExprPtr exprFromAff(const Nest &N, const AffExpr &X) {
  using K = AffExpr::Kind;
  const auto &Ops = X.operands();
  switch (X.kind()) {
  case K::Constant:
    return intLiteral(X.constantValue());
  case K::Var: {
    AffVar V = X.variable();
    auto E = std::make_unique<Expr>(V.isIterator() ? Expr::Kind::IteratorRef : Expr::Kind::ParamRef);
    E->Index = V.Index;
    E->Type = V.isIterator() ? N.Loops[V.Index].IteratorType : N.Params[V.Index].Type;
    return E;
  }
  case K::Add: {
    const AffExpr &R = Ops[1];
    if (R.isConstant() && R.constantValue() < 0)
      return binary("-", exprFromAff(N, Ops[0]), intLiteral(-R.constantValue()));
    if (R.kind() == K::Mul && R.factor() < 0)
      return binary("-", exprFromAff(N, Ops[0]),
                    exprFromAff(N, AffExpr::mul(R.operands()[0], -R.factor())));
    return binary("+", exprFromAff(N, Ops[0]), exprFromAff(N, R));
  }
  case K::Mul: {
    if (X.factor() == -1) {
      auto E = std::make_unique<Expr>(Expr::Kind::Unary);
      E->Op = "-";
      E->Ops.push_back(exprFromAff(N, Ops[0]));
      E->Type = E->Ops[0]->Type;
      return E;
    }
    return binary("*", intLiteral(X.factor()), exprFromAff(N, Ops[0]));
  }
  case K::Div:
    return binary("/", exprFromAff(N, Ops[0]), intLiteral(X.factor()));
  case K::Rem:
    return binary("%", exprFromAff(N, Ops[0]), intLiteral(X.factor()));
  case K::FloorDiv: {
    // a >= 0 ? a / b : -((-a + b - 1) / b), C's division rounded down.
    auto E = std::make_unique<Expr>(Expr::Kind::Conditional);
    E->Ops.push_back(binary(">=", exprFromAff(N, Ops[0]), intLiteral(0)));
    E->Ops.push_back(binary("/", exprFromAff(N, Ops[0]), intLiteral(X.factor())));
    auto Neg = std::make_unique<Expr>(Expr::Kind::Unary);
    Neg->Op = "-";
    Neg->Ops.push_back(binary("/", exprFromAff(N, AffExpr::add(AffExpr::mul(Ops[0], -1),
                                                               AffExpr::constant(X.factor() - 1))),
                              intLiteral(X.factor())));
    Neg->Type = Neg->Ops[0]->Type;
    E->Ops.push_back(std::move(Neg));
    E->Type = E->Ops[1]->Type;
    return E;
  }
  case K::Min:
  case K::Max: {
    auto E = std::make_unique<Expr>(Expr::Kind::Conditional);
    E->Ops.push_back(binary(X.kind() == K::Min ? "<" : ">", exprFromAff(N, Ops[0]),
                            exprFromAff(N, Ops[1])));
    E->Ops.push_back(exprFromAff(N, Ops[0]));
    E->Ops.push_back(exprFromAff(N, Ops[1]));
    E->Type = E->Ops[1]->Type;
    return E;
  }
  }
  return intLiteral(0);
}

ExprPtr exprFromCond(const Nest &N, const AffCond &C) {
  switch (C.kind()) {
  case AffCond::Kind::True:
    return intLiteral(1);
  case AffCond::Kind::Compare:
    return binary(spelling(C.op()), exprFromAff(N, C.lhs()), exprFromAff(N, C.rhs()));
  case AffCond::Kind::And:
    return binary("&&", exprFromCond(N, C.operands()[0]), exprFromCond(N, C.operands()[1]));
  case AffCond::Kind::Or:
    return binary("||", exprFromCond(N, C.operands()[0]), exprFromCond(N, C.operands()[1]));
  case AffCond::Kind::Not: {
    auto E = std::make_unique<Expr>(Expr::Kind::Unary);
    E->Op = "!";
    E->Ops.push_back(exprFromCond(N, C.operands()[0]));
    E->Type = ScalarType::intType();
    return E;
  }
  }
  return intLiteral(1);
}

ExprPtr scalarRefExpr(const Nest &N, unsigned Scalar) {
  auto E = std::make_unique<Expr>(Expr::Kind::ScalarRef);
  E->Index = Scalar;
  E->Type = N.Scalars[Scalar].Type;
  return E;
}

ExprPtr arrayRefExpr(const Nest &N, unsigned Array, const std::vector<AffExpr> &Subscripts) {
  auto E = std::make_unique<Expr>(Expr::Kind::ArrayRef);
  E->Index = Array;
  E->Type = N.Arrays[Array].ElementType;
  for (const AffExpr &S : Subscripts)
    E->Ops.push_back(exprFromAff(N, S));
  return E;
}

ExprPtr assignExpr(const std::string &Op, ExprPtr Target, ExprPtr Value) {
  auto E = std::make_unique<Expr>(Expr::Kind::Assign);
  E->Op = Op;
  E->Type = Target->Type;
  E->Ops.push_back(std::move(Target));
  E->Ops.push_back(std::move(Value));
  return E;
}

Access scalarAccess(const Nest &N, unsigned Scalar, bool IsWrite, SourceLoc Loc) {
  Access A;
  A.On = Access::Target::Scalar;
  A.Index = Scalar;
  A.IsWrite = IsWrite;
  A.Loc = Loc;
  A.Text = N.Scalars[Scalar].Name;
  return A;
}

Access arrayAccess(const Nest &N, unsigned Array, const std::vector<AffExpr> &Subscripts,
                   bool IsWrite, SourceLoc Loc) {
  Access A;
  A.On = Access::Target::Array;
  A.Index = Array;
  A.IsWrite = IsWrite;
  A.Subscripts = Subscripts;
  A.Loc = Loc;
  A.Text = N.Arrays[Array].Name;
  for (const AffExpr &S : Subscripts)
    A.Text += "[" + S.str(N.namer()) + "]";
  return A;
}

NodePtr addStatement(Nest &N, ExprPtr Body, std::vector<Access> Accesses, SourceLoc Loc,
                     const std::string &Origin) {
  Statement S;
  S.Id = N.Statements.size();
  S.Loc = Loc;
  S.Origin = Origin;
  unsigned Offset = N.Accesses.size();
  Body->walk([&](Expr &E) {
    if (E.AccessId >= 0)
      E.AccessId += Offset;
  });
  for (Access &A : Accesses) {
    A.Id = N.Accesses.size();
    A.Stmt = S.Id;
    if (A.isScalar() && A.IsWrite)
      N.Scalars[A.Index].IsWritten = true;
    S.Accesses.push_back(A.Id);
    N.Accesses.push_back(A);
  }
  S.Body = std::move(Body);
  auto Nd = std::make_unique<Node>(Node::Kind::Stmt);
  Nd->Id = S.Id;
  Nd->Loc = Loc;
  N.Statements.push_back(std::move(S));
  return Nd;
}

unsigned addLoop(Nest &N, const std::string &Iterator, ScalarType Type, AffExpr Lower,
                 AffExpr Upper, int64_t Step, SourceLoc Loc, LoopOrigin Origin) {
  Loop L;
  L.Id = N.Loops.size();
  L.Iterator = Iterator;
  L.IteratorType = Type;
  L.Lower = std::move(Lower);
  L.Upper = std::move(Upper);
  L.Step = Step;
  L.Loc = Loc;
  L.Origin = std::move(Origin);
  N.Loops.push_back(L);
  return L.Id;
}

NodePtr loopNode(const Nest &N, unsigned L) {
  auto Nd = std::make_unique<Node>(Node::Kind::Loop);
  Nd->Id = L;
  Nd->Loc = N.Loops[L].Loc;
  return Nd;
}

NodePtr ifNode(const Nest &N, const AffCond &C, SourceLoc Loc) {
  auto Nd = std::make_unique<Node>(Node::Kind::If);
  Nd->IsAffine = true;
  Nd->Cond = C;
  Nd->Condition = exprFromCond(N, C);
  Nd->Loc = Loc;
  return Nd;
}

static void rewriteExpr(ExprPtr &E, const std::function<ExprPtr(const Expr &)> &F) {
  if (E->K == Expr::Kind::ScalarRef || E->K == Expr::Kind::ArrayRef)
    if (ExprPtr R = F(*E)) {
      E = std::move(R);
      return;
    }
  for (ExprPtr &O : E->Ops)
    rewriteExpr(O, F);
}

static void rewriteNodes(Nest &N, std::vector<NodePtr> &Nodes,
                         const std::function<ExprPtr(const Expr &)> &F) {
  for (NodePtr &Nd : Nodes)
    rewriteRefs(N, *Nd, F);
}

void rewriteRefs(Nest &N, Node &Nd, const std::function<ExprPtr(const Expr &)> &F) {
  switch (Nd.K) {
  case Node::Kind::Stmt:
    if (N.Statements[Nd.Id].Body)
      rewriteExpr(N.Statements[Nd.Id].Body, F);
    return;
  case Node::Kind::If:
    // Guards point at the condition; finalizeNest points them at the new one.
    if (Nd.Condition)
      rewriteExpr(Nd.Condition, F);
    rewriteNodes(N, Nd.Body, F);
    rewriteNodes(N, Nd.Else, F);
    return;
  case Node::Kind::Loop:
    rewriteNodes(N, Nd.Body, F);
    return;
  }
}

void substituteInAccess(Access &A, const std::function<AffExpr(AffVar)> &F) {
  for (AffExpr &E : A.Subscripts)
    E = E.substitute(F);
  for (std::optional<AffExpr> &E : A.Partial)
    if (E)
      E = E->substitute(F);
  if (A.Bounded) {
    for (AffExpr &E : A.Bounded->Subscripts)
      E = E.substitute(F);
    for (AffCond &C : A.Bounded->Conditions)
      C = C.substitute(F);
  }
}

void renameLoops(Nest &N, Node &Nd, const std::map<unsigned, unsigned> &Map) {
  auto Sub = [&](AffVar V) {
    if (V.isIterator())
      if (auto It = Map.find(V.Index); It != Map.end())
        return AffExpr::iterator(It->second);
    return AffExpr::var(V);
  };
  auto Refs = [&](Expr &E) {
    E.walk([&](Expr &X) {
      if (X.K == Expr::Kind::IteratorRef)
        if (auto It = Map.find(X.Index); It != Map.end())
          X.Index = It->second;
    });
  };
  switch (Nd.K) {
  case Node::Kind::Loop: {
    Loop &L = N.Loops[Nd.Id];
    L.Lower = L.Lower.substitute(Sub);
    L.Upper = L.Upper.substitute(Sub);
    break;
  }
  case Node::Kind::If:
    Nd.Cond = Nd.Cond.substitute(Sub);
    if (Nd.Condition)
      Refs(*Nd.Condition);
    break;
  case Node::Kind::Stmt: {
    Statement &S = N.Statements[Nd.Id];
    if (S.Body)
      Refs(*S.Body);
    for (unsigned A : S.Accesses)
      substituteInAccess(N.Accesses[A], Sub);
    break;
  }
  }
  for (NodePtr &C : Nd.Body)
    renameLoops(N, *C, Map);
  for (NodePtr &C : Nd.Else)
    renameLoops(N, *C, Map);
}

void recordTransform(Nest &N, const std::string &Name, const std::string &Description,
                     SourceLoc Loc, bool Requested, std::vector<unsigned> Lines) {
  AppliedTransform T;
  T.Name = Name;
  T.Description = Description;
  T.Loc = Loc;
  T.Requested = Requested;
  T.SourceLines = std::move(Lines);
  N.Transforms.push_back(std::move(T));
}

} // namespace loopgpu
