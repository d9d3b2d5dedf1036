//===- IslBuilder.cpp - The loop-nest IR as ISL sets and maps --------------===//
//
// See IslBuilder.h. The C++ bindings of isl 0.25 lack a few functions
// (multi_pw_aff from a list over a map space, set complement, ...); those
// calls use the C API with release()/isl::manage().
//
//===----------------------------------------------------------------------===//
#include "loopgpu/IR/IslBuilder.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <set>
#include <thread>

namespace loopgpu {

//===----------------------------------------------------------------------===//
// IslContext
//===----------------------------------------------------------------------===//

IslContext::IslContext() : Ctx(isl_ctx_alloc()) {
  if (!Ctx)
    std::abort();
  // The bindings turn a failed operation into an isl::exception; ISL itself
  // must continue (not abort, not print) for that to work.
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
}

IslContext::~IslContext() { isl_ctx_free(Ctx); }

void IslContext::setBudget(unsigned long MaxOperations) {
  isl_ctx_set_max_operations(Ctx, MaxOperations);
  isl_ctx_reset_operations(Ctx);
}

void IslContext::resetBudget() {
  isl_ctx_reset_operations(Ctx);
  isl_ctx_reset_error(Ctx);
}

bool IslContext::budgetExceeded() const { return isl_ctx_last_error(Ctx) == isl_error_quota; }

struct IslDeadline::State {
  std::mutex M;
  std::condition_variable CV;
  bool Done = false;
  std::atomic<bool> Expired{false};
  std::thread Watcher;
};

IslDeadline::IslDeadline(const IslContext &Ctx, std::chrono::milliseconds Time) : S(std::make_unique<State>()) {
  isl_ctx *Raw = Ctx.raw();
  State *St = S.get();
  St->Watcher = std::thread([St, Raw, Time] {
    std::unique_lock<std::mutex> Lock(St->M);
    if (!St->CV.wait_for(Lock, Time, [St] { return St->Done; })) {
      St->Expired = true;
      isl_ctx_abort(Raw);
    }
  });
}

IslDeadline::~IslDeadline() {
  {
    std::lock_guard<std::mutex> Lock(S->M);
    S->Done = true;
  }
  S->CV.notify_one();
  S->Watcher.join();
}

bool IslDeadline::expired() const { return S->Expired; }

//===----------------------------------------------------------------------===//
// IslBuilder
//===----------------------------------------------------------------------===//

namespace {

/// Throws (through the bindings) if Obj is null, so that a failed C call is
/// reported like a failed C++ call.
template <typename T> T checked(T Obj) {
  if (Obj.is_null())
    isl::exception::throw_error(isl_error_unknown, "isl operation failed", __FILE__, __LINE__);
  return Obj;
}

int positionOf(const std::vector<unsigned> &Loops, unsigned Loop) {
  auto It = std::find(Loops.begin(), Loops.end(), Loop);
  return It == Loops.end() ? -1 : static_cast<int>(It - Loops.begin());
}

/// ISL names must be identifiers; source names already are, but keep them
/// safe anyway.
std::string sanitize(const std::string &Name) {
  std::string R;
  for (char C : Name)
    R += (std::isalnum(static_cast<unsigned char>(C)) || C == '_') ? C : '_';
  if (R.empty() || std::isdigit(static_cast<unsigned char>(R[0])))
    R = "_" + R;
  return R;
}

/// The number of dimensions of the memory of an array: its declared rank, or
/// if the frontend gave no extents, the subscript count of its accesses.
unsigned arrayRank(const Nest &N, unsigned Array) {
  unsigned Rank = N.Arrays[Array].rank();
  if (Rank)
    return Rank;
  for (const Access &A : N.Accesses)
    if (A.isArray() && A.Index == Array && A.IsAffine)
      Rank = std::max<unsigned>(Rank, A.Subscripts.size());
  return Rank;
}

} // namespace

IslBuilder::IslBuilder(const Nest &N, isl::ctx C) : N(N), Ctx(C.get()) {
  isl_space *S = isl_space_params_alloc(Ctx, N.Params.size());
  std::set<std::string> Used;
  for (unsigned P = 0; P < N.Params.size(); ++P) {
    std::string Name = sanitize(N.Params[P].Name);
    while (!Used.insert(Name).second)
      Name += "_";
    S = isl_space_set_dim_id(S, isl_dim_param, P, isl_id_alloc(Ctx, Name.c_str(), nullptr));
  }
  Params = checked(isl::manage(S));
}

isl::space IslBuilder::paramSpace() const { return Params; }

isl::space IslBuilder::loopSpace(const std::string &Name, const std::vector<unsigned> &Loops) const {
  isl_space *S = isl_space_add_dims(Params.copy(), isl_dim_set, Loops.size());
  S = isl_space_set_tuple_name(S, isl_dim_set, sanitize(Name).c_str());
  std::set<std::string> Used;
  for (unsigned K = 0; K < Loops.size(); ++K) {
    std::string Dim = sanitize(N.Loops[Loops[K]].Iterator);
    while (!Used.insert(Dim).second)
      Dim += "_";
    S = isl_space_set_dim_name(S, isl_dim_set, K, Dim.c_str());
  }
  return checked(isl::manage(S));
}

std::string IslBuilder::statementTupleName(unsigned Stmt) { return "S" + std::to_string(Stmt + 1); }

isl::space IslBuilder::statementSpace(unsigned Stmt) const {
  return loopSpace(statementTupleName(Stmt), N.Statements[Stmt].Loops);
}

isl::pw_aff IslBuilder::pwAff(const AffExpr &E, const isl::space &Space,
                              const std::vector<unsigned> &Loops) const {
  auto Constant = [&](int64_t C) {
    isl_local_space *LS = isl_local_space_from_space(Space.copy());
    return isl::manage(
        isl_pw_aff_from_aff(isl_aff_val_on_domain(LS, isl_val_int_from_si(Ctx, C))));
  };
  switch (E.kind()) {
  case AffExpr::Kind::Constant:
    return checked(Constant(E.constantValue()));
  case AffExpr::Kind::Var: {
    AffVar V = E.variable();
    isl_local_space *LS = isl_local_space_from_space(Space.copy());
    if (V.isIterator()) {
      int Pos = positionOf(Loops, V.Index);
      if (Pos < 0) {
        isl_local_space_free(LS);
        return isl::pw_aff();
      }
      return checked(isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(LS, isl_dim_set, Pos))));
    }
    if (V.isLocal()) { // a bounded form's variable: the dimensions after Loops' (boundedRelation)
      const int Pos = static_cast<int>(Loops.size() + V.Index);
      if (Pos >= isl_space_dim(Space.get(), isl_dim_set)) {
        isl_local_space_free(LS);
        return isl::pw_aff();
      }
      return checked(isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(LS, isl_dim_set, Pos))));
    }
    if (V.Index >= N.Params.size()) {
      isl_local_space_free(LS);
      return isl::pw_aff();
    }
    return checked(
        isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(LS, isl_dim_param, V.Index))));
  }
  default:
    break;
  }
  std::vector<isl::pw_aff> Ops;
  for (const AffExpr &O : E.operands()) {
    isl::pw_aff P = pwAff(O, Space, Loops);
    if (P.is_null())
      return P;
    Ops.push_back(P);
  }
  if (Ops.empty())
    return isl::pw_aff();
  switch (E.kind()) {
  case AffExpr::Kind::Add: {
    isl::pw_aff R = Ops[0];
    for (size_t K = 1; K < Ops.size(); ++K)
      R = R.add(Ops[K]);
    return R;
  }
  case AffExpr::Kind::Mul:
    return checked(isl::manage(
        isl_pw_aff_scale_val(Ops[0].release(), isl_val_int_from_si(Ctx, E.factor()))));
  case AffExpr::Kind::Div:
  case AffExpr::Kind::Rem: {
    if (E.factor() == 0)
      return isl::pw_aff();
    isl::pw_aff D = checked(Constant(E.factor()));
    return E.kind() == AffExpr::Kind::Div ? Ops[0].tdiv_q(D) : Ops[0].tdiv_r(D);
  }
  case AffExpr::Kind::FloorDiv:
    return checked(Ops[0].div(checked(Constant(E.factor()))).floor());
  case AffExpr::Kind::Min:
  case AffExpr::Kind::Max: {
    isl::pw_aff R = Ops[0];
    for (size_t K = 1; K < Ops.size(); ++K)
      R = E.kind() == AffExpr::Kind::Min ? R.min(Ops[K]) : R.max(Ops[K]);
    return R;
  }
  default:
    return isl::pw_aff();
  }
}

isl::set IslBuilder::condition(const AffCond &C, const isl::space &Space,
                               const std::vector<unsigned> &Loops) const {
  switch (C.kind()) {
  case AffCond::Kind::True:
    return isl::set::universe(Space);
  case AffCond::Kind::Compare: {
    isl::pw_aff L = pwAff(C.lhs(), Space, Loops), R = pwAff(C.rhs(), Space, Loops);
    if (L.is_null() || R.is_null())
      return isl::set();
    switch (C.op()) {
    case AffCond::CmpOp::LT: return L.lt_set(R);
    case AffCond::CmpOp::LE: return L.le_set(R);
    case AffCond::CmpOp::GT: return L.gt_set(R);
    case AffCond::CmpOp::GE: return L.ge_set(R);
    case AffCond::CmpOp::EQ: return L.eq_set(R);
    case AffCond::CmpOp::NE: return L.ne_set(R);
    }
    return isl::set();
  }
  case AffCond::Kind::And:
  case AffCond::Kind::Or: {
    isl::set R = C.kind() == AffCond::Kind::And ? isl::set::universe(Space)
                                                 : isl::set::empty(Space);
    for (const AffCond &O : C.operands()) {
      isl::set S = condition(O, Space, Loops);
      if (S.is_null())
        return S;
      R = C.kind() == AffCond::Kind::And ? R.intersect(S) : R.unite(S);
    }
    return R;
  }
  case AffCond::Kind::Not: {
    if (C.operands().size() != 1)
      return isl::set();
    isl::set S = condition(C.operands()[0], Space, Loops);
    if (S.is_null())
      return S;
    return checked(isl::manage(isl_set_complement(S.release())));
  }
  }
  return isl::set();
}

isl::set IslBuilder::loopRange(const isl::space &Space, const std::vector<unsigned> &Loops,
                               unsigned Position) const {
  const Loop &L = N.Loops[Loops[Position]];
  isl::set R = isl::set::universe(Space);
  isl_local_space *LS = isl_local_space_from_space(Space.copy());
  isl::pw_aff I = checked(isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(LS, isl_dim_set, Position))));
  // Lower = max(terms): I >= each term; Upper = min(terms): I <= each term.
  // A term floor(E / d) needs no integer division in the set: for integer
  // I, I >= floor(E / d) iff d*I >= E - d + 1, and I <= floor(E / d) iff
  // d*I <= E (skewed bounds, Wavefront.h, would otherwise cost the exact
  // tests an existential variable each).
  std::function<void(const AffExpr &, bool)> Bound = [&](const AffExpr &T, bool IsLower) {
    if (T.kind() == (IsLower ? AffExpr::Kind::Max : AffExpr::Kind::Min)) {
      for (const AffExpr &O : T.operands())
        Bound(O, IsLower);
      return;
    }
    if (T.kind() == AffExpr::Kind::FloorDiv) {
      int64_t D = T.factor();
      isl::pw_aff E = pwAff(T.operands()[0], Space, Loops);
      if (E.is_null())
        return;
      isl::pw_aff DI = checked(isl::manage(isl_pw_aff_scale_val(I.copy(), isl_val_int_from_si(Ctx, D))));
      if (IsLower)
        R = R.intersect(E.sub(pwAff(AffExpr::constant(D - 1), Space, Loops)).le_set(DI));
      else
        R = R.intersect(DI.le_set(E));
      return;
    }
    isl::pw_aff B = pwAff(T, Space, Loops);
    if (!B.is_null())
      R = R.intersect(IsLower ? B.le_set(I) : I.le_set(B));
  };
  Bound(L.Lower, true);
  Bound(L.Upper, false);
  int64_t Step = L.Step < 0 ? -L.Step : L.Step;
  if (Step > 1) {
    isl::pw_aff Lo = pwAff(L.Lower, Space, Loops), Hi = pwAff(L.Upper, Space, Loops);
    isl::pw_aff Start = L.Step > 0 ? Lo : Hi;
    if (!Start.is_null()) {
      isl::pw_aff Offset = I.sub(Start);
      isl::pw_aff Mod = checked(isl::manage(
          isl_pw_aff_mod_val(Offset.release(), isl_val_int_from_si(Ctx, Step))));
      R = R.intersect(checked(isl::manage(isl_pw_aff_zero_set(Mod.release()))));
    }
  }
  return R;
}

isl::set IslBuilder::domain(const std::string &Name, const std::vector<unsigned> &Loops,
                            const std::vector<Guard> &Guards) const {
  isl::space Space = loopSpace(Name, Loops);
  isl::set D = isl::set::universe(Space);
  for (unsigned P = 0; P < Loops.size(); ++P)
    D = D.intersect(loopRange(Space, Loops, P));
  for (const Guard &G : Guards) {
    if (!G.IsAffine)
      continue; // data-dependent: may or may not execute (over-approximation)
    isl::set C = condition(G.Cond, Space, Loops);
    if (!C.is_null())
      D = D.intersect(C);
  }
  return D;
}

isl::set IslBuilder::domain(unsigned Stmt) const {
  const Statement &S = N.Statements[Stmt];
  return domain(statementTupleName(Stmt), S.Loops, S.Guards);
}

bool IslBuilder::isDomainExact(unsigned Stmt) const {
  const Statement &S = N.Statements[Stmt];
  isl::space Space = statementSpace(Stmt);
  for (unsigned P = 0; P < S.Loops.size(); ++P) {
    const Loop &L = N.Loops[S.Loops[P]];
    if (pwAff(L.Lower, Space, S.Loops).is_null() || pwAff(L.Upper, Space, S.Loops).is_null())
      return false;
  }
  for (const Guard &G : S.Guards)
    if (!G.IsAffine || condition(G.Cond, Space, S.Loops).is_null())
      return false;
  return true;
}

isl::space IslBuilder::memorySpace(const Access &A) const {
  unsigned Dims;
  std::string Name;
  if (A.isArray()) {
    Dims = arrayRank(N, A.Index);
    Name = "A" + std::to_string(A.Index) + "_" + N.Arrays[A.Index].Name;
  } else {
    const ScalarInfo &S = N.Scalars[A.Index];
    Dims = S.declaredInside() ? S.DeclLoops.size() : 0;
    Name = "V" + std::to_string(A.Index) + "_" + S.Name;
  }
  isl_space *S = isl_space_add_dims(Params.copy(), isl_dim_set, Dims);
  S = isl_space_set_tuple_name(S, isl_dim_set, sanitize(Name).c_str());
  return checked(isl::manage(S));
}

namespace {

/// The affine subscripts of an access as pw_affs over its statement's space,
/// or nothing if the access must be treated as touching any element.
bool subscriptFunctions(const IslBuilder &B, const Access &A, const isl::space &StmtSpace,
                        unsigned MemDims, std::vector<isl::pw_aff> &Out) {
  const Nest &N = B.nest();
  const Statement &S = N.Statements[A.Stmt];
  Out.clear();
  isl_local_space *LS;
  if (A.isScalar()) {
    const ScalarInfo &SI = N.Scalars[A.Index];
    if (!SI.declaredInside())
      return true;
    for (unsigned L : SI.DeclLoops) {
      int Pos = positionOf(S.Loops, L);
      if (Pos < 0)
        return false;
      LS = isl_local_space_from_space(StmtSpace.copy());
      Out.push_back(checked(isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(LS, isl_dim_set, Pos)))));
    }
    return true;
  }
  if (!A.IsAffine || A.Subscripts.size() != MemDims)
    return false;
  for (const AffExpr &E : A.Subscripts) {
    isl::pw_aff P = B.pwAff(E, StmtSpace, S.Loops);
    if (P.is_null())
      return false;
    Out.push_back(P);
  }
  return true;
}

} // namespace

isl::set IslBuilder::elementsInBounds(const Access &A) const { return elementsWithin(A, false); }

isl::set IslBuilder::allElements(const Access &A) const { return elementsWithin(A, true); }

isl::set IslBuilder::elementsWithin(const Access &A, bool All) const {
  isl::space Mem = memorySpace(A);
  isl::set R = isl::set::universe(Mem);
  if (!A.isArray())
    return R;
  const ArrayInfo &AI = N.Arrays[A.Index];
  if (All && AI.Kind == ArrayInfo::Storage::FlatPointer && !AI.IsDelinearized)
    return isl::set();
  for (unsigned K = 0; K < AI.Extents.size(); ++K) {
    // The outermost extent of an array parameter is not a promise of C: the
    // caller may pass a larger array.
    bool Promised = AI.Extents[K] && !(K == 0 && AI.IsParameter) &&
                    !(AI.Kind == ArrayInfo::Storage::FlatPointer && !AI.IsDelinearized);
    if (!All && !Promised)
      continue;
    if (!AI.Extents[K])
      return isl::set();
    isl::pw_aff Extent = pwAff(*AI.Extents[K], Mem, {});
    if (Extent.is_null()) {
      if (All)
        return isl::set();
      continue;
    }
    isl_local_space *LS = isl_local_space_from_space(Mem.copy());
    isl::pw_aff E =
        checked(isl::manage(isl_pw_aff_from_aff(isl_aff_var_on_domain(LS, isl_dim_set, K))));
    isl::pw_aff Zero = checked(isl::manage(isl_pw_aff_from_aff(isl_aff_val_on_domain(
        isl_local_space_from_space(Mem.copy()), isl_val_zero(Ctx)))));
    R = R.intersect(E.ge_set(Zero)).intersect(E.lt_set(Extent));
  }
  return R;
}

isl::map IslBuilder::accessRelation(unsigned AccessId) const {
  const Access &A = N.Accesses[AccessId];
  isl::space StmtSpace = statementSpace(A.Stmt);
  isl::space Mem = memorySpace(A);
  unsigned MemDims = isl_space_dim(Mem.get(), isl_dim_set);
  isl::set Dom = domain(A.Stmt);
  std::vector<isl::pw_aff> Subs;
  if (!subscriptFunctions(*this, A, StmtSpace, MemDims, Subs)) {
    isl::map Any = checked(isl::manage(isl_map_from_domain_and_range(Dom.copy(), elementsInBounds(A).release())));
    if (isl::map R = boundedRelation(A); !R.is_null())
      return Any.intersect(R);
    if (A.Partial.size() != MemDims)
      return Any;
    // Some dimensions known: the elements in bounds whose subscripts there
    // are those functions of the iterations.
    const Statement &S = N.Statements[A.Stmt];
    isl::map Known;
    for (unsigned K = 0; K < MemDims; ++K) {
      isl::pw_aff P = A.Partial[K] ? pwAff(*A.Partial[K], StmtSpace, S.Loops)
                                   : pwAff(AffExpr::constant(0), StmtSpace, S.Loops);
      if (P.is_null())
        return Any;
      isl_map *Dim = isl_map_from_pw_aff(P.release());
      if (!A.Partial[K]) // any value
        Dim = isl_map_add_dims(isl_map_project_out(Dim, isl_dim_out, 0, 1), isl_dim_out, 1);
      isl::map D = checked(isl::manage(Dim));
      Known = K == 0 ? D : checked(isl::manage(isl_map_flat_range_product(Known.release(), D.release())));
    }
    Known = checked(isl::manage(isl_map_set_tuple_id(Known.release(), isl_dim_out,
                                                     isl_space_get_tuple_id(Mem.get(), isl_dim_set))));
    return Any.intersect(Known);
  }
  isl_space *MapSpace = isl_space_map_from_domain_and_range(StmtSpace.copy(), Mem.copy());
  isl_multi_pw_aff *MPA;
  if (Subs.empty()) {
    MPA = isl_multi_pw_aff_zero(MapSpace);
  } else {
    isl_pw_aff_list *List = isl_pw_aff_list_alloc(Ctx, Subs.size());
    for (isl::pw_aff &P : Subs)
      List = isl_pw_aff_list_add(List, P.release());
    MPA = isl_multi_pw_aff_from_pw_aff_list(MapSpace, List);
  }
  isl::map M = checked(isl::manage(isl_map_from_multi_pw_aff(MPA)));
  return M.intersect_domain(Dom);
}

isl::map IslBuilder::boundedRelation(const Access &A) const {
  if (!A.Bounded || static_cast<isl_size>(A.Bounded->Subscripts.size()) != isl_space_dim(memorySpace(A).get(), isl_dim_set))
    return isl::map();
  const Statement &S = N.Statements[A.Stmt];
  const unsigned Depth = S.Loops.size(), Locals = A.Bounded->Locals.size();
  try {
    // The statement's space with the region's variables after its loops:
    // the subscripts there, under the region's conditions, then the
    // variables projected out (some value of them touches the element).
    isl::space Wide = checked(isl::manage(isl_space_add_dims(statementSpace(A.Stmt).release(), isl_dim_set, Locals)));
    isl::set Where = checked(isl::manage(isl_set_add_dims(domain(A.Stmt).release(), isl_dim_set, Locals)));
    for (const AffCond &C : A.Bounded->Conditions) {
      isl::set K = condition(C, Wide, S.Loops);
      if (K.is_null())
        return isl::map();
      Where = Where.intersect(K);
    }
    isl_pw_aff_list *List = isl_pw_aff_list_alloc(Ctx, A.Bounded->Subscripts.size());
    for (const AffExpr &E : A.Bounded->Subscripts) {
      isl::pw_aff P = pwAff(E, Wide, S.Loops);
      if (P.is_null()) {
        isl_pw_aff_list_free(List);
        return isl::map();
      }
      List = isl_pw_aff_list_add(List, P.release());
    }
    isl_space *MapSpace = isl_space_map_from_domain_and_range(Wide.copy(), memorySpace(A).release());
    isl_map *M = isl_map_from_multi_pw_aff(isl_multi_pw_aff_from_pw_aff_list(MapSpace, List));
    M = isl_map_intersect_domain(M, Where.release());
    M = isl_map_project_out(M, isl_dim_in, Depth, Locals);
    M = isl_map_set_tuple_id(M, isl_dim_in, isl_space_get_tuple_id(statementSpace(A.Stmt).get(), isl_dim_set));
    return checked(isl::manage(M));
  } catch (const isl::exception &) {
    return isl::map();
  }
}

bool IslBuilder::isAccessBounded(unsigned AccessId) const {
  if (isAccessExact(AccessId))
    return true;
  isl::map R = boundedRelation(N.Accesses[AccessId]);
  if (R.is_null())
    return false;
  // Finitely many elements per instance, for fixed parameters (the
  // instances are: their loops have bounds).
  isl::set Pairs = checked(isl::manage(isl_map_wrap(R.release())));
  return isl_set_is_bounded(Pairs.get()) == isl_bool_true;
}

bool IslBuilder::isAccessExact(unsigned AccessId) const {
  const Access &A = N.Accesses[AccessId];
  isl::space StmtSpace = statementSpace(A.Stmt);
  unsigned MemDims = isl_space_dim(memorySpace(A).get(), isl_dim_set);
  std::vector<isl::pw_aff> Subs;
  return subscriptFunctions(*this, A, StmtSpace, MemDims, Subs);
}

bool IslBuilder::provesBounds(const std::vector<unsigned> &Loops, const std::vector<Guard> &Guards,
                              const AffExpr &E, const AffExpr &Lo, const AffExpr &HiExclusive,
                              const std::vector<AffCond> &Facts, unsigned Locals) const {
  try {
    isl::set Dom = domain("P", Loops, Guards);
    if (Locals > 0)
      Dom = checked(isl::manage(isl_set_add_dims(Dom.release(), isl_dim_set, Locals)));
    isl::space Space = Dom.get_space();
    for (const AffCond &F : Facts) {
      isl::set K = condition(F, Space, Loops);
      if (K.is_null())
        return false;
      Dom = Dom.intersect(K);
    }
    isl::pw_aff PE = pwAff(E, Space, Loops), PLo = pwAff(Lo, Space, Loops),
                PHi = pwAff(HiExclusive, Space, Loops);
    if (PE.is_null() || PLo.is_null() || PHi.is_null())
      return false;
    isl::set Outside = PE.lt_set(PLo).unite(PE.ge_set(PHi));
    return Dom.intersect(Outside).is_empty();
  } catch (const isl::exception &) {
    return false;
  }
}

bool IslBuilder::provesBounds(unsigned Stmt, const AffExpr &E, const AffExpr &Lo,
                              const AffExpr &HiExclusive) const {
  const Statement &S = N.Statements[Stmt];
  return provesBounds(S.Loops, S.Guards, E, Lo, HiExclusive);
}

bool provesBounds(const Nest &N, const std::vector<unsigned> &Loops,
                  const std::vector<Guard> &Guards, const AffExpr &E, const AffExpr &Lo,
                  const AffExpr &HiExclusive, const std::vector<AffCond> &Facts, unsigned Locals) {
  IslContext Ctx;
  Ctx.setBudget(2000000);
  bool Proven = false;
  try {
    IslBuilder B(N, Ctx.get());
    Proven = B.provesBounds(Loops, Guards, E, Lo, HiExclusive, Facts, Locals);
  } catch (const isl::exception &) {
    Proven = false;
  }
  return Proven;
}

bool provesBounds(const Nest &N, unsigned Stmt, const AffExpr &E, const AffExpr &Lo,
                  const AffExpr &HiExclusive) {
  const Statement &S = N.Statements[Stmt];
  return provesBounds(N, S.Loops, S.Guards, E, Lo, HiExclusive);
}

namespace {
/// The original execution order (see originalSchedule): statement S at loop depth d runs at time
/// (p0, e0, p1, e1, ..., pd, 0, ...), where p is its position among the
/// nodes of each body and e the iterator in execution order (negated for a
/// loop that runs downward). The positions of an `if`'s branches continue
/// the count of the body around it.
class OriginalSchedule {
public:
  OriginalSchedule(const Nest &N, const IslBuilder &B) : N(N), B(B) {
    for (const Statement &S : N.Statements)
      Dims = std::max<unsigned>(Dims, 2 * S.Loops.size() + 1);
    std::vector<int64_t> Positions;
    std::vector<unsigned> Loops;
    unsigned Pos = 0;
    walk(N.Root, Pos, Positions, Loops);
  }
  isl::union_map get() const { return Map; }

private:
  const Nest &N;
  const IslBuilder &B;
  unsigned Dims = 1;
  isl::union_map Map;

  void walk(const std::vector<NodePtr> &Nodes, unsigned &Pos, std::vector<int64_t> &Positions,
            std::vector<unsigned> &Loops) {
    for (const NodePtr &Nd : Nodes) {
      switch (Nd->K) {
      case Node::Kind::Loop: {
        Positions.push_back(Pos++);
        Loops.push_back(Nd->Id);
        unsigned Inner = 0;
        walk(Nd->Body, Inner, Positions, Loops);
        Loops.pop_back();
        Positions.pop_back();
        break;
      }
      case Node::Kind::If:
        walk(Nd->Body, Pos, Positions, Loops);
        walk(Nd->Else, Pos, Positions, Loops);
        break;
      case Node::Kind::Stmt: {
        Positions.push_back(Pos++);
        add(Nd->Id, Positions, Loops);
        Positions.pop_back();
        break;
      }
      }
    }
  }

  void add(unsigned Stmt, const std::vector<int64_t> &Positions, const std::vector<unsigned> &Loops) {
    isl::space Dom = B.statementSpace(Stmt);
    isl_space *Space = isl_space_map_from_domain_and_range(
        Dom.copy(), isl_space_set_from_params(isl_space_params(Dom.copy())));
    Space = isl_space_add_dims(Space, isl_dim_out, Dims);
    isl_multi_aff *MA = isl_multi_aff_zero(Space);
    isl_local_space *LS = isl_local_space_from_space(Dom.copy());
    for (unsigned T = 0; T < Dims; ++T) {
      isl_aff *A = isl_aff_zero_on_domain(isl_local_space_copy(LS));
      if (T % 2 == 0 && T / 2 < Positions.size())
        A = isl_aff_set_constant_si(A, Positions[T / 2]);
      else if (T % 2 == 1 && T / 2 < Loops.size())
        A = isl_aff_set_coefficient_si(A, isl_dim_in, T / 2, N.Loops[Loops[T / 2]].Step > 0 ? 1 : -1);
      MA = isl_multi_aff_set_aff(MA, T, A);
    }
    isl_local_space_free(LS);
    isl::union_map M = isl::union_map(isl::manage(isl_map_from_multi_aff(MA)));
    Map = Map.is_null() ? M : Map.unite(M);
  }
};

} // namespace

isl::union_map originalSchedule(const IslBuilder &B) { return OriginalSchedule(B.nest(), B).get(); }

} // namespace loopgpu
