//===- TuningModel.cpp - Choose -tile and -coarsen without a GPU ----------===//
//
// Every configuration the model considers is planned by planGPU, so that the
// model sees the mapper's real decisions (which loop is on x, what is staged,
// the shared tiles' sizes after the strip is fitted); the model only adds the
// estimates the plan does not contain: registers, occupancy and reuse.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Tune/TuningModel.h"
#include "loopgpu/IR/NestEdit.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <sstream>

namespace loopgpu {

bool TuningConfig::validSizes(const std::vector<int64_t> &Sizes) {
  return Sizes.size() <= 3 && std::all_of(Sizes.begin(), Sizes.end(), [](int64_t V) { return V >= 1 && V <= 1024; });
}

std::string TuningConfig::flags() const {
  auto List = [](const std::vector<int64_t> &V) {
    std::string S;
    for (size_t I = 0; I < V.size(); ++I)
      S += (I ? "," : "") + std::to_string(V[I]);
    return S;
  };
  std::string S;
  if (!Tile.empty())
    S += "-tile " + List(Tile);
  if (!Coarsen.empty())
    S += std::string(S.empty() ? "" : " ") + "-coarsen " + List(Coarsen);
  if (!Stage)
    S += std::string(S.empty() ? "" : " ") + "-shared-staging=false";
  return S.empty() ? "the default mapping" : S;
}

// Occupancy a staged kernel's register tile needs: its independent
// accumulators give each warp enough instruction-level parallelism that a
// quarter of the SM's warps keep it busy (H100, bench/RESULTS.md run 4:
// 16x16 threads with 8x8 outputs, 25% occupancy, 55.8% of cuBLAS; with 4x4
// outputs, 50%, 42.9%).
constexpr double RegisterTileOccupancy = 0.25;

Occupancy occupancy(const GPUTarget &T, int64_t Threads, int64_t Registers, int64_t SharedBytes) {
  int64_t Warps = (Threads + 31) / 32;
  int64_t RegsPerWarp = (Registers * 32 + 255) / 256 * 256;
  Occupancy O;
  O.BlocksPerSM = T.BlocksPerSM;
  O.Limiter = "blocks";
  auto Limit = [&](int64_t Blocks, const char *Why) {
    if (Blocks < O.BlocksPerSM) {
      O.BlocksPerSM = Blocks;
      O.Limiter = Why;
    }
  };
  Limit(T.ThreadsPerSM / (Warps * 32), "threads");
  Limit(T.RegistersPerSM / (RegsPerWarp * Warps), "registers");
  if (SharedBytes > 0)
    Limit(T.SharedPerSM / (SharedBytes + T.SharedReservedPerBlock), "shared memory");
  O.Fraction = static_cast<double>(O.BlocksPerSM * Warps) / (T.ThreadsPerSM / 32);
  return O;
}

namespace {

std::string percent(double F) { return std::to_string(static_cast<int>(std::lround(F * 100))) + "%"; }

std::string kib(int64_t Bytes) {
  std::ostringstream OS;
  OS.precision(1);
  OS << std::fixed << Bytes / 1024.0 << " KiB";
  return OS.str();
}

/// A ratio for the reasons: "2", "2.5", "1024".
std::string ratio(double V) {
  std::ostringstream OS;
  OS.precision(V == std::floor(V) ? 0 : (V < 10 ? 2 : 1));
  OS << std::fixed << V;
  std::string S = OS.str();
  if (S.find('.') != std::string::npos)
    S.erase(S.find_last_not_of('0') + 1);
  return S;
}

std::string shape(const std::vector<int64_t> &V, const char *Sep = "x") {
  std::string S;
  for (size_t I = 0; I < V.size(); ++I)
    S += (I ? Sep : "") + std::to_string(V[I]);
  return S;
}

/// What the model needs to know about one planned configuration: the
/// nest's main kernel (staged first, then the one with most mapped loops).
struct Evaluation {
  Evaluation() = default;
  Evaluation(Evaluation &&) = default; // K points into Plan: moves keep it valid,
  Evaluation &operator=(Evaluation &&) = default;
  Evaluation(const Evaluation &) = delete; // copies would not

  const KernelPlan *K = nullptr;
  GPUPlan Plan;
  int64_t Threads = 0;
  int64_t Copies = 1;        ///< outputs per thread
  int64_t SharedBytes = 0;
  int64_t SharedReads = 0;   ///< staged: values a thread reads per step of the strip
  int64_t GlobalLoads = 0;   ///< staged: elements the block loads per step
  int64_t TileOutputs = 1;   ///< iterations per block
  int64_t Registers = 32;
  Occupancy Occ;
  std::optional<int64_t> Blocks; ///< the grid, when the trip counts are known

  bool staged() const { return K && K->StagedLoop.has_value(); }
  /// Outputs per value read from shared memory.
  double sharedReuse() const { return SharedReads ? double(Copies) / SharedReads : 0; }
  /// Outputs (FMAs per step) per element loaded from global memory.
  double globalReuse() const { return GlobalLoads ? double(TileOutputs) / GlobalLoads : 0; }
};

class Model {
public:
  Model(const Nest &N, const DependenceInfo &DI, const TuningRequest &R)
      : N(N), DI(DI), R(R), Target(gpuTarget(R.Fixed.Arch)) {}

  /// Plans N with C (R's fixed options in force); nullopt if the mapper
  /// refuses it (too many threads, ...) or it has no kernel to tune.
  std::optional<Evaluation> evaluate(const TuningConfig &C) const {
    CodeGenOptions O = R.Fixed;
    O.Tile = C.Tile;
    O.Coarsen = C.Coarsen;
    O.Stage = C.Stage;
    O.PrintAfter.clear(); // -print-after shows the plan printed, not every candidate's
    CollectingDiagnostics Quiet;
    Evaluation E;
    E.Plan = planGPU(N, DI, O, Quiet);
    if (Quiet.hasErrors())
      return std::nullopt;
    for (const KernelPlan &K : E.Plan.Kernels) {
      if (K.K == KernelPlan::Kind::Serial || K.K == KernelPlan::Kind::Scan)
        continue;
      auto Rank = [](const KernelPlan *P) {
        return std::make_pair(P->StagedLoop.has_value(), P->K == KernelPlan::Kind::Parallel ? P->Mapped.size() : 0);
      };
      if (!E.K || Rank(&K) > Rank(E.K))
        E.K = &K;
    }
    if (!E.K)
      return std::nullopt;
    const KernelPlan &K = *E.K;
    E.Threads = K.threadsPerBlock();
    for (const MappedLoop &M : K.Mapped) {
      E.Copies *= M.Coarsen;
      E.TileOutputs *= M.tile();
    }
    // The planner's count: staged, halo and transposed-store tiles.
    E.SharedBytes = K.SharedBytes;
    for (const StagedArray &S : K.Staged) {
      int64_t Reads = 1, Loads = 1;
      for (const MappedLoop &M : K.Mapped)
        if (std::count(S.DimLoops.begin(), S.DimLoops.end(), M.Loop)) {
          Reads *= M.Coarsen;
          Loads *= M.tile();
        }
      E.SharedReads += Reads;
      E.GlobalLoads += Loads;
    }
    // Halo tiles (-shared-staging=halo) count in SharedBytes only: their
    // effect on speed is not modelled (nor yet measured).
    E.Registers = std::min<int64_t>(255, 24 + E.Copies + 2 * E.SharedReads);
    E.Occ = occupancy(Target, E.Threads, E.Registers, E.SharedBytes);
    E.Blocks = gridBlocks(K);
    return E;
  }

  /// The value of E with R's parameter values, if they determine it.
  std::optional<int64_t> value(const AffExpr &E) const {
    AffExpr V = E.substitute([&](AffVar Var) {
      if (Var.isParam())
        if (auto It = R.Params.find(N.Params[Var.Index].Name); It != R.Params.end())
          return AffExpr::constant(It->second);
      return AffExpr::var(Var);
    });
    return V.isConstant() ? std::optional<int64_t>(V.constantValue()) : std::nullopt;
  }

  /// Blocks of K's grid as its launch computes them: per mapped loop, its
  /// trip count over the block's span, capped. Nullopt if a bound is not
  /// known (a parameter without a value, an enclosing host loop's iterator).
  std::optional<int64_t> gridBlocks(const KernelPlan &K) const {
    int64_t Blocks = 1;
    for (const MappedLoop &M : K.Mapped) {
      const Loop &L = N.Loops[M.Loop];
      std::optional<int64_t> Lo = value(L.Lower), Hi = value(L.Upper);
      if (!Lo || !Hi)
        return std::nullopt;
      int64_t Trip = *Hi < *Lo ? 0 : (*Hi - *Lo) / std::abs(L.Step) + 1;
      int64_t Span = K.blockSpan(M);
      Blocks *= std::min((Trip + Span - 1) / Span, K.maxBlocks(M));
    }
    return Blocks;
  }

  /// Blocks per SM the model counts on for E: for a staged kernel, enough
  /// for the occupancy its register tile needs; otherwise all that fit.
  /// (Counting one block of 8 warps per SM as enough was tried: matmul
  /// 1024^3 got 4x8 outputs per thread, 0.096 ms against 0.094 for 4x4, and
  /// dcs 512^2 got 2x4, 0.608 ms against 0.361 for 2x2: H100 run 10.
  /// --tune found 8x4 at 0.086-0.088 ms.)
  int64_t blocksNeededPerSM(const Evaluation &E) const {
    if (!E.staged())
      return E.Occ.BlocksPerSM;
    int64_t Warps = (E.Threads + 31) / 32;
    auto ForTile = static_cast<int64_t>(std::ceil(RegisterTileOccupancy * (Target.ThreadsPerSM / 32) / Warps));
    return std::min(E.Occ.BlocksPerSM, ForTile);
  }

  /// Whether E's grid fills the GPU: every SM gets a block, and on average
  /// (to the nearest block) as many as the model counts on. With sizes
  /// unknown the model assumes a large problem.
  bool fillsGPU(const Evaluation &E) const {
    if (!E.Blocks)
      return true;
    return *E.Blocks >= Target.SMs && (*E.Blocks + Target.SMs / 2) / Target.SMs >= blocksNeededPerSM(E);
  }

  /// The first part of every ranking: configurations that fill the GPU,
  /// else the most blocks.
  std::pair<bool, int64_t> sizeRank(const Evaluation &E) const {
    bool Fills = fillsGPU(E);
    return {Fills, Fills ? 0 : *E.Blocks};
  }

  /// The reason's words on the problem size, for the choice E: its grid
  /// for the SMs and, when the size-blind ranking chose Blind (planned as
  /// BlindE) instead, what that would give.
  std::string gridNote(const KernelPlan &K, const Evaluation &E, const TuningConfig &Chosen,
                       const TuningConfig &Blind, const Evaluation &BlindE) const {
    // The parameters the mapped loops' bounds use, in the nest's order.
    std::set<unsigned> Used;
    bool Iterators = false;
    for (const MappedLoop &M : K.Mapped)
      for (const AffExpr *B : {&N.Loops[M.Loop].Lower, &N.Loops[M.Loop].Upper})
        B->forEachVar([&](AffVar V) {
          if (V.isParam())
            Used.insert(V.Index);
          else
            Iterators = true;
        });
    std::string Known, Missing;
    for (unsigned P : Used) {
      const std::string &Name = N.Params[P].Name;
      auto It = R.Params.find(Name);
      if (It != R.Params.end())
        Known += (Known.empty() ? "" : ", ") + Name + "=" + std::to_string(It->second);
      else
        Missing += (Missing.empty() ? "" : ", ") + Name;
    }
    if (!E.Blocks)
      return "; sizes unknown (" +
             (Missing.empty() ? std::string("the bounds depend on loop iterators") : "no --param for " + Missing) +
             "): assumes a large problem; pass --param to size the grid";
    std::string S = "; " + std::to_string(*E.Blocks) + " blocks for " + std::to_string(Target.SMs) + " SMs" +
                    (Known.empty() ? "" : " at " + Known);
    if (!fillsGPU(E))
      return "; only" + S.substr(1) + ": no candidate fills the GPU, so the one with the most blocks";
    if (Chosen == Blind)
      return S;
    return S + " (" + Blind.flags() + " would give only " + std::to_string(*BlindE.Blocks) + ", fewer than " +
           std::to_string(blocksNeededPerSM(BlindE)) + " per SM: smaller tiles)";
  }

  /// R's fixed options replace what the user did not leave to tuning.
  TuningConfig honourFixed(TuningConfig C) const {
    if (!R.TuneTile)
      C.Tile = R.Fixed.Tile;
    if (!R.TuneCoarsen)
      C.Coarsen = R.Fixed.Coarsen;
    else // "-coarsen 4" rather than the equivalent "-coarsen 4,1"
      while (!C.Coarsen.empty() && C.Coarsen.back() == 1)
        C.Coarsen.pop_back();
    if (!R.Fixed.Stage)
      C.Stage = false;
    return C;
  }

  TuningChoice choose() {
    std::optional<Evaluation> First = evaluate(honourFixed({}));
    if (!First)
      return {honourFixed({}), "no parallel or reduction kernel to tune: the default mapping"};
    // Lane reductions are the planner's mapping of a thread's reduction
    // loop; a -tile or -coarsen gives them up (nussinov at EXTRALARGE on the
    // H100: 0.247 s with them, 5.40 s with a thread per cell; bench/RESULTS.md
    // run 24). The model does not weigh them: where the default plan has
    // them, it stays.
    for (const KernelPlan &P : First->Plan.Kernels)
      if (!P.LaneLoops.empty())
        return {honourFixed({}), "its lane reductions, a warp per iteration of loop " +
                                     N.Loops[P.Mapped[0].Loop].Iterator + " and its lanes splitting loop " +
                                     N.Loops[P.LaneLoops[0]].Iterator +
                                     ", which a -tile or -coarsen would give up; the model does not weigh them"};
    // Likewise FP64 tensor cores, which only the default register tile gets
    // (PolyBench gemm at EXTRALARGE on the H100: 26.7 TFLOP/s with them, the
    // scalar register tile 15.1; bench/RESULTS.md run 25).
    for (const KernelPlan &P : First->Plan.Kernels)
      if (P.Mma)
        return {honourFixed({}), "its register tile on FP64 tensor cores (loop " +
                                     N.Loops[*P.StagedLoop].Iterator +
                                     "'s products), which a -tile or -coarsen would give up; the model does not "
                                     "weigh them"};
    // Likewise the stencil pencil with vector runs along x, the default of
    // 3-D stencils (GPUMapping.h's PencilDepth; bench/RESULTS.md run 29: 87%
    // of copy bandwidth in float against 75% for run 14's -tile 1,2,128
    // -coarsen 4, which -tile and -coarsen without -vector give).
    for (const KernelPlan &P : First->Plan.Kernels)
      if (P.XRuns)
        return {honourFixed({}), "the default mapping's stencil pencil with runs of " + std::to_string(P.XRuns->V) +
                                     " along x, which a -tile or -coarsen would give up"};
    // Likewise a transposed store's tile of 8 rows per thread
    // (TransposedStores.cpp; bench/RESULTS.md run 35, H200: 92% of copy
    // bandwidth against 77% for the 4 rows per thread of the element-wise
    // rule below).
    for (const KernelPlan &P : First->Plan.Kernels)
      if (P.Transposed) {
        const MappedLoop &Rows = P.Mapped[0].Dim == 'x' ? P.Mapped[1] : P.Mapped[0];
        return {honourFixed({}), "the default mapping's transposed store to " + N.Arrays[P.Transposed->Array].Name +
                                     ", " + std::to_string(Rows.Coarsen) + " rows per thread, which the model's " +
                                     "element-wise shapes would change"};
      }
    const KernelPlan &K = *First->K;
    TuningChoice C = K.K == KernelPlan::Kind::Reduction ? reduction(*First)
                     : First->staged()                 ? staged(*First)
                                                       : elementwise(*First);
    for (const char *What : {"tile", "coarsen"})
      if (hasClause(What == std::string("tile") ? Clause::Kind::Tile : Clause::Kind::Coarsen))
        C.Reason += std::string("; the nest's ") + What + "(...) clause overrides -" + What;
    return C;
  }

  /// The choice first, then neighbours: factors doubled and halved, staging
  /// off, thread shapes with x wider or narrower, twice and half the threads
  /// along x, no coarsening, one factor doubled alone, and for staged 2-D
  /// kernels the lectures' 32x32 threads with one output each.
  std::vector<TuningConfig> candidates(unsigned Max) {
    TuningChoice Best = choose();
    std::vector<TuningConfig> Out;
    auto Add = [&](TuningConfig C) {
      C = honourFixed(C);
      if (Out.size() >= Max || std::find(Out.begin(), Out.end(), C) != Out.end() || !evaluate(C))
        return;
      Out.push_back(C);
    };
    Add(Best.Config);
    std::optional<Evaluation> E = evaluate(Best.Config);
    if (!E)
      return Out;
    const KernelPlan &K = *E->K;
    unsigned Dims = K.Mapped.size();
    std::vector<int64_t> Tile, Coarsen;
    for (const MappedLoop &M : K.Mapped) {
      Tile.push_back(M.BlockSize);
      Coarsen.push_back(M.Coarsen);
    }
    unsigned X = xPosition(K);
    if (K.K == KernelPlan::Kind::Reduction) {
      for (int64_t T : {512, 256, 128})
        Add({{T}, {}, true});
      return Out;
    }
    bool Coarsened = std::any_of(Coarsen.begin(), Coarsen.end(), [](int64_t C) { return C > 1; });
    if (Coarsened) {
      std::vector<int64_t> Half = Coarsen, Twice = Coarsen;
      for (unsigned P = 0; P < Dims; ++P)
        if (Coarsen[P] > 1) {
          Half[P] /= 2;
          Twice[P] *= 2;
        }
      Add({Tile, Twice, true});
      Add({Tile, Half, true});
    }
    if (E->staged())
      Add({Tile, Coarsen, false});
    // Thread shapes: x twice as wide or half as wide, the next dimension
    // compensating; then half and twice the threads along x.
    if (Dims > 1) {
      unsigned Other = X == Dims - 1 ? Dims - 2 : Dims - 1;
      for (unsigned Other2 = 0; Other2 < Dims; ++Other2)
        if (Other2 != X && Tile[Other2] > 1)
          Other = Other2;
      std::vector<int64_t> Wide = Tile, Narrow = Tile;
      if (Wide[Other] % 2 == 0) {
        Wide[X] *= 2;
        Wide[Other] /= 2;
        Add({Wide, Coarsen, true});
      }
      if (Narrow[X] >= 32) {
        Narrow[X] /= 2;
        Narrow[Other] *= 2;
        Add({Narrow, Coarsen, true});
      }
    }
    std::vector<int64_t> Fewer = Tile, More = Tile;
    Fewer[X] = std::max<int64_t>(1, Fewer[X] / 2);
    More[X] *= 2;
    Add({More, Coarsen, true});
    Add({Fewer, Coarsen, true});
    if (Coarsened) {
      Add({Tile, {}, true});
      // Unequal factors: one coarsened dimension doubled alone.
      for (unsigned P = 0; P < Dims; ++P)
        if (Coarsen[P] > 1 && Dims > 1) {
          std::vector<int64_t> One = Coarsen;
          One[P] *= 2;
          Add({Tile, One, true});
        }
    }
    // The lectures' shared-memory tiling: 32x32 threads, one output each.
    if (E->staged() && Dims == 2)
      Add({{32, 32}, {}, true});
    return Out;
  }

private:
  bool hasClause(Clause::Kind K) const {
    for (const Loop &L : N.Loops)
      for (const Clause &C : L.Clauses)
        if (C.K == K)
          return true;
    return std::any_of(N.Clauses.begin(), N.Clauses.end(), [&](const Clause &C) { return C.K == K; });
  }

  unsigned xPosition(const KernelPlan &K) const {
    for (unsigned P = 0; P < K.Mapped.size(); ++P)
      if (K.Mapped[P].Dim == 'x')
        return P;
    return 0;
  }

  std::string loopName(unsigned L) const {
    return "loop " + N.Loops[L].Iterator + " (line " + std::to_string(N.Loops[L].Loc.Line) + ")";
  }

  std::string resources(const Evaluation &E) const {
    std::string S = std::to_string(E.Threads) + " threads per block, ~" + std::to_string(E.Registers) +
                    " registers per thread";
    if (E.SharedBytes)
      S += ", " + kib(E.SharedBytes) + " shared per block";
    return S + ": " + std::to_string(E.Occ.BlocksPerSM) + " blocks/SM, occupancy " +
           percent(E.Occ.Fraction) + " (limit: " + E.Occ.Limiter + ")";
  }

  /// Of Prefs, in the order the model prefers them, the first that fills
  /// the GPU, else the one with the most blocks; nullopt if the mapper
  /// refuses them all.
  std::optional<TuningConfig> firstFilling(const std::vector<TuningConfig> &Prefs) const {
    std::optional<TuningConfig> Best;
    std::pair<bool, int64_t> BestRank;
    for (const TuningConfig &C : Prefs) {
      std::optional<Evaluation> E = evaluate(C);
      if (E && (!Best || sizeRank(*E) > BestRank)) {
        Best = C;
        BestRank = sizeRank(*E);
      }
    }
    return Best;
  }

  TuningChoice reduction(const Evaluation &First) {
    // The largest block first; smaller ones where the grid would not fill
    // the GPU.
    std::vector<TuningConfig> Prefs;
    for (int64_t T : {1024, 512, 256, 128, 64, 32})
      Prefs.push_back(honourFixed({{T}, {}, true}));
    std::optional<TuningConfig> C = firstFilling(Prefs);
    std::optional<Evaluation> E = C ? evaluate(*C) : std::nullopt, Blind = evaluate(Prefs[0]);
    if (!E || !Blind)
      return {honourFixed({}), "reduction kernel: the default mapping"};
    return {*C, "reduction over " + loopName(E->K->Mapped[0].Loop) + ": " + resources(*E) +
                    "; the grid is capped at " + std::to_string(MaxReductionBlocks) +
                    " blocks and partials combine once per block, so the largest block " +
                    (*C == Prefs[0] ? "puts" : "would put") + " the most loads in flight" +
                    gridNote(*E->K, *E, *C, Prefs[0], *Blind)};
  }

  /// Staged kernels: enumerate thread shapes and factors, rank them.
  TuningChoice staged(const Evaluation &First) {
    const KernelPlan &K0 = *First.K;
    unsigned Dims = K0.Mapped.size();
    unsigned X = xPosition(K0);
    std::vector<TuningConfig> Space;
    const int64_t Factors[] = {1, 2, 4, 8};
    std::vector<std::vector<int64_t>> Shapes;
    if (Dims == 1) {
      for (int64_t T : {32, 64, 128, 256, 512})
        Shapes.push_back({T});
    } else {
      for (int64_t TX : {16, 32, 64})
        for (int64_t TY : {2, 4, 8, 16, 32}) {
          int64_t T = TX * TY;
          if (T < 128 || T > 512)
            continue;
          std::vector<int64_t> S(2);
          S[X] = TX;
          S[1 - X] = TY;
          Shapes.push_back(S);
        }
    }
    for (const std::vector<int64_t> &S : Shapes)
      for (int64_t C0 : Factors)
        for (int64_t C1 : Factors) {
          if (Dims == 1 && C1 != 1)
            continue;
          std::vector<int64_t> Co = Dims == 1 ? std::vector<int64_t>{C0} : std::vector<int64_t>{C0, C1};
          Space.push_back(honourFixed({S, Co, true}));
        }
    // Rank: occupancy >= 25% (RegisterTileOccupancy), shared reuse, 256
    // threads, global reuse, square; with the sizes known, configurations
    // that fill the GPU first (else the most blocks).
    auto Key = [&](const Evaluation &E) {
      double Square = 0;
      if (E.K->Mapped.size() == 2)
        Square = -std::fabs(std::log2(double(E.K->Mapped[0].tile()) / double(E.K->Mapped[1].tile())));
      return std::make_tuple(E.Occ.Fraction >= RegisterTileOccupancy, E.sharedReuse(), -std::abs(E.Threads - 256),
                             E.globalReuse(), Square);
    };
    using KeyT = decltype(Key(First));
    std::optional<std::pair<std::pair<bool, int64_t>, KeyT>> BestKey;
    std::optional<KeyT> BlindKey;
    TuningConfig BestC, BlindC; // the choice, and the size-blind one
    for (const TuningConfig &C : Space) {
      std::optional<Evaluation> E = evaluate(C);
      if (!E || !E->staged())
        continue;
      if (!BestKey || std::make_pair(sizeRank(*E), Key(*E)) > *BestKey) {
        BestKey = std::make_pair(sizeRank(*E), Key(*E));
        BestC = C;
      }
      if (!BlindKey || Key(*E) > *BlindKey) {
        BlindKey = Key(*E);
        BlindC = C;
      }
    }
    if (!BestKey)
      return elementwise(First);
    std::optional<Evaluation> Best = evaluate(BestC), Blind = evaluate(BlindC);
    // The best configuration rejected only for occupancy.
    std::optional<Evaluation> MoreReuse;
    for (const TuningConfig &C : Space) {
      std::optional<Evaluation> E = evaluate(C);
      if (E && E->staged() && fillsGPU(*E) == fillsGPU(*Best) && E->Occ.Fraction < RegisterTileOccupancy &&
          E->sharedReuse() > Best->sharedReuse() && (!MoreReuse || E->sharedReuse() > MoreReuse->sharedReuse()))
        MoreReuse = std::move(E);
    }
    const KernelPlan &K = *Best->K;
    std::vector<int64_t> Threads, Outs, Tile;
    for (const MappedLoop &M : K.Mapped) {
      Threads.push_back(M.BlockSize);
      Outs.push_back(M.Coarsen);
      Tile.push_back(M.tile());
    }
    std::ostringstream Why;
    Why << loopName(*K.StagedLoop) << " is staged in shared memory: " << shape(Threads) << " threads, "
        << shape(Outs) << (Best->Copies == 1 ? " output" : " outputs") << " each (" << shape(Tile)
        << " tile); each value read from shared memory serves " << ratio(Best->sharedReuse())
        << (Best->sharedReuse() == 1 ? " output" : " outputs") << ", each global load " << ratio(Best->globalReuse())
        << "; "
        << resources(*Best);
    if (MoreReuse) {
      std::vector<int64_t> MOuts;
      for (const MappedLoop &M : MoreReuse->K->Mapped)
        MOuts.push_back(M.Coarsen);
      Why << "; " << shape(MOuts) << " outputs would reuse more but need ~" << MoreReuse->Registers
          << " registers (occupancy " << percent(MoreReuse->Occ.Fraction) << ")";
    }
    Why << gridNote(K, *Best, BestC, BlindC, *Blind);
    return {BestC, Why.str()};
  }

  /// Reads of arrays the kernel does not write, in the kernel's statements.
  std::vector<const Access *> kernelReads(const KernelPlan &K) const {
    std::set<unsigned> Stmts;
    for (const Node *Nd : K.Nodes) {
      if (Nd->K == Node::Kind::Stmt)
        Stmts.insert(Nd->Id);
      for (unsigned S : statementsUnder(*Nd))
        Stmts.insert(S);
    }
    std::set<unsigned> Written;
    for (const Access &A : N.Accesses)
      if (A.isArray() && A.IsWrite && Stmts.count(A.Stmt))
        Written.insert(A.Index);
    std::vector<const Access *> Reads;
    for (const Access &A : N.Accesses)
      if (A.isArray() && !A.IsWrite && Stmts.count(A.Stmt) && !Written.count(A.Index))
        Reads.push_back(&A);
    return Reads;
  }

  /// Loads per output when a thread computes C iterations of Loop, next to
  /// each other if Consecutive: reads that do not depend on Loop are shared
  /// by the copies (unroll-and-jam keeps them in registers); reads that
  /// differ only by a constant along Loop (in[z-1], in[z], in[z+1]) share
  /// their elements between consecutive iterations.
  double loadsPerOutput(const std::vector<const Access *> &Reads, unsigned Loop, double C,
                        bool Consecutive = true) const {
    // Key: array and subscripts, the constant dropped where Loop appears.
    std::map<std::string, std::vector<int64_t>> Groups;
    double Loads = 0;
    for (const Access *A : Reads) {
      std::string Key = std::to_string(A->Index);
      std::optional<int64_t> Offset;
      bool Stride = false; // some subscript depends on Loop
      bool Simple = A->IsAffine;
      for (const AffExpr &S : A->Subscripts) {
        std::optional<LinearForm> F = S.linear();
        if (!F) {
          Simple = false;
          break;
        }
        int64_t Coef = F->coefficient(AffVar::iterator(Loop));
        Stride |= Coef != 0;
        Key += "|";
        for (const auto &[V, Co] : F->Coefficients)
          Key += std::to_string(V.isIterator()) + ":" + std::to_string(V.Index) + "*" + std::to_string(Co) + " ";
        if (Coef == 0) {
          Key += "+" + std::to_string(F->Constant);
        } else if ((Coef == 1 || Coef == -1) && !Offset) {
          Offset = F->Constant * Coef;
        } else {
          Simple = false;
        }
      }
      if (Simple && !Offset && !Stride) {
        Loads += std::isinf(C) ? 0 : 1 / C; // invariant along Loop: shared by the copies
        continue;
      }
      if (!Simple || !Offset || !Consecutive) {
        Loads += 1; // one load per iteration
        continue;
      }
      Groups[Key].push_back(*Offset);
    }
    for (auto &[Key, Offsets] : Groups) {
      auto [Lo, Hi] = std::minmax_element(Offsets.begin(), Offsets.end());
      double Distinct = std::set<int64_t>(Offsets.begin(), Offsets.end()).size();
      Loads += std::isinf(C) ? 1 : std::min(Distinct * C, C + double(*Hi - *Lo)) / C;
    }
    return Loads;
  }

  /// Element-wise and stencil kernels: a warp along x, 4 iterations of the
  /// outermost other mapped loop per thread.
  TuningChoice elementwise(const Evaluation &First) {
    const KernelPlan &K0 = *First.K;
    unsigned Dims = K0.Mapped.size();
    unsigned X = xPosition(K0);
    // C: the loop to coarsen: the outermost mapped loop not on x, else x.
    unsigned C = Dims == 1 ? 0 : (X == 0 ? 1 : 0);
    unsigned Inner = Dims - 1; // innermost mapped loop not on x
    while (Dims > 1 && Inner == X)
      --Inner;
    unsigned Loop = K0.Mapped[C].Loop;
    std::vector<const Access *> Reads = kernelReads(K0);
    double Base = loadsPerOutput(Reads, Loop, 1);
    double Limit = loadsPerOutput(Reads, Loop, INFINITY);
    // Overlap: consecutive copies share more than copies far apart. Along x
    // the copies stay a block apart (coalescing).
    bool Overlap = C != X && loadsPerOutput(Reads, Loop, INFINITY, false) - Limit > 1e-9;
    bool Shared = Base - Limit > 1e-9; // some loads shared by the copies at all
    int64_t Factor = 4;
    if (Shared)
      for (int64_t F : {2, 4, 8})
        if (Base - loadsPerOutput(Reads, Loop, F) >= (Base - Limit) * 2 / 3 - 1e-9) {
          Factor = F;
          break;
        }
    std::vector<int64_t> Tile(Dims, 1), Coarsen(C + 1, 1);
    Coarsen[C] = Factor;
    if (Dims == 1) {
      Tile[0] = 256;
    } else {
      Tile[X] = 32;
      Tile[Inner] = 8;
      if (Overlap) {
        Tile[C] = 1; // consecutive iterations in one thread share their loads
        if (Inner == C)
          Tile[X] = 256;
        // A pencil along the third loop on 2x128-thread planes (H100,
        // bench/RESULTS.md, 7-point stencil 512^3, 4 z per thread, runs 12
        // and 14: 2x128 75.2% / 74.8% of copy bandwidth, 4x64 74.1% / 74.2%,
        // 8x32 70.9% / 70.7%, 4x32 70.4% / 70.2%).
        if (Dims == 3 && Inner != C) {
          Tile[X] = 128;
          Tile[Inner] = 2;
        }
      }
    }
    TuningConfig Choice = honourFixed({Tile, Coarsen, R.Fixed.Stage});
    std::optional<Evaluation> Blind = evaluate(Choice);
    if (!Blind)
      return {honourFixed({}), "the model's choice " + Choice.flags() + " is refused by the mapper: the default mapping"};
    // Less work per block where the grid would not fill the GPU: the factor
    // halved down to 1, then the other loops' threads halved down to 1,
    // then x's down to a warp.
    std::vector<TuningConfig> Prefs = {Choice};
    for (int64_t F = Factor / 2; F >= 1; F /= 2) {
      Coarsen[C] = F;
      Prefs.push_back(honourFixed({Tile, Coarsen, R.Fixed.Stage}));
    }
    for (;;) {
      unsigned Widest = X;
      for (unsigned P = 0; P < Dims; ++P)
        if (P != X && Tile[P] > 1 && (Widest == X || Tile[P] > Tile[Widest]))
          Widest = P;
      if (Widest == X && Tile[X] <= 32)
        break;
      Tile[Widest] /= 2;
      Prefs.push_back(honourFixed({Tile, Coarsen, R.Fixed.Stage}));
    }
    Choice = *firstFilling(Prefs);
    std::optional<Evaluation> E = evaluate(Choice);
    // Say what the plan does (the user may have fixed the tile or the factors).
    const MappedLoop &MX = E->K->Mapped[X], &MC = E->K->Mapped[C];
    std::ostringstream OS;
    OS << loopName(MX.Loop) << " on x with " << MX.BlockSize << " threads"
       << (MX.BlockSize % 32 == 0 ? " (a warp reads whole 128-byte lines)" : " (not a multiple of a warp)");
    if (MC.Coarsen == 1) {
      OS << "; one iteration per thread";
    } else {
      OS << "; " << MC.Coarsen << " iterations of " << loopName(Loop) << " per thread, ";
      if (MC.Stride == 1)
        OS << "consecutive (1 thread along it)";
      else
        OS << MC.Stride << " apart";
      double Now = loadsPerOutput(Reads, Loop, MC.Coarsen, MC.Stride == 1);
      if (Base - Now > 1e-9)
        OS << (Overlap && MC.Stride == 1 ? ": reads overlap along it" : ": the copies share reads invariant along it")
           << ", loads per output " << ratio(Base) << " -> " << ratio(Now) << " ("
           << ratio(loadsPerOutput(Reads, Loop, INFINITY, MC.Stride == 1)) << " at best)";
      else if (Overlap)
        OS << ": reads overlap along it, but copies this far apart do not share them";
      else
        OS << ": " << MC.Coarsen << " independent loads in flight"
           << (C == X ? ", each warp's accesses coalesced" : ", no reads overlap along it");
    }
    return {Choice, OS.str() + "; " + resources(*E) + gridNote(*E->K, *E, Choice, Prefs[0], *Blind)};
  }

  const Nest &N;
  const DependenceInfo &DI;
  const TuningRequest &R;
  GPUTarget Target; ///< -arch's limits (R.Fixed.Arch)
};

} // namespace

TuningChoice chooseStatically(const Nest &N, const DependenceInfo &DI, const TuningRequest &R) {
  return Model(N, DI, R).choose();
}

std::vector<TuningConfig> tuningCandidates(const Nest &N, const DependenceInfo &DI, const TuningRequest &R,
                                           unsigned MaxCandidates) {
  return Model(N, DI, R).candidates(MaxCandidates);
}

} // namespace loopgpu
