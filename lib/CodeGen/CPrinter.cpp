//===- CPrinter.cpp - The transformed program as C99 (-emit=c) -------------===//
#include "loopgpu/CodeGen/CPrinter.h"
#include "loopgpu/IR/ExprPrinter.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>

namespace loopgpu {

namespace {

const char *MinName = "loopgpu_min";
const char *MaxName = "loopgpu_max";

/// E + C with C pushed into min / max operands, so that the exclusive bound
/// of `i <= min(ii + 31, n - 1)` prints as `i < min(ii + 32, n)`.
AffExpr plus(const AffExpr &E, int64_t C) {
  if (E.kind() == AffExpr::Kind::Min)
    return AffExpr::min(plus(E.operands()[0], C), plus(E.operands()[1], C));
  if (E.kind() == AffExpr::Kind::Max)
    return AffExpr::max(plus(E.operands()[0], C), plus(E.operands()[1], C));
  return AffExpr::add(E, AffExpr::constant(C));
}

std::string join(const std::vector<std::string> &Parts, const std::string &Sep) {
  std::string S;
  for (size_t K = 0; K < Parts.size(); ++K)
    S += (K ? Sep : "") + Parts[K];
  return S;
}

class CNestPrinter {
public:
  CNestPrinter(const Nest &N, const DependenceInfo &DI, unsigned Indent)
      : N(N), DI(DI), EP(N), Base(Indent) {
    // Which statements mention which scalars (declarations go before the
    // first mention).
    for (const Access &A : N.Accesses)
      if (A.isScalar())
        Used.insert(A.Index);
  }

  std::string print() {
    line(0, "{ /* loopgpu: nest at line " + std::to_string(N.Loc.Line) + " of " + N.Function + "() */");
    if (N.Transforms.empty()) {
      line(1, "/* no transformation applied */");
    } else {
      line(1, "/* transformations applied, in order:");
      for (size_t K = 0; K < N.Transforms.size(); ++K) {
        const AppliedTransform &T = N.Transforms[K];
        std::string Why = T.Requested ? "requested" : "default choice";
        if (T.Requested && T.Loc.isValid())
          Why += " at line " + std::to_string(T.Loc.Line);
        line(1, " *   " + std::to_string(K + 1) + ". " + T.Description + " [" + Why + "]");
      }
      line(1, " */");
    }
    for (const MemberBinding &B : N.Members)
      line(1, B.declaration() + " = " + B.Member + "; /* " +
                  (B.Derived  ? "a product of parameters in a bound, computed once before the nest"
                   : B.Written ? "the member as a variable of the nest, stored back after it"
                               : "the member read once, before the nest") +
                  " -- line " + std::to_string(B.Loc.Line) + " */");
    body(N.Root, -1, 1);
    for (const MemberBinding &B : N.Members)
      if (B.Written)
        line(1, B.Member + " = " + B.Name + ";");
    line(0, "}");
    return Out;
  }

private:
  const Nest &N;
  const DependenceInfo &DI;
  ExprPrinter EP;
  unsigned Base;
  std::string Out;
  std::set<unsigned> Used;

  void line(unsigned Depth, const std::string &Text) {
    Out += std::string(Base + 2 * Depth, ' ') + Text + "\n";
  }

  /// Affine expressions are of integers: an unsigned iterator in one is
  /// read as a number (min(k, m - 1) at m = 0 is -1; C's `k < m - 1` in the
  /// min macro would convert -1 to a huge unsigned value: fuzz case 1462667).
  std::string aff(const AffExpr &E) const {
    return E.str(
        [this](AffVar V) {
          std::string Name = N.nameOf(V);
          return V.isIterator() && N.Loops[V.Index].IteratorType.IsUnsigned ? "(long long)" + Name : Name;
        },
        MinName, MaxName);
  }

  /// Does a statement in Nd's subtree access scalar S?
  bool mentions(const Node &Nd, unsigned S) const {
    if (Nd.K == Node::Kind::Stmt) {
      for (unsigned A : N.Statements[Nd.Id].Accesses)
        if (N.Accesses[A].isScalar() && N.Accesses[A].Index == S)
          return true;
      return false;
    }
    for (const NodePtr &C : Nd.Body)
      if (mentions(*C, S))
        return true;
    for (const NodePtr &C : Nd.Else)
      if (mentions(*C, S))
        return true;
    return false;
  }

  /// The body of loop Owner (-1: the nest's top level), declarations first.
  void body(const std::vector<NodePtr> &Nodes, int Owner, unsigned Depth) {
    std::set<unsigned> InlineDecl; // statement ids printed as declarations
    for (unsigned S = 0; S < N.Scalars.size(); ++S) {
      const ScalarInfo &SI = N.Scalars[S];
      if (!SI.declaredInside() || !Used.count(S))
        continue;
      int Innermost = SI.DeclLoops.empty() ? -1 : static_cast<int>(SI.DeclLoops.back());
      if (Innermost != Owner)
        continue;
      // `T x = e;` in place if the first node mentioning x is that statement.
      const Node *First = nullptr;
      for (const NodePtr &Nd : Nodes)
        if (mentions(*Nd, S)) {
          First = Nd.get();
          break;
        }
      if (First && First->K == Node::Kind::Stmt) {
        const Statement &St = N.Statements[First->Id];
        if (St.IsDeclaration && St.Body->K == Expr::Kind::Assign &&
            St.Body->Ops[0]->K == Expr::Kind::ScalarRef && St.Body->Ops[0]->Index == S) {
          InlineDecl.insert(St.Id);
          continue;
        }
      }
      std::string Decl = SI.Type.str() + " " + SI.Name + ";";
      if (!SI.Origin.empty())
        Decl += " /* " + SI.Origin + " */";
      line(Depth, Decl);
    }
    std::vector<std::string> Frees;
    if (Owner == -1)
      for (const ArrayInfo &A : N.Arrays)
        if (!A.HoistedDecl.empty())
          line(Depth, A.HoistedDecl + " /* line " + std::to_string(A.Loc.Line) +
                          ": declared in the nest, the same in every iteration */");
    for (const ArrayInfo &A : N.Arrays) {
      if (!A.isTemporary())
        continue;
      int Innermost = A.AllocLoops.empty() ? -1 : static_cast<int>(A.AllocLoops.back());
      if (Innermost != Owner)
        continue;
      line(Depth, "/* " + A.Name + ": " + A.Origin + " */");
      line(Depth, allocation(A));
      Frees.push_back("free(" + A.Name + ");");
    }
    for (const NodePtr &Nd : Nodes)
      node(*Nd, Depth, InlineDecl);
    for (const std::string &F : Frees)
      line(Depth, F);
  }

  /// An extent to allocate: at least 1 (a loop that runs no iteration has a
  /// trip count <= 0, and a variably modified type needs a positive size).
  std::string extent(const AffExpr &E) const {
    if (E.isConstant())
      return std::to_string(std::max<int64_t>(E.constantValue(), 1));
    return std::string(MaxName) + "(" + aff(E) + ", 1)";
  }

  std::string allocation(const ArrayInfo &A) const {
    std::string T = A.ElementType.str();
    std::string Size = "sizeof(" + T + ")";
    for (const AffExpr &E : A.AllocExtents)
      Size += " * (size_t)" + (E.isConstant() ? extent(E) : "(" + extent(E) + ")");
    if (A.AllocExtents.size() <= 1)
      return T + " *" + A.Name + " = (" + T + " *)malloc(" + Size + ");";
    std::string Dims;
    for (size_t K = 1; K < A.AllocExtents.size(); ++K)
      Dims += "[" + extent(A.AllocExtents[K]) + "]";
    return T + " (*" + A.Name + ")" + Dims + " = malloc(" + Size + ");";
  }

  std::string loopHeader(const Loop &L) const {
    std::string Init = L.IteratorDeclaredOutside ? L.Iterator : L.IteratorType.str() + " " + L.Iterator;
    std::string Cond, Inc;
    // An unsigned iterator compares with its bound as a number: a bound a
    // transformation derived may be negative (`j < min(n, m - 1)` at m = 0),
    // which C would convert to a huge unsigned value (the loop ran ~2^32
    // times: fuzz case 790137). 64-bit ones check the bound's sign first.
    const bool Unsigned = L.IteratorType.IsUnsigned;
    const bool Wide = L.IteratorType.K == ScalarType::Kind::Long || L.IteratorType.K == ScalarType::Kind::LongLong;
    if (L.Step > 0) {
      Init += " = " + aff(L.Lower);
      std::string Hi = aff(plus(L.Upper, 1));
      Cond = !Unsigned ? L.Iterator + " < " + Hi
             : Wide    ? "(long long)(" + Hi + ") > 0 && " + L.Iterator + " < (unsigned long long)(" + Hi + ")"
                       : "(long long)" + L.Iterator + " < (long long)(" + Hi + ")";
      Inc = L.Step == 1 ? L.Iterator + "++" : L.Iterator + " += " + std::to_string(L.Step);
    } else {
      Init += " = " + aff(L.Upper);
      Cond = Unsigned && !Wide ? "(long long)" + L.Iterator + " >= (long long)(" + aff(L.Lower) + ")"
                               : L.Iterator + " >= " + aff(L.Lower);
      Inc = L.Step == -1 ? L.Iterator + "--" : L.Iterator + " -= " + std::to_string(-L.Step);
    }
    return "for (" + Init + "; " + Cond + "; " + Inc + ")";
  }

  std::string origin(const Loop &L) const {
    if (L.Origin.K != LoopOrigin::Kind::Source && !L.Origin.Note.empty())
      return L.Origin.Note;
    return L.Loc.isValid() ? "line " + std::to_string(L.Loc.Line) : "";
  }

  void node(const Node &Nd, unsigned Depth, const std::set<unsigned> &InlineDecl) {
    switch (Nd.K) {
    case Node::Kind::Loop: {
      const Loop &L = N.Loops[Nd.Id];
      std::string Comment = verdictComment(N, DI, L.Id);
      std::string O = origin(L);
      if (!O.empty())
        Comment += " -- " + O;
      line(Depth, loopHeader(L) + " { /* " + Comment + " */");
      body(Nd.Body, static_cast<int>(L.Id), Depth + 1);
      line(Depth, "}");
      return;
    }
    case Node::Kind::If: {
      std::string Cond = Nd.Condition ? EP.print(*Nd.Condition) : Nd.Cond.str(N.namer(), MinName, MaxName);
      if (Nd.Body.empty() && !Nd.Else.empty()) {
        // Only the else branch is left (e.g. after distribution).
        line(Depth, "if (!(" + Cond + ")) {");
        for (const NodePtr &C : Nd.Else)
          node(*C, Depth + 1, InlineDecl);
        line(Depth, "}");
        return;
      }
      line(Depth, "if (" + Cond + ") {");
      for (const NodePtr &C : Nd.Body)
        node(*C, Depth + 1, InlineDecl);
      if (!Nd.Else.empty()) {
        line(Depth, "} else {");
        for (const NodePtr &C : Nd.Else)
          node(*C, Depth + 1, InlineDecl);
      }
      line(Depth, "}");
      return;
    }
    case Node::Kind::Stmt: {
      const Statement &S = N.Statements[Nd.Id];
      std::string Text;
      if (InlineDecl.count(S.Id))
        Text = N.Scalars[S.Body->Ops[0]->Index].Type.str() + " " + EP.print(*S.Body) + ";";
      else
        Text = EP.statement(*S.Body, std::string(Base + 2 * Depth, ' '));
      if (!S.Origin.empty())
        Text += " /* " + S.Origin + " */";
      else if (S.Loc.isValid())
        Text += " /* line " + std::to_string(S.Loc.Line) + " */";
      line(Depth, Text);
      return;
    }
    }
  }
};

} // namespace

std::string verdictComment(const Nest &N, const DependenceInfo &DI, unsigned L) {
  const LoopVerdict &V = DI.verdict(L);
  std::vector<std::string> Priv;
  for (const Privatization &P : DI.privatizable(L))
    Priv.push_back(nameOf(N, P.Memory) + (P.LastPrivate ? " (last value kept)" : ""));
  switch (V.K) {
  case LoopVerdict::Parallel:
    return "parallel";
  case LoopVerdict::ParallelAfterPrivatization:
    return "parallel, private(" + join(Priv, ", ") + ")";
  case LoopVerdict::Reduction: {
    std::vector<std::string> R;
    for (const Reduction &X : DI.reductions(L))
      R.push_back("reduction(" + X.Op + ": " + X.Text + (X.isArg() ? ", " + X.IndexText : "") + ")");
    std::string S = join(R, " ");
    if (!Priv.empty())
      S += ", private(" + join(Priv, ", ") + ")";
    return S;
  }
  case LoopVerdict::Sequential: {
    if (V.Unresolved.empty())
      return "sequential";
    const Dependence &D = DI.dependence(V.Unresolved[0]);
    std::vector<DirectionVector> Vs = D.vectorsCarriedBy(L);
    std::string Dir = Vs.empty() ? str(D.summary()) : str(Vs[0]);
    std::string S = "sequential: " + std::string(spelling(D.Kind)) + " " +
                    N.targetName(N.Accesses[D.SourceAccess]) + " " + Dir;
    if (D.IsMay)
      S += " (may)";
    return S;
  }
  }
  return "";
}

std::string printNestC(const Nest &N, const DependenceInfo &Info, unsigned Indent) {
  return CNestPrinter(N, Info, Indent).print();
}

void printTransformedC(llvm::StringRef Source, llvm::StringRef FileName,
                       const std::vector<PrintedNest> &Nests, llvm::raw_ostream &OS) {
  std::vector<PrintedNest> Sorted = Nests;
  std::sort(Sorted.begin(), Sorted.end(), [](const PrintedNest &A, const PrintedNest &B) {
    return A.N->PragmaLineOffset < B.N->PragmaLineOffset;
  });
  std::string Body;
  size_t Pos = 0;
  for (const PrintedNest &P : Sorted) {
    const Nest &N = *P.N;
    size_t Begin = std::min<size_t>(N.PragmaLineOffset, Source.size());
    size_t End = std::min<size_t>(std::max(N.EndOffset, N.PragmaLineOffset), Source.size());
    if (Begin < Pos)
      continue; // overlapping: cannot happen for nests of one file
    Body += Source.substr(Pos, Begin - Pos).str();
    // Indent like the loop it replaces.
    size_t LineStart = N.BeginOffset;
    while (LineStart > 0 && LineStart <= Source.size() && Source[LineStart - 1] != '\n')
      --LineStart;
    unsigned Indent = 0;
    while (LineStart + Indent < Source.size() &&
           (Source[LineStart + Indent] == ' ' || Source[LineStart + Indent] == '\t'))
      ++Indent;
    std::string Region = printNestC(N, *P.Info, Indent);
    if (!Region.empty() && Region.back() == '\n' && End < Source.size() && Source[End] == '\n')
      Region.pop_back();
    Body += Region;
    Pos = End;
  }
  Body += Source.substr(std::min(Pos, Source.size())).str();

  OS << "/* Generated by loopgpu -emit=c from " << FileName << ". */\n";
  bool Malloc = Body.find("malloc(") != std::string::npos;
  if (Malloc)
    OS << "#include <stdlib.h>\n";
  if (Body.find("INFINITY") != std::string::npos)
    OS << "#include <math.h>\n";
  for (const char *M : {"INT_M", "LONG_M", "LLONG_M", "SHRT_M", "SCHAR_M", "UINT_MAX", "ULONG_MAX",
                        "USHRT_MAX", "UCHAR_MAX"})
    if (Body.find(M) != std::string::npos) {
      OS << "#include <limits.h>\n";
      break;
    }
  if (Body.find(std::string(MinName) + "(") != std::string::npos)
    OS << "#define " << MinName << "(a, b) ((a) < (b) ? (a) : (b))\n";
  if (Body.find(std::string(MaxName) + "(") != std::string::npos)
    OS << "#define " << MaxName << "(a, b) ((a) > (b) ? (a) : (b))\n";
  if (Body.find("loopgpu_floord(") != std::string::npos) // floor division (skewed loop bounds)
    OS << "#define loopgpu_floord(a, b) ((a) >= 0 ? (a) / (b) : -((-(a) + (b) - 1) / (b)))\n";
  OS << Body;
}

} // namespace loopgpu
