//===- ReductionForms.cpp - Recognizing reduction statements ---------------===//
//
// See ReductionForms.h.
//
//===----------------------------------------------------------------------===//
#include "ReductionForms.h"

#include <utility>

namespace loopgpu {

namespace {

const Expr *strip(const Expr *E) {
  while (E && E->K == Expr::Kind::Cast && E->Ops.size() == 1)
    E = E->Ops[0].get();
  return E;
}

void walk(const Expr &E, const std::function<void(const Expr &)> &F) {
  F(E);
  for (const ExprPtr &O : E.Ops)
    if (O)
      walk(*O, F);
}

/// Does E read or write memory M (or an array that may alias it)?
bool refersTo(const Nest &N, const Expr &E, MemoryRef M) {
  bool Found = false;
  walk(E, [&](const Expr &X) {
    if (M.isScalar() && X.K == Expr::Kind::ScalarRef && X.Index == M.Index)
      Found = true;
    if (M.isArray() && X.K == Expr::Kind::ArrayRef && X.Index < N.Arrays.size() &&
        N.Arrays[X.Index].AliasClass == N.Arrays[M.Index].AliasClass)
      Found = true;
  });
  return Found;
}

/// No assignment, increment or decrement inside E.
bool isPure(const Expr &E) {
  bool Pure = true;
  walk(E, [&](const Expr &X) {
    if (X.K == Expr::Kind::Assign)
      Pure = false;
    if (X.K == Expr::Kind::Unary && (X.Op == "++pre" || X.Op == "--pre" || X.Op == "post++" ||
                                     X.Op == "post--"))
      Pure = false;
  });
  return Pure;
}

std::optional<MemoryRef> memoryOf(const Expr &X) {
  if (X.K == Expr::Kind::ScalarRef)
    return MemoryRef{Access::Target::Scalar, X.Index};
  if (X.K == Expr::Kind::ArrayRef)
    return MemoryRef{Access::Target::Array, X.Index};
  return std::nullopt;
}

/// Leaves of a chain of Op (for "+", also "-" and unary "-"), with their sign.
void flatten(const Expr *E, const std::string &Op, bool Negated,
             std::vector<std::pair<const Expr *, bool>> &Leaves) {
  E = strip(E);
  if (E->K == Expr::Kind::Binary && E->Ops.size() == 2 &&
      (E->Op == Op || (Op == "+" && E->Op == "-"))) {
    flatten(E->Ops[0].get(), Op, Negated, Leaves);
    flatten(E->Ops[1].get(), Op, E->Op == "-" ? !Negated : Negated, Leaves);
    return;
  }
  if (Op == "+" && E->K == Expr::Kind::Unary && E->Op == "-" && E->Ops.size() == 1) {
    flatten(E->Ops[0].get(), Op, !Negated, Leaves);
    return;
  }
  Leaves.push_back({E, Negated});
}

bool isComparison(const Expr *E) {
  return E && E->K == Expr::Kind::Binary && E->Ops.size() == 2 &&
         (E->Op == "<" || E->Op == "<=" || E->Op == ">" || E->Op == ">=");
}

std::string negatedComparison(const std::string &Op) {
  if (Op == "<") return ">=";
  if (Op == "<=") return ">";
  if (Op == ">") return "<=";
  return "<";
}

/// For a comparison `P op Q` that holds, which of P and Q is the smaller
/// one? Returns the operand index (0 or 1).
unsigned smallerWhenTrue(const std::string &Op) { return (Op == "<" || Op == "<=") ? 0 : 1; }

/// x op e (one application): the operator name if Value is a chain that uses
/// X exactly once, positively, and nothing else reads X's memory.
/// Reads of other elements of an array x (`x[i] = x[i] - L[i][j] * x[j]`):
/// the ArrayRefs of x's array (or one that may alias it) in E, if E is pure
/// and each of them is affine (so that its AccessId is its own access);
/// nullopt otherwise. They are not accesses of the reduction variable: the
/// dependence analysis proves them apart from it, or the reduction fails.
std::optional<std::vector<int>> otherElementReads(const Nest &N, const Expr &E, MemoryRef M) {
  if (!M.isArray() || !isPure(E))
    return std::nullopt;
  std::vector<int> Ids;
  bool OK = true;
  walk(E, [&](const Expr &X) {
    if (X.K != Expr::Kind::ArrayRef || X.Index >= N.Arrays.size() ||
        N.Arrays[X.Index].AliasClass != N.Arrays[M.Index].AliasClass)
      return;
    if (X.AccessId < 0 || !N.Accesses[X.AccessId].IsAffine)
      OK = false;
    Ids.push_back(X.AccessId);
  });
  if (!OK)
    return std::nullopt;
  return Ids;
}

std::optional<std::string> chainReduction(const Nest &N, const Expr &X, MemoryRef M, const Expr &Value,
                                          std::vector<int> &Others) {
  const Expr *V = strip(&Value);
  if (V->K != Expr::Kind::Binary)
    return std::nullopt;
  std::string Op = V->Op == "-" ? "+" : V->Op;
  if (Op != "+" && Op != "*" && Op != "&" && Op != "|" && Op != "^")
    return std::nullopt;
  std::vector<std::pair<const Expr *, bool>> Leaves;
  flatten(V, Op, false, Leaves);
  unsigned Uses = 0;
  std::vector<int> Found;
  for (auto &[Leaf, Neg] : Leaves) {
    if (sameExpr(*Leaf, X)) {
      if (Neg)
        return std::nullopt;
      ++Uses;
    } else if (refersTo(N, *Leaf, M)) {
      std::optional<std::vector<int>> Reads = Op == "+" || Op == "*" ? otherElementReads(N, *Leaf, M) : std::nullopt;
      if (!Reads)
        return std::nullopt;
      Found.insert(Found.end(), Reads->begin(), Reads->end());
    }
  }
  if (Uses != 1)
    return std::nullopt;
  Others.insert(Others.end(), Found.begin(), Found.end());
  return Op;
}

// The C library's fmin and fmax only: a function of the input named `min` or
// `max` (Nest::DeviceFunctions) means whatever its body says.
std::optional<std::string> callReduction(const Nest &N, const Expr &X, MemoryRef M,
                                         const Expr &Value) {
  const Expr *V = strip(&Value);
  if (V->K != Expr::Kind::Call || V->Ops.size() != 2)
    return std::nullopt;
  std::string Op;
  if (V->Name == "fminf" || V->Name == "fmin" || V->Name == "fminl")
    Op = "min";
  else if (V->Name == "fmaxf" || V->Name == "fmax" || V->Name == "fmaxl")
    Op = "max";
  else
    return std::nullopt;
  const Expr &A = *V->Ops[0], &B = *V->Ops[1];
  if (sameExpr(A, X) && !refersTo(N, B, M))
    return Op;
  if (sameExpr(B, X) && !refersTo(N, A, M))
    return Op;
  return std::nullopt;
}

/// Compare P op Q where {P, Q} = {X, E}: "min" if the selected value Chosen
/// is the smaller one when the comparison holds, else "max".
std::optional<std::string> selectReduction(const Nest &N, const Expr &X, MemoryRef M,
                                           const Expr *Cmp, const std::string &CmpOp,
                                           const Expr &E, const Expr &Chosen, std::vector<int> &Others) {
  const Expr &P = *Cmp->Ops[0], &Q = *Cmp->Ops[1];
  bool XFirst = sameExpr(P, X) && sameExpr(Q, E);
  bool XSecond = sameExpr(Q, X) && sameExpr(P, E);
  if (!XFirst && !XSecond)
    return std::nullopt;
  // x = e converting e to x's type (a double into a float) can leave x above
  // e, so that `e < x` holds again for the same e: the sequential order then
  // decides which equal candidate wins (an argmin's index), which a min/max
  // reduction does not keep. Only e of x's own type.
  if (!(strip(&E)->Type == strip(&X)->Type))
    return std::nullopt;
  if (!isPure(E))
    return std::nullopt;
  if (refersTo(N, E, M)) {
    // Other elements of x's array (nussinov: table[i][j] = table[i][j] >=
    // table[i][k] + table[k+1][j] ? ...): each copy of E, the compared one
    // and the chosen one, reads them; the dependence analysis proves them
    // apart from x or the reduction fails.
    std::optional<std::vector<int>> InCmp = otherElementReads(N, XFirst ? Q : P, M);
    std::optional<std::vector<int>> InValue = otherElementReads(N, E, M);
    if (!InCmp || !InValue)
      return std::nullopt;
    Others.insert(Others.end(), InCmp->begin(), InCmp->end());
    Others.insert(Others.end(), InValue->begin(), InValue->end());
  }
  const Expr &Smaller = smallerWhenTrue(CmpOp) == 0 ? P : Q;
  return sameExpr(Chosen, Smaller) ? std::string("min") : std::string("max");
}

/// A copy of E with the chain operand Prev (an operand after casts) left
/// out, i.e. replaced by the identity of the chain's operator: x + prev ->
/// x, prev - y -> -y, y - prev -> y, prev * y -> y. Null when E is Prev.
ExprPtr dropOperand(const Expr &E, const Expr *Prev) {
  if (strip(&E) == Prev)
    return nullptr;
  if (E.K == Expr::Kind::Binary && E.Ops.size() == 2) {
    bool Left = strip(E.Ops[0].get()) == Prev, Right = strip(E.Ops[1].get()) == Prev;
    if (Left && E.Op == "-") {
      auto Neg = std::make_unique<Expr>(Expr::Kind::Unary);
      Neg->Op = "-";
      Neg->Type = E.Ops[1]->Type;
      Neg->Loc = E.Loc;
      Neg->Ops.push_back(E.Ops[1]->clone());
      return Neg;
    }
    if (Left)
      return E.Ops[1]->clone();
    if (Right)
      return E.Ops[0]->clone();
  }
  auto C = std::make_unique<Expr>(E.K);
  C->Type = E.Type;
  C->Op = E.Op;
  C->Name = E.Name;
  C->Text = E.Text;
  C->IntValue = E.IntValue;
  C->FloatValue = E.FloatValue;
  C->Index = E.Index;
  C->AccessId = E.AccessId;
  C->Loc = E.Loc;
  for (const ExprPtr &O : E.Ops)
    C->Ops.push_back(dropOperand(*O, Prev));
  return C;
}

} // namespace

bool sameExpr(const Expr &A, const Expr &B) {
  const Expr *X = strip(&A), *Y = strip(&B);
  if (X->K != Y->K || X->Ops.size() != Y->Ops.size())
    return false;
  switch (X->K) {
  case Expr::Kind::IntLiteral:
    if (X->IntValue != Y->IntValue)
      return false;
    break;
  case Expr::Kind::FloatLiteral:
    if (X->FloatValue != Y->FloatValue)
      return false;
    break;
  case Expr::Kind::IteratorRef:
  case Expr::Kind::ParamRef:
  case Expr::Kind::ScalarRef:
  case Expr::Kind::ArrayRef:
    if (X->Index != Y->Index)
      return false;
    break;
  case Expr::Kind::Unary:
  case Expr::Kind::Binary:
  case Expr::Kind::Assign:
    if (X->Op != Y->Op)
      return false;
    break;
  case Expr::Kind::Call:
  case Expr::Kind::LocalRef:
  case Expr::Kind::LocalArray:
    if (X->Name != Y->Name)
      return false;
    break;
  case Expr::Kind::InitList:
    break;
  case Expr::Kind::Conditional:
  case Expr::Kind::Cast:
  case Expr::Kind::Block: case Expr::Kind::For: case Expr::Kind::While: case Expr::Kind::DoWhile:
  case Expr::Kind::IfElse: case Expr::Kind::Break: case Expr::Kind::Continue: case Expr::Kind::Empty:
    break;
  }
  for (size_t K = 0; K < X->Ops.size(); ++K) {
    if (!X->Ops[K] || !Y->Ops[K])
      return false;
    if (!sameExpr(*X->Ops[K], *Y->Ops[K]))
      return false;
  }
  return true;
}

std::optional<ReductionForm> recognizeReduction(const Nest &N, const Statement &S) {
  if (!S.Body)
    return std::nullopt;
  const Expr &Body = *S.Body;
  const Expr *X = nullptr;
  std::string Op;
  const Expr *PatternGuard = nullptr; // the guard of the `if (e < x) x = e;` form
  bool StrictGuard = false;
  std::vector<int> Others; // reads of other elements of x's array (otherElementReads)

  if (Body.K == Expr::Kind::Unary && Body.Ops.size() == 1 &&
      (Body.Op == "++pre" || Body.Op == "--pre" || Body.Op == "post++" || Body.Op == "post--")) {
    X = strip(Body.Ops[0].get());
    Op = "+";
  } else if (Body.K == Expr::Kind::Assign && Body.Ops.size() == 2) {
    X = strip(Body.Ops[0].get());
    const Expr &Value = *Body.Ops[1];
    auto M = memoryOf(*X);
    if (!M)
      return std::nullopt;
    if (Body.Op == "+=" || Body.Op == "-=")
      Op = "+";
    else if (Body.Op == "*=")
      Op = "*";
    else if (Body.Op == "&=" || Body.Op == "|=" || Body.Op == "^=")
      Op = Body.Op.substr(0, 1);
    if (!Op.empty()) {
      if (refersTo(N, Value, *M)) {
        std::optional<std::vector<int>> Reads =
            Op == "+" || Op == "*" ? otherElementReads(N, Value, *M) : std::nullopt;
        if (!Reads)
          return std::nullopt;
        Others = *Reads;
      }
    } else if (Body.Op == "=") {
      const Expr *V = strip(&Value);
      if (auto R = chainReduction(N, *X, *M, Value, Others)) {
        Op = *R;
      } else if (auto R = callReduction(N, *X, *M, Value)) {
        Op = *R;
      } else if (V->K == Expr::Kind::Conditional && V->Ops.size() == 3 &&
                 isComparison(strip(V->Ops[0].get()))) {
        const Expr *Cmp = strip(V->Ops[0].get());
        const Expr &T = *V->Ops[1], &F = *V->Ops[2];
        const Expr *E = sameExpr(T, *X) ? &F : sameExpr(F, *X) ? &T : nullptr;
        if (!E)
          return std::nullopt;
        auto R = selectReduction(N, *X, *M, Cmp, Cmp->Op, *E, T, Others);
        if (!R)
          return std::nullopt;
        Op = *R;
      } else {
        // `if (e < x) x = e;`: the innermost data-dependent guard compares x
        // with the assigned value.
        for (const Guard &G : S.Guards) {
          if (G.IsAffine || !G.Condition || !refersTo(N, *G.Condition, *M))
            continue;
          if (PatternGuard)
            return std::nullopt; // two guards read x
          const Expr *Cmp = strip(G.Condition);
          if (!isComparison(Cmp))
            return std::nullopt;
          std::string CmpOp = G.Negated ? negatedComparison(Cmp->Op) : Cmp->Op;
          std::vector<int> NoOthers; // the guarded form: E must not read x's array
          if (refersTo(N, Value, *M))
            return std::nullopt;
          auto R = selectReduction(N, *X, *M, Cmp, CmpOp, Value, Value, NoOthers);
          if (!R)
            return std::nullopt;
          Op = *R;
          PatternGuard = G.Condition;
          StrictGuard = CmpOp == "<" || CmpOp == ">";
        }
        if (!PatternGuard)
          return std::nullopt;
      }
    }
  }
  if (!X || Op.empty())
    return std::nullopt;
  auto M = memoryOf(*X);
  if (!M || !isPure(*X))
    return std::nullopt;
  // Data-dependent guards (other than the pattern's) must not read x.
  for (const Guard &G : S.Guards)
    if (!G.IsAffine && G.Condition && G.Condition != PatternGuard &&
        refersTo(N, *G.Condition, *M))
      return std::nullopt;

  // The statement's accesses of x (and of arrays that may alias it) must all
  // be x itself: same array, same subscripts.
  ReductionForm F;
  F.Memory = *M;
  F.Op = Op;
  F.Guard = PatternGuard;
  F.StrictGuard = StrictGuard;
  const Access *First = nullptr;
  bool HasWrite = false;
  for (unsigned Id : S.Accesses) {
    const Access &A = N.Accesses[Id];
    if (A.On != M->On)
      continue;
    if (std::find(Others.begin(), Others.end(), static_cast<int>(Id)) != Others.end())
      continue; // another element, read: not the variable
    if (M->isScalar() && A.Index != M->Index)
      continue;
    if (M->isArray() && N.Arrays[A.Index].AliasClass != N.Arrays[M->Index].AliasClass)
      continue;
    if (A.Index != M->Index)
      return std::nullopt;
    if (M->isArray()) {
      if (!First)
        First = &A;
      else if (A.IsAffine != First->IsAffine ||
               (A.IsAffine && A.Subscripts != First->Subscripts))
        return std::nullopt;
    }
    HasWrite |= A.IsWrite;
    F.Accesses.push_back(Id);
    if (A.IsWrite && F.Text.empty())
      F.Text = accessText(N, A);
  }
  if (!HasWrite)
    return std::nullopt;
  return F;
}

std::optional<MemoryRef> recognizeIndexUpdate(const Statement &S) {
  if (!S.Body || S.IsDeclaration || !S.isGuardedByData())
    return std::nullopt;
  const Expr &Body = *S.Body;
  if (Body.K != Expr::Kind::Assign || Body.Op != "=" || Body.Ops.size() != 2)
    return std::nullopt;
  const Expr *Y = strip(Body.Ops[0].get());
  const Expr &F = *Body.Ops[1];
  if (Y->K != Expr::Kind::ScalarRef || !isPure(F))
    return std::nullopt;
  bool ReadsMemory = false;
  walk(F, [&](const Expr &X) {
    ReadsMemory |= X.K == Expr::Kind::ScalarRef || X.K == Expr::Kind::ArrayRef;
  });
  if (ReadsMemory)
    return std::nullopt;
  return MemoryRef{Access::Target::Scalar, Y->Index};
}

std::optional<RecurrenceForm> recognizeRecurrence(const Nest &N, const Statement &S, unsigned Loop) {
  if (!S.Body || S.IsDeclaration || !S.Guards.empty() ||
      std::find(S.Loops.begin(), S.Loops.end(), Loop) == S.Loops.end() || N.Loops[Loop].Step != 1)
    return std::nullopt;
  const Expr &Body = *S.Body;
  if (Body.K != Expr::Kind::Assign || Body.Ops.size() != 2)
    return std::nullopt;
  const Expr *X = strip(Body.Ops[0].get());
  if (X->K != Expr::Kind::ArrayRef || X->AccessId < 0)
    return std::nullopt;
  // The store (a compound assignment's target also reads: its AccessId is
  // the first access it produced).
  const Access *Store = nullptr;
  for (unsigned Id : S.Accesses)
    if (N.Accesses[Id].IsWrite && N.Accesses[Id].isArray() && N.Accesses[Id].Index == X->Index)
      Store = Store ? nullptr : &N.Accesses[Id];
  if (!Store || !Store->IsAffine || !isPure(*X))
    return std::nullopt;
  const Access &W = *Store;
  const AffVar I = AffVar::iterator(Loop);
  std::optional<unsigned> Dim;
  for (unsigned D = 0; D < W.Subscripts.size(); ++D) {
    std::optional<LinearForm> F = W.Subscripts[D].linear();
    if (!F)
      return std::nullopt;
    int64_t C = F->coefficient(I);
    if (C == 0)
      continue;
    if (C != 1 || Dim)
      return std::nullopt;
    Dim = D;
  }
  if (!Dim)
    return std::nullopt;
  MemoryRef M{Access::Target::Array, X->Index};
  // X[f'] (Prev) and X[f] (Self) as read by the statement.
  auto SubscriptsOf = [&](const Expr &E) -> const Access * {
    const Expr *R = strip(&E);
    if (R->K != Expr::Kind::ArrayRef || R->Index != X->Index || R->AccessId < 0)
      return nullptr;
    const Access &A = N.Accesses[R->AccessId];
    return A.IsWrite || !A.IsAffine || A.Subscripts.size() != W.Subscripts.size() ? nullptr : &A;
  };
  auto IsSelf = [&](const Expr &E) {
    const Access *A = SubscriptsOf(E);
    return A && A->Subscripts == W.Subscripts;
  };
  auto IsPrev = [&](const Expr &E) {
    const Access *A = SubscriptsOf(E);
    if (!A)
      return false;
    for (unsigned D = 0; D < W.Subscripts.size(); ++D) {
      if (D == *Dim)
        continue;
      if (!(A->Subscripts[D] == W.Subscripts[D]))
        return false;
    }
    std::optional<LinearForm> Diff = AffExpr::sub(W.Subscripts[*Dim], A->Subscripts[*Dim]).linear();
    return Diff && Diff->isConstant() && Diff->Constant == 1;
  };
  // e reads X only as X[f] (and no array that may alias X otherwise).
  auto ReadsOnlySelf = [&](const Expr &E) {
    if (!isPure(E))
      return false;
    bool OK = true;
    walk(E, [&](const Expr &R) {
      if (R.K == Expr::Kind::ArrayRef && R.Index < N.Arrays.size() &&
          N.Arrays[R.Index].AliasClass == N.Arrays[X->Index].AliasClass && !IsSelf(R))
        OK = false;
    });
    return OK;
  };

  RecurrenceForm F;
  F.Array = X->Index;
  F.Dim = *Dim;
  F.Store = W.Id;
  const Expr &Value = *Body.Ops[1];
  const Expr *V = strip(&Value);
  std::string Compound = Body.Op == "=" ? "" : Body.Op.substr(0, Body.Op.size() - 1);
  if (!Compound.empty() || (V->K == Expr::Kind::Binary && (V->Op == "+" || V->Op == "-" || V->Op == "*"))) {
    // Chains: X[f] op= R is X[f] op R.
    std::string Op = Compound.empty() ? (V->Op == "*" ? "*" : "+") : (Compound == "*" ? "*" : "+");
    if (!Compound.empty() && Compound != "+" && Compound != "-" && Compound != "*")
      return std::nullopt;
    std::vector<std::pair<const Expr *, bool>> Leaves;
    flatten(&Value, Op, Compound == "-", Leaves);
    const Expr *Prev = nullptr;
    for (auto &[Leaf, Neg] : Leaves) {
      if (IsPrev(*Leaf)) {
        if (Neg || Prev)
          return std::nullopt;
        Prev = Leaf;
      } else if (!ReadsOnlySelf(*Leaf)) {
        return std::nullopt;
      }
    }
    if (!Prev)
      return std::nullopt;
    ExprPtr Rest = dropOperand(Value, Prev);
    if (Compound.empty()) {
      F.Element = std::move(Rest);
    } else if (!Rest) {
      F.Element = X->clone();
    } else {
      auto B = std::make_unique<Expr>(Expr::Kind::Binary);
      B->Op = Compound;
      B->Type = Body.Type;
      B->Loc = Body.Loc;
      B->Ops.push_back(X->clone());
      B->Ops.push_back(std::move(Rest));
      F.Element = std::move(B);
    }
    F.Op = Op;
  } else if (V->K == Expr::Kind::Call && V->Ops.size() == 2) {
    if (V->Name == "fminf" || V->Name == "fmin" || V->Name == "fminl")
      F.Op = "min";
    else if (V->Name == "fmaxf" || V->Name == "fmax" || V->Name == "fmaxl")
      F.Op = "max";
    else
      return std::nullopt;
    const Expr &A = *V->Ops[0], &B = *V->Ops[1];
    const Expr *E = IsPrev(A) ? &B : IsPrev(B) ? &A : nullptr;
    if (!E || IsPrev(*E) || !ReadsOnlySelf(*E))
      return std::nullopt;
    F.Element = E->clone();
  } else if (V->K == Expr::Kind::Conditional && V->Ops.size() == 3 && isComparison(strip(V->Ops[0].get()))) {
    const Expr *Cmp = strip(V->Ops[0].get());
    const Expr &P = *Cmp->Ops[0], &Q = *Cmp->Ops[1], &T = *V->Ops[1], &Fl = *V->Ops[2];
    const Expr *E = IsPrev(P) ? &Q : IsPrev(Q) ? &P : nullptr;
    if (!E || IsPrev(*E) || !ReadsOnlySelf(*E))
      return std::nullopt;
    bool TPrev = IsPrev(T);
    if (!(TPrev ? sameExpr(Fl, *E) : (IsPrev(Fl) && sameExpr(T, *E))))
      return std::nullopt;
    const Expr &Smaller = smallerWhenTrue(Cmp->Op) == 0 ? P : Q;
    F.Op = sameExpr(T, Smaller) ? "min" : "max";
    F.Element = E->clone();
  } else {
    return std::nullopt;
  }
  if (!F.Element)
    return std::nullopt;
  for (unsigned Id : S.Accesses) {
    const Access &A = N.Accesses[Id];
    if (A.isArray() && N.Arrays[A.Index].AliasClass == N.Arrays[M.Index].AliasClass)
      F.Accesses.push_back(Id);
  }
  return F;
}

} // namespace loopgpu
