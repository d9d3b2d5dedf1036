//===- loopgpu.cpp - The loopgpu command-line driver -----------------------===//
//
//   loopgpu FILE.c [options] [-- extra clang args]
//
// Parses options, runs the frontend, and hands each file's IR to the phases
// the -emit option asks for. All the work lives in the libraries.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Analysis/DependencePrinter.h"
#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/CodeGen/CPrinter.h"
#include "loopgpu/CodeGen/CudaPrinter.h"
#include "loopgpu/CodeGen/GPUMapping.h"
#include "loopgpu/Frontend/Frontend.h"
#include "loopgpu/IR/IRPrinter.h"
#include "loopgpu/Transform/Pipeline.h"
#include "loopgpu/Validate/Harness.h"

#include "clang/Tooling/CompilationDatabase.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace loopgpu;

#ifndef LOOPGPU_VERSION
#define LOOPGPU_VERSION "unknown"
#endif

namespace {

enum ExitCode { ExitSuccess = 0, ExitInputErrors = 1, ExitUsage = 2 };
enum class EmitKind { IR, Deps, C, CUDA };
enum class OutputFormat { Text, JSON };

cl::OptionCategory Category("loopgpu options");

cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input.c>"), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write output to <file> (default: standard output)"),
                                cl::value_desc("file"), cl::init("-"), cl::cat(Category));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory containing compile_commands.json"),
                               cl::value_desc("build-dir"), cl::cat(Category));
cl::opt<std::string> TileOpt("tile", cl::desc("Tile sizes, outermost parallel loop first (e.g. 32 or 32,32)"),
                             cl::value_desc("N[,N...]"), cl::cat(Category));
cl::opt<std::string> CoarsenOpt("coarsen", cl::desc("Thread-coarsening factors (outputs per thread)"),
                                cl::value_desc("N[,N...]"), cl::cat(Category));
cl::opt<std::string> ArchOpt("arch", cl::desc("CUDA target architecture"), cl::value_desc("sm_XX"),
                             cl::init("sm_90"), cl::cat(Category));
cl::opt<bool> SharedStaging("shared-staging",
                            cl::desc("Stage reused tiles in shared memory (default on; "
                                     "-shared-staging=false for the one-output-per-thread mapping)"),
                            cl::init(true), cl::cat(Category));
cl::opt<unsigned> KTileOpt("ktile",
                           cl::desc("Iterations of the sequential loop per shared-memory strip "
                                    "(default: 32, halved until the tiles fit)"),
                           cl::value_desc("N"), cl::init(0), cl::cat(Category));
cl::opt<EmitKind> Emit("emit", cl::desc("What to print"), cl::init(EmitKind::CUDA),
                       cl::values(clEnumValN(EmitKind::IR, "ir", "the loop-nest IR"),
                                  clEnumValN(EmitKind::Deps, "deps", "dependences and legality verdicts"),
                                  clEnumValN(EmitKind::C, "c", "the transformed C program"),
                                  clEnumValN(EmitKind::CUDA, "cuda", "CUDA kernels and host code (default)")),
                       cl::cat(Category));
cl::opt<OutputFormat> Format("format", cl::desc("Output format of -emit=ir and -emit=deps"),
                             cl::init(OutputFormat::Text),
                             cl::values(clEnumValN(OutputFormat::Text, "text", "readable text (default)"),
                                        clEnumValN(OutputFormat::JSON, "json", "JSON")),
                             cl::cat(Category));
cl::opt<bool> Validate("validate", cl::desc("Compile the emitted CUDA and the original loop, run both "
                                            "on random inputs and compare"),
                       cl::cat(Category));
cl::list<std::string> Params("param", cl::desc("Value of an integer parameter for --validate"),
                             cl::value_desc("NAME=VALUE"), cl::cat(Category));
cl::opt<std::string> ValidateDir("validate-dir",
                                 cl::desc("Where --validate writes its harness (default: a new "
                                          "directory under the system's temporary directory)"),
                                 cl::value_desc("dir"), cl::cat(Category));
enum class ValidateMode { Auto, GPU, CPU, None };
cl::opt<ValidateMode> ValidateHow(
    "validate-mode", cl::desc("How --validate runs the harness"), cl::init(ValidateMode::Auto),
    cl::values(clEnumValN(ValidateMode::Auto, "auto", "on the GPU if there is one, else on the CPU (default)"),
               clEnumValN(ValidateMode::GPU, "gpu", "build with nvcc and run on the GPU"),
               clEnumValN(ValidateMode::CPU, "cpu", "run the same kernels through the CPU emulation"),
               clEnumValN(ValidateMode::None, "none", "only write the harness")),
    cl::cat(Category));
cl::opt<unsigned> Seed("seed", cl::desc("Random seed for --validate inputs"), cl::init(1),
                       cl::cat(Category));

void printVersion(raw_ostream &OS) {
  OS << "loopgpu " << LOOPGPU_VERSION << " (Clang/LLVM " << LLVM_VERSION_STRING << ", ISL)\n";
}

int usageError(const Twine &Msg) {
  WithColor::error(errs(), "loopgpu") << Msg << "\n";
  return ExitUsage;
}

int notImplemented(const Twine &What) {
  WithColor::error(errs(), "loopgpu") << What << ": not implemented yet\n";
  return ExitUsage;
}

/// Parses "N[,N...]" into 1 to 3 positive integers.
bool parseSizes(StringRef Name, StringRef Value, std::vector<int64_t> &Out, std::string &Err) {
  SmallVector<StringRef, 4> Parts;
  Value.split(Parts, ',');
  for (StringRef P : Parts) {
    int64_t V;
    if (P.trim().getAsInteger(10, V) || V <= 0 || V > 1024) {
      Err = ("-" + Name + "=" + Value + ": expected 1 to 3 comma-separated integers between 1 and 1024").str();
      return false;
    }
    Out.push_back(V);
  }
  if (Out.empty() || Out.size() > 3) {
    Err = ("-" + Name + "=" + Value + ": expected 1 to 3 comma-separated integers between 1 and 1024").str();
    return false;
  }
  return true;
}

/// Runs the harness --validate wrote: on the GPU when there is one, else
/// through the CPU emulation.
int runHarness(const std::string &Dir) {
  outs() << "loopgpu: validation harness in " << Dir << "\n";
  if (ValidateHow == ValidateMode::None)
    return ExitSuccess;
  bool GPU = ValidateHow == ValidateMode::GPU;
  if (ValidateHow == ValidateMode::Auto)
    if (ErrorOr<std::string> Smi = sys::findProgramByName("nvidia-smi")) {
      StringRef Args[] = {*Smi, "-L"};
      std::optional<StringRef> Quiet[] = {std::nullopt, StringRef(""), StringRef("")};
      GPU = sys::ExecuteAndWait(*Smi, Args, std::nullopt, Quiet) == 0;
    }
  outs() << "loopgpu: running it " << (GPU ? "on the GPU" : "on the CPU through the CUDA emulation") << "\n";
  outs().flush();
  std::string Script = Dir + "/run.sh";
  StringRef Args[] = {"bash", Script, GPU ? "gpu" : "cpu"};
  int RC = sys::ExecuteAndWait("/bin/bash", Args);
  return RC == 0 ? ExitSuccess : ExitInputErrors;
}

/// loopgpu-emu-rewrite, built next to this executable.
std::string emulationRewriter(const char *Argv0) {
  static int Anchor;
  std::string Self = sys::fs::getMainExecutable(Argv0, &Anchor);
  SmallString<256> P(sys::path::parent_path(Self));
  sys::path::append(P, "loopgpu-emu-rewrite");
  return sys::fs::exists(P) ? std::string(P) : std::string();
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  // Everything after `--` goes to Clang.
  std::vector<const char *> Ours;
  std::vector<std::string> ClangArgs;
  bool SawDashDash = false;
  for (int I = 0; I < argc; ++I) {
    if (!SawDashDash && I > 0 && StringRef(argv[I]) == "--") {
      SawDashDash = true;
      continue;
    }
    if (SawDashDash)
      ClangArgs.push_back(argv[I]);
    else
      Ours.push_back(argv[I]);
  }

  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  std::string ErrText;
  raw_string_ostream ErrStream(ErrText);
  if (!cl::ParseCommandLineOptions(Ours.size(), Ours.data(),
                                   "loopgpu: annotated C loop nests to CUDA\n\n"
                                   "  loopgpu FILE.c [options] [-- extra clang arguments]\n",
                                   &ErrStream)) {
    ErrStream.flush();
    errs() << ErrText;
    return ExitUsage;
  }

  if (InputFile.empty())
    return usageError("no input file (usage: loopgpu FILE.c [options] [-- clang args])");
  if (!sys::fs::exists(InputFile))
    return usageError("no such file: '" + InputFile + "'");

  std::vector<int64_t> Tiles, Coarsen;
  if (!TileOpt.empty()) {
    if (TileOpt == "auto")
      return notImplemented("-tile auto (autotuning)");
    if (!parseSizes("tile", TileOpt, Tiles, ErrText))
      return usageError(ErrText);
  }
  if (!CoarsenOpt.empty()) {
    if (CoarsenOpt == "auto")
      return notImplemented("-coarsen auto (autotuning)");
    if (!parseSizes("coarsen", CoarsenOpt, Coarsen, ErrText))
      return usageError(ErrText);
  }
  if (!Regex("^sm_[0-9]{2,3}[a-z]?$").match(ArchOpt))
    return usageError("-arch=" + ArchOpt + ": expected a CUDA architecture such as sm_90");
  for (const std::string &P : Params) {
    auto [Name, Value] = StringRef(P).split('=');
    int64_t V;
    if (Name.empty() || !Regex("^[A-Za-z_][A-Za-z0-9_]*$").match(Name) || Value.getAsInteger(10, V))
      return usageError("--param " + P + ": expected NAME=INTEGER");
  }
  if (Validate && Emit != EmitKind::CUDA)
    return usageError("--validate checks the emitted CUDA; it does not combine with -emit");
  if (Format == OutputFormat::JSON && Emit != EmitKind::IR && Emit != EmitKind::Deps)
    return usageError("-format=json applies to -emit=ir and -emit=deps only");

  // Compile commands: -p BUILD_DIR, else `-- args`, else C defaults.
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!BuildPath.empty()) {
    std::string Err;
    DB = clang::tooling::CompilationDatabase::loadFromDirectory(BuildPath, Err);
    if (!DB)
      return usageError("cannot load a compilation database from '" + BuildPath + "': " + Err);
  } else {
    DB = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", ClangArgs);
  }

  // The command line, for the header of generated files.
  std::string CommandLine = "loopgpu";
  for (int I = 1; I < argc; ++I)
    CommandLine += std::string(" ") + argv[I];
  bool CodeGenFailed = false;
  std::string HarnessDir = ValidateDir;
  if (Validate && HarnessDir.empty()) {
    SmallString<128> Tmp;
    if (std::error_code TmpEC = sys::fs::createUniqueDirectory("loopgpu-validate", Tmp))
      return usageError("cannot create a directory for the harness: " + TmpEC.message());
    HarnessDir = std::string(Tmp);
  }

  std::error_code EC;
  ToolOutputFile Out(OutputFile, EC, sys::fs::OF_Text);
  if (EC)
    return usageError("cannot write '" + OutputFile + "': " + EC.message());

  FrontendStatus Status = runFrontend(*DB, InputFile, [&](Program &P, DiagnosticSink &Diag) {
    P.File = InputFile; // as the user wrote it
    if (Emit == EmitKind::C || Emit == EmitKind::CUDA)
      for (const Nest &N : P.Nests)
        if (N.ConditionalInside.isValid()) {
          Diag.error(N.ConditionalInside, "preprocessor conditionals inside a '#pragma loopgpu' nest are "
                                          "not supported by -emit=c and -emit=cuda, which replace the "
                                          "nest's text; put the #if around the whole nest");
          CodeGenFailed = true;
        }
    if (CodeGenFailed)
      return;
    switch (Emit) {
    case EmitKind::IR:
      if (Format == OutputFormat::JSON)
        printIRJSON(P, Out.os());
      else
        printIR(P, Out.os());
      break;
    case EmitKind::Deps: {
      std::vector<DependenceInfo> Infos;
      for (const Nest &N : P.Nests) {
        Infos.push_back(analyzeDependences(N));
        checkParallelClauses(N, Infos.back(), Diag);
      }
      if (Format == OutputFormat::JSON)
        printDependencesJSON(P, Infos, Out.os());
      else
        for (size_t I = 0; I < P.Nests.size(); ++I)
          printDependencesText(P.Nests[I], Infos[I], Out.os());
      break;
    }
    case EmitKind::C: {
      // Requests and default transformations, then the transformed program.
      auto Source = MemoryBuffer::getFile(InputFile);
      if (!Source) {
        WithColor::error(errs(), "loopgpu") << "cannot read '" << InputFile << "'\n";
        CodeGenFailed = true;
        break;
      }
      PipelineOptions PO;
      PO.Tile = Tiles;
      std::vector<DependenceInfo> Infos(P.Nests.size());
      for (size_t I = 0; I < P.Nests.size(); ++I)
        CodeGenFailed |= !runPipeline(P.Nests[I], PO, Diag, Infos[I]);
      if (CodeGenFailed || Diag.hasErrors()) {
        CodeGenFailed = true;
        break;
      }
      std::vector<PrintedNest> Printed;
      for (size_t I = 0; I < P.Nests.size(); ++I)
        Printed.push_back({&P.Nests[I], &Infos[I]});
      printTransformedC((*Source)->getBuffer(), P.File, Printed, Out.os());
      break;
    }
    case EmitKind::CUDA: {
      auto Source = MemoryBuffer::getFile(InputFile);
      if (!Source) {
        WithColor::error(errs(), "loopgpu") << "cannot read '" << InputFile << "'\n";
        CodeGenFailed = true;
        break;
      }
      CodeGenOptions CG;
      CG.Tile = Tiles;
      CG.Coarsen = Coarsen;
      CG.Arch = ArchOpt;
      CG.Stage = SharedStaging;
      CG.KTile = KTileOpt;
      CG.CommandLine = CommandLine;
      std::vector<GPUPlan> Plans;
      for (Nest &N : P.Nests) {
        DependenceInfo DI = analyzeDependences(N);
        checkParallelClauses(N, DI, Diag);
        if (!transformForGPU(N, DI, Diag))
          continue;
        Plans.push_back(planGPU(N, DI, CG, Diag));
      }
      std::string Cuda;
      raw_string_ostream CudaOS(Cuda);
      if (Diag.hasErrors() || !printCuda(P, Plans, (*Source)->getBuffer(), CG, Diag, CudaOS)) {
        CodeGenFailed = true;
        break;
      }
      CudaOS.flush();
      if (!Validate) {
        Out.os() << Cuda;
        break;
      }
      ValidateOptions VO;
      VO.Seed = Seed;
      VO.Arch = ArchOpt;
      VO.Dir = HarnessDir;
      VO.EmuRewrite = emulationRewriter(argv[0]);
      for (const std::string &PV : Params) {
        auto [Name, Value] = StringRef(PV).split('=');
        int64_t V = 0;
        Value.getAsInteger(10, V);
        VO.Params[Name.str()] = V;
      }
      if (!writeHarness(P, (*Source)->getBuffer(), Cuda, VO, Diag))
        CodeGenFailed = true;
      break;
    }
    default:
      break;
    }
  });
  if (CodeGenFailed)
    return ExitInputErrors;
  if (Validate && Status == FrontendStatus::Success)
    return runHarness(HarnessDir);
  if (Status != FrontendStatus::Success)
    return ExitInputErrors;
  Out.keep();
  return ExitSuccess;
}
