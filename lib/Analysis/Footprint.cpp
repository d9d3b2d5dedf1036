//===- Footprint.cpp - How many elements of an array a nest touches -------===//
#include "loopgpu/Analysis/Footprint.h"
#include "loopgpu/IR/IslBuilder.h"

#include <isl/ast.h>
#include <isl/ast_build.h>

#include <cstdlib>

namespace loopgpu {

namespace {

/// Expr (taken) in C, ISL's syntax; frees the build that made it.
std::optional<std::string> printC(isl_ast_expr *Expr, isl_ast_build *Build) {
  isl_ast_build_free(Build);
  if (!Expr)
    return std::nullopt;
  char *C = isl_ast_expr_to_C_str(Expr);
  isl_ast_expr_free(Expr);
  if (!C)
    return std::nullopt;
  std::string Raw(C);
  free(C);
  return Raw;
}

} // namespace

isl::set touchedOuterIndices(const IslBuilder &B, const Nest &N, unsigned ArrayId) {
  isl::set Touched;
  for (const Access &Acc : N.Accesses) {
    if (!Acc.isArray() || Acc.Index != ArrayId)
      continue;
    if (!B.isAccessBounded(Acc.Id))
      return isl::set();
    isl::set R = B.accessRelation(Acc.Id).range();
    Touched = Touched.is_null() ? R : Touched.unite(R);
  }
  if (Touched.is_null())
    return isl::set();
  return isl::manage(isl_set_project_out(Touched.release(), isl_dim_set, 1, N.Arrays[ArrayId].rank() - 1));
}

std::optional<std::string> touchedOuterExtent(const Nest &N, unsigned ArrayId) {
  IslContext Ctx;
  IslBuilder B(N, Ctx.get());
  try {
    bool Any = false, Bounded = true;
    for (const Access &Acc : N.Accesses)
      if (Acc.isArray() && Acc.Index == ArrayId) {
        Any = true;
        Bounded = Bounded && B.isAccessBounded(Acc.Id);
      }
    if (!Bounded)
      return std::nullopt;
    if (!Any)
      return std::string("0");
    isl_set *Outer = touchedOuterIndices(B, N, ArrayId).release();
    if (!Outer)
      return std::nullopt;
    isl_pw_aff *Max = isl_set_dim_max(Outer, 0);
    if (!Max)
      return std::nullopt;
    // Where nothing is touched the count is 0: max(max index, -1) + 1.
    isl_set *Universe = isl_set_universe(B.paramSpace().release());
    isl_pw_aff *MinusOne = isl_pw_aff_val_on_domain(isl_set_copy(Universe), isl_val_int_from_si(Ctx.raw(), -1));
    isl_pw_aff *Count = isl_pw_aff_add(isl_pw_aff_union_max(Max, MinusOne),
                                       isl_pw_aff_val_on_domain(isl_set_copy(Universe), isl_val_one(Ctx.raw())));
    isl_ast_build *Build = isl_ast_build_from_context(Universe);
    return printC(isl_ast_build_expr_from_pw_aff(Build, Count), Build);
  } catch (const isl::exception &) {
    return std::nullopt;
  }
}

std::optional<int64_t> touchedOuterBound(const Nest &N, unsigned ArrayId) {
  IslContext Ctx;
  IslBuilder B(N, Ctx.get());
  try {
    isl_set *Outer = touchedOuterIndices(B, N, ArrayId).release();
    if (!Outer)
      return std::nullopt;
    // Over every value of the parameters too: they become dimensions.
    unsigned Params = isl_set_dim(Outer, isl_dim_param);
    Outer = isl_set_move_dims(Outer, isl_dim_set, 0, isl_dim_param, 0, Params);
    isl_val *Max = isl_set_dim_max_val(Outer, Params);
    std::optional<int64_t> R;
    if (Max && isl_val_is_int(Max) == isl_bool_true)
      R = isl_val_get_num_si(Max) + 1;
    isl_val_free(Max);
    return R;
  } catch (const isl::exception &) {
    return std::nullopt;
  }
}

std::optional<std::string> touchedBeforeFirst(const Nest &N, unsigned ArrayId) {
  IslContext Ctx;
  IslBuilder B(N, Ctx.get());
  try {
    // Indexes lexicographically below zero: x0 < 0, or x0 = 0 and x1 < 0, ...
    isl_set *Below = nullptr;
    isl_set *Params = nullptr; // where some access touches one
    for (const Access &Acc : N.Accesses) {
      if (!Acc.isArray() || Acc.Index != ArrayId)
        continue;
      if (!B.isAccessBounded(Acc.Id)) {
        isl_set_free(Below);
        isl_set_free(Params);
        return std::nullopt;
      }
      isl_set *R = B.accessRelation(Acc.Id).range().release();
      if (!Below) {
        unsigned Rank = isl_set_dim(R, isl_dim_set);
        Below = isl_set_empty(isl_set_get_space(R));
        for (unsigned D = 0; D < Rank; ++D) {
          isl_set *Piece = isl_set_universe(isl_set_get_space(R));
          for (unsigned E = 0; E < D; ++E)
            Piece = isl_set_fix_si(Piece, isl_dim_set, E, 0);
          Below = isl_set_union(Below, isl_set_upper_bound_si(Piece, isl_dim_set, D, -1));
        }
      }
      // One access at a time: most touch nothing below zero, cheaply shown.
      isl_set *Hit = isl_set_intersect(R, isl_set_copy(Below));
      if (isl_set_is_empty(Hit) == isl_bool_true) {
        isl_set_free(Hit);
        continue;
      }
      Hit = isl_set_params(Hit);
      Params = Params ? isl_set_union(Params, Hit) : Hit;
    }
    isl_set_free(Below);
    if (!Params)
      return std::nullopt;
    Params = isl_set_coalesce(Params);
    isl_ast_build *Build = isl_ast_build_from_context(isl_set_universe(B.paramSpace().release()));
    return printC(isl_ast_build_expr_from_set(Build, Params), Build);
  } catch (const isl::exception &) {
    return std::nullopt;
  }
}

} // namespace loopgpu
