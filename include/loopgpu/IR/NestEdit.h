//===- NestEdit.h - Editing the loop-nest IR safely --------------*- C++ -*-===//
//
// The small vocabulary every transformation uses to change a Nest and leave
// it consistent for the next analysis:
//   - finalizeNest: recomputes what the tree determines (loop parents and
//     depths, each statement's loops and guards, scalar declaration depths)
//     and renumbers statements and accesses in textual order, which is the
//     order the analysis relies on;
//   - cloneNest: a deep copy (the pipeline tries a transformation on a copy
//     before choosing it);
//   - finding loops in the tree, fresh names, trip counts and iteration
//     indices of loops, building expressions from affine forms.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_IR_NESTEDIT_H
#define LOOPGPU_IR_NESTEDIT_H

#include "loopgpu/IR/LoopNest.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace loopgpu {

/// Checks the invariants transformations must keep; returns the problems
/// found, one per line (empty when the nest is consistent): every loop and
/// statement of the tables is in the tree once; parents, depths and each
/// statement's loops agree with the tree; statement and access ids are in
/// textual order; bounds, subscripts and conditions only use iterators of
/// enclosing loops; declarations of scalars enclose their accesses; each
/// expression's access link points at an access of its statement.
std::string verifyNest(const Nest &N);

/// A deep copy: new tree, new expressions, guards pointing into the copy.
Nest cloneNest(const Nest &N);

/// Makes the flat tables agree with the tree: Loop::Parent and Depth,
/// Statement::Loops and Guards, ScalarInfo::DeclDepth (from DeclLoops), and
/// statement and access ids in textual order (with every reference to them:
/// nodes, Access::Stmt, Statement::Accesses, Expr::AccessId). With
/// DropDetached, statements a transformation took out of the tree leave the
/// tables (otherwise every statement must be in the tree).
void finalizeNest(Nest &N, bool DropDetached = false);

/// Where a loop's node sits in the tree.
struct LoopPlace {
  std::vector<NodePtr> *Siblings = nullptr; ///< the vector holding the node
  size_t Index = 0;
  Node *Nd = nullptr;
  explicit operator bool() const { return Nd != nullptr; }
};
LoopPlace findLoop(Nest &N, unsigned LoopId);
const Node *findLoopNode(const Nest &N, unsigned LoopId);

/// The loops enclosing L, outermost first (not L itself), from the tree.
std::vector<unsigned> enclosingLoops(const Nest &N, unsigned L);
/// The statements inside L's subtree, in textual order.
std::vector<unsigned> statementsUnder(const Node &LoopNode);
/// The loops inside L's subtree (not L), in textual order.
std::vector<unsigned> loopsUnder(const Node &LoopNode);

/// The perfectly nested chain starting at loop L: L, then each loop that is
/// the only node of the previous loop's body.
std::vector<unsigned> perfectChain(const Nest &N, unsigned L);

/// A name used by nothing in the nest or its function: Base, else Base_2, ...
std::string freshName(const Nest &N, const std::string &Base);
/// "i (line 12)".
std::string loopLabel(const Nest &N, unsigned L);

/// Number of iterations of L for fixed outer iterators (may be <= 0 when the
/// loop runs no iteration): (Upper - Lower) / |Step| + 1.
AffExpr tripCount(const Loop &L);
/// The position of iteration `It` of L in execution order, 0-based:
/// (It - Lower) / Step for Step > 0, (Upper - It) / -Step for Step < 0.
AffExpr iterationIndex(const Loop &L, const AffExpr &It);
/// The position of L's last iteration: (Upper - Lower) / |Step|.
AffExpr lastIterationIndex(const Loop &L);
/// The last iteration of L in execution order is `It` (for a guard).
AffCond isLastIteration(const Loop &L, const AffExpr &It);
/// L runs at least one iteration.
AffCond runsAtLeastOnce(const Loop &L);
/// E + C, with C added to every operand of a min / max (so that
/// `min(ii + 31, n - 1) + 1` prints as `min(ii + 32, n)`).
AffExpr plusConstant(const AffExpr &E, int64_t C);

/// True if E uses the iterator of one of Loops.
bool usesAnyIterator(const AffExpr &E, const std::set<unsigned> &Loops);

/// Expression trees for affine forms (min / max become conditionals).
/// Replaces the variables of A's affine parts (subscripts, the known ones
/// of Partial, the region form's subscripts and conditions) by F's values.
void substituteInAccess(Access &A, const std::function<AffExpr(AffVar)> &F);

ExprPtr exprFromAff(const Nest &N, const AffExpr &E);
ExprPtr exprFromCond(const Nest &N, const AffCond &C);
ExprPtr scalarRefExpr(const Nest &N, unsigned Scalar);
ExprPtr arrayRefExpr(const Nest &N, unsigned Array, const std::vector<AffExpr> &Subscripts);
ExprPtr assignExpr(const std::string &Op, ExprPtr Target, ExprPtr Value);

/// Appends a statement to the tables (ids are fixed by finalizeNest) and
/// returns its node. Accesses are in evaluation order (reads of the value,
/// then the target); the Expr::AccessId fields of Body index into them and
/// are made global here.
NodePtr addStatement(Nest &N, ExprPtr Body, std::vector<Access> Accesses, SourceLoc Loc,
                     const std::string &Origin);
/// An access record for a scalar or an array reference.
Access scalarAccess(const Nest &N, unsigned Scalar, bool IsWrite, SourceLoc Loc);
Access arrayAccess(const Nest &N, unsigned Array, const std::vector<AffExpr> &Subscripts,
                   bool IsWrite, SourceLoc Loc);
/// A new loop appended to N.Loops (tree placement is the caller's).
unsigned addLoop(Nest &N, const std::string &Iterator, ScalarType Type, AffExpr Lower,
                 AffExpr Upper, int64_t Step, SourceLoc Loc, LoopOrigin Origin);
NodePtr loopNode(const Nest &N, unsigned L);
NodePtr ifNode(const Nest &N, const AffCond &C, SourceLoc Loc);

/// Renames, inside the subtree of Nd (statement bodies and if conditions),
/// every reference F accepts: F returns the replacement expression for a
/// ScalarRef or ArrayRef node (nullptr: keep it).
void rewriteRefs(Nest &N, Node &Nd, const std::function<ExprPtr(const Expr &)> &F);

/// Makes the subtree of Nd refer to loop Map[L] wherever it referred to
/// loop L: loop bounds, if conditions, statement bodies, access subscripts
/// (for copies of loops, e.g. by distribution).
void renameLoops(Nest &N, Node &Nd, const std::map<unsigned, unsigned> &Map);

/// Records an applied transformation.
void recordTransform(Nest &N, const std::string &Name, const std::string &Description,
                     SourceLoc Loc, bool Requested, std::vector<unsigned> Lines);

} // namespace loopgpu

#endif // LOOPGPU_IR_NESTEDIT_H
