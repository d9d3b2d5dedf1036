//===- NestBuilder.h - Lower a marked Clang loop nest to the IR -*- C++ -*-===//
#ifndef LOOPGPU_LIB_FRONTEND_NESTBUILDER_H
#define LOOPGPU_LIB_FRONTEND_NESTBUILDER_H

#include "loopgpu/IR/LoopNest.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <optional>
#include <vector>

namespace loopgpu {

class ClangDiagnostics;

/// Builds the IR of one marked nest. Reports every unsupported construct with
/// a located error; returns nullopt if any error was reported.
std::optional<Nest> buildNest(clang::ASTContext &Ctx, ClangDiagnostics &Diag,
                              const clang::FunctionDecl &FD, const clang::ForStmt &Outer,
                              const std::map<const clang::ForStmt *, std::vector<Clause>> &LoopClauses,
                              unsigned Ordinal, clang::SourceLocation PragmaLoc);

} // namespace loopgpu

#endif
