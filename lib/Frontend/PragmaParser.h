//===- PragmaParser.h - #pragma loopgpu handling ----------------*- C++ -*-===//
#ifndef LOOPGPU_LIB_FRONTEND_PRAGMAPARSER_H
#define LOOPGPU_LIB_FRONTEND_PRAGMAPARSER_H

#include "loopgpu/IR/LoopNest.h"

#include "clang/Basic/TokenKinds.h"
#include "clang/Lex/Pragma.h"

#include <string>
#include <vector>

namespace loopgpu {

class ClangDiagnostics;

/// The tokens of one `#pragma loopgpu ...` line, as lexed.
struct PragmaRecord {
  clang::SourceLocation Loc; ///< the `loopgpu` token
  struct Tok {
    clang::tok::TokenKind Kind;
    std::string Spelling;
    clang::SourceLocation Loc;
  };
  std::vector<Tok> Tokens;
  clang::SourceLocation EndLoc; ///< end of the pragma line
};

/// Records every `#pragma loopgpu` line; clause parsing happens later, when a
/// DiagnosticSink is available.
class LoopgpuPragmaHandler : public clang::PragmaHandler {
public:
  explicit LoopgpuPragmaHandler(std::vector<PragmaRecord> &Out)
      : clang::PragmaHandler("loopgpu"), Out(Out) {}
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  std::vector<PragmaRecord> &Out;
};

/// Parses the clauses of a pragma. Reports located errors and returns false
/// on unknown clauses or bad arguments.
bool parseClauses(const PragmaRecord &P, ClangDiagnostics &Diag, std::vector<Clause> &Out);

} // namespace loopgpu

#endif
