//===- Runtime.cpp - Host side of the CUDA emulation ----------------------===//
//
// Configuration from the environment, the error state (per-thread "last
// error", process-wide sticky execution errors), device memory (host memory
// with an allocation table) and events (CPU wall clock).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <atomic>
#include <chrono>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace loopgpu_emu {
namespace detail {

std::string formatV(const char *Fmt, va_list Args) {
  char Buffer[512];
  va_list Copy;
  va_copy(Copy, Args);
  int N = std::vsnprintf(Buffer, sizeof(Buffer), Fmt, Copy);
  va_end(Copy);
  if (N < 0)
    return std::string();
  if (static_cast<size_t>(N) < sizeof(Buffer))
    return std::string(Buffer, static_cast<size_t>(N));
  std::string S(static_cast<size_t>(N) + 1, '\0');
  std::vsnprintf(S.data(), S.size(), Fmt, Args);
  S.resize(static_cast<size_t>(N));
  return S;
}

std::string format(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  std::string S = formatV(Fmt, Args);
  va_end(Args);
  return S;
}

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

namespace {

[[noreturn]] void badEnvironment(const char *Name, const char *Value, const char *Expected) {
  std::fprintf(stderr, "loopgpu-emu: fatal: %s='%s' is not valid; expected %s\n", Name, Value,
               Expected);
  std::exit(2);
}

bool parseSchedule(const char *Spec, Schedule &Sched, uint64_t &Seed) {
  if (!std::strcmp(Spec, "forward")) {
    Sched = Schedule::Forward;
    return true;
  }
  if (!std::strcmp(Spec, "reverse")) {
    Sched = Schedule::Reverse;
    return true;
  }
  if (!std::strncmp(Spec, "random", 6)) {
    if (Spec[6] == '\0') {
      Sched = Schedule::Random;
      return true;
    }
    if (Spec[6] != ':' || Spec[7] == '\0')
      return false;
    char *End = nullptr;
    errno = 0;
    unsigned long long V = std::strtoull(Spec + 7, &End, 0);
    if (errno || *End != '\0' || Spec[7] == '-')
      return false;
    Sched = Schedule::Random;
    Seed = V;
    return true;
  }
  return false;
}

bool parseUnsigned(const char *S, unsigned long long &Out) {
  if (!*S || *S == '-')
    return false;
  char *End = nullptr;
  errno = 0;
  Out = std::strtoull(S, &End, 10);
  return !errno && *End == '\0';
}

Config readConfig() {
  Config C;
  C.Threads = std::thread::hardware_concurrency();
  if (C.Threads == 0)
    C.Threads = 1;
  if (C.Threads > 8)
    C.Threads = 8;
  C.StackSize = underAddressSanitizer() ? 256 * 1024 : 64 * 1024;

  if (const char *S = std::getenv("LOOPGPU_EMU_SCHEDULE"); S && *S)
    if (!parseSchedule(S, C.Sched, C.Seed))
      badEnvironment("LOOPGPU_EMU_SCHEDULE", S, "forward, reverse, random or random:SEED");
  if (const char *S = std::getenv("LOOPGPU_EMU_THREADS"); S && *S) {
    unsigned long long V;
    if (!parseUnsigned(S, V) || V == 0 || V > 256)
      badEnvironment("LOOPGPU_EMU_THREADS", S, "a number of OS threads from 1 to 256");
    C.Threads = static_cast<unsigned>(V);
  }
  if (const char *S = std::getenv("LOOPGPU_EMU_STACK_SIZE"); S && *S) {
    std::string Digits(S);
    unsigned long long Scale = 1;
    char Last = Digits.back();
    if (Last == 'k' || Last == 'K' || Last == 'm' || Last == 'M') {
      Scale = (Last == 'k' || Last == 'K') ? 1024 : 1024 * 1024;
      Digits.pop_back();
    }
    unsigned long long V;
    if (!parseUnsigned(Digits.c_str(), V) || V * Scale < 16 * 1024 ||
        V * Scale > 64ull * 1024 * 1024)
      badEnvironment("LOOPGPU_EMU_STACK_SIZE", S, "bytes from 16K to 64M (suffix K or M)");
    C.StackSize = static_cast<size_t>(V * Scale);
  }
  if (const char *S = std::getenv("LOOPGPU_EMU_INIT"); S && *S) {
    if (!std::strcmp(S, "poison"))
      C.Fill = FillMode::Poison;
    else if (!std::strcmp(S, "zero"))
      C.Fill = FillMode::Zero;
    else if (!std::strcmp(S, "none"))
      C.Fill = FillMode::None;
    else
      badEnvironment("LOOPGPU_EMU_INIT", S, "poison, zero or none");
  }
  if (const char *S = std::getenv("LOOPGPU_EMU_CHECK_POINTERS"); S && *S) {
    if (!std::strcmp(S, "1"))
      C.CheckPointers = true;
    else if (!std::strcmp(S, "0"))
      C.CheckPointers = false;
    else
      badEnvironment("LOOPGPU_EMU_CHECK_POINTERS", S, "0 or 1");
  }
  if (const char *S = std::getenv("LOOPGPU_EMU_MISALIGN"); S && *S) {
    unsigned long long V;
    if (!parseUnsigned(S, V) || V > 255)
      badEnvironment("LOOPGPU_EMU_MISALIGN", S, "bytes from 0 to 255");
    C.Misalign = static_cast<size_t>(V);
  }
  if (const char *S = std::getenv("LOOPGPU_EMU_MAX_LOCKED_BYTES"); S && *S) {
    unsigned long long V;
    if (!parseUnsigned(S, V))
      badEnvironment("LOOPGPU_EMU_MAX_LOCKED_BYTES", S, "a number of bytes");
    C.MaxLockedBytes = static_cast<size_t>(V);
  }
  if (const char *S = std::getenv("LOOPGPU_EMU_MAX_REPORTS"); S && *S) {
    unsigned long long V;
    if (!parseUnsigned(S, V) || V > 1000000)
      badEnvironment("LOOPGPU_EMU_MAX_REPORTS", S, "a number of messages per launch");
    C.MaxReports = static_cast<unsigned>(V);
  }
  return C;
}

} // namespace

Config &config() {
  static Config C = readConfig();
  return C;
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

namespace {
std::mutex ErrorMutex;
cudaError_t Sticky = cudaSuccess;
std::string Detail;
thread_local cudaError_t LastError = cudaSuccess;
std::atomic<unsigned> NumErrors{0};
std::atomic<unsigned> NumWarnings{0};

/// The result of an API call: remembered for cudaGetLastError().
cudaError_t result(cudaError_t E) {
  if (E != cudaSuccess)
    LastError = E;
  return E;
}

void apiError(const std::string &Message) {
  countDiagnostic(true);
  std::fprintf(stderr, "loopgpu-emu: error: %s\n", Message.c_str());
}
} // namespace

void countDiagnostic(bool IsError) { ++(IsError ? NumErrors : NumWarnings); }

void setStickyError(cudaError_t Error, const std::string &Message) {
  std::lock_guard<std::mutex> Lock(ErrorMutex);
  if (Sticky == cudaSuccess)
    Sticky = Error;
  Detail = Message;
  LastError = Error;
}

void setLaunchError(cudaError_t Error) { LastError = Error; }

cudaError_t stickyError() {
  std::lock_guard<std::mutex> Lock(ErrorMutex);
  return Sticky;
}

} // namespace detail

const char *lastErrorDetail() {
  using namespace detail;
  std::lock_guard<std::mutex> Lock(ErrorMutex);
  static thread_local std::string Copy;
  Copy = Detail;
  return Copy.c_str();
}

unsigned errorCount() { return detail::NumErrors.load(); }
unsigned warningCount() { return detail::NumWarnings.load(); }

bool setSchedule(const char *Spec) {
  Schedule S;
  uint64_t Seed = detail::config().Seed;
  if (!Spec || !detail::parseSchedule(Spec, S, Seed))
    return false;
  detail::config().Sched = S;
  detail::config().Seed = Seed;
  return true;
}

const char *scheduleName() {
  static thread_local std::string Name;
  const detail::Config &C = detail::config();
  switch (C.Sched) {
  case Schedule::Forward:
    Name = "forward";
    break;
  case Schedule::Reverse:
    Name = "reverse";
    break;
  case Schedule::Random:
    Name = detail::format("random:%" PRIu64, C.Seed);
    break;
  }
  return Name.c_str();
}

} // namespace loopgpu_emu

using namespace loopgpu_emu;
using namespace loopgpu_emu::detail;

// As measured with CUDA 13.0: cudaGetLastError() returns the error of the
// last failing call of this host thread and resets it, even when that error
// is sticky; the sticky error keeps failing every later call (which sets it
// again) until cudaDeviceReset().
cudaError_t cudaGetLastError(void) {
  cudaError_t E = LastError;
  LastError = cudaSuccess;
  return E;
}

cudaError_t cudaPeekAtLastError(void) { return LastError; }

const char *cudaGetErrorName(cudaError_t E) {
  switch (E) {
#define NAME(X)                                                                                \
  case X:                                                                                      \
    return #X;
    NAME(cudaSuccess)
    NAME(cudaErrorInvalidValue)
    NAME(cudaErrorMemoryAllocation)
    NAME(cudaErrorInitializationError)
    NAME(cudaErrorInvalidConfiguration)
    NAME(cudaErrorInvalidDevicePointer)
    NAME(cudaErrorInvalidMemcpyDirection)
    NAME(cudaErrorNoDevice)
    NAME(cudaErrorInvalidDevice)
    NAME(cudaErrorInvalidResourceHandle)
    NAME(cudaErrorNotReady)
    NAME(cudaErrorIllegalAddress)
    NAME(cudaErrorLaunchOutOfResources)
    NAME(cudaErrorIllegalInstruction)
    NAME(cudaErrorMisalignedAddress)
    NAME(cudaErrorLaunchFailure)
    NAME(cudaErrorHostMemoryAlreadyRegistered)
    NAME(cudaErrorHostMemoryNotRegistered)
    NAME(cudaErrorUnknown)
#undef NAME
  }
  return "cudaErrorUnknown";
}

const char *cudaGetErrorString(cudaError_t E) {
  switch (E) {
  case cudaSuccess:
    return "no error";
  case cudaErrorInvalidValue:
    return "invalid argument";
  case cudaErrorMemoryAllocation:
    return "out of memory";
  case cudaErrorInitializationError:
    return "initialization error";
  case cudaErrorInvalidConfiguration:
    return "invalid configuration argument";
  case cudaErrorInvalidDevicePointer:
    return "invalid device pointer";
  case cudaErrorInvalidMemcpyDirection:
    return "invalid copy direction for memcpy";
  case cudaErrorNoDevice:
    return "no CUDA-capable device is detected";
  case cudaErrorInvalidDevice:
    return "invalid device ordinal";
  case cudaErrorInvalidResourceHandle:
    return "invalid resource handle";
  case cudaErrorNotReady:
    return "device not ready";
  case cudaErrorIllegalAddress:
    return "an illegal memory access was encountered";
  case cudaErrorLaunchOutOfResources:
    return "too many resources requested for launch";
  case cudaErrorIllegalInstruction:
    return "an illegal instruction was encountered";
  case cudaErrorMisalignedAddress:
    return "misaligned address";
  case cudaErrorHostMemoryAlreadyRegistered:
    return "part or all of the requested memory range is already mapped";
  case cudaErrorHostMemoryNotRegistered:
    return "pointer does not correspond to a registered memory region";
  case cudaErrorLaunchFailure:
    return "unspecified launch failure";
  case cudaErrorUnknown:
    return "unknown error";
  }
  return "unrecognized error code";
}

cudaError_t cudaDeviceSynchronize(void) { return result(stickyError()); }

namespace {
/// The handles of one kind (streams, events) the program created and has
/// not destroyed yet, for the API calls' checks.
template <class T> class LiveHandles {
public:
  void add(T *H) {
    std::lock_guard<std::mutex> Lock(M);
    Set.insert(H);
  }
  bool remove(T *H) {
    std::lock_guard<std::mutex> Lock(M);
    return Set.erase(H) != 0;
  }
  bool contains(T *H) {
    std::lock_guard<std::mutex> Lock(M);
    return Set.count(H) != 0;
  }
  /// Destroys every live handle (cudaDeviceReset: a stale handle is then
  /// an invalid one, as on the GPU).
  void clear() {
    std::lock_guard<std::mutex> Lock(M);
    for (T *H : Set)
      delete H;
    Set.clear();
  }

private:
  std::mutex M;
  std::set<T *> Set;
};
} // namespace

struct CUstream_st {
  unsigned Flags = 0;
};

namespace {
LiveHandles<CUstream_st> Streams;

/// The default stream (nullptr) or one cudaStreamCreate* made.
bool validStream(cudaStream_t S) { return S == nullptr || Streams.contains(S); }
} // namespace

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *Stream, unsigned int Flags) {
  if (!Stream || (Flags & ~cudaStreamNonBlocking))
    return result(cudaErrorInvalidValue);
  auto *S = new CUstream_st;
  S->Flags = Flags;
  Streams.add(S);
  *Stream = S;
  return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t *Stream) { return cudaStreamCreateWithFlags(Stream, cudaStreamDefault); }

cudaError_t cudaStreamDestroy(cudaStream_t Stream) {
  if (!Stream || !Streams.remove(Stream))
    return result(cudaErrorInvalidResourceHandle);
  delete Stream;
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t Stream) {
  if (!validStream(Stream))
    return result(cudaErrorInvalidResourceHandle);
  return result(stickyError());
}

cudaError_t cudaGetDeviceCount(int *Count) {
  if (!Count)
    return result(cudaErrorInvalidValue);
  *Count = 1;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *Value, cudaDeviceAttr Attr, int Device) {
  if (!Value || Device != 0)
    return result(cudaErrorInvalidValue);
  switch (Attr) {
  case cudaDevAttrMaxThreadsPerBlock:
    *Value = 1024;
    return cudaSuccess;
  case cudaDevAttrMultiProcessorCount:
    *Value = 132;
    return cudaSuccess;
  case cudaDevAttrMaxThreadsPerMultiProcessor:
    *Value = 2048;
    return cudaSuccess;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin:
    *Value = 227 * 1024;
    return cudaSuccess;
  }
  return result(cudaErrorInvalidValue);
}

cudaError_t cudaGetDevice(int *Device) {
  if (!Device)
    return result(cudaErrorInvalidValue);
  *Device = 0;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int Device) {
  return result(Device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}

//===----------------------------------------------------------------------===//
// Device memory
//===----------------------------------------------------------------------===//

namespace {
struct Allocation {
  size_t Size;
  bool Pinned;  // cudaMallocHost
  void *Base;   // what posix_memalign returned (LOOPGPU_EMU_MISALIGN bytes before)
};
std::mutex MemoryMutex;
std::map<uintptr_t, Allocation> Allocations;
constexpr size_t MaxAllocation = size_t(64) << 30;

/// The allocation containing [P, P+Bytes) (one-past-the-end allowed when
/// Bytes is 0), or Allocations.end(). Call with MemoryMutex held.
std::map<uintptr_t, Allocation>::iterator findAllocation(const void *P, size_t Bytes) {
  uintptr_t A = reinterpret_cast<uintptr_t>(P);
  auto It = Allocations.upper_bound(A);
  if (It == Allocations.begin())
    return Allocations.end();
  --It;
  uintptr_t End = It->first + It->second.Size;
  if (A > End || Bytes > End - A)
    return Allocations.end();
  return It;
}

cudaError_t allocate(void **Ptr, size_t Size, bool Pinned, const char *What) {
  if (!Ptr)
    return result(cudaErrorInvalidValue);
  if (cudaError_t E = stickyError())
    return result(E);
  if (Size == 0) {
    *Ptr = nullptr;
    return cudaSuccess;
  }
  void *Base = nullptr;
  // LOOPGPU_EMU_MISALIGN: device pointers off the 256-byte alignment that
  // cudaMalloc guarantees, as a pointer into an allocation is, to test code
  // whose vector loads depend on a run-time alignment check.
  size_t Skew = Pinned ? 0 : config().Misalign;
  if (Size > MaxAllocation || posix_memalign(&Base, 256, Size + Skew) != 0) {
    apiError(format("%s(%zu bytes): out of memory", What, Size));
    return result(cudaErrorMemoryAllocation);
  }
  void *P = static_cast<char *>(Base) + Skew;
  // Device memory is uninitialized on a GPU: poison it so that reading before
  // writing (or forgetting a cudaMemset) shows up in the results.
  if (config().Fill == FillMode::Poison)
    std::memset(P, 0xff, Size);
  else if (config().Fill == FillMode::Zero)
    std::memset(P, 0, Size);
  {
    std::lock_guard<std::mutex> Lock(MemoryMutex);
    Allocations[reinterpret_cast<uintptr_t>(P)] = Allocation{Size, Pinned, Base};
  }
  *Ptr = P;
  return cudaSuccess;
}

cudaError_t release(void *Ptr, bool Pinned, const char *What) {
  if (!Ptr)
    return result(stickyError());
  void *Base = nullptr;
  {
    std::lock_guard<std::mutex> Lock(MemoryMutex);
    auto It = Allocations.find(reinterpret_cast<uintptr_t>(Ptr));
    if (It == Allocations.end() || It->second.Pinned != Pinned) {
      apiError(format("%s(%p): not a pointer returned by %s (or already freed)", What, Ptr,
                      Pinned ? "cudaMallocHost" : "cudaMalloc"));
      return result(cudaErrorInvalidValue);
    }
    Base = It->second.Base;
    Allocations.erase(It);
  }
  std::free(Base);
  // The memory is released even after a sticky error, which is still reported.
  return result(stickyError());
}
} // namespace

namespace loopgpu_emu {
namespace detail {
bool isDeviceAccessible(const void *P, size_t Bytes) {
  std::lock_guard<std::mutex> Lock(MemoryMutex);
  return findAllocation(P, Bytes) != Allocations.end();
}
} // namespace detail
} // namespace loopgpu_emu

cudaError_t cudaMalloc(void **DevPtr, size_t Size) {
  return allocate(DevPtr, Size, false, "cudaMalloc");
}
cudaError_t cudaMallocHost(void **Ptr, size_t Size) {
  return allocate(Ptr, Size, true, "cudaMallocHost");
}
cudaError_t cudaFree(void *DevPtr) { return release(DevPtr, false, "cudaFree"); }
cudaError_t cudaMallocAsync(void **DevPtr, size_t Size, cudaStream_t Stream) {
  if (Stream != nullptr)
    return result(cudaErrorInvalidResourceHandle); // only the default stream exists
  return allocate(DevPtr, Size, false, "cudaMallocAsync");
}
cudaError_t cudaFreeAsync(void *DevPtr, cudaStream_t Stream) {
  if (Stream != nullptr)
    return result(cudaErrorInvalidResourceHandle);
  return release(DevPtr, false, "cudaFreeAsync");
}
cudaError_t cudaFreeHost(void *Ptr) { return release(Ptr, true, "cudaFreeHost"); }

cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind) {
  if (cudaError_t E = stickyError())
    return result(E);
  if (Kind < cudaMemcpyHostToHost || Kind > cudaMemcpyDefault) {
    apiError(format("cudaMemcpy: kind %d is not a cudaMemcpyKind", static_cast<int>(Kind)));
    return result(cudaErrorInvalidMemcpyDirection);
  }
  if (Count == 0)
    return cudaSuccess;
  if (!Dst || !Src) {
    apiError(format("cudaMemcpy(%p, %p, %zu): null pointer", Dst, Src, Count));
    return result(cudaErrorInvalidValue);
  }
  bool DstDevice = Kind == cudaMemcpyHostToDevice || Kind == cudaMemcpyDeviceToDevice;
  bool SrcDevice = Kind == cudaMemcpyDeviceToHost || Kind == cudaMemcpyDeviceToDevice;
  if (DstDevice && !isDeviceAccessible(Dst, Count)) {
    apiError(format("cudaMemcpy(%p, %p, %zu, %s): the destination range is not inside one "
                    "device allocation",
                    Dst, Src, Count,
                    Kind == cudaMemcpyHostToDevice ? "cudaMemcpyHostToDevice"
                                                   : "cudaMemcpyDeviceToDevice"));
    return result(cudaErrorInvalidValue);
  }
  if (SrcDevice && !isDeviceAccessible(Src, Count)) {
    apiError(format("cudaMemcpy(%p, %p, %zu, %s): the source range is not inside one device "
                    "allocation",
                    Dst, Src, Count,
                    Kind == cudaMemcpyDeviceToHost ? "cudaMemcpyDeviceToHost"
                                                   : "cudaMemcpyDeviceToDevice"));
    return result(cudaErrorInvalidValue);
  }
  std::memmove(Dst, Src, Count);
  return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind,
                            cudaStream_t Stream) {
  if (Stream != nullptr)
    return result(cudaErrorInvalidResourceHandle); // only the default stream exists
  return cudaMemcpy(Dst, Src, Count, Kind);
}

//===----------------------------------------------------------------------===//
// Page-locked host ranges (cudaHostRegister)
//===----------------------------------------------------------------------===//

namespace {
constexpr uintptr_t PageSize = 4096;
std::mutex LockedMutex;
/// First page -> (one past the last page, bytes asked for), by first page.
std::map<uintptr_t, std::pair<uintptr_t, size_t>> Locked;
size_t LockedBytes = 0; // the sum of the bytes asked for
std::map<uintptr_t, uintptr_t> LockedStarts; // the pointer registered -> first page

void reportLockedAtExit() {
  std::lock_guard<std::mutex> Lock(LockedMutex);
  if (LockedStarts.empty())
    return;
  apiError(format("%zu host range(s) page-locked by cudaHostRegister are still locked when the program "
                  "exits (first at %p): a cudaHostUnregister is missing",
                  LockedStarts.size(), reinterpret_cast<void *>(LockedStarts.begin()->first)));
  std::fflush(nullptr); // exit() would have flushed the program's output
  std::_Exit(1);
}

bool overlapsPinnedAllocation(uintptr_t First, uintptr_t Last) {
  std::lock_guard<std::mutex> Lock(MemoryMutex);
  for (const auto &[Address, A] : Allocations) {
    uintptr_t Begin = Address / PageSize * PageSize, End = (Address + A.Size + PageSize - 1) / PageSize * PageSize;
    if (A.Pinned && Begin < Last && End > First)
      return true;
  }
  return false;
}
} // namespace

cudaError_t cudaHostRegister(void *Ptr, size_t Size, unsigned int Flags) {
  if (!Ptr || Size == 0 || (Flags & ~0x0fu)) {
    apiError(format("cudaHostRegister(%p, %zu, %u): a null pointer, no bytes or unknown flags", Ptr, Size,
                    Flags));
    return result(cudaErrorInvalidValue);
  }
  if (cudaError_t E = stickyError())
    return result(E);
  uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  uintptr_t First = P / PageSize * PageSize, Last = (P + Size + PageSize - 1) / PageSize * PageSize;
  if (overlapsPinnedAllocation(First, Last))
    return result(cudaErrorHostMemoryAlreadyRegistered);
  std::lock_guard<std::mutex> Lock(LockedMutex);
  auto It = Locked.lower_bound(First);
  if ((It != Locked.end() && It->first < Last) ||
      (It != Locked.begin() && std::prev(It)->second.first > First))
    return result(cudaErrorHostMemoryAlreadyRegistered);
  // Pinned memory runs out (LOOPGPU_EMU_MAX_LOCKED_BYTES): the driver's error.
  if (Size > config().MaxLockedBytes - LockedBytes)
    return result(cudaErrorMemoryAllocation);
  static bool AtExit = (std::atexit(reportLockedAtExit), true);
  (void)AtExit;
  LockedBytes += Size;
  Locked[First] = {Last, Size};
  LockedStarts[P] = First;
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *Ptr) {
  std::lock_guard<std::mutex> Lock(LockedMutex);
  auto It = LockedStarts.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == LockedStarts.end())
    return result(cudaErrorHostMemoryNotRegistered);
  LockedBytes -= Locked[It->second].second;
  Locked.erase(It->second);
  LockedStarts.erase(It);
  return result(stickyError());
}

cudaError_t cudaMemset(void *DevPtr, int Value, size_t Count) {
  if (cudaError_t E = stickyError())
    return result(E);
  if (Count == 0)
    return cudaSuccess;
  if (!isDeviceAccessible(DevPtr, Count)) {
    apiError(format("cudaMemset(%p, %d, %zu): the range is not inside one device allocation",
                    DevPtr, Value, Count));
    return result(cudaErrorInvalidValue);
  }
  std::memset(DevPtr, Value, Count);
  return cudaSuccess;
}

namespace {
void destroyStreamsAndEvents();
} // namespace

// Like the GPU's: device memory, streams, events and the kernels' shared
// memory opt-ins (cudaFuncSetAttribute) go with the context.
cudaError_t cudaDeviceReset(void) {
  destroyStreamsAndEvents();
  resetFuncAttributes();
  std::map<uintptr_t, Allocation> Old;
  {
    std::lock_guard<std::mutex> Lock(MemoryMutex);
    Old.swap(Allocations);
  }
  for (auto &[Address, A] : Old)
    std::free(reinterpret_cast<void *>(Address));
  {
    std::lock_guard<std::mutex> Lock(ErrorMutex);
    Sticky = cudaSuccess;
    Detail.clear();
  }
  LastError = cudaSuccess;
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

struct CUevent_st {
  std::chrono::steady_clock::time_point Time;
  bool Recorded = false;
  unsigned Flags = 0;
};

namespace {
LiveHandles<CUevent_st> Events;

bool validEvent(cudaEvent_t E) { return Events.contains(E); }

void destroyStreamsAndEvents() {
  Streams.clear();
  Events.clear();
}
} // namespace

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *Event, unsigned int Flags) {
  if (!Event || (Flags & ~0x0fu))
    return result(cudaErrorInvalidValue);
  auto *E = new CUevent_st;
  E->Flags = Flags;
  Events.add(E);
  *Event = E;
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *Event) { return cudaEventCreateWithFlags(Event, 0); }

cudaError_t cudaEventRecord(cudaEvent_t Event, cudaStream_t Stream) {
  if (!validEvent(Event) || !validStream(Stream))
    return result(cudaErrorInvalidResourceHandle);
  Event->Time = std::chrono::steady_clock::now();
  Event->Recorded = true;
  return result(stickyError());
}

cudaError_t cudaStreamWaitEvent(cudaStream_t Stream, cudaEvent_t Event, unsigned int Flags) {
  if (Flags & ~0x1u)
    return result(cudaErrorInvalidValue);
  if (!validEvent(Event) || !validStream(Stream))
    return result(cudaErrorInvalidResourceHandle);
  return result(stickyError()); // the event's work is done: kernels run at their launch
}

cudaError_t cudaEventSynchronize(cudaEvent_t Event) {
  if (!validEvent(Event))
    return result(cudaErrorInvalidResourceHandle);
  return result(stickyError());
}

cudaError_t cudaEventQuery(cudaEvent_t Event) {
  if (!validEvent(Event))
    return result(cudaErrorInvalidResourceHandle);
  return result(stickyError());
}

cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t Start, cudaEvent_t End) {
  if (!Ms)
    return result(cudaErrorInvalidValue);
  if (!validEvent(Start) || !validEvent(End) || !Start->Recorded || !End->Recorded ||
      ((Start->Flags | End->Flags) & cudaEventDisableTiming))
    return result(cudaErrorInvalidResourceHandle);
  *Ms = std::chrono::duration<float, std::milli>(End->Time - Start->Time).count();
  return result(stickyError());
}

cudaError_t cudaEventDestroy(cudaEvent_t Event) {
  if (!Events.remove(Event))
    return result(cudaErrorInvalidResourceHandle);
  delete Event;
  return cudaSuccess;
}
