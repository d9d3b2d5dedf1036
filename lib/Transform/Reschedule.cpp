//===- Reschedule.cpp - A new execution order from isl's scheduler ---------===//
//
// See Reschedule.h. Three steps: the isl view of the nest (domains, original
// schedule, memory-based dependences), isl's scheduler and AST builder, and
// the nest rebuilt from the AST.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Transform/Reschedule.h"
#include "loopgpu/IR/IslBuilder.h"
#include "loopgpu/IR/NestEdit.h"

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/val.h>

#include <map>
#include <set>

namespace loopgpu {

namespace {

/// Why the nest is outside what the transformation handles, or "".
std::string unsupported(const Nest &N) {
  if (!N.Clauses.empty())
    return "the nest has clauses";
  for (const Loop &L : N.Loops)
    if (!L.Clauses.empty())
      return "a loop has clauses";
  // isl's AST names its iterators c0, c1, ...: a parameter of that name
  // would be taken for one.
  for (const ParamInfo &P : N.Params)
    if (P.Name.size() > 1 && P.Name[0] == 'c' &&
        P.Name.find_first_not_of("0123456789", 1) == std::string::npos)
      return "parameter '" + P.Name + "' has the name of an iterator of isl's AST";
  // A step of 2 or more makes each domain the projection of an existential
  // variable (i = lb + s*t); isl's scheduler eliminates such variables from
  // every dependence by Fourier-Motzkin, whose integers grow until a single
  // pivot takes seconds (random nests with two strided loops ran for
  // minutes, bench/RESULTS.md run 22).
  for (const Loop &L : N.Loops)
    if (L.Step != 1 && L.Step != -1)
      return "loop '" + L.Iterator + "' has step " + std::to_string(L.Step) +
             " (isl's scheduler eliminates its stride variable at a cost that can run to minutes)";
  for (const Loop &L : N.Loops)
    if (L.IteratorDeclaredOutside)
      return "the value iterator '" + L.Iterator + "' leaves is read after the nest";
  for (const ScalarInfo &S : N.Scalars)
    if (S.declaredInside())
      return "scalar '" + S.Name + "' is declared inside the nest";
  for (const ArrayInfo &A : N.Arrays)
    if (A.isTemporary())
      return "the nest has temporaries";
  for (const Statement &S : N.Statements)
    if (S.isGuardedByData())
      return "statement " + S.name() + " is under a data-dependent condition";
  // Arrays that may overlap one that is written: their accesses would need
  // dependences between different arrays.
  std::vector<bool> Written(N.Arrays.size(), false);
  for (const Access &A : N.Accesses)
    if (A.isArray() && A.IsWrite)
      Written[A.Index] = true;
  auto Apart = [&](unsigned X, unsigned Y) {
    for (auto [P, Q] : N.ApartArrays)
      if ((P == X && Q == Y) || (P == Y && Q == X))
        return true;
    return false;
  };
  for (unsigned X = 0; X < N.Arrays.size(); ++X)
    for (unsigned Y = X + 1; Y < N.Arrays.size(); ++Y)
      if (N.Arrays[X].AliasClass == N.Arrays[Y].AliasClass && (Written[X] || Written[Y]) && !Apart(X, Y))
        return "arrays '" + N.Arrays[X].Name + "' and '" + N.Arrays[Y].Name + "' may overlap";
  return "";
}

/// The nest rebuilt from isl's AST.
class Rebuilder {
public:
  Rebuilder(Nest &N, const Nest &Old) : N(N), Old(Old) {
    for (const Statement &S : Old.Statements)
      StmtByName[IslBuilder::statementTupleName(S.Id)] = S.Id;
    // The iterators' type: the widest of the original ones, signed (a
    // schedule's dimension may run below 0 where the original iterators
    // do not: `c1 = -c0 + 2` of an `unsigned long` loop wrapped around).
    IterType = ScalarType::intType();
    for (const Loop &L : Old.Loops)
      if (L.IteratorType.K == ScalarType::Kind::Long || L.IteratorType.K == ScalarType::Kind::LongLong)
        IterType = L.IteratorType;
    IterType.IsUnsigned = false;
  }

  std::string Error;

  bool build(isl_ast_node *Root) {
    N.Loops.clear();
    N.Statements.clear();
    N.Accesses.clear();
    N.Root.clear();
    return node(Root, N.Root);
  }

  /// Each new loop named after the original iterator that equals it in every
  /// statement it encloses, else c<depth>.
  void nameLoops() {
    for (Loop &L : N.Loops) {
      auto It = Names.find(L.Id);
      std::string Name = It != Names.end() && It->second.size() == 1 ? *It->second.begin() : "";
      if (Name.empty() || UsedByOther.count(Name))
        Name = freshName(Old, "c" + std::to_string(DepthOf[L.Id]));
      L.Iterator = Name;
      if (auto F = FirstOld.find(L.Id); F != FirstOld.end())
        L.Loc = Old.Loops[F->second].Loc;
      std::string Was;
      for (unsigned O : OldLoops[L.Id])
        Was += (Was.empty() ? "" : ", ") + Old.Loops[O].Iterator + " (line " + std::to_string(Old.Loops[O].Loc.Line) + ")";
      L.Origin.Note = "isl's schedule, dimension " + std::to_string(DepthOf[L.Id]) + (Was.empty() ? "" : ": " + Was);
    }
    // An inner loop may not reuse an enclosing loop's name.
    std::function<void(const std::vector<NodePtr> &, std::set<std::string> &)> Fix =
        [&](const std::vector<NodePtr> &Nodes, std::set<std::string> &Outer) {
          for (const NodePtr &Nd : Nodes) {
            if (Nd->K == Node::Kind::Loop) {
              Loop &L = N.Loops[Nd->Id];
              std::string Base = L.Iterator;
              for (unsigned K = 2; Outer.count(L.Iterator); ++K)
                L.Iterator = Base + "_" + std::to_string(K);
              Outer.insert(L.Iterator);
              Fix(Nd->Body, Outer);
              Outer.erase(L.Iterator);
            } else {
              Fix(Nd->Body, Outer);
              Fix(Nd->Else, Outer);
            }
          }
        };
    std::set<std::string> Outer;
    Fix(N.Root, Outer);
  }

private:
  Nest &N;
  const Nest &Old;
  ScalarType IterType;
  std::map<std::string, unsigned> StmtByName;
  /// Iterators of the AST in scope: their value (a new loop's iterator, or
  /// the single value of a degenerate loop).
  std::map<std::string, AffExpr> Env;
  unsigned Depth = 0;
  std::map<unsigned, unsigned> DepthOf;
  /// Per new loop: the original iterators it stands for.
  std::map<unsigned, std::set<std::string>> Names;
  /// Per new loop: the first original loop it stands for (its line).
  std::map<unsigned, unsigned> FirstOld;
  /// Per new loop: the original loops it equals in some statement.
  std::map<unsigned, std::set<unsigned>> OldLoops;
  std::set<std::string> UsedByOther;

  bool fail(const std::string &Why) {
    if (Error.empty())
      Error = Why;
    return false;
  }

  static std::string idName(isl_ast_expr *E) {
    isl_id *Id = isl_ast_expr_get_id(E);
    std::string S = isl_id_get_name(Id);
    isl_id_free(Id);
    return S;
  }

  std::optional<AffExpr> expr(isl_ast_expr *E) {
    switch (isl_ast_expr_get_type(E)) {
    case isl_ast_expr_int: {
      isl_val *V = isl_ast_expr_get_val(E);
      std::optional<AffExpr> R;
      if (isl_val_is_int(V))
        R = AffExpr::constant(isl_val_get_num_si(V));
      isl_val_free(V);
      return R;
    }
    case isl_ast_expr_id: {
      std::string Name = idName(E);
      if (auto It = Env.find(Name); It != Env.end())
        return It->second;
      for (unsigned P = 0; P < N.Params.size(); ++P)
        if (N.Params[P].Name == Name)
          return AffExpr::param(P);
      fail("unknown name '" + Name + "' in isl's AST");
      return std::nullopt;
    }
    case isl_ast_expr_op:
      break;
    default:
      fail("unexpected expression in isl's AST");
      return std::nullopt;
    }
    int Count = isl_ast_expr_op_get_n_arg(E);
    std::vector<AffExpr> Args;
    for (int I = 0; I < Count; ++I) {
      isl_ast_expr *A = isl_ast_expr_op_get_arg(E, I);
      std::optional<AffExpr> X = expr(A);
      isl_ast_expr_free(A);
      if (!X)
        return std::nullopt;
      Args.push_back(*X);
    }
    auto ConstDivisor = [&]() -> std::optional<int64_t> {
      if (Args.size() == 2 && Args[1].isConstant() && Args[1].constantValue() > 0)
        return Args[1].constantValue();
      fail("division by a non-constant in isl's AST");
      return std::nullopt;
    };
    switch (isl_ast_expr_op_get_type(E)) {
    case isl_ast_expr_op_add:
      return AffExpr::add(Args[0], Args[1]);
    case isl_ast_expr_op_sub:
      return AffExpr::sub(Args[0], Args[1]);
    case isl_ast_expr_op_minus:
      return AffExpr::mul(Args[0], -1);
    case isl_ast_expr_op_mul:
      if (Args[0].isConstant())
        return AffExpr::mul(Args[1], Args[0].constantValue());
      if (Args[1].isConstant())
        return AffExpr::mul(Args[0], Args[1].constantValue());
      fail("a product of two variables in isl's AST");
      return std::nullopt;
    case isl_ast_expr_op_div:
    case isl_ast_expr_op_fdiv_q:
    case isl_ast_expr_op_pdiv_q:
      if (auto D = ConstDivisor())
        return AffExpr::floorDiv(Args[0], *D);
      return std::nullopt;
    case isl_ast_expr_op_pdiv_r:
    case isl_ast_expr_op_zdiv_r:
      if (auto D = ConstDivisor())
        return AffExpr::rem(Args[0], *D);
      return std::nullopt;
    case isl_ast_expr_op_min:
    case isl_ast_expr_op_max: {
      bool Min = isl_ast_expr_op_get_type(E) == isl_ast_expr_op_min;
      AffExpr R = Args[0];
      for (size_t I = 1; I < Args.size(); ++I)
        R = Min ? AffExpr::min(R, Args[I]) : AffExpr::max(R, Args[I]);
      return R;
    }
    default:
      fail("an operator of isl's AST the loop IR does not hold");
      return std::nullopt;
    }
  }

  std::optional<AffCond> cond(isl_ast_expr *E) {
    if (isl_ast_expr_get_type(E) != isl_ast_expr_op) {
      fail("a condition of isl's AST that is not a comparison");
      return std::nullopt;
    }
    enum isl_ast_expr_op_type T = isl_ast_expr_op_get_type(E);
    auto Arg = [&](int I) {
      isl_ast_expr *A = isl_ast_expr_op_get_arg(E, I);
      return A;
    };
    if (T == isl_ast_expr_op_and || T == isl_ast_expr_op_and_then || T == isl_ast_expr_op_or ||
        T == isl_ast_expr_op_or_else) {
      isl_ast_expr *A = Arg(0), *B = Arg(1);
      std::optional<AffCond> L = cond(A), R = cond(B);
      isl_ast_expr_free(A);
      isl_ast_expr_free(B);
      if (!L || !R)
        return std::nullopt;
      bool And = T == isl_ast_expr_op_and || T == isl_ast_expr_op_and_then;
      return And ? AffCond::conj(*L, *R) : AffCond::disj(*L, *R);
    }
    AffCond::CmpOp Op;
    switch (T) {
    case isl_ast_expr_op_eq: Op = AffCond::CmpOp::EQ; break;
    case isl_ast_expr_op_le: Op = AffCond::CmpOp::LE; break;
    case isl_ast_expr_op_lt: Op = AffCond::CmpOp::LT; break;
    case isl_ast_expr_op_ge: Op = AffCond::CmpOp::GE; break;
    case isl_ast_expr_op_gt: Op = AffCond::CmpOp::GT; break;
    default:
      fail("a condition of isl's AST the loop IR does not hold");
      return std::nullopt;
    }
    isl_ast_expr *A = Arg(0), *B = Arg(1);
    std::optional<AffExpr> L = expr(A), R = expr(B);
    isl_ast_expr_free(A);
    isl_ast_expr_free(B);
    if (!L || !R)
      return std::nullopt;
    return AffCond::compare(*L, Op, *R);
  }

  /// Upper bound of `for (It = ...; Cond; ...)`: Cond is It <= U, It < U, or
  /// a conjunction of those.
  std::optional<AffExpr> upperBound(isl_ast_expr *Cond, const std::string &It) {
    if (isl_ast_expr_get_type(Cond) != isl_ast_expr_op) {
      fail("a loop condition of isl's AST that is not a bound");
      return std::nullopt;
    }
    enum isl_ast_expr_op_type T = isl_ast_expr_op_get_type(Cond);
    isl_ast_expr *A = isl_ast_expr_op_get_arg(Cond, 0), *B = isl_ast_expr_op_get_arg(Cond, 1);
    std::optional<AffExpr> R;
    if (T == isl_ast_expr_op_and || T == isl_ast_expr_op_and_then) {
      std::optional<AffExpr> L = upperBound(A, It), U = upperBound(B, It);
      if (L && U)
        R = AffExpr::min(*L, *U);
    } else if ((T == isl_ast_expr_op_le || T == isl_ast_expr_op_lt) &&
               isl_ast_expr_get_type(A) == isl_ast_expr_id && idName(A) == It) {
      if (std::optional<AffExpr> U = expr(B))
        R = T == isl_ast_expr_op_lt ? plusConstant(*U, -1) : *U;
    } else {
      fail("a loop condition of isl's AST that is not a bound");
    }
    isl_ast_expr_free(A);
    isl_ast_expr_free(B);
    return R;
  }

  bool children(isl_ast_node *Nd, std::vector<NodePtr> &Out) {
    isl_ast_node_list *List = isl_ast_node_block_get_children(Nd);
    bool Ok = true;
    for (int I = 0, E = isl_ast_node_list_n_ast_node(List); I < E && Ok; ++I) {
      isl_ast_node *C = isl_ast_node_list_get_ast_node(List, I);
      Ok = node(C, Out);
      isl_ast_node_free(C);
    }
    isl_ast_node_list_free(List);
    return Ok;
  }

  bool node(isl_ast_node *Nd, std::vector<NodePtr> &Out) {
    switch (isl_ast_node_get_type(Nd)) {
    case isl_ast_node_block:
      return children(Nd, Out);
    case isl_ast_node_mark: {
      isl_ast_node *C = isl_ast_node_mark_get_node(Nd);
      bool Ok = node(C, Out);
      isl_ast_node_free(C);
      return Ok;
    }
    case isl_ast_node_if: {
      isl_ast_expr *C = isl_ast_node_if_get_cond(Nd);
      std::optional<AffCond> Cond = cond(C);
      isl_ast_expr_free(C);
      if (!Cond)
        return false;
      NodePtr If = ifNode(N, *Cond, Old.Loc);
      isl_ast_node *Then = isl_ast_node_if_get_then_node(Nd);
      bool Ok = node(Then, If->Body);
      isl_ast_node_free(Then);
      if (Ok && isl_ast_node_if_has_else_node(Nd) == isl_bool_true) {
        isl_ast_node *Else = isl_ast_node_if_get_else_node(Nd);
        Ok = node(Else, If->Else);
        isl_ast_node_free(Else);
      }
      Out.push_back(std::move(If));
      return Ok;
    }
    case isl_ast_node_for:
      return forNode(Nd, Out);
    case isl_ast_node_user:
      return userNode(Nd, Out);
    default:
      return fail("an unexpected node in isl's AST");
    }
  }

  bool forNode(isl_ast_node *Nd, std::vector<NodePtr> &Out) {
    isl_ast_expr *ItE = isl_ast_node_for_get_iterator(Nd);
    std::string It = idName(ItE);
    isl_ast_expr_free(ItE);
    isl_ast_expr *InitE = isl_ast_node_for_get_init(Nd);
    std::optional<AffExpr> Init = expr(InitE);
    isl_ast_expr_free(InitE);
    if (!Init)
      return false;
    isl_ast_node *Body = isl_ast_node_for_get_body(Nd);
    bool Ok;
    if (isl_ast_node_for_is_degenerate(Nd) == isl_bool_true) {
      // Runs once: its iterator is the initial value.
      Env[It] = *Init;
      Ok = node(Body, Out);
      Env.erase(It);
    } else {
      isl_ast_expr *CondE = isl_ast_node_for_get_cond(Nd), *IncE = isl_ast_node_for_get_inc(Nd);
      std::optional<AffExpr> Upper = upperBound(CondE, It), Inc = expr(IncE);
      isl_ast_expr_free(CondE);
      isl_ast_expr_free(IncE);
      Ok = Upper && Inc && Inc->isConstant() && Inc->constantValue() > 0;
      if (Ok) {
        LoopOrigin O;
        O.K = LoopOrigin::Kind::Generated;
        unsigned L = addLoop(N, It, IterType, *Init, *Upper, Inc->constantValue(), Old.Loc, O);
        DepthOf[L] = Depth;
        NodePtr LN = loopNode(N, L);
        Env[It] = AffExpr::iterator(L);
        ++Depth;
        Ok = node(Body, LN->Body);
        --Depth;
        Env.erase(It);
        Out.push_back(std::move(LN));
      } else {
        fail("a loop of isl's AST the loop IR does not hold");
      }
    }
    isl_ast_node_free(Body);
    return Ok;
  }

  /// A copy of the statement the call names, its iterators replaced by the
  /// call's arguments.
  bool userNode(isl_ast_node *Nd, std::vector<NodePtr> &Out) {
    isl_ast_expr *Call = isl_ast_node_user_get_expr(Nd);
    isl_ast_expr *Callee = isl_ast_expr_op_get_arg(Call, 0);
    std::string Name = idName(Callee);
    isl_ast_expr_free(Callee);
    auto SIt = StmtByName.find(Name);
    bool Ok = SIt != StmtByName.end();
    std::map<unsigned, AffExpr> Values;
    const Statement *S = Ok ? &Old.Statements[SIt->second] : nullptr;
    if (Ok && isl_ast_expr_op_get_n_arg(Call) != (int)S->Loops.size() + 1)
      Ok = false;
    for (size_t P = 0; Ok && P < S->Loops.size(); ++P) {
      isl_ast_expr *A = isl_ast_expr_op_get_arg(Call, P + 1);
      std::optional<AffExpr> V = expr(A);
      isl_ast_expr_free(A);
      Ok = V.has_value();
      if (Ok)
        Values.emplace(S->Loops[P], *V);
    }
    isl_ast_expr_free(Call);
    if (!Ok)
      return fail("a statement call of isl's AST that does not match the nest");
    // Remember which original iterator each new loop stands for.
    for (auto &[OldLoop, V] : Values) {
      const std::string &OldName = Old.Loops[OldLoop].Iterator;
      if (V.kind() == AffExpr::Kind::Var && V.variable().isIterator()) {
        Names[V.variable().Index].insert(OldName);
        FirstOld.emplace(V.variable().Index, OldLoop);
        OldLoops[V.variable().Index].insert(OldLoop);
      }
      else
        UsedByOther.insert(OldName);
    }
    auto Sub = [&](AffVar V) {
      if (V.isIterator())
        return Values.at(V.Index);
      return AffExpr::var(V);
    };
    std::vector<Access> Accesses;
    std::map<unsigned, int> LocalId;
    for (unsigned A : S->Accesses) {
      Access X = Old.Accesses[A];
      substituteInAccess(X, Sub);
      LocalId[A] = Accesses.size();
      Accesses.push_back(std::move(X));
    }
    ExprPtr Body = S->Body->clone();
    std::function<void(ExprPtr &)> Rewrite = [&](ExprPtr &E) {
      if (E->K == Expr::Kind::IteratorRef) {
        E = exprFromAff(N, Values.at(E->Index));
        return;
      }
      if (E->AccessId >= 0)
        E->AccessId = LocalId.at(E->AccessId);
      for (ExprPtr &C : E->Ops)
        Rewrite(C);
    };
    Rewrite(Body);
    NodePtr SN = addStatement(N, std::move(Body), std::move(Accesses), S->Loc, S->Origin);
    Statement &New = N.Statements[SN->Id];
    New.Text = S->Text;
    New.IsDeclaration = S->IsDeclaration;
    Out.push_back(std::move(SN));
    return true;
  }
};

} // namespace

/// Largest absolute coefficient of an iterator or parameter that the
/// rescheduler accepts in a schedule dimension.
static const int MaxScheduleCoefficient = 4;

// Helpers of steepestHyperplane: stop at the first row with a steep
// coefficient (User is the std::string that receives it).
static isl_stat steepPiece(isl_set *Set, isl_aff *Aff, void *User) {
  std::string &Found = *static_cast<std::string *>(User);
  isl_set_free(Set);
  for (isl_dim_type T : {isl_dim_in, isl_dim_param}) {
    isl_size Dims = isl_aff_dim(Aff, T);
    for (isl_size D = 0; D < Dims && Found.empty(); ++D) {
      isl_val *V = isl_val_abs(isl_aff_get_coefficient_val(Aff, T, D));
      if (isl_val_gt_si(V, MaxScheduleCoefficient) == isl_bool_true) {
        char *Text = isl_aff_to_str(Aff);
        Found = Text;
        free(Text);
      }
      isl_val_free(V);
    }
  }
  isl_aff_free(Aff);
  return Found.empty() ? isl_stat_ok : isl_stat_error;
}

static isl_stat steepPwAff(isl_pw_aff *PA, void *User) {
  isl_stat R = isl_pw_aff_foreach_piece(PA, steepPiece, User);
  isl_pw_aff_free(PA);
  return R;
}

static isl_bool steepBand(isl_schedule_node *Node, void *User) {
  std::string &Found = *static_cast<std::string *>(User);
  if (!Found.empty())
    return isl_bool_false;
  if (isl_schedule_node_get_type(Node) != isl_schedule_node_band)
    return isl_bool_true;
  isl_multi_union_pw_aff *Rows = isl_schedule_node_band_get_partial_schedule(Node);
  isl_size N = isl_multi_union_pw_aff_size(Rows);
  for (isl_size I = 0; I < N && Found.empty(); ++I) {
    isl_union_pw_aff *Row = isl_multi_union_pw_aff_get_union_pw_aff(Rows, I);
    isl_union_pw_aff_foreach_pw_aff(Row, steepPwAff, &Found);
    isl_union_pw_aff_free(Row);
  }
  isl_multi_union_pw_aff_free(Rows);
  return Found.empty() ? isl_bool_true : isl_bool_false;
}

/// The first schedule row of \p Schedule's bands with a coefficient (of
/// an iterator or a parameter) above MaxScheduleCoefficient in absolute
/// value, printed, or "" when there is none. isl's option
/// schedule_max_coefficient bounds the rows its main LP finds but not those
/// of its fallback that carries dependences one row at a time, which is
/// where steep rows come from.
static std::string steepestHyperplane(isl_schedule *Schedule) {
  std::string Found;
  isl_schedule_foreach_schedule_node_top_down(Schedule, steepBand, &Found);
  return Found;
}

bool rescheduleWithIsl(Nest &N, std::string &WhyNot) {
  WhyNot = unsupported(N);
  if (!WhyNot.empty())
    return false;
  if (N.Statements.empty())
    return WhyNot = "the nest has no statements", false;

  IslContext Ctx;
  isl_options_set_schedule_outer_coincidence(Ctx.raw(), 1);
  // Bound the schedule's coefficients. Left free, isl satisfies the
  // equalities of flattened subscripts (grid[4096*l + 64*k + j]) with
  // hyperplanes like 4032*k + j, whose loops span tens of thousands of
  // values for a few thousand instances: a random nest (fuzz case 1450323)
  // got a host loop of ~73,000 launches for 2,340 instances and compiled
  // for a minute. The schedules loopgpu wants (interchange, fusion, the
  // skews of triangular nests) use coefficients of 1 or 2.
  isl_options_set_schedule_max_coefficient(Ctx.raw(), MaxScheduleCoefficient);
  isl_options_set_ast_build_atomic_upper_bound(Ctx.raw(), 1);
  Ctx.setBudget(20000000);
  Nest Old = cloneNest(N);
  isl_ast_node *Ast = nullptr;
  // Normal runs take well under a second (PolyBench's nests: 0.1 s at
  // most); random nests whose flattened subscripts give equalities like
  // 64*i0 = 195 + l + l' ran for minutes.
  const unsigned Seconds = 10;
  IslDeadline Deadline(Ctx, std::chrono::seconds(Seconds));
  try {
    IslBuilder B(Old, Ctx.get());
    isl::union_set Domain;
    for (unsigned S = 0; S < Old.Statements.size(); ++S) {
      isl::union_set D = isl::union_set(B.domain(S));
      Domain = Domain.is_null() ? D : Domain.unite(D);
    }
    isl::union_map Writes = isl::union_map::empty(Ctx.get());
    isl::union_map Reads = Writes;
    for (const Access &A : Old.Accesses)
      (A.IsWrite ? Writes : Reads) = (A.IsWrite ? Writes : Reads).unite(isl::union_map(B.accessRelation(A.Id)));
    isl::union_map Touch = Writes.unite(Reads);
    // Pairs of instances that touch one element, one of them writing, in
    // their original order.
    isl::union_map Pairs =
        Writes.apply_range(Touch.reverse()).unite(Reads.apply_range(Writes.reverse()));
    isl::union_map Sched = originalSchedule(B);
    isl::union_map Before = isl::manage(isl_union_map_lex_lt_union_map(Sched.copy(), Sched.copy()));
    isl::union_map Deps = Pairs.intersect(Before).coalesce();

    isl_schedule_constraints *SC = isl_schedule_constraints_on_domain(Domain.copy());
    SC = isl_schedule_constraints_set_validity(SC, Deps.copy());
    SC = isl_schedule_constraints_set_coincidence(SC, Deps.copy());
    SC = isl_schedule_constraints_set_proximity(SC, Deps.copy());
    isl_schedule *Schedule = isl_schedule_constraints_compute_schedule(SC);
    if (!Schedule)
      return WhyNot = Deadline.expired() ? "isl's scheduler ran past " + std::to_string(Seconds) + " s"
                      : Ctx.budgetExceeded() ? "isl's scheduler ran out of its operation budget"
                                             : "isl's scheduler found no schedule",
             false;
    std::string Steep = steepestHyperplane(Schedule);
    if (!Steep.empty()) {
      isl_schedule_free(Schedule);
      return WhyNot = "isl's schedule has the hyperplane " + Steep + ", a coefficient above " +
                      std::to_string(MaxScheduleCoefficient) +
                      " (its loop would span far more values than the nest has iterations)",
             false;
    }
    isl_ast_build *Build = isl_ast_build_from_context(isl_set_universe(isl::space(B.paramSpace()).release()));
    Ast = isl_ast_build_node_from_schedule(Build, Schedule);
    isl_ast_build_free(Build);
  } catch (const isl::exception &) {
    Ast = nullptr;
  }
  if (!Ast && Deadline.expired())
    return WhyNot = "isl's scheduler or AST builder ran past " + std::to_string(Seconds) + " s", false;
  if (!Ast)
    return WhyNot = "isl's scheduler or AST builder ran out of its operation budget", false;

  Rebuilder R(N, Old);
  bool Ok = R.build(Ast);
  isl_ast_node_free(Ast);
  if (Ok) {
    R.nameLoops();
    finalizeNest(N);
    std::string Problems = verifyNest(N);
    if (!Problems.empty())
      Ok = false, R.Error = "the rebuilt nest is inconsistent: " + Problems;
  }
  // isl's AST generator copies a statement for each piece of a domain it
  // separates (strides, guards like j % 2 == 0 against min/max bounds): a
  // random nest of 4 statements came back with 106, whose analyses and
  // per-statement passes then took minutes. PolyBench's nests come back
  // with as many statements as they had.
  const size_t MaxCopies = 4;
  if (Ok && N.Statements.size() > MaxCopies * Old.Statements.size())
    Ok = false, R.Error = "isl's AST has " + std::to_string(N.Statements.size()) + " statements for the nest's " +
                          std::to_string(Old.Statements.size()) + " (more than " + std::to_string(MaxCopies) +
                          " copies of each)";
  if (!Ok) {
    WhyNot = R.Error;
    N = std::move(Old);
    return false;
  }
  std::vector<unsigned> Lines;
  for (const Loop &L : Old.Loops)
    Lines.push_back(L.Loc.Line);
  recordTransform(N, "reschedule",
                  "new loop order from isl's scheduler (memory-based dependences as validity, "
                  "proximity and coincidence constraints)",
                  N.Loc, false, Lines);
  return true;
}

} // namespace loopgpu
