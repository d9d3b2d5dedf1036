//===- Footprint.cpp - How many elements of an array a nest touches -------===//
#include "loopgpu/CodeGen/CudaPrinter.h"
#include "loopgpu/IR/IslBuilder.h"

#include <isl/ast.h>
#include <isl/ast_build.h>

#include <cctype>
#include <cstring>
#include <set>

namespace loopgpu {

/// E as a C expression computed in 64 bits: every name is cast first, so that
/// `65536 * n` cannot overflow int before the count is widened.
std::string affIn64Bits(const Nest &N, const AffExpr &E) {
  return E.str([&](AffVar V) { return "((long long)" + N.nameOf(V) + ")"; }, "loopgpu_min", "loopgpu_max");
}

std::optional<std::string> arrayElementCount(const Nest &N, unsigned ArrayId) {
  const ArrayInfo &A = N.Arrays[ArrayId];
  // Every inner extent must be known to index the array at all.
  for (unsigned D = 1; D < A.rank(); ++D)
    if (!A.Extents[D])
      return std::nullopt;
  // The product through loopgpu_count: 0 if an extent is not positive, an
  // overflow of 64 bits stops the program.
  std::string Inner;
  for (unsigned D = 1; D < A.rank(); ++D)
    Inner += ", (long long)(" + affIn64Bits(N, *A.Extents[D]) + ")";
  if (A.Extents[0])
    return "loopgpu_count({(long long)(" + affIn64Bits(N, *A.Extents[0]) + ")" + Inner + "})";

  // The outer extent is unknown (a pointer): 1 + the largest outer index any
  // access touches, for every value of the parameters.
  IslContext Ctx;
  IslBuilder B(N, Ctx.get());
  try {
    isl::set Touched;
    for (const Access &Acc : N.Accesses) {
      if (!Acc.isArray() || Acc.Index != ArrayId)
        continue;
      if (!B.isAccessExact(Acc.Id))
        return std::nullopt;
      isl::set R = B.accessRelation(Acc.Id).range();
      Touched = Touched.is_null() ? R : Touched.unite(R);
    }
    if (Touched.is_null())
      return std::string("0LL");
    isl_set *Outer = isl_set_project_out(Touched.release(), isl_dim_set, 1, A.rank() - 1);
    isl_pw_aff *Max = isl_set_dim_max(Outer, 0);
    if (!Max)
      return std::nullopt;
    // Where nothing is touched the count is 0: max(max index, -1) + 1.
    isl_set *Universe = isl_set_universe(B.paramSpace().release());
    isl_pw_aff *MinusOne = isl_pw_aff_val_on_domain(isl_set_copy(Universe), isl_val_int_from_si(Ctx.raw(), -1));
    isl_pw_aff *Count = isl_pw_aff_add(isl_pw_aff_union_max(Max, MinusOne),
                                       isl_pw_aff_val_on_domain(isl_set_copy(Universe), isl_val_one(Ctx.raw())));
    isl_ast_build *Build = isl_ast_build_from_context(Universe);
    isl_ast_expr *Expr = isl_ast_build_expr_from_pw_aff(Build, Count);
    isl_ast_build_free(Build);
    if (!Expr)
      return std::nullopt;
    char *C = isl_ast_expr_to_C_str(Expr);
    isl_ast_expr_free(Expr);
    if (!C)
      return std::nullopt;
    // ISL prints min, max and floord as calls; the CUDA file defines them
    // with a loopgpu_ prefix.
    std::string Raw(C);
    free(C);
    std::string Printed;
    std::set<std::string> Params;
    for (const ParamInfo &P : N.Params)
      Params.insert(P.Name);
    for (size_t I = 0; I < Raw.size();) {
      bool WordStart = I == 0 || !(isalnum((unsigned char)Raw[I - 1]) || Raw[I - 1] == '_');
      bool Matched = false;
      if (WordStart && (isalpha((unsigned char)Raw[I]) || Raw[I] == '_')) {
        // Parameters in 64 bits, so that no product overflows int.
        size_t J = I;
        while (J < Raw.size() && (isalnum((unsigned char)Raw[J]) || Raw[J] == '_'))
          ++J;
        std::string Word = Raw.substr(I, J - I);
        if (Params.count(Word)) {
          Printed += "((long long)" + Word + ")";
          I = J;
          continue;
        }
      }
      for (const char *F : {"min(", "max(", "floord("})
        if (WordStart && Raw.compare(I, strlen(F), F) == 0) {
          Printed += std::string("loopgpu_") + F;
          I += strlen(F);
          Matched = true;
          break;
        }
      if (!Matched)
        Printed += Raw[I++];
    }
    return "loopgpu_count({(long long)(" + Printed + ")" + Inner + "})";
  } catch (const isl::exception &) {
    return std::nullopt;
  }
}

} // namespace loopgpu
