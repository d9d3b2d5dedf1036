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
  /// E as a C statement: an expression with its ';', or a region's loop
  /// printed over several lines, each line after the first starting with
  /// Indent (the indentation of the first) plus two spaces per level.
  std::string statement(const Expr &E, const std::string &Indent) const;

private:
  std::string print(const Expr &E, int &Prec) const;
  std::string operand(const Expr &E, int MinPrec) const;
  /// The statement of a loop or if body: a block's statements, or one.
  void body(const Expr &E, const std::string &Indent, std::string &Out) const;
};

} // namespace loopgpu

#endif // LOOPGPU_IR_EXPRPRINTER_H
