//===- IRPrinter.h - Text and JSON forms of the loop-nest IR -----*- C++ -*-===//
#ifndef LOOPGPU_IR_IRPRINTER_H
#define LOOPGPU_IR_IRPRINTER_H

#include "loopgpu/IR/LoopNest.h"

namespace llvm {
class raw_ostream;
namespace json {
class Value;
}
} // namespace llvm

namespace loopgpu {

/// `-emit=ir`: a stable, readable text form (one line per symbol, loop,
/// statement and access), used by the lit tests.
void printIR(const Program &P, llvm::raw_ostream &OS);
void printNestIR(const Nest &N, llvm::raw_ostream &OS);

/// `-emit=ir -format=json`.
llvm::json::Value nestToJSON(const Nest &N);
void printIRJSON(const Program &P, llvm::raw_ostream &OS);

/// One-line descriptions shared by the printers.
std::string describeClause(const Clause &C);
std::string describeAccess(const Nest &N, const Access &A);
std::string describeArrayShape(const Nest &N, const ArrayInfo &A);

} // namespace loopgpu

#endif // LOOPGPU_IR_IRPRINTER_H
