//===- Expr.cpp - Statement bodies of the loop-nest IR ---------------------===//
#include "loopgpu/IR/Expr.h"
#include "loopgpu/IR/ExprPrinter.h"

#include <algorithm>

namespace loopgpu {

std::string ScalarType::str() const {
  const char *Base = "int";
  switch (K) {
  case Kind::Bool: return "_Bool";
  case Kind::Char: Base = "char"; break;
  case Kind::Short: Base = "short"; break;
  case Kind::Int: Base = "int"; break;
  case Kind::Long: Base = "long"; break;
  case Kind::LongLong: Base = "long long"; break;
  case Kind::Float: return "float";
  case Kind::Double: return "double";
  case Kind::LongDouble: return "long double";
  }
  return IsUnsigned ? std::string("unsigned ") + Base : std::string(Base);
}

ExprPtr Expr::clone() const {
  auto C = std::make_unique<Expr>(K);
  C->Type = Type;
  C->Op = Op;
  C->Name = Name;
  C->Text = Text;
  C->IntValue = IntValue;
  C->FloatValue = FloatValue;
  C->Index = Index;
  C->AccessId = AccessId;
  C->Loc = Loc;
  for (const ExprPtr &O : Ops)
    C->Ops.push_back(O->clone());
  return C;
}

void Expr::walk(const std::function<void(const Expr &)> &F) const {
  F(*this);
  for (const ExprPtr &O : Ops)
    static_cast<const Expr &>(*O).walk(F);
}

void Expr::walk(const std::function<void(Expr &)> &F) {
  F(*this);
  for (ExprPtr &O : Ops)
    O->walk(F);
}

//===----------------------------------------------------------------------===//
// ExprPrinter
//===----------------------------------------------------------------------===//

// C operator precedence, higher binds tighter.
enum : int {
  PrecAssign = 2, PrecCond = 3, PrecLOr = 4, PrecLAnd = 5, PrecOr = 6, PrecXor = 7,
  PrecAnd = 8, PrecEq = 9, PrecRel = 10, PrecShift = 11, PrecAdd = 12, PrecMul = 13,
  PrecUnary = 15, PrecPostfix = 16, PrecAtom = 17
};

static int binaryPrec(const std::string &Op) {
  if (Op == "*" || Op == "/" || Op == "%") return PrecMul;
  if (Op == "+" || Op == "-") return PrecAdd;
  if (Op == "<<" || Op == ">>") return PrecShift;
  if (Op == "<" || Op == "<=" || Op == ">" || Op == ">=") return PrecRel;
  if (Op == "==" || Op == "!=") return PrecEq;
  if (Op == "&") return PrecAnd;
  if (Op == "^") return PrecXor;
  if (Op == "|") return PrecOr;
  if (Op == "&&") return PrecLAnd;
  return PrecLOr;
}

std::string ExprPrinter::operand(const Expr &E, int MinPrec) const {
  int P;
  std::string S = print(E, P);
  return P < MinPrec ? "(" + S + ")" : S;
}

std::string ExprPrinter::print(const Expr &E) const {
  int P;
  return print(E, P);
}

std::string ExprPrinter::print(const Expr &E, int &Prec) const {
  if (Override)
    if (std::optional<std::string> S = Override(E)) {
      Prec = PrecAtom;
      return *S;
    }
  using K = Expr::Kind;
  Prec = PrecAtom;
  switch (E.K) {
  case K::IntLiteral:
  case K::FloatLiteral:
    if (!E.Text.empty() && E.Text[0] == '-')
      Prec = PrecUnary;
    return E.Text;
  case K::IteratorRef:
    return N.Loops[E.Index].Iterator;
  case K::ParamRef:
    return N.Params[E.Index].Name;
  case K::ScalarRef:
    return N.Scalars[E.Index].Name;
  case K::ArrayRef: {
    Prec = PrecPostfix;
    const ArrayInfo &A = N.Arrays[E.Index];
    std::string S = A.Name;
    bool Struct = !A.StructMembers.empty() && !E.Ops.empty();
    for (size_t I = 0; I + (Struct ? 1 : 0) < E.Ops.size(); ++I)
      S += "[" + print(*E.Ops[I]) + "]";
    if (Struct) {
      // An array of structs (ArrayInfo::StructType): the member as C spells
      // it where the scalar is known (`p[i].x`), else the element's scalars
      // as an array (`((float *)&p[i])[1 + k]`).
      const Expr &Last = *E.Ops.back();
      if (Last.K == K::IntLiteral && !Last.Text.empty() && Last.Text.size() < 9 &&
          std::all_of(Last.Text.begin(), Last.Text.end(), [](char C) { return C >= '0' && C <= '9'; }))
        if (size_t At = std::stoul(Last.Text); At < A.StructMembers.size())
          return S + A.StructMembers[At];
      S = "((" + std::string(A.IsConst ? "const " : "") + A.ElementType.str() + " *)&" + S + ")[" + print(Last) + "]";
    }
    return S;
  }
  case K::Unary: {
    if (E.Op == "post++" || E.Op == "post--") {
      Prec = PrecPostfix;
      return operand(*E.Ops[0], PrecPostfix) + E.Op.substr(4);
    }
    Prec = PrecUnary;
    std::string Op = E.Op == "++pre" ? "++" : E.Op == "--pre" ? "--" : E.Op;
    std::string Sub = operand(*E.Ops[0], PrecUnary);
    // Avoid printing "- -x" as "--x".
    if (!Sub.empty() && (Sub[0] == '-' || Sub[0] == '+') && (Op == "-" || Op == "+"))
      Sub = "(" + Sub + ")";
    return Op + Sub;
  }
  case K::Binary: {
    int P = binaryPrec(E.Op);
    Prec = P;
    // Left-associative: the right operand needs strictly higher precedence.
    return operand(*E.Ops[0], P) + " " + E.Op + " " + operand(*E.Ops[1], P + 1);
  }
  case K::Assign:
    Prec = PrecAssign;
    return operand(*E.Ops[0], PrecUnary) + " " + E.Op + " " + operand(*E.Ops[1], PrecAssign);
  case K::Conditional:
    Prec = PrecCond;
    return operand(*E.Ops[0], PrecLOr) + " ? " + operand(*E.Ops[1], PrecAssign) + " : " +
           operand(*E.Ops[2], PrecCond);
  case K::Call: {
    Prec = PrecPostfix;
    std::string S = E.Name + "(";
    for (size_t I = 0; I < E.Ops.size(); ++I)
      S += (I ? ", " : "") + print(*E.Ops[I]);
    return S + ")";
  }
  case K::Cast:
    Prec = PrecUnary;
    return "(" + E.Type.str() + ")" + operand(*E.Ops[0], PrecUnary);
  case K::LocalRef: {
    Prec = PrecPostfix;
    std::string S = E.Name;
    for (const ExprPtr &Sub : E.Ops)
      S += "[" + print(*Sub) + "]";
    return S;
  }
  case K::InitList: {
    std::string S = "{";
    for (size_t I = 0; I < E.Ops.size(); ++I)
      S += (I ? ", " : "") + operand(*E.Ops[I], PrecAssign);
    return S + "}";
  }
  case K::Block: case K::For: case K::While: case K::DoWhile: case K::IfElse:
  case K::Break: case K::Continue: case K::LocalArray: case K::Empty:
    // Statements print through statement(); on one line here (the IR dump).
    return statement(E, "");
  }
  return "?";
}

void ExprPrinter::body(const Expr &E, const std::string &Indent, std::string &Out) const {
  std::string Inner = Indent + "  ";
  if (E.K == Expr::Kind::Block) {
    for (const ExprPtr &S : E.Ops)
      if (S->K != Expr::Kind::Empty)
        Out += "\n" + Inner + statement(*S, Inner);
  } else if (E.K != Expr::Kind::Empty) {
    Out += "\n" + Inner + statement(E, Inner);
  }
  Out += "\n" + Indent + "}";
}

std::string ExprPrinter::statement(const Expr &E, const std::string &Indent) const {
  using K = Expr::Kind;
  auto Part = [&](const Expr &X) { return X.K == K::Empty ? std::string() : print(X); };
  std::string Out;
  switch (E.K) {
  case K::Block:
    Out = "{";
    body(E, Indent, Out);
    return Out;
  case K::For:
    Out = "for (" + Part(*E.Ops[0]) + ";" + (E.Ops[1]->K == K::Empty ? "" : " " + Part(*E.Ops[1])) + ";" +
          (E.Ops[2]->K == K::Empty ? "" : " " + Part(*E.Ops[2])) + ") {";
    body(*E.Ops[3], Indent, Out);
    return Out;
  case K::While:
    Out = "while (" + print(*E.Ops[0]) + ") {";
    body(*E.Ops[1], Indent, Out);
    return Out;
  case K::DoWhile:
    Out = "do {";
    body(*E.Ops[0], Indent, Out);
    return Out + " while (" + print(*E.Ops[1]) + ");";
  case K::IfElse:
    Out = "if (" + print(*E.Ops[0]) + ") {";
    body(*E.Ops[1], Indent, Out);
    if (E.Ops[2]->K != K::Empty) {
      Out += " else {";
      body(*E.Ops[2], Indent, Out);
    }
    return Out;
  case K::Break:
    return "break;";
  case K::Continue:
    return "continue;";
  case K::LocalArray:
    return (E.Op.empty() ? "" : E.Op + " ") + E.Type.str() + " " + E.Name + E.Text +
           (E.Ops.empty() ? "" : " = " + print(*E.Ops[0])) + ";";
  case K::Empty:
    return ";";
  default:
    return print(E) + ";";
  }
}

} // namespace loopgpu
