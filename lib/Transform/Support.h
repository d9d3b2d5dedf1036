//===- Support.h - Helpers shared by the transformations --------*- C++ -*-===//
#ifndef LOOPGPU_LIB_TRANSFORM_SUPPORT_H
#define LOOPGPU_LIB_TRANSFORM_SUPPORT_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"
#include "loopgpu/IR/NestEdit.h"

#include <map>
#include <string>
#include <vector>

namespace loopgpu {

/// The request's location if it has one, else the loop's.
inline SourceLoc whereOf(const Nest &N, SourceLoc Requested, unsigned Loop) {
  return Requested.isValid() ? Requested : N.Loops[Loop].Loc;
}

/// "S2 (line 5)".
inline std::string stmtLabel(const Nest &N, unsigned S) {
  std::string R = N.Statements[S].name();
  if (N.Statements[S].Loc.isValid())
    R += " (line " + std::to_string(N.Statements[S].Loc.Line) + ")";
  return R;
}

/// The memory an access touches is M.
inline bool touches(const Access &A, MemoryRef M) { return MemoryRef::of(A) == M; }

/// Loops whose iterator is declared before the loop (`for (i = 0; ...)`):
/// its final value may be read after the nest, so reordering or
/// strip-mining them would change it. Reports an error for the first one.
inline bool refuseIteratorsDeclaredOutside(const Nest &N, const std::vector<unsigned> &Loops,
                                           const std::string &What, SourceLoc Where,
                                           DiagnosticSink &Diags) {
  for (unsigned L : Loops)
    if (N.Loops[L].IteratorDeclaredOutside) {
      Diags.error(Where, "cannot " + What + ": the iterator '" + N.Loops[L].Iterator +
                             "' of loop " + loopLabel(N, L) +
                             " is declared before the loop and its final value may be read "
                             "after it; declare it in the loop ('for (int " +
                             N.Loops[L].Iterator + " = ...')");
      return true;
    }
  return false;
}

/// Statements (ids) inside the subtree of loop L.
inline std::vector<unsigned> statementsInLoop(const Nest &N, unsigned L) {
  const Node *Nd = findLoopNode(N, L);
  return Nd ? statementsUnder(*Nd) : std::vector<unsigned>{};
}

/// The lines of a loop and of the statements under it, for the log.
inline std::vector<unsigned> linesOf(const Nest &N, const std::vector<unsigned> &Loops) {
  std::vector<unsigned> Lines;
  for (unsigned L : Loops)
    if (N.Loops[L].Loc.isValid())
      Lines.push_back(N.Loops[L].Loc.Line);
  return Lines;
}

/// Replaces L by NewId in every declaration / allocation loop list.
inline void insertBeforeInScopes(Nest &N, unsigned L, unsigned NewId) {
  auto Fix = [&](std::vector<unsigned> &Loops) {
    for (size_t K = 0; K < Loops.size(); ++K)
      if (Loops[K] == L) {
        Loops.insert(Loops.begin() + K, NewId);
        return;
      }
  };
  for (ScalarInfo &S : N.Scalars)
    Fix(S.DeclLoops);
  for (ArrayInfo &A : N.Arrays)
    Fix(A.AllocLoops);
}

/// The name of a new tile loop for iterator I: "ii" for "i", "row_t" for "row".
/// The array accesses in Replace (access id -> scalar id) under loop Loop
/// become reads and writes of those scalars, in the accesses and in the
/// statements' expressions.
inline void accessScalarsInstead(Nest &N, unsigned Loop, const std::map<unsigned, unsigned> &Replace) {
  for (auto &[AId, SId] : Replace) {
    Access &X = N.Accesses[AId];
    X.On = Access::Target::Scalar;
    X.Index = SId;
    X.Subscripts.clear();
    X.Partial.clear();
    X.Bounded.reset();
    X.Text = N.Scalars[SId].Name;
  }
  rewriteRefs(N, *findLoop(N, Loop).Nd, [&](const Expr &E) -> ExprPtr {
    if (E.K != Expr::Kind::ArrayRef || E.AccessId < 0)
      return nullptr;
    auto It = Replace.find(static_cast<unsigned>(E.AccessId));
    if (It == Replace.end())
      return nullptr;
    ExprPtr X = scalarRefExpr(N, It->second);
    X->AccessId = E.AccessId;
    X->Loc = E.Loc;
    return X;
  });
}

/// The name of a scalar that holds one array element: "queries_i" for
/// queries[i], "A_i_k" for A[i][k]; "A_inv" for other subscripts.
inline std::string elementScalarName(const Nest &N, const Access &A) {
  std::string Name = N.Arrays[A.Index].Name;
  for (const AffExpr &S : A.Subscripts) {
    if (S.kind() != AffExpr::Kind::Var && !S.isConstant())
      return freshName(N, N.Arrays[A.Index].Name + "_inv");
    Name += "_" + (S.isConstant() ? std::to_string(S.constantValue()) : N.nameOf(S.variable()));
  }
  for (char &C : Name)
    if (C == '-')
      C = 'm';
  return freshName(N, Name);
}

inline std::string tileIteratorName(const Nest &N, const std::string &I) {
  return freshName(N, I.size() == 1 ? I + I : I + "_t");
}

/// A scalar declared, or a temporary array allocated, inside a band that is
/// being reordered, and the loops it will be declared in afterwards.
struct ScopeFix {
  bool IsArray = false;
  unsigned Id = 0;
  std::vector<unsigned> NewLoops;
};
/// Plans the declarations inside Band (loop ids, outermost first) when the
/// band's loops become NewOrder (loop ids, outermost first; may contain new
/// tile loops). A declaration between band loops stays where it is if the
/// loops outside it are the same set afterwards; otherwise it moves inside
/// the whole band, which is valid only if no dependence on it crosses
/// iterations of a band loop. False (with Why) if a declaration cannot be
/// placed.
bool planScopes(const Nest &N, const DependenceInfo &DI, const std::vector<unsigned> &Band,
                const std::vector<unsigned> &NewOrder, std::vector<ScopeFix> &Fixes,
                std::string &Why);
void applyScopes(Nest &N, const std::vector<ScopeFix> &Fixes);

/// A nest of generated loops c0, c1, ... over [0, Extents[k] - 1]
/// (Loop::Origin Generated, with Note). Iters receives their ids, outermost
/// first; Innermost the node to put the body in. Returns the outer node.
NodePtr generatedLoops(Nest &N, const std::vector<AffExpr> &Extents, SourceLoc Loc,
                       const std::string &Note, std::vector<unsigned> &Iters, Node *&Innermost);

/// Finds a scalar or array of the nest by name.
std::optional<MemoryRef> memoryNamed(const Nest &N, const std::string &Name);

/// Neutral literal of a reduction operator for a type ("0", "1",
/// "INFINITY", "INT_MAX", ...).
std::string neutralElement(const std::string &Op, ScalarType T);

} // namespace loopgpu

#endif // LOOPGPU_LIB_TRANSFORM_SUPPORT_H
