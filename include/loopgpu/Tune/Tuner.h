//===- Tuner.h - Choose -tile and -coarsen by measuring ---------*- C++ -*-===//
//
// `loopgpu --tune` (or `-tile auto` where `nvidia-smi -L` finds a GPU): for
// each candidate configuration (TuningModel.h lists them) the CUDA is emitted
// (emitProgramCuda, below) and validated by the harness of Harness.h, which also times the kernels;
// the fastest configuration that PASSes wins. The nests of a file are tuned
// one after the other (coordinate search): every nest starts at the static
// model's choice, and each nest's candidates are measured with the other
// nests at their best so far, so the cost is the sum of the candidate lists,
// not their product. The time of a configuration is the sum of the
// "kernels alone" medians of the file's functions.
//
// The runner is the harness's: `run.sh gpu` (nvcc, real timings) or
// `run.sh cpu` (the CUDA emulation of runtime/). Emulation timings say
// nothing about GPU speed; that mode exists to exercise the mechanism
// (candidates, PASS filtering, the cache) where there is no GPU, e.g. in CI.
//
// Results are cached in a JSON file, one entry per key (source hash, device,
// parameter values, the options that shape the code):
//
//   { "version": 1, "entries": { "<key>": {
//       "file": "matmul.c", "device": "NVIDIA H100 80GB HBM3",
//       "candidates": 9, "ms": 8.7,
//       "nests": [ { "line": 13, "tile": [16, 16], "coarsen": [4, 4], "staging": true } ] } } }
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TUNE_TUNER_H
#define LOOPGPU_TUNE_TUNER_H

#include "loopgpu/CodeGen/CudaPrinter.h"
#include "loopgpu/Tune/TuningModel.h"
#include "loopgpu/Validate/Harness.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace loopgpu {

struct TuneSettings {
  ValidateOptions Validate; ///< Dir: where the candidates' harnesses go (one subdirectory each)
  bool GPU = true;          ///< run.sh gpu, else run.sh cpu
  std::string Device;       ///< the GPU's name, or "CPU emulation"
  /// Measuring on another machine (a GPU where loopgpu does not run):
  /// Export writes every candidate's harness to RemoteDir/candidate-K and
  /// RemoteDir/run-all.sh, which builds them all and runs them there, leaving
  /// candidate-K/output.txt and device.txt; Import then reads those results
  /// instead of running anything, after checking that each candidate's CUDA
  /// is the one exported. With several nests the search is adaptive: a
  /// candidate that depends on results not exported yet counts as
  /// unmeasured (a second export after an import covers it).
  enum class Remote { None, Export, Import };
  Remote RemoteMode = Remote::None;
  std::string RemoteDir;
};

/// The name of the GPU recorded by an exported run-all.sh (nvidia-smi -L's
/// first line in Dir/device.txt); empty if there is none.
std::string exportedDeviceName(const std::string &Dir);

struct TuneResult {
  std::vector<TuningConfig> Nests; ///< one per nest of the program
  double Ms = 0;                   ///< the winner's time
  unsigned Candidates = 0;         ///< configurations measured
  unsigned Passed = 0;             ///< of which PASSed
};

/// What tuning prints while it measures (to stderr). On a terminal, one
/// status line rewritten in place,
///   candidate 2 of 9: -tile 16,16 -coarsen 4,4 | best so far -tile 16,16 -coarsen 8,8 (9.910 ms)
/// with candidates that are not kept on lines of their own, and at the end
///   measured 9 candidates, 8 PASS; best -tile 16,16 -coarsen 8,8 (9.910 ms)
/// Otherwise (a file, a pipe, TERM=dumb) one plain line per candidate:
///   [2/9] -tile 16,16 -coarsen 4,4: 10.204 ms; best so far -tile 16,16 -coarsen 8,8 (9.910 ms)
/// The best so far is the fastest candidate that PASSed.
class TuneProgress {
public:
  /// Columns: the terminal's width (status lines are cut to fit; 0: 80).
  TuneProgress(llvm::raw_ostream &OS, unsigned Total, bool Terminal, unsigned Columns = 0);
  /// Whether OS is a terminal that can rewrite a line (not TERM=dumb).
  static bool isTerminal(llvm::raw_ostream &OS);

  /// Candidate K (from 1) starts; Label names its options.
  void start(unsigned K, const std::string &Label);
  /// The current candidate PASSed in Ms (Suffix: e.g. " (imported)").
  void passed(double Ms, const std::string &Suffix = "");
  /// The current candidate is not kept, or was only written (Why says).
  void other(const std::string &Why);
  /// All candidates done: ends the status line with a summary.
  void finish();

private:
  void status(const std::string &Text);
  std::string best() const;

  llvm::raw_ostream &OS;
  unsigned Total;
  bool Terminal;
  unsigned Columns;
  unsigned K = 0, Passed = 0;
  std::string Label, BestLabel;
  std::optional<double> BestMs;
};

/// The CUDA of P with one configuration per nest (PerNest empty: Opts as
/// given): each nest planned (planGPU) with its configuration, the program
/// printed (printCuda). False after an error. PlansOut receives the plans;
/// TimedOut, per nest, whether a dependence analysis ran past its limit
/// while the nest was planned.
bool emitProgramCuda(const Program &P, const std::vector<DependenceInfo> &Infos, llvm::StringRef Source,
                     const CodeGenOptions &Opts, const std::vector<TuningConfig> &PerNest, DiagnosticSink &Diag,
                     std::string &Cuda, std::vector<GPUPlan> *PlansOut = nullptr,
                     std::vector<bool> *TimedOut = nullptr);

/// Measures Candidates (per nest, the static choice first) as described
/// above, showing its progress on Progress (TuneProgress). Nullopt (after
/// an error) when no configuration PASSes, and always after an export
/// (without an error: nothing is measured yet).
std::optional<TuneResult> tuneByMeasurement(const Program &P, llvm::StringRef Source,
                                            const std::vector<DependenceInfo> &Infos, const CodeGenOptions &Opts,
                                            const std::vector<std::vector<TuningConfig>> &Candidates,
                                            const TuneSettings &S, DiagnosticSink &Diags,
                                            llvm::raw_ostream &Progress);

/// The cached result for Key in the cache file Path, if any (an unreadable
/// or malformed file counts as empty). An entry for Key whose values are not
/// valid options (tile 0, a negative time) is not used; Invalid then says why.
std::optional<TuneResult> lookupTuneCache(const std::string &Path, const std::string &Key, size_t NumNests,
                                          std::string *Invalid = nullptr);

/// Adds or replaces Key's entry in Path (creating its directory); false
/// after a warning if the file cannot be written.
bool storeTuneCache(const std::string &Path, const std::string &Key, const Program &P, const TuneResult &R,
                    const std::string &Device, DiagnosticSink &Diags);

/// The default cache file: $XDG_CACHE_HOME/loopgpu/tune.json, else
/// ~/.cache/loopgpu/tune.json.
std::string defaultTuneCachePath();

} // namespace loopgpu

#endif // LOOPGPU_TUNE_TUNER_H
