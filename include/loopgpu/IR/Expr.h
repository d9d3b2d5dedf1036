//===- Expr.h - Statement bodies of the loop-nest IR ------------*- C++ -*-===//
//
// The right- and left-hand sides of statements, kept as a small C expression
// tree owned by the IR (not by Clang), so that transformations can rewrite
// accesses (privatization, array expansion, reading from a copy) and the C and
// CUDA printers can print them with renamed indices.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_IR_EXPR_H
#define LOOPGPU_IR_EXPR_H

#include "loopgpu/IR/AffineExpr.h"

#include <memory>
#include <string>
#include <vector>

namespace loopgpu {

/// An arithmetic C type, as much as the printers and the analysis need.
struct ScalarType {
  enum class Kind { Bool, Char, Short, Int, Long, LongLong, Float, Double, LongDouble };
  Kind K = Kind::Int;
  bool IsUnsigned = false;

  static ScalarType intType() { return {Kind::Int, false}; }
  static ScalarType floatType() { return {Kind::Float, false}; }
  static ScalarType doubleType() { return {Kind::Double, false}; }
  bool isFloating() const {
    return K == Kind::Float || K == Kind::Double || K == Kind::LongDouble;
  }
  bool isInteger() const { return !isFloating(); }
  /// C spelling: "float", "unsigned int", "long long", "_Bool".
  std::string str() const;
  /// C++ spelling, for the host code and kernels: "bool" for _Bool.
  std::string cudaStr() const { return K == Kind::Bool ? "bool" : str(); }
  bool operator==(const ScalarType &O) const {
    return K == O.K && IsUnsigned == O.IsUnsigned;
  }
  /// Whether objects of these element types may be accessed through each
  /// other's pointers under C's aliasing rules (C11 6.5p7): the same type up
  /// to signedness (and qualifiers, which ScalarType does not hold), or a
  /// character type on either side.
  bool mayAliasWith(const ScalarType &O) const {
    return K == O.K || K == Kind::Char || O.K == Kind::Char;
  }
};

/// The location of a construct in the input file. `Raw` is the opaque
/// encoding of the Clang SourceLocation (0 if the IR was not built by the
/// frontend); diagnostics use it for carets, everything else uses Line/Col.
struct SourceLoc {
  unsigned Line = 0;
  unsigned Col = 0;
  unsigned Raw = 0;
  bool isValid() const { return Line != 0; }
};

class Expr;
using ExprPtr = std::unique_ptr<Expr>;

/// A C expression of a statement body.
class Expr {
public:
  enum class Kind {
    IntLiteral,   ///< IntValue; Text keeps the source spelling
    FloatLiteral, ///< FloatValue; Text keeps the source spelling (1.0f)
    IteratorRef,  ///< Index: loop id
    ParamRef,     ///< Index: parameter id
    ScalarRef,    ///< Index: scalar id
    ArrayRef,     ///< Index: array id; Ops: subscripts as written
                  ///< (one per C subscript); AccessId links to its Access
    Unary,        ///< Op in {"-", "+", "!", "~", "++pre", "--pre", "post++", "post--"}
    Binary,       ///< Op in {"+","-","*","/","%","<<",">>","<","<=",">",">=",
                  ///<       "==","!=","&","|","^","&&","||"}
    Assign,       ///< Op in {"=", "+=", "-=", ...}; Ops[0] lvalue, Ops[1] value
    Conditional,  ///< Ops: condition, then, else
    Call,         ///< Name: callee (side-effect-free math function); Ops: args
    Cast,         ///< Ops[0]; Type: target type
    LocalRef,     ///< an element of a local array (LocalArray; only in a
                  ///< region): Name; Ops: its subscripts. No Access: the
                  ///< array is the thread's own, one per instance of the region
    InitList,     ///< `{a, b}` of a LocalArray's initializer; Ops: elements
    // Statements, only inside a sequential region (a statement whose body is
    // a loop loopgpu does not model: `while`, `do`, or a `for` whose bounds
    // depend on data); see Statement::isRegion.
    Block,        ///< Ops: statements, in order
    For,          ///< Ops: init, condition, increment (each may be Empty), body
    While,        ///< Ops: condition, body
    DoWhile,      ///< Ops: body, condition
    IfElse,       ///< Ops: condition, then, else (Empty when there is none)
    Break,        ///< `break;` of the innermost enclosing For/While/DoWhile
    Continue,     ///< `continue;` of the innermost enclosing For/While/DoWhile
    LocalArray,   ///< `[const] T Name Text = Ops[0];` (Text: the extents, `[5][3]`;
                  ///< Op: "const" or ""; Ops: the InitList, or none): an array
                  ///< declared in a region, the thread's own
    Empty,        ///< nothing (a missing for-header part, a missing else)
  };

  Kind K;
  ScalarType Type;       ///< the C type of the value
  std::string Op;        ///< Unary / Binary / Assign operator
  std::string Name;      ///< Call: callee
  std::string Text;      ///< literals: source spelling
  int64_t IntValue = 0;
  double FloatValue = 0;
  unsigned Index = 0;    ///< IteratorRef, ParamRef, ScalarRef, ArrayRef
  int AccessId = -1;     ///< ArrayRef/ScalarRef: the first Access it produced
  SourceLoc Loc;
  std::vector<ExprPtr> Ops;

  explicit Expr(Kind K) : K(K) {}
  ExprPtr clone() const;

  bool isLValueRef() const { return K == Kind::ScalarRef || K == Kind::ArrayRef; }
  /// A statement kind of a sequential region (Block ... Empty).
  bool isControl() const { return K >= Kind::Block; }
  /// Calls F on this node and every sub-expression, pre-order.
  void walk(const std::function<void(const Expr &)> &F) const;
  void walk(const std::function<void(Expr &)> &F);
};

} // namespace loopgpu

#endif // LOOPGPU_IR_EXPR_H
