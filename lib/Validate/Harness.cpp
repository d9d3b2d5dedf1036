//===- Harness.cpp - Run the emitted CUDA against the original C ----------===//
#include "loopgpu/Validate/Harness.h"
#include "loopgpu/CodeGen/CudaPrinter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;

namespace loopgpu {

int64_t defaultParamValue(unsigned I) {
  static const int64_t Primes[] = {37, 53, 29, 41, 23, 31, 19, 43, 47, 17};
  return Primes[I % (sizeof(Primes) / sizeof(Primes[0]))];
}

namespace {

const char *const DriverPrelude = R"(#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <algorithm>
#include <vector>

inline long long loopgpu_min(long long a, long long b) { return a < b ? a : b; }
inline long long loopgpu_max(long long a, long long b) { return a > b ? a : b; }
inline long long loopgpu_floord(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// Random inputs from the seed (splitmix64), never all zeros.
static unsigned long long loopgpu_rng;
static double loopgpu_uniform() {
  unsigned long long z = (loopgpu_rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}
template <typename T> static void loopgpu_fill(T *a, long long n, bool floating) {
  for (long long i = 0; i < n; ++i)
    a[i] = floating ? (T)(loopgpu_uniform() * 2.0 - 1.0) : (T)(1 + (long long)(loopgpu_uniform() * 99.0));
}
template <typename T> static void loopgpu_poison(T *a, long long n, bool floating) {
  for (long long i = 0; i < n; ++i)
    a[i] = floating ? (T)-77777.0 : (T)-1234567;
}
static double loopgpu_seconds() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
// Compares n elements; prints PASS or FAIL with the worst element.
template <typename T>
static int loopgpu_compare(const char *what, const T *ref, const T *got, long long n, double tol) {
  long long worst = -1, bad = 0;
  double worstErr = 0;
  for (long long i = 0; i < n; ++i) {
    double r = (double)ref[i], g = (double)got[i];
    double err = (r == g) ? 0.0 : fabs(g - r) / fmax(1.0, fabs(r));
    if (r != r || g != g)
      err = (r != r && g != g) ? 0.0 : INFINITY;
    if (err > tol) {
      ++bad;
      if (err > worstErr || worst < 0) { worstErr = err; worst = i; }
    }
  }
  if (bad == 0) {
    printf("PASS %s (%lld elements)\n", what, n);
    return 0;
  }
  printf("FAIL %s: %lld of %lld elements differ; worst at index %lld: original %.9g, cuda %.9g (relative error %.3g, tolerance %.3g)\n",
         what, bad, n, worst, (double)ref[worst], (double)got[worst], worstErr, tol);
  return 1;
}
#define LOOPGPU_CHECK(call)                                                              \
  do {                                                                                   \
    cudaError_t e = (call);                                                              \
    if (e != cudaSuccess) {                                                              \
      printf("FAIL %s: %s\n", #call, cudaGetErrorString(e));                             \
      exit(1);                                                                           \
    }                                                                                    \
  } while (0)
)";

std::string typeStr(ScalarType T) { return T.K == ScalarType::Kind::Bool ? "bool" : T.str(); }

/// Whether the C expression Text mentions the identifier Name as a whole
/// identifier ('t' is not mentioned by 'nt + 4').
bool mentionsIdentifier(StringRef Text, StringRef Name) {
  auto IsIdentChar = [](char C) { return isAlnum(C) || C == '_'; };
  for (size_t At = Text.find(Name); At != StringRef::npos; At = Text.find(Name, At + 1))
    if ((At == 0 || !IsIdentChar(Text[At - 1])) &&
        (At + Name.size() == Text.size() || !IsIdentChar(Text[At + Name.size()])))
      return true;
  return false;
}

/// What the driver needs to know about one input function.
struct FunctionInfo {
  std::string Name, ReturnType;
  std::vector<const Nest *> Nests;
  std::vector<FunctionParam> Params;
  bool HasReduction = false;
};

class DriverWriter {
public:
  DriverWriter(const ValidateOptions &Opts, DiagnosticSink &Diags) : Opts(Opts), Diags(Diags) {}

  bool writeFunction(raw_ostream &OS, const FunctionInfo &F, unsigned Index) {
    const Nest &First = *F.Nests.front();
    // Arrays by parameter name: element type, count expression, read, written.
    struct ArrayUse {
      ScalarType Type;
      std::vector<std::string> Counts;
      bool Read = false, Written = false;
      bool IsConst = false, IsRestrict = false;
    };
    std::map<std::string, ArrayUse> Arrays;
    std::set<std::string> FunctionParamNames;
    for (const FunctionParam &P : F.Params)
      FunctionParamNames.insert(P.Name);
    for (const Nest *N : F.Nests)
      for (unsigned A = 0; A < N->Arrays.size(); ++A) {
        const ArrayInfo &Arr = N->Arrays[A];
        if (Arr.isTemporary())
          continue; // the generated code allocates it
        if (!Arr.IsParameter) {
          Diags.error(Arr.Loc, "--validate: array '" + Arr.Name +
                                   "' is not a parameter of '" + F.Name +
                                   "'; the driver can only pass parameters");
          return false;
        }
        ArrayUse &U = Arrays[Arr.Name];
        U.Type = Arr.ElementType;
        U.IsConst = Arr.IsConst;
        U.IsRestrict = Arr.IsRestrict;
        std::optional<std::string> Count = arrayElementCount(*N, A);
        if (!Count) {
          Diags.error(Arr.Loc, "--validate: cannot size array '" + Arr.Name +
                                   "' (its outer extent is unknown and an access is not affine)");
          return false;
        }
        for (const ParamInfo &P : N->Params)
          if (mentionsIdentifier(*Count, P.Name) && !FunctionParamNames.count(P.Name)) {
            Diags.error(Arr.Loc, "--validate: the size of '" + Arr.Name + "' depends on '" + P.Name +
                                     "', which is not a parameter of '" + F.Name + "'");
            return false;
          }
        U.Counts.push_back(*Count);
        for (const Access &Acc : N->Accesses)
          if (Acc.isArray() && Acc.Index == A)
            (Acc.IsWrite ? U.Written : U.Read) = true;
      }

    OS << "// ---- " << F.Name << " (" << F.Nests.size() << " nest" << (F.Nests.size() == 1 ? "" : "s")
       << ")\n";
    std::vector<std::string> Decls;
    for (const FunctionParam &P : F.Params) {
      if (P.ArrayId >= 0) {
        const ArrayUse &U = Arrays[P.Name];
        Decls.push_back(std::string(U.IsConst ? "const " : "") + typeStr(U.Type) + " *" + P.Name);
      } else if (P.TypeSpelling.find('[') != std::string::npos ||
                 P.TypeSpelling.find('*') != std::string::npos) {
        Decls.push_back("void *" + P.Name);
      } else {
        Decls.push_back(P.TypeSpelling);
      }
    }
    std::string Sig = "(" + (Decls.empty() ? std::string("void") : join(Decls, ", ")) + ")";
    OS << "extern \"C\" " << F.ReturnType << " " << F.Name << Sig << ";\n";
    OS << "extern \"C\" " << F.ReturnType << " loopgpu_ref_" << F.Name << Sig << ";\n\n";
    OS << "static int validate_" << Index << "() {\n";
    OS << "  int loopgpu_failures = 0;\n";
    // Integer parameters: --param or defaults; other scalars: random.
    unsigned IntIndex = 0;
    std::vector<std::string> RefArgs, CudaArgs;
    std::string ParamSummary;
    for (const FunctionParam &P : F.Params) {
      if (P.ArrayId >= 0) {
        RefArgs.push_back(P.Name + "_ref");
        CudaArgs.push_back(P.Name + "_cuda");
        continue;
      }
      if (Decls[&P - &F.Params[0]].rfind("void *", 0) == 0) {
        RefArgs.push_back("NULL");
        CudaArgs.push_back("NULL");
        continue;
      }
      std::optional<ScalarType> T;
      if (P.ParamId >= 0)
        T = First.Params[P.ParamId].Type;
      else if (P.ScalarId >= 0)
        T = First.Scalars[P.ScalarId].Type;
      if (T && T->isInteger()) {
        auto It = Opts.Params.find(P.Name);
        int64_t V = It != Opts.Params.end() ? It->second : defaultParamValue(IntIndex++);
        OS << "  const " << typeStr(*T) << " " << P.Name << " = " << V << ";\n";
        ParamSummary += " " + P.Name + "=" + std::to_string(V);
      } else if (T) {
        OS << "  const " << typeStr(*T) << " " << P.Name << " = (" << typeStr(*T)
           << ")(0.5 + loopgpu_uniform());\n";
      } else {
        OS << "  " << P.TypeSpelling << " = 0; // not used by the nests\n";
      }
      RefArgs.push_back(P.Name);
      CudaArgs.push_back(P.Name);
    }
    OS << "  printf(\"validating " << F.Name << " with" << ParamSummary << " (seed " << Opts.Seed
       << ")\\n\");\n";
    for (auto &[Name, U] : Arrays) {
      std::string T = typeStr(U.Type);
      std::string Count = U.Counts.front();
      for (size_t I = 1; I < U.Counts.size(); ++I)
        Count = "loopgpu_max(" + Count + ", " + U.Counts[I] + ")";
      OS << "  const long long " << Name << "_count = loopgpu_max(0, " << Count << ");\n";
      OS << "  std::vector<" << T << "> " << Name << "_init(" << Name << "_count + 1);\n";
      OS << "  loopgpu_" << (U.Read ? "fill" : "poison") << "(" << Name << "_init.data(), " << Name
         << "_count, " << (U.Type.isFloating() ? "true" : "false") << ");\n";
      OS << "  std::vector<" << T << "> " << Name << "_ref_v(" << Name << "_init), " << Name << "_cuda_v("
         << Name << "_init);\n";
      OS << "  " << T << " *" << Name << "_ref = " << Name << "_ref_v.data(), *" << Name << "_cuda = "
         << Name << "_cuda_v.data();\n";
    }
    OS << "  LOOPGPU_CHECK(cudaFree(0)); // start the CUDA context before timing\n";
    bool Void = F.ReturnType == "void";
    OS << "  double loopgpu_t0 = loopgpu_seconds();\n";
    OS << "  " << (Void ? "" : "const " + F.ReturnType + " loopgpu_ret_ref = ") << "loopgpu_ref_" << F.Name << "("
       << join(RefArgs, ", ") << ");\n";
    OS << "  double loopgpu_t1 = loopgpu_seconds();\n";
    OS << "  " << (Void ? "" : "const " + F.ReturnType + " loopgpu_ret_cuda = ") << F.Name << "("
       << join(CudaArgs, ", ") << ");\n";
    OS << "  double loopgpu_t2 = loopgpu_seconds();\n";
    bool Floating = false;
    double Tol = 0;
    for (auto &[Name, U] : Arrays)
      Floating |= U.Type.isFloating();
    std::string Kind = F.HasReduction ? "reduction" : "element-wise";
    for (auto &[Name, U] : Arrays) {
      if (!U.Written)
        continue;
      Tol = toleranceFor(U.Type, F.HasReduction);
      OS << "  loopgpu_failures += loopgpu_compare(\"" << F.Name << ": " << Name << "\", " << Name << "_ref, "
         << Name << "_cuda, " << Name << "_count, " << Tol << ");\n";
    }
    if (!Void) {
      ScalarType RT = F.ReturnType.find("float") != std::string::npos ||
                              F.ReturnType.find("double") != std::string::npos
                          ? ScalarType::doubleType()
                          : ScalarType::intType();
      if (F.ReturnType.find("float") != std::string::npos)
        RT = ScalarType::floatType();
      OS << "  loopgpu_failures += loopgpu_compare(\"" << F.Name << ": return value\", &loopgpu_ret_ref, &loopgpu_ret_cuda, 1, "
         << toleranceFor(RT, F.HasReduction) << ");\n";
    }
    (void)Floating;
    OS << "  printf(\"time " << F.Name << ": original on one CPU core %.3f ms, CUDA end to end (copies "
          "included) %.3f ms\\n\", 1e3 * (loopgpu_t1 - loopgpu_t0), 1e3 * (loopgpu_t2 - loopgpu_t1));\n";
    if (F.Nests.size() == 1)
      writeKernelTiming(OS, F, *F.Nests.front(), Arrays.size());
    OS << "  printf(\"tolerance " << F.Name << ": " << Kind << " code\\n\");\n";
    OS << "  return loopgpu_failures;\n}\n\n";
    return true;
  }

  static double toleranceFor(ScalarType T, bool Reorders) {
    if (T.isInteger())
      return 0;
    bool Single = T.K == ScalarType::Kind::Float;
    return Reorders ? (Single ? 1e-4 : 1e-10) : (Single ? 1e-5 : 1e-12);
  }

  /// Times `<function>_device` alone with CUDA events: median of 10 runs
  /// after a warm-up, on device copies of the inputs.
  void writeKernelTiming(raw_ostream &OS, const FunctionInfo &F, const Nest &N, size_t) {
    std::set<std::string> FunctionParamNames;
    for (const FunctionParam &P : F.Params)
      FunctionParamNames.insert(P.Name);
    for (const ParamInfo &P : N.Params)
      if (!FunctionParamNames.count(P.Name))
        return;
    for (const ScalarInfo &S : N.Scalars)
      if (!S.declaredInside() && !S.IsWritten && !FunctionParamNames.count(S.Name))
        return;
    std::vector<std::string> Decls, Args;
    OS << "  {\n";
    for (const ParamInfo &P : N.Params) {
      Decls.push_back(typeStr(P.Type) + " " + P.Name);
      Args.push_back(P.Name);
    }
    for (const ScalarInfo &S : N.Scalars) {
      if (S.declaredInside())
        continue;
      if (S.IsWritten) {
        OS << "    " << typeStr(S.Type) << " *dev_" << S.Name << ";\n";
        OS << "    LOOPGPU_CHECK(cudaMalloc((void **)&dev_" << S.Name << ", sizeof(" << typeStr(S.Type)
           << ")));\n";
        OS << "    LOOPGPU_CHECK(cudaMemset(dev_" << S.Name << ", 0, sizeof(" << typeStr(S.Type) << ")));\n";
        Decls.push_back(typeStr(S.Type) + " *" + S.Name);
        Args.push_back("dev_" + S.Name);
      } else {
        Decls.push_back(typeStr(S.Type) + " " + S.Name);
        Args.push_back(S.Name);
      }
    }
    std::vector<std::string> Frees;
    for (const ArrayInfo &A : N.Arrays) {
      if (A.isTemporary())
        continue; // the launcher allocates it
      std::string T = typeStr(A.ElementType);
      OS << "    " << T << " *dev_" << A.Name << ";\n";
      OS << "    LOOPGPU_CHECK(cudaMalloc((void **)&dev_" << A.Name << ", (" << A.Name
         << "_count + 1) * sizeof(" << T << ")));\n";
      OS << "    LOOPGPU_CHECK(cudaMemcpy(dev_" << A.Name << ", " << A.Name << "_init.data(), (" << A.Name
         << "_count + 1) * sizeof(" << T << "), cudaMemcpyHostToDevice));\n";
      Decls.push_back(std::string(A.IsConst ? "const " : "") + T + " *" + A.Name);
      Args.push_back("dev_" + A.Name);
      Frees.push_back("dev_" + A.Name);
    }
    OS << "    cudaEvent_t loopgpu_start, loopgpu_stop;\n";
    OS << "    LOOPGPU_CHECK(cudaEventCreate(&loopgpu_start));\n    LOOPGPU_CHECK(cudaEventCreate(&loopgpu_stop));\n";
    OS << "    " << F.Name << "_device(" << join(Args, ", ") << "); // warm-up\n";
    OS << "    LOOPGPU_CHECK(cudaDeviceSynchronize());\n";
    OS << "    std::vector<float> loopgpu_ms;\n";
    OS << "    for (int loopgpu_r = 0; loopgpu_r < 10; ++loopgpu_r) {\n";
    OS << "      LOOPGPU_CHECK(cudaEventRecord(loopgpu_start));\n";
    OS << "      " << F.Name << "_device(" << join(Args, ", ") << ");\n";
    OS << "      LOOPGPU_CHECK(cudaEventRecord(loopgpu_stop));\n";
    OS << "      LOOPGPU_CHECK(cudaEventSynchronize(loopgpu_stop));\n";
    OS << "      float loopgpu_m = 0;\n      LOOPGPU_CHECK(cudaEventElapsedTime(&loopgpu_m, loopgpu_start, loopgpu_stop));\n";
    OS << "      loopgpu_ms.push_back(loopgpu_m);\n    }\n";
    OS << "    std::sort(loopgpu_ms.begin(), loopgpu_ms.end());\n";
    OS << "    printf(\"time " << F.Name << ": kernels alone (median of 10) %.3f ms\\n\", 0.5 * (loopgpu_ms[4] + loopgpu_ms[5]));\n";
    for (const std::string &P : Frees)
      OS << "    LOOPGPU_CHECK(cudaFree(" << P << "));\n";
    OS << "  }\n";
    // The declaration the call above needs, emitted before validate_N.
    DeviceDecls += "extern \"C\" void " + F.Name + "_device(" + join(Decls, ", ") + ");\n";
  }

  std::string DeviceDecls;

private:
  const ValidateOptions &Opts;
  DiagnosticSink &Diags;
};

bool writeFile(const std::string &Path, StringRef Text, DiagnosticSink &Diags) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC) {
    Diags.error({}, "--validate: cannot write '" + Path + "': " + EC.message());
    return false;
  }
  OS << Text;
  return true;
}

} // namespace

bool writeHarness(const Program &P, StringRef Source, StringRef Cuda, const ValidateOptions &Opts,
                  DiagnosticSink &Diags) {
  if (std::error_code EC = sys::fs::create_directories(Opts.Dir)) {
    Diags.error({}, "--validate: cannot create '" + Opts.Dir + "': " + EC.message());
    return false;
  }
  std::map<unsigned, FunctionInfo> Functions;
  for (const Nest &N : P.Nests) {
    FunctionInfo &F = Functions[N.BodyBeginOffset];
    F.Name = N.Function;
    F.ReturnType = N.ReturnType;
    F.Params = N.FunctionParams;
    F.Nests.push_back(&N);
    // Reductions and accumulations reorder or contract floating point.
    for (const Statement &S : N.Statements)
      if (S.Body->K == Expr::Kind::Assign && S.Body->Op != "=")
        F.HasReduction = true;
  }

  DriverWriter W(Opts, Diags);
  std::string Body;
  raw_string_ostream BOS(Body);
  unsigned Index = 0;
  for (auto &[Offset, F] : Functions)
    if (!W.writeFunction(BOS, F, Index++))
      return false;
  BOS.flush();

  std::string Driver;
  raw_string_ostream DOS(Driver);
  DOS << "// Generated by loopgpu --validate from " << P.File << ".\n" << DriverPrelude << "\n";
  DOS << W.DeviceDecls << "\n";
  DOS << Body;
  DOS << "int main() {\n  loopgpu_rng = " << Opts.Seed << "ull;\n  int failures = 0;\n";
  for (unsigned I = 0; I < Index; ++I)
    DOS << "  failures += validate_" << I << "();\n";
  DOS << "  printf(\"%s\\n\", failures ? \"FAIL\" : \"PASS\");\n  return failures ? 1 : 0;\n}\n";
  DOS.flush();

  std::string Renames;
  for (auto &[Offset, F] : Functions)
    Renames += " -D" + F.Name + "=loopgpu_ref_" + F.Name;
  std::string Run = "#!/usr/bin/env bash\n"
                    "# Builds and runs the validation harness. Usage: run.sh gpu|cpu|gpu-build\n"
                    "# (gpu-build: build for the GPU without running, e.g. to build many in parallel)\n"
                    "set -euo pipefail\ncd \"$(dirname \"$0\")\"\n"
                    "mode=${1:-gpu}\n"
                    "CC=${CC:-cc}\nNVCC=${NVCC:-nvcc}\n"
                    "$CC -O2 -std=c11 -c" + Renames + " ref.c -o ref.o\n"
                    "if [ \"$mode\" = gpu ] || [ \"$mode\" = gpu-build ]; then\n"
                    "  $NVCC -O2 -arch=" + Opts.Arch + " -c kernels.cu -o kernels.o\n"
                    "  $NVCC -O2 -arch=" + Opts.Arch + " driver.cu kernels.o ref.o -o validate -lm\n"
                    "  [ \"$mode\" = gpu-build ] || exec ./validate\n"
                    "elif [ \"$mode\" = cpu ]; then\n"
                    "  # The same sources through the CUDA emulation (runtime/README.md).\n"
                    "  R=${LOOPGPU_EMU_REWRITE:-" + Opts.EmuRewrite + "}\n"
                    "  [ -x \"$R\" ] || { echo \"run.sh: no loopgpu-emu-rewrite at '$R'\" >&2; exit 2; }\n"
                    "  for f in kernels driver; do\n"
                    "    \"$R\" $f.cu $f.emu.cpp\n"
                    "    $(\"$R\" --cxx) $(\"$R\" --cxxflags) -O1 -iquote . -c $f.emu.cpp -o $f.emu.o\n"
                    "  done\n"
                    "  $(\"$R\" --cxx) driver.emu.o kernels.emu.o ref.o $(\"$R\" --libs) -lm -o validate-emu\n"
                    "  # An emulation error (race, divergent barrier, bad launch) fails validation.\n"
                    "  ./validate-emu 2> >(tee emu.stderr >&2)\n"
                    "  status=$?\n"
                    "  wait\n"
                    "  if grep -q 'loopgpu-emu: error:' emu.stderr; then echo FAIL; exit 1; fi\n"
                    "  exit $status\n"
                    "else\n  echo \"run.sh: unknown mode '$mode' (gpu, cpu or gpu-build)\" >&2; exit 2\nfi\n";
  std::string Dir = Opts.Dir;
  if (!writeFile(Dir + "/ref.c", Source, Diags) || !writeFile(Dir + "/kernels.cu", Cuda, Diags) ||
      !writeFile(Dir + "/driver.cu", Driver, Diags) || !writeFile(Dir + "/run.sh", Run, Diags))
    return false;
  sys::fs::setPermissions(Dir + "/run.sh", sys::fs::perms::all_read | sys::fs::perms::all_exe |
                                               sys::fs::perms::owner_write);
  return true;
}

int runHarness(const std::string &Dir, bool GPU, const std::string &OutputFile) {
  std::string Script = Dir + "/run.sh";
  StringRef Args[] = {"bash", Script, GPU ? "gpu" : "cpu"};
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(OutputFile), StringRef(OutputFile)};
  if (OutputFile.empty())
    return sys::ExecuteAndWait("/bin/bash", Args);
  return sys::ExecuteAndWait("/bin/bash", Args, std::nullopt, Redirects);
}

std::string firstGPUName() {
  ErrorOr<std::string> Smi = sys::findProgramByName("nvidia-smi");
  if (!Smi)
    return "";
  SmallString<128> Out;
  if (sys::fs::createTemporaryFile("loopgpu-smi", "txt", Out))
    return "";
  StringRef Args[] = {*Smi, "-L"};
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out), StringRef("")};
  int RC = sys::ExecuteAndWait(*Smi, Args, std::nullopt, Redirects);
  auto Text = MemoryBuffer::getFile(Out);
  sys::fs::remove(Out);
  if (RC != 0 || !Text)
    return "";
  return gpuNameFromSmi((*Text)->getBuffer());
}

std::string gpuNameFromSmi(StringRef Output) {
  // "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)"
  StringRef Line = Output.split('\n').first;
  if (!Line.consume_front("GPU "))
    return "";
  StringRef Name = Line.split(": ").second.split(" (UUID").first.trim();
  return Name.empty() ? "GPU" : Name.str();
}

std::optional<double> passedKernelMs(StringRef Output) {
  SmallVector<StringRef, 32> Lines;
  Output.trim().split(Lines, '\n');
  if (Lines.empty() || Lines.back().trim() != "PASS")
    return std::nullopt;
  double Total = 0;
  unsigned Times = 0;
  for (StringRef L : Lines) {
    size_t At = L.find(": kernels alone (median of 10) ");
    if (!L.starts_with("time ") || At == StringRef::npos)
      continue;
    StringRef Value = L.substr(At).split(") ").second.split(' ').first;
    double Ms;
    if (Value.getAsDouble(Ms))
      return std::nullopt;
    Total += Ms;
    ++Times;
  }
  if (!Times)
    return std::nullopt;
  return Total;
}

} // namespace loopgpu
