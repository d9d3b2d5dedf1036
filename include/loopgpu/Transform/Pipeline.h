//===- Pipeline.h - Which transformations a nest gets -----------*- C++ -*-===//
//
// The transformation pipeline of one nest, read top to bottom in
// lib/Transform/Pipeline.cpp: the requests of pragma clauses first
// (private, distribute, interchange, tile), then the default choices that
// expose outermost parallel loops for the GPU mapping (distribution that
// separates parallel statements from recurrences, interchange that brings
// parallel loops outward and the stride-1 loop inward, privatization,
// reading a copy for WAR dependences), then the -tile option on the
// outermost parallel band, then hoisting invariant loads out of the loops
// each GPU thread runs. The analysis runs again after every step.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_PIPELINE_H
#define LOOPGPU_TRANSFORM_PIPELINE_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

#include <vector>

namespace loopgpu {

struct PipelineOptions {
  /// -tile: sizes for the outermost parallel band, outermost loop first.
  std::vector<int64_t> Tile;
  /// Make the default choices (off: only what clauses and options ask).
  bool Defaults = true;
  /// Apply tile(...) clauses. The CUDA mapping turns off: there the clause
  /// gives the block shape, and the grid/block mapping is the tiling.
  bool TileClauses = true;
  /// The nest goes to the CUDA mapping: a scalar declared in the body of a
  /// sequential loop that stays on the host, and used by more than one of
  /// the kernels launched in that body, is expanded along the loop (kernels
  /// share device memory, not registers).
  bool GPU = false;
  DependenceOptions Analysis;
};

/// Loop L can run one iteration per GPU thread as it is: parallel, or
/// parallel once scalars declared inside the nest are private to each
/// thread (declaring them in the kernel does that), or carrying only
/// atomic scatters (isAtomicScatterLoop: the kernel's updates are
/// atomicAdd). The CUDA mapping's test.
bool parallelPerThread(const Nest &N, const DependenceInfo &DI, unsigned L);

/// Every dependence loop L carries (its verdict's Blocking) is one of its
/// reductions' or goes away with scalars declared inside the nest, private
/// to each iteration (not last-private): what running L's iterations apart,
/// their reductions combined, needs.
bool onlyReductionsCarried(const Nest &N, const DependenceInfo &DI, unsigned L);

/// A reduction by + into elements of an array that may differ between
/// iterations of loop L (`hist[data[i]]++`, `A[idx[i]] += w[i]`): each
/// update can be one atomicAdd. Its statements are `X[..] += e`, `-= e`,
/// `++` or `--` on an int, long or long long (either signedness), float or
/// double element, e of an integer type where X's elements are integers
/// (C adds, then converts: for integers that equals adding the converted
/// value; a float e added to an int element would not).
bool isAtomicScatter(const Nest &N, const Reduction &R, unsigned L);
/// Loop L is a reduction loop whose reductions are all atomic scatters, at
/// least one through a data-dependent subscript (`hist[data[i]]`: affine
/// ones are the transformations' and the reduction kernel's), and whose
/// other carried dependences go away with scalars declared inside it: it
/// runs across threads, each update an atomicAdd (KernelPlan::AtomicUpdates).
bool isAtomicScatterLoop(const Nest &N, const DependenceInfo &DI, unsigned L);

/// Transforms N. Returns false if a request was refused (an error was
/// reported); N then holds what was applied before the refusal. Info is the
/// analysis of the final nest.
bool runPipeline(Nest &N, const PipelineOptions &Opts, DiagnosticSink &Diags, DependenceInfo &Info);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_PIPELINE_H
