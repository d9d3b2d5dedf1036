//===- Tuner.cpp - Choose -tile and -coarsen by measuring -----------------===//
#include "loopgpu/Tune/Tuner.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>

using namespace llvm;

namespace loopgpu {
namespace {

std::string nestLabel(const Nest &N) {
  return "nest at line " + std::to_string(N.Loc.Line) + " (" + N.Function + ")";
}

/// Emits, validates and times one configuration of the whole program.
class Measurer {
public:
  Measurer(const Program &P, StringRef Source, const std::vector<DependenceInfo> &Infos, const CodeGenOptions &Opts,
           const TuneSettings &S, TuneProgress &Progress)
      : P(P), Source(Source), Infos(Infos), Opts(Opts), S(S), Progress(Progress) {}

  /// The time of Config if it PASSes; Label names what changed.
  std::optional<double> measure(const std::vector<TuningConfig> &Config, const std::string &Label) {
    ++Count;
    Progress.start(Count, Label);
    std::string Cuda;
    CollectingDiagnostics NotShown; // a candidate's diagnostics repeat the static choice's
    if (!emitProgramCuda(P, Infos, Source, Opts, Config, NotShown, Cuda)) {
      Progress.other("not emitted");
      return std::nullopt;
    }
    ValidateOptions VO = S.Validate;
    std::string Name = "candidate-" + std::to_string(Count);
    VO.Dir = (S.RemoteMode == TuneSettings::Remote::Export ? S.RemoteDir : S.Validate.Dir) + "/" + Name;
    if (S.RemoteMode == TuneSettings::Remote::Import)
      return imported(Cuda, S.RemoteDir + "/" + Name);
    CollectingDiagnostics Quiet;
    if (!writeHarness(P, Source, Cuda, VO, Quiet)) {
      Progress.other("no harness: " + (Quiet.Messages.empty() ? "" : Quiet.Messages.front()));
      return std::nullopt;
    }
    if (S.RemoteMode == TuneSettings::Remote::Export) {
      Progress.other("exported to " + VO.Dir);
      return std::nullopt;
    }
    std::string Log = VO.Dir + "/output.txt";
    int RC = runHarness(VO.Dir, S.GPU, Log);
    auto Text = MemoryBuffer::getFile(Log);
    std::optional<double> Ms = RC == 0 && Text ? passedKernelMs((*Text)->getBuffer()) : std::nullopt;
    if (!Ms) {
      Progress.other("FAIL or no time (not kept; see " + Log + ")");
      return std::nullopt;
    }
    ++Passed;
    Progress.passed(*Ms);
    return Ms;
  }

  unsigned Count = 0, Passed = 0;

private:
  /// The result an exported run left in Dir for this candidate's CUDA.
  std::optional<double> imported(const std::string &Cuda, const std::string &Dir) {
    auto Exported = MemoryBuffer::getFile(Dir + "/kernels.cu");
    if (!Exported || withoutCommandLine((*Exported)->getBuffer()) != withoutCommandLine(Cuda)) {
      Progress.other("not among the exported candidates (not measured)");
      return std::nullopt;
    }
    auto Text = MemoryBuffer::getFile(Dir + "/output.txt");
    std::optional<double> Ms = Text ? passedKernelMs((*Text)->getBuffer()) : std::nullopt;
    if (!Ms) {
      Progress.other(std::string(Text ? "FAIL or no time" : "not run") + " (not kept; see " + Dir + "/output.txt)");
      return std::nullopt;
    }
    ++Passed;
    Progress.passed(*Ms, " (imported)");
    return Ms;
  }

  /// The emitted CUDA less its `//   command:` header line, which differs
  /// between the export and the import invocations.
  static std::string withoutCommandLine(StringRef Cuda) {
    std::string Out;
    while (!Cuda.empty()) {
      auto [Line, Rest] = Cuda.split('\n');
      if (!Line.starts_with("//   command:"))
        Out += Line.str() + "\n";
      Cuda = Rest;
    }
    return Out;
  }

  const Program &P;
  StringRef Source;
  const std::vector<DependenceInfo> &Infos;
  const CodeGenOptions &Opts;
  const TuneSettings &S;
  TuneProgress &Progress;
};

json::Array ints(const std::vector<int64_t> &V) {
  json::Array A;
  for (int64_t X : V)
    A.push_back(X);
  return A;
}

std::optional<std::vector<int64_t>> readInts(const json::Object &O, StringRef Key) {
  const json::Array *A = O.getArray(Key);
  if (!A)
    return std::nullopt;
  std::vector<int64_t> V;
  for (const json::Value &X : *A) {
    std::optional<int64_t> I = X.getAsInteger();
    if (!I)
      return std::nullopt;
    V.push_back(*I);
  }
  return V;
}

/// The cache file's entries; an empty object if it is missing or malformed.
json::Object readCache(const std::string &Path) {
  auto Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return {};
  Expected<json::Value> V = json::parse((*Text)->getBuffer());
  if (!V) {
    consumeError(V.takeError());
    return {};
  }
  const json::Object *Root = V->getAsObject();
  const json::Object *Entries = Root ? Root->getObject("entries") : nullptr;
  if (!Entries || Root->getInteger("version") != 1)
    return {};
  return *Entries;
}

} // namespace

TuneProgress::TuneProgress(raw_ostream &OS, unsigned Total, bool Terminal, unsigned Columns)
    : OS(OS), Total(Total), Terminal(Terminal), Columns(Columns ? Columns : 80) {}

bool TuneProgress::isTerminal(raw_ostream &OS) {
  std::optional<std::string> Term = sys::Process::GetEnv("TERM");
  return OS.is_displayed() && (!Term || *Term != "dumb");
}

std::string TuneProgress::best() const {
  return BestMs ? BestLabel + formatv(" ({0:f3} ms)", *BestMs).str() : std::string("none yet");
}

void TuneProgress::status(const std::string &Text) {
  // Cut to the width: a line that wraps cannot be rewritten in place.
  OS << "\r\x1b[K" << StringRef(Text).take_front(Columns - 1);
  OS.flush();
}

void TuneProgress::start(unsigned Candidate, const std::string &What) {
  K = Candidate;
  Label = What;
  if (Terminal) {
    status("candidate " + std::to_string(K) + " of " + std::to_string(Total) + ": " + Label + " | best so far " +
           best());
    return;
  }
  OS << "[" << K << "/" << Total << "] " << Label << ": ";
  OS.flush();
}

void TuneProgress::passed(double Ms, const std::string &Suffix) {
  ++Passed;
  bool Best = !BestMs || Ms < *BestMs;
  std::string Previous = best();
  if (Best) {
    BestMs = Ms;
    BestLabel = Label;
  }
  if (Terminal)
    return status("candidate " + std::to_string(K) + " of " + std::to_string(Total) + ": " + Label +
                  formatv(" {0:f3} ms", Ms).str() + Suffix + " | best so far " + best());
  OS << formatv("{0:f3} ms", Ms) << Suffix << (Best ? ", the best so far" : "; best so far " + Previous) << "\n";
  OS.flush();
}

void TuneProgress::other(const std::string &Why) {
  if (Terminal) {
    // A line of its own, above the status line.
    OS << "\r\x1b[K[" << K << "/" << Total << "] " << Label << ": " << Why << "\n";
  } else {
    OS << Why << "\n";
  }
  OS.flush();
}

void TuneProgress::finish() {
  if (!Terminal || K == 0)
    return;
  status("measured " + std::to_string(K) + " candidate" + (K == 1 ? "" : "s") + ", " + std::to_string(Passed) +
         " PASS" + (BestMs ? "; best " + best() : std::string()));
  OS << "\n";
  OS.flush();
}

bool emitProgramCuda(const Program &P, const std::vector<DependenceInfo> &Infos, StringRef Source,
                     const CodeGenOptions &Opts, const std::vector<TuningConfig> &PerNest, DiagnosticSink &Diag,
                     std::string &Cuda, std::vector<GPUPlan> *PlansOut, std::vector<bool> *TimedOut) {
  std::vector<GPUPlan> Plans;
  for (size_t I = 0; I < P.Nests.size(); ++I) {
    CodeGenOptions O = Opts;
    if (!PerNest.empty()) {
      O.Tile = PerNest[I].Tile;
      O.Coarsen = PerNest[I].Coarsen;
      O.Stage = PerNest[I].Stage;
    }
    unsigned long Before = dependenceAnalysesTimedOut();
    Plans.push_back(planGPU(P.Nests[I], Infos[I], O, Diag));
    if (TimedOut)
      TimedOut->push_back(dependenceAnalysesTimedOut() != Before);
  }
  Cuda.clear();
  raw_string_ostream OS(Cuda);
  bool OK = !Diag.hasErrors() && printCuda(P, Plans, Source, Opts, Diag, OS);
  if (PlansOut)
    *PlansOut = std::move(Plans);
  return OK;
}

std::optional<TuneResult> tuneByMeasurement(const Program &P, StringRef Source,
                                            const std::vector<DependenceInfo> &Infos, const CodeGenOptions &Opts,
                                            const std::vector<std::vector<TuningConfig>> &Candidates,
                                            const TuneSettings &S, DiagnosticSink &Diags, raw_ostream &Progress) {
  unsigned Total = 1;
  for (const std::vector<TuningConfig> &C : Candidates)
    Total += C.empty() ? 0 : C.size() - 1;
  Progress << "loopgpu: tuning " << P.File << " on " << S.Device << ": " << Total << " candidate"
           << (Total == 1 ? "" : "s") << (S.GPU ? "" : " (CPU emulation: timings only test the mechanism)") << "\n";
  TuneProgress Shown(Progress, Total, TuneProgress::isTerminal(Progress), sys::Process::StandardErrColumns());
  Measurer M(P, Source, Infos, Opts, S, Shown);
  // Every nest starts at its static choice; then each nest's other
  // candidates, with the others at their best so far.
  TuneResult R;
  for (const std::vector<TuningConfig> &C : Candidates)
    R.Nests.push_back(C.empty() ? TuningConfig() : C.front());
  auto Describe = [&](const std::vector<TuningConfig> &Config, size_t Changed) {
    if (P.Nests.size() == 1)
      return Config[0].flags();
    return nestLabel(P.Nests[Changed]) + ": " + Config[Changed].flags();
  };
  std::optional<double> Best = M.measure(R.Nests, Describe(R.Nests, 0));
  for (size_t I = 0; I < Candidates.size(); ++I)
    for (size_t C = 1; C < Candidates[I].size(); ++C) {
      std::vector<TuningConfig> Trial = R.Nests;
      Trial[I] = Candidates[I][C];
      std::optional<double> Ms = M.measure(Trial, Describe(Trial, I));
      if (Ms && (!Best || *Ms < *Best)) {
        Best = Ms;
        R.Nests = Trial;
      }
    }
  Shown.finish();
  R.Candidates = M.Count;
  R.Passed = M.Passed;
  if (S.RemoteMode == TuneSettings::Remote::Export) {
    std::string Script = S.RemoteDir + "/run-all.sh";
    std::error_code EC;
    raw_fd_ostream OS(Script, EC);
    if (EC) {
      Diags.error({}, "--tune-export: cannot write " + Script + ": " + EC.message());
      return std::nullopt;
    }
    OS << "#!/usr/bin/env bash\n"
          "# Written by loopgpu --tune-export for " << P.File << ": on a machine with a GPU, builds\n"
          "# every candidate's harness (in parallel), runs them one at a time, and leaves\n"
          "# candidate-K/output.txt and device.txt for `loopgpu ... --tune-import DIR`.\n"
          "set -uo pipefail\ncd \"$(dirname \"$0\")\"\n"
          "export PATH=$PATH:/usr/local/cuda/bin\n"
          "nvidia-smi -L | head -n 1 > device.txt\n"
          "ls -d candidate-* | xargs -P \"$(nproc)\" -I{} sh -c 'bash {}/run.sh gpu-build > {}/build.log 2>&1 || "
          "echo \"{}: build failed\" > {}/output.txt'\n"
          "for d in candidate-*; do\n"
          "  [ -x $d/validate ] && (cd $d && timeout 600 ./validate > output.txt 2>&1)\n"
          "  echo \"$d: $(grep -E 'kernels alone' $d/output.txt | head -n 1) $(tail -n 1 $d/output.txt)\"\n"
          "done\n";
    Progress << "loopgpu: exported " << M.Count << " candidates to " << S.RemoteDir << "; run `bash "
             << Script << "` on the GPU machine, then rerun with --tune-import " << S.RemoteDir << "\n";
    return std::nullopt;
  }
  if (!Best) {
    Diags.error({}, "--tune: none of the " + std::to_string(M.Count) +
                        " candidate configurations passed validation (harnesses in " + S.Validate.Dir + ")");
    return std::nullopt;
  }
  R.Ms = *Best;
  return R;
}

std::string exportedDeviceName(const std::string &Dir) {
  auto Text = MemoryBuffer::getFile(Dir + "/device.txt");
  if (!Text)
    return "";
  return gpuNameFromSmi((*Text)->getBuffer());
}

std::optional<TuneResult> lookupTuneCache(const std::string &Path, const std::string &Key, size_t NumNests,
                                          std::string *Invalid) {
  json::Object Entries = readCache(Path);
  const json::Object *E = Entries.getObject(Key);
  const json::Array *Nests = E ? E->getArray("nests") : nullptr;
  if (!Nests || Nests->size() != NumNests)
    return std::nullopt;
  TuneResult R;
  for (const json::Value &V : *Nests) {
    const json::Object *O = V.getAsObject();
    std::optional<std::vector<int64_t>> Tile = O ? readInts(*O, "tile") : std::nullopt;
    std::optional<std::vector<int64_t>> Coarsen = O ? readInts(*O, "coarsen") : std::nullopt;
    std::optional<bool> Staging = O ? O->getBoolean("staging") : std::nullopt;
    // The cache is a file anyone may edit: what it says is checked like the
    // command line's -tile and -coarsen, and an entry that fails is not used.
    // No tile and no coarsening is the default mapping, a candidate like any
    // other (refused until run 43, when it won: the cache was never used).
    if (!Tile || !Coarsen || !Staging || !TuningConfig::validSizes(*Tile) || !TuningConfig::validSizes(*Coarsen)) {
      if (Invalid)
        *Invalid = "a nest's tile and coarsening factors must be at most 3 integers between 1 and 1024 (none: "
                   "the default mapping), and its staging true or false";
      return std::nullopt;
    }
    R.Nests.push_back({*Tile, *Coarsen, *Staging});
  }
  R.Ms = E->getNumber("ms").value_or(0);
  if (!std::isfinite(R.Ms) || R.Ms < 0) {
    if (Invalid)
      *Invalid = "its time is not a finite number of milliseconds";
    return std::nullopt;
  }
  R.Candidates = static_cast<unsigned>(E->getInteger("candidates").value_or(0));
  R.Passed = static_cast<unsigned>(E->getInteger("passed").value_or(0));
  return R;
}

bool storeTuneCache(const std::string &Path, const std::string &Key, const Program &P, const TuneResult &R,
                    const std::string &Device, DiagnosticSink &Diags) {
  json::Object Entries = readCache(Path);
  json::Array Nests;
  for (size_t I = 0; I < R.Nests.size(); ++I)
    Nests.push_back(json::Object{{"line", static_cast<int64_t>(P.Nests[I].Loc.Line)},
                                 {"tile", ints(R.Nests[I].Tile)},
                                 {"coarsen", ints(R.Nests[I].Coarsen)},
                                 {"staging", R.Nests[I].Stage}});
  Entries[Key] = json::Object{{"file", P.File},         {"device", Device},   {"candidates", R.Candidates},
                              {"passed", R.Passed},     {"ms", R.Ms},         {"nests", std::move(Nests)}};
  json::Value Root = json::Object{{"version", 1}, {"entries", std::move(Entries)}};

  StringRef Dir = sys::path::parent_path(Path);
  std::error_code EC;
  if (!Dir.empty())
    EC = sys::fs::create_directories(Dir);
  // Write a temporary file next to the cache, then rename: a concurrent
  // reader sees the old or the new file, never half of one.
  SmallString<256> Tmp;
  if (!EC)
    EC = sys::fs::createUniqueFile(Path + ".%%%%%%.tmp", Tmp);
  if (!EC) {
    {
      raw_fd_ostream OS(Tmp, EC);
      if (!EC)
        OS << formatv("{0:2}", Root) << "\n";
    }
    if (!EC)
      EC = sys::fs::rename(Tmp, Path);
    if (EC)
      sys::fs::remove(Tmp);
  }
  if (EC) {
    Diags.warning({}, "--tune: cannot write the cache '" + Path + "': " + EC.message());
    return false;
  }
  return true;
}

std::string defaultTuneCachePath() {
  SmallString<256> P;
  if (std::optional<std::string> XDG = sys::Process::GetEnv("XDG_CACHE_HOME"); XDG && !XDG->empty()) {
    P = *XDG;
  } else if (std::optional<std::string> Home = sys::Process::GetEnv("HOME"); Home && !Home->empty()) {
    P = *Home;
    sys::path::append(P, ".cache");
  } else {
    return "";
  }
  sys::path::append(P, "loopgpu", "tune.json");
  return std::string(P);
}

} // namespace loopgpu
