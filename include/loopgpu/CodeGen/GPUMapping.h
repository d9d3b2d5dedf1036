//===- GPUMapping.h - Decide how a nest runs on the GPU ----------*- C++ -*-===//
//
// The decisions of code generation, made from the dependence analysis and
// kept apart from printing (PPCG's split): which loops become kernels, which
// of their loops map to grid and block dimensions, which stay sequential
// inside a thread or on the host, and how reductions are combined.
//
//   - A loop at host level whose verdict is parallel (or parallel after
//     privatizing scalars declared inside the nest) becomes a kernel; its
//     perfectly nested parallel inner loops with bounds independent of the
//     mapped iterators join the mapping, up to three. The loop indexing the
//     fastest-varying subscript of most accesses goes on x (coalescing).
//   - A loop whose only carried dependences are reductions on scalars
//     declared outside the nest becomes a reduction kernel: per-thread
//     partials, warp shuffles, a shared-memory step, one atomic per block.
//   - A sequential loop that contains parallel loops stays on the host and
//     launches kernels for them in order; any other code runs in a
//     one-thread kernel, so data never leaves the device.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_GPUMAPPING_H
#define LOOPGPU_CODEGEN_GPUMAPPING_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"
#include "loopgpu/IR/LoopNest.h"

#include <string>
#include <vector>

namespace loopgpu {

struct CodeGenOptions {
  std::vector<int64_t> Tile;    ///< -tile: block sizes, outermost mapped loop first
  std::vector<int64_t> Coarsen; ///< -coarsen (not applied yet; recorded in the header)
  std::string Arch = "sm_90";
  std::string CommandLine;      ///< for the output's header comment
};

/// A loop of a kernel mapped to one grid/block dimension.
struct MappedLoop {
  unsigned Loop = 0;
  char Dim = 'x';          ///< 'x', 'y' or 'z'
  int64_t BlockSize = 32;  ///< threads per block along Dim
};

struct KernelPlan {
  enum class Kind {
    Parallel,  ///< Mapped loops over grid x block, the rest inside each thread
    Reduction, ///< one loop over grid x block, reductions combined across threads
    Serial,    ///< one thread runs Nodes in order
  };
  Kind K = Kind::Parallel;
  std::string Name;                 ///< <function>_nest<N>_kernel[<M>]
  std::vector<const Node *> Nodes;  ///< the host-level nodes the kernel computes
  std::vector<MappedLoop> Mapped;   ///< Parallel: outermost first; Reduction: one
  std::vector<Reduction> Reductions;///< Reduction kernels
  /// Loops that stay on the host around this kernel (their iterators are
  /// kernel arguments), outermost first.
  std::vector<unsigned> HostLoops;
  std::vector<std::string> Notes;   ///< why this shape, for comments
  int64_t threadsPerBlock() const {
    int64_t T = 1;
    for (const MappedLoop &M : Mapped)
      T *= M.BlockSize;
    return T;
  }
};

/// The host-side schedule of a nest: host loops and ifs around launches.
struct HostStep {
  enum class Kind { Loop, If, Launch };
  Kind K = Kind::Launch;
  const Node *Src = nullptr;      ///< Loop / If
  unsigned Kernel = 0;            ///< Launch
  std::vector<HostStep> Body, Else;
};

struct GPUPlan {
  std::vector<KernelPlan> Kernels;  ///< in textual order
  std::vector<HostStep> Host;
  std::vector<std::string> Remarks; ///< decisions worth telling the user
};

/// Plans one nest. Reports (as errors) options it cannot honour, e.g. a tile
/// needing more than 1024 threads per block; returns an empty plan then.
GPUPlan planGPU(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts,
                DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_GPUMAPPING_H
