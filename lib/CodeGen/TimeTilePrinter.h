//===- TimeTilePrinter.h - CUDA of a time-tiled host loop --------*- C++ -*-===//
//
// Prints what a TimeTilePlan decided (TimeTile.cpp): the kernel that runs a
// launch's iterations on shared tiles, the host function that launches it
// iteration chunk by chunk between two buffers per chunk array, and the
// dispatch in the host loop's place. Used by the CUDA printer.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_LIB_CODEGEN_TIMETILEPRINTER_H
#define LOOPGPU_LIB_CODEGEN_TIMETILEPRINTER_H

#include "loopgpu/CodeGen/GPUMapping.h"
#include "loopgpu/IR/ExprPrinter.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <vector>

namespace loopgpu {

struct TimeTileContext {
  const Nest &N;
  const HostStep &Step;                       ///< the loop, with TimeTiled set
  /// The launcher's parameters (declarations and names, one per entry),
  /// which the run function takes as they are.
  std::vector<std::string> ParamDecls, ParamNames;
  /// How the printer spells an array element in device memory and the
  /// nest's other names (the CUDA printer's base overrides).
  std::function<std::optional<std::string>(const Expr &, const ExprPrinter &)> Base;
  const TimeTilePlan &plan() const { return *Step.TimeTiled; }
  const Loop &loop() const { return N.Loops[Step.Src->Id]; }
};

/// The kernel and its run function `<Name>_run`.
void printTimeTileKernel(llvm::raw_ostream &OS, const TimeTileContext &C);
/// The condition the host loop's dispatch tests: true after the run
/// function ran the loop's iterations, false where the loop must run as
/// before (too few blocks to fill the GPU, too few iterations, no memory
/// for the second buffers).
std::string timeTileDispatch(const TimeTileContext &C);

} // namespace loopgpu

#endif // LOOPGPU_LIB_CODEGEN_TIMETILEPRINTER_H
