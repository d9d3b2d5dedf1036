//===- ClangDiagnostics.h - DiagnosticSink on Clang's engine ----*- C++ -*-===//
#ifndef LOOPGPU_LIB_FRONTEND_CLANGDIAGNOSTICS_H
#define LOOPGPU_LIB_FRONTEND_CLANGDIAGNOSTICS_H

#include "loopgpu/IR/Diagnostics.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

namespace loopgpu {

/// Reports through Clang's DiagnosticsEngine so that messages look like any
/// compiler error: `file:line:col: error: message`, the source line, a caret.
class ClangDiagnostics : public DiagnosticSink {
public:
  ClangDiagnostics(clang::DiagnosticsEngine &Engine, const clang::SourceManager &SM)
      : Engine(Engine), SM(SM) {}

  /// The IR location of a Clang location (expansion location for macros).
  SourceLoc loc(clang::SourceLocation L) const;

protected:
  void report(Severity S, SourceLoc L, const std::string &Msg) override;

private:
  clang::DiagnosticsEngine &Engine;
  const clang::SourceManager &SM;
};

} // namespace loopgpu

#endif
