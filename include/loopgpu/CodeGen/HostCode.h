//===- HostCode.h - The host function around a function's nests -*- C++ -*-===//
//
// A function with nests becomes, in the CUDA file, a host function with its
// original name and C signature. Its body is the original one, with host
// code rewritten for flat pointers (lib/Frontend/FunctionBuilder.cpp) and
// each nest replaced by a launch. planHostCode decides where arrays move: a
// data region per call, as OpenACC's `data` directive gives by hand.
//   - An array whose size the declaration gives (a VLA or constant-size
//     parameter, a local array) gets one device buffer, allocated before the
//     first nest that uses it and freed when the function returns.
//   - It is copied to the GPU before a nest when the device copy is stale
//     (first use, or host code wrote it since), and back to the host before
//     host code that touches it, before a `return`, and at the end of the
//     function when a nest wrote it (parameters only: locals die).
//   - Arrays whose size only the nest's accesses tell (`float *A` indexed
//     with affine subscripts), and every array of a nest that host code
//     encloses (a host loop around a nest), are copied around that nest
//     alone, as the nest's own block does.
// printHostFunction prints the plan and nothing else.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_HOSTCODE_H
#define LOOPGPU_CODEGEN_HOSTCODE_H

#include "loopgpu/IR/LoopNest.h"

#include <functional>
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
      Allocate, ///< the device buffer of Arrays[Index]
      CopyIn,   ///< host -> device, Arrays[Index]
      CopyOut,  ///< device -> host, Arrays[Index]
      Item,     ///< HostFunction::Items[Index]: host code or a nest's launch
    };
    Kind K;
    unsigned Index;
  };
  std::vector<Step> Steps;
  /// Per HostFunction::Arrays: has a device buffer for the whole call.
  std::vector<bool> InRegion;
  /// `<function>_device` (device pointers, no copies) can be emitted: host
  /// code between the nests touches no array and no nest uses a local array.
  bool DeviceVariant = false;
};

HostPlan planHostCode(const Program &Prog, const HostFunction &F);

/// The array of nest N that is host array Name (not a temporary), or -1.
int nestArrayNamed(const Nest &N, const std::string &Name);

/// What the host function printer needs from a nest's printer.
struct NestHostHooks {
  /// Prints the statement that runs the nest on the GPU. Buffer(A) is the
  /// device pointer that holds the nest's array A for the whole call, or
  /// nullopt: the block then allocates, copies and frees it itself.
  std::function<void(llvm::raw_ostream &, const std::function<std::optional<std::string>(unsigned)> &Buffer)>
      PrintBlock;
};

/// The name of the device buffer of host array Name.
std::string deviceBufferName(const std::string &Name);

/// Prints F's host function (and `<function>_device` when the plan allows).
/// Hooks[i] belongs to Prog.Nests[i].
void printHostFunction(llvm::raw_ostream &OS, const Program &Prog, const HostFunction &F,
                       const std::vector<NestHostHooks> &Hooks);

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_HOSTCODE_H
