//===- CudaNames.h - How the input's C names are spelled in CUDA -*- C++ -*-===//
//
// The one place that decides how an identifier of the input C is spelled in
// the emitted CUDA (C++) source: the kernels, the launchers, the host
// functions, the code pasted from the input and the --validate driver.
//
// Generated names live in a reserved namespace: they start with `loopgpu_`
// (or `LOOPGPU_` for macros). A C name is kept as written unless C++ or CUDA
// reserves it; then it becomes `loopgpu_c_<name>`:
//   - C++ keywords that are not C keywords (`new`, `class`, `this`,
//     `template`, `bool`, `true`, ...), unless the input includes the
//     standard C header that makes the word a macro meaning the same thing
//     (`bool`, `true`, `false` with <stdbool.h>, `and`, `or`... with
//     <iso646.h>, `alignas`, `alignof` with <stdalign.h>, `static_assert`
//     with <assert.h>);
//   - CUDA's built-in variables and types (`threadIdx`, `blockIdx`,
//     `blockDim`, `gridDim`, `warpSize`, `dim3`, `float4`, `make_float4`...)
//     and names the generated code calls (`atomicAdd`..., `cudaMalloc`...:
//     `atomic` or `cuda` and a capital letter, `std`);
//   - functions CUDA's headers declare for host code that C lacks (`min`,
//     `max`, `umin`..., `norm`, `rnorm`, `sinpi`, `rcbrt`, `erfinv`,
//     `normcdf`, ...): a C program's own `static int max(int, int)` or
//     `double norm[3]` would clash with them;
//   - names in the reserved namespace itself (`loopgpu_...`, `LOOPGPU_...`),
//     except `loopgpu_c_...`, which are spelled already (spell() is
//     idempotent).
// C spellings C++ lacks are translated: `restrict` -> `__restrict__`,
// `_Bool` -> `bool`, `_Alignas`/`_Alignof`/`_Static_assert`/`_Thread_local`
// -> their C++ keywords.
//
// Names such as `grid` or `block` stay as written: C++ and CUDA do not
// declare them, and the generated code never refers to them (its own are
// `loopgpu_grid`, `loopgpu_min`, ...), so a C array of that name only
// shadows what it should.
//
// A function that contains a nest keeps its name (C callers link to it), and
// so does every variable or function of the file with external linkage that
// the CUDA file repeats: a reserved one is refused with a located error
// (renameForCuda).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_CUDANAMES_H
#define LOOPGPU_CODEGEN_CUDANAMES_H

#include "loopgpu/IR/Diagnostics.h"
#include "loopgpu/IR/LoopNest.h"

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>

namespace loopgpu {

class CudaNames {
public:
  /// Source: the input file's text (its #include lines decide which C++
  /// keywords are the standard headers' macros rather than its own names).
  explicit CudaNames(llvm::StringRef Source);

  /// The CUDA spelling of the C identifier (or C keyword) Name.
  std::string spell(llvm::StringRef Name) const;
  /// The C name that spell() turned into CudaName, for diagnostics.
  static std::string cName(llvm::StringRef CudaName);
  /// Whether spell(Name) differs from Name.
  bool renames(llvm::StringRef Name) const { return spell(Name) != Name; }
  /// C source text with every identifier spelled by spell(), except inside
  /// comments, string and character literals, and #include lines.
  std::string rewrite(llvm::StringRef Text) const;
  /// Code loopgpu generated in C names (no literals): every identifier
  /// spelled by spell(), except loopgpu's own (`loopgpu_...`).
  std::string rewriteUserNames(llvm::StringRef Text) const;

private:
  std::set<std::string> HeaderMacros; ///< C++ keywords the input's headers define as macros
};

/// Renames every name of P's nests (parameters, arrays, scalars, iterators,
/// the functions' parameters and type spellings) to its CUDA spelling; done
/// once, before the CUDA is planned and printed, so every printer sees the
/// CUDA names. A function with nests, or an external variable or function
/// that the CUDA file repeats, whose name is reserved gets a located error;
/// returns false then.
bool renameForCuda(Program &P, const CudaNames &Names, DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_CUDANAMES_H
