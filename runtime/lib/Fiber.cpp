//===- Fiber.cpp - Fibers for CUDA threads (Boost.Context) ----------------===//
//
// One pool of fiber slots per OS thread: a slot is a stack (mmap'd, with a
// PROT_NONE guard page below it, reused from block to block) and a
// boost::context::fiber running on it.
//
// AddressSanitizer must be told about every stack switch, or it reports false
// positives and mixes up its "fake stacks" (detect_stack_use_after_return).
// Boost 1.74's fiber_fcontext has no such annotations, so this file makes
// them itself around every resume: __sanitizer_start_switch_fiber before the
// jump, __sanitizer_finish_switch_fiber right after it, on both sides. They
// are declared weak: without ASan in the process they are null and skipped.
// This file is compiled with -fno-sanitize=address in sanitizer builds
// (runtime/CMakeLists.txt): the few frames of Boost and of the entry lambda
// that run between a jump and its annotation must not use ASan's fake stack.
// Everything they call (the scheduler, the kernel) is instrumented as usual.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <boost/context/fiber.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

extern "C" {
void __sanitizer_start_switch_fiber(void **FakeStackSave, const void *Bottom, size_t Size)
    __attribute__((weak));
void __sanitizer_finish_switch_fiber(void *FakeStackSave, const void **BottomOld,
                                     size_t *SizeOld) __attribute__((weak));
}

namespace ctx = boost::context;

namespace loopgpu_emu {
namespace detail {

bool underAddressSanitizer() { return __sanitizer_start_switch_fiber != nullptr; }

namespace {

inline void startSwitch(void **FakeStackSave, const void *Bottom, size_t Size) {
  if (__sanitizer_start_switch_fiber)
    __sanitizer_start_switch_fiber(FakeStackSave, Bottom, Size);
}
inline void finishSwitch(void *FakeStackSave, const void **BottomOld, size_t *SizeOld) {
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber(FakeStackSave, BottomOld, SizeOld);
}

/// Stacks belong to the slot, not to the fiber: the fiber must not free them.
struct SlotStackAllocator {
  ctx::stack_context allocate() {
    std::fprintf(stderr, "loopgpu-emu: internal error: fiber stack allocation requested\n");
    std::abort();
  }
  void deallocate(ctx::stack_context &) noexcept {}
};

struct Slot {
  void *Map = nullptr; // the whole mapping: guard page + stack
  size_t MapSize = 0;
  char *Bottom = nullptr; // lowest usable stack address
  size_t Size = 0;
  ctx::fiber Fiber; // the CUDA thread, while suspended
  ctx::fiber Sink;  // the scheduler, while the CUDA thread runs
  FiberEntry Entry = nullptr;
  void *Arg = nullptr;
  bool Finished = true;
  // AddressSanitizer: this slot's fake stack (kept from fiber to fiber) and
  // the bounds of the stack that resumed it.
  void *FakeStack = nullptr;
  const void *SchedulerBottom = nullptr;
  size_t SchedulerSize = 0;

  ~Slot() {
    if (Map)
      munmap(Map, MapSize);
  }
};

struct Pool {
  std::vector<std::unique_ptr<Slot>> Slots;
  Slot *Current = nullptr;
  size_t PageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
};

thread_local Pool TheLocalPool;

} // namespace

void fiberReserve(unsigned N) {
  Pool &P = TheLocalPool;
  size_t Size = (config().StackSize + P.PageSize - 1) / P.PageSize * P.PageSize;
  while (P.Slots.size() < N) {
    auto S = std::make_unique<Slot>();
    S->MapSize = Size + P.PageSize;
    S->Map = mmap(nullptr, S->MapSize, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (S->Map == MAP_FAILED) {
      std::fprintf(stderr,
                   "loopgpu-emu: fatal: cannot map %u fiber stacks of %zu bytes "
                   "(LOOPGPU_EMU_STACK_SIZE)\n",
                   N, Size);
      std::abort();
    }
    mprotect(S->Map, P.PageSize, PROT_NONE); // guard page: overflow faults
    S->Bottom = static_cast<char *>(S->Map) + P.PageSize;
    S->Size = Size;
    P.Slots.push_back(std::move(S));
  }
}

void fiberStart(unsigned I, FiberEntry Entry, void *Arg) {
  Slot *S = TheLocalPool.Slots[I].get();
  if (S->Fiber) {
    std::fprintf(stderr, "loopgpu-emu: internal error: fiber slot %u still in use\n", I);
    std::abort();
  }
  S->Entry = Entry;
  S->Arg = Arg;
  S->Finished = false;
  ctx::stack_context SC;
  SC.size = S->Size;
  SC.sp = S->Bottom + S->Size;
  // The fiber's constructor jumps onto the new stack and straight back
  // (Boost's fiber_entry, in this uninstrumented file): not announced to ASan.
  S->Fiber = ctx::fiber(std::allocator_arg, ctx::preallocated(SC.sp, SC.size, SC),
                        SlotStackAllocator(), [S](ctx::fiber &&Sink) -> ctx::fiber {
                          finishSwitch(S->FakeStack, &S->SchedulerBottom, &S->SchedulerSize);
                          S->Sink = std::move(Sink);
                          S->Entry(S->Arg);
                          S->Finished = true;
                          // Keep the fake stack for the slot's next fiber.
                          startSwitch(&S->FakeStack, S->SchedulerBottom, S->SchedulerSize);
                          return std::move(S->Sink);
                        });
}

bool fiberResume(unsigned I) {
  Pool &P = TheLocalPool;
  Slot *S = P.Slots[I].get();
  Slot *Previous = P.Current;
  P.Current = S;
  void *SchedulerFake = nullptr;
  startSwitch(&SchedulerFake, S->Bottom, S->Size);
  S->Fiber = std::move(S->Fiber).resume();
  finishSwitch(SchedulerFake, nullptr, nullptr);
  P.Current = Previous;
  return S->Finished;
}

void fiberYield() {
  Slot *S = TheLocalPool.Current;
  if (!S) {
    std::fprintf(stderr, "loopgpu-emu: internal error: fiberYield outside a fiber\n");
    std::abort();
  }
  startSwitch(&S->FakeStack, S->SchedulerBottom, S->SchedulerSize);
  S->Sink = std::move(S->Sink).resume();
  finishSwitch(S->FakeStack, &S->SchedulerBottom, &S->SchedulerSize);
}

} // namespace detail
} // namespace loopgpu_emu
