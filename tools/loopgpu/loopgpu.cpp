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
#include "loopgpu/CodeGen/CudaNames.h"
#include "loopgpu/CodeGen/CudaPrinter.h"
#include "loopgpu/CodeGen/GPUMapping.h"
#include "loopgpu/CodeGen/KernelPasses.h"
#include "loopgpu/Tune/TuningModel.h"
#include "loopgpu/Frontend/Frontend.h"
#include "loopgpu/IR/IRPrinter.h"
#include "loopgpu/Report/HTMLReport.h"
#include "loopgpu/Transform/AliasVersion.h"
#include "loopgpu/IR/NestEdit.h"
#include "Watchdog.h"
#include "loopgpu/Transform/Pipeline.h"
#include "loopgpu/Validate/Harness.h"
#include "loopgpu/Tune/Tuner.h"

#include "clang/Tooling/CompilationDatabase.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace loopgpu;

#ifndef LOOPGPU_VERSION
#define LOOPGPU_VERSION "unknown"
#endif

namespace {

enum ExitCode { ExitSuccess = 0, ExitInputErrors = 1, ExitUsage = 2 };
enum class EmitKind { IR, Deps, C, GPUIR, CUDA, Report };
enum class OutputFormat { Text, JSON, Dot };

cl::OptionCategory Category("loopgpu options");

cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input.c>"), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write output to <file> (default: standard output)"),
                                cl::value_desc("file"), cl::init("-"), cl::cat(Category));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory containing compile_commands.json"),
                               cl::value_desc("build-dir"), cl::cat(Category));
cl::opt<std::string> TileOpt("tile",
                             cl::desc("Tile sizes, outermost parallel loop first (e.g. 32 or 32,32); "
                                      "auto: chosen by tuning"),
                             cl::value_desc("N[,N...]|auto"), cl::cat(Category));
cl::opt<std::string> CoarsenOpt("coarsen",
                                cl::desc("Thread-coarsening factors (outputs per thread); auto: chosen by tuning"),
                                cl::value_desc("N[,N...]|auto"), cl::cat(Category));
cl::opt<bool> Tune("tune",
                   cl::desc("Choose -tile and -coarsen (those not given) by running candidates through the "
                            "validation harness on the GPU (or --validate-mode=cpu: the CUDA emulation, "
                            "whose timings only test the mechanism)"),
                   cl::cat(Category));
cl::opt<std::string> TuneCache("tune-cache",
                               cl::desc("Cache of tuning measurements (default: $XDG_CACHE_HOME/loopgpu/tune.json, "
                                        "else ~/.cache/loopgpu/tune.json)"),
                               cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> TuneExport("tune-export",
                                cl::desc("Tune on another machine: write every candidate's harness and run-all.sh "
                                         "to DIR (run it where the GPU is), then use --tune-import DIR"),
                                cl::value_desc("DIR"), cl::cat(Category));
cl::opt<std::string> TuneImport("tune-import",
                                cl::desc("Finish --tune-export: read the measurements run-all.sh left in DIR, "
                                         "choose, cache and emit"),
                                cl::value_desc("DIR"), cl::cat(Category));
cl::opt<unsigned> TuneCandidates("tune-candidates", cl::desc("At most N candidates per nest when tuning measures (default 12)"),
                                 cl::value_desc("N"), cl::init(12), cl::cat(Category));
cl::opt<std::string> ArchOpt("arch", cl::desc("CUDA target architecture"), cl::value_desc("sm_XX"),
                             cl::init("sm_90"), cl::cat(Category));
/// -shared-staging: which reuse goes through shared memory.
enum class StagingMode { Off, On, Halo };
cl::opt<StagingMode> SharedStaging(
    "shared-staging", cl::desc("Stage reused tiles in shared memory"), cl::init(StagingMode::On),
    cl::ValueOptional, // a bare -shared-staging, as when it was a flag, is true
    cl::values(clEnumValN(StagingMode::On, "", ""),
               clEnumValN(StagingMode::On, "true", "strips of sequential loops and transposed stores (default)"),
               clEnumValN(StagingMode::Off, "false", "none: the one-output-per-thread mapping"),
               clEnumValN(StagingMode::Halo, "halo",
                          "as true, and stencil inputs per tile with their halo (opt-in: slower than the "
                          "caches on the H100)")),
    cl::cat(Category));
cl::opt<std::string> DepFile("MF",
                            cl::desc("Also write a Make depfile to <file>: the output (-o) depends on the input and "
                                     "the headers it includes outside system directories (for build systems)"),
                            cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> AssumeNoAlias("assume-no-alias",
                            cl::desc("Promise that distinct array parameters never overlap (as if every nest had "
                                     "the 'independent' clause): no dependences between them, no run-time check"),
                            cl::cat(Category));
cl::opt<bool> PrefetchOpt("prefetch",
                          cl::desc("Software-pipeline shared-memory strips: load the next strip into registers "
                                   "during this strip's arithmetic (default true; -prefetch=false: load, then compute)"),
                          cl::init(true), cl::cat(Category));
cl::opt<bool> LaneReductionsOpt(
    "lane-reductions",
    cl::desc("Split a reduction loop inside a thread over the 32 lanes of a warp where that gives more threads or "
             "coalesced reads (default true; -lane-reductions=false: the thread runs it)"),
    cl::init(true), cl::cat(Category));
cl::opt<bool> TensorCoresOpt(
    "tensor-cores",
    cl::desc("Run a register tile's products of doubles on FP64 tensor cores (mma.sync, sm_80 and newer; default "
             "true; -tensor-cores=false: one FMA per term in each thread)"),
    cl::init(true), cl::cat(Category));
cl::opt<bool> ExactTilesOpt(
    "exact-tiles",
    cl::desc("Give a register-tiled kernel a second version without range checks or partial strips, launched on "
             "its full tiles (for sm_90 beside the general kernel on the border tiles; for older targets when the "
             "sizes are multiples of its tiles) where its staged rows are aligned (default true)"),
    cl::init(true), cl::cat(Category));
cl::opt<unsigned> DeviceLoopBlocksOpt(
    "device-loop-blocks",
    cl::desc("A sequential loop of launches runs stretches of its iterations inside one kernel (one block, no "
             "launch per iteration) while each launch needs at most this many blocks (default 16; 0: never; "
             "LOOPGPU_DEVICE_LOOP_BLOCKS overrides it at run time)"),
    cl::value_desc("N"), cl::init(16), cl::cat(Category));
cl::opt<std::string> TimeTileOpt(
    "time-tile",
    cl::desc("A sequential loop whose body is stencil sweeps runs this many iterations per launch on tiles in "
             "shared memory (time tiling, overlapped or streamed: -time-tile-form; 'auto', the default: where the "
             "model expects it to pay, with its form, depth and tile; 0: never; N or N,T1[,T2,T3]: depth N, the "
             "model's tile or T1 x T2 x T3 outputs per block, rows per chunk first in the streamed form; "
             "LOOPGPU_TIME_TILE_MIN_BLOCKS sets at run time the fewest blocks for which it is used)"),
    cl::value_desc("auto|0|N[,T...]"), cl::init("auto"), cl::cat(Category));
cl::opt<std::string> TimeTileFormOpt(
    "time-tile-form",
    cl::desc("The form of time tiling: 'auto' (the default: the one the model expects faster), 'overlapped' "
             "(tiles of every dimension with their halos in shared memory) or 'streamed' (tiles of the inner "
             "dimensions marching along the outermost one, every iteration of a launch in flight)"),
    cl::value_desc("auto|overlapped|streamed"), cl::init("auto"), cl::cat(Category));
cl::opt<unsigned> TimeLimit("time-limit",
                            cl::desc("Stop with an error after this many seconds of parsing, analysis and code "
                                     "generation (default 300; 0: no limit; --tune and --validate runs not counted)"),
                            cl::value_desc("SECONDS"), cl::init(300), cl::cat(Category));
cl::opt<double> AnalysisTimeLimit(
    "analysis-time-limit",
    cl::desc("Seconds one dependence analysis may take (default 30; 0: no limit): past it, what it has not proved "
             "is assumed dependent (sound, fewer parallel loops) and a warning says so"),
    cl::value_desc("SECONDS"), cl::init(30), cl::cat(Category));
cl::opt<unsigned> MinBlocksOpt("min-blocks-per-sm",
                               cl::desc("__launch_bounds__ minimum blocks per SM for the parallel kernels (default 0: "
                                        "the planner's choice)"),
                               cl::value_desc("N"), cl::init(0), cl::cat(Category));
cl::opt<unsigned> VectorOpt(
    "vector",
    cl::desc("A thread's iterations of the loop on x in runs of N consecutive iterations aligned to N elements, "
             "loaded and stored as N-element vectors in full tiles where the arrays are aligned (2 or 4; the "
             "loop's coarsening factor must be a multiple; 1: never; default: stencil pencils 2, else 1)"),
    cl::value_desc("N"), cl::init(0), cl::cat(Category));
cl::opt<unsigned> KTileOpt("ktile",
                           cl::desc("Iterations of the sequential loop per shared-memory strip "
                                    "(default: 32, halved until the tiles fit)"),
                           cl::value_desc("N"), cl::init(0), cl::cat(Category));
cl::opt<EmitKind> Emit("emit", cl::desc("What to print"), cl::init(EmitKind::CUDA),
                       cl::values(clEnumValN(EmitKind::IR, "ir", "the loop-nest IR"),
                                  clEnumValN(EmitKind::Deps, "deps", "dependences and legality verdicts"),
                                  clEnumValN(EmitKind::C, "c", "the transformed C program"),
                                  clEnumValN(EmitKind::GPUIR, "gpu-ir",
                                             "the GPU plan the passes decided: kernels, mapping, staging, jam, "
                                             "tile versions, host steps"),
                                  clEnumValN(EmitKind::CUDA, "cuda", "CUDA kernels and host code (default)"),
                                  clEnumValN(EmitKind::Report, "report",
                                             "an HTML page: verdicts, dependences, the mapping and why, the source "
                                             "beside the CUDA (with --validate: its results)")),
                       cl::cat(Category));
/// -print-after: libLLVM registers an option of that name for its own
/// passes, which loopgpu does not run; ours takes its place (created once
/// LLVM's is unregistered, before the command line is parsed).
cl::opt<std::string> &printAfter() {
  static cl::opt<std::string> *Opt = [] {
    if (cl::Option *LLVMs = cl::getRegisteredOptions().lookup("print-after"))
      LLVMs->removeArgument();
    return new cl::opt<std::string>("print-after",
                                    cl::desc("Print the GPU plan to stderr after the pass PASS (map, coarsen-jam, "
                                             "tile-versions, exact-tiles, device-loops, time-tile)"),
                                    cl::value_desc("PASS"), cl::cat(Category));
  }();
  return *Opt;
}
cl::opt<OutputFormat> Format("format", cl::desc("Output format of -emit=ir and -emit=deps"),
                             cl::init(OutputFormat::Text),
                             cl::values(clEnumValN(OutputFormat::Text, "text", "readable text (default)"),
                                        clEnumValN(OutputFormat::JSON, "json", "JSON"),
                                        clEnumValN(OutputFormat::Dot, "dot",
                                                   "Graphviz: the dependence graph (-emit=deps only)")),
                             cl::cat(Category));
cl::opt<bool> Validate("validate", cl::desc("Compile the emitted CUDA and the original loop, run both "
                                            "on random inputs and compare"),
                       cl::cat(Category));
cl::list<std::string> Params("param", cl::desc("Value of an integer parameter, for --validate and --tune, and for the sizes "
                                      "-tile auto plans for"),
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
cl::opt<std::string> Inputs(
    "inputs",
    cl::desc("--validate inputs: random (default: in [-1, 1)), positive (floating-point inputs in [0.5, 1.5): "
             "keeps logarithms and square roots finite), spd (square matrices symmetric positive definite), "
             "dominant (square matrices diagonally dominant): keeps factorizations finite"),
    cl::init("random"), cl::value_desc("random|positive|spd|dominant"), cl::cat(Category));

void printVersion(raw_ostream &OS) {
  OS << "loopgpu " << LOOPGPU_VERSION << " (Clang/LLVM " << LLVM_VERSION_STRING << ", ISL)\n";
}

int usageError(const Twine &Msg) {
  WithColor::error(errs(), "loopgpu") << Msg << "\n";
  return ExitUsage;
}

/// Parses "N[,N...]" into 1 to 3 positive integers.
bool parseSizes(StringRef Name, StringRef Value, std::vector<int64_t> &Out, std::string &Err) {
  SmallVector<StringRef, 4> Parts;
  Value.split(Parts, ',');
  for (StringRef P : Parts) {
    int64_t V;
    if (P.trim().getAsInteger(10, V)) {
      Err = ("-" + Name + "=" + Value + ": expected 1 to 3 comma-separated integers between 1 and 1024").str();
      return false;
    }
    Out.push_back(V);
  }
  if (Out.empty() || !TuningConfig::validSizes(Out)) {
    Err = ("-" + Name + "=" + Value + ": expected 1 to 3 comma-separated integers between 1 and 1024").str();
    return false;
  }
  return true;
}

/// Whether the harness runs on the GPU: --validate-mode=gpu, or auto and
/// `nvidia-smi -L` finds one (GPUName is then its name).
bool harnessOnGPU(const std::string &GPUName) {
  return ValidateHow == ValidateMode::GPU || (ValidateHow == ValidateMode::Auto && !GPUName.empty());
}

/// Runs the harness --validate wrote.
/// Runs the harness in Dir. A harness in a directory loopgpu made itself
/// (no --validate-dir) is removed when it passes and kept, saying where,
/// when it fails.
int runValidation(const std::string &Dir, bool GPU) {
  bool Temporary = ValidateDir.empty();
  outs() << "loopgpu: validation harness in " << Dir << "\n";
  if (ValidateHow == ValidateMode::None)
    return ExitSuccess;
  outs() << "loopgpu: running it " << (GPU ? "on the GPU" : "on the CPU through the CUDA emulation") << "\n";
  outs().flush();
  bool Passed = runHarness(Dir, GPU) == 0;
  if (Temporary && Passed)
    sys::fs::remove_directories(Dir);
  else if (Temporary)
    outs() << "loopgpu: the harness is kept in " << Dir << "\n";
  return Passed ? ExitSuccess : ExitInputErrors;
}

/// Runs the harness in Dir for -emit=report --validate: its output is kept
/// in Dir/output.txt and returned parsed (nothing with
/// --validate-mode=none). A harness in a directory loopgpu made itself is
/// removed when it passes, as with runValidation. Where says where it ran.
std::optional<HarnessOutcome> validateForReport(const std::string &Dir, bool GPU, std::string &Where) {
  if (ValidateHow == ValidateMode::None) {
    Where = "not: --validate-mode=none wrote it to " + Dir;
    return std::nullopt;
  }
  Where = GPU ? "on the GPU" : "on the CPU through the CUDA emulation (its timings say nothing about GPU speed)";
  errs() << "loopgpu: running the validation harness in " << Dir << " " << (GPU ? "on the GPU" : "on the CPU")
         << "\n";
  std::string Log = Dir + "/output.txt";
  int RC = runHarness(Dir, GPU, Log);
  auto Text = MemoryBuffer::getFile(Log);
  HarnessOutcome O = parseHarnessOutput(Text ? (*Text)->getBuffer() : StringRef());
  O.Passed &= RC == 0;
  if (!O.Passed && O.Checks.empty() && O.Other.empty())
    O.Other.push_back("the harness printed no result (exit status " + std::to_string(RC) +
                      "): it did not build or did not run; " + Log + " has its output");
  if (ValidateDir.empty() && O.Passed)
    sys::fs::remove_directories(Dir);
  else if (!O.Passed)
    errs() << "loopgpu: validation FAILED; the harness and its output are in " << Dir << "\n";
  return O;
}

/// loopgpu-emu-rewrite, built next to this executable.
std::string emulationRewriter(const char *Argv0) {
  static int Anchor;
  std::string Self = sys::fs::getMainExecutable(Argv0, &Anchor);
  SmallString<256> P(sys::path::parent_path(Self));
  sys::path::append(P, "loopgpu-emu-rewrite");
  return sys::fs::exists(P) ? std::string(P) : std::string();
}

/// "line A -> line B, ... and N more": the first pairs of a list.
std::string firstPairs(const std::vector<std::string> &Pairs) {
  std::string Text;
  for (size_t K = 0; K < Pairs.size() && K < 3; ++K)
    Text += std::string(K ? ", " : "") + Pairs[K];
  if (Pairs.size() > 3)
    Text += " and " + std::to_string(Pairs.size() - 3) + " more";
  return Text;
}

/// Exact dependence tests that ran out of ISL's operation budget, or that
/// the analysis's time limit cut short, were answered conservatively: say
/// so, once per nest.
void warnOverBudget(const Nest &N, const DependenceInfo &Info, DiagnosticSink &Diag) {
  const std::vector<std::string> &Over = Info.budgetExceeded();
  if (!Over.empty())
    Diag.warning(N.Loc, "the exact dependence test ran out of its budget (" +
                            std::to_string(DependenceOptions().MaxOperationsPerTest) +
                            " ISL operations per pair of accesses) on " + std::to_string(Over.size()) +
                            " pair(s) (" + firstPairs(Over) +
                            "): they are assumed dependent in every direction, which may keep loops sequential");
}

/// Warns at N, once per nest and run, when a dependence analysis of N (or
/// of a transformed copy of it) ran past its time limit since the count was
/// Before (dependenceAnalysesTimedOut()).
void warnTimedOut(const Nest &N, unsigned long Before, DiagnosticSink &Diag) {
  static std::set<std::pair<unsigned, unsigned>> Warned;
  if (dependenceAnalysesTimedOut() == Before || !Warned.insert({N.Loc.Line, N.Loc.Col}).second)
    return;
  char Limit[32];
  snprintf(Limit, sizeof Limit, "%g", DependenceOptions().SecondsPerAnalysis);
  Diag.warning(N.Loc, std::string("the dependence analysis ran past its limit of ") + Limit +
                          " s (-analysis-time-limit): what it had not proved by then is assumed dependent, which "
                          "may keep loops sequential");
}

/// Analyses every nest (Infos), checks `parallel` clauses, and appends to
/// P.Nests (and Infos) the versions for arrays apart that a run-time check
/// selects (Transform/AliasVersion.h).
void analyzeWithVersions(Program &P, std::vector<DependenceInfo> &Infos, DiagnosticSink &Diag) {
  Watchdog::phase("analysing dependences");
  size_t Written = P.Nests.size();
  for (size_t I = 0; I < Written; ++I) {
    unsigned long TimedOut = dependenceAnalysesTimedOut();
    Infos.push_back(analyzeDependences(P.Nests[I]));
    warnTimedOut(P.Nests[I], TimedOut, Diag);
    if (reportIncomplete(P.Nests[I], Infos.back(), Diag))
      continue;
    checkParallelClauses(P.Nests[I], Infos.back(), Diag);
    warnOverBudget(P.Nests[I], Infos.back(), Diag);
  }
  if (Diag.hasErrors())
    return;
  for (size_t I = 0; I < Written; ++I)
    if (std::optional<Nest> V = versionForApartArrays(P.Nests[I], Infos[I], I)) {
      Infos.push_back(analyzeDependences(*V));
      P.Nests.push_back(std::move(*V));
    }
}

/// The nests as written and their analysis, for -emit=report.
struct WrittenNests {
  std::vector<Nest> Nests;
  std::vector<DependenceInfo> Infos;
};

/// Runs the analysis and the GPU transformations on every nest, once; with
/// Written, keeps a copy of the nests and their analysis before the
/// transformations.
bool prepareForGPU(Program &P, std::vector<DependenceInfo> &Infos, DiagnosticSink &Diag,
                   WrittenNests *Written = nullptr) {
  analyzeWithVersions(P, Infos, Diag);
  if (Diag.hasErrors()) // a violated `parallel` clause, said once
    return false;
  if (Written) {
    for (const Nest &N : P.Nests)
      Written->Nests.push_back(cloneNest(N));
    Written->Infos = Infos;
  }
  Watchdog::phase("transforming the nests for the GPU");
  bool OK = true;
  for (size_t I = 0; I < P.Nests.size(); ++I) {
    Nest &N = P.Nests[I];
    unsigned long TimedOut = dependenceAnalysesTimedOut();
    OK &= transformForGPU(N, Infos[I], Diag);
    warnTimedOut(N, TimedOut, Diag);
    if (N.VersionOf >= 0) {
      std::string Pairs;
      for (size_t K = 0; K < N.ApartArrays.size(); ++K)
        Pairs += std::string(K ? ", " : "") + "'" + N.cText(N.Arrays[N.ApartArrays[K].first].Name) + "' and '" +
                 N.cText(N.Arrays[N.ApartArrays[K].second].Name) + "'";
      Diag.warning(N.Loc, "a run-time check was emitted: when " + Pairs +
                              " do not overlap, a version of the nest without the dependences between them "
                              "runs (more parallel); otherwise the nest as analysed ('independent' on the "
                              "pragma, or -assume-no-alias, promises they never overlap and drops the check)");
    }
  }
  return OK && !Diag.hasErrors();
}

/// Plans every nest (with PerNest[i]'s tile, coarsening and staging when
/// PerNest is not empty) and prints the CUDA file into Cuda; the plans go to
/// PlansOut if given.
bool emitCuda(const Program &P, const std::vector<DependenceInfo> &Infos, StringRef Source,
              const CodeGenOptions &Opts, const std::vector<TuningConfig> &PerNest, DiagnosticSink &Diag,
              std::string &Cuda, std::vector<GPUPlan> *PlansOut = nullptr) {
  Watchdog::phase("mapping the nests to the GPU and printing CUDA");
  unsigned long Before = dependenceAnalysesTimedOut();
  std::vector<bool> TimedOut;
  bool OK = emitProgramCuda(P, Infos, Source, Opts, PerNest, Diag, Cuda, PlansOut, &TimedOut);
  for (size_t I = 0; I < TimedOut.size(); ++I)
    if (TimedOut[I])
      warnTimedOut(P.Nests[I], Before, Diag);
  return OK;
}

/// Writes Text to Path: through a temporary file in the same directory,
/// renamed into place, when Path is (or will be) a regular file, so that no
/// reader ever sees half a file; directly otherwise (/dev/null, a pipe).
/// Returns the error, or "".
std::string writeOutputFile(const std::string &Path, StringRef Text) {
  sys::fs::file_status St;
  bool Regular = sys::fs::status(Path, St) || sys::fs::is_regular_file(St);
  if (!Regular) {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
    if (EC)
      return EC.message();
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      std::string M = OS.error().message();
      OS.clear_error();
      return M;
    }
    return "";
  }
  SmallString<256> Temp;
  int FD = -1;
  if (std::error_code EC = sys::fs::createUniqueFile(Path + ".loopgpu-%%%%%%", FD, Temp))
    return EC.message();
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      std::string M = OS.error().message();
      OS.clear_error();
      sys::fs::remove(Temp);
      return M;
    }
  }
  if (std::error_code EC = sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    return EC.message();
  }
  return "";
}

/// A Make depfile: `Target: Dep...`, spaces and '#' escaped, '$' doubled.
std::string depfileText(StringRef Target, const std::vector<std::string> &Deps) {
  auto Escape = [](StringRef Path) {
    std::string E;
    for (char C : Path) {
      if (C == ' ' || C == '#')
        E += '\\';
      else if (C == '$')
        E += '$';
      E += C;
    }
    return E;
  };
  std::string Text = Escape(Target) + ":";
  for (const std::string &D : Deps)
    Text += " \\\n  " + Escape(D);
  return Text + "\n";
}

std::string forNest(const Nest &N) { return " for the nest at line " + std::to_string(N.Loc.Line); }

/// How -tile auto, -coarsen auto and --tune choose.
struct TuningSetup {
  TuningRequest Request;
  bool Measure = false;     ///< run candidates (else the static model)
  TuneSettings Settings;    ///< for Measure
  std::string CachePath, CacheKey;
};

/// Chooses a configuration per nest, reports it (remarks, progress on
/// stderr) and returns the header lines in Lines. Nullopt after an error.
std::optional<std::vector<TuningConfig>> tuneNests(const Program &P, const std::vector<DependenceInfo> &Infos,
                                                   StringRef Source, const CodeGenOptions &CG,
                                                   const TuningSetup &T, DiagnosticSink &Diag,
                                                   std::vector<std::string> &Lines) {
  std::vector<TuningConfig> Chosen;
  if (!T.Measure) {
    for (size_t I = 0; I < P.Nests.size(); ++I) {
      TuningChoice C = chooseStatically(P.Nests[I], Infos[I], T.Request);
      Diag.remark(P.Nests[I].Loc, "tuning: static model chose " + C.Config.flags() + " (" + C.Reason + ")");
      Lines.push_back("static model chose " + C.Config.flags() + forNest(P.Nests[I]) + " (" + C.Reason + ")");
      Chosen.push_back(C.Config);
    }
    return Chosen;
  }
  std::optional<TuneResult> R;
  bool Cached = false;
  if (!T.CachePath.empty()) {
    std::string Invalid;
    R = lookupTuneCache(T.CachePath, T.CacheKey, P.Nests.size(), &Invalid);
    Cached = R.has_value();
    if (!Invalid.empty())
      WithColor::warning(errs(), "loopgpu") << "the tuning cache " << T.CachePath
                                            << " has an entry for this input that is not used: " << Invalid
                                            << "; tuning again\n";
  }
  if (!R) {
    std::vector<std::vector<TuningConfig>> Candidates;
    for (size_t I = 0; I < P.Nests.size(); ++I)
      Candidates.push_back(tuningCandidates(P.Nests[I], Infos[I], T.Request, TuneCandidates));
    if (T.Settings.Validate.Params.empty())
      WithColor::remark(errs(), "loopgpu") << "tuning at the harness's default sizes (small primes); "
                                              "--param NAME=VALUE sets realistic ones\n";
    R = tuneByMeasurement(P, Source, Infos, CG, Candidates, T.Settings, Diag, errs());
    if (!R)
      return std::nullopt;
    if (!T.CachePath.empty() && storeTuneCache(T.CachePath, T.CacheKey, P, *R, T.Settings.Device, Diag))
      errs() << "loopgpu: tuning result cached in " << T.CachePath << "\n";
  }
  std::string How = Cached ? "cached measurement (" + T.CachePath + ") on " + T.Settings.Device
                           : "measured on " + T.Settings.Device;
  How += ", " + std::to_string(R->Passed) + " of " + std::to_string(R->Candidates) + " candidates PASS";
  if (!T.Settings.GPU)
    How += "; CPU-emulation timings only test the mechanism";
  for (size_t I = 0; I < P.Nests.size(); ++I) {
    const TuningConfig &C = R->Nests[I];
    std::string Line = "fastest " + C.flags() + forNest(P.Nests[I]) + " (" + How + "; " +
                       formatv("{0:f3}", R->Ms).str() + " ms)";
    Diag.remark(P.Nests[I].Loc, std::string("tuning: ") + (Cached ? "used the cache: " : "") + Line);
    Lines.push_back(Line);
  }
  return R->Nests;
}

/// The cache key of a measurement: everything that shapes the candidates
/// and their timings (source, device, sizes, the options left and given).
std::string tuneCacheKey(StringRef Source, const std::string &Device, const ValidateOptions &VO,
                         const std::vector<std::string> &ClangArgs) {
  std::string Key = toHex(SHA256::hash(arrayRefFromStringRef(Source)), /*LowerCase=*/true);
  Key += "|" + Device + "|" + ArchOpt + "|params";
  for (const auto &[Name, Value] : VO.Params)
    Key += " " + Name + "=" + std::to_string(Value);
  Key += "|seed " + std::to_string(VO.Seed);
  Key += "|-tile " + (TileOpt.empty() ? std::string("auto") : std::string(TileOpt));
  Key += " -coarsen " + (CoarsenOpt.empty() ? std::string("auto") : std::string(CoarsenOpt));
  Key += std::string(" -shared-staging=") +
         (SharedStaging == StagingMode::Off ? "false" : SharedStaging == StagingMode::On ? "true" : "halo");
  Key += std::string(" -prefetch=") + (PrefetchOpt ? "true" : "false");
  Key += std::string(" -lane-reductions=") + (LaneReductionsOpt ? "true" : "false");
  Key += std::string(" -tensor-cores=") + (TensorCoresOpt ? "true" : "false");
  Key += std::string(" -exact-tiles=") + (ExactTilesOpt ? "true" : "false");
  Key += " -min-blocks-per-sm " + std::to_string(MinBlocksOpt);
  Key += " -vector " + std::to_string(VectorOpt);
  Key += " -device-loop-blocks " + std::to_string(DeviceLoopBlocksOpt);
  Key += " -time-tile " + TimeTileOpt + " -time-tile-form " + TimeTileFormOpt;
  Key += " -ktile " + std::to_string(KTileOpt) + " -tune-candidates " + std::to_string(TuneCandidates);
  Key += "|clang";
  for (const std::string &A : ClangArgs)
    Key += " " + A;
  return Key + "|loopgpu " LOOPGPU_VERSION;
}

/// One run of loopgpu: the command line checked and turned into the
/// options of the phases (setUp), the input run through the Frontend and
/// the phase -emit asks for (run), the output written whole at the end.
class Driver {
public:
  /// Parses the command line; an exit status where it is wrong.
  std::optional<int> parse(int argc, const char **argv);
  /// Checks the options' values and combinations; an exit status if wrong.
  std::optional<int> check();
  /// The compilation database, the GPU, the harness directory, validation
  /// and tuning settings; an exit status where one cannot be had.
  std::optional<int> setUp(int argc, const char **argv);
  /// Runs the input through the Frontend and -emit's phase; the exit status.
  int run();

private:
  void emit(Program &P, DiagnosticSink &Diag);
  void emitDeps(Program &P, DiagnosticSink &Diag);
  void emitC(Program &P, StringRef Source, DiagnosticSink &Diag);
  void emitCudaOrReport(Program &P, StringRef Source, DiagnosticSink &Diag);
  std::optional<int> setUpTuning();
  int finish(FrontendStatus Status);

  std::vector<std::string> ClangArgs;
  std::vector<int64_t> Tiles, Coarsen;
  int64_t TimeTileDepth = -1;          ///< -time-tile: -1 auto
  std::vector<int64_t> TimeTileSize;
  bool Tuning = false, EmitsCuda = false;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  std::string CommandLine; ///< for the header of generated files
  std::string GPUName;
  bool OnGPU = false;
  TuningSetup TS;
  std::string HarnessDir;
  ValidateOptions VO;
  bool ToStdout = true;
  std::string OutText;
  raw_string_ostream Out{OutText};
  Watchdog Limit;
  std::vector<std::string> Dependencies;
  bool CodeGenFailed = false, Exported = false, ValidationFailed = false;
};

std::optional<int> Driver::parse(int argc, const char **argv) {
  // Everything after `--` goes to Clang.
  std::vector<const char *> Ours;
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
  printAfter(); // registered before parsing
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
  if (StringRef Ext = sys::path::extension(InputFile);
      is_contained({".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".CPP", ".cu", ".cuh", ".hpp", ".hh", ".m", ".mm"},
                   Ext))
    return usageError("'" + InputFile + "': loopgpu reads C, and a '" + Ext.str() +
                      "' file is C++, CUDA or Objective-C by its name");
  return std::nullopt;
}

std::optional<int> Driver::check() {
  std::string ErrText;
  bool TileAuto = TileOpt == "auto", CoarsenAuto = CoarsenOpt == "auto";
  if (!TileOpt.empty() && !TileAuto && !parseSizes("tile", TileOpt, Tiles, ErrText))
    return usageError(ErrText);
  if (!CoarsenOpt.empty() && !CoarsenAuto && !parseSizes("coarsen", CoarsenOpt, Coarsen, ErrText))
    return usageError(ErrText);
  if (TimeTileOpt != "auto") {
    SmallVector<StringRef, 4> Parts;
    StringRef(TimeTileOpt).split(Parts, ',');
    for (size_t I = 0; I < Parts.size(); ++I) {
      int64_t V;
      if (Parts.size() > 4 || Parts[I].trim().getAsInteger(10, V) || V < (I == 0 ? 0 : 1) ||
          V > (I == 0 ? 64 : 4096) || (I == 1 && TimeTileDepth == 0))
        return usageError("-time-tile=" + TimeTileOpt +
                          ": expected auto, 0, a depth from 1 to 64, or a depth and 1 to 3 tile sizes from 1 to 4096");
      (I == 0 ? TimeTileDepth : TimeTileSize.emplace_back()) = V;
    }
  }
  if (TimeTileFormOpt != "auto" && TimeTileFormOpt != "overlapped" && TimeTileFormOpt != "streamed")
    return usageError("-time-tile-form=" + TimeTileFormOpt + ": expected auto, overlapped or streamed");
  // Tuning chooses every one of -tile and -coarsen that is auto or not given.
  Tuning = TileAuto || CoarsenAuto || Tune || !TuneExport.empty() || !TuneImport.empty();
  // The report shows the CUDA; the GPU plan is printed once the CUDA is.
  EmitsCuda = Emit == EmitKind::CUDA || Emit == EmitKind::Report || Emit == EmitKind::GPUIR;
  if (Tuning && !EmitsCuda)
    return usageError("-tile auto, -coarsen auto and --tune choose CUDA options; they do not combine with -emit=" +
                      std::string(Emit == EmitKind::IR ? "ir" : Emit == EmitKind::Deps ? "deps" : "c"));
  if (Tune && !Tiles.empty() && !Coarsen.empty())
    return usageError("--tune: nothing to tune: -tile and -coarsen are both given");
  if (!TuneExport.empty() && !TuneImport.empty())
    return usageError("--tune-export and --tune-import are two steps: use one at a time");
  bool Remote = !TuneExport.empty() || !TuneImport.empty();
  if (Remote && !Tiles.empty() && !Coarsen.empty())
    return usageError("--tune-export/--tune-import: nothing to tune: -tile and -coarsen are both given");
  if (Remote && (Tune || Validate))
    return usageError("--tune-export/--tune-import measure elsewhere; they do not combine with --tune or --validate");
  if (!TuneImport.empty() && exportedDeviceName(TuneImport).empty())
    return usageError("--tune-import " + TuneImport + ": no device.txt with a GPU's name: run " + TuneImport +
                      "/run-all.sh on the GPU machine first");
  if (Tune && ValidateHow == ValidateMode::None)
    return usageError("--tune runs the validation harness; it does not combine with --validate-mode=none");
  if (!Regex("^sm_[0-9]{2,3}[a-z]?$").match(ArchOpt))
    return usageError("-arch=" + ArchOpt + ": expected a CUDA architecture such as sm_90");
  if (unsigned SM = std::stoul(ArchOpt.substr(3)); SM < 75)
    return usageError("-arch=" + ArchOpt + ": CUDA 13 compiles for sm_75 (Turing) and newer");
  if (VectorOpt > 4 || VectorOpt == 3)
    return usageError("-vector " + Twine(VectorOpt) + ": runs of 1, 2 or 4 iterations");
  if (MinBlocksOpt > 32) // ptxas ignores larger values with a warning
    return usageError("-min-blocks-per-sm " + Twine(MinBlocksOpt) + ": at most 32 blocks fit on an SM");
  for (const std::string &P : Params) {
    auto [Name, Value] = StringRef(P).split('=');
    int64_t V;
    if (Name.empty() || !Regex("^[A-Za-z_][A-Za-z0-9_]*$").match(Name) || Value.getAsInteger(10, V))
      return usageError("--param " + P + ": expected NAME=INTEGER");
  }
  if (!Params.empty() && !Validate && !Tune && TuneExport.empty() && TuneImport.empty() && TileOpt != "auto" &&
      CoarsenOpt != "auto")
    WithColor::warning(errs(), "loopgpu") << "--param sets the values --validate and --tune run with; without "
                                             "them it does nothing\n";
  if (Validate && (!EmitsCuda || Emit == EmitKind::GPUIR))
    return usageError("--validate checks the emitted CUDA; it does not combine with -emit=ir, deps, c or gpu-ir");
  if (!printAfter().empty() && !is_contained(gpuPassNames(), StringRef(printAfter())))
    return usageError("-print-after=" + printAfter() + ": no such pass (" + join(gpuPassNames(), ", ") + ")");
  if (!printAfter().empty() && !EmitsCuda)
    return usageError("-print-after prints the GPU plan; it does not combine with -emit=ir, deps or c");
  if (Format == OutputFormat::JSON && Emit != EmitKind::IR && Emit != EmitKind::Deps)
    return usageError("-format=json applies to -emit=ir and -emit=deps only");
  if (Format == OutputFormat::Dot && Emit != EmitKind::Deps)
    return usageError("-format=dot applies to -emit=deps only");
  if (!DepFile.empty() && (OutputFile.empty() || OutputFile == "-"))
    return usageError("-MF names the output file as the depfile's target: give -o too");
  if (Inputs != "random" && Inputs != "positive" && Inputs != "spd" && Inputs != "dominant")
    return usageError("--inputs must be random, positive, spd or dominant, not '" + Inputs + "'");
  return std::nullopt;
}

std::optional<int> Driver::setUp(int argc, const char **argv) {
  // Compile commands: -p BUILD_DIR, else `-- args`, else C defaults.
  if (!BuildPath.empty()) {
    std::string Err;
    DB = clang::tooling::CompilationDatabase::loadFromDirectory(BuildPath, Err);
    if (!DB)
      return usageError("cannot load a compilation database from '" + BuildPath + "': " + Err);
  } else {
    DB = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", ClangArgs);
  }
  CommandLine = "loopgpu";
  for (int I = 1; I < argc; ++I)
    CommandLine += std::string(" ") + argv[I];
  if (ValidateHow == ValidateMode::Auto && (Validate || Tuning))
    GPUName = firstGPUName();
  OnGPU = harnessOnGPU(GPUName);

  // Measure when asked to, or for auto options where the harness would run
  // on a GPU; else the static model decides.
  TS.Measure = Tune || !TuneExport.empty() || !TuneImport.empty() ||
               (Tuning && ValidateHow != ValidateMode::None && OnGPU);
  if (Tune && ValidateHow == ValidateMode::Auto && !OnGPU)
    return usageError("--tune: no GPU found (nvidia-smi -L); -tile auto without --tune uses the static model, "
                      "and --validate-mode=cpu measures under the CUDA emulation (only to test the mechanism)");
  HarnessDir = ValidateDir;
  if ((Validate || TS.Measure) && !OnGPU && ValidateHow != ValidateMode::None && emulationRewriter(argv[0]).empty())
    return usageError("--validate without a GPU runs the CUDA emulation, but loopgpu-emu-rewrite is not next to " +
                      sys::fs::getMainExecutable(argv[0], nullptr) +
                      ": build it (ninja -C BUILD_DIR loopgpu-emu-rewrite), or use --validate-mode=none");
  if ((Validate || TS.Measure) && HarnessDir.empty()) {
    SmallString<128> Tmp;
    if (std::error_code TmpEC = sys::fs::createUniqueDirectory("loopgpu-validate", Tmp))
      return usageError("cannot create a directory for the harness: " + TmpEC.message());
    HarnessDir = std::string(Tmp);
  }

  VO.Seed = Seed;
  VO.Inputs = Inputs;
  VO.Arch = ArchOpt;
  VO.Dir = HarnessDir;
  VO.EmuRewrite = emulationRewriter(argv[0]);
  // The input's own directory first, as for #include "x.h", then its options.
  SmallString<256> InputDir(InputFile.getValue());
  sys::fs::make_absolute(InputDir);
  sys::path::remove_filename(InputDir);
  VO.PreprocessorFlags = {"-I", std::string(InputDir)};
  std::vector<clang::tooling::CompileCommand> Cmds = DB->getCompileCommands(InputFile);
  if (!Cmds.empty())
    for (std::string &F : preprocessorFlags(Cmds.front().CommandLine, Cmds.front().Directory))
      VO.PreprocessorFlags.push_back(std::move(F));
  for (const std::string &PV : Params) {
    auto [Name, Value] = StringRef(PV).split('=');
    int64_t V = 0;
    Value.getAsInteger(10, V);
    VO.Params[Name.str()] = V;
  }
  if (std::optional<int> Failed = setUpTuning())
    return Failed;

  // The output is written whole at the end, and only on success: an output
  // that is the input (also through a link) is refused, and a failed run
  // leaves an existing output file as it was.
  ToStdout = OutputFile.empty() || OutputFile == "-";
  bool Same = false;
  if (!ToStdout && !sys::fs::equivalent(InputFile, OutputFile, Same) && Same)
    return usageError("the output '" + OutputFile + "' is the input file: loopgpu would overwrite your source");
  return std::nullopt;
}

std::optional<int> Driver::setUpTuning() {
  if (!Tuning)
    return std::nullopt;
  TS.Request.TuneTile = Tiles.empty();
  TS.Request.TuneCoarsen = Coarsen.empty();
  TS.Request.Params = VO.Params;
  TS.Settings.GPU = OnGPU;
  TS.Settings.Device = OnGPU ? (GPUName.empty() ? firstGPUName() : GPUName) : "CPU emulation";
  if (TS.Settings.Device.empty())
    TS.Settings.Device = "GPU";
  TS.Settings.Validate = VO;
  TS.Settings.Validate.Dir = HarnessDir + "/tune";
  TS.CachePath = TuneCache.empty() ? defaultTuneCachePath() : std::string(TuneCache);
  if (!TuneExport.empty()) {
    if (std::error_code EC = sys::fs::create_directories(TuneExport))
      return usageError("--tune-export: cannot create '" + TuneExport + "': " + EC.message());
    TS.Settings.RemoteMode = TuneSettings::Remote::Export;
    TS.Settings.RemoteDir = TuneExport;
    TS.Settings.GPU = true;
    TS.Settings.Device = "the GPU machine";
    TS.CachePath.clear(); // nothing measured yet
  } else if (!TuneImport.empty()) {
    TS.Settings.RemoteMode = TuneSettings::Remote::Import;
    TS.Settings.RemoteDir = TuneImport;
    TS.Settings.GPU = true;
    TS.Settings.Device = exportedDeviceName(TuneImport);
  }
  return std::nullopt;
}

int Driver::run() {
  FrontendOptions FO;
  FO.AssumeNoAlias = AssumeNoAlias;
  Limit.start(TimeLimit);
  DependenceOptions::setDefaultSecondsPerAnalysis(AnalysisTimeLimit);
  Watchdog::phase("parsing the input with Clang");
  FrontendStatus Status =
      runFrontend(*DB, InputFile, [&](Program &P, DiagnosticSink &Diag) { emit(P, Diag); }, FO);
  return finish(Status);
}

void Driver::emit(Program &P, DiagnosticSink &Diag) {
  P.File = InputFile; // as the user wrote it
  Dependencies = P.Dependencies;
  if (Emit == EmitKind::C || EmitsCuda)
    for (const Nest &N : P.Nests)
      if (N.ConditionalInside.isValid()) {
        Diag.error(N.ConditionalInside, "preprocessor conditionals inside a '#pragma loopgpu' nest are "
                                        "not supported by -emit=c and -emit=cuda, which replace the "
                                        "nest's text; put the #if around the whole nest");
        CodeGenFailed = true;
      }
  if (CodeGenFailed)
    return;
  if (Emit == EmitKind::IR) {
    if (Format == OutputFormat::JSON)
      printIRJSON(P, Out);
    else
      printIR(P, Out);
    return;
  }
  if (Emit == EmitKind::Deps)
    return emitDeps(P, Diag);
  auto Source = MemoryBuffer::getFile(InputFile);
  if (!Source) {
    WithColor::error(errs(), "loopgpu") << "cannot read '" << InputFile << "'\n";
    CodeGenFailed = true;
    return;
  }
  if (Emit == EmitKind::C)
    return emitC(P, (*Source)->getBuffer(), Diag);
  emitCudaOrReport(P, (*Source)->getBuffer(), Diag);
}

void Driver::emitDeps(Program &P, DiagnosticSink &Diag) {
  std::vector<DependenceInfo> Infos;
  analyzeWithVersions(P, Infos, Diag);
  if (Format == OutputFormat::JSON)
    return printDependencesJSON(P, Infos, Out);
  if (Format == OutputFormat::Dot)
    return printDependencesDot(P, Infos, Out);
  // Each nest, then its version under a run-time check if it has one.
  for (size_t I = 0; I < P.Nests.size(); ++I) {
    if (P.Nests[I].VersionOf >= 0)
      continue;
    printDependencesText(P.Nests[I], Infos[I], Out);
    for (size_t V = 0; V < P.Nests.size(); ++V)
      if (P.Nests[V].VersionOf == static_cast<int>(I))
        printDependencesText(P.Nests[V], Infos[V], Out);
  }
}

/// -emit=c: requests and default transformations, then the transformed program.
void Driver::emitC(Program &P, StringRef Source, DiagnosticSink &Diag) {
  Watchdog::phase("transforming the nests (-emit=c)");
  PipelineOptions PO;
  PO.Tile = Tiles;
  std::vector<DependenceInfo> Infos(P.Nests.size());
  for (size_t I = 0; I < P.Nests.size(); ++I) {
    unsigned long TimedOut = dependenceAnalysesTimedOut();
    CodeGenFailed |= !runPipeline(P.Nests[I], PO, Diag, Infos[I]);
    warnTimedOut(P.Nests[I], TimedOut, Diag);
  }
  if (CodeGenFailed || Diag.hasErrors()) {
    CodeGenFailed = true;
    return;
  }
  std::vector<PrintedNest> Printed;
  for (size_t I = 0; I < P.Nests.size(); ++I)
    Printed.push_back({&P.Nests[I], &Infos[I]});
  printTransformedC(Source, P.File, Printed, Out);
}

/// -emit=cuda and -emit=report: tuning where asked, the CUDA, the harness
/// with --validate (the report runs it and shows its outcome).
void Driver::emitCudaOrReport(Program &P, StringRef Source, DiagnosticSink &Diag) {
  CodeGenOptions CG;
  CG.Tile = Tiles;
  CG.Coarsen = Coarsen;
  CG.Arch = ArchOpt;
  CG.Stage = SharedStaging != StagingMode::Off;
  CG.HaloStage = SharedStaging == StagingMode::Halo;
  CG.KTile = KTileOpt;
  CG.Prefetch = PrefetchOpt;
  CG.LaneReductions = LaneReductionsOpt;
  CG.TensorCores = TensorCoresOpt;
  CG.ExactTiles = ExactTilesOpt;
  CG.MinBlocksPerSM = MinBlocksOpt;
  CG.Vector = VectorOpt;
  CG.DeviceLoopBlocks = DeviceLoopBlocksOpt;
  CG.TimeTile = TimeTileDepth;
  CG.TimeTileSize = TimeTileSize;
  CG.TimeForm = TimeTileFormOpt == "streamed"     ? CodeGenOptions::TimeTileForm::Streamed
                : TimeTileFormOpt == "overlapped" ? CodeGenOptions::TimeTileForm::Overlapped
                                                  : CodeGenOptions::TimeTileForm::Auto;
  CG.PrintAfter = printAfter();
  CG.CommandLine = CommandLine;
  for (const auto &[Loc, Reason] : P.NotCxx)
    Diag.error(Loc, Reason);
  std::vector<DependenceInfo> Infos;
  WrittenNests Written;
  // From here on every name is its CUDA spelling (CudaNames.h).
  if (!prepareForGPU(P, Infos, Diag, Emit == EmitKind::Report ? &Written : nullptr) ||
      !renameForCuda(P, CudaNames(Source), Diag)) {
    CodeGenFailed = true;
    return;
  }
  std::vector<TuningConfig> PerNest; // empty: CG's options for every nest
  if (Tuning) {
    Limit.stop(); // the tuner's runs have their own bounds
    TS.Request.Fixed = CG;
    TS.CacheKey = tuneCacheKey(Source, TS.Settings.Device, VO, ClangArgs);
    std::optional<std::vector<TuningConfig>> Chosen = tuneNests(P, Infos, Source, CG, TS, Diag, CG.Tuning);
    if (!Chosen) {
      // An export measures nothing yet: no CUDA to write, no error.
      Exported = TS.Settings.RemoteMode == TuneSettings::Remote::Export && !Diag.hasErrors();
      CodeGenFailed = !Exported;
      return;
    }
    PerNest = *Chosen;
  }
  std::string Cuda;
  std::vector<GPUPlan> Plans;
  if (!emitCuda(P, Infos, Source, CG, PerNest, Diag, Cuda, &Plans)) {
    CodeGenFailed = true;
    return;
  }
  if (Emit == EmitKind::GPUIR) {
    for (size_t I = 0; I < P.Nests.size(); ++I) {
      const Nest &N = P.Nests[I];
      Out << "// nest " << N.Ordinal << " of " << N.Function << " (line " << N.Loc.Line << ")"
          << (N.VersionOf >= 0 ? ", the version under its run-time check" : "") << "\n";
      printGPUIR(N, Plans[I], Out);
    }
    return;
  }
  if (Emit == EmitKind::Report) {
    ReportInput R;
    R.File = P.File;
    R.Source = Source;
    R.Cuda = Cuda;
    R.CommandLine = CommandLine;
    R.Arch = ArchOpt;
    R.Tuning = CG.Tuning;
    for (size_t I = 0; I < P.Nests.size(); ++I)
      R.Nests.push_back({&Written.Nests[I], &Written.Infos[I], &P.Nests[I], &Plans[I]});
    if (Validate) {
      if (!writeHarness(P, Source, Cuda, VO, Diag)) {
        CodeGenFailed = true;
        return;
      }
      Limit.stop(); // the harness has bounds of its own
      R.Validation = validateForReport(HarnessDir, OnGPU, R.ValidationWhere);
      if (R.Validation)
        ValidationFailed = !R.Validation->Passed;
    }
    printHTMLReport(R, Out);
    return;
  }
  Out << Cuda; // with --validate, written only where -o names a file
  if (!Validate)
    return;
  if (!writeHarness(P, Source, Cuda, VO, Diag))
    CodeGenFailed = true;
}

/// The validation's outcome, or the output (and depfile) written; the exit status.
int Driver::finish(FrontendStatus Status) {
  if (CodeGenFailed)
    return ExitInputErrors;
  if (Exported)
    return Status == FrontendStatus::Success ? ExitSuccess : ExitInputErrors;
  Limit.stop(); // the harness has bounds of its own
  if (Validate && Emit == EmitKind::CUDA && Status == FrontendStatus::Success) {
    // `-o x.cu --validate`: the CUDA too, as without --validate.
    Out.flush();
    if (!ToStdout) {
      std::string Error = writeOutputFile(OutputFile, OutText);
      if (!Error.empty()) {
        WithColor::error(errs(), "loopgpu") << "cannot write '" << OutputFile << "': " << Error << "\n";
        return ExitInputErrors;
      }
    }
    return runValidation(HarnessDir, OnGPU);
  }
  if (Status != FrontendStatus::Success)
    return ExitInputErrors;
  Out.flush();
  if (ToStdout) {
    outs() << OutText;
    return ExitSuccess;
  }
  std::string Error = writeOutputFile(OutputFile, OutText);
  if (!Error.empty()) {
    WithColor::error(errs(), "loopgpu") << "cannot write '" << OutputFile << "': " << Error << "\n";
    return ExitInputErrors;
  }
  if (!DepFile.empty()) {
    Error = writeOutputFile(DepFile, depfileText(OutputFile, Dependencies));
    if (!Error.empty()) {
      WithColor::error(errs(), "loopgpu") << "cannot write '" << DepFile << "': " << Error << "\n";
      return ExitInputErrors;
    }
  }
  // A report is written also when the validation it shows failed.
  return ValidationFailed ? ExitInputErrors : ExitSuccess;
}

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  // A crash names loopgpu, not LLVM, as the program to report.
  setBugReportMsg("PLEASE report this loopgpu bug to the loopgpu project's issue tracker, with the input file "
                  "and the command line below.\n");
  Driver D;
  if (std::optional<int> Exit = D.parse(argc, argv))
    return *Exit;
  if (std::optional<int> Exit = D.check())
    return *Exit;
  if (std::optional<int> Exit = D.setUp(argc, argv))
    return *Exit;
  return D.run();
}
