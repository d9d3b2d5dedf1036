//===- HostCode.h - The host function around a function's nests -*- C++ -*-===//
//
// A function with nests becomes, in the CUDA file, a host function with its
// original name and C signature. Its body is the original one, with host
// code rewritten for flat pointers (lib/Frontend/FunctionBuilder.cpp) and
// each nest replaced by a launch. planHostCode decides where arrays move: a
// data region per call, as OpenACC's `data` directive gives by hand.
//   - Array arguments whose sizes the call's entry knows (their declared
//     extents, a data clause, or the nests' accesses in parameters the body
//     does not change) get device memory at the entry, in one region whose
//     host ranges that overlap share one buffer at the same offsets: the GPU
//     sees the aliasing the C code sees. Arrays declared in the body get a
//     buffer before the first nest that uses them.
//   - An array is copied to the GPU before a nest when the device copy is
//     stale (first use, or host code wrote it since), unless that nest, run
//     by the function's body itself (not inside host code), writes every
//     element of it before reading any (LiveIn.h); and back to the host
//     before host code that touches it, before a `return`, and at the end of
//     the function when a nest wrote it (parameters only: locals die).
//     Arguments that may alias (neither restrict, element types that may
//     alias) move together: a write to one is a write to the others.
//   - A nest inside host code (a host loop around a nest) uses the region
//     too when that host code touches none of the nest's arrays; otherwise
//     it copies its arrays around itself, as does any nest for an array
//     whose size only the nest knows.
//   - A nest's own copies (those arrays, struct members, pointer variables)
//     go into one loopgpu_nest_region per launch: host ranges that overlap
//     share device memory, with each other and with the arrays on the GPU
//     for the call that they may point into under C's rules (Residents),
//     which are current on the GPU before the nest and stale on the host
//     after it if the nest writes through such a pointer.
// printHostFunction prints the plan and nothing else.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_HOSTCODE_H
#define LOOPGPU_CODEGEN_HOSTCODE_H

#include "loopgpu/IR/LoopNest.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace loopgpu {

/// Where one function's arrays live and when they move.
struct HostPlan {
  struct Step {
    enum class Kind {
      Region,   ///< the device region of the arrays in RegionArrays
      Allocate, ///< the device buffer of Arrays[Index], alone
      CopyIn,   ///< host -> device, Arrays[Index]
      Overwritten, ///< no copy in: nest Nest, next, writes all of Arrays[Index] first
      CopyOut,  ///< device -> host, Arrays[Index]
      Item,     ///< HostFunction::Items[Index]: host code or a nest's launch
    };
    Kind K;
    unsigned Index;
    /// A copy needed only if the array shares its device buffer with
    /// another argument (the arguments overlap at run time): the other wrote.
    bool IfShared = false;
    /// Overwritten: the nest (index in Program::Nests) that overwrites it.
    int Nest = -1;
  };
  std::vector<Step> Steps;
  /// Per HostFunction::Arrays: its element count as a C expression, or ""
  /// when only a nest knows it (that nest's block copies it).
  std::vector<std::string> Count;
  /// Per array: its slot in the region, or -1.
  std::vector<int> Slot;
  std::vector<unsigned> RegionArrays;
  /// Per item: the nests inside this host code use the call's device
  /// buffers (else each copies its arrays around itself).
  std::vector<bool> InnerInRegion;
  /// `<function>_device` (device pointers, no copies) can be emitted: host
  /// code between the nests touches no array and no nest uses a local array.
  bool DeviceVariant = false;
  /// Per nest (index in Program::Nests) run on the call's device buffers:
  /// the arrays on the GPU whose memory the arrays the nest copies itself
  /// (struct members, pointer variables, arrays only the nest sizes) may
  /// share. The nest's block puts its copies in the same device memory
  /// where they do overlap at run time (loopgpu_nest_region).
  std::map<unsigned, std::vector<unsigned>> Residents;

  bool onDevice(unsigned A) const { return !Count[A].empty(); }
};

HostPlan planHostCode(const Program &Prog, const HostFunction &F);

/// The array of nest N that is host array Name (not a temporary), or -1.
int nestArrayNamed(const Nest &N, const std::string &Name);

/// An array on the GPU for the whole call, as a nest's block sees it: its
/// host pointer, its size in bytes and its device copy, C expressions.
struct DeviceResident {
  std::string Host, Bytes, Device;
};

/// What the host function printer needs from a nest's printer.
struct NestHostHooks {
  /// Prints the statement that runs the nest on the GPU. Buffer(A) is the
  /// device pointer that holds the nest's array A for the whole call, or
  /// nullopt: the block then allocates, copies and frees it itself. Sync:
  /// wait for the kernels (the drop-in function, to report a failing kernel
  /// at its nest); `<function>_device` leaves that to its caller.
  /// Residents: arrays on the GPU that the arrays the block copies itself
  /// may overlap (HostPlan::Residents).
  std::function<void(llvm::raw_ostream &, const std::function<std::optional<std::string>(unsigned)> &Buffer,
                     const std::vector<DeviceResident> &Residents, bool Sync)>
      PrintBlock;
  /// A version's run-time check (Transform/AliasVersion.h), a C condition:
  /// on the host function's pointers (Host) or on those Buffer gives;
  /// nullopt when it cannot be written (the nest as analysed then runs).
  std::function<std::optional<std::string>(const std::function<std::optional<std::string>(unsigned)> &Buffer,
                                           bool Host)>
      ApartCheck;
};

/// The name of the device buffer of host array Name.
std::string deviceBufferName(const std::string &Name);

/// Prints F's host function (and `<function>_device` when the plan allows).
/// Hooks[i] belongs to Prog.Nests[i].
void printHostFunction(llvm::raw_ostream &OS, const Program &Prog, const HostFunction &F,
                       const std::vector<NestHostHooks> &Hooks);

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_HOSTCODE_H
