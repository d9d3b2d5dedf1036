//===- TimeTilePrinter.cpp - CUDA of a time-tiled host loop ---------------===//
//
// Prints a TimeTilePlan as it stands (the decisions are TimeTile.cpp's).
//
//===----------------------------------------------------------------------===//
#include "TimeTilePrinter.h"

#include "loopgpu/CodeGen/ElementCount.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace loopgpu {
namespace {

using llvm::raw_ostream;

class TimeTileWriter {
public:
  explicit TimeTileWriter(const TimeTileContext &C) : C(C), N(C.N), P(C.plan()), L(C.loop()) {}

  /// Dimension D's grid and thread index: the last dimension on x.
  std::string axis(unsigned D) const { return std::string(1, "xyz"[P.Rank - 1 - D]); }
  std::string r(unsigned D) const { return "loopgpu_r" + std::to_string(D); }
  std::string o(unsigned D) const { return "loopgpu_o" + std::to_string(D); }
  std::string shared(unsigned X) const { return "loopgpu_s_" + N.Arrays[X].Name; }
  std::string in(unsigned X) const { return "loopgpu_in_" + N.Arrays[X].Name; }
  std::string out(unsigned X) const { return "loopgpu_out_" + N.Arrays[X].Name; }
  std::string twin(unsigned X) const { return "loopgpu_tw_" + N.Arrays[X].Name; }
  std::string extent(unsigned X, unsigned D) const { return "(" + affIn64Bits(N, *N.Arrays[X].Extents[D]) + ")"; }
  std::string iterType() const { return typeStr(L.IteratorType); }

  /// Element (cells C) of chunk array X in device memory, row-major.
  std::string linear(unsigned X, const std::vector<std::string> &Cells) const {
    std::string Index = Cells[0];
    for (unsigned D = 1; D < P.Rank; ++D)
      Index = "(" + Index + ") * " + extent(X, D) + " + " + Cells[D];
    return Index;
  }
  std::string sharedAt(unsigned X, const std::vector<std::string> &R) const {
    std::string S = shared(X);
    for (const std::string &I : R)
      S += "[" + I + "]";
    return S;
  }
  std::vector<std::string> regionIndices() const {
    std::vector<std::string> R;
    for (unsigned D = 0; D < P.Rank; ++D)
      R.push_back(r(D));
    return R;
  }
  std::vector<std::string> cells() const {
    std::vector<std::string> Cs;
    for (unsigned D = 0; D < P.Rank; ++D)
      Cs.push_back(o(D) + " + " + r(D));
    return Cs;
  }

  /// Opens loops over the region [Lo, Hi) of the tile coordinates (dealt
  /// out to the block's threads, x fastest); returns the depth inside.
  unsigned openRegion(raw_ostream &OS, unsigned Depth, const std::vector<std::string> &Lo,
                      const std::vector<std::string> &Hi) const {
    for (unsigned D = 0; D < P.Rank; ++D) {
      OS.indent(2 * Depth) << "for (int " << r(D) << " = " << (Lo[D] == "0" ? "" : Lo[D] + " + ") << "(int)threadIdx." << axis(D) << "; " << r(D)
                           << " < " << Hi[D] << "; " << r(D) << " += " << P.Block[D] << ")\n";
      ++Depth;
    }
    OS.indent(2 * Depth) << "{\n";
    return Depth + 1;
  }
  void closeRegion(raw_ostream &OS, unsigned Depth) const { OS.indent(2 * (Depth - 1)) << "}\n"; }

  /// The condition that cell (o + r) is in sweep SW's domain, with the
  /// sweep's iterators declared before it (Decls).
  std::string domain(const TimeTileSweep &SW, std::string &Decls) const { return domain(SW, Decls, regionIndices()); }
  /// RowsInside: the caller knows the row (dimension 0) inside the sweep's
  /// loop bounds (rowsInside), which are left out.
  std::string domain(const TimeTileSweep &SW, std::string &Decls, const std::vector<std::string> &R,
                     bool RowsInside = false) const {
    std::vector<std::string> Conds;
    for (unsigned D = 0; D < P.Rank; ++D) {
      std::string Cell = o(D) + " + " + R[D];
      if (!SW.DimLoop[D]) {
        Conds.push_back(Cell + " == " + affIn64Bits(N, *SW.Fixed[D]));
        continue;
      }
      const Loop &SL = N.Loops[*SW.DimLoop[D]];
      Decls += "const " + typeStr(SL.IteratorType) + " " + SL.Iterator + " = (" + typeStr(SL.IteratorType) + ")(" +
               plusConst(Cell, -SW.Shift[D]) + "); ";
      if (D == 0 && RowsInside) {
        Decls += "(void)" + SL.Iterator + "; ";
        continue;
      }
      Conds.push_back(SL.Iterator + " >= " + affIn64Bits(N, SL.Lower) + " && " + SL.Iterator +
                      " <= " + affIn64Bits(N, SL.Upper));
    }
    return Conds.empty() ? "true" : llvm::join(Conds, " && ");
  }

  std::vector<std::string> kernelParams() const {
    std::vector<std::string> Out = {"long long loopgpu_first", "int loopgpu_steps"};
    if (P.Stream)
      Out.push_back("int loopgpu_chunk");
    for (size_t I = 0; I < C.ParamDecls.size(); ++I) {
      auto Chunk = llvm::find_if(P.Arrays, [&](unsigned X) { return N.Arrays[X].Name == C.ParamNames[I]; });
      if (Chunk == P.Arrays.end()) {
        Out.push_back(C.ParamDecls[I]);
        continue;
      }
      std::string T = typeStr(N.Arrays[*Chunk].ElementType);
      Out.push_back("const " + T + " *__restrict__ " + in(*Chunk));
      Out.push_back(T + " *__restrict__ " + out(*Chunk));
    }
    return Out;
  }
  std::vector<std::string> kernelArgs() const {
    std::vector<std::string> Out = {"loopgpu_first + loopgpu_done * " + std::to_string(L.Step), "loopgpu_steps"};
    if (P.Stream)
      Out.push_back("(int)loopgpu_chunk");
    for (const std::string &Name : C.ParamNames) {
      auto Chunk = llvm::find_if(P.Arrays, [&](unsigned X) { return N.Arrays[X].Name == Name; });
      if (Chunk == P.Arrays.end()) {
        Out.push_back(Name);
        continue;
      }
      Out.push_back(in(*Chunk));
      Out.push_back(out(*Chunk));
    }
    return Out;
  }

  void printHeader(raw_ostream &OS) const {
    std::vector<std::string> Names;
    for (unsigned X : P.Arrays)
      Names.push_back(N.Arrays[X].Name);
    OS << "// line " << L.Loc.Line << ": loop " << L.Iterator << " time-tiled (overlapped tiles): " << P.Why << ".\n";
    OS << "// A launch runs up to " << P.Depth << " iterations: each block loads its tile of " << llvm::join(Names, ", ")
       << " widened by the\n// halo those iterations' reads reach into shared memory, runs the sweeps there on a "
          "region that\n// shrinks by each sweep's reach (recomputing the neighbours' halos), and writes its tile to "
          "the\n// out buffers; the next launch reads them.\n";
    OS << "__global__ void __launch_bounds__(" << P.threads() << ") " << P.Name << "("
       << llvm::join(kernelParams(), ", ") << ") {\n";
    OS << "  extern __shared__ __align__(16) unsigned char loopgpu_smem[];\n";
    int64_t Offset = 0;
    for (unsigned X : P.Arrays) {
      std::string T = typeStr(N.Arrays[X].ElementType), Rows;
      int64_t Bytes = elementBytes(N.Arrays[X].ElementType);
      for (unsigned D = 0; D < P.Rank; ++D) {
        if (D > 0)
          Rows += "[" + std::to_string(P.extent(D)) + "]";
        Bytes *= P.extent(D) + (D == 0 ? P.RowPad : 0);
      }
      OS << "  " << T << " (*const " << shared(X) << ")" << Rows << " = reinterpret_cast<" << T << " (*)" << Rows
         << ">(loopgpu_smem + " << Offset << "); // " << N.Arrays[X].Name << "'s tile and halo\n";
      Offset += (Bytes + 15) / 16 * 16;
    }
    for (unsigned D = 0; D < P.Rank; ++D)
      OS << "  const int " << o(D) << " = (int)blockIdx." << axis(D) << " * " << P.Tile[D] << " - "
         << P.HaloLo[D] << "; // dimension " << D << ": the tile's first element less the halo\n";
  }

  /// Loads every chunk array's region (dead-on-entry arrays only outside
  /// their first writer's domain).
  void printLoads(raw_ostream &OS) const {
    OS << "  { // load the tiles with their halos\n";
    OS << "    const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")loopgpu_first;\n";
    OS << "    (void)" << L.Iterator << ";\n";
    std::vector<std::string> Lo(P.Rank, "0"), Hi;
    for (unsigned D = 0; D < P.Rank; ++D)
      Hi.push_back(std::to_string(P.extent(D)));
    unsigned Depth = openRegion(OS, 2, Lo, Hi);
    std::vector<std::string> Cs = cells(), R = regionIndices();
    for (size_t I = 0; I < P.Arrays.size(); ++I) {
      unsigned X = P.Arrays[I];
      std::vector<std::string> Conds;
      for (unsigned D = 0; D < P.Rank; ++D)
        Conds.push_back(Cs[D] + " >= 0 && " + Cs[D] + " < " + extent(X, D));
      std::string Decls;
      if (P.DeadOnEntry[I]) {
        std::string Dom = domain(P.Sweeps[P.FirstWriter[I]], Decls);
        OS.indent(2 * Depth) << "// " << N.Arrays[X].Name << " is written before it is read: only the cells outside "
                             << "that sweep's domain\n";
        OS.indent(2 * Depth) << "{\n";
        OS.indent(2 * Depth + 2) << Decls << "\n";
        Conds.push_back("!(" + Dom + ")");
        OS.indent(2 * Depth + 2) << "if (" << llvm::join(Conds, " && ") << ")\n";
        OS.indent(2 * Depth + 4) << sharedAt(X, R) << " = " << in(X) << "[" << linear(X, Cs) << "];\n";
        OS.indent(2 * Depth) << "}\n";
        continue;
      }
      OS.indent(2 * Depth) << "if (" << llvm::join(Conds, " && ") << ")\n";
      OS.indent(2 * Depth + 2) << sharedAt(X, R) << " = " << in(X) << "[" << linear(X, Cs) << "];\n";
    }
    closeRegion(OS, Depth);
    OS << "  }\n  __syncthreads();\n";
  }

  void printSweeps(raw_ostream &OS) const {
    OS << "  for (int loopgpu_s = 0; loopgpu_s < loopgpu_steps; ++loopgpu_s) {\n";
    OS << "    const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")(loopgpu_first + (long long)loopgpu_s * "
       << L.Step << ");\n";
    OS << "    (void)" << L.Iterator << ";\n";
    OS << "    const int loopgpu_left = loopgpu_steps - 1 - loopgpu_s; // iterations after this one\n";
    OS << "    (void)loopgpu_left;\n";
    for (size_t K = 0; K < P.Sweeps.size(); ++K) {
      const TimeTileSweep &SW = P.Sweeps[K];
      const Statement &First = N.Statements[SW.Stmts[0]];
      OS << "    { // sweep " << K + 1 << " (line " << First.Loc.Line << ") on the region its cells are still needed on\n";
      std::vector<std::string> Lo, Hi;
      for (unsigned D = 0; D < P.Rank; ++D) {
        auto Reach = [](int64_t Step, int64_t After) {
          std::string S = Step == 1 ? "loopgpu_left" : Step ? "loopgpu_left * " + std::to_string(Step) : std::string();
          if (After)
            S += (S.empty() ? "" : " + ") + std::to_string(After);
          return S;
        };
        std::string RL = Reach(P.StepLo[D], P.AfterLo[K][D]), RH = Reach(P.StepHi[D], P.AfterHi[K][D]);
        std::string Dn = std::to_string(D);
        OS << "      const int loopgpu_lo" << Dn << " = "
           << (RL.empty() ? std::to_string(P.HaloLo[D]) : std::to_string(P.HaloLo[D]) + " - (" + RL + ")")
           << ", loopgpu_hi" << Dn << " = "
           << (RH.empty() ? std::to_string(P.HaloLo[D] + P.Tile[D]) : std::to_string(P.HaloLo[D] + P.Tile[D]) + " + " + RH)
           << ";\n";
        Lo.push_back("loopgpu_lo" + Dn);
        Hi.push_back("loopgpu_hi" + Dn);
      }
      if (SW.RowBatch > 1)
        printBatchedSweep(OS, SW, Lo, Hi);
      else
        printSweep(OS, SW, Lo, Hi);
      OS << "    }\n    __syncthreads();\n";
    }
    OS << "  }\n";
  }

  /// The statement printer: chunk arrays' elements in the shared tiles at
  /// the cell (indices R) plus the access's offset.
  std::unique_ptr<ExprPrinter> printer(const std::vector<std::string> &R) const {
    auto EP = std::make_unique<ExprPrinter>(N);
    const ExprPrinter *Self = EP.get();
    EP->Override = [this, Self, R](const Expr &E) -> std::optional<std::string> {
      if (E.K == Expr::Kind::ArrayRef && E.AccessId >= 0) {
        auto It = P.Offsets.find(static_cast<unsigned>(E.AccessId));
        if (It != P.Offsets.end()) {
          std::vector<std::string> At;
          for (unsigned D = 0; D < P.Rank; ++D)
            At.push_back(plusConst(R[D], It->second[D]));
          return sharedAt(E.Index, At);
        }
      }
      return C.Base(E, *Self);
    };
    return EP;
  }

  /// One cell per thread and pass.
  void printSweep(raw_ostream &OS, const TimeTileSweep &SW, const std::vector<std::string> &Lo,
                  const std::vector<std::string> &Hi) const {
    unsigned Depth = openRegion(OS, 3, Lo, Hi);
    std::string Decls, Dom = domain(SW, Decls);
    std::unique_ptr<ExprPrinter> EP = printer(regionIndices());
    OS.indent(2 * Depth) << Decls << "\n";
    OS.indent(2 * Depth) << "if (" << Dom << ") {\n";
    for (unsigned SI : SW.Stmts)
      OS.indent(2 * Depth + 2) << EP->statement(*N.Statements[SI].Body, std::string(2 * Depth + 2, ' '))
                               << " // line " << N.Statements[SI].Loc.Line
                               << "\n";
    OS.indent(2 * Depth) << "}\n";
    closeRegion(OS, Depth);
  }

  /// RowBatch consecutive cells along dimension 0 per thread and pass: the
  /// right-hand sides first (nvcc loads the elements they share once), then
  /// the stores of the cells in the region and the domain.
  void printBatchedSweep(raw_ostream &OS, const TimeTileSweep &SW, const std::vector<std::string> &Lo,
                         const std::vector<std::string> &Hi) const {
    const Statement &St = N.Statements[SW.Stmts[0]];
    int64_t KB = SW.RowBatch;
    std::vector<std::string> BLo = Lo;
    BLo[0] = Lo[0] + " + (int)threadIdx." + axis(0) + " * " + std::to_string(KB);
    OS.indent(6) << "// " << KB << " consecutive cells along dimension 0 per thread: their right-hand sides "
                 << "first, then the stores\n";
    unsigned Depth = 3;
    for (unsigned D = 0; D < P.Rank; ++D) {
      std::string Start = D == 0 ? BLo[0] : Lo[D] + " + (int)threadIdx." + axis(D);
      int64_t Step = D == 0 ? P.Block[0] * KB : P.Block[D];
      OS.indent(2 * Depth) << "for (int " << r(D) << " = " << Start << "; " << r(D) << " < " << Hi[D] << "; "
                           << r(D) << " += " << Step << ")\n";
      ++Depth;
    }
    OS.indent(2 * Depth) << "{\n";
    ++Depth;
    std::vector<std::string> R = regionIndices();
    R[0] = "loopgpu_q0";
    std::unique_ptr<ExprPrinter> EP = printer(R);
    std::string T = typeStr(St.Body->Ops[0]->Type);
    std::string Decls, Dom = domain(SW, Decls, R);
    OS.indent(2 * Depth) << T << " loopgpu_v[" << KB << "];\n";
    OS.indent(2 * Depth) << "#pragma unroll\n";
    OS.indent(2 * Depth) << "for (int loopgpu_k = 0; loopgpu_k < " << KB << "; ++loopgpu_k) {\n";
    OS.indent(2 * Depth + 2) << "const int loopgpu_q0 = " << r(0) << " + loopgpu_k;\n";
    OS.indent(2 * Depth + 2) << Decls << "\n";
    for (const std::optional<unsigned> &DL : SW.DimLoop)
      if (DL)
        OS.indent(2 * Depth + 2) << "(void)" << N.Loops[*DL].Iterator << ";\n";
    OS.indent(2 * Depth + 2) << "loopgpu_v[loopgpu_k] = " << EP->print(*St.Body->Ops[1]) << "; // line "
                             << St.Loc.Line << "\n";
    OS.indent(2 * Depth) << "}\n";
    OS.indent(2 * Depth) << "#pragma unroll\n";
    OS.indent(2 * Depth) << "for (int loopgpu_k = 0; loopgpu_k < " << KB << "; ++loopgpu_k) {\n";
    OS.indent(2 * Depth + 2) << "const int loopgpu_q0 = " << r(0) << " + loopgpu_k;\n";
    OS.indent(2 * Depth + 2) << Decls << "\n";
    OS.indent(2 * Depth + 2) << "if (loopgpu_q0 < " << Hi[0] << " && " << Dom << ")\n";
    OS.indent(2 * Depth + 4) << EP->print(*St.Body->Ops[0]) << " = loopgpu_v[loopgpu_k];\n";
    OS.indent(2 * Depth) << "}\n";
    closeRegion(OS, Depth);
  }

  void printStores(raw_ostream &OS) const {
    OS << "  // the block's tile of each array to the out buffers\n";
    std::vector<std::string> Lo, Hi;
    for (unsigned D = 0; D < P.Rank; ++D) {
      Lo.push_back(std::to_string(P.HaloLo[D]));
      Hi.push_back(std::to_string(P.HaloLo[D] + P.Tile[D]));
    }
    unsigned Depth = openRegion(OS, 1, Lo, Hi);
    std::vector<std::string> Cs = cells(), R = regionIndices();
    for (unsigned X : P.Arrays) {
      std::vector<std::string> Conds;
      for (unsigned D = 0; D < P.Rank; ++D)
        Conds.push_back(Cs[D] + " < " + extent(X, D));
      OS.indent(2 * Depth) << "if (" << llvm::join(Conds, " && ") << ")\n";
      OS.indent(2 * Depth + 2) << out(X) << "[" << linear(X, Cs) << "] = " << sharedAt(X, R) << ";\n";
    }
    closeRegion(OS, Depth);
    OS << "}\n\n";
  }

  // The streamed form (TimeStreamPlan).

  const TimeStreamPlan &stream() const { return *P.Stream; }
  std::string vname(unsigned V) const {
    const TimeStreamVersion &X = stream().Versions[V];
    return N.Arrays[P.Arrays[X.Array]].Name + (X.Level < 0 ? "_in" : "_" + std::to_string(X.Level + 1));
  }
  std::string window(unsigned V) const { return "loopgpu_w_" + vname(V); }
  std::string ring(unsigned V) const { return "loopgpu_ring_" + vname(V); }
  std::string prefetch(unsigned V) const { return "loopgpu_pf_" + vname(V); }
  std::string elemType(unsigned V) const { return typeStr(N.Arrays[P.Arrays[stream().Versions[V].Array]].ElementType); }
  /// Value V's ring at the row Behind rows before the step's (its slot:
  /// the row modulo the ring's rows, a power of two) and the thread's column
  /// plus Off (dimensions 1 and up; the rows are padded on both sides).
  std::string ringAt(unsigned V, int64_t Behind, const std::vector<int64_t> &Off) const {
    int64_t R = stream().Versions[V].Ring, K = ((-Behind) % R + R) % R;
    std::string S = ring(V) + "[(loopgpu_step" + (K ? " + " + std::to_string(K) : std::string()) + ") & " +
                    std::to_string(R - 1) + "]";
    for (unsigned D = 1; D < P.Rank; ++D)
      S += "[" + plusConst(r(D), stream().PadLo[D] + (Off.empty() ? 0 : Off[D])) + "]";
    return S;
  }
  std::string windowAt(unsigned V, int64_t Age) const {
    return window(V) + "[loopgpu_k][" + std::to_string(Age) + "]";
  }
  /// Shifts value V's window one row older.
  void printShift(raw_ostream &OS, unsigned Indent, unsigned V) const {
    int64_t W = stream().Versions[V].Window;
    if (W < 2)
      return;
    OS.indent(Indent) << "#pragma unroll\n";
    OS.indent(Indent) << "for (int loopgpu_j = " << W - 1 << "; loopgpu_j > 0; --loopgpu_j) " << window(V)
                      << "[loopgpu_k][loopgpu_j] = " << window(V) << "[loopgpu_k][loopgpu_j - 1];\n";
  }

  void printStreamHeader(raw_ostream &OS) const {
    const TimeStreamPlan &S = stream();
    OS << "// line " << L.Loc.Line << ": loop " << L.Iterator << " time-tiled, " << P.Why << ".\n";
    OS << "// A block owns a tile of " << (P.Rank == 3 ? "the plane of dimensions 1 and 2" : "dimension 1")
       << " widened by its halo and a chunk of rows of dimension 0,\n// and marches along dimension 0 a row per step "
          "with every level (a sweep of one iteration) of up to\n// "
       << P.Depth << " iterations in flight, each some rows behind the load: a thread keeps its columns' newest rows in\n"
       << "// registers and shares them with the other columns through rings of rows in shared memory, one\n"
       << "// barrier per step; the last level of each array stores the chunk's rows to the out buffers.\n";
    OS << "__global__ void __launch_bounds__(" << S.Threads << ", " << std::max<int64_t>(1, S.MinBlocks) << ") " << P.Name
       << "(" << llvm::join(kernelParams(), ", ") << ") {\n";
    OS << "  extern __shared__ __align__(16) unsigned char loopgpu_smem[];\n";
    std::string Dims;
    for (unsigned D = 1; D < P.Rank; ++D)
      Dims += "[" + std::to_string(S.ringExtent(P.extent(D), D)) + "]";
    for (unsigned V = 0; V < S.Versions.size(); ++V) {
      const TimeStreamVersion &X = S.Versions[V];
      if (!X.Ring)
        continue;
      std::string T = elemType(V);
      OS << "  " << T << " (*const " << ring(V) << ")" << Dims << " = reinterpret_cast<" << T << " (*)" << Dims
         << ">(loopgpu_smem + " << X.SharedOffset << "); // " << what(V) << ": its " << X.Ring
         << " newest rows, padded\n";
    }
    for (unsigned D = 0; D < P.Rank; ++D)
      OS << "  const int " << o(D) << " = (int)blockIdx." << axis(D) << " * " << (D == 0 ? "loopgpu_chunk" : std::to_string(P.Tile[D]))
         << " - " << P.HaloLo[D] << "; // dimension " << D << ": the "
         << (D == 0 ? "chunk's first row" : "tile's first element") << " less the halo\n";
    OS << "  // the thread's columns: cells of the plane\n";
    for (unsigned D = 1; D < P.Rank; ++D)
      OS << "  int loopgpu_c" << D << "[" << S.Columns << "];\n";
    OS << "  #pragma unroll\n  for (int loopgpu_k = 0; loopgpu_k < " << S.Columns << "; ++loopgpu_k) {\n";
    OS << "    const int loopgpu_col = (int)threadIdx.x + loopgpu_k * " << S.Threads << ";\n";
    if (P.Rank == 2)
      OS << "    loopgpu_c1[loopgpu_k] = loopgpu_col;\n";
    else
      OS << "    loopgpu_c1[loopgpu_k] = loopgpu_col / " << P.extent(2) << ";\n    loopgpu_c2[loopgpu_k] = loopgpu_col % "
         << P.extent(2) << ";\n";
    OS << "  }\n";
    OS << "  // each value's newest rows at the thread's columns, the newest first\n";
    for (unsigned V = 0; V < S.Versions.size(); ++V)
      if (S.Versions[V].Window)
        OS << "  " << elemType(V) << " " << window(V) << "[" << S.Columns << "][" << S.Versions[V].Window
           << "] = {}; // " << what(V) << "\n";
    for (unsigned V = 0; V < S.Versions.size(); ++V)
      if (loaded(V))
        OS << "  " << elemType(V) << " " << prefetch(V) << "[" << S.Columns << "] = {}; // " << what(V)
           << ": the next row, loaded a step ahead\n";
    // Where each array's rows sit at the thread's columns: the element in
    // the chunk's row 0, whether the column is inside the array (for the
    // loads) and inside the block's tile (for the stores), so that a step
    // adds its row to the element and checks the row alone.
    for (unsigned I = 0; I < P.Arrays.size(); ++I) {
      const std::string &A = N.Arrays[P.Arrays[I]].Name;
      OS << "  long long " << columnAt(I) << "[" << S.Columns << "]; // " << A << " at the thread's columns in row 0\n";
      OS << "  bool " << columnIn(I) << "[" << S.Columns << "], " << columnMine(I) << "[" << S.Columns
         << "]; // the column inside " << A << "; and inside the tile\n";
    }
    OS << "  #pragma unroll\n  for (int loopgpu_k = 0; loopgpu_k < " << S.Columns << "; ++loopgpu_k) {\n";
    OS << "    " << planeCols() << "\n";
    for (unsigned I = 0; I < P.Arrays.size(); ++I) {
      unsigned X = P.Arrays[I];
      std::vector<std::string> Cs = cells(), In = {r(1) + " < " + std::to_string(P.extent(1))}, Mine;
      Cs[0] = "(long long)" + o(0);
      for (unsigned D = 1; D < P.Rank; ++D) {
        In.push_back(Cs[D] + " >= 0 && " + Cs[D] + " < " + extent(X, D));
        Mine.push_back(r(D) + " >= " + std::to_string(P.HaloLo[D]) + " && " + r(D) + " < " +
                       std::to_string(P.HaloLo[D] + P.Tile[D]) + " && " + Cs[D] + " < " + extent(X, D));
      }
      OS << "    " << columnAt(I) << "[loopgpu_k] = " << linear(X, Cs) << ";\n";
      OS << "    " << columnIn(I) << "[loopgpu_k] = " << llvm::join(In, " && ") << ";\n";
      OS << "    " << columnMine(I) << "[loopgpu_k] = " << llvm::join(Mine, " && ") << ";\n";
    }
    OS << "  }\n";
  }
  std::string columnAt(unsigned I) const { return "loopgpu_at_" + N.Arrays[P.Arrays[I]].Name; }
  std::string columnIn(unsigned I) const { return "loopgpu_inside_" + N.Arrays[P.Arrays[I]].Name; }
  std::string columnMine(unsigned I) const { return "loopgpu_mine_" + N.Arrays[P.Arrays[I]].Name; }
  /// Element of array I at row loopgpu_r0 of the thread's column.
  std::string columnElement(unsigned I) const {
    unsigned X = P.Arrays[I];
    std::string Row = extent(X, 1);
    for (unsigned D = 2; D < P.Rank; ++D)
      Row += " * " + extent(X, D);
    return columnAt(I) + "[loopgpu_k] + (long long)" + r(0) + " * " + Row;
  }

  bool loaded(unsigned V) const {
    const TimeStreamVersion &X = stream().Versions[V];
    return X.Level < 0 && X.Window + X.Ring > 0;
  }
  std::string what(unsigned V) const {
    const TimeStreamVersion &X = stream().Versions[V];
    std::string A = N.Arrays[P.Arrays[X.Array]].Name;
    if (X.Level < 0)
      return A + " on entry";
    const TimeStreamLevel &Lv = stream().Levels[X.Level];
    return A + " after sweep " + std::to_string(Lv.Sweep + 1) + " of iteration " + std::to_string(Lv.Iteration + 1);
  }
  std::string planeCols() const {
    std::string S;
    for (unsigned D = 1; D < P.Rank; ++D)
      S += "const int " + r(D) + " = loopgpu_c" + std::to_string(D) + "[loopgpu_k]; ";
    return S;
  }

  /// The loads of row loopgpu_r0 of the arrays on entry into their prefetch
  /// registers (dead-on-entry arrays only outside their first writer's domain).
  void printPrefetch(raw_ostream &OS, unsigned Indent, unsigned V) const {
    unsigned I = stream().Versions[V].Array, X = P.Arrays[I];
    std::vector<std::string> Cs = cells(), Conds = {"loopgpu_r0 < loopgpu_chunk + " + std::to_string(P.HaloLo[0] + P.HaloHi[0]),
                                                    Cs[0] + " >= 0 && " + Cs[0] + " < " + extent(X, 0),
                                                    columnIn(I) + "[loopgpu_k]"};
    std::string Decls;
    if (P.DeadOnEntry[I])
      Conds.push_back("!(" + domain(P.Sweeps[P.FirstWriter[I]], Decls) + ")");
    OS.indent(Indent) << "{\n";
    if (!Decls.empty())
      OS.indent(Indent + 2) << Decls << "// " << N.Arrays[X].Name
                            << " is written before it is read: only the cells outside that sweep's domain\n";
    OS.indent(Indent + 2) << "if (" << llvm::join(Conds, " && ") << ")\n";
    OS.indent(Indent + 4) << prefetch(V) << "[loopgpu_k] = " << in(X) << "[" << columnElement(I) << "];\n";
    OS.indent(Indent) << "}\n";
  }

  void printStreamBody(raw_ostream &OS) const {
    const TimeStreamPlan &S = stream();
    OS << "  { // row 0 of the arrays on entry\n";
    OS << "    const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")loopgpu_first;\n";
    OS << "    (void)" << L.Iterator << ";\n";
    OS << "    const int loopgpu_r0 = 0;\n";
    OS << "    #pragma unroll\n    for (int loopgpu_k = 0; loopgpu_k < " << S.Columns << "; ++loopgpu_k) {\n";
    OS << "      " << planeCols() << "\n";
    for (unsigned V = 0; V < S.Versions.size(); ++V)
      if (loaded(V))
        printPrefetch(OS, 6, V);
    OS << "    }\n  }\n";
    std::string Inside = rowsInside();
    if (Inside.empty()) {
      printStepLoop(OS, false);
      OS << "}\n\n";
      return;
    }
    OS << "  // Blocks a chunk away from the borders: every row each level makes in this launch lies\n"
          "  // inside its sweep's rows, and the step loop's copy for them leaves the rows' checks out.\n";
    OS << "  bool loopgpu_rows_inside = true;\n" << Inside;
    std::string Loop;
    for (bool RowsInside : {true, false}) {
      OS << (RowsInside ? "  if (loopgpu_rows_inside) {\n" : "  } else {\n");
      Loop.clear();
      llvm::raw_string_ostream LS(Loop);
      printStepLoop(LS, RowsInside);
      for (llvm::StringRef Line : llvm::split(llvm::StringRef(Loop).rtrim('\n'), '\n'))
        OS << (Line.empty() ? "" : "  ") << Line << "\n";
    }
    OS << "  }\n}\n\n";
  }

  /// The statements setting loopgpu_rows_inside: for each sweep with a
  /// row loop, the rows its levels make over the launch's steps (from
  /// the largest skew's first to the smallest's last) inside the loop's
  /// bounds; empty where no level checks rows.
  std::string rowsInside() const {
    const TimeStreamPlan &S = stream();
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    for (unsigned K = 0; K < P.Sweeps.size(); ++K) {
      const TimeTileSweep &SW = P.Sweeps[K];
      if (!SW.DimLoop[0])
        continue;
      const Loop &SL = N.Loops[*SW.DimLoop[0]];
      AffVar T = AffVar::iterator(L.Id);
      bool ByIteration = SL.Lower.uses(T) || SL.Upper.uses(T);
      // Levels of the sweep with bounds alike (all of them, unless the
      // bounds depend on the time loop's iterator).
      std::vector<std::vector<unsigned>> Groups;
      for (unsigned V = 0; V < S.Versions.size(); ++V) {
        const TimeStreamVersion &X = S.Versions[V];
        if (X.Level < 0 || S.Levels[X.Level].Sweep != K)
          continue;
        if (Groups.empty() || ByIteration)
          Groups.emplace_back();
        Groups.back().push_back(V);
      }
      for (const std::vector<unsigned> &G : Groups) {
        int64_t Least = S.Versions[G.front()].Skew, Most = Least;
        std::vector<std::string> Levels;
        for (unsigned V : G) {
          Least = std::min(Least, S.Versions[V].Skew);
          Most = std::max(Most, S.Versions[V].Skew);
          Levels.push_back(std::to_string(S.Versions[V].Level + 1));
        }
        const Statement &St = N.Statements[SW.Stmts[0]];
        OS << "  { // level" << (G.size() > 1 ? "s " : " ") << llvm::join(Levels, ", ") << " (line " << St.Loc.Line
           << "): rows " << -Most << " to the chunk's + " << S.Extra - 1 - Least << "\n";
        if (ByIteration)
          OS << "    const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")(loopgpu_first + "
             << S.Levels[S.Versions[G.front()].Level].Iteration * L.Step << "LL);\n";
        std::string First = plusConst("(long long)" + o(0), -Most - SW.Shift[0]),
                    Last = plusConst("(long long)" + o(0) + " + loopgpu_chunk", S.Extra - 1 - Least - SW.Shift[0]);
        OS << "    loopgpu_rows_inside = loopgpu_rows_inside && " << First << " >= " << affIn64Bits(N, SL.Lower)
           << " && " << Last << " <= " << affIn64Bits(N, SL.Upper) << ";\n  }\n";
      }
    }
    return Out;
  }

  /// The step loop; RowsInside: for blocks whose levels' rows are all
  /// inside their sweeps' rows (rowsInside), without the rows' checks.
  void printStepLoop(raw_ostream &OS, bool RowsInside) const {
    const TimeStreamPlan &S = stream();
    if (S.Unroll > 1)
      OS << "  #pragma unroll " << S.Unroll << " // the windows' and rings' rows come back to their registers and slots\n";
    OS << "  for (int loopgpu_step = 0; loopgpu_step < loopgpu_chunk + " << S.Extra << "; ++loopgpu_step) {\n";
    OS << "    #pragma unroll\n    for (int loopgpu_k = 0; loopgpu_k < " << S.Columns << "; ++loopgpu_k) {\n";
    OS << "      " << planeCols() << "\n";
    if (S.Columns * S.Threads > P.extent(1) * (P.Rank == 3 ? P.extent(2) : 1))
      OS << "      if (" << r(1) << " >= " << P.extent(1) << ") // past the plane\n        continue;\n";
    for (unsigned V = 0; V < S.Versions.size(); ++V) {
      if (S.Versions[V].Level < 0) {
        if (loaded(V))
          printStreamLoad(OS, V);
        continue;
      }
      printLevel(OS, V, RowsInside);
    }
    OS << "    }\n    __syncthreads();\n  }\n";
  }

  void printStreamLoad(raw_ostream &OS, unsigned V) const {
    const TimeStreamVersion &X = stream().Versions[V];
    OS << "      { // " << what(V) << ": row loopgpu_step, loaded a step ahead\n";
    printShift(OS, 8, V);
    if (X.Window)
      OS.indent(8) << windowAt(V, 0) << " = " << prefetch(V) << "[loopgpu_k];\n";
    if (X.Ring)
      OS.indent(8) << ringAt(V, 0, {}) << " = " << prefetch(V) << "[loopgpu_k];\n";
    OS.indent(8) << "const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")loopgpu_first;\n";
    OS.indent(8) << "(void)" << L.Iterator << ";\n";
    OS.indent(8) << "const int loopgpu_r0 = loopgpu_step + 1;\n";
    printPrefetch(OS, 8, V);
    OS << "      }\n";
  }

  /// Level V at its row (loopgpu_step - Skew) of every column: its value
  /// where the cell is in the sweep's domain (and the iteration runs), the
  /// value before it elsewhere; no range checks (rows and columns no later
  /// level reads get values never used), but for the store of the tile.
  void printLevel(raw_ostream &OS, unsigned V, bool RowsInside) const {
    const TimeStreamPlan &S = stream();
    const TimeStreamVersion &X = S.Versions[V];
    const TimeStreamLevel &Lv = S.Levels[X.Level];
    const TimeTileSweep &SW = P.Sweeps[Lv.Sweep];
    const Statement &St = N.Statements[SW.Stmts[0]];
    OS << "      { // level " << X.Level + 1 << ": " << what(V) << " (line " << St.Loc.Line << "), " << X.Skew
       << " rows behind the load\n";
    printShift(OS, 8, V);
    OS.indent(8) << "const int loopgpu_r0 = loopgpu_step - " << X.Skew << ";\n";
    OS.indent(8) << "const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")(loopgpu_first + "
                 << Lv.Iteration * L.Step << "LL);\n";
    OS.indent(8) << "(void)" << L.Iterator << ";\n";
    std::string Decls, Dom = domain(SW, Decls, regionIndices(), RowsInside);
    OS.indent(8) << Decls << "\n";
    const TimeStreamVersion &B = S.Versions[Lv.Before];
    std::string Before = windowAt(Lv.Before, X.Skew - B.Skew);
    auto EP = std::make_unique<ExprPrinter>(N);
    const ExprPrinter *Self = EP.get();
    EP->Override = [&, Self](const Expr &E) -> std::optional<std::string> {
      if (E.K == Expr::Kind::ArrayRef && E.AccessId >= 0) {
        auto Src = Lv.Source.find(static_cast<unsigned>(E.AccessId));
        if (Src != Lv.Source.end()) {
          const std::vector<int64_t> &Off = P.Offsets.at(Src->first);
          const TimeStreamVersion &F = S.Versions[Src->second];
          if (TimeStreamPlan::ownColumn(Off))
            return windowAt(Src->second, X.Skew - F.Skew - Off[0]);
          return ringAt(Src->second, X.Skew - Off[0], Off);
        }
      }
      return C.Base(E, *Self);
    };
    std::vector<std::string> Conds;
    if (Lv.Iteration)
      Conds.push_back(std::to_string(Lv.Iteration) + " < loopgpu_steps");
    if (Dom != "true")
      Conds.push_back(Dom);
    std::string Op = St.Body->Op, Rhs = EP->print(*St.Body->Ops[1]);
    std::string Value = Op == "=" ? "(" + Rhs + ")" : "(" + Before + " " + Op.substr(0, Op.size() - 1) + " (" + Rhs + "))";
    if (Conds.empty()) {
      OS.indent(8) << windowAt(V, 0) << " = " << Value << "; // line " << St.Loc.Line << "\n";
    } else if (Lv.Select) {
      OS.indent(8) << "// the sweep's value in its domain, the value before it outside\n";
      OS.indent(8) << windowAt(V, 0) << " = " << llvm::join(Conds, " && ") << "\n";
      OS.indent(12) << "? " << Value << " // line " << St.Loc.Line << "\n";
      OS.indent(12) << ": " << Before << ";\n";
    } else {
      OS.indent(8) << windowAt(V, 0) << " = " << Before << "; // outside the domain: as before\n";
      OS.indent(8) << "if (" << llvm::join(Conds, " && ") << ")\n";
      OS.indent(10) << windowAt(V, 0) << " = " << Value << "; // line " << St.Loc.Line << "\n";
    }
    if (X.Ring)
      OS.indent(8) << ringAt(V, X.Skew, {}) << " = " << windowAt(V, 0) << ";\n";
    if (X.Final) {
      unsigned A = P.Arrays[X.Array];
      std::string Row = o(0) + " + " + r(0);
      OS.indent(8) << "if (" << r(0) << " >= " << P.HaloLo[0] << " && " << r(0) << " < "
                   << plusConst("loopgpu_chunk", P.HaloLo[0]) << " && " << Row << " < " << extent(A, 0) << " && "
                   << columnMine(X.Array) << "[loopgpu_k]) // the tile: its value after the launch\n";
      OS.indent(10) << out(A) << "[" << columnElement(X.Array) << "] = " << windowAt(V, 0) << ";\n";
    }
    OS << "      }\n";
  }

  /// The grid's extent along D: the largest chunk array's.
  std::string spaceExtent(unsigned D) const {
    std::string E = extent(P.Arrays[0], D);
    for (size_t I = 1; I < P.Arrays.size(); ++I)
      E = "loopgpu_max(" + E + ", " + extent(P.Arrays[I], D) + ")";
    return E;
  }

  /// The streamed form's chunk of rows: of the candidates, the one whose
  /// waves of blocks (as many as the GPU holds at once) take the fewest
  /// steps; ties go to the larger chunk.
  void printChunkChoice(raw_ostream &OS) const {
    const TimeStreamPlan &S = stream();
    std::string B0 = std::string("loopgpu_b") + "xyz"[P.Rank - 1], Other;
    for (unsigned D = 1; D < P.Rank; ++D)
      Other += std::string(" * loopgpu_b") + "xyz"[P.Rank - 1 - D];
    std::vector<std::string> Chunks;
    for (int64_t C : S.Chunks)
      Chunks.push_back(std::to_string(C));
    OS << "  // the chunk of rows: the fewest steps over the waves of blocks this GPU runs at once\n";
    OS << "  long long loopgpu_chunk = " << S.Chunks.front() << ";\n  {\n";
    OS << "    int loopgpu_dev = 0, loopgpu_sms = 1, loopgpu_per_sm = 1;\n";
    OS << "    LOOPGPU_CHECK(cudaGetDevice(&loopgpu_dev));\n";
    OS << "    LOOPGPU_CHECK(cudaDeviceGetAttribute(&loopgpu_sms, cudaDevAttrMultiProcessorCount, loopgpu_dev));\n";
    OS << "    LOOPGPU_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&loopgpu_per_sm, " << P.Name << ", "
       << S.Threads << ", " << P.SharedBytes << "));\n";
    OS << "    const long long loopgpu_slots = (long long)loopgpu_sms * (loopgpu_per_sm > 0 ? loopgpu_per_sm : 1);\n";
    OS << "    const long long loopgpu_chunks[] = {" << llvm::join(Chunks, ", ") << "};\n";
    OS << "    long long loopgpu_best = -1;\n";
    OS << "    for (long long loopgpu_c : loopgpu_chunks) {\n";
    OS << "      const long long loopgpu_n = (" << spaceExtent(0) << " + loopgpu_c - 1) / loopgpu_c" << Other << ";\n";
    OS << "      const long long loopgpu_cost = (loopgpu_n + loopgpu_slots - 1) / loopgpu_slots * (loopgpu_c + "
       << S.Extra << ");\n";
    OS << "      if (loopgpu_best < 0 || loopgpu_cost <= loopgpu_best) {\n";
    OS << "        loopgpu_best = loopgpu_cost;\n        loopgpu_chunk = loopgpu_c;\n      }\n    }\n";
    OS << "    " << B0 << " = (" << spaceExtent(0) << " + loopgpu_chunk - 1) / loopgpu_chunk;\n  }\n";
  }

  void printRun(raw_ostream &OS) const {
    OS << "// Iterations first, first " << (L.Step > 0 ? "+ " : "- ") << (L.Step > 0 ? L.Step : -L.Step)
       << ", ... (count of them) of loop " << L.Iterator << " (line " << L.Loc.Line << ") by " << P.Name
       << ", up to " << P.Depth << " per launch,\n// each launch reading one buffer of each array and writing the "
          "other. Returns false, having run\n// nothing, where the grid has fewer than min_blocks blocks or the "
          "second buffers cannot be allocated.\n";
    std::vector<std::string> Decls = {"long long loopgpu_first", "long long loopgpu_count_it", "long long loopgpu_min_blocks"};
    Decls.insert(Decls.end(), C.ParamDecls.begin(), C.ParamDecls.end());
    OS << "static bool " << P.Name << "_run(" << llvm::join(Decls, ", ") << ") {\n";
    // The streamed form's rows: the smallest chunk here (the most blocks),
    // the host's choice below.
    std::vector<int64_t> Tile = P.Tile;
    int64_t Largest = Tile[0];
    if (P.Stream) {
      Tile[0] = P.Stream->Chunks.front();
      Largest = P.Stream->Chunks.back();
    }
    std::string Blocks[3] = {"1", "1", "1"};
    for (unsigned D = 0; D < P.Rank; ++D)
      Blocks[P.Rank - 1 - D] = "(" + spaceExtent(D) + " + " + std::to_string(Tile[D] - 1) + ") / " + std::to_string(Tile[D]);
    OS << "  " << (P.Stream ? "" : "const ") << "long long loopgpu_bx = " << Blocks[0] << ", loopgpu_by = " << Blocks[1]
       << ", loopgpu_bz = " << Blocks[2] << ";\n";
    OS << "  // cells are numbered in int inside the kernel\n";
  std::vector<std::string> Fits;
  for (unsigned D = 0; D < P.Rank; ++D)
    Fits.push_back(spaceExtent(D) + " > " + std::to_string(2147483647 - std::max(Tile[D], D ? 0 : Largest) - P.HaloLo[D] - P.HaloHi[D]));
  OS << "  if (" << llvm::join(Fits, " || ") << ")\n    return false;\n";
  OS << "  if (loopgpu_count_it < 2 || loopgpu_bx * loopgpu_by * loopgpu_bz < loopgpu_min_blocks || loopgpu_bx < 1 ||\n"
       << "      loopgpu_by < 1 || loopgpu_bz < 1 || loopgpu_bx > 2147483647 || loopgpu_by > 65535 || loopgpu_bz > 65535)\n"
       << "    return false;\n";
    OS << "  bool loopgpu_ok = true;\n";
    for (unsigned X : P.Arrays) {
      std::string T = typeStr(N.Arrays[X].ElementType);
      std::vector<std::string> Ext;
      for (unsigned D = 0; D < P.Rank; ++D)
        Ext.push_back("(long long)" + extent(X, D));
      OS << "  const size_t loopgpu_bytes_" << N.Arrays[X].Name << " = loopgpu_bytes(loopgpu_count({"
         << llvm::join(Ext, ", ") << "}), sizeof(" << T << "));\n";
      OS << "  " << T << " *" << twin(X) << " = NULL;\n";
      OS << "  loopgpu_ok = loopgpu_ok && cudaMallocAsync((void **)&" << twin(X) << ", loopgpu_bytes_"
         << N.Arrays[X].Name << " > 0 ? loopgpu_bytes_" << N.Arrays[X].Name << " : 1, 0) == cudaSuccess;\n";
    }
    auto Frees = [&](unsigned Depth) {
      for (unsigned X : P.Arrays)
        OS.indent(2 * Depth) << "if (" << twin(X) << ")\n", OS.indent(2 * Depth + 2) << "LOOPGPU_CHECK(cudaFreeAsync("
                                                                                     << twin(X) << ", 0));\n";
    };
    OS << "  if (!loopgpu_ok) { // no memory for the second buffers: the loop runs as before\n";
    OS << "    (void)cudaGetLastError();\n";
    Frees(2);
    OS << "    return false;\n  }\n";
  OS << "  const cudaError_t loopgpu_smem_attr = cudaFuncSetAttribute(" << P.Name
       << ", cudaFuncAttributeMaxDynamicSharedMemorySize, " << P.SharedBytes << ");\n";
    OS << "  LOOPGPU_CHECK(loopgpu_smem_attr);\n";
    if (P.Stream)
      printChunkChoice(OS);
    OS << "  if (loopgpu_tracing())\n";
  OS << "    fprintf(stderr, \"loopgpu: " << P.Name << ": %lld iterations time-tiled, up to " << P.Depth
     << " per launch, %lld blocks" << (P.Stream ? " of %lld rows" : "") << "\\n\", loopgpu_count_it, loopgpu_bx * loopgpu_by * loopgpu_bz" << (P.Stream ? ", loopgpu_chunk" : "") << ");\n";
    std::string B[3] = {"1", "1", "1"};
    for (unsigned D = 0; D < P.Rank; ++D)
      B[P.Rank - 1 - D] = std::to_string(P.Block[D]);
    OS << "  const dim3 loopgpu_grid((unsigned)loopgpu_bx, (unsigned)loopgpu_by, (unsigned)loopgpu_bz), loopgpu_block("
       << B[0] << ", " << B[1] << ", " << B[2] << ");\n";
    for (unsigned X : P.Arrays) {
      std::string T = typeStr(N.Arrays[X].ElementType), A = N.Arrays[X].Name;
      OS << "  " << T << " *" << in(X) << " = " << A << ", *" << out(X) << " = " << twin(X) << ";\n";
    }
    OS << "  for (long long loopgpu_done = 0; loopgpu_done < loopgpu_count_it; loopgpu_done += " << P.Depth << ") {\n";
    OS << "    const int loopgpu_steps = (int)loopgpu_min(" << P.Depth << ", loopgpu_count_it - loopgpu_done);\n";
    OS << "    " << P.Name << "<<<loopgpu_grid, loopgpu_block, " << P.SharedBytes << ">>>("
       << llvm::join(kernelArgs(), ", ") << ");\n";
    OS << "    LOOPGPU_CHECK(cudaGetLastError());\n";
    for (unsigned X : P.Arrays)
      OS << "    std::swap(" << in(X) << ", " << out(X) << ");\n";
    OS << "  }\n";
    for (unsigned X : P.Arrays) {
      std::string A = N.Arrays[X].Name;
      OS << "  if (" << in(X) << " != " << A << " && loopgpu_bytes_" << A << " > 0) // the last launch wrote the second buffer\n";
      OS << "    LOOPGPU_CHECK(cudaMemcpyAsync(" << A << ", " << in(X) << ", loopgpu_bytes_" << A
         << ", cudaMemcpyDeviceToDevice, 0));\n";
    }
    Frees(1);
    OS << "  return true;\n}\n\n";
  }

private:
  const TimeTileContext &C;
  const Nest &N;
  const TimeTilePlan &P;
  const Loop &L;
};

} // namespace

void printTimeTileKernel(llvm::raw_ostream &OS, const TimeTileContext &C) {
  TimeTileWriter W(C);
  if (C.plan().Stream) {
    W.printStreamHeader(OS);
    W.printStreamBody(OS);
  } else {
    W.printHeader(OS);
    W.printLoads(OS);
    W.printSweeps(OS);
    W.printStores(OS);
  }
  W.printRun(OS);
}

std::string timeTileDispatch(const TimeTileContext &C) {
  const TimeTilePlan &P = C.plan();
  const Loop &L = C.loop();
  std::string Start = L.Step > 0 ? affIn64Bits(C.N, L.Lower) : affIn64Bits(C.N, L.Upper);
  std::vector<std::string> Args = {"(long long)(" + Start + ")",
                                   "loopgpu_trip(" + affIn64Bits(C.N, L.Lower) + ", " + affIn64Bits(C.N, L.Upper) +
                                       ", " + std::to_string(L.Step) + ")",
                                   "loopgpu_env_or(\"LOOPGPU_TIME_TILE_MIN_BLOCKS\", " + std::to_string(P.MinBlocks) + ")"};
  Args.insert(Args.end(), C.ParamNames.begin(), C.ParamNames.end());
  return P.Name + "_run(" + llvm::join(Args, ", ") + ")";
}

} // namespace loopgpu
