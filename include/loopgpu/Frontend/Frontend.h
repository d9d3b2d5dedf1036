//===- Frontend.h - Clang frontend: find and lower marked nests --*- C++ -*-===//
//
// Parses a C file with Clang, finds the `for` loops marked with
// `#pragma loopgpu [clauses]`, checks that every construct inside them is one
// loopgpu supports (a located error otherwise), and builds the loop-nest IR.
//
// The IR's SourceLocs refer to Clang's SourceManager, so the rest of the
// pipeline runs inside `OnProgram`, while the AST is alive; the DiagnosticSink
// it receives prints Clang-style `file:line:col: error: ...` with carets.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_FRONTEND_FRONTEND_H
#define LOOPGPU_FRONTEND_FRONTEND_H

#include "loopgpu/IR/Diagnostics.h"
#include "loopgpu/IR/LoopNest.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <string>
#include <vector>

namespace clang {
class DiagnosticConsumer;
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace loopgpu {

using ProgramCallback = std::function<void(Program &, DiagnosticSink &)>;

/// What the frontend assumes beyond the C source.
struct FrontendOptions {
  /// -assume-no-alias: arrays passed as distinct pointers never overlap,
  /// as if every nest had the `independent` clause (the user's promise).
  bool AssumeNoAlias = false;
};

/// Status of one frontend run.
enum class FrontendStatus {
  Success,      ///< parsed, IR built, no error reported (OnProgram ran)
  InputErrors,  ///< Clang or loopgpu reported errors in the input
};

/// Arguments added to every compilation: the Clang resource directory (so
/// that <stddef.h> and friends are found) and -std=c11 unless a -std is given.
std::vector<std::string> defaultCompilerArgs(const std::vector<std::string> &UserArgs);

/// Runs the frontend on File using the compile command from DB.
FrontendStatus runFrontend(const clang::tooling::CompilationDatabase &DB, llvm::StringRef File,
                           const ProgramCallback &OnProgram, const FrontendOptions &Opts = {});

/// Runs the frontend on in-memory source (unit tests, fuzzer). Diagnostics go
/// to Consumer if given, else to stderr.
FrontendStatus runFrontendOnCode(llvm::StringRef Code, llvm::StringRef FileName,
                                 const std::vector<std::string> &Args,
                                 const ProgramCallback &OnProgram,
                                 clang::DiagnosticConsumer *Consumer = nullptr,
                                 const FrontendOptions &Opts = {});

} // namespace loopgpu

#endif // LOOPGPU_FRONTEND_FRONTEND_H
