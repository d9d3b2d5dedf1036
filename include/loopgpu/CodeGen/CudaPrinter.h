//===- CudaPrinter.h - Print the GPU plan as a CUDA file ---------*- C++ -*-===//
//
// Prints what GPUMapping decided, and nothing else: one .cu translation unit
// with, per nest, its kernels (`<function>_nest<N>_kernel`) and a launcher on
// device pointers (`<function>_nest<N>_device`), and per input function the
// host function with the original name and a C-compatible signature, which
// HostCode.h plans and prints (each nest's block comes from here).
// Before them come the input's #include and #define lines and its
// file-scope declarations (Program::FileScope) with C linkage, all in their
// CUDA spelling (CudaNames.h), like the host code pasted from the input.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_CUDAPRINTER_H
#define LOOPGPU_CODEGEN_CUDAPRINTER_H

#include "loopgpu/CodeGen/GPUMapping.h"

#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
}

namespace loopgpu {

/// Prints the CUDA file for Prog. Plans[i] belongs to Prog.Nests[i]; Source
/// is the text of the input file (for the code outside the nests). Returns
/// false after reporting an error if something cannot be printed.
bool printCuda(const Program &Prog, const std::vector<GPUPlan> &Plans, llvm::StringRef Source,
               const CodeGenOptions &Opts, DiagnosticSink &Diags, llvm::raw_ostream &OS);

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_CUDAPRINTER_H
