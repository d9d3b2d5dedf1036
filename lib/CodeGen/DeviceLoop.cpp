//===- DeviceLoop.cpp - Host loops whose iterations run inside one kernel --===//
//
// A sequential loop that stays on the host launches its kernels once per
// iteration. Where those kernels are small (jacobi-1d's two sweeps of 4,000
// points, durbin's and trisolv's vectors), the launches cost more than the
// work: about 2 to 5 microseconds each against a fraction of one. This pass
// gives such a loop a second form, a kernel that runs a range of its
// iterations itself (DeviceLoopPlan): one block walks through each
// iteration's kernels in order, through each kernel's blocks one after the
// other, with __syncthreads() between kernels.
//
// Legality. Running a kernel's blocks one after the other in one block is
// one of the schedules CUDA allows for a launch (blocks run in any order,
// none waits for another; the kernels here synchronize blocks only with
// atomics and the last-block-done counter, which run the same way in
// sequence). __syncthreads() between two kernels orders every write of the
// first before every read of the second within the block, as the end of a
// launch does for the next. So the loop as a kernel computes what the
// launches compute, provided that:
//   - the body holds only launches (no host code, no choice made on the
//     host, no nested loop), and no temporary array is allocated per
//     iteration (the launcher's cudaMallocAsync cannot move to the device);
//   - each kernel is a parallel, reduction or one-thread kernel (a scan is
//     a call of CUB on the host), and all kernels with threads have blocks of
//     one size T: the loop's block of T threads along x gives each kernel its
//     threadIdx from the linear thread index (x fastest, as CUDA numbers the
//     threads of a block, so the warps are the launch's warps);
//   - the kernels' static shared memory together fits one block, and no
//     kernel keeps tiles in dynamic shared memory (KernelPlan::Stages > 1:
//     the loop's kernel would need their size at its launch);
//   - the iterator is a signed integer (the host computes the ranges of
//     iterations in 64 bits).
// A reduction kernel's loop is grid-stride: inside the loop's kernel it runs
// as one block, whose partial results combine once instead of once per block.
// Where no kernel synchronizes its block, 1024 / T copies of a kernel's block
// (slots, T a multiple of 32: whole warps) run side by side in one block of
// up to 1024 threads: the same schedule with several blocks at a time.
// Arrays only read in the whole nest are the only ones declared
// `const __restrict__` (CudaPrinter::parameterDecls), so no load of an array
// that another kernel of the loop writes can go through the read-only cache.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/GPUMapping.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <set>

namespace loopgpu {
namespace {

/// Whether a thread of K runs a loop of its own: a loop in K's code that is
/// not mapped to the grid (a sequential inner loop, a staged or lane loop).
bool hasPerThreadLoop(const KernelPlan &K, const std::vector<const Node *> &Nodes) {
  for (const Node *Nd : Nodes) {
    if (Nd->K == Node::Kind::Loop &&
        std::none_of(K.Mapped.begin(), K.Mapped.end(), [&](const MappedLoop &M) { return M.Loop == Nd->Id; }))
      return true;
    std::vector<const Node *> Inner;
    for (const NodePtr &C : Nd->Body)
      Inner.push_back(C.get());
    for (const NodePtr &C : Nd->Else)
      Inner.push_back(C.get());
    if (hasPerThreadLoop(K, Inner))
      return true;
  }
  return false;
}

/// Whether K's threads work together within a block: barriers, shared
/// memory, warp-level code. Such a kernel's block needs the whole block of
/// the loop's kernel (its __syncthreads() counts every thread).
bool synchronizesBlock(const KernelPlan &K) {
  return K.K == KernelPlan::Kind::Reduction || K.StagedLoop || !K.Halo.empty() || K.Transposed || K.Mma ||
         !K.LaneLoops.empty() || K.SharedBytes > 0 || !K.Bins.empty();
}

std::string signedIteratorProblem(const Loop &L) {
  if (L.IteratorType.IsUnsigned)
    return "its iterator is unsigned";
  switch (L.IteratorType.K) {
  case ScalarType::Kind::Int:
  case ScalarType::Kind::Long:
  case ScalarType::Kind::LongLong:
  case ScalarType::Kind::Short:
  case ScalarType::Kind::Char:
    return "";
  default:
    return "its iterator is not an integer";
  }
}

class DeviceLoopPlanner {
public:
  DeviceLoopPlanner(const Nest &N, GPUPlan &Plan, const CodeGenOptions &Opts) : N(N), Plan(Plan), Opts(Opts) {}

  void run() { forEachHostLoop(Plan.Host, [&](HostStep &S) { plan(S); }); }

private:
  /// Why loop step S cannot run inside one kernel, or empty; fills D.
  std::string problem(const HostStep &S, DeviceLoopPlan &D) const {
    const Loop &L = N.Loops[S.Src->Id];
    if (std::string Why = signedIteratorProblem(L); !Why.empty())
      return Why;
    for (const ArrayInfo &A : N.Arrays)
      if (A.isTemporary() && !A.AllocLoops.empty() && A.AllocLoops.back() == L.Id)
        return "temporary array '" + A.Name + "' is allocated per iteration";
    std::optional<int64_t> Threads;
    int64_t Shared = 0;
    std::set<unsigned> Seen;
    for (const HostStep &B : S.Body) {
      if (B.K != HostStep::Kind::Launch)
        return "its body holds more than launches";
      const KernelPlan &K = Plan.Kernels[B.Kernel];
      if (K.K == KernelPlan::Kind::Scan)
        return "it calls CUB's scan";
      if (K.Stages > 1)
        return "kernel " + K.Name + " keeps its tiles in dynamic shared memory";
      D.Kernels.push_back(B.Kernel);
      D.PerThreadLoops.push_back(hasPerThreadLoop(K, K.Nodes));
      if (Seen.insert(B.Kernel).second)
        Shared += K.SharedBytes;
      if (K.K == KernelPlan::Kind::Serial)
        continue;
      if (Threads && *Threads != K.threadsPerBlock())
        return "its kernels' blocks have different numbers of threads";
      Threads = K.threadsPerBlock();
    }
    if (D.Kernels.empty())
      return "it launches nothing";
    if (Shared > Opts.SharedLimit)
      return "its kernels' shared memory together exceeds " + std::to_string(Opts.SharedLimit) + " bytes";
    if (Threads)
      D.Threads = *Threads;
    bool Alone = D.Threads % 32 == 0;
    for (unsigned KI : D.Kernels)
      Alone &= !synchronizesBlock(Plan.Kernels[KI]);
    D.Slots = Alone ? std::max<int64_t>(1, 1024 / D.Threads) : 1;
    for (unsigned KI : D.Kernels) {
      const KernelPlan &K = Plan.Kernels[KI];
      std::array<int64_t, 3> B = K.blockShape();
      D.Runs.push_back(K.K == KernelPlan::Kind::Serial      ? DeviceLoopPlan::Run::Thread0
                       : K.K == KernelPlan::Kind::Reduction ? DeviceLoopPlan::Run::OneBlock
                                                            : DeviceLoopPlan::Run::Blocks);
      D.LinearThreads.push_back(K.K != KernelPlan::Kind::Serial && (B[1] != 1 || B[2] != 1 || D.Slots > 1));
    }
    return "";
  }

  void plan(HostStep &S) {
    const Loop &L = N.Loops[S.Src->Id];
    std::string Where = "loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) + ")";
    if (Opts.DeviceLoopBlocks <= 0)
      return;
    DeviceLoopPlan D;
    if (std::string Why = problem(S, D); !Why.empty()) {
      Plan.Remarks.push_back(Where + " launches its kernels from the host in every iteration: " + Why);
      return;
    }
    D.Name = N.symbolPrefix() + "_loop_" + L.Iterator;
    if (!Names.insert(D.Name).second) {
      // Another host loop of the nest has this iterator: its line tells them
      // apart (a count where even that repeats, as in a macro's expansion).
      std::string Base = D.Name + "_line" + std::to_string(L.Loc.Line);
      D.Name = Base;
      for (unsigned I = 2; !Names.insert(D.Name).second; ++I)
        D.Name = Base + "_" + std::to_string(I);
    }
    D.MaxBlocks = Opts.DeviceLoopBlocks;
    bool Loops = llvm::is_contained(D.PerThreadLoops, true);
    Plan.Remarks.push_back(Where + ": runs of iterations whose launches each need at most " +
                           std::to_string(D.MaxBlocks) + " blocks" +
                           (Loops ? " (one for kernels whose threads run loops)" : "") + " run inside one kernel, " +
                           D.Name + " (one block of " + std::to_string(D.Threads * D.Slots) +
                           " threads, the kernels in turn" +
                           (D.Slots > 1 ? ", " + std::to_string(D.Slots) + " of their blocks at a time" : "") +
                           "; no launch per iteration)");
    for (unsigned KI : D.Kernels) // one instance inside the loop's kernel
      if (auto &R = Plan.Kernels[KI].XRuns)
        R->Aligned32 = false;
    S.Device = std::move(D);
  }

  const Nest &N;
  GPUPlan &Plan;
  const CodeGenOptions &Opts;
  std::set<std::string> Names;
};

} // namespace

void planDeviceLoops(const Nest &N, GPUPlan &Plan, const CodeGenOptions &Opts) {
  DeviceLoopPlanner(N, Plan, Opts).run();
}

} // namespace loopgpu
