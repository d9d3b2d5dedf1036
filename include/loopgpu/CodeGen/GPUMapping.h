//===- GPUMapping.h - Decide how a nest runs on the GPU ----------*- C++ -*-===//
//
// The decisions of code generation, made from the dependence analysis and
// kept apart from printing (PPCG's split): which loops become kernels, which
// of their loops map to grid and block dimensions, which stay sequential
// inside a thread or on the host, and how reductions are combined.
//
//   - A loop at host level whose verdict is parallel (or parallel after
//     privatizing scalars declared inside the nest) becomes a kernel; its
//     perfectly nested parallel inner loops with bounds independent of the
//     mapped iterators join the mapping, up to three. The loop indexing the
//     fastest-varying subscript of most accesses goes on x (coalescing).
//   - A loop whose only carried dependences are reductions on scalars
//     declared outside the nest becomes a reduction kernel: per-thread
//     partials, warp shuffles, a shared-memory step, one atomic per block.
//     Argmin/argmax reductions (value, index) instead leave one result per
//     block in global memory, and the last block to finish combines them.
//   - A loop that computes a scan (a first-order linear recurrence, alone or
//     inside parallel loops over the rows it scans) becomes a call of CUB's
//     DeviceScan over iterators that compute the recurrence's operands.
//   - A sequential loop that contains parallel loops stays on the host and
//     launches kernels for them in order; any other code runs in a
//     one-thread kernel, so data never leaves the device.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_GPUMAPPING_H
#define LOOPGPU_CODEGEN_GPUMAPPING_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"
#include "loopgpu/IR/LoopNest.h"
#include "loopgpu/Tune/Target.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace loopgpu {

struct CodeGenOptions {
  std::vector<int64_t> Tile;    ///< -tile: block sizes, outermost mapped loop first
  std::vector<int64_t> Coarsen; ///< -coarsen: iterations per thread, outermost mapped loop first
  bool Stage = true;            ///< stage reused tiles in shared memory
  /// Also stage stencil reads with their halo (-shared-staging=halo; opt-in:
  /// on the H100 it is slower than leaving the reuse to L1, bench/RESULTS.md
  /// run 7). Needs Stage.
  bool HaloStage = false;
  int64_t KTile = 0;            ///< strip of the staged loop (0: chosen from the tile)
  /// Software-pipeline staged strips (-prefetch): each thread loads its share
  /// of the next strip into registers before the current strip's arithmetic.
  bool Prefetch = true;
  /// Split inner reduction loops over the lanes of a warp where that pays
  /// (-lane-reductions, KernelPlan::LaneLoops).
  bool LaneReductions = true;
  /// Run a register tile's products of doubles on FP64 tensor cores where
  /// the target has them (-tensor-cores, KernelPlan::Mma; sm_80 and newer).
  bool TensorCores = true;
  /// -min-blocks-per-sm: __launch_bounds__'s second argument for every
  /// kernel (0: the planner's choice, see KernelPlan::MinBlocksPerSM).
  int64_t MinBlocksPerSM = 0;
  /// -vector: a thread's iterations of the loop on x come in runs of this
  /// many consecutive iterations aligned to the arrays (VectorRuns); 0: the
  /// planner's choice (stencil pencils 2, else none), 1: none.
  int64_t Vector = 0;
  /// -exact-tiles: register-tiled kernels get an exact version for launches
  /// whose tiles are all full (ExactTiles; false: never).
  bool ExactTiles = true;
  int64_t SharedLimit = 48 * 1024; ///< bytes of static shared memory per block
  /// -device-loop-blocks: a host loop of launches runs runs of its iterations
  /// inside one kernel while each launch needs at most this many blocks
  /// (DeviceLoopPlan; 0: never).
  int64_t DeviceLoopBlocks = 16;
  /// -time-tile: time steps per launch of a time-tiled host loop
  /// (TimeTilePlan): -1 the model's choice, 0 never, N > 0 N steps (the tile
  /// then TimeTileSize, or the model's for N).
  int64_t TimeTile = -1;
  std::vector<int64_t> TimeTileSize; ///< -time-tile=N,T...: outputs per block, outermost dimension first
  /// -time-tile-form: which form of time tiling (TimeTilePlan::Stream)
  enum class TimeTileForm { Auto, Overlapped, Streamed };
  TimeTileForm TimeForm = TimeTileForm::Auto;
  std::string Arch = "sm_90";
  /// -print-after: print the GPU plan to stderr after this pass
  /// (KernelPasses.h; empty: never).
  std::string PrintAfter;
  std::string CommandLine;      ///< for the output's header comment
  std::vector<std::string> Tuning; ///< header lines: how -tile/-coarsen auto chose
};

/// A loop of a kernel mapped to one grid/block dimension.
///
/// Iterations are dealt out in tiles of BlockSize * Coarsen: thread t of the
/// block (along Dim) computes, for its copies c < Coarsen, the iterations
///   tile * BlockSize * Coarsen + (t / Stride) * Stride * Coarsen
///     + (t % Stride) * Vector + (c / Vector) * Stride * Vector + c % Vector
/// (thread coarsening; Stride == BlockSize unless coarsen(..., stride: S)).
/// With Vector == 1 a thread's iterations are Stride apart (the lecture's
/// rule: consecutive threads touch consecutive elements); with Vector > 1
/// they come in runs of Vector consecutive iterations, so that a thread's
/// operands in a shared tile are contiguous and load as one vector.
struct MappedLoop {
  unsigned Loop = 0;
  char Dim = 'x';          ///< 'x', 'y' or 'z'
  int64_t BlockSize = 32;  ///< threads per block along Dim
  int64_t Coarsen = 1;     ///< iterations per thread along Dim
  int64_t Stride = 32;     ///< distance between a thread's runs, in runs
  int64_t Vector = 1;      ///< consecutive iterations per run (divides Coarsen)
  /// The launch's grid covers every tile along Dim, so each block computes
  /// one tile and the kernel has no grid-stride loop along it
  /// (TileVersions.cpp).
  bool OneTilePerBlock = false;
  int64_t tile() const { return BlockSize * Coarsen; }
};

/// How a Parallel kernel's thread runs its copies (its Coarsen iterations
/// per mapped loop), decided by the coarsen-and-jam pass
/// (lib/CodeGen/CoarsenJam.cpp) from the mapping.
struct JamPlan {
  /// Loops inside the innermost mapped loop's body (at any depth below
  /// other shared loops) that the copies share: one loop whose body runs
  /// every copy's statements (unroll-and-jam). The staged loop always is
  /// (its barriers need every thread); other loops when the thread has
  /// several copies and the loop's bounds do not use mapped iterators.
  std::set<unsigned> SharedLoops;
  /// Scalars declared in the mapped body or in a shared loop's body: one per
  /// copy, in a register array when the thread has several copies.
  std::set<unsigned> PerCopyScalars;
  /// Iterations of a full staged strip unrolled (`#pragma unroll`): the
  /// whole strip, up to 512 copies of the body in all.
  int64_t StripUnroll = 1;
};

/// An array whose elements are reused by the threads of a block, copied into
/// shared memory with coalesced loads between two barriers.
///
///   - Strip staging (KernelPlan::Staged): an array read inside a sequential
///     loop of the thread (the "k" loop): for each strip of KTile iterations
///     of that loop, the block copies the strip's footprint, synchronizes,
///     computes from shared memory, and synchronizes again before the next
///     strip overwrites it.
///   - Halo staging (KernelPlan::Halo): an array read at several constant
///     offsets of the mapped iterators (a stencil): for each tile, the block
///     copies the tile's footprint, the tile widened by the offsets' spread
///     (the halo), then computes from it between the same two barriers.
///
/// Element e of the footprint along dimension D is the array's element
/// (first iteration of the tile or strip) + Offsets[D] + e; an access with
/// subscript iterator + c reads the tile at iterator - first + c - Offsets[D].
struct StagedArray {
  unsigned Array = 0;
  /// Tells apart several tiles of one array (indexed by different loops):
  /// "_" and the loops' iterators, e.g. "_jk"; empty for an array's only tile.
  std::string Suffix;
  /// Per array dimension: the loop whose iterator indexes it (subscript =
  /// iterator + constant), a mapped loop (the block's tile along it) or the
  /// staged sequential loop (the strip).
  std::vector<unsigned> DimLoops;
  /// Per array dimension: the constant (strip staging: every access has the
  /// same), or the smallest constant of the accesses (halo staging).
  std::vector<int64_t> Offsets;
  std::vector<int64_t> Extents;    ///< the footprint's shape, in array dimension order
  int64_t Padding = 0;             ///< extra elements per row (bank conflicts)
  /// A 2-D tile stored with its dimensions swapped (the staged loop's first):
  /// a thread's vector runs along the mapped loop are then contiguous.
  bool Transposed = false;
  /// Strip staging: elements per global load (1, or a 16-byte vector of 4
  /// floats / 2 doubles along the last dimension). The kernel checks at run
  /// time that the array and its rows are aligned; where they are not, and
  /// on the border, the vector's elements load one by one.
  int64_t GlobalVector = 1;
  /// Strip staging under a guard (KernelPlan::StagedGuard), per dimension:
  /// the tile's range check bounds the subscript from below too (its loop
  /// may start below the array), not only from above.
  std::vector<bool> LowerBounded;
  /// Asynchronous copies (KernelPlan::Stages > 1) go by GlobalVector-element
  /// vectors, each one copy of its in-range prefix: the last dimension's
  /// range check bounds it from above only, so the in-range lanes of a
  /// vector are a prefix of it.
  bool PrefixVectors = false;
  /// How the block copies the footprint (decided with the mapping):
  /// CopyLoads loads of GlobalVector consecutive elements each, dealt out in
  /// CopyRounds rounds of the block's threads (the last round partial where
  /// the threads do not divide the loads).
  int64_t CopyLoads = 0, CopyRounds = 0;
  /// The shared array's dimensions as declared, padding included.
  std::vector<int64_t> sharedShape() const {
    std::vector<int64_t> S = Extents;
    if (Transposed)
      std::reverse(S.begin(), S.end());
    if (!S.empty())
      S.back() += Padding;
    return S;
  }
  /// Elements of the footprint (padding excluded).
  int64_t elements() const {
    int64_t N = 1;
    for (int64_t E : Extents)
      N *= E;
    return N;
  }
  int64_t bytes(int64_t Elem) const {
    int64_t N = Elem;
    for (int64_t E : sharedShape())
      N *= E;
    return N;
  }
};

/// A write whose fastest-varying subscript follows the y-mapped loop (a
/// transpose: `B[j][i] = A[i][j]` with j on x): consecutive threads would
/// store a column apart. The block first stores its tile of values into
/// shared memory, `__syncthreads()`, then writes the tile out with the roles
/// of x and y swapped, so that consecutive threads store consecutive
/// elements; the tile has one padding column so that reading it by columns
/// hits distinct banks.
struct TransposedWrite {
  unsigned Stmt = 0;   ///< the statement (alone in the innermost mapped body)
  unsigned Array = 0;  ///< the array written
  unsigned RowLoop = 0;///< mapped loop whose iterator is the fastest subscript (on y)
  unsigned ColLoop = 0;///< the x-mapped loop
  int64_t Padding = 1;
};

/// FP64 tensor cores for a register tile (KernelPlan::Mma): the staged
/// strip's one statement `acc += r * c` (or `-=`), acc a double private to
/// the thread's copies, r a product of factors that do not use ColLoop's
/// iterator, c one of factors that do not use RowLoop's (gemm's `alpha *
/// A[i][k] * B[k][j]`: r = alpha * A[i][k], c = B[k][j]), runs in full
/// strips as warp-wide mma.sync m16n8k8 operations: the block's warps,
/// WarpsRow along RowLoop (on y) times WarpsCol along ColLoop (on x), each
/// computing a (RowTile / WarpsRow) x (ColTile / WarpsCol) part of the
/// block's tile. The thread's copies follow the accumulator layout of the
/// instruction: lane l of a warp holds rows l / 4 and l / 4 + 8 of each
/// 16-row tile and columns 2 (l % 4) and 2 (l % 4) + 1 of each 8-column
/// tile. Lane l's operands are at iterations 2 (l % 4) and 2 (l % 4) + 1 of
/// each group of 8 (the instruction's k order permuted, the same for both
/// operands, so that a lane reads adjacent elements of a tile row).
/// The partial last strip runs the statement per copy as written.
/// The instruction sums the products in its own order: like FMA contraction,
/// results differ from the source's order in the last bits (bench/RESULTS.md
/// run 25: PolyBench gemm agrees with cuBLAS DGEMM to 3e-13).
/// The block's tile is made of warps of 8 x 4 lanes (MmaShape), its
/// strips of 16 staged by cp.async Stages strips deep in dynamic shared
/// memory (KernelPlan::Stages): H100, bench/RESULTS.md run 28, PolyBench
/// gemm shapes beside cuBLAS DGEMM: 96 x 64 tiles (3 x 2 warps of 32 x 32)
/// 75.7% at 2000x2300x2600 (756 blocks, 2.9 waves of 2 per SM), 89.7% at
/// 1000x1100x1200, 65.5% at 4096^3. Run 30: a 128 x 64 tile of 4 x 2 warps
/// of 32 x 32 (held to 128 registers for two blocks per SM, which spills)
/// was no faster at any size. Run 34 (H200): 128 x 64 of 2 x 2 warps of 64
/// x 32 (Large: a quarter fewer shared loads per instruction, 226
/// registers) 71.7-73.0% at 4096^3 against 67.1-67.5%, 73.6% at 2048^3
/// against 65.8%, 76.4% at 6144^3 against 70.5%, where its exact version
/// runs; its general kernel (255 registers and a stack) 63% at
/// 2000x2300x2600 against 72%, 56% at 1000x1100x1200 against 72%: so the
/// host runs Large only where its exact version runs (HostStep::ByExact),
/// the default tile elsewhere.
struct MmaShape {
  int64_t RowThreads, RowCopies, ColThreads, ColCopies; ///< threads and outputs per thread, rows on y
  int64_t rows() const { return RowThreads * RowCopies; }
  int64_t cols() const { return ColThreads * ColCopies; }
};
struct MmaPlan {
  static constexpr int64_t M = 16, N = 8, K = 8; ///< the instruction's shape
  static constexpr int64_t Strip = 16;  ///< the staged loop's strip
  static constexpr int64_t Stages = 4;  ///< strips in shared memory (cp.async pipeline)
  /// Pipelined: the exact version's blocks take the tiles this many rows of
  /// tiles at a time, column by column, so that the blocks running at once
  /// read fewer distinct rows and columns of the operands (H200,
  /// bench/RESULTS.md run 40, alone: PolyBench gemm 6144^3 from 74.5% to
  /// 79.5% of cuBLAS DGEMM, 4096^3 71.5% to 73.2%).
  static constexpr int64_t GroupRows = 8;
  static constexpr MmaShape Default = {24, 4, 8, 8}; ///< 96 x 64, 3 x 2 warps of 32 x 32
  static constexpr MmaShape Large = {16, 8, 8, 8};   ///< 128 x 64, 2 x 2 warps of 64 x 32
  unsigned RowLoop = 0, ColLoop = 0;
  int64_t WarpsRow = 3, WarpsCol = 2; ///< the block's warps along the rows and the columns
  unsigned Stmt = 0;          ///< the statement in the staged loop
  unsigned Acc = 0;           ///< its accumulator (a scalar)
  bool Subtract = false;      ///< `acc -= r * c`: r is negated
  /// The exact version's whole strips with the operands double-buffered in
  /// registers (CudaPrinter's printMmaPipelinedStrips), its copies from
  /// pointers advanced a strip at a time (pointerCopies) and its blocks
  /// grouped by GroupRows: the Large tile's (H200, bench/RESULTS.md run 40:
  /// PolyBench gemm 4096^3 from 71-73% to 80-82% of cuBLAS DGEMM, 2048^3
  /// 74% to 84-89%, 6144^3 73-80% to 82-85%). Not the Default tile: the
  /// first two took its exact and border versions at 2000x2300x2600 from
  /// 78-80% to 73-74%.
  bool Pipelined = false;
  /// The factors of each operand, in source order (pointers into the nest's
  /// statement).
  std::vector<const Expr *> RowFactors, ColFactors;
};

/// The most blocks a launch asks for along a grid dimension (grid-stride
/// loops in the kernels cover the rest): CUDA's limits, and for reduction
/// kernels 1024, so that the partials combine once per block (and the
/// argmin/argmax block results fit arrays of that size).
/// Vector runs along x (KernelPlan::XRuns): a thread's iterations of the loop
/// on x come in runs of V consecutive iterations (MappedLoop::Vector == V,
/// runs a block apart), numbered from floor(lower / V) * V instead of the
/// loop's lower bound (the iterations before it masked), so that every run
/// starts on an element whose index is a multiple of V. In full tiles, where
/// the kernel's check finds each of Arrays aligned to V elements and its rows
/// whole multiples of V elements long, the body reads the arrays through
/// pointers declared aligned and rows declared multiples of V, and nvcc
/// merges each run's loads and stores of a row into V-element vectors: a
/// thread issues a V-th of the memory instructions (H100, bench/RESULTS.md
/// run 29: the 7-point stencil 512^3 in float 87.6% of copy bandwidth with
/// runs of 2 against 73.5% without, in double 89.6% against 80.7%; runs of
/// 4 floats 62%, the vectorizer splitting their chains).
struct VectorRuns {
  unsigned Loop = 0;            ///< the loop on x
  int64_t V = 2;                ///< iterations per run (2 or 4)
  std::vector<unsigned> Arrays; ///< arrays read or written along x with coefficient 1 in the last subscript
  /// Border tiles' stores combined by run: where the body the copies run is
  /// one statement `Array[...][x + c] = value` (c a multiple of V, Array one
  /// of Arrays and not read by the statement) and each thread has one run,
  /// the border tiles compute the run's V values under their checks into
  /// registers and store them with one explicit vector store where the whole
  /// run is inside the iteration space and the arrays are aligned, else with
  /// the checked element stores. Without it a warp's V element stores of a
  /// run each write every sector of the row (H200, bench/RESULTS.md run 43:
  /// the 7-point stencil 512^3's border tiles, 2 of 8 along x, took the
  /// kernel's L2 write sectors from 16.8 M to 21.1 M, and the kernel is
  /// L2-bound there). Generated: float 78.5-79.0% -> 83.0-83.3% of copy
  /// bandwidth, double unchanged at 79.8-80.2% though its write sectors
  /// fell to the ideal (the hand-written lab/stencil_h200.cu lsvc: float
  /// unchanged, double 81.4% -> 87.0%).
  struct RunStore {
    unsigned Stmt = 0;
    unsigned Array = 0;
  };
  std::optional<RunStore> BorderStore;
  /// A second instance of the kernel for aligned arrays and 32-bit tile
  /// tests (planned by the tile-versions pass where the kernel has full
  /// tiles and runs as its own launch): the kernel is a template on `bool
  /// loopgpu_aligned32`, and the host launches its `true` instance where the
  /// runs' arrays are aligned (the test the kernel makes otherwise) and every
  /// trip with its grid's tiles fits in an int. That instance has no
  /// element-copy fallback in its full tiles and runs its trips, shifts and
  /// tile tests in 32 bits. Neither alone pays; together (H200,
  /// bench/RESULTS.md run 44, the 7-point stencil 512^3): float 82.3-82.5%
  /// -> 84.3-84.9% of copy bandwidth, double 80.0-80.1% -> 85.2-85.7%.
  bool Aligned32 = false;
};

/// The default shape of a 3-D stencil nest outside host loops (reads that
/// overlap along the outermost mapped loop besides x, no array both read and
/// written): a pencil of PencilDepth consecutive
/// iterations of that loop per thread (nvcc shares the loads the copies
/// have in common), planes of PencilRows x PencilThreadsX threads, runs of
/// PencilVector along x (VectorRuns). H100, bench/RESULTS.md run 29: 87.6%
/// of copy bandwidth in float, 89.6% in double (block 32 x 8, 8 planes per
/// thread); 64 x 2 threads 80-81%.
constexpr int64_t PencilDepth = 8, PencilRows = 8, PencilThreadsX = 32, PencilVector = 2;
/// Below this many iterations a pencil's grid would not fill the target's
/// SMs with as many blocks as each holds (H100: 132 SMs, 8 blocks of 256
/// threads each, 4,325,376 iterations): the host launches the mapper's default
/// kernel instead (HostStep::Choose; at 120^3 the pencil's 450 blocks took
/// 0.565 ms for 20 steps of PolyBench heat-3d, the default's 0.421 ms,
/// bench/RESULTS.md run 29). LOOPGPU_PENCIL_MIN_ITERATIONS overrides it.
inline int64_t pencilMinIterations(const GPUTarget &T) {
  int64_t Threads = PencilThreadsX * PencilRows;
  return T.SMs * (T.ThreadsPerSM / Threads) * Threads * PencilVector * PencilDepth;
}

/// The values a reduction kernel combines for reduction R, each in a
/// __shared__ array of one value per warp (32): the variable, and for
/// argmin/argmax also the index and the iteration (long long).
std::vector<ScalarType> reductionPartTypes(const Nest &N, const Reduction &R);

/// CUDA's 16-byte vector type of elements of T (vector_types.h: float4,
/// int4, uint4, double2, long2, longlong2, ...) and its number of elements,
/// or nothing where staged tiles of T load element by element.
std::optional<std::pair<std::string, int64_t>> vector16(ScalarType T);
/// CUDA's vector type of Lanes (2 or 4) elements of T, at most 16 bytes
/// (float2, double2, uint4, ...), or "" where vector_types.h has none.
std::string vectorTypeName(ScalarType T, int64_t Lanes);

/// sizeof T on the device (LP64, as the host compilers here).
int64_t elementBytes(ScalarType T);

inline int64_t maxGridBlocks(char Dim) { return Dim == 'x' ? 2147483647 : 65535; }
constexpr int64_t MaxReductionBlocks = 1024;

/// The exact version of a register-tiled kernel (ExactTiles.cpp): a second
/// kernel, <name>_exact, printed from the same plan for launches in which
/// every tile is full: the trip count of each loop of Multiples is a
/// multiple of the iterations a block (mapped loops) or a strip (the staged
/// loop) covers, each mapped loop's tiles fit its grid dimension (one tile
/// per block along every dimension), the staged loop runs at least once
/// (its first strip is loaded before the loop), and the rows of each staged
/// array of Aligned load as aligned vectors. Its threads then need no range checks,
/// its strips are all full and its tile copies are all vectors: the host
/// tests these at run time and launches it instead of the kernel (H100,
/// bench/RESULTS.md run 32: SGEMM 4096 from 84% to 93% of cuBLAS).
///
/// With Border (sm_90 targets), the trip counts of the mapped loops need
/// not divide: the exact version runs the full tiles (tile indices below
/// trip / tile along every mapped loop), and a third version, <name>_border
/// (the kernel skipping the full tiles), launched first on a second stream
/// forked from and joined to the default one, the tiles on the border
/// beside it, where the full tiles fill at least BorderMinTiles blocks (a
/// wave of the GPU: below that the split gains nothing). The staged loop's
/// trip count must still divide.
struct ExactTiles {
  /// (loop, multiple): every mapped loop with its tile, then the staged
  /// loop with the strip.
  std::vector<std::pair<unsigned, int64_t>> Multiples;
  std::vector<unsigned> Aligned; ///< indices into KernelPlan::Staged (GlobalVector > 1)
  /// The strip loop's trip count need not be a multiple of the strip: the
  /// exact version runs the whole strips as before, then the last, partial
  /// one after the loop (its copies range-checked along the strip loop, its
  /// iterations one by one). For tensor-core tiles in cp.async stages:
  /// PolyBench gemm at EXTRALARGE (k = 2600, 162 strips of 16 and 8) and
  /// most sizes as users write them. (Run 34: the same checks inside the
  /// loop cost the exact version 4-8% where the strips are whole.)
  bool TailStrip = false;
  bool Border = false;
  int64_t BorderMinTiles = 0;
};

struct KernelPlan {
  enum class Kind {
    Parallel,  ///< Mapped loops over grid x block, the rest inside each thread
    Reduction, ///< one loop over grid x block, reductions combined across threads
    Serial,    ///< one thread runs Nodes in order
    /// A scan (DependenceInfo::scan) of TheScan->Loop, the innermost loop of
    /// Nodes' loop chain, computed in parallel by CUB's DeviceScan; the
    /// parallel loops around it (ScanSegments) number independent segments
    /// (DeviceScan::InclusiveScanByKey).
    Scan,
  };
  Kind K = Kind::Parallel;
  std::string Name;                 ///< <function>_nest<N>_kernel[<M>]
  std::vector<const Node *> Nodes;  ///< the host-level nodes the kernel computes
  std::vector<MappedLoop> Mapped;   ///< Parallel: outermost first; Reduction: one
  int64_t BlockCoarsen = 1;         ///< tiles per block (block coarsening)
  /// Shared-memory staging (Parallel kernels): the sequential loop strip-
  /// mined by KTile, a node directly in the innermost mapped loop's body,
  /// or in the body of StagedGuard.
  std::optional<unsigned> StagedLoop;
  /// An affine `if` (no else) directly in the innermost mapped loop's body,
  /// on mapped iterators and parameters only (a bounding box's guard,
  /// BoundingBox.h), that holds the staged loop: every thread of the block
  /// runs the strips' loads and barriers, each copy's work inside the
  /// strips stays under the guard, a block whose threads all fail it skips
  /// the loop, and tile loads stay inside the staged arrays' extents along
  /// the mapped loops (the box may reach past what the guard lets be read).
  const Node *StagedGuard = nullptr;
  int64_t KTile = 0;
  std::vector<StagedArray> Staged;
  /// The staged strips are software-pipelined: the loads of strip s + 1 go
  /// to registers before strip s's arithmetic and to shared memory after it,
  /// so their latency overlaps the arithmetic.
  bool Prefetch = false;
  /// Stages > 1 (tensor-core tiles): the tiles of Stages strips live in
  /// dynamic shared memory (SharedBytes counts them all) and strip s + Stages
  /// - 1 is copied by cp.async (global to shared, no registers) while strip
  /// s's arithmetic runs; one barrier per strip.
  int64_t Stages = 1;
  std::optional<TransposedWrite> Transposed; ///< Parallel kernels, two mapped loops
  /// Halo staging (Parallel kernels without StagedLoop or Transposed): the
  /// arrays copied per tile with their halo, DimLoops all mapped loops.
  std::vector<StagedArray> Halo;
  int64_t SharedBytes = 0;          ///< static shared memory per block (tiles)
  int64_t MinBlocksPerSM = 0;       ///< __launch_bounds__'s second argument (0: none)
  /// Reduction kernels: their reductions; Parallel kernels: those of the
  /// lane loops (Reduction::Loop tells which).
  std::vector<Reduction> Reductions;
  /// Reduction kernels, per entry of Reductions: how a block's combined
  /// value reaches memory after the warp shuffles and the shared-memory
  /// step: the hardware's atomic add (sums), an atomic compare-and-swap loop
  /// with the operator (products, min, max, bitwise), or, for argmin/argmax
  /// (value and index together), one result per block in global memory that
  /// the last block to finish combines.
  enum class BlockCombine { AtomicAdd, AtomicCombine, LastBlock };
  std::vector<BlockCombine> Combines;
  /// Lane reductions (Parallel kernels with one mapped loop, which goes on
  /// y): a warp runs each iteration of the mapped loop, and its 32 lanes
  /// (threadIdx.x) split the iterations of each loop of LaneLoops, a
  /// reduction loop inside the thread's body, combining their partial
  /// results with shuffles into lane 0. Lane 0 alone runs the rest of the
  /// body; all lanes follow its loops and affine conditions down to the
  /// lane loops, where __syncwarp() makes lane 0's writes visible and the
  /// private scalars the loop reads are broadcast from lane 0. Used where a
  /// thread per iteration would leave the GPU mostly idle or read the
  /// reduction's operands a row apart (nussinov's cells, a row's dot
  /// product).
  std::vector<unsigned> LaneLoops;
  /// Statements of atomic scatters (isAtomicScatterLoop) of mapped loops:
  /// updates of elements that threads may share, printed as atomicAdd.
  std::set<unsigned> AtomicUpdates;
  /// Shared bins (SharedBins.cpp): an array that only AtomicUpdates touch
  /// in this kernel and that has few elements (a histogram's 256 counts)
  /// gets a copy per block in shared memory. The block zeroes it, its
  /// updates go to it (one whose element lies outside the copy goes to the
  /// array), and after a barrier at the end its nonzero elements are added
  /// to the array, one atomicAdd each; the grid then has at most
  /// BinBlocksX blocks (x first, y what x leaves, z one; grid-stride loops),
  /// so that each block's additions stand for many updates.
  struct SharedBin {
    unsigned Array = 0;
    int64_t Elements = 0;
  };
  std::vector<SharedBin> Bins;
  static constexpr int64_t BinBlocksX = 1024;
  /// Iterations per thread along x where the user gives no coarsening.
  static constexpr int64_t BinCoarsen = 4;
  /// The bins' budget: elements per array, bytes per kernel.
  static constexpr int64_t BinMaxElements = 4096, BinMaxBytes = 32768;
  static constexpr int64_t Lanes = 32;
  /// FP64 tensor cores for the register tile's full strips (Parallel
  /// kernels with StagedLoop and two mapped loops).
  std::optional<MmaPlan> Mma;
  /// Vector runs along x (Parallel kernels without staging, halos,
  /// transposed stores, lane reductions or tensor cores).
  std::optional<VectorRuns> XRuns;
  /// Parallel kernels: the copies' unroll-and-jam (CoarsenJam.cpp).
  JamPlan Jam;
  /// Parallel kernels whose thread has several copies and whose mapped body
  /// has no shared loop: the body comes twice, for full tiles (no range
  /// checks: the copies' statements sit in one block of straight-line code,
  /// where nvcc shares their common loads) and for tiles on the border of
  /// the iteration space (TileVersions.cpp).
  bool FullTiles = false;
  /// The staged strip's body reads only shared tiles, registers and kernel
  /// arguments and cannot fault (no integer division): copies outside the
  /// iteration space may run it, so it has no range checks
  /// (TileVersions.cpp).
  bool StagedBodyUnguarded = false;
  /// Parallel kernels: an exact version beside this one (ExactTiles.cpp).
  std::optional<ExactTiles> Exact;
  /// Its launches split into the exact version on the full tiles and the
  /// border version on the others (ExactTiles::Border).
  bool borderSplit() const { return Exact && Exact->Border; }
  std::optional<Scan> TheScan;      ///< Scan kernels: the scan (its loop: TheScan->Loop)
  std::vector<unsigned> ScanSegments; ///< Scan kernels: the loops around it, outermost first
  /// Loops that stay on the host around this kernel (their iterators are
  /// kernel arguments), outermost first.
  std::vector<unsigned> HostLoops;
  std::vector<std::string> Notes;   ///< why this shape, for comments
  /// What the map pass decided for the passes after it (KernelPasses.h) to
  /// respect, Parallel kernels.
  struct MapRequest {
    const Node *Inner = nullptr; ///< the innermost mapped loop's node (its body is the thread's)
    /// Rows per thread, not coarsened: lane-reductions may split a
    /// reduction loop inside over a warp's lanes.
    bool Lanes = false;
    /// Laid out for tensor cores (Mma): staged rows padded for the
    /// fragments, cp.async stages, no vector fragments, transposed tiles or
    /// vector runs.
    bool MmaLayout = false;
    bool ShapeRequested = false; ///< -tile, -coarsen or a clause shaped the blocks
    bool CoarsenClause = false;  ///< a coarsen clause fixed the copies' stride
    int64_t Vector = 0;          ///< vector-runs: runs of this many iterations along x (0, 1: none)
  };
  MapRequest Request;
  /// Threads per block along x, y and z.
  std::array<int64_t, 3> blockShape() const {
    std::array<int64_t, 3> B = {1, 1, 1};
    for (const MappedLoop &M : Mapped)
      B[M.Dim - 'x'] = M.BlockSize;
    if (!LaneLoops.empty())
      B[0] = Lanes;
    return B;
  }
  int64_t threadsPerBlock() const {
    int64_t T = 1;
    for (const MappedLoop &M : Mapped)
      T *= M.BlockSize;
    return LaneLoops.empty() ? T : T * Lanes;
  }
  /// A thread's copies: the product of the mapped loops' coarsening.
  int64_t copies() const {
    int64_t C = 1;
    for (const MappedLoop &M : Mapped)
      C *= M.Coarsen;
    return C;
  }
  /// The innermost mapped loop's node (the mapped loops are perfectly
  /// nested, outermost first; Parallel kernels).
  const Node *innermostMapped() const {
    const Node *Inner = Nodes[0];
    for (size_t I = 1; I < Mapped.size(); ++I)
      Inner = Inner->Body[0].get();
    return Inner;
  }
  /// Iterations of M a block covers per grid step: a tile, several tiles
  /// with block coarsening (Parallel kernels).
  int64_t blockSpan(const MappedLoop &M) const { return M.tile() * (K == Kind::Parallel ? BlockCoarsen : 1); }
  /// The most blocks a launch asks for along M's grid dimension.
  int64_t maxBlocks(const MappedLoop &M) const {
    if (K == Kind::Reduction)
      return MaxReductionBlocks;
    if (!Bins.empty()) // at most; gridExpr shares them out at run time
      return M.Dim == 'z' ? 1 : BinBlocksX;
    return maxGridBlocks(M.Dim);
  }
};

/// Why a register tile's strip does or does not run on tensor cores: the
/// plan where it does (Mma's loops from K's mapping: RowLoop the loop on y),
/// else nothing and WhyNot says why (lib/CodeGen/TensorCores.cpp).
/// The shared memory a tensor-core block's stages may take on Arch: what
/// leaves room for two blocks per SM (sm_90: 228 KiB per SM; sm_80: 164;
/// sm_86 and sm_89: 100), less the 1 KiB the hardware reserves per block.
int64_t mmaSharedBudget(const std::string &Arch);

std::optional<MmaPlan> matchTensorCoreProduct(const Nest &N, const KernelPlan &K,
                                              const CodeGenOptions &Opts, std::string &WhyNot);

/// The host-side schedule of a nest: host loops and ifs around launches.
///
/// Choose: two plans of one nest part, picked at run time: Body when the
/// product of the trip counts of ChoiceLoops is below Threshold, Else
/// otherwise (a scan along columns: CUB's scan for few columns, a column
/// per thread for many).
/// A loop on the host whose iterations may also run inside one kernel
/// (DeviceLoop.cpp): one block of Block threads runs each iteration's
/// kernels in order, each kernel's blocks one after the other (its body is
/// a device function taking blockIdx, gridDim, threadIdx and blockDim), with
/// __syncthreads() between the kernels. At run time the host picks, iteration by iteration,
/// runs of two or more consecutive iterations whose launches each need at
/// most MaxBlocks blocks and hands each run to one launch of Name: a launch
/// per kernel and iteration costs more than such a kernel's work. A kernel
/// whose threads run loops of their own (PerThreadLoops) may need one block
/// at most: its blocks in turn would take longer than the launch saves.
///
/// Where no kernel of the loop synchronizes its block (no barrier, no shared
/// memory, no warp-level code), Slots > 1 copies of a kernel's block run
/// side by side in the loop's block of Slots * T threads, slot s taking the
/// kernel's blocks s, s + Slots, ...
struct DeviceLoopPlan {
  /// How the loop's block runs one of the kernels.
  enum class Run {
    Thread0,  ///< a serial kernel: thread 0 runs it
    OneBlock, ///< a reduction kernel (a grid-stride loop): one block covers it, one combine
    Blocks,   ///< the kernel's blocks in turn, Slots at a time
  };
  std::string Name;                      ///< <function>_nest<N>_loop_<iterator>
  int64_t Threads = 1;                   ///< T: threads of each kernel's block
  int64_t Slots = 1;
  int64_t MaxBlocks = 0;
  std::vector<unsigned> Kernels;         ///< launched by the body, in order
  std::vector<bool> PerThreadLoops;      ///< per entry of Kernels
  std::vector<Run> Runs;                 ///< per entry of Kernels
  /// Per entry of Kernels: the kernel's threadIdx (x, y, z) comes from the
  /// slot's linear thread index, x fastest (blocks of two or three
  /// dimensions, or several slots), instead of the loop's threadIdx.
  std::vector<bool> LinearThreads;
};

/// One sweep of a time-tiled loop's body (TimeTilePlan): a launch of a
/// Parallel kernel whose mapped loops are the whole perfect nest around its
/// statements, each statement writing the chunk array element at the
/// sweep's position (the same subscripts for all of them).
struct TimeTileSweep {
  unsigned Kernel = 0;
  std::vector<unsigned> Stmts;           ///< in order
  /// Per dimension of the arrays' index space: the loop whose iterator the
  /// write subscript is (subscript = iterator + Shift), or nothing where the
  /// subscript has no iterator (the cell must equal Fixed's value).
  std::vector<std::optional<unsigned>> DimLoop;
  std::vector<int64_t> Shift;
  std::vector<std::optional<AffExpr>> Fixed;
  /// Per dimension: how far below / above its cell the sweep's reads of
  /// chunk arrays reach (0 or more).
  std::vector<int64_t> ReachLo, ReachHi;
  /// Consecutive cells along dimension 0 per thread and pass (1: one): the
  /// thread evaluates the statement's right-hand side for all of them
  /// before it stores any, so that nvcc loads the tile elements they share
  /// once. Only for one plain assignment that reads the array it writes at
  /// its cell alone and reads device memory at no cell-dependent subscript
  /// (the cells past the region or the domain are evaluated too, from the
  /// padded tile, and not stored).
  int64_t RowBatch = 1;
};

/// A value of a chunk array inside a streamed time tile (TimeStreamPlan):
/// the array on entry to the launch, or after one level (one sweep of one
/// iteration). At step `q` of the launch the value's row `q - Skew` (tile
/// coordinates) is made; each thread keeps its columns' Window newest rows
/// in registers, and where other columns read them the Ring newest rows of
/// the whole plane sit in shared memory.
struct TimeStreamVersion {
  unsigned Array = 0;       ///< position in TimeTilePlan::Arrays
  int Level = -1;           ///< -1: on entry; else the level that makes it
  int64_t Skew = 0;         ///< steps behind the row loaded
  int64_t Window = 0;       ///< rows in registers (0: nobody reads it)
  int64_t Ring = 0;         ///< rows in shared memory, a power of two (0: no other column reads it)
  int64_t SharedOffset = 0; ///< bytes into the dynamic shared memory
  bool Final = false;       ///< the array's value after the launch: stored
};

/// One level of a streamed time tile: sweep Sweep of iteration Iteration.
struct TimeStreamLevel {
  unsigned Sweep = 0;
  int64_t Iteration = 0;
  unsigned Version = 0; ///< the value it makes
  unsigned Before = 0;  ///< its array's value before it: kept outside the sweep's domain
  /// Per read of a chunk array (access id): the value it reads.
  std::map<unsigned, unsigned> Source;
  /// Its right-hand side may be evaluated at any cell (it reads no array but
  /// chunk arrays): the value is selected, not branched to.
  bool Select = false;
  /// Per dimension (0 unused): the plane cells, in tile coordinates, whose
  /// value after this level a later level or the tile's store may read (the
  /// tile widened by the reach of the levels after it; NeedHi exclusive).
  /// Elsewhere the level's value is never used.
  std::vector<int64_t> NeedLo, NeedHi;
};

/// The streamed form of a time tile (2.5-D for three dimensions): a block
/// owns a tile of the plane of dimensions 1 and up (with its overlapped
/// halo) and a chunk of Tile[0] rows of dimension 0, and marches along
/// dimension 0 one row per step, every level of Depth iterations in flight
/// at once, each Skew rows behind the load. A thread owns the columns (cells
/// of the plane) `threadIdx.x + k * Threads`, k < Columns, at every level:
/// the reads along dimension 0 in its own column come from registers, the
/// reads of other columns from the shared rings, one barrier per step.
/// Against the overlapped form the halo along dimension 0 is loaded once
/// per chunk instead of once per tile, and no level recomputes it.
struct TimeStreamPlan {
  std::vector<TimeStreamVersion> Versions; ///< on entry first (one per chunk array), then by level
  std::vector<TimeStreamLevel> Levels;     ///< Depth x sweeps, in order
  int64_t Threads = 256;                   ///< a block's threads (one dimension)
  int64_t Columns = 1;                     ///< plane cells per thread
  /// Steps per launch beyond the chunk's rows: the halo rows loaded and the
  /// largest skew.
  int64_t Extra = 0;
  /// Rows per chunk the host may choose from at run time (Tile[0] is the
  /// model's): the one whose waves of blocks take the fewest steps on the
  /// device at hand (one entry: -time-tile's).
  std::vector<int64_t> Chunks;
  int64_t Registers = 0;                   ///< 32-bit registers per thread the windows take
  /// Blocks per SM the kernel is compiled for (`__launch_bounds__`): as many
  /// as its registers (the windows' and the overhead counted), threads and
  /// shared memory allow; the model counts the same.
  int64_t MinBlocks = 1;
  /// Steps per iteration of the printed step loop (`#pragma unroll`): a
  /// common multiple of the windows' and rings' rows, so that a window's
  /// shift and a ring's slot are renamings and constants (bench/RESULTS.md
  /// run 37), not copies and masks.
  int64_t Unroll = 1;
  /// Per dimension (0 unused): columns of padding on each side of the rings'
  /// rows, as far as a read of another column reaches, so that every column
  /// evaluates every level without range checks (values of cells no later
  /// level reads are computed and never used).
  std::vector<int64_t> PadLo, PadHi;
  /// Three dimensions: a thread's column skips a level where its row of the
  /// plane (dimension 1) lies outside the level's NeedLo/NeedHi (a warp's
  /// lanes lie along dimension 2, so whole warps skip; bench/RESULTS.md run
  /// 41: heat-3d 13.4 ms -> 12.0).
  bool SkipRows = false;
  /// Each array's row of the step is an offset advanced a row per step (the
  /// rows a step loads and stores a constant number of rows from it), where
  /// the registers they take fit beside the windows (bench/RESULTS.md run
  /// 41: heat-3d 13.4 ms against 14.0); else every access multiplies its row.
  bool RowOffsets = false;
  /// The clean steps (those whose levels' rows lie inside their sweeps'
  /// loops) are also those whose loads and stores need no row checks, and
  /// leave them out (CleanLoads); blocks whose needed columns lie inside
  /// every sweep's loops run a copy of them without the columns' checks
  /// (CleanCols). Both for plans of few levels (bench/RESULTS.md run 41,
  /// H200: heat-3d's 4 levels 13.9 ms with them, 14.9 without the first;
  /// jacobi-2d's 8 levels 5.1 ms, 5.6 before either; fdtd-2d's 16 levels
  /// 13.7 ms with both, 9.7 with neither, where the steps that check are
  /// many and long).
  bool CleanLoads = false, CleanCols = false;
  /// How the step loop runs its clean and checked unrolls: a block runs
  /// clean ones only where all of its unrolls are clean, else checked ones
  /// alone (WholeClean: plans of many levels, whose checked copy spills less
  /// so); else three loops, checked, clean, checked unrolls (bench/RESULTS.md
  /// run 42, H200, against one loop with an if between the two: fdtd-2d's
  /// 16 levels 9.61 -> 9.38 ms whole, 10.03 split; heat-3d's 4 levels 14.14
  /// -> 13.73 split, 18.5 whole; jacobi-2d's 8 levels 5.16 -> 5.11 split).
  bool WholeClean = false;
  /// Each sweep's column conditions are kept in a flag per thread's column
  /// for the launch, which the levels' selects read (plans of at most 8
  /// levels: bench/RESULTS.md run 42, H200, heat-3d 13.8-14.0 -> 13.2-13.5
  /// ms, jacobi-2d 5.1 -> 5.0; fdtd-2d's 16 levels 9.3-9.6 -> 10.0 with
  /// them, so without); else every level and step compares its columns.
  bool ColsFlags = false;
  /// Whether a read at offset Off (per dimension) stays in the reader's
  /// column (a window in registers), else it crosses columns (a ring).
  static bool ownColumn(const std::vector<int64_t> &Off) {
    return std::all_of(Off.begin() + 1, Off.end(), [](int64_t O) { return O == 0; });
  }
  /// Elements of a ring's row along dimension D (1 and up).
  int64_t ringExtent(int64_t Extent, unsigned D) const { return Extent + PadLo[D] + PadHi[D]; }
};

/// Overlapped time tiling of a host loop whose body is a sequence of
/// stencil sweeps (lib/CodeGen/TimeTile.cpp). One launch runs up to Depth
/// iterations of the loop: each block loads its tile of every chunk array
/// (an array the sweeps write) widened by the halo that Depth iterations'
/// reads reach (HaloLo/HaloHi) into shared memory, runs the sweeps there on
/// a region that shrinks by each sweep's reach (the cells whose values the
/// later sweeps and the tile still need; the shrinking region recomputes the
/// neighbours' halos instead of exchanging them), a barrier after each
/// sweep, and writes its tile of each chunk array to a second buffer: the
/// launches read one buffer of each array and write the other (blocks of a
/// launch read cells other blocks write). Legal where each sweep is a
/// parallel loop nest whose reads of chunk arrays sit at constant offsets
/// from the cell it writes: every cell of the tile then gets the value the
/// loop computes, step for step.
struct TimeTilePlan {
  std::string Name;                      ///< <function>_nest<N>_time_<iterator>
  unsigned Rank = 0;                     ///< dimensions of the index space (1 to 3)
  std::vector<unsigned> Arrays;          ///< chunk arrays, in order of first write
  /// Per entry of Arrays: the first sweep writing it, and whether no sweep
  /// up to that one reads it (then a launch loads only the cells outside
  /// that sweep's domain: the others are written before they are read).
  std::vector<unsigned> FirstWriter;
  std::vector<bool> DeadOnEntry;
  std::vector<TimeTileSweep> Sweeps;     ///< one iteration of the loop, in order
  /// The shared-tile offset of each read or write of a chunk array (by
  /// access id): element = the sweep's cell + offset, per dimension.
  std::map<unsigned, std::vector<int64_t>> Offsets;
  int64_t Depth = 1;                     ///< iterations per launch at most
  std::vector<int64_t> Tile;             ///< outputs per block, per dimension
  std::vector<int64_t> Block;            ///< threads per block, per dimension (the last on x)
  std::vector<int64_t> StepLo, StepHi;   ///< per dimension: one iteration's reach
  /// Per sweep and dimension: the reach of the sweeps after it in the iteration.
  std::vector<std::vector<int64_t>> AfterLo, AfterHi;
  std::vector<int64_t> HaloLo, HaloHi;   ///< per dimension: Depth iterations' reach
  /// Rows of padding below each tile along dimension 0 (the largest
  /// RowBatch - 1): a thread's last batch may read past the region.
  int64_t RowPad = 0;
  int64_t SharedBytes = 0;               ///< the chunk arrays' tiles (dynamic shared memory)
  /// The host time-tiles when a launch has at least this many blocks (else
  /// the loop runs as before); LOOPGPU_TIME_TILE_MIN_BLOCKS overrides it.
  int64_t MinBlocks = 0;
  std::string Why;                       ///< the model's estimate, for comments
  /// The streamed form (then Block is 1 x ... x Threads and the tiles of
  /// dimension 0 are chunks of rows); none: the overlapped form.
  std::optional<TimeStreamPlan> Stream;
  /// Elements of the shared tile along dimension D.
  int64_t extent(unsigned D) const { return Tile[D] + HaloLo[D] + HaloHi[D]; }
  int64_t threads() const {
    int64_t T = 1;
    for (int64_t B : Block)
      T *= B;
    return T;
  }
};

struct HostStep {
  enum class Kind { Loop, If, Launch, Choose };
  Kind K = Kind::Launch;
  const Node *Src = nullptr;      ///< Loop / If
  unsigned Kernel = 0;            ///< Launch
  std::vector<unsigned> ChoiceLoops; ///< Choose
  int64_t Threshold = 0;          ///< Choose
  /// Choose: an environment variable that overrides Threshold at run time
  /// (empty: none).
  std::string ThresholdEnv;
  std::string Why;                ///< Choose: for the comment
  /// Choose: Body (one launch) where the exact version of its kernel runs
  /// (ExactTiles: its host test and, with a border split, a wave of full
  /// tiles) and its border holds at most 1 / MaxBorder of the outputs, else
  /// Else; ChoiceLoops and Threshold unused (MmaPlan::Large: its border
  /// version, the general kernel's code at 255 registers, is slow; H200
  /// run 34, PolyBench gemm, the 128 x 64 tile against the 96 x 64 one, both
  /// split: borders of 0.3% (5000^3) and 1.6% (4000^3) 4% and 1% faster,
  /// 2.9% (2500^3) 3% slower, 3.7% (3000^3) even, 6.5% (EXTRALARGE) 11%
  /// slower).
  bool ByExact = false;
  static constexpr int64_t MaxBorder = 50;
  std::vector<HostStep> Body, Else;
  std::optional<DeviceLoopPlan> Device; ///< Loop: its iterations may run in one kernel
  std::optional<TimeTilePlan> TimeTiled; ///< Loop: its iterations may run time-tiled
};

/// Calls Fn on every Loop step of Steps and their bodies, inner loops first.
template <typename F> void forEachHostLoop(std::vector<HostStep> &Steps, F &&Fn) {
  for (HostStep &S : Steps) {
    forEachHostLoop(S.Body, Fn);
    forEachHostLoop(S.Else, Fn);
    if (S.K == HostStep::Kind::Loop)
      Fn(S);
  }
}

struct GPUPlan {
  std::vector<KernelPlan> Kernels;  ///< in textual order
  /// Per array of the nest: no other array of the nest may share its memory
  /// (its alias class is its own), so kernels take it `__restrict__`.
  std::vector<bool> NoAlias;
  std::vector<HostStep> Host;
  std::vector<std::string> Remarks; ///< decisions worth telling the user
};

/// Runs the transformation pipeline (lib/Transform) on a copy of N for the
/// GPU: requested transformations are checked (illegal ones are errors) and
/// the default choices bring parallel loops outward (interchange,
/// distribution, scalar privatization, invariant loads). tile(...) clauses
/// are left to planGPU, where they give the block shape. The copy replaces N
/// with its analysis, which then drives the mapping, unless a temporary
/// array it needs (expanded scalar, private or read copy, reduction
/// partials) cannot be allocated by the launcher: the launcher allocates
/// temporaries in device memory at its start or in the body of a loop that
/// stays on the host, not per iteration of a loop that runs inside a kernel
/// (that would need storage per GPU thread). N is then mapped as written,
/// with a warning for requested transformations. Info is N's analysis on
/// return. Returns false after an error.
bool transformForGPU(Nest &N, DependenceInfo &Info, DiagnosticSink &Diags);

/// Gives the host loops of Plan whose bodies only launch kernels that one
/// block can run in turn a DeviceLoopPlan (lib/CodeGen/DeviceLoop.cpp), and
/// says in Plan.Remarks which loops do and why others do not.
void planDeviceLoops(const Nest &N, GPUPlan &Plan, const CodeGenOptions &Opts);

/// Gives the host loops of Plan whose bodies are stencil sweeps a
/// TimeTilePlan where the model (or -time-tile) says it pays
/// (lib/CodeGen/TimeTile.cpp), and says in Plan.Remarks why or why not.
/// Reports options it cannot honour as errors; returns false then.
bool planTimeTiling(const Nest &N, GPUPlan &Plan, const CodeGenOptions &Opts, DiagnosticSink &Diags);

/// Plans one nest. Reports (as errors) options it cannot honour, e.g. a tile
/// needing more than 1024 threads per block, and temporary arrays allocated
/// inside a kernel (transformForGPU keeps those out); returns an empty plan
/// then.
GPUPlan planGPU(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts,
                DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_GPUMAPPING_H
