//===- CPrinter.h - The transformed program as C99 (-emit=c) -----*- C++ -*-===//
//
// Prints the input file with every marked nest replaced by its transformed
// loops: plain C99 that `cc -std=c99` compiles and that computes what the
// original computes. Code outside the nests is the original text
// (Nest::PragmaLineOffset .. Nest::EndOffset is what gets replaced; the
// pragma line goes too). Each nest becomes a block that says which
// transformations were applied and where they came from, declares the
// temporaries they introduced (private copies, expanded scalars as malloc'd
// arrays), and annotates every loop with the analysis' verdict:
//
//   /* parallel -- line 12 */
//   /* reduction(+: s) -- line 7 */
//   /* sequential: RAW B (<) -- line 5 */
//
// Printers only print: the verdicts come from the DependenceInfo of the
// transformed nest, the code from its IR (ExprPrinter for statements).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_CPRINTER_H
#define LOOPGPU_CODEGEN_CPRINTER_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/LoopNest.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace loopgpu {

/// A transformed nest and the analysis of it.
struct PrintedNest {
  const Nest *N = nullptr;
  const DependenceInfo *Info = nullptr;
};

/// Prints Source (the text of the input file named FileName) with the nests
/// replaced, plus the includes and helper macros the new code needs.
void printTransformedC(llvm::StringRef Source, llvm::StringRef FileName,
                       const std::vector<PrintedNest> &Nests, llvm::raw_ostream &OS);

/// The block that replaces one nest, indented by Indent spaces.
std::string printNestC(const Nest &N, const DependenceInfo &Info, unsigned Indent);

/// The comment text of a loop's verdict: "parallel", "reduction(+: s)",
/// "sequential: RAW B (<)", ...
std::string verdictComment(const Nest &N, const DependenceInfo &Info, unsigned Loop);

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_CPRINTER_H
