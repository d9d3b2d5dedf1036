//===- StripStaging.cpp - Shared-memory tiles of a strip-mined loop -------===//
//
// The stage-strips pass (KernelPasses.h): in a parallel kernel's innermost
// mapped loop, a sequential loop whose reads are reused across the block's
// threads (each thread's iterations read the same rows or columns) is
// strip-mined, and per strip the block copies the arrays' tiles into shared
// memory, then computes from them. Decided here: which loop and arrays,
// the strip's length, the tiles' shapes and padding, 16-byte copies,
// software pipelining (register prefetch) or cp.async stages (tensor-core
// tiles), register tiles with vector fragments (MappedLoop::Vector), and
// the occupancy a register tile asks nvcc for. Legality: only arrays the
// nest never writes are staged, with affine subscripts whose tile is the
// block's iterations (the copy and the reads see the same values); the
// loop's bounds do not depend on the mapped iterators, so every thread of
// the block runs the same strips and reaches the same barriers.
//
//===----------------------------------------------------------------------===//
#include "PlanSupport.h"
#include "loopgpu/IR/NestEdit.h"
#include "loopgpu/Tune/Target.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace loopgpu {

namespace {

class StripStager {
public:
  StripStager(const Nest &N, const CodeGenOptions &Opts, const StagingInputs &In, std::vector<std::string> &Remarks)
      : N(N), Opts(Opts), In(In), Remarks(Remarks) {}

  /// Finds, in the innermost mapped loop's body, a sequential loop whose
  /// reads are reused across the block's threads, and the arrays to stage.
  void planStaging(KernelPlan &K, const Node &InnerMapped) {
    if (K.Mapped.size() > 2)
      return;
    std::vector<unsigned> MappedIds;
    for (const MappedLoop &M : K.Mapped) {
      if (N.Loops[M.Loop].Step != 1)
        return;
      MappedIds.push_back(M.Loop);
    }
    std::vector<bool> WrittenArray(N.Arrays.size(), false);
    for (const Access &A : N.Accesses)
      if (A.isArray() && A.IsWrite)
        WrittenArray[A.Index] = true;
    // Candidate loops: children of the innermost mapped loop, and children
    // of a guard there that tests only mapped iterators and parameters.
    std::vector<std::pair<const Node *, const Node *>> Loops; // (loop, guard)
    for (const NodePtr &Child : InnerMapped.Body) {
      if (Child->K == Node::Kind::Loop) {
        Loops.push_back({Child.get(), nullptr});
        continue;
      }
      if (Child->K != Node::Kind::If || !Child->IsAffine || !Child->Else.empty())
        continue;
      bool OnMapped = true;
      Child->Cond.forEachVar([&](AffVar V) {
        OnMapped &= V.K != AffVar::Kind::Iterator || std::count(MappedIds.begin(), MappedIds.end(), V.Index) > 0;
      });
      if (OnMapped)
        for (const NodePtr &G : Child->Body)
          if (G->K == Node::Kind::Loop)
            Loops.push_back({G.get(), Child.get()});
    }
    for (auto [ChildPtr, Guard] : Loops) {
      const Node *Child = ChildPtr;
      const Loop &L = N.Loops[Child->Id];
      if (L.Step != 1 || usesAny(L.Lower, MappedIds) || usesAny(L.Upper, MappedIds))
        continue;
      bool Flat = true; // loops inside would make the strip non-uniform
      std::function<void(const Node &)> Check = [&](const Node &Nd) {
        for (const NodePtr &C : Nd.Body) {
          Flat &= C->K != Node::Kind::Loop;
          Check(*C);
        }
        for (const NodePtr &C : Nd.Else) {
          Flat &= C->K != Node::Kind::Loop;
          Check(*C);
        }
      };
      Check(*Child);
      if (!Flat)
        continue;
      std::set<unsigned> InLoop;
      std::vector<StagedArray> Chosen = stagingCandidates(*Child, L, Guard, MappedIds, WrittenArray, InLoop);
      if (Chosen.empty())
        continue;
      if (stageStrip(K, L, Guard, std::move(Chosen), InLoop))
        return;
    }
  }

  /// The arrays of the strip of loop L (Child, under Guard if any) that can
  /// be staged: read-only, affine, indexed by L's iterator and by fewer than
  /// all of the mapped loops (MappedIds), one tile per array and set of
  /// indexing loops; `shared(...)` keeps only those it names. InLoop
  /// receives the statements under L.
  std::vector<StagedArray> stagingCandidates(const Node &ChildNode, const Loop &L, const Node *Guard,
                                             const std::vector<unsigned> &MappedIds,
                                             const std::vector<bool> &WrittenArray, std::set<unsigned> &InLoop) {
    const Node *Child = &ChildNode;
    std::vector<unsigned> Allowed = MappedIds;
    Allowed.push_back(L.Id);
    // Statements directly in the loop (unguarded inside it).
    std::set<unsigned> Direct;
    for (const NodePtr &C : Child->Body)
      if (C->K == Node::Kind::Stmt)
        Direct.insert(C->Id);
    // One footprint per array and set of indexing loops (syrk reads
    // A[i][k] and A[j][k]: two tiles of A); accesses with the same loops
    // must have the same subscripts. An array one of whose accesses
    // cannot be staged is not staged at all.
    std::map<std::pair<unsigned, std::vector<unsigned>>, std::optional<StagedArray>> Candidates;
    std::set<unsigned> Refused;
    std::vector<unsigned> Under = statementsUnder(*Child);
    InLoop.insert(Under.begin(), Under.end());
    for (const Access &A : N.Accesses) {
      if (!A.isArray() || !InLoop.count(A.Stmt) || Refused.count(A.Index))
        continue;
      const ArrayInfo &Arr = N.Arrays[A.Index];
      bool OK = !WrittenArray[A.Index] && A.IsAffine && Direct.count(A.Stmt) && Arr.rank() <= 2 &&
                Arr.ElementType.K != ScalarType::Kind::Bool;
      // Under a guard the tile loads check the extents: they must be known.
      if (Guard)
        for (const std::optional<AffExpr> &E : Arr.Extents)
          OK &= E.has_value();
      StagedArray S;
      S.Array = A.Index;
      for (unsigned D = 0; OK && D < A.Subscripts.size(); ++D) {
        auto Sub = simpleSubscript(A.Subscripts[D], Allowed);
        if (!Sub) {
          OK = false;
          break;
        }
        S.DimLoops.push_back(static_cast<unsigned>(Sub->first));
        S.Offsets.push_back(Sub->second);
        if (Sub->first < 0)
          S.DimLoops.back() = ~0u;
      }
      if (!OK) {
        Refused.insert(A.Index);
        continue;
      }
      auto [It, New] = Candidates.try_emplace({A.Index, S.DimLoops}, S);
      if (!New && It->second && It->second->Offsets != S.Offsets)
        It->second = std::nullopt; // the same loops, other constants: not one tile
    }
    for (auto It = Candidates.begin(); It != Candidates.end();)
      It = Refused.count(It->first.first) ? Candidates.erase(It) : std::next(It);
    // Several tiles of one array are told apart by their loops' iterators.
    std::map<unsigned, unsigned> FootprintsOf;
    for (auto &[Key, S] : Candidates)
      ++FootprintsOf[Key.first];
    for (auto &[Key, S] : Candidates)
      if (S && FootprintsOf[Key.first] > 1) {
        S->Suffix = "_";
        for (unsigned Lp : S->DimLoops)
          S->Suffix += Lp == ~0u ? std::string("c") : N.Loops[Lp].Iterator;
      }
    // Keep arrays indexed by the strip's iterator and by fewer than all the
    // mapped iterators (so threads of the block share their elements).
    std::vector<StagedArray> Chosen;
    for (auto &[Key, S] : Candidates) {
      if (!S)
        continue;
      bool UsesK = std::count(S->DimLoops.begin(), S->DimLoops.end(), L.Id) == 1;
      unsigned MappedUsed = 0;
      bool Repeated = false;
      for (unsigned M : MappedIds) {
        auto C = std::count(S->DimLoops.begin(), S->DimLoops.end(), M);
        MappedUsed += C > 0;
        Repeated |= C > 1;
      }
      if (!UsesK || Repeated || MappedUsed == MappedIds.size())
        continue;
      Chosen.push_back(*S);
    }
    // `shared(A, ...)`: only the arrays named.
    if (std::optional<std::set<std::string>> Named = In.SharedNames)
      Chosen.erase(std::remove_if(Chosen.begin(), Chosen.end(),
                                  [&](const StagedArray &S) { return !Named->count(N.Arrays[S.Array].Name); }),
                   Chosen.end());
    return Chosen;
  }

  /// Stages Chosen, the tiles of loop L's strip, in K: the strip's length,
  /// the tiles' padding, vectors and stages, register prefetch; false (with
  /// a remark) where the tiles do not fit in shared memory.
  /// Shapes the tiles Chosen of the strip of loop L (Strip iterations):
  /// extents, padding against bank conflicts (and for tensor-core
  /// fragments); returns the bytes they take.
  int64_t shapeTiles(const KernelPlan &K, const Loop &L, std::vector<StagedArray> &Chosen, int64_t Strip) const {
    int64_t Bytes = 0;
    for (StagedArray &S : Chosen) {
      S.Extents.clear();
      for (unsigned D = 0; D < S.DimLoops.size(); ++D) {
        int64_t E = 1;
        if (S.DimLoops[D] == L.Id)
          E = Strip;
        for (const MappedLoop &M : K.Mapped)
          if (S.DimLoops[D] == M.Loop)
            E = M.tile();
        S.Extents.push_back(E);
      }
      // Threads of a warp read different rows of the tile when a mapped
      // iterator indexes a dimension other than the last (x always; y
      // when a warp spans several rows): rows a multiple of 32 words
      // apart fall in one bank, so pad each row by one element.
      S.Padding = 0;
      for (const MappedLoop &M : K.Mapped)
        for (unsigned D = 0; D + 1 < S.DimLoops.size(); ++D)
          if (S.DimLoops[D] == M.Loop)
            S.Padding = 1;
      // A transposed tile is written by columns (the copy reads the array
      // along its rows): pad by a vector, which keeps rows 16-byte aligned
      // and spreads a warp's stores over the banks.
      if (S.Transposed)
        S.Padding = 16 / elementBytes(N.Arrays[S.Array].ElementType);
      // Tensor-core fragments (MmaPlan): lane l = 4 g + t reads 8-byte
      // elements at (row g, columns 2t and 2t + 1) of a tile whose rows
      // run along the strip (A[i][k]): rows 8 past a multiple of 16
      // elements keep each 8 lanes' 16 bytes on distinct banks; or at
      // (rows 2t and 2t + 1, column g) of one whose rows run along a
      // mapped loop (B[k][j]): rows 2 or 6 past a multiple of 8 do for
      // each half-warp. Either keeps rows 16-byte aligned for cp.async.
      if (In.MmaLayout) {
        bool AlongStrip = S.DimLoops.back() == L.Id;
        auto Good = [&](int64_t R) { return AlongStrip ? R % 16 == 8 : R % 8 == 2 || R % 8 == 6; };
        while (!Good(S.Extents.back() + S.Padding))
          ++S.Padding;
      }
      Bytes += S.bytes(elementBytes(N.Arrays[S.Array].ElementType));
    }
    return Bytes;
  }

  /// The staging's notes for the kernel's comments.
  void noteStaging(KernelPlan &K, const Loop &L, const std::map<unsigned, int64_t> &Vectors, int64_t PrefetchBytes) {
    for (MappedLoop &M : K.Mapped)
      if (Vectors.count(M.Loop)) {
        K.Notes.push_back("loop " + N.Loops[M.Loop].Iterator + ": each thread's " + std::to_string(M.Coarsen) +
                          " iterations come in runs of " + std::to_string(M.Vector) + ", " +
                          std::to_string(M.BlockSize * M.Vector) +
                          " apart (register tile with vector loads from shared memory)");
      }
    for (const StagedArray &S : K.Staged) {
      std::string Shape;
      for (int64_t E : S.sharedShape())
        Shape += "[" + std::to_string(E) + "]";
      K.Notes.push_back("array " + N.Arrays[S.Array].Name + " is reused across the block's threads in loop " +
                        L.Iterator + " (line " + std::to_string(L.Loc.Line) + "): staged in shared memory " +
                        Shape + (S.Transposed ? ", transposed," : "") + " per strip of " + std::to_string(K.KTile) +
                        " iterations" +
                        (S.Padding ? " (+" + std::to_string(S.Padding) + " padding against bank conflicts)" : "") +
                        (S.GlobalVector > 1 ? ", copied with 16-byte loads where its rows are aligned" : ""));
    }
    if (K.Stages > 1)
      K.Notes.push_back("loop " + L.Iterator + ": " + std::to_string(K.Stages) +
                        " strips in shared memory (dynamic, " + std::to_string(K.SharedBytes) +
                        " bytes): cp.async copies strip s + " + std::to_string(K.Stages - 1) +
                        " from global memory while strip s's arithmetic runs");
    if (K.Prefetch)
      K.Notes.push_back("loop " + L.Iterator + ": software-pipelined strips: each thread loads its " +
                        std::to_string(PrefetchBytes) +
                        " bytes of the next strip into registers before this strip's arithmetic");
  }

  bool stageStrip(KernelPlan &K, const Loop &L, const Node *Guard, std::vector<StagedArray> Chosen,
                  const std::set<unsigned> &InLoop) {
    // Register tiling with vector fragments: when the strip's body reads
    // only the staged tiles, a coarsened thread takes runs of consecutive
    // iterations (MappedLoop::Vector) instead of iterations a block apart,
    // so its operands in a tile are contiguous and load as 16-byte vectors;
    // a tile indexed by such a loop in its first dimension is stored
    // transposed. Global accesses in the strip would lose coalescing, so
    // any other array access there keeps the lecture's stride.
    std::map<unsigned, int64_t> Vectors;
    bool OnlyTiles = true;
    int64_t MaxElem = 1;
    for (const Access &A : N.Accesses) {
      if (!A.isArray() || !InLoop.count(A.Stmt))
        continue;
      OnlyTiles &= std::any_of(Chosen.begin(), Chosen.end(), [&](const StagedArray &S) { return S.Array == A.Index; });
      MaxElem = std::max(MaxElem, elementBytes(N.Arrays[A.Index].ElementType));
    }
    for (const MappedLoop &M : K.Mapped) {
      int64_t V = std::min<int64_t>(16 / MaxElem, M.Coarsen);
      if (OnlyTiles && V > 1 && M.Coarsen % V == 0 && M.Stride == M.BlockSize && !In.CoarsenClause &&
          !In.MmaLayout)
        Vectors[M.Loop] = V;
    }
    for (StagedArray &S : Chosen)
      S.Transposed = S.DimLoops.size() == 2 && Vectors.count(S.DimLoops[0]) && S.DimLoops[1] == L.Id;
    // The strip: 32 iterations without coarsening, 16 with it, 8 for a
    // register tile (vector runs, 16 outputs or more per thread). The unrolled full strip of a coarsened thread (its
    // outputs times the strip) otherwise needs more registers than it
    // gains (H100, bench/RESULTS.md: 8x8 outputs per thread, scalar
    // operands: strips of 32 41.6% of cuBLAS, 16 55.8% (run 4); vector
    // operands: strips of 16 133 registers, 1 block/SM, 35.1%; strips of 8
    // 125 registers, 66.4% (run 6)).
    int64_t Copies = 1;
    for (const MappedLoop &M : K.Mapped)
      Copies *= M.Coarsen;
    bool RegisterTile = (!Vectors.empty() || (In.MmaLayout && OnlyTiles)) && Copies >= 16;
    bool Async = In.MmaLayout && RegisterTile; // tensor-core tiles: cp.async stages in dynamic shared memory
    int64_t KT = Opts.KTile > 0 ? Opts.KTile : Async ? MmaPlan::Strip : RegisterTile ? 8 : Copies > 1 ? 16 : 32;
    auto Fill = [&](int64_t Strip) { return shapeTiles(K, L, Chosen, Strip); };
    while (KT > 1 && Fill(KT) > Opts.SharedLimit && !Async)
      KT /= 2;
    int64_t Bytes = Fill(KT);
    // Tensor-core tiles: as many stages (up to MmaPlan::Stages, at least
    // 2) as leave room for two blocks per SM.
    int64_t Stages = 1;
    if (Async) {
      Stages = MmaPlan::Stages;
      while (Stages > 2 && Stages * Bytes > mmaSharedBudget(Opts.Arch))
        --Stages;
      if (Stages * Bytes > mmaSharedBudget(Opts.Arch))
        Stages = 1;
      else
        Bytes *= Stages;
    }
    if (Bytes > Opts.SharedLimit && Stages == 1) {
      Remarks.push_back("no shared-memory staging for loop " + L.Iterator + ": the tiles need " +
                             std::to_string(Bytes) + " bytes, more than the " +
                             std::to_string(Opts.SharedLimit) + " a block may use");
      return false;
    }
    // Global loads of 16 bytes where a tile's rows come in whole vectors
    // (the kernel checks the alignment at run time; H100, experiment in
    // bench/RESULTS.md: SGEMM 79.6% of cuBLAS with 4-byte loads, 92.6% with
    // 16-byte loads, both software-pipelined).
    int64_t PrefetchBytes = 0;
    for (StagedArray &S : Chosen) {
      ScalarType T = N.Arrays[S.Array].ElementType;
      S.GlobalVector = 1;
      // A row indexed by a constant (B[k][3]) is one element wide: no vectors.
      auto Vec = S.DimLoops.back() == ~0u ? std::nullopt : vector16(T);
      if (Vec) {
        const AffExpr &Start = N.Loops[S.DimLoops.back()].Lower;
        int64_t V = Vec->second;
        bool Aligned = !Start.isConstant() || (Start.constantValue() + S.Offsets.back()) % V == 0;
        if (Aligned && S.Extents.back() % V == 0)
          S.GlobalVector = V;
      }
      int64_t Per = S.GlobalVector * K.threadsPerBlock();
      PrefetchBytes += (S.elements() + Per - 1) / Per * S.GlobalVector * elementBytes(T);
      // Under a guard the box may start below the array along a mapped
      // loop: that dimension's range check needs a lower bound.
      S.LowerBounded.assign(S.DimLoops.size(), false);
      for (unsigned D = 0; D < S.DimLoops.size(); ++D)
        if (Guard && S.DimLoops[D] != ~0u && S.DimLoops[D] != L.Id) {
          const AffExpr &Lo = N.Loops[S.DimLoops[D]].Lower;
          S.LowerBounded[D] = !Lo.isConstant() || Lo.constantValue() + S.Offsets[D] < 0;
        }
      S.PrefixVectors = Stages > 1 && S.GlobalVector > 1 && !S.LowerBounded.back();
    }
    K.StagedLoop = L.Id;
    K.StagedGuard = Guard;
    K.KTile = KT;
    K.Staged = Chosen;
    K.SharedBytes = Bytes;
    K.Stages = Stages;
    // Software pipelining costs each thread registers for its share of a
    // strip: up to 64 bytes (a 128x128 block tile with strips of 8 holds 8
    // floats per thread). H100, same experiment: 66.4% -> 79.6% of cuBLAS.
    K.Prefetch = Opts.Prefetch && PrefetchBytes <= 64 && Stages == 1;
    // A register tile runs on the ILP of its accumulators, but one block
    // per SM leaves the SM idle at every barrier: ask nvcc for registers
    // that fit two (run 6: 8x8 outputs at 133 registers 35.1% of cuBLAS,
    // held to 128 with __launch_bounds__(256, 2) 62.6%).
    if (RegisterTile && 2 * K.threadsPerBlock() <= gpuTarget(Opts.Arch).ThreadsPerSM)
      K.MinBlocksPerSM = 2;
    for (MappedLoop &M : K.Mapped)
      if (Vectors.count(M.Loop))
        M.Vector = Vectors[M.Loop];
    noteStaging(K, L, Vectors, PrefetchBytes);
    return true;
  }


private:
  bool usesAny(const AffExpr &E, const std::vector<unsigned> &Loops) const {
    for (unsigned L : Loops)
      if (E.uses(AffVar::iterator(L)))
        return true;
    return false;
  }

  const Nest &N;
  const CodeGenOptions &Opts;
  const StagingInputs &In;
  std::vector<std::string> &Remarks;
};

} // namespace

void planStripStaging(const Nest &N, KernelPlan &K, const Node &InnerMapped, const CodeGenOptions &Opts,
                      const StagingInputs &In, std::vector<std::string> &Remarks) {
  StripStager(N, Opts, In, Remarks).planStaging(K, InnerMapped);
}

/// PlanSupport.h.
std::optional<std::set<std::string>> sharedClauseNames(const Nest &N) {
  std::optional<std::set<std::string>> Names;
  auto Add = [&](const std::vector<Clause> &Cs) {
    for (const Clause &C : Cs)
      if (C.K == Clause::Kind::Shared) {
        if (!Names)
          Names.emplace();
        Names->insert(C.Names.begin(), C.Names.end());
      }
  };
  Add(N.Clauses);
  for (const Loop &L : N.Loops)
    Add(L.Clauses);
  return Names;
}

} // namespace loopgpu
