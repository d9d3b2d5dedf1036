//===- AffineExpr.h - Quasi-affine expressions and conditions ---*- C++ -*-===//
//
// Loop bounds, array subscripts and affine guards of a marked nest are
// quasi-affine expressions in the loop iterators and the nest's integer
// parameters: sums, products with a constant, C division / remainder by a
// positive constant, and min / max. These are exactly the expressions ISL can
// represent as piecewise quasi-affine functions, so the analysis can be exact.
//
// Transformations add floor division (FloorDiv, printed as a call to
// loopgpu_floord, which the printers define): the bounds of skewed loops
// (Wavefront.h) divide by a coefficient and round toward minus infinity,
// which C's division does not do for negative numerators.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_IR_AFFINEEXPR_H
#define LOOPGPU_IR_AFFINEEXPR_H

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

/// A reference to a variable an affine expression may use: the iterator of
/// loop `Index` of the nest (Nest::Loops), parameter `Index` (Nest::Params),
/// or variable `Index` of a sequential region (a `for` iterator the IR does
/// not model as a loop: only in Access::BoundedForm, which names them).
struct AffVar {
  enum class Kind { Iterator, Param, Local };
  Kind K = Kind::Iterator;
  unsigned Index = 0;

  static AffVar iterator(unsigned LoopId) { return {Kind::Iterator, LoopId}; }
  static AffVar param(unsigned ParamId) { return {Kind::Param, ParamId}; }
  static AffVar local(unsigned K) { return {Kind::Local, K}; }
  bool isIterator() const { return K == Kind::Iterator; }
  bool isParam() const { return K == Kind::Param; }
  bool isLocal() const { return K == Kind::Local; }
  bool operator<(const AffVar &O) const {
    return K != O.K ? K < O.K : Index < O.Index;
  }
  bool operator==(const AffVar &O) const {
    return K == O.K && Index == O.Index;
  }
};

/// c0 + sum(coefficient * variable): the purely linear part of the algebra,
/// used wherever a consumer needs coefficients (direction of a subscript,
/// coalescing, strides).
struct LinearForm {
  int64_t Constant = 0;
  std::map<AffVar, int64_t> Coefficients; ///< no zero entries

  int64_t coefficient(AffVar V) const {
    auto It = Coefficients.find(V);
    return It == Coefficients.end() ? 0 : It->second;
  }
  bool isConstant() const { return Coefficients.empty(); }
  bool operator==(const LinearForm &O) const { return Constant == O.Constant && Coefficients == O.Coefficients; }
};

/// A quasi-affine expression tree with value semantics.
///
/// Div and Rem have C semantics (truncation toward zero) and a positive
/// constant divisor; Mul always has a constant factor (`Factor`).
class AffExpr {
public:
  enum class Kind { Constant, Var, Add, Mul, Div, Rem, FloorDiv, Min, Max };

  AffExpr() = default; ///< the constant 0
  static AffExpr constant(int64_t C);
  static AffExpr var(AffVar V);
  static AffExpr iterator(unsigned LoopId) { return var(AffVar::iterator(LoopId)); }
  static AffExpr param(unsigned ParamId) { return var(AffVar::param(ParamId)); }
  static AffExpr add(AffExpr A, AffExpr B); ///< canonicalizes linear sums
  static AffExpr addRaw(AffExpr A, AffExpr B); ///< no canonicalization
  static AffExpr sub(AffExpr A, AffExpr B);
  static AffExpr mul(AffExpr A, int64_t Factor);
  static AffExpr div(AffExpr A, int64_t Divisor); ///< Divisor > 0
  static AffExpr rem(AffExpr A, int64_t Divisor); ///< Divisor > 0
  /// floor(A / Divisor), Divisor > 0 (rounds toward minus infinity).
  static AffExpr floorDiv(AffExpr A, int64_t Divisor);
  /// ceil(A / Divisor), Divisor > 0: floorDiv(A + Divisor - 1, Divisor).
  static AffExpr ceilDiv(AffExpr A, int64_t Divisor);
  static AffExpr min(AffExpr A, AffExpr B);
  static AffExpr max(AffExpr A, AffExpr B);

  Kind kind() const { return K; }
  int64_t constantValue() const { return Value; }  ///< Kind::Constant
  int64_t factor() const { return Value; }         ///< Kind::Mul, Div, Rem, FloorDiv
  AffVar variable() const { return V; }            ///< Kind::Var
  const std::vector<AffExpr> &operands() const { return Ops; }

  bool isConstant() const { return K == Kind::Constant; }
  /// The linear form if the expression has no Div/Rem/Min/Max.
  std::optional<LinearForm> linear() const;
  /// True if variable V occurs anywhere in the expression.
  bool uses(AffVar V) const;
  /// Calls F on every variable occurrence.
  void forEachVar(const std::function<void(AffVar)> &F) const;
  /// Replaces variables: F returns the replacement expression for a variable.
  AffExpr substitute(const std::function<AffExpr(AffVar)> &F) const;

  /// C syntax, with names given by NameOf (iterator and parameter names);
  /// Min and Max print as calls to MinName / MaxName, FloorDiv as a call to
  /// FloorDivName (the printers define these functions).
  std::string str(const std::function<std::string(AffVar)> &NameOf, const char *MinName = "min",
                  const char *MaxName = "max") const;
  /// Some FloorDiv occurs in the expression.
  bool hasFloorDiv() const;

  bool operator==(const AffExpr &O) const;
  bool operator!=(const AffExpr &O) const { return !(*this == O); }

private:
  Kind K = Kind::Constant;
  int64_t Value = 0;
  AffVar V;
  std::vector<AffExpr> Ops;
};

/// A condition built from affine comparisons: the guards of `if` statements
/// whose conditions are affine.
class AffCond {
public:
  enum class Kind { True, Compare, And, Or, Not };
  enum class CmpOp { LT, LE, GT, GE, EQ, NE };

  AffCond() = default; ///< true
  static AffCond compare(AffExpr L, CmpOp Op, AffExpr R);
  static AffCond conj(AffCond A, AffCond B);
  static AffCond disj(AffCond A, AffCond B);
  static AffCond negate(AffCond A);

  Kind kind() const { return K; }
  CmpOp op() const { return Op; }
  const AffExpr &lhs() const { return L; }
  const AffExpr &rhs() const { return R; }
  const std::vector<AffCond> &operands() const { return Ops; }

  void forEachVar(const std::function<void(AffVar)> &F) const;
  AffCond substitute(const std::function<AffExpr(AffVar)> &F) const;
  std::string str(const std::function<std::string(AffVar)> &NameOf, const char *MinName = "min",
                  const char *MaxName = "max") const;

private:
  Kind K = Kind::True;
  CmpOp Op = CmpOp::LT;
  AffExpr L, R;
  std::vector<AffCond> Ops;
};

const char *spelling(AffCond::CmpOp Op);

} // namespace loopgpu

#endif // LOOPGPU_IR_AFFINEEXPR_H
