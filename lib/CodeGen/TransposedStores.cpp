//===- TransposedStores.cpp - Coalesced stores through a transposing tile --===//
//
// The transposed-stores pass (KernelPasses.h). In a 2-D band whose loop on x
// does not index the last subscript of the one array the body stores
// (`B[j][i] = A[i][j]` with j on x), consecutive threads store elements a
// row apart. The store then goes through a shared tile: each thread puts
// its value at (y, x) of the tile, and after a barrier the block writes the
// tile out with x and y swapped, consecutive threads storing consecutive
// elements. Legality: the array is written by that one unguarded statement
// and read nowhere in the nest, so only the order of its stores changes and
// no one reads them in between; each element is still stored once, by the
// same block (the tile's elements are the block's iterations).
//
//===----------------------------------------------------------------------===//
#include "PlanSupport.h"

namespace loopgpu {

void planTransposedStore(const Nest &N, KernelPlan &K, const Node &InnerMapped, const CodeGenOptions &Opts,
                         bool ShapeRequested, std::vector<std::string> &Remarks) {
  if (K.Mapped.size() != 2 || InnerMapped.Body.size() != 1 || InnerMapped.Body[0]->K != Node::Kind::Stmt)
    return;
  const MappedLoop &X = K.Mapped[0].Dim == 'x' ? K.Mapped[0] : K.Mapped[1];
  const MappedLoop &Y = K.Mapped[0].Dim == 'x' ? K.Mapped[1] : K.Mapped[0];
  if (N.Loops[X.Loop].Step != 1 || N.Loops[Y.Loop].Step != 1)
    return;
  const Statement &S = N.Statements[InnerMapped.Body[0]->Id];
  if (!S.Guards.empty() || S.IsDeclaration || S.Body->K != Expr::Kind::Assign || S.Body->Op != "=" ||
      S.Body->Ops[0]->K != Expr::Kind::ArrayRef)
    return;
  unsigned W = S.Body->Ops[0]->Index;
  const Access *Write = nullptr;
  for (const Access &A : N.Accesses) {
    if (!A.isArray() || A.Index != W)
      continue;
    if (Write || !A.IsWrite || A.Stmt != S.Id)
      return; // read, or written twice
    Write = &A;
  }
  if (!Write || !Write->IsAffine || Write->Subscripts.empty())
    return;
  auto Fast = simpleSubscript(Write->Subscripts.back(), {Y.Loop});
  if (!Fast || Fast->first != static_cast<int>(Y.Loop))
    return;
  bool XUsed = false;
  for (const AffExpr &Sub : Write->Subscripts)
    if (std::optional<LinearForm> F = Sub.linear())
      XUsed |= F->coefficient(AffVar::iterator(X.Loop)) != 0;
  const ArrayInfo &Arr = N.Arrays[W];
  if (!XUsed || Arr.ElementType.K == ScalarType::Kind::Bool)
    return;
  // Stores along the row loop want whole rows of at least 32 elements:
  // without a requested shape, the y threads each take several rows (thread
  // coarsening at stride blockDim.y), making the tile twice as tall as it is
  // wide: 64 x 32 for the default 32 x 8 threads, 8 rows per thread. More
  // loads in flight per thread pay on the H200 (bench/RESULTS.md run 35:
  // 8192^2 floats 91.6-92.6% of copy bandwidth against 76.6-76.8% with the
  // square 32 x 32 tile of 4 rows per thread; 8 rows per thread of a 32 x 32
  // tile, 128 threads, 88.6-89.5%).
  MappedLoop &YM = K.Mapped[0].Dim == 'x' ? K.Mapped[1] : K.Mapped[0];
  if (!ShapeRequested &&
      YM.Coarsen == 1 && YM.BlockSize < X.tile() && X.tile() % YM.BlockSize == 0) {
    YM.Coarsen = 2 * X.tile() / YM.BlockSize;
    YM.Stride = YM.BlockSize;
    K.Notes.push_back("loop " + N.Loops[YM.Loop].Iterator + " coarsened: " + std::to_string(YM.Coarsen) +
                      " iterations per thread at stride " + std::to_string(YM.Stride) + " (a " +
                      std::to_string(YM.tile()) + " x " + std::to_string(X.tile()) +
                      " tile for the store: rows of " + std::to_string(YM.tile()) + " elements, " +
                      std::to_string(YM.Coarsen) + " loads in flight per thread)");
  }
  TransposedWrite T;
  T.Stmt = S.Id;
  T.Array = W;
  T.RowLoop = Y.Loop;
  T.ColLoop = X.Loop;
  int64_t Bytes = Y.tile() * (X.tile() + T.Padding) * elementBytes(Arr.ElementType);
  if (Bytes > Opts.SharedLimit) {
    Remarks.push_back("the store to " + Arr.Name + " is not coalesced, and a " +
                           std::to_string(Y.tile()) + " x " + std::to_string(X.tile()) +
                           " shared tile to transpose it exceeds " + std::to_string(Opts.SharedLimit) +
                           " bytes: stored directly");
    return;
  }
  K.Transposed = T;
  K.SharedBytes = Bytes;
  K.Notes.push_back("store to " + Arr.Name + " (line " + std::to_string(S.Loc.Line) +
                    ") through a shared " + std::to_string(Y.tile()) + " x " + std::to_string(X.tile()) +
                    " tile (+1 padding against bank conflicts), written out with x and y swapped so that "
                    "consecutive threads store consecutive elements");
}

} // namespace loopgpu
