//===- ExprPrinter.h - Print statement expressions as C ----------*- C++ -*-===//
#ifndef LOOPGPU_IR_EXPRPRINTER_H
#define LOOPGPU_IR_EXPRPRINTER_H

#include "loopgpu/IR/LoopNest.h"

#include <functional>
#include <optional>
#include <string>

namespace loopgpu {

/// Prints an Expr as C with minimal parentheses. `Override`, if given, is
/// asked first for every node; when it returns a string, that string is
/// printed (as an atom) instead of the node. Later printers use it to rename
/// iterators or redirect array references (shared-memory tiles, copies).
struct ExprPrinter {
  const Nest &N;
  std::function<std::optional<std::string>(const Expr &)> Override;

  explicit ExprPrinter(const Nest &N) : N(N) {}
  std::string print(const Expr &E) const;

private:
  std::string print(const Expr &E, int &Prec) const;
  std::string operand(const Expr &E, int MinPrec) const;
};

} // namespace loopgpu

#endif // LOOPGPU_IR_EXPRPRINTER_H
