//===- IRPrinter.cpp - Text and JSON forms of the loop-nest IR -------------===//
#include "loopgpu/IR/IRPrinter.h"
#include "loopgpu/IR/ExprPrinter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace loopgpu {

std::string describeClause(const Clause &C) {
  std::string S = spelling(C.K);
  std::vector<std::string> Args;
  for (int64_t I : C.Ints)
    Args.push_back(std::to_string(I));
  for (const std::string &Name : C.Names)
    Args.push_back(Name);
  for (const auto &[Key, Val] : C.Named)
    Args.push_back(Key + ": " + std::to_string(Val));
  if (!Args.empty()) {
    S += "(";
    for (size_t I = 0; I < Args.size(); ++I)
      S += (I ? ", " : "") + Args[I];
    S += ")";
  }
  return S;
}

std::string describeArrayShape(const Nest &N, const ArrayInfo &A) {
  std::string S;
  for (const std::optional<AffExpr> &E : A.Extents)
    S += "[" + (E ? E->str(N.namer()) : std::string("*")) + "]";
  return S;
}

std::string describeAccess(const Nest &N, const Access &A) {
  std::string S = A.IsMust ? "" : "may-";
  S += A.IsWrite ? "write " : "read ";
  if (A.isScalar())
    return S + N.Scalars[A.Index].Name;
  const ArrayInfo &Arr = N.Arrays[A.Index];
  if (!A.IsAffine && A.Bounded) { // `out[4 * i + 3 - k] where k >= 0 and k < 4`: k a region's variable
    auto Name = [&](AffVar V) { return V.isLocal() ? A.Bounded->Locals[V.Index] : N.nameOf(V); };
    S += Arr.Name;
    for (const AffExpr &E : A.Bounded->Subscripts)
      S += "[" + E.str(Name) + "]";
    std::vector<std::string> Conds;
    for (const AffCond &C : A.Bounded->Conditions)
      Conds.push_back(C.str(Name));
    return S + (Conds.empty() ? "" : " where " + llvm::join(Conds, " and ")) + " (non-affine: " + A.Text + ")";
  }
  if (!A.IsAffine) {
    S += Arr.Name;
    if (A.Partial.empty())
      S += "[*]";
    for (const std::optional<AffExpr> &E : A.Partial)
      S += "[" + (E ? E->str(N.namer()) : std::string("*")) + "]";
    return S + " (non-affine: " + A.Text + ")";
  }
  S += Arr.Name;
  for (const AffExpr &E : A.Subscripts)
    S += "[" + E.str(N.namer()) + "]";
  if (Arr.IsDelinearized)
    S += " (delinearized from " + A.Text + ")";
  return S;
}

static const char *storageName(ArrayInfo::Storage S) {
  switch (S) {
  case ArrayInfo::Storage::VLAParam: return "vla-param";
  case ArrayInfo::Storage::FixedSize: return "fixed-size";
  case ArrayInfo::Storage::FlatPointer: return "flat-pointer";
  }
  return "?";
}

namespace {
class TextPrinter {
public:
  TextPrinter(const Nest &N, raw_ostream &OS) : N(N), OS(OS), EP(N) {}

  void print() {
    OS << "nest " << N.Ordinal << " in " << N.Function << " (line " << N.Loc.Line << ")";
    if (!N.Clauses.empty()) {
      OS << ":";
      for (const Clause &C : N.Clauses)
        OS << " " << describeClause(C);
    }
    OS << "\n";
    for (const ParamInfo &P : N.Params) {
      OS << "  param " << P.Name << ": " << P.Type.str();
      for (const MemberBinding &B : N.Members)
        if (B.Derived && B.Name == P.Name)
          OS << " = " << B.Member << " (computed once before the nest)";
      OS << "\n";
    }
    for (const ArrayInfo &A : N.Arrays) {
      OS << "  array " << A.Name << ": " << A.ElementType.str() << describeArrayShape(N, A)
         << (A.StructType.empty() ? "" : " (" + A.StructType + ")") << " "
         << storageName(A.Kind);
      if (A.IsConst) OS << " const";
      if (A.IsRestrict) OS << " restrict";
      if (A.IsGlobal) OS << " global";
      if (A.IsDelinearized) OS << " delinearized";
      for (const ArrayInfo &B : N.Arrays)
        if (&B != &A && B.AliasClass == A.AliasClass) {
          OS << " may-alias(" << B.Name << ")";
        }
      OS << "\n";
    }
    for (const ScalarInfo &S : N.Scalars) {
      OS << "  scalar " << S.Name << ": " << S.Type.str();
      if (S.declaredInside())
        OS << " local(depth " << S.DeclDepth << ")";
      else
        OS << " outer";
      OS << (S.IsWritten ? " written" : " read-only") << "\n";
    }
    printNodes(N.Root, 1);
  }

private:
  void indent(unsigned Depth) { OS.indent(2 * Depth); }

  void printNodes(const std::vector<NodePtr> &Nodes, unsigned Depth) {
    for (const NodePtr &Nd : Nodes)
      printNode(*Nd, Depth);
  }

  void printNode(const Node &Nd, unsigned Depth) {
    switch (Nd.K) {
    case Node::Kind::Loop: {
      const Loop &L = N.Loops[Nd.Id];
      indent(Depth);
      OS << "L" << L.Id << " for " << L.Iterator << " in [" << L.Lower.str(N.namer()) << ", "
         << L.Upper.str(N.namer()) << "] step " << L.Step << " (line " << L.Loc.Line << ")";
      for (const Clause &C : L.Clauses)
        OS << " " << describeClause(C);
      OS << "\n";
      printNodes(Nd.Body, Depth + 1);
      break;
    }
    case Node::Kind::If:
      indent(Depth);
      OS << "if " << (Nd.IsAffine ? Nd.Cond.str(N.namer()) : EP.print(*Nd.Condition))
         << (Nd.IsAffine ? " [affine]" : " [data-dependent]") << " (line " << Nd.Loc.Line << ")\n";
      printNodes(Nd.Body, Depth + 1);
      if (!Nd.Else.empty()) {
        indent(Depth);
        OS << "else\n";
        printNodes(Nd.Else, Depth + 1);
      }
      break;
    case Node::Kind::Stmt: {
      const Statement &S = N.Statements[Nd.Id];
      indent(Depth);
      OS << S.name() << " (line " << S.Loc.Line << "): ";
      if (S.IsDeclaration)
        OS << N.Scalars[S.Body->Ops[0]->Index].Type.str() << " ";
      OS << (S.isRegion() ? EP.statement(*S.Body, std::string(2 * Depth, ' ')) : EP.print(*S.Body)) << "\n";
      for (unsigned AId : S.Accesses) {
        indent(Depth + 2);
        OS << describeAccess(N, N.Accesses[AId]) << "\n";
      }
      break;
    }
    }
  }

  const Nest &N;
  raw_ostream &OS;
  ExprPrinter EP;
};
} // namespace

void printNestIR(const Nest &N, raw_ostream &OS) { TextPrinter(N, OS).print(); }

void printIR(const Program &P, raw_ostream &OS) {
  OS << "file " << P.File << ": " << P.Nests.size() << " nest" << (P.Nests.size() == 1 ? "" : "s")
     << "\n";
  for (const Nest &N : P.Nests)
    printNestIR(N, OS);
}

static json::Value nodesToJSON(const Nest &N, const std::vector<NodePtr> &Nodes, const ExprPrinter &EP) {
  json::Array Out;
  for (const NodePtr &Nd : Nodes) {
    json::Object O;
    switch (Nd->K) {
    case Node::Kind::Loop: {
      const Loop &L = N.Loops[Nd->Id];
      O["kind"] = "loop";
      O["id"] = L.Id;
      O["var"] = L.Iterator;
      O["lower"] = L.Lower.str(N.namer());
      O["upper"] = L.Upper.str(N.namer());
      O["step"] = L.Step;
      O["line"] = L.Loc.Line;
      json::Array Clauses;
      for (const Clause &C : L.Clauses)
        Clauses.push_back(describeClause(C));
      O["clauses"] = std::move(Clauses);
      O["body"] = nodesToJSON(N, Nd->Body, EP);
      break;
    }
    case Node::Kind::If:
      O["kind"] = "if";
      O["affine"] = Nd->IsAffine;
      O["condition"] = Nd->IsAffine ? Nd->Cond.str(N.namer()) : EP.print(*Nd->Condition);
      O["line"] = Nd->Loc.Line;
      O["then"] = nodesToJSON(N, Nd->Body, EP);
      O["else"] = nodesToJSON(N, Nd->Else, EP);
      break;
    case Node::Kind::Stmt: {
      const Statement &S = N.Statements[Nd->Id];
      O["kind"] = "statement";
      O["id"] = S.name();
      O["line"] = S.Loc.Line;
      O["text"] = EP.print(*S.Body);
      json::Array Accs;
      for (unsigned AId : S.Accesses)
        Accs.push_back(describeAccess(N, N.Accesses[AId]));
      O["accesses"] = std::move(Accs);
      break;
    }
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

json::Value nestToJSON(const Nest &N) {
  ExprPrinter EP(N);
  json::Object O;
  O["function"] = N.Function;
  O["ordinal"] = N.Ordinal;
  O["line"] = N.Loc.Line;
  json::Array Params, Arrays, Scalars;
  for (const ParamInfo &P : N.Params)
    Params.push_back(json::Object{{"name", P.Name}, {"type", P.Type.str()}});
  for (const ArrayInfo &A : N.Arrays)
    Arrays.push_back(json::Object{{"name", A.Name},
                                  {"element_type", A.ElementType.str()},
                                  {"shape", describeArrayShape(N, A)},
                                  {"storage", storageName(A.Kind)},
                                  {"const", A.IsConst},
                                  {"restrict", A.IsRestrict},
                                  {"alias_class", A.AliasClass}});
  for (const ScalarInfo &S : N.Scalars)
    Scalars.push_back(json::Object{{"name", S.Name},
                                   {"type", S.Type.str()},
                                   {"decl_depth", S.DeclDepth},
                                   {"written", S.IsWritten}});
  O["params"] = std::move(Params);
  O["arrays"] = std::move(Arrays);
  O["scalars"] = std::move(Scalars);
  O["tree"] = nodesToJSON(N, N.Root, EP);
  return O;
}

void printIRJSON(const Program &P, raw_ostream &OS) {
  json::Array Nests;
  for (const Nest &N : P.Nests)
    Nests.push_back(nestToJSON(N));
  json::Value V = json::Object{{"file", P.File}, {"nests", std::move(Nests)}};
  OS << formatv("{0:2}", V) << "\n";
}

} // namespace loopgpu
