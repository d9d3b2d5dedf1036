//===- Diagnostics.cpp - DiagnosticSink on Clang's engine -----------------===//
#include "ClangDiagnostics.h"

using namespace clang;

namespace loopgpu {

SourceLoc ClangDiagnostics::loc(clang::SourceLocation L) const {
  SourceLoc R;
  if (L.isInvalid())
    return R;
  clang::SourceLocation E = SM.getExpansionLoc(L);
  R.Line = SM.getExpansionLineNumber(E);
  R.Col = SM.getExpansionColumnNumber(E);
  R.Raw = E.getRawEncoding();
  return R;
}

void ClangDiagnostics::report(Severity S, SourceLoc L, const std::string &Msg) {
  DiagnosticsEngine::Level Level = DiagnosticsEngine::Error;
  switch (S) {
  case Severity::Error: Level = DiagnosticsEngine::Error; break;
  case Severity::Warning: Level = DiagnosticsEngine::Warning; break;
  case Severity::Note: Level = DiagnosticsEngine::Note; break;
  case Severity::Remark: Level = DiagnosticsEngine::Remark; break;
  }
  unsigned ID = Engine.getCustomDiagID(Level, "%0");
  Engine.Report(clang::SourceLocation::getFromRawEncoding(L.Raw), ID) << Msg;
}

} // namespace loopgpu
