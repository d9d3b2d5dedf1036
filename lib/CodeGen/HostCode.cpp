//===- HostCode.cpp - The host function around a function's nests ---------===//
#include "loopgpu/CodeGen/HostCode.h"
#include "loopgpu/Analysis/LiveIn.h"
#include "loopgpu/CodeGen/CudaNames.h"
#include "loopgpu/CodeGen/CudaPrinter.h"
#include "loopgpu/CodeGen/ElementCount.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <set>

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

} // namespace

namespace {

/// Whether every identifier of a C expression is one of Names (or one of
/// loopgpu's helpers): it can be evaluated at the function's entry.
bool onlyNames(StringRef Expr, const std::set<std::string> &Names) {
  for (size_t I = 0; I < Expr.size();) {
    if (!(std::isalpha(static_cast<unsigned char>(Expr[I])) || Expr[I] == '_')) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Expr.size() && (std::isalnum(static_cast<unsigned char>(Expr[J])) || Expr[J] == '_'))
      ++J;
    StringRef W = Expr.slice(I, J);
    if (!Names.count(W.str()) && !W.starts_with("loopgpu_") && W != "long")
      return false;
    I = J;
  }
  return true;
}

/// Arguments whose memory may overlap under C's rules: neither restrict,
/// element types that may alias (the same type up to signedness, or a
/// character type).
bool mayAlias(const HostArray &A, const HostArray &B) {
  if (!A.IsParameter || !B.IsParameter || A.IsRestrict || B.IsRestrict)
    return false;
  return A.ElementType.mayAliasWith(B.ElementType);
}

} // namespace

namespace {

/// planHostCode's walk over the function's items: the state of each array's
/// host and device copies, and the steps that keep them current.
class HostPlanner {
public:
  HostPlanner(const Program &Prog, const HostFunction &F) : Prog(Prog), F(F), NA(F.Arrays.size()) {}

  HostPlan run() {
    P.Count.assign(NA, "");
    P.Slot.assign(NA, -1);
    P.InnerInRegion.assign(F.Items.size(), false);
    sizeArrays();
    placeInRegion();
    Host.assign(NA, Valid);
    Device.assign(NA, Stale);
    Allocated.assign(NA, false);
    HostCopied.assign(NA, false);
    for (unsigned A = 0; A < NA; ++A)
      Device[A] = F.Arrays[A].IsParameter ? Stale : Valid;
    if (!P.RegionArrays.empty()) {
      P.Steps.push_back({Kind::Region, 0});
      for (unsigned A : P.RegionArrays)
        Allocated[A] = true;
    }
    P.DeviceVariant = true;
    for (unsigned I = 0; I < F.Items.size(); ++I) {
      if (F.Items[I].Nest >= 0)
        planNest(I);
      else
        planHostItem(I);
    }
    for (unsigned A = 0; A < NA; ++A)
      if (F.Arrays[A].IsParameter && F.Arrays[A].CopyOut) // copyin(A): no copy back at the end
        copyBack(A);
    return std::move(P);
  }

private:
  using Kind = HostPlan::Step::Kind;
  /// Each copy of an array is valid, stale, or stale only if the array
  /// shares its device buffer with one that was written (StaleIfShared: the
  /// copy that refreshes it is made only when the region says it shares). A
  /// local array's device copy is as good as its host copy until host code
  /// writes it: neither holds anything yet.
  enum State { Valid, StaleIfShared, Stale };

  /// Sizes: declared extents, else the nests' accesses (1 + the largest index).
  void sizeArrays() {
    std::set<std::string> EntryNames = entryNames();
    for (unsigned A = 0; A < NA; ++A) {
      const HostArray &Arr = F.Arrays[A];
      if (Arr.extentsKnown()) {
        std::vector<std::string> Factors;
        for (const std::string &E : Arr.Extents)
          Factors.push_back("(long long)(" + E + ")");
        P.Count[A] = "loopgpu_count({" + join(Factors, ", ") + "})";
        continue;
      }
      if (!Arr.IsParameter)
        continue;
      std::string Count;
      bool OK = true, Used = false;
      for (unsigned I : F.Nests) {
        const Nest &N = Prog.Nests[I];
        int NArr = nestArrayNamed(N, Arr.Name);
        if (NArr < 0)
          continue;
        Used = true;
        std::optional<std::string> C = arrayElementCount(N, NArr);
        if (!C || !onlyNames(*C, EntryNames)) {
          OK = false;
          break;
        }
        Count = Count.empty() ? *C : "loopgpu_max(" + Count + ", " + *C + ")";
      }
      if (OK && Used)
        P.Count[A] = "loopgpu_max(0, " + Count + ")";
    }
  }
  /// Parameters with their entry values throughout.
  std::set<std::string> entryNames() const {
    std::set<std::string> Names;
    for (const HostParam &HP : F.Params)
      if (HP.K == HostParam::Kind::Scalar && !HP.Written)
        Names.insert(HP.Name);
    return Names;
  }
  /// Parameters live in the region from the entry; a data clause's extent
  /// that uses anything but unchanged parameters cannot be evaluated there.
  void placeInRegion() {
    std::set<std::string> EntryNames = entryNames();
    for (unsigned A = 0; A < NA; ++A) {
      const HostArray &Arr = F.Arrays[A];
      if (!Arr.IsParameter || !P.onDevice(A))
        continue;
      bool Declared = true;
      for (const HostParam &HP : F.Params)
        if (HP.ArrayIndex == static_cast<int>(A))
          Declared = HP.TypeSpelling.find('[') != std::string::npos;
      if (!Declared && Arr.extentsKnown() && !onlyNames(join(Arr.Extents, " "), EntryNames)) {
        P.Count[A] = ""; // sized by a clause in changing names: the nests copy it
        continue;
      }
      P.Slot[A] = static_cast<int>(P.RegionArrays.size());
      P.RegionArrays.push_back(A);
    }
  }

  /// Which host arrays nest NI uses and writes: by name, and through the
  /// arrays it copies itself that may share their memory (residentsOf).
  void nestUses(unsigned NI, std::vector<bool> &Uses, std::vector<bool> &Writes) const {
    const Nest &N = Prog.Nests[NI];
    for (const Access &Acc : N.Accesses) {
      if (!Acc.isArray())
        continue;
      int H = hostArrayOf(F, N, Acc.Index);
      if (H < 0)
        continue;
      Uses[H] = true;
      Writes[H] = Writes[H] || Acc.IsWrite;
    }
    std::vector<bool> Read = residentsOf(NI, false), Written = residentsOf(NI, true);
    for (unsigned A = 0; A < NA; ++A) {
      Uses[A] = Uses[A] || Read[A];
      Writes[A] = Writes[A] || Written[A];
    }
  }
  /// The arrays on the GPU for the call whose memory may hold that of an
  /// array nest NI copies itself (no buffer of the call holds it): one the
  /// nest writes, if Written. Under C's rules: a pointer variable (or a
  /// struct member) may point into any array of its element type, a
  /// parameter or a global into any argument unless one is restrict.
  std::vector<bool> residentsOf(unsigned NI, bool Written) const {
    const Nest &N = Prog.Nests[NI];
    std::vector<bool> NestWrites(N.Arrays.size(), false), Out(NA, false);
    for (const Access &Acc : N.Accesses)
      if (Acc.isArray() && Acc.IsWrite)
        NestWrites[Acc.Index] = true;
    for (unsigned X = 0; X < N.Arrays.size(); ++X) {
      const ArrayInfo &Arr = N.Arrays[X];
      int Own = hostArrayOf(F, N, X);
      if (Arr.isTemporary() || !Arr.HoistedDecl.empty() || (Own >= 0 && P.onDevice(Own)) ||
          (Written && !NestWrites[X]))
        continue;
      for (unsigned H = 0; H < NA; ++H) {
        const HostArray &R = F.Arrays[H];
        if (static_cast<int>(H) == Own || !P.onDevice(H) || !Arr.ElementType.mayAliasWith(R.ElementType))
          continue;
        if (Arr.IsLocalPointer || (R.IsParameter && !Arr.IsRestrict && !R.IsRestrict))
          Out[H] = true;
      }
    }
    return Out;
  }
  /// Records the arrays nest NI's block finds on the GPU (residentsOf).
  void recordResidents(unsigned NI) {
    std::vector<bool> R = residentsOf(NI, false);
    for (unsigned A = 0; A < NA; ++A)
      if (R[A])
        P.Residents[NI].push_back(A);
  }
  /// The arrays that may share memory with one of Set move with it.
  std::vector<bool> closure(std::vector<bool> Set) const {
    for (unsigned A = 0; A < NA; ++A)
      if (Set[A])
        for (unsigned B = 0; B < NA; ++B)
          if (mayAlias(F.Arrays[A], F.Arrays[B]) && P.Slot[B] >= 0)
            Set[B] = true;
    return Set;
  }
  /// A write to the arrays in Direct makes the copies in Copies stale: those
  /// written for sure, the others that may share their memory if they do.
  void invalidate(std::vector<State> &Copies, const std::vector<bool> &Direct) const {
    std::vector<bool> Alias = closure(Direct);
    for (unsigned A = 0; A < NA; ++A) {
      if (Direct[A])
        Copies[A] = Stale;
      else if (Alias[A] && Copies[A] == Valid)
        Copies[A] = StaleIfShared;
    }
  }
  void copyBack(unsigned A) {
    if (Allocated[A] && Host[A] != Valid) {
      P.Steps.push_back({Kind::CopyOut, A, Host[A] == StaleIfShared});
      Host[A] = Valid;
    }
  }
  /// Overwritten: arrays the nest about to run writes entirely before
  /// reading (LiveIn.h): their host values are never used, the copy in is
  /// skipped.
  void toDevice(const std::vector<bool> &Uses, const std::vector<bool> &Overwritten, int Nest) {
    for (unsigned A = 0; A < NA; ++A) {
      if (!Uses[A] || !P.onDevice(A))
        continue;
      if (!Allocated[A]) {
        P.Steps.push_back({Kind::Allocate, A});
        Allocated[A] = true;
      }
      if (Device[A] != Valid) {
        // copyout(A): the caller promises the nests need nothing of it.
        if (Overwritten[A])
          P.Steps.push_back({Kind::Overwritten, A, false, Nest});
        else if (HostCopied[A] || F.Arrays[A].CopyIn || Device[A] == StaleIfShared)
          P.Steps.push_back({Kind::CopyIn, A, Device[A] == StaleIfShared});
        Device[A] = Valid;
      }
    }
  }
  /// The host arrays nest NI overwrites before reading: each used under one
  /// name in the nest, sharing memory with no other array.
  std::vector<bool> overwrittenBy(unsigned NI) const {
    const Nest &N = Prog.Nests[NI];
    std::vector<int> NestArray(NA, -1);
    std::vector<bool> Out(NA, false);
    for (unsigned X = 0; X < N.Arrays.size(); ++X) {
      int H = hostArrayOf(F, N, X);
      if (H >= 0)
        NestArray[H] = NestArray[H] == -1 ? static_cast<int>(X) : -2;
    }
    for (unsigned A = 0; A < NA; ++A) {
      if (NestArray[A] < 0 || !P.onDevice(A))
        continue;
      // A pointer the host code allocates as many elements of as the nests
      // touch: where no nest touches more than this one, what this one
      // touches is all there is.
      bool ByTouch = !F.Arrays[A].extentsKnown();
      if (ByTouch && (!F.Arrays[A].IsParameter || P.Count[A].empty() || !sizedBy(A, NI)))
        continue;
      bool Alone = true;
      for (unsigned B = 0; B < NA && Alone; ++B)
        Alone = B == A || !mayAlias(F.Arrays[A], F.Arrays[B]);
      Out[A] = Alone && overwritesBeforeReading(N, static_cast<unsigned>(NestArray[A]), nullptr, ByTouch);
    }
    return Out;
  }
  /// Whether the elements of host array A that the host code allocates
  /// (sizeArrays: as many as the nests touch) are those nest NI touches:
  /// every other nest that uses it touches as many (the same count in the
  /// same unchanged parameters), and no host code uses it.
  bool sizedBy(unsigned A, unsigned NI) const {
    std::optional<std::string> Mine = arrayElementCount(Prog.Nests[NI], nestArrayNamed(Prog.Nests[NI], F.Arrays[A].Name));
    for (unsigned I : F.Nests) {
      int X = nestArrayNamed(Prog.Nests[I], F.Arrays[A].Name);
      if (I != NI && X >= 0 && arrayElementCount(Prog.Nests[I], X) != Mine)
        return false;
    }
    for (const HostFunction::Item &It : F.Items)
      if (It.Nest < 0 && (It.Reads.empty() || It.Reads[A] || It.Writes[A]))
        return false;
    return true;
  }

  /// Item I, a nest: its arrays current on the GPU, the launch, the host
  /// copies of what it writes stale.
  void planNest(unsigned I) {
    const HostFunction::Item &It = F.Items[I];
    std::vector<bool> Uses(NA, false), Writes(NA, false);
    nestUses(It.Nest, Uses, Writes);
    for (unsigned A = 0; A < NA; ++A)
      if (Uses[A] && !F.Arrays[A].IsParameter)
        P.DeviceVariant = false;
    // A pointer the function derives may point into an argument, which
    // `<function>_device` has on the GPU: its copy from the host would not be.
    const Nest &N = Prog.Nests[It.Nest];
    if (std::any_of(N.Arrays.begin(), N.Arrays.end(), [](const ArrayInfo &A) { return A.IsLocalPointer; }))
      P.DeviceVariant = false;
    recordResidents(It.Nest);
    // Arguments that may share memory move together, so that every copy
    // moves the newest bytes: all of them are current on the GPU here.
    toDevice(closure(Uses), overwrittenBy(It.Nest), It.Nest);
    P.Steps.push_back({Kind::Item, I});
    std::vector<bool> W(NA, false);
    for (unsigned A = 0; A < NA; ++A)
      W[A] = Writes[A] && P.onDevice(A);
    invalidate(Host, W);
  }

  /// Item I, host code (with nests inside it, perhaps): the host copies it
  /// sees current, the device copies of what it writes stale.
  void planHostItem(unsigned I) {
    const HostFunction::Item &It = F.Items[I];
    std::vector<bool> InnerUses(NA, false), InnerWrites(NA, false);
    for (unsigned NI : It.InnerNests)
      nestUses(NI, InnerUses, InnerWrites);
    bool InRegion = !It.InnerNests.empty();
    for (unsigned A = 0; A < NA; ++A) {
      if (It.Reads[A] || It.Writes[A])
        P.DeviceVariant = false;
      if (InnerUses[A] && (It.Reads[A] || It.Writes[A] || !P.onDevice(A)))
        InRegion = false;
    }
    if (!It.InnerNests.empty() && !InRegion)
      P.DeviceVariant = false;
    P.InnerInRegion[I] = InRegion;
    // Host code sees the host copies: those it touches, and all arrays the
    // nests inside it copy themselves.
    std::vector<bool> Touched(NA, false);
    for (unsigned A = 0; A < NA; ++A)
      Touched[A] = It.Reads[A] || It.Writes[A] || (It.Returns && F.Arrays[A].IsParameter) ||
                   (InnerUses[A] && !InRegion);
    Touched = closure(Touched);
    for (unsigned A = 0; A < NA; ++A) {
      if (Touched[A])
        copyBack(A);
      HostCopied[A] = HostCopied[A] || Touched[A];
    }
    // Nests inside host code may run any number of times, even none: their
    // arrays are copied in.
    if (InRegion) {
      toDevice(closure(InnerUses), std::vector<bool>(NA, false), -1);
      for (unsigned NI : It.InnerNests) {
        recordResidents(NI);
        const Nest &N = Prog.Nests[NI];
        if (std::any_of(N.Arrays.begin(), N.Arrays.end(), [](const ArrayInfo &A) { return A.IsLocalPointer; }))
          P.DeviceVariant = false;
      }
    }
    P.Steps.push_back({Kind::Item, I});
    std::vector<bool> HostWrites(NA, false);
    for (unsigned A = 0; A < NA; ++A)
      HostWrites[A] = It.Writes[A] || (InnerWrites[A] && !InRegion);
    invalidate(Device, HostWrites);
    if (InRegion)
      invalidate(Host, InnerWrites);
  }

  const Program &Prog;
  const HostFunction &F;
  const unsigned NA;
  HostPlan P;
  std::vector<State> Host, Device;
  std::vector<bool> Allocated, HostCopied;
};

} // namespace

HostPlan planHostCode(const Program &Prog, const HostFunction &F) { return HostPlanner(Prog, F).run(); }

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
    return std::string(A.IsConst ? "const " : "") + A.ElementType.cudaStr() + " *" +
           (A.IsRestrict ? "__restrict__ " : "") + P.Name;
  }
  if (P.K == HostParam::Kind::Other && P.TypeSpelling.find('[') != std::string::npos)
    return "void *" + P.Name; // an array of something the nests cannot use
  return cudaSpelling(P.TypeSpelling);
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
    if (!Plan.onDevice(H))
      return std::nullopt;
    return deviceBufferName(F.Arrays[H].Name);
  }

  /// The arrays on the GPU that nest I's own copies may overlap
  /// (HostPlan::Residents), where the nest runs on the call's buffers.
  std::vector<DeviceResident> residents(unsigned I, bool OnCallBuffers) const {
    std::vector<DeviceResident> Out;
    auto It = Plan.Residents.find(I);
    if (Device || !OnCallBuffers || It == Plan.Residents.end())
      return Out;
    for (unsigned A : It->second)
      Out.push_back({F.Arrays[A].Name, bytesOf(A), deviceBufferName(F.Arrays[A].Name)});
    return Out;
  }
  /// Array A's size on the GPU in bytes, a C expression.
  std::string bytesOf(unsigned A) const {
    return Plan.Slot[A] >= 0 ? "loopgpu_data.bytes(" + std::to_string(Plan.Slot[A]) + ")"
                             : deviceBufferName(F.Arrays[A].Name) + "_mem.bytes";
  }

  /// Nest I's launch; with a version for arrays apart (AliasVersion.h),
  /// the run-time check picks between the version and the nest.
  void printNest(unsigned I, const std::function<std::optional<std::string>(const Nest &, unsigned)> &Buffer,
                 bool OnCallBuffers) {
    std::vector<DeviceResident> Residents = residents(I, OnCallBuffers);
    auto Of = [&](unsigned J) {
      const Nest *M = &Prog.Nests[J];
      return std::function<std::optional<std::string>(unsigned)>([&Buffer, M](unsigned A) { return Buffer(*M, A); });
    };
    std::optional<std::string> Check;
    unsigned V = 0;
    for (unsigned J = 0; J < Prog.Nests.size() && !Check; ++J)
      if (Prog.Nests[J].VersionOf == static_cast<int>(I) && Hooks[J].ApartCheck) {
        Check = Hooks[J].ApartCheck(Of(J), !Device);
        V = J;
      }
    if (!Check) {
      Hooks[I].PrintBlock(OS, Of(I), Residents, !Device);
      return;
    }
    OS << "if (" << *Check << ") {\n  // the arrays are apart: the version without dependences between them\n  ";
    Hooks[V].PrintBlock(OS, Of(V), Residents, !Device);
    OS << "\n  } else {\n  // they overlap: the nest as analysed\n  ";
    Hooks[I].PrintBlock(OS, Of(I), Residents, !Device);
    OS << "\n  }";
  }

  void printStep(const HostPlan::Step &S) {
    using Kind = HostPlan::Step::Kind;
    if (S.K == Kind::Item) {
      const HostFunction::Item &It = F.Items[S.Index];
      if (It.Nest >= 0) {
        printNestItem(It.Nest, [&](const Nest &N, unsigned A) { return buffer(N, A); }, /*OnCallBuffers=*/true,
                      /*Indent=*/true);
        return;
      }
      printHostText(It.Text, Plan.InnerInRegion[S.Index]);
      return;
    }
    if (Device)
      return;
    if (S.K == Kind::Region) {
      printRegion();
      return;
    }
    const HostArray &A = F.Arrays[S.Index];
    std::string D = deviceBufferName(A.Name), T = A.ElementType.cudaStr();
    std::string Bytes = bytesOf(S.Index);
    std::string Guard = "if (" + Bytes + " > 0)\n    ";
    if (S.IfShared)
      Guard = "if (loopgpu_data.shared(" + std::to_string(Plan.Slot[S.Index]) + ") && " + Bytes +
              " > 0) // another argument overlapping it was written\n    ";
    switch (S.K) {
    case Kind::Allocate:
      OS << "\n  // " << A.Name << " (" << (A.IsParameter ? "parameter" : "local array")
         << ") lives on the GPU from here to the end of " << F.Name << ".\n";
      OS << "  loopgpu_device_buffer " << D << "_mem(" << Plan.Count[S.Index] << ", sizeof(" << T << "));\n";
      OS << "  " << T << " *const " << D << " = (" << T << " *)" << D << "_mem.ptr;\n";
      break;
    case Kind::CopyIn:
      OS << "  " << (S.IfShared ? Guard : "") << "loopgpu_copy_in(" << D << ", " << A.Name << ", " << Bytes
         << ");\n";
      break;
    case Kind::Overwritten:
      OS << "  // " << A.Name << " is not copied in: nest " << Prog.Nests[S.Nest].Ordinal << " (line "
         << Prog.Nests[S.Nest].Loc.Line << ") writes every element of it before reading any.\n";
      break;
    case Kind::CopyOut:
      OS << "  " << Guard << "LOOPGPU_CHECK(cudaMemcpy(" << (A.IsConst ? "(void *)" : "") << A.Name << ", " << D
         << ", " << Bytes << ", cudaMemcpyDeviceToHost)); // " << A.Name << " back to the host\n";
      break;
    case Kind::Region:
    case Kind::Item:
      break;
    }
  }

  /// The array arguments' device memory for the whole call.
  void printRegion() {
    OS << "\n  // The array arguments on the GPU for the whole call. Arguments whose host ranges\n"
       << "  // overlap share one device buffer at the same offsets: the GPU sees the aliasing the C\n"
       << "  // code sees.\n";
    std::vector<std::string> Ranges;
    for (unsigned A : Plan.RegionArrays)
      Ranges.push_back("{" + F.Arrays[A].Name + ", loopgpu_bytes(" + Plan.Count[A] + ", sizeof(" +
                       F.Arrays[A].ElementType.cudaStr() + "))}");
    OS << "  loopgpu_region loopgpu_data({" << join(Ranges, ",\n                               ") << "});\n";
    for (unsigned A : Plan.RegionArrays) {
      std::string T = F.Arrays[A].ElementType.cudaStr();
      OS << "  " << T << " *const " << deviceBufferName(F.Arrays[A].Name) << " = (" << T << " *)loopgpu_data.device("
         << Plan.Slot[A] << "); // " << F.Arrays[A].Name << ": "
         << (F.Arrays[A].extentsKnown() ? join(F.Arrays[A].Extents.begin(), F.Arrays[A].Extents.end(), " x ") +
                                              " elements"
                                        : "as many elements as the nests index")
         << "\n";
    }
  }

  /// Nest I where the function runs it: its checks, its launch, the values
  /// its C loops leave in iterators; in a block of its own that declares
  /// the variables standing for struct members (Nest::Members) and stores
  /// the ones it writes back after it.
  /// Indent: the nest is a statement of the function's body (else its
  /// marker in host code stands where it goes, indented).
  void printNestItem(unsigned I, const std::function<std::optional<std::string>(const Nest &, unsigned)> &Buffer,
                     bool OnCallBuffers, bool Indent) {
    const Nest &N = Prog.Nests[I];
    if (!N.Members.empty()) {
      bool AllDerived = std::all_of(N.Members.begin(), N.Members.end(), [](const MemberBinding &B) { return B.Derived; });
      bool AnyDerived = std::any_of(N.Members.begin(), N.Members.end(), [](const MemberBinding &B) { return B.Derived; });
      OS << (Indent ? "  " : "") << "{ // "
         << (AllDerived  ? "products of parameters in the nest's bounds as its parameters: computed once before it"
             : AnyDerived ? "struct members and products of parameters in bounds as the nest's variables: read once "
                            "before it"
                          : "struct members as the nest's variables: read once before it");
      Indent = true;
      if (std::any_of(N.Members.begin(), N.Members.end(), [](const MemberBinding &B) { return B.Written; }))
        OS << ", those it writes stored back after it";
      OS << "\n";
      for (const MemberBinding &B : N.Members)
        OS << "  " << B.declaration() << " = " << B.Member << "; // line " << B.Loc.Line
           << (B.Derived ? ": not affine, a parameter of the nest" : "") << "\n";
      if (!Device)
        printMemberChecks(N);
    }
    printIteratorChecks(I);
    OS << (Indent ? "  " : "");
    printNest(I, Buffer, OnCallBuffers);
    printFinalIterators(I);
    if (N.Members.empty())
      return;
    for (const MemberBinding &B : N.Members)
      if (B.Written)
        OS << "\n  " << B.Member << " = " << B.Name << ";";
    OS << "\n  }";
  }

  /// Stops the program where a member the nest reads once (or stores after
  /// it) lies in an array that the nest writes (or reads): C would see the
  /// array's elements change it (it them) while the nest runs.
  void printMemberChecks(const Nest &N) {
    for (const MemberBinding &B : N.Members)
      for (unsigned A : B.MayOverlap) {
        std::optional<std::string> Count = arrayElementCount(N, A);
        std::string T = typeStr(N.Arrays[A].ElementType);
        // ElementCount.h: known for every array the frontend lets in here.
        std::string Bytes = Count ? "loopgpu_bytes(" + *Count + ", sizeof(" + T + "))"
                                  : "(size_t)(UINTPTR_MAX - (uintptr_t)" + N.Arrays[A].Name + ")";
        OS << "  loopgpu_member_apart(&" << B.Member << ", sizeof(" << B.Name << "), " << N.Arrays[A].Name << ", "
           << Bytes << ", \"" << CudaNames::cName(F.Name) << ": '" << B.CText << "' lies in '"
           << CudaNames::cName(N.Arrays[A].Name) << "', which the nest at line " << N.Loc.Line
           << " accesses: loopgpu reads the member once before the nest"
           << (B.Written ? " and stores it after it" : "") << "\");\n";
      }
  }

  /// Stops the program where a loop of the nest never ends as in C.
  void printIteratorChecks(unsigned Nest) {
    auto It = F.IteratorChecks.find(Nest);
    if (It != F.IteratorChecks.end())
      OS << It->second;
  }

  /// The values the nest's C loops leave in iterators declared before it.
  void printFinalIterators(unsigned Nest) {
    auto It = F.FinalIterators.find(Nest);
    if (It != F.FinalIterators.end())
      OS << "\n" << StringRef(It->second).rtrim("\n");
  }

  /// Host code, with the marker of each nest it encloses replaced by that
  /// nest's block, and each local VLA's by its declaration.
  void printHostText(StringRef Text, bool InRegion) {
    while (true) {
      size_t M = Text.find("/*@loopgpu-");
      if (M == StringRef::npos)
        break;
      size_t E = Text.find("@*/", M);
      StringRef Marker = Text.slice(M + 11, E);
      unsigned Index = 0;
      Marker.rsplit(' ').second.getAsInteger(10, Index);
      OS << Text.take_front(M);
      if (Marker.starts_with("nest ")) {
        printNestItem(
            Index, [&](const Nest &N, unsigned A) { return InRegion || Device ? buffer(N, A) : std::nullopt; },
            /*OnCallBuffers=*/InRegion, /*Indent=*/false);
      } else {
        const HostArray &A = F.Arrays[Index];
        std::vector<std::string> Factors;
        for (const std::string &X : A.Extents)
          Factors.push_back("(size_t)(" + X + ")");
        std::string Storage = "loopgpu_storage_" + A.Name, T = A.ElementType.cudaStr();
        OS << "std::vector<" << T << "> " << Storage << "(" << join(Factors, " * ") << "); "
           << (A.IsConst ? "const " : "") << T << " *" << A.Name << " = " << Storage << ".data(); // C++ has no VLAs";
      }
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
