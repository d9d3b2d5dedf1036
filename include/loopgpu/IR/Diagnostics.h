//===- Diagnostics.h - Located diagnostics for every phase -------*- C++ -*-===//
//
// Every phase reports problems with a source location so that the user sees
// `file:line:col: error: ...` with a caret. The frontend implements this
// interface on top of Clang's DiagnosticsEngine; unit tests collect messages.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_IR_DIAGNOSTICS_H
#define LOOPGPU_IR_DIAGNOSTICS_H

#include "loopgpu/IR/Expr.h"

#include <string>
#include <vector>

namespace loopgpu {

class DiagnosticSink {
public:
  enum class Severity { Error, Warning, Note, Remark };
  virtual ~DiagnosticSink() = default;

  void error(SourceLoc L, const std::string &Msg) { emit(Severity::Error, L, Msg); }
  void warning(SourceLoc L, const std::string &Msg) { emit(Severity::Warning, L, Msg); }
  void note(SourceLoc L, const std::string &Msg) { emit(Severity::Note, L, Msg); }
  void remark(SourceLoc L, const std::string &Msg) { emit(Severity::Remark, L, Msg); }
  unsigned errorCount() const { return Errors; }
  bool hasErrors() const { return Errors != 0; }

protected:
  virtual void report(Severity S, SourceLoc L, const std::string &Msg) = 0;

private:
  void emit(Severity S, SourceLoc L, const std::string &Msg) {
    if (S == Severity::Error)
      ++Errors;
    report(S, L, Msg);
  }
  unsigned Errors = 0;
};

/// Collects diagnostics as "line:col: severity: message" strings.
class CollectingDiagnostics : public DiagnosticSink {
public:
  std::vector<std::string> Messages;

protected:
  void report(Severity S, SourceLoc L, const std::string &Msg) override {
    static const char *Names[] = {"error", "warning", "note", "remark"};
    Messages.push_back(std::to_string(L.Line) + ":" + std::to_string(L.Col) + ": " +
                       Names[static_cast<int>(S)] + ": " + Msg);
  }
};

} // namespace loopgpu

#endif // LOOPGPU_IR_DIAGNOSTICS_H
