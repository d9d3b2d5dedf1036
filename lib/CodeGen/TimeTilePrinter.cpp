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
  /// loop bounds (the streamed form's clean steps), which are left out;
  /// ColsInside: the same for the other dimensions' loops.
  /// ColsOnly: the columns' conditions alone (dimensions 1 and up).
  std::string domain(const TimeTileSweep &SW, std::string &Decls, const std::vector<std::string> &R,
                     bool RowsInside = false, bool ColsInside = false, bool ColsOnly = false) const {
    std::vector<std::string> Conds;
    for (unsigned D = ColsOnly ? 1 : 0; D < P.Rank; ++D) {
      std::string Cell = o(D) + " + " + R[D];
      if (!SW.DimLoop[D]) {
        Conds.push_back(Cell + " == " + affIn64Bits(N, *SW.Fixed[D]));
        continue;
      }
      const Loop &SL = N.Loops[*SW.DimLoop[D]];
      Decls += "const " + typeStr(SL.IteratorType) + " " + SL.Iterator + " = (" + typeStr(SL.IteratorType) + ")(" +
               plusConst(Cell, -SW.Shift[D]) + "); ";
      if (D == 0 ? RowsInside : ColsInside) {
        Decls += "(void)" + SL.Iterator + "; ";
        continue;
      }
      Conds.push_back(SL.Iterator + " >= " + affIn64Bits(N, SL.Lower) + " && " + SL.Iterator +
                      " <= " + affIn64Bits(N, SL.Upper));
    }
    return Conds.empty() ? "true" : llvm::join(Conds, " && ");
  }

  std::vector<std::string> kernelParams() const {
    std::vector<std::string> Out = {"long long loopgpu_first", "int loopgpu_steps", "bool loopgpu_last"};
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
    std::vector<std::string> Out = {"loopgpu_first + loopgpu_done * " + std::to_string(L.Step), "loopgpu_steps",
                                    "loopgpu_done + loopgpu_steps >= loopgpu_count_it"};
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

  /// Why a dead-on-entry array's cells inside its first writer's domain are
  /// stored by the loop's last launch alone.
  std::string deadNote(size_t I) const {
    return N.Arrays[P.Arrays[I]].Name + " is written before it is read: the next launch reads only the cells outside "
           "its first writer's domain, so the others are stored by the last launch alone";
  }
  /// The condition under which a launch stores dead-on-entry array I's cell
  /// (o + r): the last launch stores every cell, the others those the next
  /// launch loads, outside the first writer's domain in its first iteration
  /// (declared in Decls where the domain depends on the time loop's
  /// iterator). Known: the caller knows the row, or also the columns, inside
  /// that domain (then none of the next launch's first iteration differs).
  std::string deadStore(size_t I, std::string &Decls, bool RowsKnown = false, bool ColsKnown = false) const {
    unsigned K = P.FirstWriter[I];
    if (byIteration(K)) {
      Decls += "const " + iterType() + " " + L.Iterator + " = (" + iterType() +
               ")(loopgpu_first + (long long)loopgpu_steps * " + std::to_string(L.Step) + "); (void)" + L.Iterator +
               "; ";
      RowsKnown = ColsKnown = false;
    }
    std::string Dom = domain(P.Sweeps[K], Decls, regionIndices(), RowsKnown, ColsKnown);
    return Dom == "true" ? "loopgpu_last" : "(loopgpu_last || !(" + Dom + "))";
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
    for (size_t I = 0; I < P.Arrays.size(); ++I) {
      unsigned X = P.Arrays[I];
      std::vector<std::string> Conds;
      for (unsigned D = 0; D < P.Rank; ++D)
        Conds.push_back(Cs[D] + " < " + extent(X, D));
      if (P.DeadOnEntry[I]) {
        std::string Decls, Cond = deadStore(I, Decls);
        OS.indent(2 * Depth) << "{ // " << deadNote(I) << "\n";
        OS.indent(2 * Depth + 2) << Decls << "\n";
        Conds.push_back(Cond);
        OS.indent(2 * Depth + 2) << "if (" << llvm::join(Conds, " && ") << ")\n";
        OS.indent(2 * Depth + 4) << out(X) << "[" << linear(X, Cs) << "] = " << sharedAt(X, R) << ";\n";
        OS.indent(2 * Depth) << "}\n";
        continue;
      }
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
  /// Elements of array I in a row (dimension 0).
  std::string rowElements(unsigned I) const {
    unsigned X = P.Arrays[I];
    std::string Row = extent(X, 1);
    for (unsigned D = 2; D < P.Rank; ++D)
      Row += " * " + extent(X, D);
    return Row;
  }
  /// The offset of row loopgpu_step in array I: advanced a row per step
  /// (one offset for the arrays whose rows have as many elements as the
  /// first array's).
  std::string rowOffset(unsigned I) const {
    unsigned O = rowOwner(I);
    return O == 0 ? "loopgpu_row" : "loopgpu_row_" + N.Arrays[P.Arrays[O]].Name;
  }
  unsigned rowOwner(unsigned I) const {
    for (unsigned J = 0; J < I; ++J)
      if (rowElements(J) == rowElements(I))
        return J;
    return I;
  }
  /// Element of array I at row loopgpu_step + Delta of the thread's column.
  std::string columnElement(unsigned I, int64_t Delta) const {
    if (!stream().RowOffsets)
      return columnAt(I) + "[loopgpu_k] + (long long)(" + plusConst("loopgpu_step", Delta) + ") * " + rowElements(I);
    std::string E = columnAt(I) + "[loopgpu_k] + " + rowOffset(I);
    if (Delta)
      E += (Delta > 0 ? " + " : " - ") + std::to_string(Delta > 0 ? Delta : -Delta) + "LL * " + rowElements(I);
    return E;
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

  /// How a step is printed: with every check (the steps near the arrays'
  /// ends, and launches of fewer iterations than the depth), or as a clean
  /// step, whose levels' rows are known inside their sweeps' loops and whose
  /// iterations all run (printCleanRange), also with the columns' checks
  /// left out where the block's needed cells lie inside every sweep's loops
  /// (CleanCols).
  enum class Steps { Checked, Clean, CleanCols };

  /// The loads of row loopgpu_step + Delta of the arrays on entry into their
  /// prefetch registers (dead-on-entry arrays only outside their first
  /// writer's domain, which is all the value on entry is used for: the
  /// value before that sweep; CleanCols: the needed cells' columns are
  /// inside it, so only rows outside it load).
  void printPrefetch(raw_ostream &OS, unsigned Indent, unsigned V, int64_t Delta, Steps Mode) const {
    unsigned I = stream().Versions[V].Array, X = P.Arrays[I];
    std::vector<std::string> Cs = cells(), Conds;
    if (Mode == Steps::Checked || !stream().CleanLoads) {
      Conds.push_back("loopgpu_r0 < loopgpu_chunk + " + std::to_string(P.HaloLo[0] + P.HaloHi[0]));
      Conds.push_back(Cs[0] + " >= 0 && " + Cs[0] + " < " + extent(X, 0));
    }
    Conds.push_back(columnIn(I) + "[loopgpu_k]");
    std::string Decls;
    if (P.DeadOnEntry[I])
      Conds.push_back("!(" + stepDomain(P.FirstWriter[I], Decls, false, Mode == Steps::CleanCols) + ")");
    OS.indent(Indent) << "{\n";
    if (!Decls.empty())
      OS.indent(Indent + 2) << Decls << "// " << N.Arrays[X].Name
                            << " is written before it is read: only the cells outside that sweep's domain\n";
    OS.indent(Indent + 2) << "if (" << llvm::join(Conds, " && ") << ")\n";
    OS.indent(Indent + 4) << prefetch(V) << "[loopgpu_k] = " << in(X) << "[" << columnElement(I, Delta) << "];\n";
    OS.indent(Indent) << "}\n";
  }

  void printStreamBody(raw_ostream &OS) const {
    const TimeStreamPlan &S = stream();
    for (unsigned I = 0; I < P.Arrays.size() && S.RowOffsets; ++I) {
      if (rowOwner(I) != I)
        continue;
      std::vector<std::string> Of;
      for (unsigned J = I; J < P.Arrays.size(); ++J)
        if (rowOwner(J) == I)
          Of.push_back(N.Arrays[P.Arrays[J]].Name);
      OS << "  long long " << rowOffset(I) << " = 0; // row loopgpu_step of " << llvm::join(Of, ", ") << "\n";
    }
    printColsFlags(OS);
    OS << "  { // row 0 of the arrays on entry\n";
    OS << "    const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")loopgpu_first;\n";
    OS << "    (void)" << L.Iterator << ";\n";
    OS << "    const int loopgpu_step = 0, loopgpu_r0 = 0;\n";
    OS << "    (void)loopgpu_step;\n";
    OS << "    #pragma unroll\n    for (int loopgpu_k = 0; loopgpu_k < " << S.Columns << "; ++loopgpu_k) {\n";
    OS << "      " << planeCols() << "\n";
    for (unsigned V = 0; V < S.Versions.size(); ++V)
      if (loaded(V))
        printPrefetch(OS, 6, V, 0, Steps::Checked);
    OS << "    }\n  }\n";
    OS << "  const int loopgpu_total = loopgpu_chunk + " << S.Extra << "; // steps\n";
    printCleanRange(OS);
    bool Cols = S.CleanCols && colsInside(OS);
    std::string Unrolls = "loopgpu_total / " + std::to_string(S.Unroll);
    auto Loop = [&](unsigned Indent, const std::string &From, const std::string &To, Steps Mode) {
      OS.indent(Indent) << "for (int loopgpu_j = " << From << "; loopgpu_j < " << To << "; ++loopgpu_j) {\n";
      if (Mode == Steps::Clean && Cols) {
        OS.indent(Indent + 2) << "if (loopgpu_cols_inside) {\n";
        printUnrolledSteps(OS, Indent + 4, Steps::CleanCols);
        OS.indent(Indent + 2) << "} else {\n";
        printUnrolledSteps(OS, Indent + 4, Steps::Clean);
        OS.indent(Indent + 2) << "}\n";
      } else {
        printUnrolledSteps(OS, Indent + 2, Mode);
      }
      OS.indent(Indent) << "}\n";
    };
    if (S.WholeClean) {
      OS << "  // The steps in whole unrolls of " << S.Unroll
         << ": all clean where every unroll of the block is, else all checked; then the last ones checked\n";
      OS << "  if (loopgpu_clean_first == 0 && loopgpu_clean_end == " << Unrolls << ") {\n";
      Loop(4, "0", Unrolls, Steps::Clean);
      OS << "  } else {\n";
      Loop(4, "0", Unrolls, Steps::Checked);
      OS << "  }\n";
    } else {
      OS << "  // The steps in whole unrolls of " << S.Unroll
         << ": checked, clean, checked; then the last ones checked\n";
      OS << "  const bool loopgpu_some_clean = loopgpu_clean_end > loopgpu_clean_first;\n";
      OS << "  const int loopgpu_clean_from = loopgpu_some_clean ? loopgpu_clean_first : " << Unrolls
         << ", loopgpu_clean_to = loopgpu_some_clean ? loopgpu_clean_end : " << Unrolls << ";\n";
      Loop(2, "0", "loopgpu_clean_from", Steps::Checked);
      Loop(2, "loopgpu_clean_from", "loopgpu_clean_to", Steps::Clean);
      Loop(2, "loopgpu_clean_to", Unrolls, Steps::Checked);
    }
    OS << "  for (int loopgpu_step = loopgpu_total / " << S.Unroll << " * " << S.Unroll
       << "; loopgpu_step < loopgpu_total; ++loopgpu_step) {\n";
    printStep(OS, 4, Steps::Checked);
    OS << "  }\n}\n\n";
  }

  /// Prints loopgpu_clean_lo and loopgpu_clean_hi: the steps (in whole
  /// unrolls of the step loop) at which every level's row lies inside its
  /// sweep's row loop and (CleanLoads) the rows loaded lie inside the chunk
  /// and the arrays and the rows stored inside the chunk's own rows and the
  /// arrays; none where the launch runs fewer iterations than the depth.
  void printCleanRange(raw_ostream &OS) const {
    const TimeStreamPlan &S = stream();
    if (S.CleanLoads)
      OS << "  // The clean steps: every level's row inside its sweep's rows, the rows loaded inside the chunk\n"
            "  // and the arrays, the rows stored inside the chunk's own rows and the arrays, all iterations\n"
            "  // running; in whole unrolls. They leave the rows' checks out.\n";
    else
      OS << "  // The clean steps: every level's row inside its sweep's rows, all iterations running; in whole\n"
            "  // unrolls. They leave the levels' row checks out (the loads and stores keep theirs).\n";
    OS << "  long long loopgpu_clean_lo = 0, loopgpu_clean_hi = loopgpu_total;\n";
    auto Lo = [&](const std::string &E, const std::string &Why) {
      OS << "  loopgpu_clean_lo = loopgpu_max(loopgpu_clean_lo, " << E << "); // " << Why << "\n";
    };
    auto Hi = [&](const std::string &E, const std::string &Why) {
      OS << "  loopgpu_clean_hi = loopgpu_min(loopgpu_clean_hi, " << E << "); // " << Why << "\n";
    };
    std::string O0 = "(long long)" + o(0);
    for (unsigned V = 0; V < S.Versions.size() && S.CleanLoads; ++V) {
      if (!loaded(V))
        continue;
      unsigned X = P.Arrays[S.Versions[V].Array];
      std::string A = N.Arrays[X].Name;
      Hi("loopgpu_chunk + " + std::to_string(P.HaloLo[0] + P.HaloHi[0] - 1), A + ": the row loaded inside the chunk");
      Lo("-1 - " + O0, A + ": the row loaded inside the array");
      Hi(extent(X, 0) + " - 1 - " + O0, A + ": the row loaded inside the array");
    }
    for (unsigned V = 0; V < S.Versions.size() && S.CleanLoads; ++V) {
      const TimeStreamVersion &X = S.Versions[V];
      if (!X.Final)
        continue;
      std::string A = N.Arrays[P.Arrays[X.Array]].Name;
      Lo(std::to_string(P.HaloLo[0] + X.Skew), A + ": the rows stored from the chunk's first");
      Hi("loopgpu_chunk + " + std::to_string(P.HaloLo[0] + X.Skew), A + ": the rows stored to the chunk's last");
      Hi(extent(P.Arrays[X.Array], 0) + " + " + std::to_string(X.Skew) + " - " + O0, A + ": the rows stored inside the array");
    }
    for (unsigned K = 0; K < P.Sweeps.size(); ++K) {
      const TimeTileSweep &SW = P.Sweeps[K];
      if (!SW.DimLoop[0])
        continue;
      const Loop &SL = N.Loops[*SW.DimLoop[0]];
      for (const std::vector<unsigned> &G : levelGroups(K)) {
        int64_t Least = S.Versions[G.front()].Skew, Most = Least;
        std::vector<std::string> Levels;
        for (unsigned V : G) {
          Least = std::min(Least, S.Versions[V].Skew);
          Most = std::max(Most, S.Versions[V].Skew);
          Levels.push_back(std::to_string(S.Versions[V].Level + 1));
        }
        std::string Which = "level" + std::string(G.size() > 1 ? "s " : " ") + llvm::join(Levels, ", ") + " (line " +
                            std::to_string(N.Statements[SW.Stmts[0]].Loc.Line) + ")";
        OS << "  {\n";
        if (byIteration(K))
          OS << "    const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")(loopgpu_first + "
             << S.Levels[S.Versions[G.front()].Level].Iteration * L.Step << "LL);\n    (void)" << L.Iterator << ";\n";
        OS << "  ";
        Lo(plusConst("(" + affIn64Bits(N, SL.Lower) + ") - " + O0, Most + SW.Shift[0]), Which + ": rows from the loop's first");
        OS << "  ";
        Hi(plusConst("(" + affIn64Bits(N, SL.Upper) + ") - " + O0, Least + SW.Shift[0] + 1), Which + ": rows to the loop's last");
        OS << "  }\n";
      }
    }
    if (llvm::any_of(S.Levels, [](const TimeStreamLevel &Lv) { return Lv.Iteration > 0; }))
      OS << "  if (loopgpu_steps < " << P.Depth << ") // the launch's last iterations copy through: every step checks\n"
         << "    loopgpu_clean_hi = 0;\n";
    OS << "  // in unrolls: the first and the one past the last\n";
    OS << "  const int loopgpu_clean_first = (int)((loopgpu_clean_lo + " << S.Unroll - 1 << ") / " << S.Unroll
       << "), loopgpu_clean_end = (int)(loopgpu_clean_hi < loopgpu_clean_lo ? 0 : loopgpu_clean_hi / " << S.Unroll
       << ");\n";
  }

  /// Whether sweep K's loop bounds depend on the time loop's iterator (its
  /// levels' checks then differ by iteration).
  bool byIteration(unsigned K) const {
    AffVar T = AffVar::iterator(L.Id);
    for (const std::optional<unsigned> &DL : P.Sweeps[K].DimLoop)
      if (DL && (N.Loops[*DL].Lower.uses(T) || N.Loops[*DL].Upper.uses(T)))
        return true;
    return false;
  }
  /// Whether sweep K's column conditions (dimensions 1 and up) are kept in a
  /// flag per thread's column for the launch (loopgpu_cols_in_K, read by the
  /// levels' selects; TimeStreamPlan::ColsFlags): not where they move with
  /// the time loop's iterator. bench/RESULTS.md run 42, heat-3d: the blocks
  /// at the plane's borders, which bound its single wave, recomputed four
  /// 64-bit comparisons per level and step.
  bool colsFlag(unsigned K) const {
    if (!stream().ColsFlags)
      return false;
    AffVar T = AffVar::iterator(L.Id);
    const TimeTileSweep &SW = P.Sweeps[K];
    bool Any = false;
    for (unsigned D = 1; D < P.Rank; ++D) {
      if (SW.DimLoop[D]) {
        const Loop &SL = N.Loops[*SW.DimLoop[D]];
        if (SL.Lower.uses(T) || SL.Upper.uses(T))
          return false;
      } else if (SW.Fixed[D] && SW.Fixed[D]->uses(T)) {
        return false;
      }
      Any = true;
    }
    return Any;
  }
  /// Sweep K's column conditions alone, with the declarations they need.
  std::string colsDomain(unsigned K, std::string &Decls) const {
    return domain(P.Sweeps[K], Decls, regionIndices(), false, false, true);
  }
  /// The sweep whose flag sweep K reads: the first of those with the same
  /// columns.
  unsigned flagOwner(unsigned K) const {
    std::string DK, Mine = colsDomain(K, DK);
    for (unsigned J = 0; J < K; ++J) {
      std::string DJ;
      if (colsFlag(J) && colsDomain(J, DJ) == Mine && DJ == DK)
        return J;
    }
    return K;
  }
  std::string colsIn(unsigned K) const { return "loopgpu_cols_in_" + std::to_string(flagOwner(K)); }
  /// Sweep K's domain at the step's cell: its rows' conditions (none where
  /// RowsInside) and its columns' flag (colsFlag) or conditions (none where
  /// ColsInside).
  std::string stepDomain(unsigned K, std::string &Decls, bool RowsInside, bool ColsInside) const {
    if (ColsInside || !colsFlag(K))
      return domain(P.Sweeps[K], Decls, regionIndices(), RowsInside, ColsInside);
    std::string Rows = domain(P.Sweeps[K], Decls, regionIndices(), RowsInside, true);
    return (Rows == "true" ? "" : Rows + " && ") + colsIn(K) + "[loopgpu_k]";
  }
  /// The flags of colsFlag, set before the step loop.
  void printColsFlags(raw_ostream &OS) const {
    const TimeStreamPlan &S = stream();
    std::set<unsigned> Sweeps;
    for (const TimeStreamLevel &Lv : S.Levels)
      Sweeps.insert(Lv.Sweep);
    for (unsigned I = 0; I < P.Arrays.size(); ++I)
      if (P.DeadOnEntry[I])
        Sweeps.insert(P.FirstWriter[I]);
    for (unsigned K : Sweeps) {
      if (!colsFlag(K) || flagOwner(K) != K)
        continue;
      std::string Decls, Dom = colsDomain(K, Decls);
      OS << "  // sweep " << K + 1 << " (line " << N.Statements[P.Sweeps[K].Stmts[0]].Loc.Line
         << "): whether each of the thread's columns lies in its domain's columns\n";
      OS << "  bool " << colsIn(K) << "[" << S.Columns << "];\n";
      OS << "  #pragma unroll\n  for (int loopgpu_k = 0; loopgpu_k < " << S.Columns << "; ++loopgpu_k) {\n";
      OS << "    " << planeCols() << "\n";
      OS << "    " << Decls << "\n";
      OS << "    " << colsIn(K) << "[loopgpu_k] = " << Dom << ";\n  }\n";
    }
  }
  /// Sweep K's levels, grouped by equal bounds (one group, or one per level
  /// where the bounds depend on the time loop's iterator).
  std::vector<std::vector<unsigned>> levelGroups(unsigned K) const {
    const TimeStreamPlan &S = stream();
    std::vector<std::vector<unsigned>> Groups;
    for (unsigned V = 0; V < S.Versions.size(); ++V) {
      const TimeStreamVersion &X = S.Versions[V];
      if (X.Level < 0 || S.Levels[X.Level].Sweep != K)
        continue;
      if (Groups.empty() || byIteration(K))
        Groups.emplace_back();
      Groups.back().push_back(V);
    }
    return Groups;
  }

  /// Prints loopgpu_cols_inside (every sweep's levels' needed cells of the
  /// block's plane inside the sweep's loops, so that clean steps need no
  /// column checks) and returns true; false where a sweep writes a fixed
  /// position of the plane (it always checks).
  bool colsInside(raw_ostream &OS) const {
    const TimeStreamPlan &S = stream();
    for (const TimeTileSweep &SW : P.Sweeps)
      for (unsigned D = 1; D < P.Rank; ++D)
        if (!SW.DimLoop[D])
          return false;
    OS << "  // Blocks whose levels' needed cells lie inside every sweep's loops: no column checks\n";
    OS << "  bool loopgpu_cols_inside = true;\n";
    for (unsigned K = 0; K < P.Sweeps.size(); ++K) {
      const TimeTileSweep &SW = P.Sweeps[K];
      for (const std::vector<unsigned> &G : levelGroups(K)) {
        std::vector<int64_t> Lo(P.Rank, 0), Hi(P.Rank, 0);
        for (unsigned D = 1; D < P.Rank; ++D) {
          Lo[D] = P.extent(D), Hi[D] = 0;
          for (unsigned V : G) {
            const TimeStreamLevel &Lv = S.Levels[S.Versions[V].Level];
            Lo[D] = std::min(Lo[D], Lv.NeedLo[D]);
            Hi[D] = std::max(Hi[D], Lv.NeedHi[D]);
          }
        }
        OS << "  {\n";
        if (byIteration(K))
          OS << "    const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")(loopgpu_first + "
             << S.Levels[S.Versions[G.front()].Level].Iteration * L.Step << "LL);\n    (void)" << L.Iterator << ";\n";
        std::vector<std::string> Conds;
        for (unsigned D = 1; D < P.Rank; ++D) {
          const Loop &SL = N.Loops[*SW.DimLoop[D]];
          std::string Od = "(long long)" + o(D);
          Conds.push_back(plusConst(Od, Lo[D] - SW.Shift[D]) + " >= " + affIn64Bits(N, SL.Lower));
          Conds.push_back(plusConst(Od, Hi[D] - 1 - SW.Shift[D]) + " <= " + affIn64Bits(N, SL.Upper));
        }
        OS << "    loopgpu_cols_inside = loopgpu_cols_inside && " << llvm::join(Conds, " && ") << ";\n  }\n";
      }
    }
    return true;
  }

  /// The steps loopgpu_j * Unroll and on, unrolled: every step at a constant
  /// distance from a multiple of Unroll (the windows' shifts are renamings,
  /// the rings' slots constants).
  void printUnrolledSteps(raw_ostream &OS, unsigned Indent, Steps Mode) const {
    const TimeStreamPlan &S = stream();
    OS.indent(Indent) << "#pragma unroll // the windows' and rings' rows come back to their registers and slots\n";
    OS.indent(Indent) << "for (int loopgpu_u = 0; loopgpu_u < " << S.Unroll << "; ++loopgpu_u) {\n";
    OS.indent(Indent + 2) << "const int loopgpu_step = loopgpu_j * " << S.Unroll << " + loopgpu_u;\n";
    printStep(OS, Indent + 2, Mode);
    OS.indent(Indent) << "}\n";
  }

  /// One step: the loads of the arrays on entry and every level at every
  /// column, the rows advanced, the barrier.
  void printStep(raw_ostream &OS, unsigned Indent, Steps Mode) const {
    const TimeStreamPlan &S = stream();
    OS.indent(Indent) << "#pragma unroll\n";
    OS.indent(Indent) << "for (int loopgpu_k = 0; loopgpu_k < " << S.Columns << "; ++loopgpu_k) {\n";
    OS.indent(Indent + 2) << planeCols() << "\n";
    if (S.Columns * S.Threads > P.extent(1) * (P.Rank == 3 ? P.extent(2) : 1))
      OS.indent(Indent + 2) << "if (" << r(1) << " >= " << P.extent(1) << ") // past the plane\n",
          OS.indent(Indent + 4) << "continue;\n";
    for (unsigned V = 0; V < S.Versions.size(); ++V) {
      if (S.Versions[V].Level < 0) {
        if (loaded(V))
          printStreamLoad(OS, Indent + 2, V, Mode);
        continue;
      }
      printLevel(OS, Indent + 2, V, Mode);
    }
    OS.indent(Indent) << "}\n";
    for (unsigned I = 0; I < P.Arrays.size() && S.RowOffsets; ++I)
      if (rowOwner(I) == I)
        OS.indent(Indent) << rowOffset(I) << " += " << rowElements(I) << ";\n";
    OS.indent(Indent) << "__syncthreads();\n";
  }

  void printStreamLoad(raw_ostream &OS, unsigned Indent, unsigned V, Steps Mode) const {
    const TimeStreamVersion &X = stream().Versions[V];
    OS.indent(Indent) << "{ // " << what(V) << ": row loopgpu_step, loaded a step ahead\n";
    printShift(OS, Indent + 2, V);
    if (X.Window)
      OS.indent(Indent + 2) << windowAt(V, 0) << " = " << prefetch(V) << "[loopgpu_k];\n";
    if (X.Ring)
      OS.indent(Indent + 2) << ringAt(V, 0, {}) << " = " << prefetch(V) << "[loopgpu_k];\n";
    OS.indent(Indent + 2) << "const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")loopgpu_first;\n";
    OS.indent(Indent + 2) << "(void)" << L.Iterator << ";\n";
    OS.indent(Indent + 2) << "const int loopgpu_r0 = loopgpu_step + 1;\n";
    if (Mode != Steps::Checked && !P.DeadOnEntry[X.Array])
      OS.indent(Indent + 2) << "(void)loopgpu_r0;\n";
    printPrefetch(OS, Indent + 2, V, 1, Mode);
    OS.indent(Indent) << "}\n";
  }

  /// Level V at its row (loopgpu_step - Skew) of every column: its value
  /// where the cell is in the sweep's domain (and the iteration runs), the
  /// value before it elsewhere; no range checks (rows and columns no later
  /// level reads get values never used), but for the store of the tile.
  /// Columns outside the level's needed rows skip it (SkipRows).
  void printLevel(raw_ostream &OS, unsigned Indent, unsigned V, Steps Mode) const {
    const TimeStreamPlan &S = stream();
    const TimeStreamVersion &X = S.Versions[V];
    const TimeStreamLevel &Lv = S.Levels[X.Level];
    const TimeTileSweep &SW = P.Sweeps[Lv.Sweep];
    const Statement &St = N.Statements[SW.Stmts[0]];
    bool Clean = Mode != Steps::Checked;
    OS.indent(Indent) << "{ // level " << X.Level + 1 << ": " << what(V) << " (line " << St.Loc.Line << "), " << X.Skew
                      << " rows behind the load\n";
    unsigned In = Indent + 2;
    if (S.SkipRows && (Lv.NeedLo[1] > 0 || Lv.NeedHi[1] < P.extent(1))) {
      OS.indent(In) << "if (" << r(1) << " >= " << Lv.NeedLo[1] << " && " << r(1) << " < " << Lv.NeedHi[1]
                    << ") { // the rows of the plane a later level or the store reads\n";
      In += 2;
    }
    printShift(OS, In, V);
    OS.indent(In) << "const int loopgpu_r0 = loopgpu_step - " << X.Skew << ";\n";
    OS.indent(In) << "const " << iterType() << " " << L.Iterator << " = (" << iterType() << ")(loopgpu_first + "
                  << Lv.Iteration * L.Step << "LL);\n";
    OS.indent(In) << "(void)" << L.Iterator << ";\n";
    bool NoCols = Mode == Steps::CleanCols && Lv.Select;
    std::string Decls, Dom = stepDomain(Lv.Sweep, Decls, Clean, NoCols);
    OS.indent(In) << Decls << "\n";
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
    if (Lv.Iteration && !Clean)
      Conds.push_back(std::to_string(Lv.Iteration) + " < loopgpu_steps");
    if (Dom != "true")
      Conds.push_back(Dom);
    std::string Op = St.Body->Op, Rhs = EP->print(*St.Body->Ops[1]);
    std::string Value = Op == "=" ? "(" + Rhs + ")" : "(" + Before + " " + Op.substr(0, Op.size() - 1) + " (" + Rhs + "))";
    if (Conds.empty()) {
      OS.indent(In) << windowAt(V, 0) << " = " << Value << "; // line " << St.Loc.Line << "\n";
    } else if (Lv.Select) {
      OS.indent(In) << "// the sweep's value in its domain, the value before it outside\n";
      OS.indent(In) << windowAt(V, 0) << " = " << llvm::join(Conds, " && ") << "\n";
      OS.indent(In + 4) << "? " << Value << " // line " << St.Loc.Line << "\n";
      OS.indent(In + 4) << ": " << Before << ";\n";
    } else {
      OS.indent(In) << windowAt(V, 0) << " = " << Before << "; // outside the domain: as before\n";
      OS.indent(In) << "if (" << llvm::join(Conds, " && ") << ")\n";
      OS.indent(In + 2) << windowAt(V, 0) << " = " << Value << "; // line " << St.Loc.Line << "\n";
    }
    if (X.Ring)
      OS.indent(In) << ringAt(V, X.Skew, {}) << " = " << windowAt(V, 0) << ";\n";
    if (X.Final) {
      unsigned A = P.Arrays[X.Array];
      std::vector<std::string> Store;
      if (!Clean || !S.CleanLoads)
        Store = {r(0) + " >= " + std::to_string(P.HaloLo[0]), r(0) + " < " + plusConst("loopgpu_chunk", P.HaloLo[0]),
                 o(0) + " + " + r(0) + " < " + extent(A, 0)};
      Store.push_back(columnMine(X.Array) + "[loopgpu_k]");
      std::string DeadDecls;
      if (P.DeadOnEntry[X.Array]) {
        // A clean step knows this level's row inside its sweep's loop, and
        // CleanCols the tile's columns: where that sweep is the first
        // writer, the store's domain check is known so far.
        bool Same = Lv.Sweep == P.FirstWriter[X.Array];
        Store.push_back(deadStore(X.Array, DeadDecls, Same && Clean, Same && Mode == Steps::CleanCols));
        OS.indent(In) << "// " << deadNote(X.Array) << "\n";
        OS.indent(In) << "{\n";
        OS.indent(In + 2) << DeadDecls << "\n";
        In += 2;
      }
      OS.indent(In) << "if (" << llvm::join(Store, " && ") << ") // the tile: its value after the launch\n";
      OS.indent(In + 2) << out(A) << "[" << columnElement(X.Array, -X.Skew) << "] = " << windowAt(V, 0) << ";\n";
      if (P.DeadOnEntry[X.Array]) {
        In -= 2;
        OS.indent(In) << "}\n";
      }
    }
    if (In != Indent + 2)
      OS.indent(Indent + 2) << "}\n";
    OS.indent(Indent) << "}\n";
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
