//===- ElementCount.cpp - An array's elements as a C expression -----------===//
#include "loopgpu/CodeGen/ElementCount.h"
#include "loopgpu/Analysis/Footprint.h"

#include <cctype>
#include <cstring>
#include <set>

namespace loopgpu {

namespace {

const char *const CountHelpers = R"(// Elements of an array from its extents, in 64 bits: 0 if an extent is not
// positive; an overflow stops the program instead of allocating too little.
inline long long loopgpu_count(std::initializer_list<long long> extents) {
  long long n = 1;
  for (long long e : extents) {
    if (e <= 0)
      return 0;
    if (__builtin_mul_overflow(n, e, &n)) {
      fprintf(stderr, "loopgpu: an array's size overflows 64 bits\n");
      exit(EXIT_FAILURE);
    }
  }
  return n;
}
)";


/// ISL's C for a count (Footprint.h) in the CUDA file's terms: min, max and
/// floord are defined there with a loopgpu_ prefix, and parameters are cast
/// to 64 bits so that no product overflows int.
std::string islToCuda(const Nest &N, const std::string &Raw) {
  std::string Printed;
  std::set<std::string> Params;
  for (const ParamInfo &P : N.Params)
    Params.insert(P.Name);
  for (size_t I = 0; I < Raw.size();) {
    bool WordStart = I == 0 || !(isalnum((unsigned char)Raw[I - 1]) || Raw[I - 1] == '_');
    bool Matched = false;
    if (WordStart && (isalpha((unsigned char)Raw[I]) || Raw[I] == '_')) {
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
  return Printed;
}

} // namespace

const char *countHelpers() { return CountHelpers; }

std::string affIn64Bits(const Nest &N, const AffExpr &E) {
  return E.str([&](AffVar V) { return "((long long)" + N.nameOf(V) + ")"; }, "loopgpu_min", "loopgpu_max");
}

std::optional<std::string> arrayElementCount(const Nest &N, unsigned ArrayId) {
  return elementCount(N, ArrayId, /*Declared=*/true);
}

std::optional<std::string> touchedElementCount(const Nest &N, unsigned ArrayId) {
  return elementCount(N, ArrayId, /*Declared=*/false);
}

std::optional<std::string> elementCount(const Nest &N, unsigned ArrayId, bool Declared) {
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
  if (A.Extents[0] && Declared)
    return "loopgpu_count({(long long)(" + affIn64Bits(N, *A.Extents[0]) + ")" + Inner + "})";
  // The outer extent is unknown (a pointer): what the accesses touch.
  std::optional<std::string> Outer = touchedOuterExtent(N, ArrayId);
  if (!Outer)
    return std::nullopt;
  if (*Outer == "0")
    return std::string("0LL");
  return "loopgpu_count({(long long)(" + islToCuda(N, *Outer) + ")" + Inner + "})";
}

std::optional<std::string> beforeFirstCondition(const Nest &N, unsigned ArrayId) {
  std::optional<std::string> Raw = touchedBeforeFirst(N, ArrayId);
  if (!Raw)
    return std::nullopt;
  return islToCuda(N, *Raw);
}

std::string plusConst(const std::string &X, int64_t C) {
  return C == 0 ? X : X + (C > 0 ? " + " : " - ") + std::to_string(C > 0 ? C : -C);
}

std::string typeStr(ScalarType T) { return T.K == ScalarType::Kind::Bool ? "bool" : T.str(); }

} // namespace loopgpu
