//===- HostCode.cpp - The host function around a function's nests ---------===//
#include "loopgpu/CodeGen/HostCode.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>

using namespace llvm;

namespace loopgpu {

int nestArrayNamed(const Nest &N, const std::string &Name) {
  for (unsigned A = 0; A < N.Arrays.size(); ++A)
    if (N.Arrays[A].Name == Name && !N.Arrays[A].isTemporary() && !N.Arrays[A].IsGlobal)
      return static_cast<int>(A);
  return -1;
}

std::string deviceBufferName(const std::string &Name) { return "loopgpu_dev_" + Name; }

namespace {

/// Host array of F that nest N's array A is, or -1.
int hostArrayOf(const HostFunction &F, const Nest &N, unsigned A) {
  if (N.Arrays[A].isTemporary() || N.Arrays[A].IsGlobal)
    return -1;
  for (unsigned H = 0; H < F.Arrays.size(); ++H)
    if (F.Arrays[H].Name == N.Arrays[A].Name)
      return static_cast<int>(H);
  return -1;
}

/// Which host arrays nest N reads and writes.
void nestUses(const HostFunction &F, const Nest &N, std::vector<bool> &Uses, std::vector<bool> &Writes) {
  Uses.assign(F.Arrays.size(), false);
  Writes.assign(F.Arrays.size(), false);
  for (const Access &Acc : N.Accesses) {
    if (!Acc.isArray())
      continue;
    int H = hostArrayOf(F, N, Acc.Index);
    if (H < 0)
      continue;
    Uses[H] = true;
    if (Acc.IsWrite)
      Writes[H] = true;
  }
}

} // namespace

HostPlan planHostCode(const Program &Prog, const HostFunction &F) {
  HostPlan P;
  unsigned NA = F.Arrays.size();
  P.InRegion.assign(NA, false);
  for (unsigned A = 0; A < NA; ++A)
    P.InRegion[A] = F.Arrays[A].extentsKnown();
  // A local array's device copy is as good as its host copy until host code
  // writes it: neither holds anything yet.
  std::vector<bool> HostValid(NA, true), DeviceValid(NA, false), Allocated(NA, false);
  for (unsigned A = 0; A < NA; ++A)
    DeviceValid[A] = !F.Arrays[A].IsParameter;
  using Kind = HostPlan::Step::Kind;
  // Host code has read or written A: later copies in are the host's data.
  std::vector<bool> HostCopied(NA, false);
  auto CopyBack = [&](unsigned A) {
    if (Allocated[A] && !HostValid[A]) {
      P.Steps.push_back({Kind::CopyOut, A});
      HostValid[A] = true;
    }
  };
  P.DeviceVariant = true;
  for (unsigned I = 0; I < F.Items.size(); ++I) {
    const HostFunction::Item &It = F.Items[I];
    if (It.Nest >= 0) {
      std::vector<bool> Uses, Writes;
      nestUses(F, Prog.Nests[It.Nest], Uses, Writes);
      for (unsigned A = 0; A < NA; ++A) {
        if (!Uses[A])
          continue;
        if (!F.Arrays[A].IsParameter)
          P.DeviceVariant = false;
        if (!P.InRegion[A])
          continue;
        if (!Allocated[A]) {
          P.Steps.push_back({Kind::Allocate, A});
          Allocated[A] = true;
        }
        if (!DeviceValid[A]) {
          // copyout(A): the nest's caller promises it needs no copy in.
          if (HostCopied[A] || F.Arrays[A].CopyIn)
            P.Steps.push_back({Kind::CopyIn, A});
          DeviceValid[A] = true;
        }
      }
      P.Steps.push_back({Kind::Item, I});
      for (unsigned A = 0; A < NA; ++A)
        if (Writes[A] && P.InRegion[A])
          HostValid[A] = false;
      continue;
    }
    if (!It.InnerNests.empty())
      P.DeviceVariant = false;
    for (unsigned A = 0; A < NA; ++A) {
      if (It.Reads[A] || It.Writes[A])
        P.DeviceVariant = false;
      if (It.Reads[A] || It.Writes[A] || (It.Returns && F.Arrays[A].IsParameter))
        CopyBack(A);
    }
    P.Steps.push_back({Kind::Item, I});
    for (unsigned A = 0; A < NA; ++A) {
      if (It.Writes[A])
        DeviceValid[A] = false;
      HostCopied[A] = HostCopied[A] || It.Reads[A] || It.Writes[A];
    }
  }
  for (unsigned A = 0; A < NA; ++A)
    if (F.Arrays[A].IsParameter && F.Arrays[A].CopyOut) // copyin(A): no copy back at the end
      CopyBack(A);
  return P;
}

namespace {

/// `restrict` (a whole identifier) -> `__restrict__`.
std::string cudaSpelling(const std::string &S) {
  std::string Out;
  for (size_t I = 0; I < S.size();) {
    if (!(std::isalpha(static_cast<unsigned char>(S[I])) || S[I] == '_')) {
      Out += S[I++];
      continue;
    }
    size_t J = I;
    while (J < S.size() && (std::isalnum(static_cast<unsigned char>(S[J])) || S[J] == '_'))
      ++J;
    std::string Word = S.substr(I, J - I);
    Out += Word == "restrict" ? "__restrict__" : Word;
    I = J;
  }
  return Out;
}

/// A parameter of the host function: arrays as flat pointers.
std::string hostParam(const HostFunction &F, const HostParam &P) {
  if (P.K == HostParam::Kind::Array) {
    const HostArray &A = F.Arrays[P.ArrayIndex];
    return std::string(A.IsConst ? "const " : "") + A.ElementType.str() + " *" +
           (A.IsRestrict ? "__restrict__ " : "") + P.Name;
  }
  if (P.K == HostParam::Kind::Other && P.TypeSpelling.find('[') != std::string::npos)
    return "void *" + P.Name; // an array of something the nests cannot use
  return cudaSpelling(P.TypeSpelling);
}

std::string elementCount(const HostArray &A) {
  std::vector<std::string> Factors;
  for (const std::string &E : A.Extents)
    Factors.push_back("(long long)(" + E + ")");
  return "loopgpu_count({" + join(Factors, ", ") + "})";
}

class HostFunctionPrinter {
public:
  HostFunctionPrinter(raw_ostream &OS, const Program &Prog, const HostFunction &F,
                      const std::vector<NestHostHooks> &Hooks, const HostPlan &Plan, bool Device)
      : OS(OS), Prog(Prog), F(F), Hooks(Hooks), Plan(Plan), Device(Device) {}

  void print() {
    std::vector<std::string> Params;
    for (const HostParam &P : F.Params)
      Params.push_back(hostParam(F, P));
    if (Device)
      OS << "// " << F.Name << " on device pointers: every array argument is already on the GPU; copies nothing.\n";
    else
      OS << "// " << F.Name << " with its original C signature: a drop-in replacement. Arrays stay on the GPU\n"
         << "// from the first nest that uses them to the end of the call; they are copied back only where\n"
         << "// host code or the caller needs them.\n";
    OS << "extern \"C\" " << F.ReturnType << " " << F.Name << (Device ? "_device" : "") << "("
       << (Params.empty() ? "void" : join(Params, ", ")) << ") {";
    for (size_t I = 0; I < Plan.Steps.size(); ++I) {
      printStep(Plan.Steps[I]);
      // A nest's block ends at its '}': the line break is in the host text
      // after it, if host text follows.
      const HostPlan::Step &S = Plan.Steps[I];
      bool NestBlock = S.K == HostPlan::Step::Kind::Item && F.Items[S.Index].Nest >= 0;
      bool TextNext = I + 1 < Plan.Steps.size() && Plan.Steps[I + 1].K == HostPlan::Step::Kind::Item &&
                      F.Items[Plan.Steps[I + 1].Index].Nest < 0;
      if (NestBlock && !TextNext)
        OS << "\n";
    }
    OS << "}\n\n";
  }

private:
  std::optional<std::string> buffer(const Nest &N, unsigned A) const {
    int H = hostArrayOf(F, N, A);
    if (H < 0)
      return std::nullopt;
    if (Device)
      return F.Arrays[H].IsParameter ? std::optional<std::string>(F.Arrays[H].Name) : std::nullopt;
    if (!Plan.InRegion[H])
      return std::nullopt;
    return deviceBufferName(F.Arrays[H].Name);
  }

  void printStep(const HostPlan::Step &S) {
    using Kind = HostPlan::Step::Kind;
    if (S.K == Kind::Item) {
      const HostFunction::Item &It = F.Items[S.Index];
      if (It.Nest >= 0) {
        const Nest &N = Prog.Nests[It.Nest];
        OS << "  ";
        Hooks[It.Nest].PrintBlock(OS, [&](unsigned A) { return buffer(N, A); });
        return;
      }
      printHostText(It.Text);
      return;
    }
    if (Device)
      return;
    const HostArray &A = F.Arrays[S.Index];
    std::string D = deviceBufferName(A.Name), T = A.ElementType.str();
    std::string Guard = "if (" + D + "_mem.bytes > 0)\n    ";
    switch (S.K) {
    case Kind::Allocate:
      OS << "\n  // " << A.Name << " (" << (A.IsParameter ? "parameter" : "local array") << ", "
         << join(A.Extents.begin(), A.Extents.end(), " x ") << " elements) lives on the GPU from here to the end of "
         << F.Name << ".\n";
      OS << "  loopgpu_device_buffer " << D << "_mem(" << elementCount(A) << ", sizeof(" << T << "));\n";
      OS << "  " << T << " *const " << D << " = (" << T << " *)" << D << "_mem.ptr;\n";
      break;
    case Kind::CopyIn:
      OS << "  " << Guard << "LOOPGPU_CHECK(cudaMemcpy(" << D << ", " << A.Name << ", " << D
         << "_mem.bytes, cudaMemcpyHostToDevice));\n";
      break;
    case Kind::CopyOut:
      OS << "  " << Guard << "LOOPGPU_CHECK(cudaMemcpy(" << (A.IsConst ? "(void *)" : "") << A.Name << ", " << D
         << ", " << D << "_mem.bytes, cudaMemcpyDeviceToHost)); // " << A.Name << " back to the host\n";
      break;
    case Kind::Item:
      break;
    }
  }

  /// Host code, with the marker of each nest it encloses replaced by that
  /// nest's self-contained block.
  void printHostText(StringRef Text) {
    while (true) {
      size_t M = Text.find("/*@loopgpu-nest ");
      if (M == StringRef::npos)
        break;
      size_t E = Text.find("@*/", M);
      unsigned Index = 0;
      Text.slice(M + 16, E).getAsInteger(10, Index);
      OS << Text.take_front(M);
      Hooks[Index].PrintBlock(OS, [](unsigned) { return std::nullopt; });
      Text = Text.drop_front(E + 3);
    }
    OS << Text;
  }

  raw_ostream &OS;
  const Program &Prog;
  const HostFunction &F;
  const std::vector<NestHostHooks> &Hooks;
  const HostPlan &Plan;
  bool Device;
};

} // namespace

void printHostFunction(raw_ostream &OS, const Program &Prog, const HostFunction &F,
                       const std::vector<NestHostHooks> &Hooks) {
  HostPlan Plan = planHostCode(Prog, F);
  if (Plan.DeviceVariant)
    HostFunctionPrinter(OS, Prog, F, Hooks, Plan, /*Device=*/true).print();
  HostFunctionPrinter(OS, Prog, F, Hooks, Plan, /*Device=*/false).print();
}

} // namespace loopgpu
