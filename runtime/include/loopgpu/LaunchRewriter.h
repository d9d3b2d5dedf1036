//===- LaunchRewriter.h - Make CUDA sources parseable as C++ -----*- C++ -*-===//
//
// A C++ compiler cannot parse CUDA's launch syntax. rewriteLaunches() turns
//
//   name<<<G, B>>>(args)        and   name<<<G, B, S, T>>>(args)
//
// into
//
//   ::loopgpu_emu::launch(name, G, B, 0, args)   /  ...(name, G, B, S, args)
//
// (the stream T is dropped: the emulation has only the default stream). The
// name may be qualified and carry template arguments (ns::k<T, 4>), or be
// parenthesized ((*fp)); G, B and the arguments may contain nested
// parentheses, brackets, braces and template argument lists. Comments,
// string and character literals (raw strings included) are left alone; line
// breaks are preserved, so every line keeps its number.
//
// rewriteForEmulation() additionally (by default) adds
// `LOOPGPU_EMU_NOTE_SHARED(var);` after each `__shared__` declaration inside
// a function body, through which the emulation poisons shared memory per
// block and checks the 48 KiB static shared memory budget.
//
// Purely textual: it does not preprocess. Launches written inside macro
// definitions are rewritten there; launches produced by macro expansion are
// not seen.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_LAUNCHREWRITER_H
#define LOOPGPU_LAUNCHREWRITER_H

#include <string>
#include <string_view>
#include <vector>

namespace loopgpu_emu {

struct RewriteOptions {
  /// Add LOOPGPU_EMU_NOTE_SHARED(var); after __shared__ declarations.
  bool NoteShared = true;
};

struct RewriteDiagnostic {
  unsigned Line = 0;   ///< 1-based
  unsigned Column = 0; ///< 1-based, in bytes
  std::string Message;
};

struct RewriteResult {
  std::string Text;
  /// Launches that could not be rewritten (left as they were).
  std::vector<RewriteDiagnostic> Errors;
  unsigned Launches = 0;    ///< launches rewritten
  unsigned SharedNotes = 0; ///< LOOPGPU_EMU_NOTE_SHARED statements added
};

RewriteResult rewriteForEmulation(std::string_view CudaSource,
                                  const RewriteOptions &Options = RewriteOptions());

/// Only the launch rewriting of rewriteForEmulation(); malformed launches
/// are left as they are.
std::string rewriteLaunches(std::string_view CudaSource);

} // namespace loopgpu_emu

#endif // LOOPGPU_LAUNCHREWRITER_H
