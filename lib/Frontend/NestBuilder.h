//===- NestBuilder.h - Lower a marked Clang loop nest to the IR -*- C++ -*-===//
#ifndef LOOPGPU_LIB_FRONTEND_NESTBUILDER_H
#define LOOPGPU_LIB_FRONTEND_NESTBUILDER_H

#include "loopgpu/IR/LoopNest.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <optional>
#include <vector>

namespace loopgpu {

class ClangDiagnostics;

/// A type of a function's signature as the host code spells it: an
/// arithmetic typedef (`real`) as what it stands for, since the --validate
/// driver does not see the input's typedefs.
clang::QualType spelledForHost(clang::QualType T);
/// How types are spelled in the host code, which is C++: `bool`, not `_Bool`.
clang::PrintingPolicy hostPolicy(const clang::ASTContext &Ctx);

/// The IR type of an arithmetic C type (nullopt for anything else).
std::optional<ScalarType> scalarTypeOf(clang::QualType T);

/// A struct whose members (nested structs and member arrays flattened) are
/// all of one arithmetic type, with no padding, no bit-field, no union and
/// nothing volatile: an element of an array of them is Count elements of
/// Element in a row (`struct { float x, y, z; }` is float[3]), which is how
/// loopgpu sees arrays of structs.
struct FlatStruct {
  ScalarType Element;
  unsigned Count = 0;
  uint64_t ElementBits = 0;
  std::vector<std::string> Members; ///< each scalar's member in C: `.x`, `.pos[1]`, `.p.y`
};
std::optional<FlatStruct> flatStructOf(const clang::ASTContext &Ctx, clang::QualType T);

/// Describes a function holding marked nests for its host code (see
/// HostFunction). Nests pairs each of the function's outermost marked loops
/// with its index in Prog.Nests, in source order. Reports and returns
/// nullopt if the host code cannot be rewritten.
std::optional<HostFunction> buildHostFunction(clang::ASTContext &Ctx, ClangDiagnostics &Diag,
                                              const clang::FunctionDecl &FD,
                                              const std::vector<std::pair<const clang::ForStmt *, unsigned>> &Nests,
                                              const Program &Prog);

/// Builds the IR of one marked nest. Reports every unsupported construct with
/// a located error; returns nullopt if any error was reported. MemberNames:
/// the names of the variables that stand for struct members in the file's
/// nests so far (Nest::Members), kept from one call to the next.
std::optional<Nest> buildNest(clang::ASTContext &Ctx, ClangDiagnostics &Diag,
                              const clang::FunctionDecl &FD, const clang::ForStmt &Outer,
                              const std::map<const clang::ForStmt *, std::vector<Clause>> &LoopClauses,
                              unsigned Ordinal, clang::SourceLocation PragmaLoc, bool AssumeNoAlias,
                              std::map<std::string, std::string> &MemberNames);

} // namespace loopgpu

#endif
