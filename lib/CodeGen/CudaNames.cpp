//===- CudaNames.cpp - How the input's C names are spelled in CUDA ---------===//
//
// See CudaNames.h.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/CudaNames.h"

#include "llvm/ADT/SmallVector.h"

#include <cctype>
#include <functional>
#include <set>
#include <cstring>
#include <map>

namespace loopgpu {

namespace {

/// C++ keywords that are plain identifiers in C (C11). wchar_t, char16_t,
/// char32_t and char8_t are left out: C's headers declare them as the very
/// types C++ means.
const char *const CxxKeywords[] = {
    "alignas",   "alignof",      "and",          "and_eq",     "asm",       "bitand",
    "bitor",     "bool",         "catch",        "class",      "compl",     "concept",
    "const_cast", "consteval",   "constexpr",    "constinit",  "co_await",  "co_return",
    "co_yield",  "decltype",     "delete",       "dynamic_cast", "explicit", "export",
    "false",     "friend",       "mutable",      "namespace",  "new",       "noexcept",
    "not",       "not_eq",       "nullptr",      "operator",   "or",        "or_eq",
    "private",   "protected",    "public",       "reinterpret_cast", "requires", "static_assert",
    "static_cast", "template",   "this",         "thread_local", "throw",   "true",
    "try",       "typeid",       "typename",     "using",      "virtual",   "xor",
    "xor_eq",
};

/// Names CUDA declares in every translation unit, or that the generated
/// code uses.
const char *const CudaReserved[] = {
    "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3", "std",
    "__device__", "__global__", "__host__", "__shared__", "__constant__", "__managed__",
    "__launch_bounds__", "__forceinline__", "__noinline__", "__grid_constant__",
    "__syncthreads", "__syncwarp", "__threadfence", "__shfl_sync", "__shfl_down_sync",
    "__shfl_up_sync", "__shfl_xor_sync", "__ldg",
};

/// Functions CUDA's headers declare in the global namespace for host code
/// too that C does not have (neither C11 nor glibc: a C program that uses
/// one of these names defines it): a function or variable of that name at
/// file scope would clash with them in the CUDA file (nvcc: "has already
/// been defined", "more than one instance of overloaded function").
const char *const CudaHostFunctions[] = {
    "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax",
    "norm", "normf", "rnorm", "rnormf", "norm3d", "norm3df", "rnorm3d", "rnorm3df",
    "norm4d", "norm4df", "rnorm4d", "rnorm4df", "rhypot", "rhypotf", "sinpi", "sinpif",
    "cospi", "cospif", "sincospi", "sincospif", "rcbrt", "rcbrtf", "erfinv", "erfinvf",
    "erfcinv", "erfcinvf", "erfcx", "erfcxf", "normcdf", "normcdff", "normcdfinv", "normcdfinvf",
    "fdivide", "fdividef", "rsqrt", "cyl_bessel_i0", "cyl_bessel_i0f", "cyl_bessel_i1", "cyl_bessel_i1f",
};

/// C++ keywords that a standard C header defines as macros with the same
/// meaning: with the header included they are not the input's own names.
const std::map<std::string, std::vector<std::string>> &headerMacros() {
  static const std::map<std::string, std::vector<std::string>> M = {
      {"stdbool.h", {"bool", "true", "false"}},
      {"iso646.h", {"and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor", "xor_eq"}},
      {"stdalign.h", {"alignas", "alignof"}},
      {"assert.h", {"static_assert"}},
      {"threads.h", {"thread_local"}},
  };
  return M;
}

/// CUDA's vector types (float4, uint3, ...) and their make_ functions.
bool isVectorTypeName(llvm::StringRef Name) {
  Name.consume_front("make_");
  static const char *const Bases[] = {"char", "uchar", "short", "ushort", "int", "uint", "long",
                                      "ulong", "longlong", "ulonglong", "float", "double"};
  for (const char *B : Bases) {
    llvm::StringRef Rest = Name;
    if (Rest.consume_front(B) && Rest.size() == 1 && Rest[0] >= '1' && Rest[0] <= '4')
      return true;
  }
  return false;
}

bool isIdentStart(char C) { return std::isalpha(static_cast<unsigned char>(C)) || C == '_'; }
bool isIdentChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_'; }

} // namespace

CudaNames::CudaNames(llvm::StringRef Source) {
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Source.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    L = L.trim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("include"))
      continue;
    L = L.trim();
    if (L.size() < 2 || L.front() != '<')
      continue;
    auto It = headerMacros().find(L.substr(1, L.find('>') - 1).trim().str());
    if (It != headerMacros().end())
      HeaderMacros.insert(It->second.begin(), It->second.end());
  }
}

std::string CudaNames::spell(llvm::StringRef Name) const {
  static const std::map<std::string, std::string> CSpellings = {
      {"restrict", "__restrict__"},   {"_Bool", "bool"},
      {"_Alignas", "alignas"},         {"_Alignof", "alignof"},
      {"_Static_assert", "static_assert"}, {"_Thread_local", "thread_local"},
  };
  auto C = CSpellings.find(Name.str());
  if (C != CSpellings.end())
    return C->second;
  if (Name.starts_with("loopgpu_c_"))
    return Name.str(); // spelled already: spell() is idempotent
  // cudaMalloc, atomicAdd...; not C11's atomic_int, atomic_store.
  auto CamelAfter = [&](llvm::StringRef Prefix) {
    return Name.starts_with(Prefix) && Name.size() > Prefix.size() &&
           std::isupper(static_cast<unsigned char>(Name[Prefix.size()]));
  };
  bool Reserved = Name.starts_with("loopgpu_") || Name.starts_with("LOOPGPU_") || CamelAfter("cuda") ||
                  CamelAfter("atomic") || isVectorTypeName(Name);
  for (const char *K : CxxKeywords)
    Reserved |= Name == K && !HeaderMacros.count(K);
  for (const char *K : CudaReserved)
    Reserved |= Name == K;
  for (const char *K : CudaHostFunctions)
    Reserved |= Name == K;
  return Reserved ? "loopgpu_c_" + Name.str() : Name.str();
}

std::string CudaNames::cName(llvm::StringRef CudaName) {
  CudaName.consume_front("loopgpu_c_");
  return CudaName.str();
}

std::string CudaNames::rewrite(llvm::StringRef Text) const {
  std::string Out;
  Out.reserve(Text.size());
  size_t I = 0, N = Text.size();
  bool LineStart = true; // only blanks since the last newline
  auto CopyUntil = [&](size_t End) {
    Out.append(Text.data() + I, End - I);
    I = End;
  };
  while (I < N) {
    char C = Text[I];
    if (C == '\n') {
      LineStart = true;
      Out += Text[I++];
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r') {
      Out += Text[I++];
      continue;
    }
    bool WasLineStart = LineStart;
    LineStart = false;
    if (C == '/' && I + 1 < N && Text[I + 1] == '/') {
      size_t E = Text.find('\n', I);
      CopyUntil(E == llvm::StringRef::npos ? N : E);
      continue;
    }
    if (C == '/' && I + 1 < N && Text[I + 1] == '*') {
      size_t E = Text.find("*/", I + 2);
      CopyUntil(E == llvm::StringRef::npos ? N : E + 2);
      continue;
    }
    if (C == '"' || C == '\'') {
      size_t J = I + 1;
      while (J < N && Text[J] != C && Text[J] != '\n')
        J += Text[J] == '\\' ? 2 : 1;
      CopyUntil(std::min(N, J + 1));
      continue;
    }
    if (C == '#' && WasLineStart) {
      // #include lines name files, not identifiers: copied as they are
      // (with their continuation lines).
      size_t J = I + 1;
      while (J < N && (Text[J] == ' ' || Text[J] == '\t'))
        ++J;
      if (Text.substr(J).starts_with("include")) {
        size_t E = J;
        while (E < N && Text[E] != '\n')
          E += (Text[E] == '\\' && E + 1 < N) ? 2 : 1;
        CopyUntil(E);
        continue;
      }
      Out += Text[I++];
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(C)) ||
        (C == '.' && I + 1 < N && std::isdigit(static_cast<unsigned char>(Text[I + 1])))) {
      // A preprocessing number: 1e-5f, 0x1Fu, 1.5p+3 are one token.
      size_t J = I + 1;
      while (J < N && (isIdentChar(Text[J]) || Text[J] == '.' ||
                       ((Text[J] == '+' || Text[J] == '-') && std::strchr("eEpP", Text[J - 1]))))
        ++J;
      CopyUntil(J);
      continue;
    }
    if (isIdentStart(C)) {
      size_t J = I + 1;
      while (J < N && isIdentChar(Text[J]))
        ++J;
      Out += spell(Text.slice(I, J));
      I = J;
      continue;
    }
    Out += Text[I++];
  }
  return Out;
}

std::string CudaNames::rewriteUserNames(llvm::StringRef Text) const {
  std::string Out;
  for (size_t I = 0; I < Text.size();) {
    if (std::isalpha(static_cast<unsigned char>(Text[I])) || Text[I] == '_') {
      size_t J = I;
      while (J < Text.size() && (std::isalnum(static_cast<unsigned char>(Text[J])) || Text[J] == '_'))
        ++J;
      llvm::StringRef W = Text.slice(I, J);
      Out += W.starts_with("loopgpu_") ? W.str() : spell(W);
      I = J;
      continue;
    }
    if (Text.substr(I).starts_with("//")) { // a comment: as it is
      size_t E = Text.find('\n', I);
      E = E == llvm::StringRef::npos ? Text.size() : E;
      Out += Text.slice(I, E).str();
      I = E;
      continue;
    }
    Out += Text[I++];
  }
  return Out;
}

bool renameForCuda(Program &P, const CudaNames &Names, DiagnosticSink &Diags) {
  bool OK = true;
  std::set<std::string> Refused;
  auto Rename = [&](std::string &Name) { Name = Names.spell(Name); };
  auto RenameClauses = [&](std::vector<Clause> &Clauses) {
    for (Clause &C : Clauses)
      for (std::string &Name : C.Names)
        Rename(Name);
  };
  for (Nest &N : P.Nests) {
    if (Names.renames(N.Function)) {
      if (Refused.insert(N.Function).second)
        Diags.error(N.Loc, "the function '" + N.Function + "' keeps its name in the CUDA host function (C callers "
                           "link to it), but C++ or CUDA reserves '" + N.Function + "': rename the function");
      OK = false;
    }
    for (ParamInfo &X : N.Params)
      Rename(X.Name);
    for (ArrayInfo &X : N.Arrays) {
      Rename(X.Name);
      X.HoistedDecl = Names.rewrite(X.HoistedDecl);
    }
    for (ScalarInfo &X : N.Scalars)
      Rename(X.Name);
    for (MemberBinding &X : N.Members) {
      Rename(X.Name);
      Rename(X.Root);
      X.Type = Names.rewrite(X.Type);
      X.Member = Names.rewrite(X.Member);
      X.PointeeType = Names.rewrite(X.PointeeType);
      X.PathFromPointee = Names.rewrite(X.PathFromPointee);
    }
    for (Loop &L : N.Loops) {
      Rename(L.Iterator);
      RenameClauses(L.Clauses);
    }
    RenameClauses(N.Clauses);
    for (FunctionParam &F : N.FunctionParams) {
      Rename(F.Name);
      F.TypeSpelling = Names.rewrite(F.TypeSpelling);
    }
    N.ReturnType = Names.rewrite(N.ReturnType);
    // Calls of the file's functions (a static `max`: loopgpu_c_max).
    std::set<std::string> Helpers(N.DeviceFunctions.begin(), N.DeviceFunctions.end());
    auto RenameCalls = [&](Expr &E) {
      if (E.K == Expr::Kind::Call && Helpers.count(E.Name))
        Rename(E.Name);
      if (E.K == Expr::Kind::LocalArray || E.K == Expr::Kind::LocalRef) // a region's own array
        Rename(E.Name);
    };
    for (Statement &S : N.Statements)
      if (S.Body)
        S.Body->walk(RenameCalls);
    std::function<void(std::vector<NodePtr> &)> RenameConditions = [&](std::vector<NodePtr> &Nodes) {
      for (NodePtr &Nd : Nodes) {
        if (Nd->Condition)
          Nd->Condition->walk(RenameCalls);
        RenameConditions(Nd->Body);
        RenameConditions(Nd->Else);
      }
    };
    RenameConditions(N.Root);
    for (std::string &H : N.DeviceFunctions)
      Rename(H);
  }
  for (HostFunction &F : P.Functions) {
    for (HostParam &X : F.Params) {
      Rename(X.Name);
      X.TypeSpelling = Names.rewrite(X.TypeSpelling);
    }
    for (HostArray &X : F.Arrays) {
      Rename(X.Name);
      for (std::string &E : X.Extents)
        E = Names.rewrite(E);
    }
    for (HostFunction::Item &It : F.Items)
      It.Text = Names.rewrite(It.Text); // markers are comments: kept
    for (auto &[Nest, Text] : F.FinalIterators)
      Text = Names.rewriteUserNames(Text); // generated code: its loopgpu_ names stay
    F.ReturnType = Names.rewrite(F.ReturnType);
  }
  for (const FileScopeDecl &D : P.FileScope)
    for (const auto &[Name, Loc] : D.External)
      if (Names.renames(Name)) {
        Diags.error(Loc, "'" + Name + "' has external linkage, so the CUDA file must keep its name for other C "
                         "files, but C++ or CUDA reserves '" + Name + "': rename it, or make it static");
        OK = false;
      }
  return OK;
}

} // namespace loopgpu
