//===- Harness.h - Run the emitted CUDA against the original C ---*- C++ -*-===//
//
// `loopgpu --validate` writes a self-contained harness into a directory:
//   ref.c       the input file (and the accessors of its variables at file
//               scope), compiled by the host C compiler with each
//               function renamed loopgpu_ref_<name> (-D<name>=...),
//   kernels.cu  the emitted CUDA (and the same accessors),
//   driver.cu   a generated main(): parameters from --param or defaults that
//               are multiples of no tile size, arrays sized from their
//               extents or access footprints, random inputs from --seed (never
//               all zeros), arrays the nest only writes poisoned with the same
//               value in both copies so unwritten elements show; variables
//               at file scope, one per side, reached through accessors the
//               harness adds to ref.c, ref_hp.c and kernels.cu, set to the
//               same inputs; it calls the original and the CUDA version,
//               compares every written array (arguments and variables at
//               file scope) and the return value, and prints PASS or FAIL with the worst
//               element, its index and both values; it also times both,
//   run.sh      builds and runs it: `run.sh gpu` with nvcc on a GPU, or
//               `run.sh cpu` through the CUDA emulation of runtime/ (the very
//               same kernel source, rewritten by loopgpu-emu-rewrite and
//               compiled with the host C++ compiler: one fiber per CUDA
//               thread, real barriers, warps in lockstep).
//
// Tolerances: integers compare exactly. Floating-point elements pass when
// |cuda - ref| <= tol * max(1, |ref|), tol = 1e-5 (float) or 1e-12 (double)
// for nests without reductions, and 1e-4 (float) or 1e-10 (double) where a
// reduction or an accumulation may be reordered or contracted into FMAs.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_VALIDATE_HARNESS_H
#define LOOPGPU_VALIDATE_HARNESS_H

#include "loopgpu/IR/Diagnostics.h"
#include "loopgpu/IR/LoopNest.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

struct ValidateOptions {
  std::map<std::string, int64_t> Params; ///< --param NAME=VALUE
  unsigned Seed = 1;
  std::string Arch = "sm_90";
  std::string Dir;                       ///< where the harness goes
  /// loopgpu-emu-rewrite of this build, for `run.sh cpu` (empty: no CPU mode).
  std::string EmuRewrite;
  /// --inputs: "random" (in [-1, 1)), "positive" (floating-point inputs in
  /// [0.5, 1.5)), or "spd" / "dominant" (square matrices the nests read made
  /// symmetric positive definite / diagonally dominant).
  std::string Inputs = "random";
  /// The preprocessor options the input was parsed with (-I, -D, -U,
  /// -isystem, -include; paths absolute) and -I of the input's directory:
  /// the harness compiles the original and the CUDA with them.
  std::vector<std::string> PreprocessorFlags;
};

/// The options of a compile command (Clang's arguments) that the harness
/// repeats: -I, -iquote, -isystem, -D, -U, -include, paths made absolute
/// against Directory.
std::vector<std::string> preprocessorFlags(const std::vector<std::string> &CommandLine,
                                           llvm::StringRef Directory);

/// Text with `float` and `double` spelled `long double` (outside comments,
/// literals and preprocessor lines): the original in high precision, the
/// reference the driver judges rounding differences against.
std::string highPrecisionText(llvm::StringRef Text);

/// Default value of the I-th integer parameter: small primes, so that no
/// size is a multiple of a tile.
int64_t defaultParamValue(unsigned I);

/// Writes ref.c, kernels.cu, driver.cu and run.sh into Opts.Dir. Reports and
/// returns false if the harness cannot be made (e.g. an array whose size the
/// driver cannot compute).
bool writeHarness(const Program &P, llvm::StringRef Source, llvm::StringRef Cuda,
                  const ValidateOptions &Opts, DiagnosticSink &Diags);

/// Runs Dir/run.sh in GPU or CPU mode and returns its exit status (-1 if it
/// could not be started). With OutputFile, its standard output and error go
/// there instead of the terminal.
int runHarness(const std::string &Dir, bool GPU, const std::string &OutputFile = "");

/// The name of the first GPU `nvidia-smi -L` lists; empty when there is none.
std::string firstGPUName();

/// The GPU's name in the first line of `nvidia-smi -L` output; empty if the
/// line is not a GPU's.
std::string gpuNameFromSmi(llvm::StringRef Output);

/// What a harness printed, line by line (for reports): the verdicts per
/// array and return value, the timings, and the overall verdict.
struct HarnessOutcome {
  struct Check {
    std::string Status; ///< "PASS", "FAIL" or "INCONCLUSIVE"
    std::string What;   ///< "matmul: C", "matmul: the return value"...
    std::string Detail; ///< the rest of the line: "(1961 elements)", "3 of 10 elements differ; ..."
  };
  std::string Sizes;               ///< "matmul with n=37 m=53 p=29 (seed 1)"
  std::vector<Check> Checks;
  std::vector<std::string> Times;  ///< "matmul: kernels alone (median of 10) 0.607 ms", ...
  std::vector<std::string> Other;  ///< any other line (tolerances, errors of the build or run)
  bool Passed = false;             ///< the last line is PASS
};
HarnessOutcome parseHarnessOutput(llvm::StringRef Output);

/// The sum of the "kernels alone" medians (ms) that a harness printed, if
/// its last line is PASS and it printed at least one.
std::optional<double> passedKernelMs(llvm::StringRef Output);

} // namespace loopgpu

#endif // LOOPGPU_VALIDATE_HARNESS_H
