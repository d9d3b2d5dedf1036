//===- TensorCores.cpp - Register tiles on FP64 tensor cores -------------===//
//
// The legality and shape of KernelPlan::Mma (MmaPlan in GPUMapping.h): a
// register tile's strip whose one statement accumulates a product of two
// operands, one constant along each of the tile's mapped loops, is a sum of
// rank-1 updates of the block's tile, which a warp computes 16 x 8 x 8 at a
// time with mma.sync (FP64: sm_90's m16n8k8; two m8n8k4 per k of 4 on sm_80).
//
// What must hold, beyond the register tile itself (GPUMapping.cpp,
// registerTiledByDefault):
//   - the target has FP64 tensor cores (sm_80 or newer);
//   - the staged loop's body is one statement `acc += e` or `acc -= e`, acc
//     a double declared in the band (one register per copy of the thread);
//   - e is a product (`*` of doubles) of factors each of which uses at most
//     one of the two mapped iterators and reads only the staged tiles,
//     parameters, literals and scalars the nest does not write: the factors
//     that use the column loop's iterator form the column operand, the others
//     the row operand; each operand has a factor that reads a tile;
//   - the strip is a multiple of the instruction's k (8).
// Each full strip then reads the tiles and writes registers only, in every
// thread (the instruction needs the whole warp): the same as the scalar
// register tile's unguarded strip (CudaPrinter's StagedBodyNeedsNoGuard).
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/GPUMapping.h"
#include "loopgpu/Tune/Target.h"
#include "loopgpu/IR/NestEdit.h"

#include <cstdlib>
#include <set>

namespace loopgpu {
namespace {

/// Flattens a chain of double multiplications into its factors, in order.
void factors(const Expr &E, std::vector<const Expr *> &Out) {
  if (E.K == Expr::Kind::Binary && E.Op == "*" && E.Type.K == ScalarType::Kind::Double) {
    factors(*E.Ops[0], Out);
    factors(*E.Ops[1], Out);
    return;
  }
  Out.push_back(&E);
}

} // namespace

int64_t mmaSharedBudget(const std::string &Arch) {
  GPUTarget T = gpuTarget(Arch);
  return T.SharedPerSM / 2 - T.SharedReservedPerBlock;
}

std::optional<MmaPlan> matchTensorCoreProduct(const Nest &N, const KernelPlan &K, const CodeGenOptions &Opts,
                                              std::string &WhyNot) {
  auto No = [&](const std::string &Why) -> std::optional<MmaPlan> {
    WhyNot = Why;
    return std::nullopt;
  };
  if (!Opts.TensorCores)
    return No("-tensor-cores=false");
  if (!gpuTarget(Opts.Arch).FP64TensorCores)
    return No(Opts.Arch + " has no FP64 tensor cores (sm_80 and newer)");
  if (K.K != KernelPlan::Kind::Parallel || !K.StagedLoop || K.Mapped.size() != 2 ||
      K.BlockCoarsen != 1 || !K.LaneLoops.empty())
    return No("not a register tile of two mapped loops");
  if (K.KTile % MmaPlan::K != 0)
    return No("the strip is not a multiple of " + std::to_string(MmaPlan::K));
  MmaPlan P;
  for (const MappedLoop &M : K.Mapped)
    (M.Dim == 'y' ? P.RowLoop : P.ColLoop) = M.Loop;
  const Node *Staged = findLoopNode(N, *K.StagedLoop);
  if (!Staged || Staged->Body.size() != 1 || Staged->Body[0]->K != Node::Kind::Stmt)
    return No("the staged loop's body is not one statement");
  const Statement &S = N.Statements[Staged->Body[0]->Id];
  const Expr &E = *S.Body;
  if (E.K != Expr::Kind::Assign || (E.Op != "+=" && E.Op != "-=") || E.Ops[0]->K != Expr::Kind::ScalarRef)
    return No("the statement is not `scalar += product`");
  const ScalarInfo &Acc = N.Scalars[E.Ops[0]->Index];
  if (Acc.Type.K != ScalarType::Kind::Double || !Acc.declaredInside() ||
      (Acc.DeclLoops.back() != P.RowLoop && Acc.DeclLoops.back() != P.ColLoop))
    return No("the accumulator is not a double private to the thread's outputs");
  if (E.Ops[1]->Type.K != ScalarType::Kind::Double)
    return No("the product is not of doubles");
  P.Stmt = S.Id;
  P.Acc = E.Ops[0]->Index;
  P.Subtract = E.Op == "-=";
  std::vector<const Expr *> Fs;
  factors(*E.Ops[1], Fs);
  bool RowTile = false, ColTile = false;
  for (const Expr *F : Fs) {
    bool Row = false, Col = false, Tile = false, OK = true;
    F->walk([&](const Expr &X) {
      switch (X.K) {
      case Expr::Kind::IteratorRef:
        Row |= X.Index == P.RowLoop;
        Col |= X.Index == P.ColLoop;
        break;
      case Expr::Kind::ArrayRef: {
        bool IsTile = false;
        for (const StagedArray &T : K.Staged)
          IsTile |= T.Array == X.Index;
        OK &= IsTile;
        Tile |= IsTile;
        break;
      }
      case Expr::Kind::ScalarRef: {
        const ScalarInfo &Sc = N.Scalars[X.Index];
        OK &= !Sc.declaredInside() && !Sc.IsWritten;
        break;
      }
      case Expr::Kind::Assign:
        OK = false;
        break;
      case Expr::Kind::Unary:
        OK &= X.Op == "-" || X.Op == "+";
        break;
      case Expr::Kind::Binary:
        OK &= !X.Type.isInteger() || (X.Op != "/" && X.Op != "%");
        break;
      default:
        break;
      }
    });
    if (!OK)
      return No("a factor reads something other than the staged tiles, parameters and unwritten scalars");
    if (Row && Col)
      return No("a factor uses both mapped iterators");
    (Col ? P.ColFactors : P.RowFactors).push_back(F);
    (Col ? ColTile : RowTile) |= Tile;
  }
  if (!RowTile || !ColTile)
    return No("the product is not of a row tile and a column tile");
  const MappedLoop *Row = nullptr, *Col = nullptr;
  for (const MappedLoop &M : K.Mapped)
    (M.Loop == P.RowLoop ? Row : Col) = &M;
  // Warps of 8 x 4 lanes (MmaShape): rows lane / 4, column pairs lane % 4.
  P.WarpsRow = std::max<int64_t>(1, Row->BlockSize / 8);
  P.WarpsCol = std::max<int64_t>(1, Col->BlockSize / 4);
  if (Row->tile() % (P.WarpsRow * MmaPlan::M) != 0 || Col->tile() % (P.WarpsCol * MmaPlan::N) != 0 ||
      K.threadsPerBlock() != 32 * P.WarpsRow * P.WarpsCol ||
      Row->Coarsen != Row->tile() / P.WarpsRow / MmaPlan::M * 2 ||
      Col->Coarsen != Col->tile() / P.WarpsCol / MmaPlan::N * 2)
    return No("the block's tile does not divide into the warps' tiles");
  return P;
}

} // namespace loopgpu
