//===- HTMLReport.h - One self-contained HTML page per input ---*- C++ -*-===//
//
// What `loopgpu FILE.c -emit=report -o report.html` writes: a page with
// inline CSS and script (no network) that shows, for one input file,
//   - per nest as written: each loop's verdict and the dependences that
//     block it (with their source lines), every dependence with its
//     direction vectors as a direction matrix (one column per loop);
//   - per nest as mapped: the transformations applied, each kernel's grid,
//     block, tiles, coarsening and shared-memory staging, and why (the
//     planner's notes and remarks, how -tile/-coarsen auto chose);
//   - with --validate: PASS/FAIL per array, and the timings;
//   - the source beside the emitted CUDA, lines linked both ways: a CUDA
//     line links to the source line its comment names (the CUDA printer's
//     `// line N`, `(file.c:N)`), a source line to the CUDA lines that name
//     it (the script highlights all of them).
// Like every printer it decides nothing: it prints the analysis, the plans
// and the harness's output it is given.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_REPORT_HTMLREPORT_H
#define LOOPGPU_REPORT_HTMLREPORT_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/CodeGen/GPUMapping.h"
#include "loopgpu/Validate/Harness.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

struct ReportNest {
  const Nest *Written = nullptr;            ///< as the frontend built it
  const DependenceInfo *WrittenInfo = nullptr;
  const Nest *Mapped = nullptr;             ///< after the GPU transformations
  const GPUPlan *Plan = nullptr;
};

struct ReportInput {
  std::string File;          ///< as the user named it
  llvm::StringRef Source;    ///< its text
  llvm::StringRef Cuda;      ///< the emitted CUDA
  std::string CommandLine;
  std::string Arch;
  std::vector<ReportNest> Nests;
  std::vector<std::string> Tuning; ///< how -tile/-coarsen auto chose (header lines)
  /// --validate: where it ran ("on the GPU", "on the CPU through the CUDA
  /// emulation", "not run (--validate-mode=none)") and what it printed.
  std::optional<HarnessOutcome> Validation;
  std::string ValidationWhere;
};

void printHTMLReport(const ReportInput &In, llvm::raw_ostream &OS);

/// Text escaped for HTML element content and attribute values.
std::string escapeHTML(llvm::StringRef Text);

/// For each line of Cuda (1-based) that names a line of the input in a
/// comment, that input line (at most SourceLines).
std::map<unsigned, unsigned> cudaLinesToSource(llvm::StringRef Cuda, llvm::StringRef File, unsigned SourceLines);

} // namespace loopgpu

#endif // LOOPGPU_REPORT_HTMLREPORT_H
