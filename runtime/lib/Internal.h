//===- Internal.h - Shared declarations of the CUDA emulation ---*- C++ -*-===//
//
// Not installed; used by Runtime.cpp (host API, configuration, errors),
// Scheduler.cpp (launches, blocks, barriers, warps) and Fiber.cpp (contexts
// and stacks; the only file that sees Boost.Context).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_RUNTIME_INTERNAL_H
#define LOOPGPU_RUNTIME_INTERNAL_H

#include "loopgpu/cuda_emulation.h"

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <string>

namespace loopgpu_emu {
namespace detail {

//===--- Configuration (environment, read once; Runtime.cpp) ---------------===//

enum class FillMode { Poison, Zero, None };

struct Config {
  Schedule Sched = Schedule::Random;
  uint64_t Seed = 0;
  unsigned Threads = 0;                // OS threads running blocks (host included)
  size_t StackSize = 0;                // bytes per fiber stack
  FillMode Fill = FillMode::Poison;
  bool CheckPointers = true;
  unsigned MaxReports = 10;            // printed diagnostics per launch
  size_t SharedLimit = 48 * 1024;      // static shared bytes per block; dynamic without opt-in
  size_t SharedOptInLimit = 227 * 1024; // static + dynamic with cudaFuncSetAttribute (sm_90)
  size_t Misalign = 0;                 // cudaMalloc'd pointers: bytes past 256-byte alignment
  size_t MaxLockedBytes = SIZE_MAX;    // host bytes cudaHostRegister may lock at a time
};

/// The configuration; the environment is read on first use.
Config &config();

/// True when the process runs under AddressSanitizer (fiber switches are
/// then announced to it; stacks default to 256 KiB).
bool underAddressSanitizer();

//===--- Errors (Runtime.cpp) ---------------------------------------------===//

/// Records an execution error of a kernel: sticky, returned by later API
/// calls until cudaDeviceReset(); Detail becomes lastErrorDetail().
void setStickyError(cudaError_t Error, const std::string &Detail);
/// Records a (non-sticky) launch error for cudaGetLastError().
void setLaunchError(cudaError_t Error);
cudaError_t stickyError();
void countDiagnostic(bool IsError);

/// Forgets every kernel's cudaFuncSetAttribute opt-in (cudaDeviceReset;
/// Scheduler.cpp).
void resetFuncAttributes();

/// Is [P, P+Bytes) inside memory a kernel may access (cudaMalloc or
/// cudaMallocHost), one-past-the-end allowed?
bool isDeviceAccessible(const void *P, size_t Bytes);

std::string format(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
std::string formatV(const char *Fmt, va_list Args);

//===--- Fibers (Fiber.cpp) ------------------------------------------------===//

using FiberEntry = void (*)(void *Arg);

/// Makes sure the calling OS thread has at least N fiber slots (stacks of
/// config().StackSize bytes with a guard page below each).
void fiberReserve(unsigned N);
/// Prepares slot I to run Entry(Arg) on its next fiberResume(I).
void fiberStart(unsigned I, FiberEntry Entry, void *Arg);
/// Runs slot I until it calls fiberYield() or its entry returns; returns
/// true once the entry returned.
bool fiberResume(unsigned I);
/// From inside a fiber: back to the fiberResume() that runs it.
void fiberYield();

} // namespace detail
} // namespace loopgpu_emu

#endif // LOOPGPU_RUNTIME_INTERNAL_H
