//===- PassPipeline.cpp - The GPU plan's passes, in order ------------------===//
//
// After the map pass (GPUMapping.cpp) has laid out the kernels and the host
// steps, runGPUPasses lowers them pass by pass (KernelPasses.h), verifying
// the plan after each and printing it where -print-after asks. The kernel
// passes (lane reductions to block combines) also run on copies of
// candidate mappings, through lowerKernel, when the map pass chooses
// between them.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/KernelPasses.h"
#include "PlanSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace loopgpu {

namespace {

struct PassContext {
  const Nest &N;
  const DependenceInfo &DI;
  const CodeGenOptions &Opts;
};

/// A pass over one kernel; it says in Remarks what it could not do.
using KernelPassFn = void (*)(const PassContext &, KernelPlan &, std::vector<std::string> &Remarks);

bool parallel(const KernelPlan &K) { return K.K == KernelPlan::Kind::Parallel && K.Request.Inner; }

/// lane-reductions, first: where the lanes of a warp coalesce more of a
/// reduction loop's reads than the threads do (a row's dot product: staging
/// the vector would leave the rows a thread apart).
void lanesFirst(const PassContext &C, KernelPlan &K, std::vector<std::string> &) {
  if (parallel(K) && K.Request.Lanes)
    planLaneReductions(C.N, C.DI, K, *K.Request.Inner, /*MinAdvantage=*/1);
}

/// stage-strips (StripStaging.cpp); then -min-blocks-per-sm, the user's,
/// replaces the staging's own occupancy request. No request of the
/// planner's own for streaming kernels: asking the 7-point stencil (4
/// outputs per thread, 40 registers) for 8 blocks per SM made nvcc spill at
/// 32 registers, 45.7% of copy bandwidth against 64.4% (H100 runs 7-8).
void stageStrips(const PassContext &C, KernelPlan &K, std::vector<std::string> &Remarks) {
  if (!parallel(K))
    return;
  if (C.Opts.Stage && K.LaneLoops.empty())
    planStripStaging(C.N, K, *K.Request.Inner, C.Opts,
                     StagingInputs{K.Request.MmaLayout, K.Request.CoarsenClause, sharedClauseNames(C.N)}, Remarks);
  if (C.Opts.MinBlocksPerSM > 0)
    K.MinBlocksPerSM = C.Opts.MinBlocksPerSM;
}

/// transposed-stores (TransposedStores.cpp), for kernels that stage nothing.
void transposedStores(const PassContext &C, KernelPlan &K, std::vector<std::string> &Remarks) {
  if (parallel(K) && C.Opts.Stage && K.Staged.empty() && K.LaneLoops.empty())
    planTransposedStore(C.N, K, *K.Request.Inner, C.Opts, K.Request.ShapeRequested, Remarks);
}

/// halos (HaloStaging.cpp, -shared-staging=halo).
void halos(const PassContext &C, KernelPlan &K, std::vector<std::string> &Remarks) {
  if (parallel(K) && C.Opts.Stage && C.Opts.HaloStage && !K.StagedLoop && !K.Transposed && K.LaneLoops.empty())
    planHaloStaging(C.N, K, C.Opts, Remarks);
}

/// lane-reductions, again: where the lanes coalesce as many reads as the
/// threads (nussinov), only in kernels that put nothing in shared memory.
void lanesAfterStaging(const PassContext &C, KernelPlan &K, std::vector<std::string> &) {
  if (parallel(K) && K.Request.Lanes && K.LaneLoops.empty() && !K.StagedLoop && !K.Transposed && K.Halo.empty())
    planLaneReductions(C.N, C.DI, K, *K.Request.Inner, /*MinAdvantage=*/0);
}

/// vector-runs (VectorRuns.cpp). Before them, the lecture's rule: a
/// coarsened thread's iterations along x should be a warp apart, or a warp's
/// global accesses do not coalesce (staged strips' vector fragments read
/// shared tiles only, StripStaging.cpp).
void vectorRuns(const PassContext &C, KernelPlan &K, std::vector<std::string> &Remarks) {
  if (!parallel(K))
    return;
  for (const MappedLoop &M : K.Mapped)
    if (M.Coarsen > 1 && M.Dim == 'x' && M.Stride < 32 && M.Vector == 1 && !K.Request.MmaLayout)
      Remarks.push_back("coarsening along x at stride " + std::to_string(M.Stride) +
                        " (< 32, the warp size): a warp's accesses may not coalesce");
  planVectorRuns(C.N, C.DI, C.Opts, K, Remarks);
}

/// reductions: a reduction kernel's block combines (Reductions.cpp).
void reductions(const PassContext &C, KernelPlan &K, std::vector<std::string> &) {
  if (K.K == KernelPlan::Kind::Reduction)
    planBlockCombines(C.N, K);
}

struct KernelPass {
  const char *Name;
  KernelPassFn Run;
};

/// The kernel passes, in order.
const KernelPass KernelPipeline[] = {
    {"lane-reductions", lanesFirst}, {"stage-strips", stageStrips}, {"transposed-stores", transposedStores},
    {"halos", halos},                {"lane-reductions", lanesAfterStaging}, {"vector-runs", vectorRuns},
    {"reductions", reductions},
};

/// How each block copies its staged and halo tiles: rounds of the block's
/// threads, each thread one load of GlobalVector elements per round.
void sizeTileCopies(KernelPlan &K) {
  for (std::vector<StagedArray> *Tiles : {&K.Staged, &K.Halo})
    for (StagedArray &S : *Tiles) {
      S.CopyLoads = S.elements() / S.GlobalVector;
      S.CopyRounds = (S.CopyLoads + K.threadsPerBlock() - 1) / K.threadsPerBlock();
    }
}

void runKernelPass(const PassContext &C, const KernelPass &P, KernelPlan &K, std::vector<std::string> &Remarks) {
  P.Run(C, K, Remarks);
  sizeTileCopies(K);
}

} // namespace

KernelPlan lowerKernel(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, KernelPlan K) {
  PassContext C{N, DI, Opts};
  std::vector<std::string> Remarks;
  for (const KernelPass &P : KernelPipeline)
    runKernelPass(C, P, K, Remarks);
  return K;
}

bool runGPUPasses(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, GPUPlan &Plan,
                  DiagnosticSink &Diags) {
  auto Finish = [&](const char *Pass) {
    if (std::vector<std::string> Bad = verifyGPUPlan(N, Plan, Pass); !Bad.empty()) {
      Diags.error(N.Loc, "internal error: the GPU plan is inconsistent after pass '" + std::string(Pass) +
                             "': " + llvm::join(Bad, "; ") + " (please report it)");
      return false;
    }
    if (Opts.PrintAfter == Pass) {
      llvm::errs() << "// GPU plan after " << Pass << ", nest at line " << N.Loc.Line << "\n";
      printGPUIR(N, Plan, llvm::errs());
    }
    return true;
  };
  if (!Finish("map"))
    return false;
  PassContext C{N, DI, Opts};
  for (const KernelPass &P : KernelPipeline) {
    for (KernelPlan &K : Plan.Kernels)
      runKernelPass(C, P, K, Plan.Remarks);
    if (!Finish(P.Name))
      return false;
  }
  for (KernelPlan &K : Plan.Kernels)
    coarsenAndJam(N, K);
  if (!Finish("coarsen-jam"))
    return false;
  for (KernelPlan &K : Plan.Kernels)
    planTileVersions(N, K);
  if (!Finish("tile-versions"))
    return false;
  for (KernelPlan &K : Plan.Kernels)
    planSharedBins(N, K, Plan.Remarks);
  if (!Finish("shared-bins"))
    return false;
  for (KernelPlan &K : Plan.Kernels)
    planExactTiles(N, K, Opts);
  if (!Finish("exact-tiles"))
    return false;
  planDeviceLoops(N, Plan, Opts);
  if (!Finish("device-loops"))
    return false;
  return planTimeTiling(N, Plan, Opts, Diags) && Finish("time-tile");
}

llvm::ArrayRef<const char *> gpuPassNames() {
  static const char *const Names[] = {"map",        "lane-reductions", "stage-strips",  "transposed-stores",
                                      "halos",      "vector-runs",     "reductions",    "coarsen-jam",
                                      "tile-versions", "shared-bins",  "exact-tiles",   "device-loops",
                                      "time-tile"};
  return Names;
}

} // namespace loopgpu
