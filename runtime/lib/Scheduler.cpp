//===- Scheduler.cpp - Launches, blocks, barriers and warps ---------------===//
//
// A launch is split into blocks; OS threads (the host thread and a few
// workers) take blocks one at a time from a shared counter. A block runs all
// of its CUDA threads as fibers of one OS thread, in rounds: each round
// resumes every runnable thread once, in the order of the schedule (forward,
// reverse or a seeded shuffle), and each runs until it blocks:
//
//   - at __syncthreads(): it waits until no thread of the block can run; then
//     the barrier releases everyone (if some thread exited meanwhile, or the
//     threads wait at different __syncthreads() calls, that is a divergent
//     barrier: reported as an error, and the barrier is released anyway);
//   - at a warp primitive: it deposits its operand and waits until every
//     lane named in the mask that has not exited arrived at the same
//     primitive with the same mask; the last one to arrive computes all
//     results and makes the participants runnable again;
//   - or it exits.
//
// When no thread can run and warp primitives are still waiting, the block
// deadlocked (a GPU would hang or return garbage): reported, and the waiting
// primitives complete with the lanes that arrived.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace loopgpu_emu {
namespace detail {
namespace {

struct Site {
  const char *File = nullptr;
  unsigned Line = 0;
};

bool sameSite(const Site &A, const Site &B) {
  return A.Line == B.Line &&
         (A.File == B.File || (A.File && B.File && !std::strcmp(A.File, B.File)));
}

std::string str(const Site &S) { return format("%s:%u", S.File ? S.File : "?", S.Line); }
std::string str(const uint3 &V) { return format("(%u,%u,%u)", V.x, V.y, V.z); }
std::string str(const dim3 &V) { return format("(%u,%u,%u)", V.x, V.y, V.z); }

const char *opName(int Kind) {
  switch (Kind) {
  case ShflIdx:
    return "__shfl_sync";
  case ShflUp:
    return "__shfl_up_sync";
  case ShflDown:
    return "__shfl_down_sync";
  case ShflXor:
    return "__shfl_xor_sync";
  case Ballot:
    return "__ballot_sync";
  case Any:
    return "__any_sync";
  case All:
    return "__all_sync";
  case SyncWarp:
    return "__syncwarp";
  case ActiveMask:
    return "__activemask";
  }
  return "?";
}

uint64_t splitMix(uint64_t &State) {
  uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

//===----------------------------------------------------------------------===//
// State of a launch (shared by the OS threads running its blocks)
//===----------------------------------------------------------------------===//

struct LaunchState {
  dim3 Grid, Block;
  uint64_t NumBlocks = 0;
  unsigned NumThreads = 0;
  KernelInvoker Invoker{};
  Site Where;
  size_t DynamicShared = 0;
  Schedule Sched = Schedule::Random;
  uint64_t Seed = 0;
  std::atomic<uint64_t> NextBlock{0};

  std::mutex M; // everything below
  unsigned Reported = 0, Suppressed = 0;
  cudaError_t Error = cudaSuccess;
  std::string FirstError;
  std::vector<std::string> OnceKeys;
  std::vector<std::pair<const void *, size_t>> SharedSites;
  size_t StaticShared = 0;
  bool SharedReported = false;

  std::string kernel() const { return "the kernel launched at " + str(Where); }
};

/// Prints and records a diagnostic of a launch. With a OnceKey, only the
/// first diagnostic with that key is printed (later ones are counted).
void report(LaunchState &L, bool IsError, cudaError_t Code, const std::string &Message,
            const std::string &OnceKey = std::string()) {
  std::lock_guard<std::mutex> Lock(L.M);
  countDiagnostic(IsError);
  if (IsError && L.Error == cudaSuccess) {
    L.Error = Code;
    L.FirstError = Message;
  }
  if (!OnceKey.empty()) {
    if (std::find(L.OnceKeys.begin(), L.OnceKeys.end(), OnceKey) != L.OnceKeys.end())
      return;
    L.OnceKeys.push_back(OnceKey);
  }
  if (L.Reported < config().MaxReports) {
    ++L.Reported;
    std::fprintf(stderr, "loopgpu-emu: %s: %s\n", IsError ? "error" : "warning",
                 Message.c_str());
  } else {
    ++L.Suppressed;
  }
}

//===----------------------------------------------------------------------===//
// State of a block (one OS thread)
//===----------------------------------------------------------------------===//

enum class TState : uint8_t { Runnable, Barrier, Warp, Exited };

struct ThreadCtx {
  uint3 Idx{};
  unsigned Linear = 0, Lane = 0, Warp = 0;
  TState State = TState::Runnable;
  int Kind = -1;      // barrier flavour or warp primitive it waits in
  Site Where;         // where it waits
  int Pred = 0;       // __syncthreads_count/and/or operand
  uint64_t Result = 0;
};

/// A warp primitive some lanes wait in.
struct Group {
  unsigned Mask = 0; // lanes named by the mask (for __activemask: unused)
  int Kind = 0;
  unsigned Arrived = 0;
  Site Where;
};

struct WarpState {
  unsigned Base = 0;     // linear index of lane 0
  unsigned Existing = 0; // lanes that exist (the last warp may be partial)
  unsigned Live = 0;     // lanes that have not exited
  uint64_t Value[32];
  int Arg[32];
  int Width[32];
  std::vector<Group> Groups;
};

struct BlockState {
  LaunchState *L = nullptr;
  uint3 Idx{};
  unsigned N = 0;
  std::vector<ThreadCtx> Threads;
  std::vector<WarpState> Warps;
  std::vector<unsigned> Runnable, Order;
  unsigned Alive = 0, AtBarrier = 0, ExitedThisPhase = 0, FirstExited = 0;
  uint64_t Rng = 0;
  std::vector<const void *> NotedShared;
  /// Dynamic shared memory, in 16-byte units (LaunchState::DynamicShared).
  struct alignas(16) Unit16 {
    unsigned char Bytes[16];
  };
  std::vector<Unit16> Dynamic;

  std::string name() const { return "block " + str(Idx) + " of " + L->kernel(); }
  std::string thread(unsigned T) const { return "thread " + str(Threads[T].Idx); }
};

thread_local BlockState *CurBlock = nullptr;
thread_local ThreadCtx *CurThread = nullptr;

ThreadCtx &requireThread(const char *What, const char *File, unsigned Line) {
  if (!CurThread) {
    std::fprintf(stderr, "loopgpu-emu: fatal: %s called outside a kernel at %s:%u\n", What,
                 File ? File : "?", Line);
    std::abort();
  }
  return *CurThread;
}

bool groupReady(const WarpState &W, const Group &G) {
  if (G.Kind == ActiveMask)
    return G.Arrived == W.Live;
  return G.Arrived == (G.Mask & W.Live);
}

std::string laneList(unsigned Mask) {
  std::string S;
  for (unsigned L = 0; L < 32; ++L) {
    if (!(Mask >> L & 1))
      continue;
    unsigned E = L;
    while (E + 1 < 32 && (Mask >> (E + 1) & 1))
      ++E;
    if (!S.empty())
      S += ",";
    S += E == L ? format("%u", L) : format("%u-%u", L, E);
    L = E;
  }
  return S.empty() ? "none" : S;
}

/// Completes the warp primitive W.Groups[GI]: computes every participant's
/// result and makes it runnable. Lanes that did not arrive are treated as
/// inactive.
void completeGroup(BlockState &B, WarpState &W, size_t GI) {
  Group G = W.Groups[GI];
  W.Groups.erase(W.Groups.begin() + static_cast<std::ptrdiff_t>(GI));
  uint64_t Vote = 0;
  bool AnyTrue = false, AllTrue = true;
  for (unsigned Lane = 0; Lane < 32; ++Lane)
    if (G.Arrived >> Lane & 1) {
      bool P = W.Value[Lane] != 0;
      Vote |= uint64_t(P) << Lane;
      AnyTrue |= P;
      AllTrue &= P;
    }
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    if (!(G.Arrived >> Lane & 1))
      continue;
    ThreadCtx &T = B.Threads[W.Base + Lane];
    uint64_t R = 0;
    switch (G.Kind) {
    case ShflIdx:
    case ShflUp:
    case ShflDown:
    case ShflXor: {
      int Width = W.Width[Lane];
      if (Width <= 0 || Width > 32 || (Width & (Width - 1))) {
        report(*B.L, true, cudaErrorLaunchFailure,
               format("%s in %s, %s: width %d is not a power of two from 1 to 32",
                      opName(G.Kind), B.name().c_str(), str(G.Where).c_str(), Width),
               "width" + str(G.Where));
        Width = 32;
      }
      unsigned W1 = static_cast<unsigned>(Width) - 1;
      unsigned SegmentStart = Lane & ~W1;
      unsigned Arg = static_cast<unsigned>(W.Arg[Lane]);
      bool Own = false;
      unsigned Src = Lane;
      switch (G.Kind) {
      case ShflIdx:
        Src = SegmentStart + (Arg & W1);
        break;
      case ShflUp:
        if ((Lane & W1) < Arg)
          Own = true;
        else
          Src = Lane - Arg;
        break;
      case ShflDown:
        if (Arg >= static_cast<unsigned>(Width) || (Lane & W1) + Arg > W1)
          Own = true;
        else
          Src = Lane + Arg;
        break;
      case ShflXor:
        Src = Lane ^ (Arg & 31u);
        if (Src >= SegmentStart + static_cast<unsigned>(Width))
          Own = true;
        break;
      }
      if (!Own && !(G.Arrived >> Src & 1)) {
        report(*B.L, false, cudaSuccess,
               format("%s at %s in %s: lane %u reads lane %u, which does not take part "
                      "(mask 0x%08x, lanes present %s); a GPU returns an undefined value, "
                      "the emulation the lane's own",
                      opName(G.Kind), str(G.Where).c_str(), B.name().c_str(), Lane, Src,
                      G.Mask, laneList(G.Arrived).c_str()),
               "inactive-src" + str(G.Where));
        Own = true;
      }
      R = W.Value[Own ? Lane : Src];
      break;
    }
    case Ballot:
      R = Vote;
      break;
    case Any:
      R = AnyTrue;
      break;
    case All:
      R = AllTrue;
      break;
    case SyncWarp:
      R = 0;
      break;
    case ActiveMask:
      R = G.Arrived;
      break;
    }
    T.Result = R;
    T.State = TState::Runnable;
    T.Kind = -1;
    B.Runnable.push_back(T.Linear);
  }
}

void completeReadyGroups(BlockState &B, WarpState &W) {
  for (size_t GI = 0; GI < W.Groups.size();) {
    if (groupReady(W, W.Groups[GI]))
      completeGroup(B, W, GI); // erases GI
    else
      ++GI;
  }
}

void threadExited(BlockState &B, ThreadCtx &T) {
  T.State = TState::Exited;
  --B.Alive;
  if (B.ExitedThisPhase++ == 0)
    B.FirstExited = T.Linear;
  WarpState &W = B.Warps[T.Warp];
  W.Live &= ~(1u << T.Lane);
  completeReadyGroups(B, W);
}

void threadEntry(void *Arg) {
  ThreadCtx &T = *static_cast<ThreadCtx *>(Arg);
  BlockState &B = *CurBlock;
  try {
    B.L->Invoker.Invoke(B.L->Invoker.Closure);
  } catch (...) {
    report(*B.L, true, cudaErrorLaunchFailure,
           format("%s of %s: the kernel threw a C++ exception", B.thread(T.Linear).c_str(),
                  B.name().c_str()));
  }
  threadExited(B, T);
}

std::string describeWait(const BlockState &B, unsigned Linear) {
  const ThreadCtx &T = B.Threads[Linear];
  switch (T.State) {
  case TState::Barrier:
    return "__syncthreads() at " + str(T.Where);
  case TState::Warp:
    return std::string(opName(T.Kind)) + " at " + str(T.Where);
  case TState::Exited:
    return "exited";
  case TState::Runnable:
    return "runnable";
  }
  return "?";
}

void releaseBarrier(BlockState &B) {
  unsigned FirstWaiting = B.N;
  for (unsigned I = 0; I < B.N; ++I)
    if (B.Threads[I].State == TState::Barrier) {
      FirstWaiting = I;
      break;
    }
  const ThreadCtx &First = B.Threads[FirstWaiting];
  if (B.ExitedThisPhase > 0)
    report(*B.L, true, cudaErrorLaunchFailure,
           format("divergent __syncthreads() in %s: %u thread(s) (first: %s) exited while "
                  "%u thread(s) wait at __syncthreads() at %s; on a GPU this hangs or "
                  "corrupts shared memory",
                  B.name().c_str(), B.ExitedThisPhase, B.thread(B.FirstExited).c_str(),
                  B.AtBarrier, str(First.Where).c_str()));
  // Every thread must wait at the same __syncthreads() call.
  unsigned Other = B.N, NumFirst = 0, NumOther = 0;
  for (unsigned I = 0; I < B.N; ++I) {
    const ThreadCtx &T = B.Threads[I];
    if (T.State != TState::Barrier)
      continue;
    if (sameSite(T.Where, First.Where)) {
      ++NumFirst;
    } else {
      ++NumOther;
      if (Other == B.N)
        Other = I;
    }
  }
  if (NumOther)
    report(*B.L, true, cudaErrorLaunchFailure,
           format("divergent __syncthreads() in %s: threads wait at different "
                  "__syncthreads() calls: %u at %s (first: %s), %u elsewhere (first: %s at "
                  "%s)",
                  B.name().c_str(), NumFirst, str(First.Where).c_str(),
                  B.thread(FirstWaiting).c_str(), NumOther, B.thread(Other).c_str(),
                  str(B.Threads[Other].Where).c_str()));
  uint64_t Count = 0;
  bool And = true, Or = false;
  for (const ThreadCtx &T : B.Threads)
    if (T.State == TState::Barrier) {
      Count += T.Pred != 0;
      And &= T.Pred != 0;
      Or |= T.Pred != 0;
    }
  for (ThreadCtx &T : B.Threads)
    if (T.State == TState::Barrier) {
      T.Result = T.Kind == 0 ? Count : T.Kind == 1 ? uint64_t(And) : uint64_t(Or);
      T.State = TState::Runnable;
      T.Kind = -1;
      B.Runnable.push_back(T.Linear);
    }
  B.AtBarrier = 0;
  B.ExitedThisPhase = 0;
}

/// No thread of the block can run, some are alive: finish __activemask()
/// calls, else report a deadlock of warp primitives, else release the
/// barrier.
void resolveStuck(BlockState &B) {
  bool Progress = false;
  for (WarpState &W : B.Warps)
    for (size_t GI = 0; GI < W.Groups.size();) {
      if (W.Groups[GI].Kind == ActiveMask) {
        completeGroup(B, W, GI);
        Progress = true;
      } else {
        ++GI;
      }
    }
  if (Progress)
    return;
  // Describe every waiting primitive before completing any (completion
  // changes the states the messages describe).
  for (WarpState &W : B.Warps)
    for (const Group &G : W.Groups) {
      unsigned Missing = G.Mask & W.Live & ~G.Arrived;
      unsigned FirstMissing = static_cast<unsigned>(__builtin_ctz(Missing));
      report(*B.L, true, cudaErrorLaunchFailure,
             format("deadlock in %s: lanes %s of warp %u wait in %s(mask 0x%08x) at %s for "
                    "lanes %s, which never arrive (lane %u: %s); on a GPU this hangs or "
                    "returns garbage",
                    B.name().c_str(), laneList(G.Arrived).c_str(), W.Base / 32,
                    opName(G.Kind), G.Mask, str(G.Where).c_str(), laneList(Missing).c_str(),
                    FirstMissing, describeWait(B, W.Base + FirstMissing).c_str()));
      Progress = true;
    }
  for (WarpState &W : B.Warps)
    while (!W.Groups.empty())
      completeGroup(B, W, 0);
  if (Progress)
    return;
  if (B.AtBarrier) {
    releaseBarrier(B);
    return;
  }
  std::fprintf(stderr, "loopgpu-emu: internal error: %s is stuck with %u live threads\n",
               B.name().c_str(), B.Alive);
  std::abort();
}

void arrange(BlockState &B, std::vector<unsigned> &Order) {
  switch (B.L->Sched) {
  case Schedule::Forward:
    std::sort(Order.begin(), Order.end());
    break;
  case Schedule::Reverse:
    std::sort(Order.begin(), Order.end(), [](unsigned A, unsigned C) { return A > C; });
    break;
  case Schedule::Random:
    for (size_t I = Order.size(); I > 1; --I)
      std::swap(Order[I - 1], Order[splitMix(B.Rng) % I]);
    break;
  }
}

void runBlock(LaunchState &L, uint64_t Linear) {
  static thread_local BlockState B;
  B.L = &L;
  B.Idx = uint3{static_cast<unsigned>(Linear % L.Grid.x),
                static_cast<unsigned>(Linear / L.Grid.x % L.Grid.y),
                static_cast<unsigned>(Linear / (uint64_t(L.Grid.x) * L.Grid.y))};
  B.N = L.NumThreads;
  B.Threads.assign(B.N, ThreadCtx());
  B.Warps.resize((B.N + 31) / 32);
  for (unsigned T = 0; T < B.N; ++T) {
    ThreadCtx &C = B.Threads[T];
    C.Idx = uint3{T % L.Block.x, T / L.Block.x % L.Block.y, T / (L.Block.x * L.Block.y)};
    C.Linear = T;
    C.Lane = T % 32;
    C.Warp = T / 32;
  }
  for (unsigned W = 0; W < B.Warps.size(); ++W) {
    WarpState &WS = B.Warps[W];
    WS.Base = W * 32;
    unsigned Lanes = std::min(32u, B.N - W * 32);
    WS.Existing = Lanes == 32 ? ~0u : (1u << Lanes) - 1;
    WS.Live = WS.Existing;
    WS.Groups.clear();
  }
  B.Alive = B.N;
  B.AtBarrier = B.ExitedThisPhase = B.FirstExited = 0;
  uint64_t Mix = L.Seed ^ (Linear * 0xd1b54a32d192ed03ull);
  B.Rng = splitMix(Mix);
  B.NotedShared.clear();
  B.Dynamic.resize((L.DynamicShared + 15) / 16);
  if (!B.Dynamic.empty() && config().Fill != FillMode::None)
    std::memset(static_cast<void *>(B.Dynamic.data()), config().Fill == FillMode::Poison ? 0xff : 0,
                B.Dynamic.size() * 16);

  ::blockIdx = B.Idx;
  ::blockDim = L.Block;
  ::gridDim = L.Grid;
  CurBlock = &B;
  fiberReserve(B.N);
  B.Runnable.clear();
  for (unsigned T = 0; T < B.N; ++T) {
    fiberStart(T, threadEntry, &B.Threads[T]);
    B.Runnable.push_back(T);
  }
  for (;;) {
    while (!B.Runnable.empty()) {
      B.Order.swap(B.Runnable);
      B.Runnable.clear();
      arrange(B, B.Order);
      for (unsigned T : B.Order) {
        ThreadCtx &C = B.Threads[T];
        CurThread = &C;
        ::threadIdx = C.Idx;
        fiberResume(T);
      }
      CurThread = nullptr;
    }
    if (B.Alive == 0)
      break;
    resolveStuck(B);
  }
  CurBlock = nullptr;
}

void runBlocks(LaunchState &L) {
  for (;;) {
    uint64_t Block = L.NextBlock.fetch_add(1, std::memory_order_relaxed);
    if (Block >= L.NumBlocks)
      return;
    runBlock(L, Block);
  }
}

//===----------------------------------------------------------------------===//
// OS threads running blocks
//===----------------------------------------------------------------------===//

class Workers {
public:
  static Workers &get() {
    static Workers W;
    return W;
  }

  /// Runs the blocks of L on the calling thread and up to Helpers workers.
  void run(LaunchState &L, unsigned Helpers) {
    if (Helpers == 0) {
      runBlocks(L);
      return;
    }
    {
      std::lock_guard<std::mutex> Lock(M);
      while (Threads.size() < Helpers) {
        unsigned Index = static_cast<unsigned>(Threads.size());
        Threads.emplace_back([this, Index] { loop(Index); });
      }
      Job = &L;
      JobHelpers = Helpers;
      Active = Helpers;
      ++Generation;
    }
    Wake.notify_all();
    runBlocks(L);
    std::unique_lock<std::mutex> Lock(M);
    Done.wait(Lock, [this] { return Active == 0; });
    Job = nullptr;
  }

  ~Workers() {
    {
      std::lock_guard<std::mutex> Lock(M);
      Stop = true;
    }
    Wake.notify_all();
    for (std::thread &T : Threads)
      T.join();
  }

private:
  void loop(unsigned Index) {
    uint64_t Seen = 0;
    std::unique_lock<std::mutex> Lock(M);
    for (;;) {
      Wake.wait(Lock, [&] { return Stop || Generation != Seen; });
      if (Stop)
        return;
      Seen = Generation;
      if (Index >= JobHelpers)
        continue;
      LaunchState *L = Job;
      Lock.unlock();
      runBlocks(*L);
      Lock.lock();
      if (--Active == 0)
        Done.notify_all();
    }
  }

  std::mutex M;
  std::condition_variable Wake, Done;
  std::vector<std::thread> Threads;
  LaunchState *Job = nullptr;
  unsigned JobHelpers = 0, Active = 0;
  uint64_t Generation = 0;
  bool Stop = false;
};

/// Checks a launch configuration like the CUDA runtime; "" if valid.
std::string configurationProblem(const dim3 &G, const dim3 &Bk) {
  if (!G.x || !G.y || !G.z)
    return "grid " + str(G) + " is empty";
  if (!Bk.x || !Bk.y || !Bk.z)
    return "block " + str(Bk) + " is empty";
  if (Bk.x > 1024 || Bk.y > 1024 || Bk.z > 64)
    return "block " + str(Bk) + " exceeds the maximum block dimensions (1024,1024,64)";
  uint64_t Threads = uint64_t(Bk.x) * Bk.y * Bk.z;
  if (Threads > 1024)
    return format("block %s has %llu threads, more than 1024", str(Bk).c_str(),
                  static_cast<unsigned long long>(Threads));
  if (G.x > 0x7fffffffu)
    return "grid " + str(G) + ": grid.x exceeds 2147483647";
  if (G.y > 65535 || G.z > 65535)
    return "grid " + str(G) + ": grid.y and grid.z may not exceed 65535";
  return std::string();
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

namespace {
/// cudaFuncSetAttribute's cudaFuncAttributeMaxDynamicSharedMemorySize per kernel.
std::mutex FuncAttributesMutex;
std::map<const void *, size_t> &dynamicSharedOptIns() {
  static std::map<const void *, size_t> M;
  return M;
}
} // namespace

cudaError_t setFuncAttribute(const void *Kernel, int Attribute, int Value) {
  if (cudaError_t E = stickyError())
    return E;
  if (!Kernel || Value < 0)
    return cudaErrorInvalidValue;
  if (Attribute == cudaFuncAttributePreferredSharedMemoryCarveout)
    return Value <= 100 ? cudaSuccess : cudaErrorInvalidValue;
  if (Attribute != cudaFuncAttributeMaxDynamicSharedMemorySize ||
      size_t(Value) > config().SharedOptInLimit)
    return cudaErrorInvalidValue;
  std::lock_guard<std::mutex> Lock(FuncAttributesMutex);
  dynamicSharedOptIns()[Kernel] = size_t(Value);
  return cudaSuccess;
}

cudaError_t occupancy(int *NumBlocks, const void *Kernel, int BlockSize, size_t DynamicShared) {
  if (cudaError_t E = stickyError())
    return E;
  if (!NumBlocks || !Kernel || BlockSize < 1 || BlockSize > 1024)
    return cudaErrorInvalidValue;
  const size_t SharedPerSM = 228 * 1024, ReservedPerBlock = 1024;
  size_t Blocks = std::min<size_t>(2048 / size_t(BlockSize), 32);
  Blocks = std::min(Blocks, SharedPerSM / (DynamicShared + ReservedPerBlock));
  *NumBlocks = static_cast<int>(Blocks);
  return cudaSuccess;
}

void resetFuncAttributes() {
  std::lock_guard<std::mutex> Lock(FuncAttributesMutex);
  dynamicSharedOptIns().clear();
}

void *dynamicShared() {
  BlockState *B = CurBlock;
  return B && !B->Dynamic.empty() ? static_cast<void *>(B->Dynamic.data()) : nullptr;
}

void launchKernel(const void *Kernel, const LaunchDim &Grid, const LaunchDim &Block,
                  size_t SharedBytes, const KernelInvoker &Invoker, const PointerArg *Pointers,
                  size_t NumPointers) {
  const Config &C = config();
  Site Where{Grid.File, Grid.Line};
  if (cudaError_t E = stickyError()) {
    setLaunchError(E); // a GPU context with a sticky error runs nothing more
    return;
  }
  if (CurThread) {
    std::fprintf(stderr, "loopgpu-emu: fatal: kernel launch at %s from device code "
                         "(dynamic parallelism is not emulated)\n",
                 str(Where).c_str());
    std::abort();
  }
  std::string Problem = configurationProblem(Grid.Dim, Block.Dim);
  if (!Problem.empty()) {
    countDiagnostic(true);
    // CUDA 13 returns cudaErrorInvalidValue here (older releases returned
    // cudaErrorInvalidConfiguration); not sticky.
    std::fprintf(stderr, "loopgpu-emu: error: kernel launch at %s: %s: %s\n",
                 str(Where).c_str(), Problem.c_str(),
                 cudaGetErrorString(cudaErrorInvalidValue));
    setLaunchError(cudaErrorInvalidValue);
    return;
  }
  size_t DynamicLimit = C.SharedLimit;
  {
    std::lock_guard<std::mutex> Lock(FuncAttributesMutex);
    auto It = dynamicSharedOptIns().find(Kernel);
    if (It != dynamicSharedOptIns().end())
      DynamicLimit = It->second;
  }
  if (SharedBytes > DynamicLimit) {
    countDiagnostic(true);
    std::fprintf(stderr,
                 "loopgpu-emu: error: kernel launch at %s: %zu bytes of dynamic shared memory, "
                 "more than %zu%s: %s\n",
                 str(Where).c_str(), SharedBytes, DynamicLimit,
                 DynamicLimit == C.SharedLimit
                     ? " (cudaFuncSetAttribute with cudaFuncAttributeMaxDynamicSharedMemorySize allows more)"
                     : "",
                 cudaGetErrorString(cudaErrorInvalidValue));
    setLaunchError(cudaErrorInvalidValue);
    return;
  }
  if (C.CheckPointers)
    for (size_t I = 0; I < NumPointers; ++I) {
      const void *P = Pointers[I].Value;
      if (!P || isDeviceAccessible(P, 0))
        continue;
      std::string Message =
          format("kernel launch at %s: argument %u (%p) does not point into memory from "
                 "cudaMalloc or cudaMallocHost; a GPU faults when the kernel dereferences it "
                 "(set LOOPGPU_EMU_CHECK_POINTERS=0 if the kernel never does): %s",
                 str(Where).c_str(), Pointers[I].Index + 1, P,
                 cudaGetErrorString(cudaErrorIllegalAddress));
      countDiagnostic(true);
      std::fprintf(stderr, "loopgpu-emu: error: %s\n", Message.c_str());
      setStickyError(cudaErrorIllegalAddress, Message);
      return;
    }

  // One launch at a time (host threads may launch concurrently; a GPU would
  // serialize them on the default stream too).
  static std::mutex LaunchMutex;
  std::lock_guard<std::mutex> LaunchLock(LaunchMutex);
  LaunchState L;
  L.Grid = Grid.Dim;
  L.Block = Block.Dim;
  L.NumBlocks = uint64_t(L.Grid.x) * L.Grid.y * L.Grid.z;
  L.NumThreads = L.Block.x * L.Block.y * L.Block.z;
  L.Invoker = Invoker;
  L.Where = Where;
  L.DynamicShared = SharedBytes;
  L.Sched = C.Sched;
  L.Seed = C.Seed;
  uint64_t Helpers = std::min<uint64_t>(C.Threads, L.NumBlocks) - 1;
  Workers::get().run(L, static_cast<unsigned>(Helpers));

  if (L.Suppressed)
    std::fprintf(stderr, "loopgpu-emu: note: %u more diagnostic(s) of %s not shown "
                         "(LOOPGPU_EMU_MAX_REPORTS)\n",
                 L.Suppressed, L.kernel().c_str());
  if (L.Error != cudaSuccess)
    setStickyError(L.Error, L.FirstError);
}

void syncThreads(const char *File, unsigned Line) {
  ThreadCtx &T = requireThread("__syncthreads()", File, Line);
  T.State = TState::Barrier;
  T.Kind = -1;
  T.Where = Site{File, Line};
  T.Pred = 0;
  ++CurBlock->AtBarrier;
  fiberYield();
}

int syncThreadsReduce(int Op, int Predicate, const char *File, unsigned Line) {
  ThreadCtx &T = requireThread("__syncthreads_count/and/or()", File, Line);
  T.State = TState::Barrier;
  T.Kind = Op;
  T.Where = Site{File, Line};
  T.Pred = Predicate != 0;
  ++CurBlock->AtBarrier;
  fiberYield();
  return static_cast<int>(T.Result);
}

uint64_t warpOp(int Kind, unsigned Mask, uint64_t Value, int Arg, int Width, const char *File,
                unsigned Line) {
  ThreadCtx &T = requireThread(opName(Kind), File, Line);
  BlockState &B = *CurBlock;
  WarpState &W = B.Warps[T.Warp];
  unsigned Bit = 1u << T.Lane;
  Site Where{File, Line};
  if (Kind == ActiveMask) {
    Mask = 0;
  } else if (!(Mask & Bit)) {
    report(*B.L, true, cudaErrorLaunchFailure,
           format("%s at %s in %s: lane %u calls it with mask 0x%08x, which does not name the "
                  "lane itself (undefined behavior on a GPU)",
                  opName(Kind), str(Where).c_str(), B.name().c_str(), T.Lane, Mask),
           "mask" + str(Where));
    Mask |= Bit;
  }
  W.Value[T.Lane] = Value;
  W.Arg[T.Lane] = Arg;
  W.Width[T.Lane] = Width;
  size_t GI = 0;
  for (; GI < W.Groups.size(); ++GI) {
    const Group &G = W.Groups[GI];
    if (G.Kind == Kind &&
        (Kind == ActiveMask ? sameSite(G.Where, Where) : G.Mask == Mask))
      break;
  }
  if (GI == W.Groups.size())
    W.Groups.push_back(Group{Mask, Kind, 0, Where});
  W.Groups[GI].Arrived |= Bit;
  T.State = TState::Warp;
  T.Kind = Kind;
  T.Where = Where;
  if (groupReady(W, W.Groups[GI]))
    completeGroup(B, W, GI);
  fiberYield();
  return T.Result;
}

void noteShared(const void *SiteKey, void *Address, size_t Size, const char *Name,
                const char *File, unsigned Line) {
  BlockState *B = CurBlock;
  if (!B || !CurThread)
    return;
  for (const void *K : B->NotedShared)
    if (K == SiteKey)
      return;
  B->NotedShared.push_back(SiteKey);
  switch (config().Fill) {
  case FillMode::Poison:
    std::memset(Address, 0xff, Size);
    break;
  case FillMode::Zero:
    std::memset(Address, 0, Size);
    break;
  case FillMode::None:
    break;
  }
  LaunchState &L = *B->L;
  std::string Message;
  {
    std::lock_guard<std::mutex> Lock(L.M);
    for (const auto &S : L.SharedSites)
      if (S.first == SiteKey)
        return;
    L.SharedSites.emplace_back(SiteKey, Size);
    L.StaticShared += Size;
    if ((L.StaticShared <= config().SharedLimit &&
         L.StaticShared + L.DynamicShared <= config().SharedOptInLimit) ||
        L.SharedReported)
      return;
    L.SharedReported = true;
    Message = format("%s uses %zu bytes of static shared memory per block (with '%s', %zu "
                     "bytes, at %s:%u)%s, more than the %zu bytes a block may have; ptxas "
                     "rejects this (\"uses too much shared data\")",
                     L.kernel().c_str(), L.StaticShared, Name, Size, File ? File : "?", Line,
                     L.DynamicShared ? format(" plus %zu dynamic", L.DynamicShared).c_str()
                                     : "",
                     L.StaticShared > config().SharedLimit ? config().SharedLimit
                                                           : config().SharedOptInLimit);
  }
  report(L, true, cudaErrorLaunchOutOfResources, Message);
}

void misalignedVector(const void *P, size_t Bytes) {
  std::string Message = format("a %zu-byte vector access at %p, which is not %zu-byte aligned: %s", Bytes, P,
                               Bytes, cudaGetErrorString(cudaErrorMisalignedAddress));
  if (!CurThread) { // host code: a CPU would not fault either
    countDiagnostic(true);
    std::fprintf(stderr, "loopgpu-emu: error: %s\n", Message.c_str());
    return;
  }
  BlockState &B = *CurBlock;
  const ThreadCtx &T = *CurThread;
  report(*B.L, true, cudaErrorMisalignedAddress,
         format("%s, thread (%u, %u, %u): %s", B.name().c_str(), T.Idx.x, T.Idx.y, T.Idx.z, Message.c_str()),
         "misaligned");
}

} // namespace detail
} // namespace loopgpu_emu
