//===- NestBuilder.cpp - Lower a marked Clang loop nest to the IR ---------===//
//
// Walks the Clang AST of one `#pragma loopgpu` nest and builds the loop-nest
// IR. Anything outside the supported subset is reported with a located error
// ("<what> is not supported inside a '#pragma loopgpu' nest") and the nest is
// dropped; building never asserts on user input.
//
//===----------------------------------------------------------------------===//
#include "NestBuilder.h"
#include "ClangDiagnostics.h"

#include "loopgpu/IR/IslBuilder.h"
#include "loopgpu/IR/NestEdit.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <numeric>
#include <set>

using namespace clang;

namespace loopgpu {
namespace {

const char *const NotSupported = " is not supported inside a '#pragma loopgpu' nest";

/// Side-effect-free math functions a nest may call.
bool isPureMathFunction(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {
      "sqrtf", "sqrt", "fabsf", "fabs", "expf", "exp", "logf", "log", "powf", "pow",
      "fminf", "fmin", "fmaxf", "fmax", "abs", "labs", "llabs", "sinf", "sin", "cosf", "cos",
      "tanf", "tan", "tanhf", "tanh", "exp2f", "exp2", "log2f", "log2", "log10f", "log10",
      "floorf", "floor", "ceilf", "ceil", "fmaf", "fma", "rsqrtf", "cbrtf", "cbrt", "erff", "erf",
      "atanf", "atan", "atan2f", "atan2", "asinf", "asin", "acosf", "acos", "roundf", "round",
      "truncf", "trunc", "fmodf", "fmod", "copysignf", "copysign", "hypotf", "hypot"};
  return Names.contains(Name);
}

} // namespace

QualType spelledForHost(QualType T) { return T->isArithmeticType() ? T.getCanonicalType() : T; }

PrintingPolicy hostPolicy(const ASTContext &Ctx) {
  PrintingPolicy P = Ctx.getPrintingPolicy();
  P.Bool = true;
  return P;
}

std::optional<ScalarType> scalarTypeOf(QualType T) {
  T = T.getCanonicalType();
  if (const auto *ET = T->getAs<EnumType>())
    T = ET->getDecl()->getIntegerType().getCanonicalType();
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  using K = ScalarType::Kind;
  switch (BT->getKind()) {
  case BuiltinType::Bool: return ScalarType{K::Bool, true};
  case BuiltinType::Char_S: case BuiltinType::SChar: return ScalarType{K::Char, false};
  case BuiltinType::Char_U: case BuiltinType::UChar: return ScalarType{K::Char, true};
  case BuiltinType::Short: return ScalarType{K::Short, false};
  case BuiltinType::UShort: return ScalarType{K::Short, true};
  case BuiltinType::Int: return ScalarType{K::Int, false};
  case BuiltinType::UInt: return ScalarType{K::Int, true};
  case BuiltinType::Long: return ScalarType{K::Long, false};
  case BuiltinType::ULong: return ScalarType{K::Long, true};
  case BuiltinType::LongLong: return ScalarType{K::LongLong, false};
  case BuiltinType::ULongLong: return ScalarType{K::LongLong, true};
  case BuiltinType::Float: return ScalarType{K::Float, false};
  case BuiltinType::Double: return ScalarType{K::Double, false};
  case BuiltinType::LongDouble: return ScalarType{K::LongDouble, false};
  default: return std::nullopt;
  }
}

std::optional<FlatStruct> flatStructOf(const ASTContext &Ctx, QualType T) {
  T = T.getCanonicalType();
  const auto *RT = T->getAs<RecordType>();
  if (!RT || RT->getDecl()->isUnion() || !RT->getDecl()->getDefinition() || T.isVolatileQualified())
    return std::nullopt;
  FlatStruct FS;
  std::optional<ScalarType> Element;
  // Adds the scalars of a member of type M (a scalar, a constant array, a
  // struct) spelled Path; false where they are not all of one type.
  std::function<bool(QualType, const std::string &)> Add = [&](QualType M, const std::string &Path) {
    M = M.getCanonicalType();
    if (M.isVolatileQualified())
      return false;
    if (const auto *CAT = dyn_cast_or_null<ConstantArrayType>(Ctx.getAsArrayType(M))) {
      uint64_t Size = CAT->getSize().getZExtValue();
      for (uint64_t I = 0; I < Size; ++I)
        if (!Add(CAT->getElementType(), Path + "[" + std::to_string(I) + "]"))
          return false;
      return Size > 0;
    }
    if (std::optional<ScalarType> S = scalarTypeOf(M)) {
      if (Element && !(*Element == *S))
        return false;
      Element = S;
      FS.ElementBits = Ctx.getTypeSize(M);
      FS.Members.push_back(Path);
      return FS.Members.size() <= 4096;
    }
    if (const auto *R = M->getAs<RecordType>()) {
      const RecordDecl *RD = R->getDecl()->getDefinition();
      if (!RD || RD->isUnion())
        return false;
      for (const FieldDecl *F : RD->fields())
        if (F->isBitField() || F->getName().empty() || !Add(F->getType(), Path + "." + F->getNameAsString()))
          return false;
      return true;
    }
    return false;
  };
  if (!Add(T, "") || !Element || FS.Members.empty() || Ctx.getTypeSize(T) != FS.ElementBits * FS.Members.size())
    return std::nullopt;
  FS.Element = *Element;
  FS.Count = FS.Members.size();
  return FS;
}

namespace {

/// `*p`, or `*(p + e ...)` with integers added to or subtracted from a named
/// pointer (`*(e + p)`, `*(p + i - 1)`), which the nest reads and writes as
/// p[0] and p[e ...].
struct Dereference {
  const clang::Expr *Pointer = nullptr;                        ///< p
  std::vector<std::pair<const clang::Expr *, bool>> Terms;     ///< (e, subtracted), in source order
};
std::optional<Dereference> dereference(const clang::Expr *E) {
  const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParens());
  if (!UO || UO->getOpcode() != UO_Deref)
    return std::nullopt;
  Dereference D;
  const clang::Expr *S = UO->getSubExpr()->IgnoreParenImpCasts();
  while (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();
    bool Add = BO->getOpcode() == BO_Add, Sub = BO->getOpcode() == BO_Sub;
    if ((Add || Sub) && L->getType()->isPointerType() && R->getType()->isIntegerType()) {
      D.Terms.insert(D.Terms.begin(), {R, Sub});
      S = L->IgnoreParenImpCasts();
    } else if (Add && R->getType()->isPointerType() && L->getType()->isIntegerType()) {
      D.Terms.insert(D.Terms.begin(), {L, false});
      S = R->IgnoreParenImpCasts();
    } else {
      return std::nullopt;
    }
  }
  if (!S->getType()->isPointerType() || !isa<DeclRefExpr>(S))
    return std::nullopt;
  D.Pointer = S;
  return D;
}

/// Collects the variables a statement writes (assignment targets, ++/--),
/// the variables it declares, and the iterators of its for loops.
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
public:
  std::set<const VarDecl *> Written, Declared, Iterators, AddressTaken;
  std::map<const VarDecl *, unsigned> IteratorLoops; ///< how many `for`s each iterator has

  static const VarDecl *baseVar(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (std::optional<Dereference> D = dereference(E))
      E = D->Pointer->IgnoreParenImpCasts();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      if (const VarDecl *V = baseVar(BO->getLHS()))
        Written.insert(V);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      if (const VarDecl *V = baseVar(UO->getSubExpr()))
        Written.insert(V);
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = baseVar(UO->getSubExpr()))
        AddressTaken.insert(V);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    Declared.insert(VD);
    return true;
  }
  bool VisitForStmt(ForStmt *FS) {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
          Iterators.insert(VD), ++IteratorLoops[VD];
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
      if (BO->getOpcode() == BO_Assign)
        if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
          if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
            Iterators.insert(VD), ++IteratorLoops[VD];
    }
    return true;
  }
};

/// The variables a function changes as a whole (assignment, ++/--) or whose
/// address it takes: a pointer variable outside this set keeps its
/// initializer's value everywhere in its scope.
class DirectWriteCollector : public RecursiveASTVisitor<DirectWriteCollector> {
public:
  std::set<const VarDecl *> Changed;

  void note(const clang::Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Changed.insert(V);
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      note(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      note(UO->getSubExpr());
    return true;
  }
};

/// Whether a function of the input file can run on the GPU when a nest
/// calls it: it takes and returns numbers, and touches nothing outside
/// itself (no variable at file scope or `static`, no pointer argument), so
/// that a call is a pure function of its arguments, as sqrtf is; it calls
/// only such functions and the math functions a nest may call. The CUDA
/// file then declares it __host__ __device__ (FileScopeDecl::Device).
class DeviceHelperCheck : public RecursiveASTVisitor<DeviceHelperCheck> {
public:
  explicit DeviceHelperCheck(const SourceManager &SM) : SM(SM) {}

  /// "" when Callee (a function of the file) qualifies, else why not; adds
  /// it and the functions it calls to Names (C names, callees first).
  std::string check(const FunctionDecl *Callee, std::vector<std::string> &Names) {
    Out = &Names;
    return visitFunction(Callee);
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (!Why.empty())
      return false;
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl())) {
      if (!VD->hasLocalStorage())
        Why = "it uses '" + VD->getNameAsString() + "', a variable outside it";
    } else if (const auto *Callee = dyn_cast<FunctionDecl>(E->getDecl())) {
      bool Library = Callee->getBuiltinID() != 0 || SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation()));
      std::string Name = Callee->getNameAsString();
      if (Library) {
        if (!isPureMathFunction(Name) && Name != "__builtin_inff" && Name != "__builtin_huge_valf" &&
            Name != "__builtin_inf" && Name != "__builtin_huge_val")
          Why = "it calls '" + Name + "'";
      } else if (std::string Inner = visitFunction(Callee); !Inner.empty()) {
        Why = "it calls '" + Name + "': " + Inner;
      }
    }
    return Why.empty();
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (Why.empty() && VD->isStaticLocal())
      Why = "it declares the static variable '" + VD->getNameAsString() + "'";
    if (Why.empty() && VD->getType()->isVariablyModifiedType())
      Why = "it declares the variable-length array '" + VD->getNameAsString() + "'";
    return Why.empty();
  }
  bool VisitCallExpr(CallExpr *CE) {
    if (Why.empty() && !CE->getDirectCallee())
      Why = "it calls through a pointer";
    return Why.empty();
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *) {
    Why = "it contains inline assembly";
    return false;
  }

private:
  std::string visitFunction(const FunctionDecl *F) {
    const FunctionDecl *Def = nullptr;
    if (!F->hasBody(Def) || SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())))
      return "its definition is not in this file";
    // The CUDA file repeats the input's declarations, marking these
    // __host__ __device__; a header's it includes as they are.
    if (!SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      return "its definition is in a header, which the CUDA file includes as it is: define it in this file";
    std::string Name = Def->getNameAsString();
    if (Done.count(Def))
      return "";
    if (!Active.insert(Def).second)
      return "it is recursive";
    std::string Problem;
    if (Def->isVariadic())
      Problem = "it takes a variable number of arguments";
    else if (!scalarTypeOf(Def->getReturnType()))
      Problem = "it does not return a number";
    for (const ParmVarDecl *P : Def->parameters())
      if (Problem.empty() && !scalarTypeOf(P->getType()))
        Problem = "its parameter '" + P->getNameAsString() + "' is not a number";
    if (Problem.empty()) {
      std::string Saved = std::move(Why);
      Why.clear();
      TraverseStmt(Def->getBody());
      Problem = std::move(Why);
      Why = std::move(Saved);
    }
    Active.erase(Def);
    if (!Problem.empty())
      return Problem;
    Done.insert(Def);
    Out->push_back(Name);
    return "";
  }

  const SourceManager &SM;
  std::vector<std::string> *Out = nullptr;
  std::string Why;
  std::set<const FunctionDecl *> Active, Done;
};

/// A flat-pointer subscript written as a row-major linearization,
/// `i*N*M + j*M + k`: the per-dimension subscripts (outermost first) and the
/// parameters that are the extents of dimensions 1..rank-1.
struct Delinearization {
  std::vector<AffExpr> Subscripts;
  std::vector<unsigned> ExtentParams;
  /// The innermost extent is InnerScale * its parameter: rows of 3 * w
  /// channels (`rgb[3 * (y * w + x) + c]` is rgb[y][3 * x + c]).
  int64_t InnerScale = 1;
  bool Proven = false; ///< 0 <= subscript < extent shown for dims 1..rank-1
  /// An access of a sequential region whose subscripts use the region's
  /// variables (`in[(y + dy) * w + x + dx]` in a window loop): delinearized
  /// as its region form (Access::Region, these Subscripts), not as affine
  /// subscripts; proven under the form's conditions.
  std::optional<Access::BoundedForm> Bounded;
};

/// A polynomial in the parameters whose coefficients are affine: the
/// monomial (sorted parameter ids) -> its affine coefficient.
using Poly = std::map<std::vector<unsigned>, AffExpr>;

class Builder {
public:
  Builder(ASTContext &Ctx, ClangDiagnostics &Diag, const FunctionDecl &FD,
          const std::map<const ForStmt *, std::vector<Clause>> &LoopClauses, bool AssumeNoAlias,
          std::map<std::string, std::string> &MemberNames)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diag(Diag), FD(FD), LoopClauses(LoopClauses),
        AssumeNoAlias(AssumeNoAlias), MemberNames(MemberNames) {}
  Builder(const Builder &) = delete;
  Builder &operator=(const Builder &) = delete;
  /// Puts back the struct members rewriteMembers replaced.
  ~Builder() {
    for (auto It = MemberSwaps.rbegin(); It != MemberSwaps.rend(); ++It)
      *It->first = It->second;
  }

  /// Whether the value the variable V (declared before the nest: an
  /// iterator, a scalar) has when the nest ends may be read afterwards. Not
  /// when the first reference to V after the nest, in the function's text,
  /// is a plain reassignment (`i = 0;`
  /// or `for (i = 0; ...)`) reached on every path: a statement of the
  /// function's body, or of blocks directly in it, whose right-hand side does
  /// not read V. Then the nest's loops may be reordered and tiled freely (the
  /// iterators of PolyBench's `int i, j, k;`). Conservatively live when the
  /// nest is inside a loop (the code before it runs again), when V is not a
  /// local of the function or its address is taken, and when the function
  /// has a goto. Also not when every reference after the nest is such a
  /// reassignment, lies in a `for` statement whose init is one, or follows
  /// one among the statements of a block.
  bool mayBeReadAfterNest(const VarDecl *V) const {
    if (MemberIds.count(V)) // a struct member: stored back (Nest::Members)
      return true;
    if (!V->isLocalVarDeclOrParm() || V->isStaticLocal() || !OuterLoop)
      return true;
    const Stmt *Body = FD.getBody();
    auto ParentStmt = [&](const Stmt *S) -> const Stmt * {
      for (const clang::DynTypedNode &P : Ctx.getParents(*S))
        if (const auto *PS = P.get<Stmt>())
          return PS;
      return nullptr;
    };
    for (const Stmt *P = ParentStmt(OuterLoop); P && P != Body; P = ParentStmt(P))
      if (isa<ForStmt, WhileStmt, DoStmt>(P))
        return true;
    struct Refs : RecursiveASTVisitor<Refs> {
      const VarDecl *V;
      std::vector<const DeclRefExpr *> Found;
      bool Unsafe = false;
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        if (E->getDecl() == V)
          Found.push_back(E);
        return true;
      }
      bool VisitUnaryOperator(UnaryOperator *U) {
        if (U->getOpcode() == UO_AddrOf)
          if (const auto *D = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()); D && D->getDecl() == V)
            Unsafe = true;
        return true;
      }
      bool HasSwitch = false;
      bool VisitSwitchStmt(SwitchStmt *) { return HasSwitch = true; }
      bool VisitGotoStmt(GotoStmt *) { return Unsafe = true; }
      bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return Unsafe = true; }
    } R;
    R.V = V;
    R.TraverseStmt(const_cast<Stmt *>(Body));
    if (R.Unsafe)
      return true;
    SourceLocation End = SM.getExpansionLoc(OuterEnd);
    const DeclRefExpr *First = nullptr;
    for (const DeclRefExpr *E : R.Found) {
      SourceLocation L = SM.getExpansionLoc(E->getLocation());
      if (SM.isBeforeInTranslationUnit(End, L) && (!First || SM.isBeforeInTranslationUnit(L, SM.getExpansionLoc(First->getLocation()))))
        First = E;
    }
    if (!First)
      return false;
    std::function<bool(const Stmt *)> Reads = [&](const Stmt *X) {
      if (const auto *D = dyn_cast<DeclRefExpr>(X); D && D->getDecl() == V)
        return true;
      for (const Stmt *C : X->children())
        if (C && Reads(C))
          return true;
      return false;
    };
    // `V = e` with e not reading V, and E its left-hand side.
    auto PlainAssignOf = [&](const Stmt *X, const DeclRefExpr *E) {
      const auto *A = dyn_cast_or_null<BinaryOperator>(X);
      return A && A->getOpcode() == BO_Assign && A->getLHS()->IgnoreParens() == E && !Reads(A->getRHS());
    };
    // Every reference after the nest is such an assignment, or lies in a
    // `for (V = e; ...)` (which assigns V before anything in it runs): the
    // later nests of PolyBench's ludcmp, each `for (j = ...)` inside a loop.
    auto AssignsV = [&](const Stmt *X) {
      const auto *A = dyn_cast_or_null<BinaryOperator>(X);
      const auto *Lhs = A ? dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParens()) : nullptr;
      return Lhs && Lhs->getDecl() == V && PlainAssignOf(A, Lhs);
    };
    // ... or follows one in a block (`w = b[i]; for (...) w -= ...;`: a
    // block's statements run in order; a switch could jump into one).
    auto KilledBeforeRead = [&](const DeclRefExpr *E) {
      if (PlainAssignOf(ParentStmt(E), E))
        return true;
      const Stmt *Child = E;
      for (const Stmt *P = ParentStmt(E); P && P != Body; Child = P, P = ParentStmt(P)) {
        if (const auto *F = dyn_cast<ForStmt>(P); F && AssignsV(F->getInit()))
          return true;
        if (const auto *C = dyn_cast<CompoundStmt>(P); C && !R.HasSwitch)
          for (const Stmt *X : C->body()) {
            if (X == Child)
              break;
            if (AssignsV(X))
              return true;
          }
      }
      return false;
    };
    bool AllKilled = true;
    for (const DeclRefExpr *E : R.Found)
      if (SM.isBeforeInTranslationUnit(End, SM.getExpansionLoc(E->getLocation())))
        AllKilled &= KilledBeforeRead(E);
    if (AllKilled)
      return false;
    const auto *Assign = dyn_cast_or_null<BinaryOperator>(ParentStmt(First));
    if (!Assign || Assign->getOpcode() != BO_Assign || Assign->getLHS()->IgnoreParens() != First)
      return true;
    if (Reads(Assign->getRHS())) // i = i + 1
      return true;
    // The assignment is a statement of a block chain up from the body, or
    // the init of such a for statement.
    const Stmt *S = ParentStmt(Assign);
    if (const auto *F = dyn_cast_or_null<ForStmt>(S); F && F->getInit() == Assign)
      S = ParentStmt(F);
    for (; S && S != Body; S = ParentStmt(S))
      if (!isa<CompoundStmt>(S))
        return true;
    return S != Body;
  }

  std::optional<Nest> build(const ForStmt &Outer, unsigned Ordinal, SourceLocation PragmaLoc) {
    OuterLoop = &Outer;
    OuterEnd = Outer.getEndLoc(); // as written: a member rewriteMembers replaces may end the nest
    {
      // The parent map is of the AST as written (mayBeReadAfterNest walks
      // up from the nest and from references after it, never inside it).
      (void)Ctx.getParents(Outer);
      WriteCollector Decls;
      Decls.TraverseStmt(const_cast<ForStmt *>(&Outer));
      rewriteMembers(const_cast<ForStmt *>(&Outer), Decls.Declared);
    }
    WriteCollector WC;
    WC.TraverseStmt(const_cast<ForStmt *>(&Outer));
    Written = std::move(WC.Written);
    DeclaredInside = std::move(WC.Declared);
    AddressTaken = std::move(WC.AddressTaken);
    AllIterators = std::move(WC.Iterators);
    IteratorLoops = std::move(WC.IteratorLoops);

    N.Function = FD.getNameAsString();
    N.ReturnType = spelledForHost(FD.getReturnType()).getAsString(hostPolicy(Ctx));
    N.Ordinal = Ordinal;
    N.Loc = Diag.loc(PragmaLoc);
    N.BeginOffset = SM.getFileOffset(SM.getExpansionLoc(Outer.getBeginLoc()));
    // The end of the last macro invocation the loop's text ends in
    // (`LOOP(i, n) BODY(A, i);`): its expansion range, not the location of
    // the macro's name.
    SourceLocation End = Lexer::getLocForEndOfToken(SM.getExpansionRange(OuterEnd).getEnd(), 0, SM,
                                                    Ctx.getLangOpts());
    N.EndOffset = End.isValid() ? SM.getFileOffset(End) : N.BeginOffset;
    {
      // A body that is an expression statement ends at its ';'.
      llvm::StringRef Buf = SM.getBufferData(SM.getFileID(SM.getExpansionLoc(Outer.getBeginLoc())));
      size_t After = N.EndOffset;
      while (After < Buf.size() && (Buf[After] == ' ' || Buf[After] == '\t'))
        ++After;
      if (After < Buf.size() && Buf[After] == ';' && !isa<CompoundStmt>(Outer.getBody()))
        N.EndOffset = After + 1;
    }
    {
      SourceLocation P = SM.getExpansionLoc(PragmaLoc);
      unsigned Off = SM.getFileOffset(P);
      llvm::StringRef Buf = SM.getBufferData(SM.getFileID(P));
      while (Off > 0 && Buf[Off - 1] != '\n')
        --Off;
      N.PragmaLineOffset = Off;
      SourceRange Body = FD.getBody()->getSourceRange();
      N.BodyBeginOffset = SM.getFileOffset(SM.getExpansionLoc(Body.getBegin()));
      N.BodyEndOffset = SM.getFileOffset(SM.getExpansionLoc(Body.getEnd())) + 1;
    }
    if (auto It = LoopClauses.find(&Outer); It != LoopClauses.end())
      N.Clauses = It->second;

    buildLoop(Outer, N.Root);
    if (Failed)
      return std::nullopt;
    for (const auto &[V, I] : MemberIds) // a pointer member's element stores are the array's
      N.Members[I].Written = !N.Members[I].IsPointer && Written.count(V) > 0;
    finish();
    if (Failed)
      return std::nullopt;
    return std::move(N);
  }

private:
  //===--------------------------------------------------------------------===//
  // Diagnostics
  //===--------------------------------------------------------------------===//
  void error(SourceLocation L, const std::string &Msg) {
    if (Probing) { // affineHeader(): the answer, not the message
      ProbeFailed = true;
      return;
    }
    Diag.error(Diag.loc(L), Msg);
    Failed = true;
  }
  void unsupported(SourceLocation L, const std::string &What, const std::string &Hint = "") {
    error(L, What + NotSupported + Hint);
  }

  std::string sourceText(SourceRange R) const {
    // A member rewriteMembers replaced ends where the member did.
    if (auto It = MemberEnds.find(R.getEnd().getRawEncoding()); It != MemberEnds.end())
      R.setEnd(It->second);
    CharSourceRange CR = CharSourceRange::getTokenRange(R);
    CR = Lexer::makeFileCharRange(CR, SM, Ctx.getLangOpts());
    if (CR.isInvalid())
      return "";
    std::string S = Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
    // Collapse whitespace runs so that the text fits on one line.
    std::string Out;
    bool Space = false;
    for (char C : S) {
      if (C == '\n' || C == '\t' || C == '\r' || C == ' ') {
        Space = true;
        continue;
      }
      if (Space && !Out.empty())
        Out += ' ';
      Space = false;
      Out += C;
    }
    return Out;
  }

  //===--------------------------------------------------------------------===//
  // Symbols
  //===--------------------------------------------------------------------===//
  std::string uniqueName(const std::string &Base) {
    std::string Name = Base;
    for (unsigned I = 2; UsedNames.count(Name); ++I)
      Name = Base + "_" + std::to_string(I);
    UsedNames.insert(Name);
    return Name;
  }

  //===--------------------------------------------------------------------===//
  // Struct members (Nest::Members)
  //===--------------------------------------------------------------------===//
  /// A member the nest can see as a variable of its own: fields named from
  /// a variable, through `.`, or one `->` on the variable itself (`p.n`,
  /// `cfg->alpha`, `s.acc.sum`, `q->lo.x`), of arithmetic type, no union on
  /// the way.
  struct MemberPath {
    const VarDecl *Root = nullptr;
    bool Arrow = false;            ///< Root is a pointer: `Root->...`
    std::vector<std::string> Fields;
  };
  /// Sets *Why (when not null) to what the nest cannot do otherwise.
  std::optional<MemberPath> memberPath(const MemberExpr *ME, std::string *Why) const {
    auto Fail = [&](std::string W) -> std::optional<MemberPath> {
      if (Why)
        *Why = std::move(W);
      return std::nullopt;
    };
    MemberPath P;
    const clang::Expr *E = ME;
    while (const auto *M = dyn_cast<MemberExpr>(E)) {
      const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
      if (!F || F->getName().empty())
        return Fail("a member of an anonymous struct or union");
      if (F->getParent()->isUnion())
        return Fail("a union member (its members share memory)");
      if (P.Arrow)
        return Fail("a member reached through a pointer that is itself a member (copy the pointer's target, or "
                    "the member, into a local variable before the nest)");
      P.Fields.insert(P.Fields.begin(), F->getNameAsString());
      P.Arrow = M->isArrow();
      E = M->getBase()->IgnoreParenImpCasts();
    }
    if (isa<ArraySubscriptExpr>(E))
      return Fail("a member of an element of an array of structs whose members are not all of one arithmetic type, "
                  "or that has padding, a bit-field, a union or an anonymous member (loopgpu takes arrays of structs "
                  "like 'struct { float x, y, z; }', whose elements are rows of numbers)");
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD)
      return Fail("a member of '" + sourceText(E->getSourceRange()) + "'");
    QualType T = ME->getType();
    if (T.isVolatileQualified() || VD->getType().isVolatileQualified() ||
        (P.Arrow && VD->getType()->getPointeeType().isVolatileQualified()))
      return Fail("a volatile member");
    // A pointer to numbers (`m->data`): an array the nest indexes through
    // the member's value.
    bool NumberPointer = T->isPointerType() && scalarTypeOf(T->getPointeeType()) &&
                         !T->getPointeeType().isVolatileQualified();
    if (!scalarTypeOf(T) && !NumberPointer) {
      if (T->isPointerType() || T->isArrayType())
        return Fail("an array member, or a pointer member to other than numbers (copy the pointer into a local "
                    "variable before the nest: 'float *data = " + sourceText(ME->getSourceRange()) + ";')");
      return Fail("a member of type '" + T.getAsString() + "'");
    }
    P.Root = VD;
    return P;
  }

  /// Replaces, in S, each member memberPath accepts, of a variable declared
  /// outside the nest, by a reference to a variable of its own (memberVar):
  /// the rest of the builder sees a parameter or a scalar. The destructor
  /// puts the members back.
  void rewriteMembers(Stmt *S, const std::set<const VarDecl *> &Inside) {
    for (Stmt *&C : S->children()) {
      if (!C)
        continue;
      if (auto *ME = dyn_cast<MemberExpr>(C))
        if (std::optional<MemberPath> P = memberPath(ME, nullptr); P && !Inside.count(P->Root)) {
          auto *Ref = DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), memberVar(ME, *P),
                                          false, ME->getBeginLoc(), ME->getType(), ME->getValueKind());
          MemberSwaps.push_back({&C, C});
          MemberEnds[ME->getBeginLoc().getRawEncoding()] = ME->getEndLoc();
          C = Ref;
          continue;
        }
      rewriteMembers(C, Inside);
    }
  }

  /// The variable that stands for member ME in the nest: one per member
  /// (as the host code spells it), named after the path (`cfg->alpha` is
  /// cfg_alpha), in the file's names a fresh one, the same in every nest of
  /// the function.
  VarDecl *memberVar(const MemberExpr *ME, const MemberPath &P) {
    std::string Text;
    {
      llvm::raw_string_ostream OS(Text);
      ME->printPretty(OS, nullptr, hostPolicy(Ctx));
    }
    if (auto It = MemberVarOf.find(Text); It != MemberVarOf.end())
      return It->second;
    std::string Key = FD.getNameAsString() + "|" + Text, Name = MemberNames[Key];
    if (Name.empty()) {
      std::string Base = P.Root->getNameAsString();
      for (const std::string &F : P.Fields)
        Base += "_" + F;
      Name = Base;
      for (unsigned I = 2; memberNameTaken(Name); ++I)
        Name = Base + "_" + std::to_string(I);
      MemberNames[Key] = Name;
    }
    auto *VD = VarDecl::Create(Ctx, const_cast<FunctionDecl *>(&FD), ME->getBeginLoc(), ME->getBeginLoc(),
                               &Ctx.Idents.get(Name), ME->getType(), nullptr, SC_None);
    MemberBinding B;
    B.Name = Name;
    B.IsPointer = ME->getType()->isPointerType();
    B.Type = spelledForHost(ME->getType().getUnqualifiedType()).getAsString(hostPolicy(Ctx));
    B.Member = B.CText = Text;
    B.Root = P.Root->getNameAsString();
    if (P.Arrow) {
      B.PointeeType = P.Root->getType()->getPointeeType().getUnqualifiedType().getAsString(hostPolicy(Ctx));
      for (const std::string &F : P.Fields)
        B.PathFromPointee += "." + F;
    }
    B.ElementType = *scalarTypeOf(B.IsPointer ? ME->getType()->getPointeeType() : ME->getType());
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()); F && F->isBitField())
      BitFields.insert(VD);
    B.Loc = Diag.loc(ME->getBeginLoc());
    MemberIds[VD] = N.Members.size();
    MemberRoots.push_back(P);
    N.Members.push_back(B);
    return MemberVarOf[Text] = VD;
  }

  //===--------------------------------------------------------------------===//
  // Invariant products in bounds and conditions (MemberBinding::Derived)
  //===--------------------------------------------------------------------===//
  /// Whether E is an integer expression of constants and of variables the
  /// nest never writes (parameter candidates), through + - * << ~ and
  /// integer casts: one value at every point of the nest, whose evaluation
  /// cannot trap (no division).
  bool invariantInteger(const clang::Expr *E) const {
    E = E->IgnoreParens();
    if (!E->getType()->isIntegerType())
      return false;
    if (const auto *CE = dyn_cast<CastExpr>(E))
      return CE->getSubExpr()->getType()->isIntegerType() && invariantInteger(CE->getSubExpr());
    if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E))
      return true;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      return VD && isParamCandidate(VD) && !inlinedArgument(VD) && !activeIterator(VD) && !Forwarded.count(VD);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus || UO->getOpcode() == UO_Not) &&
             invariantInteger(UO->getSubExpr());
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub:
      case BO_Mul:
      case BO_Shl:
        return invariantInteger(BO->getLHS()) && invariantInteger(BO->getRHS());
      default:
        return false;
      }
    return false;
  }

  /// Whether E reads an iterator of the loops around it.
  bool mentionsIterator(const clang::Expr *E) const {
    struct Finder : RecursiveASTVisitor<Finder> {
      const Builder *B;
      bool Found = false;
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()); VD && B->activeIterator(VD))
          Found = true;
        return true;
      }
    } F;
    F.B = this;
    F.TraverseStmt(const_cast<clang::Expr *>(E));
    return F.Found;
  }

  /// A product of parameters where a loop bound or condition needs an affine
  /// expression (`i < w * h`, `j < 1 << k`): bound to a variable of its own
  /// that the host code computes once before the nest (the nest never
  /// changes its operands), a parameter of the nest. Only while
  /// BindInvariants (bounds and conditions: a subscript's products are the
  /// delinearizer's), one variable per expression's text.
  std::optional<AffExpr> derivedParam(const BinaryOperator *BO) {
    if (BindInvariants == Binding::No || !invariantInteger(BO))
      return std::nullopt;
    if (BindInvariants == Binding::Dry)
      return AffExpr::constant(0);
    std::string Text;
    {
      llvm::raw_string_ostream OS(Text);
      BO->printPretty(OS, nullptr, hostPolicy(Ctx));
    }
    if (auto It = MemberVarOf.find(Text); It != MemberVarOf.end())
      return AffExpr::param(paramFor(It->second));
    std::string Key = FD.getNameAsString() + "|" + Text, Name = MemberNames[Key];
    if (Name.empty()) {
      struct Names : RecursiveASTVisitor<Names> {
        std::string Joined;
        std::set<std::string> Distinct;
        bool VisitDeclRefExpr(DeclRefExpr *D) {
          Joined += (Joined.empty() ? "" : "_") + D->getDecl()->getNameAsString();
          Distinct.insert(D->getDecl()->getNameAsString());
          return true;
        }
      } V;
      V.TraverseStmt(const_cast<BinaryOperator *>(BO));
      // `w * h` is w_h; `1 << k` and `n * n` are bound_k and bound_n.
      std::string Base = V.Distinct.size() == 1 ? "bound_" + *V.Distinct.begin() : V.Joined;
      Name = Base;
      for (unsigned I = 2; memberNameTaken(Name); ++I)
        Name = Base + "_" + std::to_string(I);
      MemberNames[Key] = Name;
    }
    QualType T = BO->getType().getUnqualifiedType();
    auto *VD = VarDecl::Create(Ctx, const_cast<FunctionDecl *>(&FD), BO->getBeginLoc(), BO->getBeginLoc(),
                               &Ctx.Idents.get(Name), T, nullptr, SC_None);
    MemberBinding B;
    B.Name = Name;
    B.Type = spelledForHost(T).getAsString(hostPolicy(Ctx));
    B.Member = Text;
    B.CText = sourceText(BO->getSourceRange());
    B.Derived = true;
    B.ElementType = *scalarTypeOf(T);
    B.Loc = Diag.loc(BO->getBeginLoc());
    MemberIds[VD] = N.Members.size();
    MemberRoots.push_back(MemberPath{});
    N.Members.push_back(B);
    MemberVarOf[Text] = VD;
    return AffExpr::param(paramFor(VD));
  }

  /// toAffine for a loop's start or bound, or an `if`'s condition: products
  /// of parameters are parameters of their own (derivedParam), bound only
  /// where the whole expression is affine then (a dry run first: `i * m + j
  /// < n * m` binds nothing).
  template <typename Eval> auto bindingInvariants(Eval F, bool DryOnly = false) -> decltype(F()) {
    Binding Saved = BindInvariants;
    BindInvariants = Binding::Dry;
    auto R = F();
    if (R && !DryOnly) {
      BindInvariants = Binding::Yes;
      R = F();
    }
    BindInvariants = Saved;
    return R;
  }

  std::string cText(const std::string &Name) const { return N.cText(Name); }

  /// Whether Name would clash with a name in scope in the function's host
  /// code, where it is declared (a macro, a keyword, a declaration at file
  /// scope or in the function, another member's variable in the function).
  bool memberNameTaken(const std::string &Name) const {
    auto It = Ctx.Idents.find(Name);
    if (It == Ctx.Idents.end())
      return false;
    IdentifierInfo *II = It->getValue();
    if (II->hasMacroDefinition() || II->isKeyword(Ctx.getLangOpts()) ||
        !Ctx.getTranslationUnitDecl()->lookup(DeclarationName(II)).empty())
      return true;
    std::string Prefix = FD.getNameAsString() + "|";
    for (const auto &[Key, Other] : MemberNames)
      if (Other == Name && llvm::StringRef(Key).starts_with(Prefix))
        return true;
    struct Finder : RecursiveASTVisitor<Finder> {
      const IdentifierInfo *II;
      bool Found = false;
      bool VisitNamedDecl(NamedDecl *D) {
        Found |= D->getIdentifier() == II;
        return true;
      }
    } F;
    F.II = II;
    F.TraverseDecl(const_cast<FunctionDecl *>(&FD));
    return F.Found;
  }

  /// Whether the function takes the address of Root or of a part of it
  /// (`&c`, `&c.x`): a pointer may then point into it.
  bool addressTaken(const VarDecl *Root) const {
    struct Finder : RecursiveASTVisitor<Finder> {
      const VarDecl *Root;
      bool Found = false;
      bool VisitUnaryOperator(UnaryOperator *U) {
        if (U->getOpcode() != UO_AddrOf)
          return true;
        const clang::Expr *E = U->getSubExpr()->IgnoreParenImpCasts();
        while (true) {
          if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
            E = M->getBase()->IgnoreParenImpCasts();
          else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
            E = A->getBase()->IgnoreParenImpCasts();
          else
            break;
        }
        if (const auto *D = dyn_cast<DeclRefExpr>(E); D && D->getDecl() == Root)
          Found = true;
        return true;
      }
    } F;
    F.Root = Root;
    F.TraverseStmt(FD.getBody());
    return F.Found;
  }

  /// The arrays that may point into each member's struct (MemberBinding::
  /// MayOverlap), unless `independent` (Promised) says they never do.
  void memberOverlaps(bool Promised, const std::vector<bool> &ArrayWritten) {
    std::vector<bool> Exposed(N.Members.size());
    for (unsigned M = 0; M < N.Members.size(); ++M) {
      const MemberPath &P = MemberRoots[M];
      if (!P.Root) // MemberBinding::Derived: no memory of its own
        continue;
      QualType RT = P.Root->getType();
      Exposed[M] = !Promised && !RT.isRestrictQualified() &&
                   (P.Arrow || (!P.Root->hasGlobalStorage() && addressTaken(P.Root)));
    }
    for (unsigned M = 0; M < N.Members.size(); ++M) {
      MemberBinding &B = N.Members[M];
      // A pointer member: the array behind it is the nest's (a pointer
      // variable: it may alias every other); an element store cannot change
      // the pointer (C11 6.5p7). A bit-field has no address a pointer could
      // hold.
      bool BitField = std::any_of(BitFields.begin(), BitFields.end(),
                                  [&](const VarDecl *V) { return MemberIds.at(V) == M; });
      if (!Exposed[M] || B.IsPointer || BitField)
        continue;
      for (unsigned A = 0; A < N.Arrays.size(); ++A) {
        const ArrayInfo &AI = N.Arrays[A];
        if (AI.isTemporary() || AI.IsRestrict || !(AI.IsParameter || AI.IsLocalPointer) ||
            !AI.ElementType.mayAliasWith(B.ElementType) || !(ArrayWritten[A] || B.Written))
          continue;
        bool Sized = std::all_of(AI.Extents.begin(), AI.Extents.end(), [](const auto &E) { return E.has_value(); });
        bool Affine = std::all_of(N.Accesses.begin(), N.Accesses.end(),
                                  [&](const Access &X) { return !X.isArray() || X.Index != A || X.IsAffine; });
        if (!Sized && !Affine) {
          Diag.error(B.Loc, "'" + B.Member + "' " + (B.Written ? "is stored after the nest" : "is read once, before "
                                                                 "the nest") +
                                "; '" + cText(AI.Name) + "', which the nest " + (ArrayWritten[A] ? "writes" : "reads") +
                                ", may point into the struct, and its elements are not known to check that at run "
                                "time: declare '" + cText(AI.Name) + "' or '" + B.Root + "' restrict, mark the nest "
                                "'independent', or copy the member into a local variable before the nest");
          Failed = true;
          continue;
        }
        B.MayOverlap.push_back(A);
      }
      if (!B.MayOverlap.empty()) {
        std::vector<std::string> Names;
        for (unsigned A : B.MayOverlap)
          Names.push_back("'" + cText(N.Arrays[A].Name) + "'");
        Diag.warning(B.Loc, "'" + B.Member + "' is " + (B.Written ? "a variable of the nest, stored back after it" :
                                                                     "read once, before the nest") +
                                "; a run-time check stops the program where it lies in " + llvm::join(Names, " or ") +
                                " (declare " + (Names.size() > 1 ? "them" : Names[0]) + " or '" + B.Root +
                                "' restrict, or mark the nest 'independent', if they never overlap)");
      }
      // Two structs reached through different pointers may be one.
      for (unsigned O = 0; O < N.Members.size(); ++O) {
        const MemberBinding &C = N.Members[O];
        if (!B.Written || O == M || !Exposed[O] || !MemberRoots[O].Arrow || !MemberRoots[M].Arrow ||
            MemberRoots[O].Root == MemberRoots[M].Root || !B.ElementType.mayAliasWith(C.ElementType))
          continue;
        Diag.error(B.Loc, "'" + B.Member + "', which the nest writes, and '" + C.Member + "' may be one variable ('" +
                              B.Root + "' and '" + C.Root + "' may point to the same struct): declare one of them "
                              "restrict, mark the nest 'independent', or copy the members into local variables "
                              "before the nest");
        Failed = true;
      }
    }
  }

  /// The loop id if VD is the iterator of an active loop.
  std::optional<unsigned> activeIterator(const VarDecl *VD) const {
    for (auto It = Active.rbegin(); It != Active.rend(); ++It)
      if (It->first == VD)
        return It->second;
    return std::nullopt;
  }

  bool activeIteratorNamed(const std::string &Name) const {
    for (unsigned L : LoopStack)
      if (N.Loops[L].Iterator == Name)
        return true;
    return false;
  }

  bool isParamCandidate(const VarDecl *VD) const {
    return !DeclaredInside.count(VD) && !Written.count(VD) && !AllIterators.count(VD) &&
           VD->getType()->isIntegerType() && !VD->getType().isVolatileQualified() &&
           scalarTypeOf(VD->getType()).has_value();
  }

  unsigned paramFor(const VarDecl *VD) {
    auto It = ParamIds.find(VD);
    if (It != ParamIds.end())
      return It->second;
    ParamInfo P;
    P.Name = VD->getNameAsString();
    UsedNames.insert(P.Name);
    P.Type = *scalarTypeOf(VD->getType());
    P.Loc = Diag.loc(VD->getLocation());
    N.Params.push_back(P);
    return ParamIds[VD] = N.Params.size() - 1;
  }

  unsigned scalarFor(const VarDecl *VD) {
    auto It = ScalarIds.find(VD);
    if (It != ScalarIds.end())
      return It->second;
    ScalarInfo S;
    S.Name = DeclaredInside.count(VD) ? uniqueName(VD->getNameAsString()) : VD->getNameAsString();
    if (!DeclaredInside.count(VD))
      UsedNames.insert(S.Name);
    S.Type = *scalarTypeOf(VD->getType());
    S.Loc = Diag.loc(VD->getLocation());
    S.IsFileScope = VD->isFileVarDecl();
    if (DeclaredInside.count(VD)) {
      S.DeclDepth = static_cast<int>(LoopStack.size());
      S.DeclLoops = LoopStack;
    } else {
      S.ReadAfterNest = mayBeReadAfterNest(VD);
    }
    N.Scalars.push_back(S);
    return ScalarIds[VD] = N.Scalars.size() - 1;
  }

  /// Describes an array variable's shape; reports and returns nullopt if the
  /// type is not an array of arithmetic elements loopgpu can handle.
  std::optional<unsigned> arrayFor(const VarDecl *VD, SourceLocation Use) {
    auto It = ArrayIds.find(VD);
    if (It != ArrayIds.end())
      return It->second;
    auto Hoisted = HoistedTables.find(VD);
    if (LocalArrays.count(VD) ||
        (Hoisted == HoistedTables.end() && DeclaredInside.count(VD) && VD->getType()->isArrayType())) {
      unsupported(Use, "using the local array '" + VD->getNameAsString() + "' other than by its elements");
      return std::nullopt;
    }
    ArrayInfo A;
    A.Name = VD->getNameAsString();
    UsedNames.insert(A.Name);
    A.Loc = Diag.loc(VD->getLocation());
    const auto *PVD = dyn_cast<ParmVarDecl>(VD);
    A.IsParameter = PVD != nullptr;
    A.IsGlobal = (VD->hasGlobalStorage() && !PVD) || Hoisted != HoistedTables.end();
    A.IsFileScope = VD->isFileVarDecl();
    if (Hoisted != HoistedTables.end())
      A.HoistedDecl = Hoisted->second;
    QualType T = PVD ? PVD->getOriginalType() : VD->getType();
    if (VD->getType().isRestrictQualified() || T.isRestrictQualified())
      A.IsRestrict = true;
    bool HasVLA = false, First = true, IsPointer = false;
    while (true) {
      if (T.isVolatileQualified()) {
        unsupported(Use, "access to volatile array '" + A.Name + "'");
        return std::nullopt;
      }
      if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
        if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
          A.Extents.push_back(AffExpr::constant(CAT->getSize().getSExtValue()));
        } else if (const auto *VAT = dyn_cast<VariableArrayType>(AT)) {
          HasVLA = true;
          const clang::Expr *Size = VAT->getSizeExpr();
          std::optional<AffExpr> E = Size ? toAffine(Size) : std::nullopt;
          if (E && usesIterator(*E))
            E = std::nullopt;
          A.Extents.push_back(E);
        } else {
          A.Extents.push_back(std::nullopt);
        }
        if (AT->getIndexTypeQualifiers().hasRestrict())
          A.IsRestrict = true;
        T = AT->getElementType();
        First = false;
        continue;
      }
      if (const auto *PT = T->getAs<PointerType>()) {
        if (!First) {
          unsupported(Use, "pointer-to-pointer array '" + A.Name + "'");
          return std::nullopt;
        }
        IsPointer = true;
        A.Extents.push_back(std::nullopt);
        T = PT->getPointeeType();
        First = false;
        continue;
      }
      break;
    }
    if (A.Extents.empty()) {
      error(Use, "'" + A.Name + "' is subscripted but is not an array or pointer");
      return std::nullopt;
    }
    if (T.isVolatileQualified()) {
      unsupported(Use, "access to volatile array '" + A.Name + "'");
      return std::nullopt;
    }
    std::optional<ScalarType> ET = scalarTypeOf(T);
    if (!ET)
      if (std::optional<FlatStruct> FS = flatStructOf(Ctx, T)) {
        // An array of structs: a last dimension of the struct's scalars.
        A.Extents.push_back(AffExpr::constant(FS->Count));
        ET = FS->Element;
        A.StructType = T.getUnqualifiedType().getAsString(hostPolicy(Ctx));
        A.StructMembers = FS->Members;
      }
    if (!ET) {
      if (T->isStructureOrClassType() || T->isUnionType())
        unsupported(Use, "array of structs '" + A.Name + "' whose members are not all of one arithmetic type "
                                                         "(or that has padding, a bit-field, a union or an "
                                                         "anonymous member)");
      else
        unsupported(Use, "array '" + A.Name + "' of element type '" + T.getAsString() + "'");
      return std::nullopt;
    }
    A.ElementType = *ET;
    A.IsConst = T.isConstQualified();
    A.IsLocalPointer = IsPointer && !PVD;
    A.Kind = HasVLA ? ArrayInfo::Storage::VLAParam
                    : (IsPointer && A.Extents.size() == 1 ? ArrayInfo::Storage::FlatPointer
                                                          : ArrayInfo::Storage::FixedSize);
    if (HasVLA && !PVD)
      A.Kind = ArrayInfo::Storage::FixedSize; // a local VLA: fixed for the nest
    A.AliasClass = N.Arrays.size();
    N.Arrays.push_back(A);
    return ArrayIds[VD] = N.Arrays.size() - 1;
  }

  bool usesIterator(const AffExpr &E) const {
    bool Uses = false;
    E.forEachVar([&](AffVar V) { Uses |= V.isIterator(); });
    return Uses;
  }

  //===--------------------------------------------------------------------===//
  // Affine expressions (no diagnostics: callers say what was expected)
  //===--------------------------------------------------------------------===//
  std::optional<int64_t> constantInt(const clang::Expr *E) const {
    if (E->isValueDependent() || !E->getType()->isIntegerType())
      return std::nullopt;
    clang::Expr::EvalResult R;
    if (!E->EvaluateAsInt(R, Ctx) || R.HasSideEffects)
      return std::nullopt;
    if (R.Val.getInt().getSignificantBits() > 62)
      return std::nullopt;
    return R.Val.getInt().getSExtValue();
  }

  /// A variable E reads that the nest assigns (not an iterator), if any.
  const VarDecl *writtenVariableIn(const clang::Stmt *E) const {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && Written.count(VD) && !AllIterators.count(VD))
        return VD;
    for (const clang::Stmt *Child : E->children())
      if (Child)
        if (const VarDecl *VD = writtenVariableIn(Child))
          return VD;
    return nullptr;
  }

  //===--------------------------------------------------------------------===//
  // Index functions: `static int at(int i, int j, int m) { return i * m + j; }`
  // called in a subscript is, to the analysis, its return expression with the
  // arguments in place of the parameters (the call itself is printed as
  // written and runs as a device function).
  //===--------------------------------------------------------------------===//
  struct InlineFrame {
    std::map<const VarDecl *, const clang::Expr *> Args;
    const InlineFrame *Parent = nullptr;
  };
  const InlineFrame *Inlined = nullptr;
  unsigned InlineDepth = 0;

  /// The return expression of CE's callee when it is an index function: its
  /// body is one `return e;`, its parameters and result integers passed by
  /// value, e reads nothing but them and constants (checked as e is
  /// evaluated: any other variable stops it), the arguments free of side
  /// effects. Def receives the callee's definition.
  const clang::Expr *indexFunctionReturn(const CallExpr *CE, const FunctionDecl *&Def) const {
    const FunctionDecl *Callee = CE->getDirectCallee();
    Def = nullptr;
    if (!Callee || !Callee->hasBody(Def) || Def->isVariadic() || !Def->getReturnType()->isIntegerType() ||
        Def->getNumParams() != CE->getNumArgs())
      return nullptr;
    for (unsigned I = 0; I < Def->getNumParams(); ++I)
      if (!Def->getParamDecl(I)->getType()->isIntegerType() || CE->getArg(I)->HasSideEffects(Ctx))
        return nullptr;
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
    if (!Body || Body->size() != 1)
      return nullptr;
    const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
    if (!Ret || !Ret->getRetValue())
      return nullptr;
    // Only the parameters: a global or a static may change between calls.
    bool Pure = true;
    std::function<void(const Stmt *)> Check = [&](const Stmt *S) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        const auto *PV = dyn_cast<ParmVarDecl>(DRE->getDecl());
        if (!isa<EnumConstantDecl>(DRE->getDecl()) && !(PV && PV->getDeclContext() == Def))
          Pure = false;
      }
      for (const Stmt *C : S->children())
        if (C)
          Check(C);
    };
    Check(Ret->getRetValue());
    return Pure ? Ret->getRetValue() : nullptr;
  }

  template <typename Eval> auto throughCall(const CallExpr *CE, Eval F) -> decltype(F(CE)) {
    const FunctionDecl *Def = nullptr;
    const clang::Expr *Ret = InlineDepth < 8 ? indexFunctionReturn(CE, Def) : nullptr;
    if (!Ret)
      return std::nullopt;
    InlineFrame Frame;
    Frame.Parent = Inlined;
    for (unsigned I = 0; I < Def->getNumParams(); ++I)
      Frame.Args[Def->getParamDecl(I)] = CE->getArg(I);
    const InlineFrame *Saved = Inlined;
    Inlined = &Frame;
    ++InlineDepth;
    auto R = F(Ret);
    --InlineDepth;
    Inlined = Saved;
    return R;
  }

  /// The argument an inlined index function's parameter VD stands for.
  const clang::Expr *inlinedArgument(const VarDecl *VD) const {
    if (!Inlined)
      return nullptr;
    auto It = Inlined->Args.find(VD);
    return It == Inlined->Args.end() ? nullptr : It->second;
  }
  /// F() with the arguments' own scope: the caller's (an argument may call
  /// another index function, or be a parameter of an enclosing one).
  template <typename Eval> auto inArgumentScope(Eval F) -> decltype(F()) {
    const InlineFrame *Saved = Inlined;
    Inlined = Inlined->Parent;
    auto R = F();
    Inlined = Saved;
    return R;
  }

  /// E as an affine expression of the iterators and parameters (and, under
  /// regionAffine, of the variables of bounded forms).
  std::optional<AffExpr> toAffine(const clang::Expr *E) {
    std::optional<AffExpr> A = affineOf(E);
    if (!A && LocalAffine)
      A = rangedValue(E);
    return A;
  }

  /// Under regionAffine, a value the IR does not model that bounded forms
  /// can: one whose range is known (valueRange), or a choice `c ? t : f`
  /// between affine values (`v < 0 ? 0 : v > n - 1 ? n - 1 : v`, a clamp
  /// the min / max forms do not read; by a condition from data, one of the
  /// two). A new variable of the forms, what is known of it among the facts.
  std::optional<AffExpr> rangedValue(const clang::Expr *E) {
    E = E->IgnoreParens();
    // Named as written where short (`(v[i] & 255)`), else `sel<K>`, `val<K>`.
    auto Fresh = [&](const char *Kind) {
      std::string Text = sourceText(E->getSourceRange());
      if (Text.size() > 24)
        Text = Kind + std::to_string(RegionLocals.size());
      else if (Text.find(' ') != std::string::npos)
        Text = "(" + Text + ")";
      RegionLocals.push_back({nullptr, Text});
      return AffExpr::var(AffVar::local(RegionLocals.size() - 1));
    };
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      std::optional<AffExpr> T = toAffine(CO->getTrueExpr()), F = T ? toAffine(CO->getFalseExpr()) : std::nullopt;
      if (!T || !F)
        return std::nullopt;
      std::optional<AffCond> C = toAffCond(CO->getCond());
      AffExpr V = Fresh("sel");
      AffCond IsT = AffCond::compare(V, AffCond::CmpOp::EQ, *T), IsF = AffCond::compare(V, AffCond::CmpOp::EQ, *F);
      RegionFacts.push_back(C ? AffCond::disj(AffCond::conj(*C, IsT), AffCond::conj(AffCond::negate(*C), IsF))
                              : AffCond::disj(IsT, IsF));
      return V;
    }
    // A range as wide as `v[i] & 0x7fffffff` bounds no copy worth making:
    // such a subscript stays unbounded (a pointer wants a data clause).
    std::optional<std::pair<int64_t, int64_t>> R = valueRange(E);
    if (!R || R->second - R->first > (int64_t(1) << 20))
      return std::nullopt;
    AffExpr V = Fresh("val");
    RegionFacts.push_back(AffCond::compare(V, AffCond::CmpOp::GE, AffExpr::constant(R->first)));
    RegionFacts.push_back(AffCond::compare(V, AffCond::CmpOp::LE, AffExpr::constant(R->second)));
    return V;
  }

  /// The values an integer expression can take whatever its operands, where
  /// few: a narrow unsigned type's (`c[i]` of unsigned char: 0 to 255, bool:
  /// 0 to 1), `x & 255` (0 to 255), `x % 64` and `x >> 24` of an x known not
  /// negative (unsigned, or such a value).
  std::optional<std::pair<int64_t, int64_t>> valueRange(const clang::Expr *E) {
    E = E->IgnoreParens();
    QualType T = E->getType();
    if (!T->isIntegerType())
      return std::nullopt;
    const uint64_t Bits = Ctx.getTypeSize(T);
    if (T->isBooleanType())
      return std::make_pair(int64_t(0), int64_t(1));
    if (T->isUnsignedIntegerType() && Bits <= 16)
      return std::make_pair(int64_t(0), (int64_t(1) << Bits) - 1);
    auto NonNegative = [&](const clang::Expr *X) -> std::optional<int64_t> { // its largest value
      if (std::optional<std::pair<int64_t, int64_t>> R = valueRange(X); R && R->first >= 0)
        return R->second;
      return std::nullopt;
    };
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      const clang::Expr *Sub = CE->getSubExpr();
      // A cast that keeps every value of its operand: to a wider type, or
      // as wide and as signed.
      if (!Sub->getType()->isIntegerType())
        return std::nullopt;
      const uint64_t SubBits = Ctx.getTypeSize(Sub->getType());
      if (SubBits < Bits || (SubBits == Bits && Sub->getType()->isUnsignedIntegerType() == T->isUnsignedIntegerType()))
        return valueRange(Sub);
      return std::nullopt;
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      return std::nullopt;
    const clang::Expr *L = BO->getLHS(), *R = BO->getRHS();
    switch (BO->getOpcode()) {
    case BO_And: { // bits of a mask that has no sign bit
      for (const clang::Expr *M : {L, R})
        if (std::optional<int64_t> C = constantInt(M); C && *C >= 0)
          return std::make_pair(int64_t(0), *C);
      for (const clang::Expr *M : {L, R})
        if (std::optional<int64_t> Hi = NonNegative(M))
          return std::make_pair(int64_t(0), *Hi);
      return std::nullopt;
    }
    case BO_Rem: {
      std::optional<int64_t> C = constantInt(R);
      if (!C || *C <= 0)
        return std::nullopt;
      std::optional<int64_t> Hi = NonNegative(L);
      if (!Hi && !L->getType()->isUnsignedIntegerType())
        return std::nullopt;
      return std::make_pair(int64_t(0), std::min(*C - 1, Hi.value_or(*C - 1)));
    }
    case BO_Shr: {
      std::optional<int64_t> C = constantInt(R);
      const uint64_t LBits = Ctx.getTypeSize(L->getType());
      if (!C || *C < 0 || *C >= int64_t(LBits))
        return std::nullopt;
      if (std::optional<int64_t> Hi = NonNegative(L))
        return std::make_pair(int64_t(0), *Hi >> *C);
      if (L->getType()->isUnsignedIntegerType() && LBits - *C <= 24)
        return std::make_pair(int64_t(0), (int64_t(1) << (LBits - *C)) - 1);
      return std::nullopt;
    }
    default:
      return std::nullopt;
    }
  }

  std::optional<AffExpr> affineOf(const clang::Expr *E) {
    E = E->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      if (!ICE->getType()->isIntegerType() || !ICE->getSubExpr()->getType()->isIntegerType())
        return std::nullopt;
      return toAffine(ICE->getSubExpr());
    }
    if (const auto *CE = dyn_cast<CStyleCastExpr>(E)) {
      if (!CE->getType()->isIntegerType() || !CE->getSubExpr()->getType()->isIntegerType())
        return std::nullopt;
      return toAffine(CE->getSubExpr());
    }
    if (!E->getType()->isIntegerType())
      return std::nullopt;
    if (std::optional<int64_t> C = constantInt(E))
      return AffExpr::constant(*C);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (!VD)
        return std::nullopt;
      if (const clang::Expr *Arg = inlinedArgument(VD))
        return inArgumentScope([&] { return toAffine(Arg); });
      if (std::optional<unsigned> L = activeIterator(VD))
        return AffExpr::iterator(*L);
      if (LocalAffine)
        for (size_t K = 0; K < RegionLocals.size(); ++K)
          if (RegionLocals[K].Var == VD)
            return AffExpr::var(AffVar::local(K));
      if (isParamCandidate(VD))
        return AffExpr::param(paramFor(VD));
      if (Forwarded.count(VD))
        return toAffine(VD->getInit());
      return std::nullopt;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Minus)
        if (auto S = toAffine(UO->getSubExpr()))
          return AffExpr::mul(*S, -1);
      if (UO->getOpcode() == UO_Plus)
        return toAffine(UO->getSubExpr());
      return std::nullopt;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub: {
        auto L = toAffine(BO->getLHS()), R = toAffine(BO->getRHS());
        if (!L || !R)
          return std::nullopt;
        return BO->getOpcode() == BO_Add ? AffExpr::add(*L, *R) : AffExpr::sub(*L, *R);
      }
      case BO_Mul: {
        if (auto C = constantInt(BO->getLHS()))
          if (auto R = toAffine(BO->getRHS()))
            return AffExpr::mul(*R, *C);
        if (auto C = constantInt(BO->getRHS()))
          if (auto L = toAffine(BO->getLHS()))
            return AffExpr::mul(*L, *C);
        return derivedParam(BO);
      }
      case BO_Shl:
        return derivedParam(BO);
      case BO_Div:
      case BO_Rem: {
        auto C = constantInt(BO->getRHS());
        if (!C || *C <= 0)
          return std::nullopt;
        auto L = toAffine(BO->getLHS());
        if (!L)
          return std::nullopt;
        return BO->getOpcode() == BO_Div ? AffExpr::div(*L, *C) : AffExpr::rem(*L, *C);
      }
      default:
        return std::nullopt;
      }
    }
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return throughCall(CE, [&](const clang::Expr *R) { return toAffine(R); });
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      // a < b ? a : b (min) and the other spellings of min / max.
      const auto *Cmp = dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
      if (!Cmp || !Cmp->isRelationalOp())
        return std::nullopt;
      auto A = toAffine(Cmp->getLHS()), B = toAffine(Cmp->getRHS());
      auto T = toAffine(CO->getTrueExpr()), F = toAffine(CO->getFalseExpr());
      if (!A || !B || !T || !F)
        return std::nullopt;
      bool Less = Cmp->getOpcode() == BO_LT || Cmp->getOpcode() == BO_LE;
      if (*T == *A && *F == *B)
        return Less ? AffExpr::min(*A, *B) : AffExpr::max(*A, *B);
      if (*T == *B && *F == *A)
        return Less ? AffExpr::max(*A, *B) : AffExpr::min(*A, *B);
      return clampSelect(Cmp->getOpcode(), *A, *B, *T, *F);
    }
    return std::nullopt;
  }

  /// `a OP b ? t : f` as max(t, f) or min(t, f) when the condition picks
  /// the larger (smaller) one at every point where they differ: clamps like
  /// `i > 2 ? i - 2 : 0` (max(i - 2, 0)) and `i + 2 < n ? i + 2 : n - 1`
  /// (min). With the condition as d >= 0 over the integers (a > b is
  /// a - b - 1 >= 0), t - f = k * d + r with k > 0 and 0 <= r <= k is max:
  /// d >= 0 gives t - f >= r >= 0, d <= -1 gives t - f <= r - k <= 0; and
  /// t - f = -(k * d + r) is min.
  static std::optional<AffExpr> clampSelect(BinaryOperatorKind Op, const AffExpr &A, const AffExpr &B,
                                            const AffExpr &T, const AffExpr &F) {
    AffExpr D = Op == BO_GT || Op == BO_GE ? AffExpr::sub(A, B) : AffExpr::sub(B, A);
    if (Op == BO_GT || Op == BO_LT)
      D = AffExpr::add(D, AffExpr::constant(-1));
    std::optional<LinearForm> LD = D.linear(), LDiff = AffExpr::sub(T, F).linear();
    if (!LD || !LDiff || LD->isConstant())
      return std::nullopt;
    const auto &[V, DC] = *LD->Coefficients.begin();
    int64_t DiffC = LDiff->coefficient(V);
    if (DiffC == 0 || DiffC % DC != 0)
      return std::nullopt;
    int64_t K = DiffC / DC;
    LinearForm Rest = *LDiff; // t - f - k * d: must be the constant r
    for (const auto &[W, C] : LD->Coefficients)
      if ((Rest.Coefficients[W] -= K * C) == 0)
        Rest.Coefficients.erase(W);
    if (!Rest.isConstant())
      return std::nullopt;
    int64_t R = Rest.Constant - K * LD->Constant;
    if (K > 0 && R >= 0 && R <= K)
      return AffExpr::max(T, F);
    if (K < 0 && -R >= 0 && -R <= -K)
      return AffExpr::min(T, F);
    return std::nullopt;
  }

  std::optional<AffCond> toAffCond(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_LNot)
        if (auto C = toAffCond(UO->getSubExpr()))
          return AffCond::negate(*C);
      return std::nullopt;
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      return std::nullopt;
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      auto L = toAffCond(BO->getLHS()), R = toAffCond(BO->getRHS());
      if (!L || !R)
        return std::nullopt;
      return BO->getOpcode() == BO_LAnd ? AffCond::conj(*L, *R) : AffCond::disj(*L, *R);
    }
    std::optional<AffCond::CmpOp> Op;
    switch (BO->getOpcode()) {
    case BO_LT: Op = AffCond::CmpOp::LT; break;
    case BO_LE: Op = AffCond::CmpOp::LE; break;
    case BO_GT: Op = AffCond::CmpOp::GT; break;
    case BO_GE: Op = AffCond::CmpOp::GE; break;
    case BO_EQ: Op = AffCond::CmpOp::EQ; break;
    case BO_NE: Op = AffCond::CmpOp::NE; break;
    default: return std::nullopt;
    }
    auto L = toAffine(BO->getLHS()), R = toAffine(BO->getRHS());
    if (!L || !R)
      return std::nullopt;
    return AffCond::compare(*L, *Op, *R);
  }

  //===--------------------------------------------------------------------===//
  // Delinearization of flat-pointer subscripts
  //===--------------------------------------------------------------------===//
  /// A single monomial c * p1 * ... * pk (k >= 0): its parameters and c.
  static std::optional<std::pair<std::vector<unsigned>, int64_t>> asMonomial(const Poly &P) {
    if (P.size() != 1)
      return std::nullopt;
    const auto &[Key, Coef] = *P.begin();
    std::optional<LinearForm> L = Coef.linear();
    if (!L)
      return std::nullopt;
    if (L->isConstant())
      return std::make_pair(Key, L->Constant);
    if (L->Constant != 0 || L->Coefficients.size() != 1 || !L->Coefficients.begin()->first.isParam())
      return std::nullopt;
    std::vector<unsigned> K = Key;
    K.push_back(L->Coefficients.begin()->first.Index);
    std::sort(K.begin(), K.end());
    return std::make_pair(K, L->Coefficients.begin()->second);
  }

  /// A + B, or A - B.
  static Poly addPoly(Poly A, const Poly &B, bool Subtract) {
    for (auto &[Key, Coef] : B) {
      AffExpr C = Subtract ? AffExpr::mul(Coef, -1) : Coef;
      auto It = A.find(Key);
      A[Key] = It == A.end() ? C : AffExpr::add(It->second, C);
    }
    return A;
  }

  std::optional<Poly> toPoly(const clang::Expr *E) {
    E = E->IgnoreParens();
    if (std::optional<AffExpr> A = toAffine(E))
      return Poly{{{}, *A}};
    if (const auto *CE = dyn_cast<CastExpr>(E))
      return CE->getType()->isIntegerType() && CE->getSubExpr()->getType()->isIntegerType()
                 ? toPoly(CE->getSubExpr())
                 : std::nullopt;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        if (const clang::Expr *Arg = inlinedArgument(VD))
          return inArgumentScope([&] { return toPoly(Arg); });
        if (Forwarded.count(VD))
          return toPoly(VD->getInit());
      }
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return throughCall(CE, [&](const clang::Expr *R) { return toPoly(R); });
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO)
      return std::nullopt;
    std::optional<Poly> L = toPoly(BO->getLHS()), R = toPoly(BO->getRHS());
    if (!L || !R)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_Add:
    case BO_Sub:
      return addPoly(*L, *R, BO->getOpcode() == BO_Sub);
    case BO_Mul: {
      auto Scale = [](const Poly &P, const std::pair<std::vector<unsigned>, int64_t> &M) {
        Poly Out;
        for (const auto &[Key, Coef] : P) {
          std::vector<unsigned> K = Key;
          K.insert(K.end(), M.first.begin(), M.first.end());
          std::sort(K.begin(), K.end());
          Out[K] = AffExpr::mul(Coef, M.second);
        }
        return Out;
      };
      if (auto M = asMonomial(*L))
        return Scale(*R, *M);
      if (auto M = asMonomial(*R))
        return Scale(*L, *M);
      return std::nullopt;
    }
    default:
      return std::nullopt;
    }
  }

  /// Recognizes `i*K + k` (and deeper chains `i*N*M + j*M + k`) and proves
  /// that every inner subscript stays within its extent in the current
  /// domain, so that the 1-D access is exactly the multi-dimensional one.
  std::optional<Delinearization> delinearize(const std::optional<Poly> &P) {
    if (!P)
      return std::nullopt;
    std::vector<std::pair<std::vector<unsigned>, AffExpr>> Terms;
    for (auto &[Key, Coef] : *P)
      if (!(Coef.isConstant() && Coef.constantValue() == 0))
        Terms.push_back({Key, Coef});
    std::sort(Terms.begin(), Terms.end(),
              [](const auto &A, const auto &B) { return A.first.size() < B.first.size(); });
    if (Terms.empty() || Terms.back().first.empty())
      return std::nullopt;
    if (!Terms.front().first.empty()) // no innermost term: its subscript is 0
      Terms.insert(Terms.begin(), {{}, AffExpr::constant(0)});
    Delinearization D;
    unsigned Rank = Terms.size();
    D.Subscripts.resize(Rank);
    for (unsigned T = 0; T < Rank; ++T) {
      if (Terms[T].first.size() != T)
        return std::nullopt; // a level of the chain is missing
      if (T > 0) {
        std::vector<unsigned> Added;
        std::set_difference(Terms[T].first.begin(), Terms[T].first.end(), Terms[T - 1].first.begin(),
                            Terms[T - 1].first.end(), std::back_inserter(Added));
        if (Added.size() != 1)
          return std::nullopt;
        D.ExtentParams.insert(D.ExtentParams.begin(), Added[0]);
      }
    }
    // A multiple of a level's extent in the level below belongs to the level
    // (`i - m` with i = y * m + x is row y - 1, column x, not row y, column
    // x - m): the parameter that scales level T + 1 moves out of level T's
    // coefficient as a constant of level T + 1's.
    for (unsigned T = 0; T + 1 < Rank; ++T) {
      std::optional<LinearForm> L = Terms[T].second.linear();
      if (!L)
        continue;
      int64_t C = L->coefficient(AffVar::param(D.ExtentParams[Rank - 2 - T]));
      if (C == 0)
        continue;
      Terms[T].second = AffExpr::sub(Terms[T].second, AffExpr::mul(AffExpr::param(D.ExtentParams[Rank - 2 - T]), C));
      Terms[T + 1].second = AffExpr::add(Terms[T + 1].second, AffExpr::constant(C));
    }
    auto Prove = [&](int64_t Scale) {
      for (unsigned T = 0; T < Rank; ++T)
        D.Subscripts[Rank - 1 - T] = Terms[T].second;
      D.InnerScale = Scale;
      D.Proven = true;
      for (unsigned Dim = 1; Dim < Rank; ++Dim) {
        AffExpr Extent = AffExpr::param(D.ExtentParams[Dim - 1]);
        if (Dim == Rank - 1)
          Extent = AffExpr::mul(Extent, Scale);
        D.Proven &= LocalAffine ? provesBounds(N, LoopStack, Guards, D.Subscripts[Dim], AffExpr::constant(0), Extent,
                                               RegionFacts, RegionLocals.size())
                                : provesBounds(N, LoopStack, Guards, D.Subscripts[Dim], AffExpr::constant(0), Extent);
      }
      return D.Proven;
    };
    if (Prove(1))
      return D;
    // Interleaved rows: every level above the innermost a multiple of g
    // (`3 * y * w + 3 * x + c`): the innermost extent is g times its
    // parameter, the levels above divided by g.
    int64_t G = 0;
    for (unsigned T = 1; T < Rank; ++T) {
      std::optional<LinearForm> L = Terms[T].second.linear();
      if (!L)
        return D;
      G = std::gcd(G, std::abs(L->Constant));
      for (const auto &[V, C] : L->Coefficients)
        G = std::gcd(G, std::abs(C));
    }
    if (G <= 1)
      return D;
    std::vector<AffExpr> Unscaled;
    for (unsigned T = 1; T < Rank; ++T) {
      LinearForm L = *Terms[T].second.linear();
      AffExpr Q = AffExpr::constant(L.Constant / G);
      for (const auto &[V, C] : L.Coefficients)
        Q = AffExpr::add(Q, AffExpr::mul(AffExpr::var(V), C / G));
      Unscaled.push_back(Terms[T].second);
      Terms[T].second = Q;
    }
    if (!Prove(G)) { // as before: the unscaled form, unproven
      for (unsigned T = 1; T < Rank; ++T)
        Terms[T].second = Unscaled[T - 1];
      Prove(1);
    }
    return D;
  }

  //===--------------------------------------------------------------------===//
  // Loops
  //===--------------------------------------------------------------------===//
  const VarDecl *iteratorRef(const clang::Expr *E) const {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(DRE->getDecl());
    return nullptr;
  }

  /// Splits `a && b && ...` into conjuncts.
  static void conjuncts(const clang::Expr *E, std::vector<const clang::Expr *> &Out) {
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      if (BO->getOpcode() == BO_LAnd) {
        conjuncts(BO->getLHS(), Out);
        conjuncts(BO->getRHS(), Out);
        return;
      }
    Out.push_back(E);
  }

  /// The constant step of FS's increment (`i++`, `i--`, `i += c`, `i -= c`,
  /// `i = i + c`, ...); nullopt after an error.
  std::optional<int64_t> loopStep(const ForStmt &FS, const VarDecl *Iter, const std::string &IterName) {
    int64_t Step = 0;
    const clang::Expr *Inc = FS.getInc();
    if (!Inc) {
      error(FS.getForLoc(), "loop has no increment; expected '" + IterName + "++', '" + IterName +
                        "--', '" + IterName + " += c' or '" + IterName + " -= c'");
      return std::nullopt;
    }
    const clang::Expr *IncE = Inc->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(IncE)) {
      if (UO->isIncrementDecrementOp() && iteratorRef(UO->getSubExpr()) == Iter)
        Step = UO->isIncrementOp() ? 1 : -1;
    } else if (const auto *CAO = dyn_cast<CompoundAssignOperator>(IncE)) {
      if (iteratorRef(CAO->getLHS()) == Iter &&
          (CAO->getOpcode() == BO_AddAssign || CAO->getOpcode() == BO_SubAssign))
        if (auto C = constantInt(CAO->getRHS()))
          Step = CAO->getOpcode() == BO_AddAssign ? *C : -*C;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(IncE)) {
      // i = i + c, i = i - c, i = c + i
      if (BO->getOpcode() == BO_Assign && iteratorRef(BO->getLHS()) == Iter)
        if (const auto *Rhs = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())) {
          if ((Rhs->getOpcode() == BO_Add || Rhs->getOpcode() == BO_Sub) &&
              iteratorRef(Rhs->getLHS()) == Iter)
            if (auto C = constantInt(Rhs->getRHS()))
              Step = Rhs->getOpcode() == BO_Add ? *C : -*C;
          if (Rhs->getOpcode() == BO_Add && iteratorRef(Rhs->getRHS()) == Iter)
            if (auto C = constantInt(Rhs->getLHS()))
              Step = *C;
        }
    }
    if (Step == 0) {
      error(Inc->getBeginLoc(), "loop increment '" + sourceText(Inc->getSourceRange()) +
                                    "' is not supported; expected '" + IterName + "++', '" +
                                    IterName + "--', '" + IterName + " += c' or '" + IterName +
                                    " -= c' with a non-zero integer constant c");
      return std::nullopt;
    }

    return Step;
  }

  /// The bound of FS's condition (conjuncts of `iter OP bound` or `bound OP
  /// iter`), inclusive in the direction of Step; nullopt after an error.
  std::optional<AffExpr> loopBound(const ForStmt &FS, const VarDecl *Iter, const std::string &IterName, int64_t Step) {
    const clang::Expr *Cond = FS.getCond();
    if (!Cond) {
      error(FS.getForLoc(), "loop has no condition; expected '" + IterName + " < bound' or similar");
      return std::nullopt;
    }
    std::vector<const clang::Expr *> Parts;
    conjuncts(Cond, Parts);
    std::optional<AffExpr> Bound; // inclusive, in the direction of the step
    for (const clang::Expr *P : Parts) {
      const auto *BO = dyn_cast<BinaryOperator>(P);
      BinaryOperatorKind Op = BO ? BO->getOpcode() : BO_Comma;
      const clang::Expr *Other = nullptr;
      if (BO && BO->isRelationalOp()) {
        if (iteratorRef(BO->getLHS()) == Iter) {
          Other = BO->getRHS();
        } else if (iteratorRef(BO->getRHS()) == Iter) {
          Other = BO->getLHS();
          Op = Op == BO_LT ? BO_GT : Op == BO_LE ? BO_GE : Op == BO_GT ? BO_LT : BO_LE;
        }
      }
      if (!Other) {
        error(P->getBeginLoc(), "loop condition '" + sourceText(P->getSourceRange()) +
                                    "' must compare the iterator '" + IterName +
                                    "' with <, <=, > or >=");
        return std::nullopt;
      }
      bool Upward = Op == BO_LT || Op == BO_LE;
      if (Upward != (Step > 0)) {
        ProbeHard = Probing;
        error(P->getBeginLoc(), "loop condition '" + sourceText(P->getSourceRange()) +
                                    "' does not agree with the direction of the step " +
                                    std::to_string(Step));
        return std::nullopt;
      }
      std::optional<AffExpr> B = bindingInvariants([&] { return toAffine(Other); });
      if (!B) {
        if (const VarDecl *V = writtenVariableIn(Other))
          error(Other->getBeginLoc(), "loop bound '" + sourceText(Other->getSourceRange()) + "' changes while the "
                                          "nest runs: '" + V->getNameAsString() + "' is assigned inside it");
        else
          error(Other->getBeginLoc(), "loop bound '" + sourceText(Other->getSourceRange()) +
                                          "' is not affine in the outer loop iterators and "
                                          "parameters" + (mentionsIterator(Other) ? std::string()
                                          : " (sums, products and shifts of variables the nest does not change are; "
                                            "compute it in a variable before the nest: 'const int bound = " +
                                            sourceText(Other->getSourceRange()) + ";')"));
        return std::nullopt;
      }
      if (Op == BO_LT)
        B = AffExpr::sub(*B, AffExpr::constant(1));
      else if (Op == BO_GT)
        B = AffExpr::add(*B, AffExpr::constant(1));
      if (!Bound)
        Bound = B;
      else
        Bound = Upward ? AffExpr::min(*Bound, *B) : AffExpr::max(*Bound, *B);
    }

    return Bound;
  }

  /// The value that ends the C loop must fit the iterator's type: past it,
  /// C wraps (narrow and unsigned types) or overflows, and the loop never
  /// ends the way its bounds say. Refused (false, after an error) where the
  /// constants prove it.
  bool exitFits(const ForStmt &FS, const VarDecl *Iter, const std::string &IterName, const AffExpr &Start,
                const AffExpr &Bound, int64_t Step) {
    SourceLocation ForLoc = FS.getForLoc();
    if (Bound.isConstant() && Iter->getType()->isIntegerType()) {
      QualType IT = Iter->getType();
      unsigned W = Ctx.getIntWidth(IT);
      bool Signed = IT->isSignedIntegerType();
      __int128 Max = Signed ? ((__int128)1 << (W - 1)) - 1 : ((__int128)1 << W) - 1;
      __int128 Min = Signed ? -((__int128)1 << (W - 1)) : 0;
      __int128 B = Bound.constantValue(), Exit = (Step > 0) ? B + 1 : B - 1;
      if (Start.isConstant()) { // exactly: the first value past the bound
        __int128 S = Start.constantValue(), St = Step;
        if ((Step > 0) ? S <= B : S >= B)
          Exit = S + ((B - S) / St + 1) * St;
        else
          Exit = S;
      }
      if (Exit > Max || Exit < Min) {
        error(ForLoc, "iterator '" + IterName + "' of type '" + IT.getAsString() +
                          "' cannot reach the value that ends this loop (" +
                          std::to_string((long long)Exit) + "): C would wrap it around; use a wider "
                          "iterator type");
        return false;
      }
    }

    return true;
  }

  /// A `for`'s iterator and start: `int i = e` or `i = e`; nulls otherwise.
  std::pair<const VarDecl *, const clang::Expr *> forStart(const ForStmt &FS) const {
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS.getInit())) {
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
          return {VD, VD->getInit()};
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS.getInit())) {
      if (BO->getOpcode() == BO_Assign)
        return {iteratorRef(BO->getLHS()), BO->getRHS()};
    }
    return {nullptr, nullptr};
  }

  void buildLoop(const ForStmt &FS, std::vector<NodePtr> &Out) {
    SourceLocation ForLoc = FS.getForLoc();
    // Iterator and initial value.
    const VarDecl *Iter = forStart(FS).first;
    const clang::Expr *Init = forStart(FS).second;
    const bool DeclaredOutside = !isa_and_nonnull<DeclStmt>(FS.getInit());
    if (!Iter || !Init) {
      error(FS.getInit() ? FS.getInit()->getBeginLoc() : ForLoc,
            "loop initialization must declare or assign a single integer iterator "
            "(e.g. 'int i = 0' or 'i = 0')");
      return;
    }
    if (!Iter->getType()->isIntegerType() || !scalarTypeOf(Iter->getType())) {
      error(Iter->getLocation(), "loop iterator '" + Iter->getNameAsString() +
                                     "' must have an integer type");
      return;
    }
    if (Iter->getType().isVolatileQualified()) {
      unsupported(Iter->getLocation(), "volatile loop iterator '" + Iter->getNameAsString() + "'");
      return;
    }
    if (activeIterator(Iter)) {
      error(Iter->getLocation(), "'" + Iter->getNameAsString() +
                                     "' is already the iterator of an enclosing loop");
      return;
    }
    std::string IterName = Iter->getNameAsString();
    std::optional<AffExpr> Start = bindingInvariants([&] { return toAffine(Init); });
    if (!Start) {
      error(Init->getBeginLoc(), "loop initial value '" + sourceText(Init->getSourceRange()) +
                                     "' is not affine in the outer loop iterators and parameters");
      return;
    }

    std::optional<int64_t> Step = loopStep(FS, Iter, IterName);
    if (!Step)
      return;
    std::optional<AffExpr> Bound = loopBound(FS, Iter, IterName, *Step);
    if (!Bound)
      return;
    if (Probing) // the iterator's range is checked on the real walk
      return;
    if (!exitFits(FS, Iter, IterName, *Start, *Bound, *Step))
      return;
    Loop L;
    L.Id = N.Loops.size();
    // Sibling loops may share an iterator name; a name taken by another
    // symbol or an enclosing loop gets a suffix.
    L.Iterator = IterName;
    for (unsigned I = 2; UsedNames.count(L.Iterator) || activeIteratorNamed(L.Iterator); ++I)
      L.Iterator = IterName + "_" + std::to_string(I);
    L.IteratorType = *scalarTypeOf(Iter->getType());
    L.Step = *Step;
    L.Lower = *Step > 0 ? *Start : *Bound;
    L.Upper = *Step > 0 ? *Bound : *Start;
    L.Depth = LoopStack.size();
    L.Parent = LoopStack.empty() ? -1 : static_cast<int>(LoopStack.back());
    L.IteratorDeclaredOutside = DeclaredOutside && mayBeReadAfterNest(Iter);
    L.Loc = Diag.loc(ForLoc);
    if (auto It = LoopClauses.find(&FS); It != LoopClauses.end())
      L.Clauses = It->second;
    N.Loops.push_back(L);

    auto Nd = std::make_unique<Node>(Node::Kind::Loop);
    Nd->Id = L.Id;
    Nd->Loc = L.Loc;
    LoopStack.push_back(L.Id);
    Active.push_back({Iter, L.Id});
    buildBody(loopTail(FS.getBody()), Nd->Body);
    Active.pop_back();
    LoopStack.pop_back();
    Out.push_back(std::move(Nd));
  }

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//
  void buildBody(const Stmt *S, std::vector<NodePtr> &Out) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      std::vector<Stmt *> Children(CS->body_begin(), CS->body_end());
      bool Tail = LoopTails.count(CS);
      for (size_t I = 0; I < Children.size(); ++I) {
        if (Tail && isa<ContinueStmt>(Children[I]))
          return; // the rest of the loop's body does not run
        if (Tail && isa<IfStmt>(Children[I]))
          if (const IfStmt *Split = continueAsElse(*cast<IfStmt>(Children[I]), Children, I + 1))
            return buildIf(*Split, Out); // it holds the statements after it

        if (const VarDecl *T = hoistableTable(Children[I])) {
          HoistedTables[T] = sourceText(Children[I]->getSourceRange());
          continue; // no statement: its uses read the one copy (arrayFor)
        }
        if (!declaredArrays(Children[I]).empty()) {
          // An array declared in a loop's body is each iteration's own: the
          // declaration and the statements after it up to its last use run
          // as written in one thread (a region), where it is the thread's.
          size_t Last = localArrayScope(Children, I);
          std::vector<Stmt *> Part(Children.begin() + I, Children.begin() + Last + 1);
          CompoundStmt *Scope = CompoundStmt::Create(Ctx, Part, FPOptionsOverride(), Part.front()->getBeginLoc(),
                                                     Part.back()->getEndLoc());
          buildRegion(*Scope, Out);
          I = Last;
          continue;
        }
        buildBody(Children[I], Out);
      }
      return;
    }
    switch (S->getStmtClass()) {
    case Stmt::ForStmtClass:
      // An inner loop left by `break` (a search) runs as written, like a
      // loop whose header is not affine; the loops around it stay the nest's.
      if (!affineHeader(*cast<ForStmt>(S)) || (!LoopStack.empty() && outerBreak(cast<ForStmt>(S)->getBody())))
        return buildRegion(*S, Out);
      return buildLoop(*cast<ForStmt>(S), Out);
    case Stmt::IfStmtClass:
      return buildIf(*cast<IfStmt>(S), Out);
    case Stmt::DeclStmtClass:
      return buildDecl(*cast<DeclStmt>(S), Out);
    case Stmt::NullStmtClass:
      return;
    case Stmt::WhileStmtClass:
    case Stmt::DoStmtClass:
      return buildRegion(*S, Out);
    case Stmt::BreakStmtClass: return unsupported(S->getBeginLoc(), "'break'");
    case Stmt::ContinueStmtClass:
      return unsupported(S->getBeginLoc(), "'continue' here",
                         " (one that ends a branch of an 'if' of the loop's body is: `if (c) continue;`, `if (c) "
                         "{ ...; continue; }`)");
    case Stmt::GotoStmtClass:
    case Stmt::IndirectGotoStmtClass: return unsupported(S->getBeginLoc(), "'goto'");
    case Stmt::ReturnStmtClass: return unsupported(S->getBeginLoc(), "'return'");
    case Stmt::SwitchStmtClass:
      if (const IfStmt *Chain = switchAsIf(*cast<SwitchStmt>(S)))
        return buildIf(*Chain, Out);
      return;
    case Stmt::LabelStmtClass: return unsupported(S->getBeginLoc(), "a label");
    case Stmt::GCCAsmStmtClass:
    case Stmt::MSAsmStmtClass: return unsupported(S->getBeginLoc(), "inline assembly");
    default:
      break;
    }
    if (const auto *E = dyn_cast<clang::Expr>(S))
      return buildExprStmt(*E, Out);
    unsupported(S->getBeginLoc(), std::string("statement '") + S->getStmtClassName() + "'");
  }

  //===--------------------------------------------------------------------===//
  // Sequential regions: loops inside a nest that the IR does not model (a
  // `while`, a `do`, a `for` whose header is not affine: CSR's row loop
  // `for (k = rowptr[i]; k < rowptr[i + 1]; k++)`) become one statement whose
  // body is the loop as written. Each instance runs in one thread; its
  // accesses are the statement's, all "may" but the for-init's, the ones
  // through its own variables non-affine. Variables declared in it are
  // scalars declared inside the nest (one per iteration of the enclosing
  // loops), and so are the iterators of its `for` loops.
  //===--------------------------------------------------------------------===//

  /// Whether FS's header is one the IR models (an integer iterator from an
  /// affine start by a constant step to an affine bound, not assigned in the
  /// body); no diagnostics, but for the few that stay errors (a condition
  /// against the step's direction), which the walk of the loop then reports.
  bool affineHeader(const ForStmt &FS) {
    if (LoopStack.empty()) // a nest's outer loop: its errors say why
      return true;
    const VarDecl *Iter = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS.getInit())) {
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()); VD && VD->getInit())
          Iter = VD;
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS.getInit())) {
      if (BO->getOpcode() == BO_Assign)
        Iter = iteratorRef(BO->getLHS());
    }
    if (!Iter || !Iter->getType()->isIntegerType() || !scalarTypeOf(Iter->getType()) ||
        Iter->getType().isVolatileQualified() || activeIterator(Iter))
      return Iter != nullptr && Iter->getType()->isIntegerType(); // the walk says what is wrong
    const clang::Expr *Init = isa<DeclStmt>(FS.getInit()) ? Iter->getInit()
                                                          : cast<BinaryOperator>(FS.getInit())->getRHS();
    if (!bindingInvariants([&] { return toAffine(Init); }))
      return false;
    WriteCollector WC;
    WC.TraverseStmt(const_cast<Stmt *>(FS.getBody()));
    if (WC.Written.count(Iter))
      return false;
    Probing = true;
    ProbeFailed = ProbeHard = false;
    std::string IterName = Iter->getNameAsString();
    std::optional<int64_t> Step = loopStep(FS, Iter, IterName);
    if (Step)
      loopBound(FS, Iter, IterName, *Step);
    Probing = false;
    return !ProbeFailed || ProbeHard;
  }

  /// The table S declares if it can be hoisted out of the nest (ArrayInfo::
  /// HoistedDecl): one local array of constant extents and arithmetic const
  /// elements, initialized by a constant list in braces, written outside
  /// macros, whose name no other variable of the function, of the file or
  /// of the nest has; else nullptr (a local array, LocalArray).
  const VarDecl *hoistableTable(const Stmt *S) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS || !DS->isSingleDecl() || LoopStack.empty() || InRegion)
      return nullptr;
    const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!VD || !VD->getType()->isConstantArrayType() || VD->hasExternalStorage() || !VD->getInit() ||
        DS->getBeginLoc().isMacroID() || DS->getEndLoc().isMacroID())
      return nullptr;
    QualType T = VD->getType();
    while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
      if (!isa<ConstantArrayType>(AT))
        return nullptr;
      T = AT->getElementType();
    }
    if (!T.isConstQualified() || T.isVolatileQualified() || !scalarTypeOf(T.getUnqualifiedType()) ||
        !isa<InitListExpr>(VD->getInit()->IgnoreImplicit()) || !VD->getInit()->isConstantInitializer(Ctx, false))
      return nullptr;
    const std::string Name = VD->getNameAsString();
    if (UsedNames.count(Name))
      return nullptr;
    // Another variable of the function with this name: the host code's
    // repeated declaration could hide it from the launch.
    struct Others : RecursiveASTVisitor<Others> {
      const VarDecl *Self;
      std::string Name;
      bool Found = false;
      bool VisitVarDecl(VarDecl *D) {
        Found |= D != Self && D->getName() == Name;
        return true;
      }
    } O;
    O.Self = VD;
    O.Name = Name;
    if (const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext())) {
      for (const ParmVarDecl *P : FD->parameters())
        O.Found |= P->getName() == Name;
      O.TraverseStmt(FD->getBody());
    }
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) // and at file scope
      if (const auto *G = dyn_cast<VarDecl>(D))
        O.Found |= G->getName() == Name;
    return O.Found ? nullptr : VD;
  }

  /// The arrays a declaration statement declares (none for other statements).
  static std::vector<const VarDecl *> declaredArrays(const Stmt *S) {
    std::vector<const VarDecl *> R;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getType()->isArrayType())
          R.push_back(VD);
    return R;
  }

  /// The index of the last statement of Children from I on that names an
  /// array declared from Children[I] on (which declares one): the scope the
  /// region around the declaration needs.
  static size_t localArrayScope(const std::vector<Stmt *> &Children, size_t I) {
    std::set<const VarDecl *> Arrays;
    size_t Last = I;
    for (size_t J = I; J < Children.size(); ++J) {
      std::vector<const VarDecl *> Declared = declaredArrays(Children[J]);
      if (!Declared.empty() && J > Last) { // a later declaration joins only if used later: see below
        bool UsedAfter = false;
        for (size_t K = J + 1; K < Children.size() && !UsedAfter; ++K)
          UsedAfter = names(Children[K], Declared);
        if (!UsedAfter)
          continue;
      }
      Arrays.insert(Declared.begin(), Declared.end());
      if (!Declared.empty() || names(Children[J], {Arrays.begin(), Arrays.end()}))
        Last = J;
    }
    return Last;
  }

  /// Whether S refers to one of Vars.
  static bool names(const Stmt *S, const std::vector<const VarDecl *> &Vars) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      return llvm::is_contained(Vars, DRE->getDecl());
    for (const Stmt *C : S->children())
      if (C && names(C, Vars))
        return true;
    return false;
  }

  /// `float w[5] = {1, 4, 6, 4, 1};` in a region: the thread's own array
  /// (LocalArray), its elements LocalRefs, with no accesses of the nest. Its
  /// extents are constants, its elements of arithmetic type; a `static` one
  /// must be const (its values are then the same in every instance).
  ExprPtr localArrayDecl(const VarDecl *VD) {
    const std::string Name = VD->getNameAsString();
    QualType T = VD->getType();
    std::string Dims;
    unsigned Rank = 0;
    while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
      const auto *CAT = dyn_cast<ConstantArrayType>(AT);
      if (!CAT) {
        unsupported(VD->getLocation(), "declaring the variable-length array '" + Name + "'");
        return nullptr;
      }
      Dims += "[" + std::to_string(CAT->getSize().getZExtValue()) + "]";
      ++Rank;
      T = AT->getElementType();
    }
    std::optional<ScalarType> ST = scalarTypeOf(T.getUnqualifiedType());
    if (!ST) {
      unsupported(VD->getLocation(), "declaring array '" + Name + "' of type '" + VD->getType().getAsString() + "'");
      return nullptr;
    }
    if (T.isVolatileQualified() || VD->hasExternalStorage() || (VD->isStaticLocal() && !T.isConstQualified())) {
      unsupported(VD->getLocation(), "declaring the " + std::string(T.isVolatileQualified() ? "volatile" : VD->hasExternalStorage() ? "extern" : "static") +
                                         " array '" + Name + "'");
      return nullptr;
    }
    auto X = std::make_unique<Expr>(Expr::Kind::LocalArray);
    X->Loc = Diag.loc(VD->getLocation());
    X->Name = uniqueName(Name);
    X->Type = *ST;
    X->Text = Dims;
    X->Op = T.isConstQualified() ? "const" : "";
    if (const clang::Expr *Init = VD->getInit()) {
      const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
      if (!IL) {
        unsupported(Init->getBeginLoc(), "initializing the array '" + Name + "' other than by a list in braces");
        return nullptr;
      }
      ExprPtr List = initList(*IL);
      if (!List)
        return nullptr;
      X->Ops.push_back(std::move(List));
    }
    LocalArrays[VD] = {X->Name, *ST, Rank};
    return X;
  }

  /// An initializer list's elements (Clang's semantic form: the elements
  /// left out are implicit zeros, printed as 0).
  ExprPtr initList(const InitListExpr &IL) {
    auto L = std::make_unique<Expr>(Expr::Kind::InitList);
    L->Loc = Diag.loc(IL.getBeginLoc());
    for (const clang::Expr *E : IL.inits()) {
      ExprPtr X;
      if (const auto *Sub = dyn_cast<InitListExpr>(E->IgnoreImplicit())) {
        X = initList(*Sub);
      } else if (isa<ImplicitValueInitExpr>(E)) {
        X = std::make_unique<Expr>(Expr::Kind::IntLiteral);
        X->Text = "0";
      } else {
        X = buildExpr(E, Ctx_Read, nullptr);
      }
      if (!X)
        return nullptr;
      L->Ops.push_back(std::move(X));
    }
    return L;
  }

  void buildRegion(const Stmt &S, std::vector<NodePtr> &Out) {
    // Clauses name loops the IR models; a loop of a region has none.
    struct Fors : RecursiveASTVisitor<Fors> {
      std::vector<const ForStmt *> Found;
      bool VisitForStmt(ForStmt *F) {
        Found.push_back(F);
        return true;
      }
    } F;
    F.TraverseStmt(const_cast<Stmt *>(&S));
    for (const ForStmt *FS : F.Found) {
      if (LoopClauses.count(FS)) {
        error(FS->getForLoc(), "a '#pragma loopgpu' clause on a loop that runs as written in one thread "
                               "(its header is not affine in the enclosing iterators and parameters, a "
                               "'break' leaves it, or it is inside a 'while' or 'do' loop or such a loop)");
        return;
      }
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()))
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D))
            RegionIters.insert(VD);
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit()))
        if (BO->getOpcode() == BO_Assign)
          if (const VarDecl *VD = iteratorRef(BO->getLHS()))
            RegionIters.insert(VD);
    }
    StmtAccesses.clear();
    StmtDelin.clear();
    MustAccesses = 0;
    RegionLoops = 0;
    InRegion = true;
    ExprPtr Body = regionStmt(&S, /*Top=*/true);
    InRegion = false;
    if (!Body)
      return;
    // Only the top loop's initialization surely runs.
    for (unsigned A = MustAccesses; A < StmtAccesses.size(); ++A)
      StmtAccesses[A].IsMust = false;
    SourceRange Head = S.getSourceRange();
    if (const auto *FS = dyn_cast<ForStmt>(&S))
      Head.setEnd(FS->getRParenLoc());
    else if (const auto *WS = dyn_cast<WhileStmt>(&S))
      Head.setEnd(WS->getRParenLoc());
    else if (const auto *DS = dyn_cast<DoStmt>(&S))
      Head = SourceRange(DS->getDoLoc(), DS->getDoLoc());
    if (const auto *CS = dyn_cast<CompoundStmt>(&S); CS && !CS->body_empty()) // a local array's scope
      Head = CS->body_front()->getSourceRange();
    std::string Text = sourceText(Head);
    if (isa<CompoundStmt>(&S) && !Text.empty() && Text.back() == ';')
      Text.pop_back();
    if (isa<DoStmt>(&S))
      Text = "do ... " + sourceText(SourceRange(cast<DoStmt>(&S)->getWhileLoc(), cast<DoStmt>(&S)->getRParenLoc()));
    addStatement(std::move(Body), false, S.getSourceRange(), S.getBeginLoc(), Out);
    N.Statements.back().Text = Text;
  }

  ExprPtr control(Expr::Kind K, const Stmt *S) {
    auto X = std::make_unique<Expr>(K);
    X->Loc = Diag.loc(S ? S->getBeginLoc() : SourceLocation());
    return X;
  }

  /// A condition of a region's loop or if, or an initializer. Assignments
  /// and increments inside it (`while (i-- > 0)`, `A[k++]`) are allowed: a
  /// region's accesses may come in any order (Dependences.cpp).
  ExprPtr regionCondition(const clang::Expr *C) { return buildExpr(C, Ctx_Read, nullptr); }

  /// An expression statement of a region.
  ExprPtr regionExprStmt(const clang::Expr *E) {
    const clang::Expr *Top = E->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(Top); BO && BO->isAssignmentOp())
      return buildAssign(*BO);
    if (const auto *UO = dyn_cast<UnaryOperator>(Top); UO && UO->isIncrementDecrementOp())
      return buildIncDec(*UO);
    return buildExpr(Top, Ctx_Read, nullptr);
  }

  /// A declaration in a region: `T x = e;` is the assignment `x = e` to a
  /// scalar declared inside the nest (Empty without an initializer).
  ExprPtr regionDecl(const VarDecl *VD) {
    if (VD->getType()->isArrayType())
      return localArrayDecl(VD);
    if (!declarable(VD))
      return nullptr;
    unsigned SId = scalarFor(VD);
    if (!VD->getInit())
      return control(Expr::Kind::Empty, nullptr);
    ExprPtr Value = initializer(VD);
    return Value ? initAssign(VD, SId, std::move(Value)) : nullptr;
  }

  /// E's affine form in the nest's variables and the region's (RegionLocals).
  template <typename F> auto regionAffine(F Build) {
    LocalAffine = true;
    auto R = Build();
    LocalAffine = false;
    return R;
  }

  /// Where the bounded forms' variables and facts stood (popRegion goes
  /// back there).
  struct RegionMark {
    size_t Locals, Facts;
  };
  RegionMark regionMark() const { return {RegionLocals.size(), RegionFacts.size()}; }
  void popRegion(RegionMark M) {
    RegionLocals.resize(M.Locals);
    RegionFacts.resize(M.Facts);
  }

  /// Appends to RegionFacts what holds where C is true (Holds) or false: C's
  /// affine conjuncts, or its negation if all of C is affine.
  void pushFacts(const clang::Expr *C, bool Holds) {
    if (!Holds) {
      if (std::optional<AffCond> AC = regionAffine([&] { return toAffCond(C); }))
        RegionFacts.push_back(AffCond::negate(*AC));
      return;
    }
    const auto *BO = dyn_cast<BinaryOperator>(C->IgnoreParenImpCasts());
    if (BO && BO->getOpcode() == BO_LAnd) {
      pushFacts(BO->getLHS(), true);
      pushFacts(BO->getRHS(), true);
    } else if (std::optional<AffCond> AC = regionAffine([&] { return toAffCond(C); })) {
      RegionFacts.push_back(*AC);
    }
  }

  /// A region's `for` whose iterator neither its condition nor its body
  /// changes (`for (k = lo; k < hi && i + k < n; k++)`): in its body the
  /// iterator is a variable of the bounded forms (RegionLocals), past its
  /// start (k >= lo counting up by constant steps, k <= lo down) and where
  /// the condition's affine conjuncts hold. Others push nothing.
  void pushRegionLoop(const ForStmt &FS) {
    const VarDecl *K = forStart(FS).first;
    const clang::Expr *Start = forStart(FS).second;
    if (!K || !Start || !K->getType()->isIntegerType() || K->getType().isVolatileQualified() ||
        AddressTaken.count(K) || !FS.getCond() ||
        llvm::any_of(RegionLocals, [&](const RegionLocal &L) { return L.Var == K; }))
      return;
    WriteCollector WC;
    WC.TraverseStmt(const_cast<Stmt *>(FS.getBody()));
    WC.TraverseStmt(const_cast<clang::Expr *>(FS.getCond()));
    if (WC.Written.count(K) || WC.AddressTaken.count(K))
      return;
    // The start, before K is a variable of the forms (`k = k + 1` is not).
    std::optional<AffExpr> Lo = regionAffine([&] { return toAffine(Start); });
    int Direction = 0;
    if (const clang::Expr *Inc = FS.getInc()) {
      Inc = Inc->IgnoreParens();
      auto Sign = [&](const clang::Expr *E) {
        int64_t C = constantInt(E).value_or(0);
        return (C > 0) - (C < 0);
      };
      if (const auto *UO = dyn_cast<UnaryOperator>(Inc); UO && iteratorRef(UO->getSubExpr()) == K)
        Direction = UO->isIncrementOp() ? 1 : UO->isDecrementOp() ? -1 : 0;
      else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc); CA && iteratorRef(CA->getLHS()) == K)
        Direction = CA->getOpcode() == BO_AddAssign ? Sign(CA->getRHS())
                    : CA->getOpcode() == BO_SubAssign ? -Sign(CA->getRHS())
                                                      : 0;
    }
    RegionLocals.push_back({K, ""});
    AffExpr Var = AffExpr::var(AffVar::local(RegionLocals.size() - 1));
    if (Lo && Direction != 0)
      RegionFacts.push_back(AffCond::compare(Var, Direction > 0 ? AffCond::CmpOp::GE : AffCond::CmpOp::LE, *Lo));
    pushFacts(FS.getCond(), true);
  }

  /// A non-affine array access: its bounded form (Access::BoundedForm) where
  /// each subscript, written as one expression or a dereference's sum of
  /// terms, is affine in the forms' variables (the region's iterators,
  /// values of known range); Subs empty: the variables and facts alone.
  std::optional<Access::BoundedForm> boundedForm(const std::vector<const clang::Expr *> &Subs,
                                                 const std::vector<std::pair<const clang::Expr *, bool>> &Terms) {
    RegionMark M = regionMark();
    Access::BoundedForm F;
    for (const clang::Expr *S : Subs) {
      std::optional<AffExpr> E = AffExpr::constant(0);
      if (S)
        E = regionAffine([&] { return toAffine(S); });
      else
        for (const auto &Term : Terms) {
          std::optional<AffExpr> TE = regionAffine([&] { return toAffine(Term.first); });
          E = E && TE ? std::optional<AffExpr>(Term.second ? AffExpr::sub(*E, *TE) : AffExpr::add(*E, *TE))
                      : std::nullopt;
        }
      if (!E) {
        popRegion(M);
        return std::nullopt;
      }
      F.Subscripts.push_back(*E);
    }
    // A variable nothing is known of (`k` from `k = rowptr[i]` to `k <
    // rowptr[i + 1]`) says no more than `*`.
    std::set<unsigned> Known;
    for (const AffCond &C : RegionFacts)
      C.forEachVar([&](AffVar V) {
        if (V.isLocal())
          Known.insert(V.Index);
      });
    bool Unknown = false;
    for (const AffExpr &E : F.Subscripts)
      E.forEachVar([&](AffVar V) { Unknown |= V.isLocal() && !Known.count(V.Index); });
    if (Unknown) {
      popRegion(M);
      return std::nullopt;
    }
    for (const RegionLocal &L : RegionLocals) { // iterators as the region's scalars are named (k_2)
      auto It = L.Var ? ScalarIds.find(L.Var) : ScalarIds.end();
      F.Locals.push_back(It != ScalarIds.end() ? N.Scalars[It->second].Name
                                               : L.Var ? L.Var->getNameAsString() : L.Name);
    }
    F.Conditions = RegionFacts;
    popRegion(M);
    return F;
  }

  /// Whether S, a branch of a region's `if`, always ends by leaving the
  /// rest of its block: `break`, `continue`, or a block ending in one.
  static bool leavesBlock(const Stmt *S) {
    while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
      S = CS->body_empty() ? nullptr : CS->body_back();
    return S && (isa<BreakStmt>(S) || isa<ContinueStmt>(S));
  }

  /// The body of a region's loop, if or block as an Expr statement.
  ExprPtr regionStmt(const Stmt *S, bool Top = false) {
    if (Failed)
      return nullptr;
    if (!S)
      return control(Expr::Kind::Empty, nullptr);
    auto Loop = [&](auto Build) -> ExprPtr {
      ++RegionLoops;
      ExprPtr X = Build();
      --RegionLoops;
      return X;
    };
    switch (S->getStmtClass()) {
    case Stmt::CompoundStmtClass: {
      auto B = control(Expr::Kind::Block, S);
      RegionMark M = regionMark();
      for (const Stmt *Child : cast<CompoundStmt>(S)->body()) {
        ExprPtr X = regionStmt(Child);
        if (!X) {
          popRegion(M);
          return nullptr;
        }
        // Past `if (c) break;` (or continue) the block runs where c is false.
        if (const auto *IS = dyn_cast<IfStmt>(Child); IS && !IS->getElse() && leavesBlock(IS->getThen()))
          pushFacts(IS->getCond(), false);
        if (X->K == Expr::Kind::Block && !isa<CompoundStmt>(Child)) // a declaration of several
          for (ExprPtr &Y : X->Ops)
            B->Ops.push_back(std::move(Y));
        else
          B->Ops.push_back(std::move(X));
      }
      popRegion(M);
      return B;
    }
    case Stmt::DeclStmtClass: {
      auto B = control(Expr::Kind::Block, S);
      for (const Decl *D : cast<DeclStmt>(S)->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD) {
          unsupported(D->getLocation(), "this declaration");
          return nullptr;
        }
        ExprPtr X = regionDecl(VD);
        if (!X)
          return nullptr;
        if (X->K != Expr::Kind::Empty)
          B->Ops.push_back(std::move(X));
      }
      if (B->Ops.size() == 1)
        return std::move(B->Ops[0]);
      return B;
    }
    case Stmt::ForStmtClass: {
      const auto *FS = cast<ForStmt>(S);
      if (FS->getConditionVariable()) {
        unsupported(FS->getBeginLoc(), "a declaration in a 'for' condition");
        return nullptr;
      }
      auto X = control(Expr::Kind::For, S);
      ExprPtr Init;
      if (!FS->getInit())
        Init = control(Expr::Kind::Empty, nullptr);
      else if (const auto *DS = dyn_cast<DeclStmt>(FS->getInit())) {
        if (!DS->isSingleDecl() || !isa<VarDecl>(DS->getSingleDecl())) {
          unsupported(DS->getBeginLoc(), "declaring several variables in a 'for' initialization");
          return nullptr;
        }
        Init = regionDecl(cast<VarDecl>(DS->getSingleDecl()));
      } else if (const auto *E = dyn_cast<clang::Expr>(FS->getInit())) {
        Init = regionExprStmt(E);
      }
      if (!Init)
        return nullptr;
      if (Top)
        MustAccesses = StmtAccesses.size();
      ExprPtr Cond = FS->getCond() ? regionCondition(FS->getCond()) : control(Expr::Kind::Empty, nullptr);
      ExprPtr Inc = FS->getInc() ? regionExprStmt(FS->getInc()) : control(Expr::Kind::Empty, nullptr);
      if (!Cond || !Inc)
        return nullptr;
      RegionMark M = regionMark();
      pushRegionLoop(*FS);
      ExprPtr Body = Loop([&] { return regionStmt(FS->getBody()); });
      popRegion(M);
      if (!Body)
        return nullptr;
      X->Ops.push_back(std::move(Init));
      X->Ops.push_back(std::move(Cond));
      X->Ops.push_back(std::move(Inc));
      X->Ops.push_back(std::move(Body));
      return X;
    }
    case Stmt::WhileStmtClass: {
      const auto *WS = cast<WhileStmt>(S);
      if (WS->getConditionVariable()) {
        unsupported(WS->getBeginLoc(), "a declaration in a 'while' condition");
        return nullptr;
      }
      auto X = control(Expr::Kind::While, S);
      ExprPtr Cond = regionCondition(WS->getCond());
      if (!Cond)
        return nullptr;
      ExprPtr Body = Loop([&] { return regionStmt(WS->getBody()); });
      if (!Body)
        return nullptr;
      X->Ops.push_back(std::move(Cond));
      X->Ops.push_back(std::move(Body));
      return X;
    }
    case Stmt::DoStmtClass: {
      const auto *DS = cast<DoStmt>(S);
      auto X = control(Expr::Kind::DoWhile, S);
      ExprPtr Body = Loop([&] { return regionStmt(DS->getBody()); });
      if (!Body)
        return nullptr;
      ExprPtr Cond = regionCondition(DS->getCond());
      if (!Cond)
        return nullptr;
      X->Ops.push_back(std::move(Body));
      X->Ops.push_back(std::move(Cond));
      return X;
    }
    case Stmt::IfStmtClass: {
      const auto *IS = cast<IfStmt>(S);
      if (IS->getInit() || IS->getConditionVariable()) {
        unsupported(IS->getBeginLoc(), "an 'if' with a declaration in its condition");
        return nullptr;
      }
      auto X = control(Expr::Kind::IfElse, S);
      ExprPtr Cond = regionCondition(IS->getCond());
      if (!Cond)
        return nullptr;
      RegionMark M = regionMark();
      pushFacts(IS->getCond(), true);
      ExprPtr Then = regionStmt(IS->getThen());
      popRegion(M);
      if (!Then)
        return nullptr;
      if (IS->getElse())
        pushFacts(IS->getCond(), false);
      ExprPtr Else = regionStmt(IS->getElse());
      popRegion(M);
      if (!Else)
        return nullptr;
      X->Ops.push_back(std::move(Cond));
      X->Ops.push_back(std::move(Then));
      X->Ops.push_back(std::move(Else));
      return X;
    }
    case Stmt::BreakStmtClass:
    case Stmt::ContinueStmtClass:
      if (RegionLoops == 0) { // a loop of the IR's, not the region's
        unsupported(S->getBeginLoc(), isa<BreakStmt>(S) ? "'break'" : "'continue'");
        return nullptr;
      }
      return control(isa<BreakStmt>(S) ? Expr::Kind::Break : Expr::Kind::Continue, S);
    case Stmt::NullStmtClass:
      return control(Expr::Kind::Empty, S);
    case Stmt::GotoStmtClass:
    case Stmt::IndirectGotoStmtClass: unsupported(S->getBeginLoc(), "'goto'"); return nullptr;
    case Stmt::ReturnStmtClass: unsupported(S->getBeginLoc(), "'return'"); return nullptr;
    case Stmt::SwitchStmtClass: {
      const IfStmt *Chain = switchAsIf(*cast<SwitchStmt>(S));
      return Chain ? regionStmt(Chain) : nullptr;
    }
    case Stmt::LabelStmtClass: unsupported(S->getBeginLoc(), "a label"); return nullptr;
    case Stmt::GCCAsmStmtClass:
    case Stmt::MSAsmStmtClass: unsupported(S->getBeginLoc(), "inline assembly"); return nullptr;
    default:
      break;
    }
    if (const auto *E = dyn_cast<clang::Expr>(S))
      return regionExprStmt(E);
    unsupported(S->getBeginLoc(), std::string("statement '") + S->getStmtClassName() + "'");
    return nullptr;
  }

  /// `switch (c) { case 1: case 2: A; break; case 3: B; break; default: D; }`
  /// as the chain `if (c == 1 || c == 2) A else if (c == 3) B else D`, built
  /// as Clang statements over the switch's own expressions and statements
  /// (nullptr after an error). The group of labels holding `default` is the
  /// last `else` (the other groups' values are distinct, so it runs for every
  /// value no other group takes); a group without statements (`case 4:
  /// break;`) stays an empty branch, which keeps its values from the default.
  /// Accepted: each group's statements end in a `break` or at the switch's
  /// end; no fallthrough into a label from statements, no other `break` of
  /// the switch, no declaration directly in its body, a condition without
  /// side effects (it is evaluated once per comparison), no case ranges.
  const IfStmt *switchAsIf(const SwitchStmt &SS) {
    if (SS.getInit() || SS.getConditionVariable()) {
      unsupported(SS.getBeginLoc(), "a 'switch' with a declaration in its condition");
      return nullptr;
    }
    const auto *Body = dyn_cast<CompoundStmt>(SS.getBody());
    if (!Body) {
      unsupported(SS.getBeginLoc(), "a 'switch' whose body is not a block");
      return nullptr;
    }
    auto *Cond = const_cast<clang::Expr *>(SS.getCond());
    // Definite side effects (`c[i]++`); a call is judged where the
    // comparisons are built (a pure function of the file's is fine).
    if (Cond->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false)) {
      unsupported(Cond->getBeginLoc(), "a 'switch' condition with side effects");
      return nullptr;
    }
    struct Group {
      std::vector<clang::Expr *> Values;
      bool Default = false, Closed = false;
      std::vector<Stmt *> Stmts;
      SourceLocation Loc;
    };
    std::vector<Group> Groups;
    for (Stmt *S : Body->body()) {
      while (isa<SwitchCase>(S)) {
        if (!Groups.empty() && !Groups.back().Closed && !Groups.back().Stmts.empty()) {
          error(S->getBeginLoc(), "a 'switch' case that the statements before it fall through into is not "
                                  "supported inside a '#pragma loopgpu' nest (end them with 'break')");
          return nullptr;
        }
        if (Groups.empty() || Groups.back().Closed)
          Groups.push_back({{}, false, false, {}, S->getBeginLoc()});
        if (auto *CS = dyn_cast<CaseStmt>(S)) {
          if (CS->caseStmtIsGNURange()) {
            unsupported(CS->getBeginLoc(), "a case range ('case a ... b')");
            return nullptr;
          }
          // The value as written, inside a ConstantExpr and the conversion
          // to the condition's type (`case 0:` of a switch on a long);
          // `==` converts it the same way.
          Groups.back().Values.push_back(CS->getLHS()->IgnoreImplicit());
          S = CS->getSubStmt();
        } else {
          Groups.back().Default = true;
          S = cast<DefaultStmt>(S)->getSubStmt();
        }
      }
      if (Groups.empty() || Groups.back().Closed) {
        if (isa<NullStmt>(S))
          continue;
        error(S->getBeginLoc(), "a statement in a 'switch' that no case label reaches is not supported inside "
                                "a '#pragma loopgpu' nest");
        return nullptr;
      }
      if (isa<BreakStmt>(S)) {
        Groups.back().Closed = true;
        continue;
      }
      if (isa<DeclStmt>(S)) {
        unsupported(S->getBeginLoc(), "a declaration directly in a 'switch' body (put the case's statements "
                                      "in braces)");
        return nullptr;
      }
      if (const Stmt *B = outerBreak(S)) {
        unsupported(B->getBeginLoc(), "a 'break' out of a 'switch' before the end of its case");
        return nullptr;
      }
      Groups.back().Stmts.push_back(S);
    }
    const FPOptionsOverride FP;
    auto Block = [&](const Group &G) {
      return CompoundStmt::Create(Ctx, G.Stmts, FP, G.Loc, G.Loc);
    };
    Stmt *Else = nullptr;
    for (const Group &G : Groups)
      if (G.Default)
        Else = Block(G);
    const IfStmt *Chain = nullptr;
    for (auto G = Groups.rbegin(); G != Groups.rend(); ++G) {
      if (G->Default)
        continue;
      clang::Expr *Test = nullptr;
      for (clang::Expr *V : G->Values) {
        clang::Expr *Eq = BinaryOperator::Create(Ctx, Cond, V, BO_EQ, Ctx.IntTy, VK_PRValue, OK_Ordinary,
                                                 V->getBeginLoc(), FP);
        Test = Test ? BinaryOperator::Create(Ctx, Test, Eq, BO_LOr, Ctx.IntTy, VK_PRValue, OK_Ordinary,
                                             V->getBeginLoc(), FP)
                    : Eq;
      }
      Chain = IfStmt::Create(Ctx, G->Loc, IfStatementKind::Ordinary, nullptr, nullptr, Test, G->Loc, G->Loc,
                             Block(*G), Else ? G->Loc : SourceLocation(), Else);
      Else = const_cast<IfStmt *>(Chain);
    }
    if (!Chain) // only a default, or nothing: its statements run for every value
      Chain = IfStmt::Create(Ctx, SS.getSwitchLoc(), IfStatementKind::Ordinary, nullptr, nullptr,
                             IntegerLiteral::Create(Ctx, llvm::APInt(32, 1), Ctx.IntTy, SS.getSwitchLoc()),
                             SS.getSwitchLoc(), SS.getSwitchLoc(),
                             Else ? Else : CompoundStmt::Create(Ctx, {}, FP, SS.getSwitchLoc(), SS.getSwitchLoc()),
                             SourceLocation(), nullptr);
    return Chain;
  }

  //===--------------------------------------------------------------------===//
  // `continue` of a loop the nest models: `if (c) continue; rest` is
  // `if (c) {} else { rest }`, `if (c) { A; continue; } else { B } rest` is
  // `if (c) { A } else { B; rest }` (and the other way round). Built on
  // blocks that run to the end of the loop's body (LoopTails), where a
  // `continue` ends the block; any other `continue` stays refused.
  //===--------------------------------------------------------------------===//
  /// The blocks that run to the end of a modeled loop's body.
  std::set<const CompoundStmt *> LoopTails;

  /// S as a block of LoopTails (a loop's body, or a branch that the rest of
  /// the body follows).
  const CompoundStmt *loopTail(const Stmt *S, llvm::ArrayRef<Stmt *> After = {}) {
    std::vector<Stmt *> Stmts;
    SourceLocation Loc = S ? S->getBeginLoc() : SourceLocation();
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
      Stmts.assign(CS->body_begin(), CS->body_end());
    else if (S)
      Stmts.push_back(const_cast<Stmt *>(S));
    if (After.empty() && isa_and_nonnull<CompoundStmt>(S)) {
      LoopTails.insert(cast<CompoundStmt>(S));
      return cast<CompoundStmt>(S);
    }
    Stmts.insert(Stmts.end(), After.begin(), After.end());
    if (!Stmts.empty() && Loc.isInvalid())
      Loc = Stmts.front()->getBeginLoc();
    CompoundStmt *CS = CompoundStmt::Create(Ctx, Stmts, FPOptionsOverride(), Loc, Loc);
    LoopTails.insert(CS);
    return CS;
  }

  /// A `break` in S that leaves the loop or `switch` whose body S is (not one
  /// of a loop or `switch` inside S); null if there is none.
  static const Stmt *outerBreak(const Stmt *S) {
    if (!S || isa<ForStmt, WhileStmt, DoStmt, SwitchStmt>(S))
      return nullptr;
    if (isa<BreakStmt>(S))
      return S;
    for (const Stmt *C : S->children())
      if (const Stmt *B = outerBreak(C))
        return B;
    return nullptr;
  }

  /// Whether S ends in a `continue` of the loop around it (a `continue`
  /// inside a loop of S is that loop's).
  static bool endsInContinue(const Stmt *S) {
    if (!S)
      return false;
    if (isa<ContinueStmt>(S))
      return true;
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return !CS->body_empty() && endsInContinue(CS->body_back());
    return false;
  }

  /// IS, one of Children before Children[Rest...], when a branch of it ends
  /// in `continue`: the same `if` with the statements after it in the other
  /// branch, both blocks of LoopTails. Also when IS is the last of Children.
  /// Null otherwise.
  const IfStmt *continueAsElse(const IfStmt &IS, const std::vector<Stmt *> &Children, size_t Rest) {
    if (IS.getInit() || IS.getConditionVariable())
      return nullptr;
    bool ThenEnds = endsInContinue(IS.getThen()), ElseEnds = endsInContinue(IS.getElse());
    // The last statement of the body: its branches run to the end of it.
    if (!ThenEnds && !ElseEnds && Rest < Children.size())
      return nullptr;
    llvm::ArrayRef<Stmt *> After(Children.data() + Rest, Children.size() - Rest);
    const CompoundStmt *Then = loopTail(IS.getThen(), ThenEnds ? llvm::ArrayRef<Stmt *>() : After);
    const CompoundStmt *Else = loopTail(IS.getElse(), ElseEnds ? llvm::ArrayRef<Stmt *>() : After);
    return IfStmt::Create(Ctx, IS.getIfLoc(), IfStatementKind::Ordinary, nullptr, nullptr,
                          const_cast<clang::Expr *>(IS.getCond()), IS.getLParenLoc(), IS.getRParenLoc(),
                          const_cast<CompoundStmt *>(Then), IS.getIfLoc(), const_cast<CompoundStmt *>(Else));
  }

  void buildIf(const IfStmt &IS, std::vector<NodePtr> &Out) {
    if (IS.getInit() || IS.getConditionVariable()) {
      unsupported(IS.getBeginLoc(), "an 'if' with a declaration in its condition");
      return;
    }
    auto Nd = std::make_unique<Node>(Node::Kind::If);
    Nd->Loc = Diag.loc(IS.getIfLoc());
    const clang::Expr *C = IS.getCond();
    std::optional<AffCond> AC = bindingInvariants([&] { return toAffCond(C); });
    std::vector<Access> CondReads;
    std::map<size_t, Delinearization> CondDelin; // by index in CondReads
    ExprHasSideEffect = false;
    SinkDelin = &CondDelin;
    Nd->Condition = buildExpr(C, Ctx_Read, &CondReads);
    SinkDelin = nullptr;
    if (!Nd->Condition)
      return;
    // The condition's reads are attached to each guarded statement, so the
    // condition itself links to no single access.
    Nd->Condition->walk([](Expr &X) { X.AccessId = -1; });
    if (ExprHasSideEffect) {
      unsupported(C->getBeginLoc(), "an assignment or increment in an 'if' condition");
      return;
    }
    Guard G;
    G.Loc = Nd->Loc;
    if (AC) {
      Nd->IsAffine = true;
      Nd->Cond = *AC;
      G.IsAffine = true;
      G.Cond = *AC;
    } else {
      Nd->IsAffine = false;
      G.IsAffine = false;
      G.Condition = Nd->Condition.get();
    }
    // Reads of the condition happen under the guards already active.
    for (Access &A : CondReads)
      A.IsMust = !guardedByData();
    GuardReads.push_back(CondReads);
    GuardDelin.push_back(CondDelin);
    Guards.push_back(G);
    buildBody(IS.getThen(), Nd->Body);
    Guards.pop_back();
    if (IS.getElse()) {
      Guards.push_back(G.negated());
      buildBody(IS.getElse(), Nd->Else);
      Guards.pop_back();
    }
    GuardReads.pop_back();
    GuardDelin.pop_back();
    Out.push_back(std::move(Nd));
  }

  bool guardedByData() const {
    for (const Guard &G : Guards)
      if (!G.IsAffine)
        return true;
    return false;
  }

  /// Whether VD is a variable a nest may declare: a scalar of arithmetic
  /// type, not an array, volatile, static or extern (else an error).
  bool declarable(const VarDecl *VD) {
    QualType T = VD->getType();
    std::string Name = VD->getNameAsString();
    if (T->isArrayType())
      unsupported(VD->getLocation(), "declaring array '" + Name + "'");
    else if (T.isVolatileQualified())
      unsupported(VD->getLocation(), "volatile variable '" + Name + "'");
    else if (VD->isStaticLocal() || VD->hasExternalStorage())
      unsupported(VD->getLocation(), "static or extern variable '" + Name + "'");
    else if (!scalarTypeOf(T))
      unsupported(VD->getLocation(), "variable '" + Name + "' of type '" + T.getAsString() + "'");
    else
      return true;
    return false;
  }

  /// VD's initializer as an expression (nullptr after an error): no
  /// initializer lists; outside a region, no assignment inside it.
  ExprPtr initializer(const VarDecl *VD) {
    if (isa<InitListExpr>(VD->getInit()->IgnoreParenImpCasts())) {
      unsupported(VD->getInit()->getBeginLoc(), "an initializer list");
      return nullptr;
    }
    ExprHasSideEffect = false;
    ExprPtr Value = buildExpr(VD->getInit(), Ctx_Read, nullptr);
    if (Value && ExprHasSideEffect && !InRegion) {
      unsupported(VD->getInit()->getBeginLoc(), "an assignment inside an expression");
      return nullptr;
    }
    return Value;
  }

  /// `x = e` for `T x = e;`, with the write of x as the next access.
  ExprPtr initAssign(const VarDecl *VD, unsigned SId, ExprPtr Value) {
    auto Target = std::make_unique<Expr>(Expr::Kind::ScalarRef);
    Target->Index = SId;
    Target->Type = N.Scalars[SId].Type;
    Target->Loc = Diag.loc(VD->getLocation());
    Access W;
    W.On = Access::Target::Scalar;
    W.Index = SId;
    W.IsWrite = true;
    W.Loc = Target->Loc;
    W.Text = N.Scalars[SId].Name;
    Target->AccessId = StmtAccesses.size();
    StmtAccesses.push_back(W);
    auto Assign = std::make_unique<Expr>(Expr::Kind::Assign);
    Assign->Op = "=";
    Assign->Type = Target->Type;
    Assign->Loc = Target->Loc;
    Assign->Ops.push_back(std::move(Target));
    Assign->Ops.push_back(std::move(Value));
    return Assign;
  }

  /// Whether VD is an index variable whose uses can be its initializer
  /// (`int idx = (z * n + y) * n + x;`, `int lo = i + 1;`): declared inside
  /// the nest with an initializer of its own type (no conversion) that is an
  /// integer polynomial of the active iterators and the parameters, never
  /// assigned, incremented or its address taken. The iterators and
  /// parameters keep their values in the variable's scope, so every use has
  /// the initializer's value; the declaration then makes no statement, and
  /// subscripts, bounds and guards through it are affine (or delinearized)
  /// as if written inline.
  bool forwardable(const VarDecl *VD) {
    const clang::Expr *Init = VD->getInit();
    if (!Init || InRegion || !DeclaredInside.count(VD) || Written.count(VD) || AddressTaken.count(VD) ||
        !VD->getType()->isIntegerType() || VD->getType().isVolatileQualified())
      return false;
    const clang::Expr *Value = Init->IgnoreParens();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Value); ICE && ICE->getCastKind() == CK_LValueToRValue)
      Value = ICE->getSubExpr();
    if (isa<ImplicitCastExpr>(Value) ||
        !Ctx.hasSameType(Value->getType().getUnqualifiedType(), VD->getType().getUnqualifiedType()))
      return false;
    return toPoly(Init).has_value();
  }

  void buildDecl(const DeclStmt &DS, std::vector<NodePtr> &Out) {
    for (const Decl *D : DS.decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD) {
        unsupported(D->getLocation(), "this declaration");
        continue;
      }
      // A pointer into an array (`float *row = &A[i * m];`, `A[i]`): its
      // uses are references to the array (derivedPointer), no statement.
      if (VD->getType()->isPointerType() && !InRegion && derivedPointer(VD))
        continue;
      if (!declarable(VD))
        continue;
      if (forwardable(VD)) {
        Forwarded.insert(VD);
        continue;
      }
      unsigned SId = scalarFor(VD);
      if (!VD->getInit())
        continue;
      // `T x = e;` is the statement `x = e`.
      StmtAccesses.clear();
      StmtDelin.clear();
      ExprPtr Value = initializer(VD);
      if (!Value)
        continue;
      addStatement(initAssign(VD, SId, std::move(Value)), /*IsDecl=*/true, VD->getSourceRange(), VD->getBeginLoc(),
                   Out);
    }
  }

  void buildExprStmt(const clang::Expr &E, std::vector<NodePtr> &Out) {
    StmtAccesses.clear();
    StmtDelin.clear();
    ExprHasSideEffect = false;
    const clang::Expr *Top = E.IgnoreParens();
    ExprPtr Body;
    // The top-level assignment or increment is the statement's one side effect.
    if (const auto *BO = dyn_cast<BinaryOperator>(Top); BO && BO->isAssignmentOp()) {
      Body = buildAssign(*BO);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(Top); UO && UO->isIncrementDecrementOp()) {
      Body = buildIncDec(*UO);
    } else {
      Body = buildExpr(Top, Ctx_Read, nullptr);
      if (Body && ExprHasSideEffect) {
        unsupported(Top->getBeginLoc(), "an assignment inside an expression");
        return;
      }
    }
    if (!Body)
      return;
    addStatement(std::move(Body), false, E.getSourceRange(), E.getBeginLoc(), Out);
  }

  void addStatement(ExprPtr Body, bool IsDecl, SourceRange Range, SourceLocation Begin,
                    std::vector<NodePtr> &Out) {
    bool May = guardedByData();
    // Reads of enclosing data-dependent conditions come first.
    std::vector<Access> All;
    for (size_t G = 0; G < GuardReads.size(); ++G) {
      for (auto &[Local, D] : GuardDelin[G])
        Delin[N.Accesses.size() + All.size() + Local] = D;
      for (const Access &A : GuardReads[G])
        All.push_back(A);
    }
    unsigned GuardCount = All.size();
    for (Access &A : StmtAccesses) {
      if (May)
        A.IsMust = false;
      All.push_back(A);
    }
    // The expression's access links index StmtAccesses: past the guards'.
    Body->walk([&](Expr &X) {
      if (X.AccessId >= 0)
        X.AccessId += GuardCount;
    });
    for (auto &[Local, D] : StmtDelin)
      Delin[N.Accesses.size() + GuardCount + Local] = D;
    StmtDelin.clear();
    NodePtr Nd = loopgpu::addStatement(N, std::move(Body), std::move(All), Diag.loc(Begin), /*Origin=*/"");
    Statement &S = N.Statements.back();
    S.Loops = LoopStack;
    S.Guards = Guards;
    S.IsDeclaration = IsDecl;
    S.Text = sourceText(Range);
    Out.push_back(std::move(Nd));
  }

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//
  enum ExprCtx { Ctx_Read, Ctx_Write, Ctx_ReadWrite };

  ExprPtr buildAssign(const BinaryOperator &BO) {
    std::string Op = BinaryOperator::getOpcodeStr(BO.getOpcode()).str();
    // Evaluation order for the accesses: the value's reads, then the target
    // (its subscripts' reads, its read for compound assignment, its write).
    ExprPtr Value = buildExpr(BO.getRHS(), Ctx_Read, nullptr);
    if (!Value)
      return nullptr;
    if (ExprHasSideEffect && !InRegion) {
      unsupported(BO.getRHS()->getBeginLoc(), "an assignment inside an expression");
      return nullptr;
    }
    ExprPtr Target = buildLValue(BO.getLHS(), BO.isCompoundAssignmentOp() ? Ctx_ReadWrite : Ctx_Write);
    if (!Target)
      return nullptr;
    auto E = std::make_unique<Expr>(Expr::Kind::Assign);
    E->Op = Op;
    E->Type = Target->Type;
    E->Loc = Diag.loc(BO.getOperatorLoc());
    E->Ops.push_back(std::move(Target));
    E->Ops.push_back(std::move(Value));
    return E;
  }

  ExprPtr buildIncDec(const UnaryOperator &UO) {
    ExprPtr Target = buildLValue(UO.getSubExpr(), Ctx_ReadWrite);
    if (!Target)
      return nullptr;
    auto E = std::make_unique<Expr>(Expr::Kind::Unary);
    bool Inc = UO.isIncrementOp();
    E->Op = UO.isPrefix() ? (Inc ? "++pre" : "--pre") : (Inc ? "post++" : "post--");
    E->Type = Target->Type;
    E->Loc = Diag.loc(UO.getOperatorLoc());
    E->Ops.push_back(std::move(Target));
    return E;
  }

  ExprPtr buildLValue(const clang::Expr *E, ExprCtx C) {
    const clang::Expr *X = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      if (VD && activeIterator(VD)) {
        error(X->getBeginLoc(), "loop iterator '" + VD->getNameAsString() +
                                    "' is modified inside its loop");
        return nullptr;
      }
    }
    if (!isa<DeclRefExpr>(X) && !isa<ArraySubscriptExpr>(X) && !dereference(X) && !isa<MemberExpr>(X)) {
      unsupported(X->getBeginLoc(), "assigning to '" + sourceText(X->getSourceRange()) + "'");
      return nullptr;
    }
    return buildExpr(X, C, nullptr);
  }

  ScalarType typeOrInt(QualType T) { return scalarTypeOf(T).value_or(ScalarType::intType()); }

  Access &recordAccess(Access A, std::vector<Access> *Sink) {
    std::vector<Access> &V = Sink ? *Sink : StmtAccesses;
    V.push_back(A);
    return V.back();
  }

  /// Adds the read/write accesses of a reference in context C; returns the
  /// local index of the first one.
  int recordRef(Access Base, ExprCtx C, std::vector<Access> *Sink) {
    std::vector<Access> &V = Sink ? *Sink : StmtAccesses;
    int First = V.size();
    if (C == Ctx_Read || C == Ctx_ReadWrite) {
      Access R = Base;
      R.IsWrite = false;
      recordAccess(R, Sink);
    }
    if (C == Ctx_Write || C == Ctx_ReadWrite) {
      Access W = Base;
      W.IsWrite = true;
      recordAccess(W, Sink);
    }
    return First;
  }

  std::string literalText(const clang::Expr *E) {
    SourceLocation B = E->getBeginLoc();
    if (B.isValid() && !B.isMacroID())
      return sourceText(E->getSourceRange());
    return "";
  }

  /// A node of kind K for E, with E's type and location.
  std::unique_ptr<Expr> makeExpr(Expr::Kind K, const clang::Expr *E) {
    auto X = std::make_unique<Expr>(K);
    X->Type = typeOrInt(E->getType());
    X->Loc = Diag.loc(E->getExprLoc());
    return X;
  }

  /// An integer constant (literal, character, sizeof) or a floating literal,
  /// spelled as written where possible.
  ExprPtr buildLiteral(const clang::Expr *E) {
    auto Make = [&](Expr::Kind K) { return makeExpr(K, E); };
    if (E->getStmtClass() != Stmt::FloatingLiteralClass) {
      std::optional<int64_t> V = constantInt(E);
      if (!V) {
        unsupported(E->getBeginLoc(), "this expression");
        return nullptr;
      }
      auto X = Make(Expr::Kind::IntLiteral);
      X->IntValue = *V;
      X->Text = isa<IntegerLiteral>(E) ? literalText(E) : "";
      if (X->Text.empty())
        X->Text = std::to_string(*V);
      return X;
    }
    const auto *FL = cast<FloatingLiteral>(E);
    auto X = Make(Expr::Kind::FloatLiteral);
    X->FloatValue = FL->getValueAsApproximateDouble();
    X->Text = literalText(E);
    if (X->Text.empty()) {
      llvm::SmallString<32> S;
      FL->getValue().toString(S, 17, 0, false);
      X->Text = S.str().str();
      if (X->Text.find_first_of(".eEni") == std::string::npos)
        X->Text += ".0";
      if (X->Type.K == ScalarType::Kind::Float)
        X->Text += "f";
    }
    return X;
  }

  ExprPtr buildUnary(const UnaryOperator &UnOp, std::vector<Access> *Sink) {
    const UnaryOperator *UO = &UnOp;
    const clang::Expr *E = UO;
    auto Make = [&](Expr::Kind K) { return makeExpr(K, E); };
    switch (UO->getOpcode()) {
    case UO_AddrOf:
      unsupported(E->getBeginLoc(), "the address-of operator '&'");
      return nullptr;
    case UO_Deref: // of a pointer or a pointer plus an integer: buildArrayRef
      unsupported(E->getBeginLoc(), "pointer dereference '*' of '" +
                                        sourceText(UO->getSubExpr()->getSourceRange()) +
                                        "' (only of a named pointer, or of one plus or minus an integer)");
      return nullptr;
    case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
      ExprHasSideEffect = true;
      return buildIncDec(*UO);
    case UO_Minus: case UO_Plus: case UO_LNot: case UO_Not: {
      ExprPtr Sub = buildExpr(UO->getSubExpr(), Ctx_Read, Sink);
      if (!Sub)
        return nullptr;
      auto X = Make(Expr::Kind::Unary);
      X->Op = UnaryOperator::getOpcodeStr(UO->getOpcode()).str();
      X->Ops.push_back(std::move(Sub));
      return X;
    }
    default:
      unsupported(E->getBeginLoc(), "operator '" +
                                        UnaryOperator::getOpcodeStr(UO->getOpcode()).str() + "'");
      return nullptr;
    }
  }

  ExprPtr buildBinary(const BinaryOperator &BinOp, std::vector<Access> *Sink) {
    const BinaryOperator *BO = &BinOp;
    const clang::Expr *E = BO;
    auto Make = [&](Expr::Kind K) { return makeExpr(K, E); };
    if (BO->isAssignmentOp()) {
      ExprHasSideEffect = true;
      return buildAssign(*BO);
    }
    if (BO->getOpcode() == BO_Comma) {
      unsupported(E->getBeginLoc(), "the comma operator");
      return nullptr;
    }
    if (BO->getLHS()->getType()->isPointerType() || BO->getRHS()->getType()->isPointerType()) {
      unsupported(E->getBeginLoc(), "pointer arithmetic");
      return nullptr;
    }
    ExprPtr L = buildExpr(BO->getLHS(), Ctx_Read, Sink);
    if (!L)
      return nullptr;
    ExprPtr R = buildExpr(BO->getRHS(), Ctx_Read, Sink);
    if (!R)
      return nullptr;
    auto X = Make(Expr::Kind::Binary);
    X->Op = BO->getOpcodeStr().str();
    X->Ops.push_back(std::move(L));
    X->Ops.push_back(std::move(R));
    return X;
  }

  /// An array declared in the nest (LocalArrays).
  struct LocalArrayInfo {
    std::string Name;
    ScalarType Type;
    unsigned Rank = 0;
  };

  /// An element of a local array: its subscripts read as expressions.
  ExprPtr buildLocalRef(const LocalArrayInfo &A, const std::vector<const clang::Expr *> &Subs, const clang::Expr *E,
                        std::vector<Access> *Sink) {
    if (Subs.size() != A.Rank) {
      unsupported(E->getBeginLoc(), "using the local array '" + A.Name + "' other than by its elements");
      return nullptr;
    }
    auto X = makeExpr(Expr::Kind::LocalRef, E);
    X->Name = A.Name;
    X->Type = A.Type;
    for (const clang::Expr *Sub : Subs) {
      ExprPtr S = buildExpr(Sub, Ctx_Read, Sink);
      if (!S)
        return nullptr;
      X->Ops.push_back(std::move(S));
    }
    return X;
  }

  ExprPtr buildExpr(const clang::Expr *E, ExprCtx C, std::vector<Access> *Sink) {
    if (Failed)
      return nullptr;
    E = E->IgnoreParens();
    auto Make = [&](Expr::Kind K) { return makeExpr(K, E); };
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
      if (ICE->getCastKind() == CK_ArrayToPointerDecay || ICE->getCastKind() == CK_FunctionToPointerDecay) {
        unsupported(E->getBeginLoc(), "using array '" + sourceText(E->getSourceRange()) +
                                          "' other than by subscripting it (pointer arithmetic, "
                                          "passing it, or taking part of it)");
        return nullptr;
      }
      return buildExpr(ICE->getSubExpr(), C, Sink);
    }
    if (C != Ctx_Read && !isa<DeclRefExpr>(E) && !isa<ArraySubscriptExpr>(E) && !dereference(E) && !isa<MemberExpr>(E)) {
      unsupported(E->getBeginLoc(), "assigning to '" + sourceText(E->getSourceRange()) + "'");
      return nullptr;
    }
    switch (E->getStmtClass()) {
    case Stmt::IntegerLiteralClass:
    case Stmt::CharacterLiteralClass:
    case Stmt::UnaryExprOrTypeTraitExprClass:
    case Stmt::FloatingLiteralClass:
      return buildLiteral(E);
    case Stmt::DeclRefExprClass:
      return buildDeclRef(cast<DeclRefExpr>(E), C, Sink);
    case Stmt::ArraySubscriptExprClass: {
      // Collect the subscripts outermost first: A[i][j] is (A[i])[j].
      std::vector<const clang::Expr *> Subs;
      const clang::Expr *Base = E;
      while (const auto *S = dyn_cast<ArraySubscriptExpr>(Base->IgnoreParenImpCasts())) {
        if (S->getBase()->getType()->isIntegerType()) { // i[A]
          unsupported(S->getBeginLoc(), "subscripts written as 'index[array]'");
          return nullptr;
        }
        Subs.insert(Subs.begin(), S->getIdx());
        Base = S->getBase();
      }
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
        if (auto It = LocalArrays.find(dyn_cast<VarDecl>(DRE->getDecl())); It != LocalArrays.end())
          return buildLocalRef(It->second, Subs, E, Sink);
      if (isa<MemberExpr>(Base->IgnoreParenImpCasts()))
        if (std::optional<AosMember> M = aosMember(E))
          return buildArrayRef(M->Base, M->Subs, {}, E, C, Sink, &*M);
      return buildArrayRef(Base, Subs, {}, E, C, Sink);
    }
    case Stmt::UnaryOperatorClass:
      if (std::optional<Dereference> D = dereference(E))
        return buildArrayRef(D->Pointer, {nullptr}, D->Terms, E, C, Sink);
      return buildUnary(*cast<UnaryOperator>(E), Sink);
    case Stmt::BinaryOperatorClass:
    case Stmt::CompoundAssignOperatorClass:
      return buildBinary(*cast<BinaryOperator>(E), Sink);
    case Stmt::ConditionalOperatorClass: {
      const auto *CO = cast<ConditionalOperator>(E);
      auto X = Make(Expr::Kind::Conditional);
      for (const clang::Expr *Sub : {CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr()}) {
        ExprPtr S = buildExpr(Sub, Ctx_Read, Sink);
        if (!S)
          return nullptr;
        X->Ops.push_back(std::move(S));
      }
      return X;
    }
    case Stmt::CStyleCastExprClass: {
      const auto *CE = cast<CStyleCastExpr>(E);
      if (!scalarTypeOf(CE->getType()) && !CE->getType()->isVoidType()) {
        unsupported(E->getBeginLoc(), "a cast to '" + CE->getType().getAsString() + "'");
        return nullptr;
      }
      ExprPtr Sub = buildExpr(CE->getSubExpr(), Ctx_Read, Sink);
      if (!Sub)
        return nullptr;
      if (CE->getType()->isVoidType())
        return Sub;
      auto X = Make(Expr::Kind::Cast);
      X->Ops.push_back(std::move(Sub));
      return X;
    }
    case Stmt::CallExprClass:
      return buildCall(cast<CallExpr>(E), Sink);
    case Stmt::MemberExprClass: {
      if (std::optional<AosMember> M = aosMember(E))
        return buildArrayRef(M->Base, M->Subs, {}, E, C, Sink, &*M);
      // rewriteMembers replaced the members the nest can use; this one is
      // not one of them.
      std::string Why = "a member of a struct declared inside the nest";
      memberPath(cast<MemberExpr>(E), &Why);
      unsupported(E->getBeginLoc(), "struct member access '" + sourceText(E->getSourceRange()) + "' (" + Why + ")");
      return nullptr;
    }
    case Stmt::StmtExprClass:
      unsupported(E->getBeginLoc(), "a statement expression");
      return nullptr;
    case Stmt::CompoundLiteralExprClass:
      unsupported(E->getBeginLoc(), "a compound literal");
      return nullptr;
    case Stmt::StringLiteralClass:
      unsupported(E->getBeginLoc(), "a string literal");
      return nullptr;
    default:
      unsupported(E->getBeginLoc(), std::string("expression '") + sourceText(E->getSourceRange()) +
                                        "' (" + E->getStmtClassName() + ")");
      return nullptr;
    }
  }


  ExprPtr buildCall(const CallExpr *CE, std::vector<Access> *Sink) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    std::string Name = Callee ? Callee->getNameAsString() : "";
    bool Library = Callee && (Callee->getBuiltinID() != 0 ||
                              SM.isInSystemHeader(SM.getExpansionLoc(Callee->getLocation())));
    // INFINITY and HUGE_VALF expand to builtins.
    if (Name == "__builtin_inff" || Name == "__builtin_huge_valf" || Name == "__builtin_inf" ||
        Name == "__builtin_huge_val") {
      auto X = std::make_unique<Expr>(Expr::Kind::FloatLiteral);
      X->Type = typeOrInt(CE->getType());
      X->Loc = Diag.loc(CE->getBeginLoc());
      X->Text = X->Type.K == ScalarType::Kind::Float ? "INFINITY" : "HUGE_VAL";
      X->FloatValue = HUGE_VAL;
      return X;
    }
    if (Callee && !Library) {
      // A function of the file: it runs on the GPU if it is a pure function
      // of its numbers (DeviceHelperCheck).
      std::vector<std::string> Helpers;
      std::string Why = DeviceHelperCheck(SM).check(Callee, Helpers);
      if (!Why.empty()) {
        unsupported(CE->getBeginLoc(), "call to '" + Name + "' (" + Why +
                                           "; a nest may call math functions such as sqrtf, fabsf, expf, fminf "
                                           "and fmaxf, and functions of this file that take and return numbers "
                                           "and use nothing outside themselves)");
        return nullptr;
      }
      for (const std::string &H : Helpers)
        if (std::find(N.DeviceFunctions.begin(), N.DeviceFunctions.end(), H) == N.DeviceFunctions.end())
          N.DeviceFunctions.push_back(H);
    } else if (!Callee || !isPureMathFunction(Name)) {
      unsupported(CE->getBeginLoc(),
                  "call to '" + (Name.empty() ? sourceText(CE->getCallee()->getSourceRange()) : Name) +
                      "' (only side-effect-free math functions such as sqrtf, fabsf, expf, logf, "
                      "powf, fminf, fmaxf and abs, and functions of this file that take and return numbers "
                      "and use nothing outside themselves, are allowed)");
      return nullptr;
    }
    auto X = std::make_unique<Expr>(Expr::Kind::Call);
    X->Name = Name;
    X->Type = typeOrInt(CE->getType());
    X->Loc = Diag.loc(CE->getBeginLoc());
    for (unsigned K = 0; K < CE->getNumArgs(); ++K) {
      const clang::Expr *Arg = CE->getArg(K);
      ExprPtr A = buildExpr(Arg, Ctx_Read, Sink);
      if (!A)
        return nullptr;
      // C converts an integer argument to the floating parameter (fabs(n));
      // C++ would pick CUDA's integral overload (host-only): say it.
      QualType ParamT = Callee->getNumParams() > K ? Callee->getParamDecl(K)->getType() : QualType();
      if (!ParamT.isNull() && ParamT->isRealFloatingType() && Arg->IgnoreParenImpCasts()->getType()->isIntegerType()) {
        auto C = std::make_unique<Expr>(Expr::Kind::Cast);
        C->Type = typeOrInt(ParamT);
        C->Loc = A->Loc;
        C->Ops.push_back(std::move(A));
        A = std::move(C);
      }
      X->Ops.push_back(std::move(A));
    }
    return X;
  }

  ExprPtr buildDeclRef(const DeclRefExpr *DRE, ExprCtx C, std::vector<Access> *Sink) {
    auto Make = [&](Expr::Kind K) {
      auto X = std::make_unique<Expr>(K);
      X->Type = typeOrInt(DRE->getType());
      X->Loc = Diag.loc(DRE->getLocation());
      return X;
    };
    if (const auto *ECD = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      auto X = Make(Expr::Kind::IntLiteral);
      X->IntValue = ECD->getInitVal().getSExtValue();
      X->Text = std::to_string(X->IntValue);
      return X;
    }
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD) {
      unsupported(DRE->getBeginLoc(), "use of '" + DRE->getNameInfo().getAsString() + "'");
      return nullptr;
    }
    std::string Name = VD->getNameAsString();
    if (std::optional<unsigned> L = activeIterator(VD)) {
      auto X = Make(Expr::Kind::IteratorRef);
      X->Index = *L;
      return X;
    }
    // The iterator of a loop that runs as written (`int j; for (j = 0; ...)
    // if (...) break;`), its only loop, is a variable the region sets: read
    // after it, it holds what the loop left.
    bool RegionVariable = RegionIters.count(VD) && (InRegion || IteratorLoops[VD] == 1);
    if (AllIterators.count(VD) && !RegionVariable) {
      unsupported(DRE->getBeginLoc(), "use of loop iterator '" + Name + "' outside its loop");
      return nullptr;
    }
    QualType T = VD->getType();
    if (T.isVolatileQualified()) {
      unsupported(DRE->getBeginLoc(), "access to volatile variable '" + Name + "'");
      return nullptr;
    }
    if (T->isArrayType() || T->isPointerType()) {
      unsupported(DRE->getBeginLoc(), "using array '" + Name +
                                          "' other than by subscripting it (pointer arithmetic, "
                                          "passing it, or taking part of it)");
      return nullptr;
    }
    if (T->isStructureOrClassType() || T->isUnionType()) {
      unsupported(DRE->getBeginLoc(), "struct variable '" + Name + "'");
      return nullptr;
    }
    if (!scalarTypeOf(T)) {
      unsupported(DRE->getBeginLoc(), "variable '" + Name + "' of type '" + T.getAsString() + "'");
      return nullptr;
    }
    if (C == Ctx_Read && isParamCandidate(VD)) {
      auto X = Make(Expr::Kind::ParamRef);
      X->Index = paramFor(VD);
      return X;
    }
    if (C == Ctx_Read && Forwarded.count(VD))
      return buildExpr(VD->getInit(), Ctx_Read, Sink);
    unsigned SId = scalarFor(VD);
    auto X = Make(Expr::Kind::ScalarRef);
    X->Index = SId;
    Access A;
    A.On = Access::Target::Scalar;
    A.Index = SId;
    A.Loc = X->Loc;
    A.Text = N.Scalars[SId].Name;
    X->AccessId = recordRef(A, C, Sink);
    return X;
  }

  /// A pointer variable of the function that provably points into a
  /// one-dimensional array at a fixed offset: `float *p = A + k;`,
  /// `&A[k]`, `A - k`, through casts that keep the element type, never
  /// changed nor its address taken, k an integer expression of variables the
  /// function never changes. p[e] is then A[e + k] (Offsets, with their
  /// signs), so the analysis sees the exact dependences.
  struct DerivedPointer {
    const VarDecl *Base = nullptr;
    /// A row of a multi-dimensional Base (`A[i]`, `&A[i][0]`): the leading
    /// subscripts, outermost first; p[e] is Base[Prefix...][e + k...].
    std::vector<const clang::Expr *> Prefix;
    std::vector<std::pair<const clang::Expr *, bool>> Offsets; ///< (k, negated)
  };
  std::optional<DerivedPointer> derivedPointer(const VarDecl *VD, unsigned Depth = 0) {
    if (Depth > 8 || isa<ParmVarDecl>(VD) || VD->hasGlobalStorage() || !VD->getType()->isPointerType() ||
        !VD->getInit())
      return std::nullopt;
    // Declared inside the nest (`float *row = &A[i * m];`): its offsets may
    // read the iterators and index variables (forwardable) of the loops
    // around it, which keep their values in its scope.
    const bool Inside = DeclaredInside.count(VD);
    if (!FunctionChanged) {
      DirectWriteCollector DW;
      DW.TraverseStmt(FD.getBody());
      FunctionChanged = std::move(DW.Changed);
    }
    if (FunctionChanged->count(VD))
      return std::nullopt;
    QualType Elem = VD->getType()->getPointeeType();
    if (!scalarTypeOf(Elem.getUnqualifiedType()))
      return std::nullopt;
    // Whether T is a pointer to, or an array of, Elem (qualifiers aside).
    auto Keeps = [&](QualType T) {
      QualType E;
      if (const auto *PT = T->getAs<PointerType>())
        E = PT->getPointeeType();
      else if (const ArrayType *AT = Ctx.getAsArrayType(T))
        E = AT->getElementType();
      else
        return false;
      return Ctx.hasSameUnqualifiedType(E, Elem);
    };
    // Variables an offset reads must keep their value too.
    std::function<bool(const clang::Expr *)> Fixed = [&](const clang::Expr *E) -> bool {
      if (!E->getType()->isIntegerType() || E->HasSideEffects(Ctx))
        return false;
      if (Inside)
        return toPoly(E).has_value();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts())) {
        const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        // A global may change in any call between the pointer and the nest.
        return V && !V->hasGlobalStorage() && !FunctionChanged->count(V) && !DeclaredInside.count(V) &&
               !AllIterators.count(V);
      }
      for (const Stmt *Child : E->children())
        if (const auto *CE = dyn_cast_or_null<clang::Expr>(Child))
          if (CE->getType()->isIntegerType() && !Fixed(CE))
            return false;
      return toAffineNoParams(E);
    };
    DerivedPointer R;
    const clang::Expr *E = VD->getInit();
    while (true) {
      E = E->IgnoreParens();
      if (const auto *CE = dyn_cast<CastExpr>(E)) {
        if (!Keeps(CE->getType()) || !Keeps(CE->getSubExpr()->getType()))
          return std::nullopt;
        E = CE->getSubExpr();
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
        bool LP = BO->getLHS()->getType()->isPointerType() || BO->getLHS()->getType()->isArrayType();
        if (BO->getOpcode() != BO_Add && !(BO->getOpcode() == BO_Sub && LP))
          return std::nullopt;
        const clang::Expr *P = LP ? BO->getLHS() : BO->getRHS(), *K = LP ? BO->getRHS() : BO->getLHS();
        if (!Keeps(P->getType()) || !Fixed(K))
          return std::nullopt;
        R.Offsets.push_back({K, BO->getOpcode() == BO_Sub});
        E = P;
        continue;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        const auto *AS = UO->getOpcode() == UO_AddrOf
                             ? dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())
                             : nullptr;
        if (!AS || AS->getBase()->getType()->isIntegerType() || !Keeps(AS->getBase()->getType()) ||
            !Fixed(AS->getIdx()))
          return std::nullopt;
        R.Offsets.push_back({AS->getIdx(), false});
        E = AS->getBase();
        continue;
      }
      // A row: A[i] of a multi-dimensional array, decayed to &A[i][0].
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E); AS && Ctx.getAsArrayType(AS->getType())) {
        if (AS->getBase()->getType()->isIntegerType() || !Fixed(AS->getIdx()))
          return std::nullopt;
        R.Prefix.insert(R.Prefix.begin(), AS->getIdx());
        E = AS->getBase()->IgnoreParenImpCasts();
        continue;
      }
      break;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    const auto *Base = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!Base || Base == VD || FunctionChanged->count(Base))
      return std::nullopt;
    QualType BT = isa<ParmVarDecl>(Base) ? cast<ParmVarDecl>(Base)->getOriginalType() : Base->getType();
    if (!R.Prefix.empty()) {
      // Base[Prefix...] is a row of Elem: Base has Prefix.size() + 1
      // dimensions (the first may be a parameter's pointer).
      QualType T = BT;
      for (size_t D = 0; D < R.Prefix.size(); ++D) {
        if (const ArrayType *AT = Ctx.getAsArrayType(T))
          T = AT->getElementType();
        else if (D == 0 && T->isPointerType())
          T = T->getPointeeType();
        else
          return std::nullopt;
      }
      if (!Keeps(T) || DeclaredInside.count(Base) || (!isa<ParmVarDecl>(Base) && !Ctx.getAsArrayType(BT)))
        return std::nullopt;
      R.Base = Base;
      return R;
    }
    if (!Keeps(BT))
      return std::nullopt;
    if (const ArrayType *AT = Ctx.getAsArrayType(BT)) // one dimension only
      if (Ctx.getAsArrayType(AT->getElementType()))
        return std::nullopt;
    if (std::optional<DerivedPointer> Inner = derivedPointer(Base, Depth + 1)) {
      Inner->Offsets.insert(Inner->Offsets.end(), R.Offsets.begin(), R.Offsets.end());
      return Inner;
    }
    if (DeclaredInside.count(Base))
      return std::nullopt; // a pointer of the nest not derived from an array
    if (BT->isPointerType() && !isa<ParmVarDecl>(Base))
      return std::nullopt; // a pointer variable of unknown origin, or a global one any call may change
    R.Base = Base;
    return R;
  }
  /// Whether E is affine in variables (any), without recording parameters.
  bool toAffineNoParams(const clang::Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (isa<IntegerLiteral>(E) || isa<DeclRefExpr>(E))
      return true;
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus) && toAffineNoParams(UO->getSubExpr());
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      switch (BO->getOpcode()) {
      case BO_Add:
      case BO_Sub:
        return toAffineNoParams(BO->getLHS()) && toAffineNoParams(BO->getRHS());
      case BO_Mul:
        return (constantInt(BO->getLHS()) && toAffineNoParams(BO->getRHS())) ||
               (constantInt(BO->getRHS()) && toAffineNoParams(BO->getLHS()));
      default:
        return false;
      }
    }
    return constantInt(E).has_value();
  }

  /// The reference Ref to array Base with subscripts Subs, outermost first
  /// (Base[Subs...]); a null subscript is the sum of Terms, 0 without any
  /// (a dereference: `*p` is p[0], `*(p + i - 1)` p[i - 1]).
  /// A member of an element of an array of structs (ArrayInfo::
  /// StructType): `p[i].x`, `s[i][j].v.y`, `p[i].pos[k]` (a member array of
  /// numbers), `p->x` (p[0].x). The struct's scalar it starts at, and the
  /// member array's subscripts with their strides in scalars.
  struct AosMember {
    const clang::Expr *Base = nullptr;        ///< the array (`p`)
    std::vector<const clang::Expr *> Subs;    ///< its subscripts, outermost first; {nullptr}: `p->`
    int64_t Offset = 0;
    std::vector<std::pair<const clang::Expr *, int64_t>> Terms;
  };
  std::optional<AosMember> aosMember(const clang::Expr *E) const {
    AosMember M;
    E = E->IgnoreParens();
    // Subscripts of a member array: `p[i].pos[k]`.
    std::vector<const clang::Expr *> Inner;
    const clang::Expr *X = E;
    while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(X->IgnoreParenImpCasts())) {
      Inner.insert(Inner.begin(), ASE->getIdx());
      X = ASE->getBase();
    }
    X = X->IgnoreParenImpCasts();
    const auto *Top = dyn_cast<MemberExpr>(X);
    if (!Top)
      return std::nullopt;
    QualType MT = Top->getType();
    std::vector<int64_t> Dims;
    while (const auto *CAT = dyn_cast_or_null<ConstantArrayType>(Ctx.getAsArrayType(MT))) {
      Dims.push_back(CAT->getSize().getSExtValue());
      MT = CAT->getElementType();
    }
    if (Dims.size() != Inner.size() || !scalarTypeOf(MT))
      return std::nullopt;
    int64_t Stride = 1;
    for (size_t D = Dims.size(); D-- > 0;) {
      M.Terms.insert(M.Terms.begin(), {Inner[D], Stride});
      Stride *= Dims[D];
    }
    uint64_t Bits = Ctx.getTypeSize(MT);
    // The members, innermost first, down to the element of the array.
    while (const auto *ME = dyn_cast<MemberExpr>(X)) {
      const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!F)
        return std::nullopt;
      M.Offset += static_cast<int64_t>(Ctx.getFieldOffset(F) / Bits);
      const clang::Expr *B = ME->getBase()->IgnoreParenImpCasts();
      if (ME->isArrow()) {
        if (!isa<DeclRefExpr>(B) || !flatStructOf(Ctx, B->getType()->getPointeeType()))
          return std::nullopt;
        M.Base = B;
        M.Subs = {nullptr};
        return M;
      }
      X = B;
    }
    std::optional<FlatStruct> FS = flatStructOf(Ctx, X->getType());
    if (!FS || FS->ElementBits != Bits || !isa<ArraySubscriptExpr>(X))
      return std::nullopt;
    while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(X)) {
      M.Subs.insert(M.Subs.begin(), ASE->getIdx());
      X = ASE->getBase()->IgnoreParenImpCasts();
    }
    M.Base = X;
    return M;
  }

  ExprPtr buildArrayRef(const clang::Expr *Base, const std::vector<const clang::Expr *> &Subs,
                        const std::vector<std::pair<const clang::Expr *, bool>> &Terms, const clang::Expr *Ref,
                        ExprCtx C, std::vector<Access> *Sink, const AosMember *Aos = nullptr) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
    const VarDecl *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD) {
      if (const auto *ME = dyn_cast<MemberExpr>(Base->IgnoreParenImpCasts())) {
        std::string Why = "a member of a struct declared inside the nest";
        memberPath(ME, &Why);
        unsupported(Base->getBeginLoc(), "subscripting the struct member '" + sourceText(ME->getSourceRange()) +
                                             "' (" + Why + ")");
        return nullptr;
      }
      unsupported(Base->getBeginLoc(), "subscripting '" + sourceText(Base->getSourceRange()) +
                                           "' (only named arrays and pointers)");
      return nullptr;
    }
    std::optional<DerivedPointer> Derived = Subs.size() == 1 ? derivedPointer(VD) : std::nullopt;
    if (Aos && Derived) {
      unsupported(Ref->getBeginLoc(), "a member of a struct reached through a pointer variable into an array of "
                                      "structs ('" + sourceText(Ref->getSourceRange()) + "'; index the array itself)");
      return nullptr;
    }
    // The base array's subscripts: a row pointer's prefix, then Subs.
    std::vector<const clang::Expr *> All = Subs;
    if (Derived) {
      VD = Derived->Base;
      All.insert(All.begin(), Derived->Prefix.begin(), Derived->Prefix.end());
    }
    std::optional<unsigned> AId = arrayFor(VD, Ref->getBeginLoc());
    if (!AId)
      return nullptr;
    // Copies: building the subscripts may add arrays (A[idx[i]]), which
    // reallocates N.Arrays.
    const ArrayInfo Arr = N.Arrays[*AId];
    if (!Arr.StructType.empty() && !Aos) {
      unsupported(Ref->getBeginLoc(), "a whole element of '" + Arr.Name + "', an array of '" + Arr.StructType +
                                          "' (use its members: '" + Arr.Name + "[i]" +
                                          (Arr.StructMembers.empty() ? std::string() : Arr.StructMembers[0]) + "')");
      return nullptr;
    }
    if (All.size() + (Aos ? 1 : 0) != Arr.rank()) {
      unsupported(Ref->getBeginLoc(), "a partial reference to array '" + Arr.Name + "' (" +
                                          std::to_string(All.size()) + " of its " +
                                          std::to_string(Arr.rank()) + " subscripts)");
      return nullptr;
    }
    auto X = std::make_unique<Expr>(Expr::Kind::ArrayRef);
    X->Index = *AId;
    X->Type = Arr.ElementType;
    X->Loc = Diag.loc(Ref->getBeginLoc());
    // Each subscript's affine form, and the plain ones (written as one
    // expression) that products of parameters might make affine.
    std::vector<std::optional<AffExpr>> Affs;
    std::vector<const clang::Expr *> Plain;
    Access A;
    A.On = Access::Target::Array;
    A.Index = *AId;
    A.Loc = X->Loc;
    A.Text = sourceText(Ref->getSourceRange());
    for (size_t SI = 0; SI < All.size(); ++SI) {
      const clang::Expr *S = All[SI];
      const bool Last = SI + 1 == All.size();
      // Subscript expressions are read whatever the reference's context.
      ExprPtr SE;
      std::optional<AffExpr> Aff;
      if (!S) { // a dereference: the sum of Terms, or 0
        SE = std::make_unique<Expr>(Expr::Kind::IntLiteral);
        SE->Type = ScalarType::intType();
        SE->Loc = X->Loc;
        SE->Text = "0";
        Aff = AffExpr::constant(0);
        for (size_t T = 0; T < Terms.size(); ++T) {
          auto [K, Subtracted] = Terms[T];
          ExprPtr KE = buildExpr(K, Ctx_Read, Sink);
          if (!KE)
            return nullptr;
          std::optional<AffExpr> KA = toAffine(K);
          auto Op = std::make_unique<Expr>(T == 0 && Subtracted ? Expr::Kind::Unary : Expr::Kind::Binary);
          Op->Type = ScalarType{ScalarType::Kind::LongLong, false};
          Op->Loc = KE->Loc;
          Op->Op = Subtracted ? "-" : "+";
          if (T > 0)
            Op->Ops.push_back(std::move(SE));
          Op->Ops.push_back(std::move(KE));
          SE = T == 0 && !Subtracted ? std::move(Op->Ops.back()) : std::move(Op);
          if (Aff && KA)
            Aff = Subtracted ? AffExpr::sub(*Aff, *KA) : AffExpr::add(*Aff, *KA);
          else
            Aff.reset();
        }
      } else {
        SE = buildExpr(S, Ctx_Read, Sink);
        if (!SE)
          return nullptr;
        Aff = toAffine(S);
      }
      if (Derived && Last) // p[e] is Base[Prefix...][e + k...]
        for (auto [K, Negated] : Derived->Offsets) {
          ExprPtr KE = buildExpr(K, Ctx_Read, Sink);
          std::optional<AffExpr> KA = toAffine(K);
          if (!KE)
            return nullptr;
          if (!KA) // a polynomial offset of a pointer declared in the nest (i * m)
            Aff.reset();
          auto Sum = std::make_unique<Expr>(Expr::Kind::Binary);
          Sum->Type = ScalarType{ScalarType::Kind::LongLong, false};
          Sum->Loc = SE->Loc;
          Sum->Op = Negated ? "-" : "+";
          Sum->Ops.push_back(std::move(SE));
          Sum->Ops.push_back(std::move(KE));
          SE = std::move(Sum);
          if (Aff)
            Aff = Negated ? AffExpr::sub(*Aff, *KA) : AffExpr::add(*Aff, *KA);
        }
      X->Ops.push_back(std::move(SE));
      Affs.push_back(Aff);
      Plain.push_back(S && !(Derived && Last) ? S : nullptr);
      A.Partial.push_back(Aff);
      if (Aff)
        A.Subscripts.push_back(*Aff);
      else
        A.IsAffine = false;
    }
    if (Aos) {
      // The struct's scalar: the member's first, plus its member array's
      // subscripts times their strides.
      auto Literal = [&](int64_t V) {
        auto L = std::make_unique<Expr>(Expr::Kind::IntLiteral);
        L->Type = ScalarType::intType();
        L->Loc = X->Loc;
        L->Text = std::to_string(V);
        return L;
      };
      ExprPtr SE = Literal(Aos->Offset);
      std::optional<AffExpr> Aff = AffExpr::constant(Aos->Offset);
      for (auto [K, Stride] : Aos->Terms) {
        ExprPtr KE = buildExpr(K, Ctx_Read, Sink);
        if (!KE)
          return nullptr;
        std::optional<AffExpr> KA = toAffine(K);
        if (Stride != 1) {
          auto Mul = std::make_unique<Expr>(Expr::Kind::Binary);
          Mul->Type = ScalarType{ScalarType::Kind::LongLong, false};
          Mul->Loc = KE->Loc;
          Mul->Op = "*";
          Mul->Ops.push_back(std::move(KE));
          Mul->Ops.push_back(Literal(Stride));
          KE = std::move(Mul);
        }
        auto Sum = std::make_unique<Expr>(Expr::Kind::Binary);
        Sum->Type = ScalarType{ScalarType::Kind::LongLong, false};
        Sum->Loc = KE->Loc;
        Sum->Op = "+";
        Sum->Ops.push_back(std::move(SE));
        Sum->Ops.push_back(std::move(KE));
        SE = std::move(Sum);
        if (Aff && KA)
          Aff = AffExpr::add(*Aff, AffExpr::mul(*KA, Stride));
        else
          Aff.reset();
      }
      X->Ops.push_back(std::move(SE));
      Affs.push_back(Aff);
      Plain.push_back(nullptr);
      A.Partial.push_back(Aff);
      if (Aff)
        A.Subscripts.push_back(*Aff);
      else
        A.IsAffine = false;
    }
    if (!A.IsAffine)
      A.Subscripts.clear();
    if (A.IsAffine || Arr.Kind == ArrayInfo::Storage::FlatPointer || Derived ||
        std::none_of(A.Partial.begin(), A.Partial.end(), [](const std::optional<AffExpr> &P) { return P.has_value(); }))
      A.Partial.clear();
    std::optional<Delinearization> D;
    // A pointer to structs indexed by one flat subscript (`img[y * w +
    // x].r`) is delinearized as a flat pointer is, before its struct's
    // dimension (applyDelinearizations).
    bool StructRows = Aos && structPointer(Arr) && All.size() == 1 && Affs.back().has_value();
    if (!A.IsAffine && (!Sink || SinkDelin) && (Arr.Kind == ArrayInfo::Storage::FlatPointer || StructRows) &&
        All.size() == 1) {
      // The flat subscript as a polynomial: e, or a dereference's terms,
      // plus a derived pointer's offsets.
      std::optional<Poly> P = Subs[0] ? toPoly(Subs[0]) : std::optional<Poly>(Poly{});
      auto Add = [&](const clang::Expr *K, bool Subtract) {
        std::optional<Poly> KP = P ? toPoly(K) : std::nullopt;
        P = KP ? std::optional<Poly>(addPoly(*P, *KP, Subtract)) : std::nullopt;
      };
      if (!Subs[0])
        for (auto [K, Subtracted] : Terms)
          Add(K, Subtracted);
      if (Derived)
        for (auto [K, Negated] : Derived->Offsets)
          Add(K, Negated);
      D = delinearize(P);
      if ((!D || !D->Proven) && InRegion && !Derived && !StructRows && Subs[0]) {
        // Through the forms' variables (`in[(y + dy) * w + x + dx]`, dy and
        // dx a region's iterators): its bounded form, delinearized.
        RegionMark M = regionMark();
        std::optional<Delinearization> RD = regionAffine([&] { return delinearize(toPoly(Subs[0])); });
        if (RD && RD->Proven) {
          RD->Bounded = boundedForm({}, {});
          D = RD;
        }
        popRegion(M);
      }
    }
    if (!A.IsAffine && (!D || !D->Proven)) {
      // Not rows the delinearizer reads (`y[n * m - 1 - i]`): affine where
      // products of parameters are parameters of their own (derivedParam).
      bool Affine = true;
      for (size_t SI = 0; SI < Affs.size() && Affine; ++SI)
        if (!Affs[SI] && Plain[SI] && bindingInvariants([&] { return toAffine(Plain[SI]); }, /*DryOnly=*/true))
          continue;
        else
          Affine = Affs[SI].has_value();
      if (Affine) {
        for (size_t SI = 0; SI < Affs.size(); ++SI)
          if (!Affs[SI])
            Affs[SI] = bindingInvariants([&] { return toAffine(Plain[SI]); });
        A.Subscripts.clear();
        for (const std::optional<AffExpr> &S : Affs)
          A.Subscripts.push_back(*S);
        A.IsAffine = true;
        A.Partial.clear();
        D.reset();
      }
    }
    if (!A.IsAffine && !Derived && !Aos)
      A.Bounded = boundedForm(All, Terms);
    int First = recordRef(A, C, Sink);
    if (D && !Sink)
      for (size_t I = First; I < StmtAccesses.size(); ++I)
        StmtDelin[I] = *D;
    if (D && Sink && SinkDelin)
      for (size_t I = First; I < Sink->size(); ++I)
        (*SinkDelin)[I] = *D;
    X->AccessId = First;
    return X;
  }

  //===--------------------------------------------------------------------===//
  // After the walk
  //===--------------------------------------------------------------------===//
  /// A flat pointer is delinearized when every one of its accesses is the
  /// same proven row-major chain; otherwise its accesses stay as they are
  /// (affine 1-D, or may-accesses of the whole array).
  /// A pointer to structs (`rgb *img`): img[*][K], its first dimension the
  /// pointer's.
  static bool structPointer(const ArrayInfo &Arr) {
    return !Arr.StructType.empty() && Arr.rank() == 2 && !Arr.Extents[0];
  }

  void applyDelinearizations() {
    for (unsigned AId = 0; AId < N.Arrays.size(); ++AId) {
      ArrayInfo &Arr = N.Arrays[AId];
      const bool Struct = structPointer(Arr);
      if (Arr.Kind != ArrayInfo::Storage::FlatPointer && !Struct)
        continue;
      std::optional<std::vector<unsigned>> Extents;
      int64_t Scale = 1;
      bool All = true, Any = false;
      for (const Access &A : N.Accesses) {
        if (!A.isArray() || A.Index != AId)
          continue;
        auto It = Delin.find(A.Id);
        if (It == Delin.end() || !It->second.Proven || (Struct && (A.Partial.size() != 2 || !A.Partial[1])) ||
            (Extents && (*Extents != It->second.ExtentParams || Scale != It->second.InnerScale))) {
          All = false;
          break;
        }
        Extents = It->second.ExtentParams;
        Scale = It->second.InnerScale;
        Any = true;
      }
      if (!All || !Any)
        continue;
      Arr.IsDelinearized = true;
      std::optional<AffExpr> StructDim = Struct ? Arr.Extents[1] : std::nullopt;
      Arr.Extents.assign(1, std::nullopt);
      for (unsigned P : *Extents)
        Arr.Extents.push_back(AffExpr::param(P));
      Arr.Extents.back() = AffExpr::mul(*Arr.Extents.back(), Scale);
      if (Struct)
        Arr.Extents.push_back(StructDim);
      for (Access &A : N.Accesses)
        if (A.isArray() && A.Index == AId) {
          if (std::optional<Access::BoundedForm> &R = Delin[A.Id].Bounded) {
            A.Bounded = R;
            A.Bounded->Subscripts = Delin[A.Id].Subscripts;
            continue;
          }
          A.IsAffine = true;
          A.Subscripts = Delin[A.Id].Subscripts;
          if (Struct) { // the struct's scalar
            A.Subscripts.push_back(*A.Partial[1]);
            A.Partial.clear();
          }
        }
    }
  }

  void finish() {
    applyDelinearizations();
    checkSharedClauses();
    // Arrays that may share memory: non-restrict pointers (parameters) and
    // globals (not const ones) of the same element type, one of them
    // written in the nest.
    // `independent` on the nest (or -assume-no-alias): the user promises
    // that distinct parameters and globals never overlap (not pointer
    // variables, which the function derives from them).
    bool Promised = AssumeNoAlias;
    for (const Clause &C : N.Clauses)
      Promised |= C.K == Clause::Kind::Independent;
    std::vector<bool> ArrayWritten(N.Arrays.size(), false);
    for (const Access &A : N.Accesses)
      if (A.isArray() && A.IsWrite)
        ArrayWritten[A.Index] = true;
    for (unsigned I = 0; I < N.Arrays.size(); ++I)
      for (unsigned J = I + 1; J < N.Arrays.size(); ++J) {
        ArrayInfo &A = N.Arrays[I], &B = N.Arrays[J];
        bool External = (A.IsParameter || A.IsGlobal || A.IsLocalPointer) &&
                        (B.IsParameter || B.IsGlobal || B.IsLocalPointer);
        bool DistinctObjects = A.IsGlobal && B.IsGlobal && !A.IsLocalPointer && !B.IsLocalPointer;
        // A global defined const (`static const float table[4]`) is never
        // written, through any pointer: a written array is not it.
        bool ConstObject =
            (A.IsGlobal && A.IsConst && !ArrayWritten[I]) || (B.IsGlobal && B.IsConst && !ArrayWritten[J]);
        if (Promised && !A.IsLocalPointer && !B.IsLocalPointer)
          continue;
        if (!External || DistinctObjects || ConstObject || A.IsRestrict || B.IsRestrict ||
            !A.ElementType.mayAliasWith(B.ElementType) || !(ArrayWritten[I] || ArrayWritten[J]))
          continue;
        unsigned From = B.AliasClass, To = A.AliasClass;
        for (ArrayInfo &C : N.Arrays)
          if (C.AliasClass == From)
            C.AliasClass = To;
        const ArrayInfo &W = ArrayWritten[J] ? B : A, &O = ArrayWritten[J] ? A : B;
        Diag.warning(W.Loc, "'" + cText(W.Name) + "' may alias '" + cText(O.Name) +
                                "' (neither is declared restrict): dependences between them are "
                                "assumed; declare them restrict if they never overlap");
      }
    memberOverlaps(Promised, ArrayWritten);
    // The enclosing function's signature, for the host code.
    for (const ParmVarDecl *P : FD.parameters()) {
      FunctionParam FP;
      FP.Name = P->getNameAsString();
      llvm::raw_string_ostream OS(FP.TypeSpelling);
      spelledForHost(P->getOriginalType()).print(OS, hostPolicy(Ctx), FP.Name);
      OS.flush();
      if (auto It = ArrayIds.find(P); It != ArrayIds.end())
        FP.ArrayId = It->second;
      if (auto It = ParamIds.find(P); It != ParamIds.end())
        FP.ParamId = It->second;
      if (auto It = ScalarIds.find(P); It != ScalarIds.end())
        FP.ScalarId = It->second;
      N.FunctionParams.push_back(FP);
    }
  }

  /// `shared(A, ...)` names arrays the nest accesses.
  void checkSharedClauses() {
    std::vector<const Clause *> Shared;
    std::set<std::pair<unsigned, unsigned>> Seen; // the nest's clauses are its outer loop's too
    auto Add = [&](const std::vector<Clause> &Cs) {
      for (const Clause &C : Cs)
        if (C.K == Clause::Kind::Shared && Seen.insert({C.Loc.Line, C.Loc.Col}).second)
          Shared.push_back(&C);
    };
    Add(N.Clauses);
    for (const Loop &L : N.Loops)
      Add(L.Clauses);
    for (const Clause *C : Shared)
      for (const std::string &Name : C->Names)
        if (std::none_of(N.Accesses.begin(), N.Accesses.end(),
                         [&](const Access &A) { return A.isArray() && N.Arrays[A.Index].Name == Name; }))
          Diag.error(C->Loc, "shared(" + Name + "): the nest accesses no array named '" + Name + "'");
  }

  ASTContext &Ctx;
  SourceManager &SM;
  ClangDiagnostics &Diag;
  const FunctionDecl &FD;
  const ForStmt *OuterLoop = nullptr; ///< the nest's outermost loop
  SourceLocation OuterEnd;            ///< its last token
  const std::map<const ForStmt *, std::vector<Clause>> &LoopClauses;
  bool AssumeNoAlias = false;
  /// Struct members: the names their variables have in this file's nests
  /// ("function|member" -> name), the variables of this nest's (by the
  /// member's text; by variable: index in N.Members, with its path), and
  /// the AST slots rewriteMembers changed, with what they held.
  std::map<std::string, std::string> &MemberNames;
  std::map<std::string, VarDecl *> MemberVarOf;
  std::map<const VarDecl *, unsigned> MemberIds;
  std::set<const VarDecl *> BitFields; ///< member variables of bit-fields
  std::vector<MemberPath> MemberRoots;
  std::vector<std::pair<Stmt **, Stmt *>> MemberSwaps;
  std::map<SourceLocation::UIntTy, SourceLocation> MemberEnds; ///< a replaced member's first token -> its last

  Nest N;
  bool Failed = false;
  bool ExprHasSideEffect = false;
  /// Whether derivedParam binds products (bindingInvariants), or only says
  /// it would (Dry).
  enum class Binding { No, Dry, Yes } BindInvariants = Binding::No;
  /// affineHeader()'s probe of a loop header: errors are answers.
  bool Probing = false, ProbeFailed = false, ProbeHard = false;
  /// Sequential regions: building one, the iterators of their `for` loops
  /// (scalars, not loops), the region loops around the statement being
  /// built, and how many accesses the top loop's initialization made.
  bool InRegion = false;
  /// Arrays declared in the nest (only inside regions: each instance of the
  /// region has its own): their names in the output and element types.
  std::map<const VarDecl *, LocalArrayInfo> LocalArrays;
  /// Const tables of the nest hoisted out of it (hoistableTable), with
  /// their declarations' text.
  std::map<const VarDecl *, std::string> HoistedTables;
  std::set<const VarDecl *> RegionIters;
  /// Bounded forms (Access::BoundedForm): the variables they may use
  /// (AffVar::local(K) is RegionLocals[K]): the iterators of the region's
  /// `for` loops around the statement being built that their bodies leave
  /// alone, and values the IR does not model whose range is known
  /// (rangedValue); what is known of them and of the nest's variables there
  /// (the loops' starts and conditions, the `if`s' conditions, as far as
  /// affine; the values' ranges); and whether toAffine reads the iterators
  /// and the values as those variables (regionAffine).
  struct RegionLocal {
    const VarDecl *Var = nullptr; ///< a loop's iterator, or null: a value of known range
    std::string Name;             ///< the value's, as written
  };
  std::vector<RegionLocal> RegionLocals;
  std::vector<AffCond> RegionFacts;
  bool LocalAffine = false;
  std::map<const VarDecl *, unsigned> IteratorLoops;
  unsigned RegionLoops = 0, MustAccesses = 0;
  std::set<const VarDecl *> Written, DeclaredInside, AllIterators, AddressTaken;
  /// Index variables (forwardedValue): declared inside the nest, never
  /// changed, their initializer an integer polynomial of the iterators and
  /// parameters; their uses are their initializer.
  std::set<const VarDecl *> Forwarded;
  std::optional<std::set<const VarDecl *>> FunctionChanged; ///< DirectWriteCollector's, on demand
  std::map<const VarDecl *, unsigned> ParamIds, ArrayIds, ScalarIds;
  std::set<std::string> UsedNames;
  std::vector<std::pair<const VarDecl *, unsigned>> Active; ///< iterator -> loop id
  std::vector<unsigned> LoopStack;
  std::vector<Guard> Guards;
  std::vector<std::vector<Access>> GuardReads;
  /// Per entry of GuardReads: the delinearizations of its reads (by index).
  std::vector<std::map<size_t, Delinearization>> GuardDelin;
  /// While an `if` condition is built: where its reads' delinearizations go.
  std::map<size_t, Delinearization> *SinkDelin = nullptr;
  std::vector<Access> StmtAccesses; ///< accesses of the statement being built
  std::map<size_t, Delinearization> StmtDelin; ///< by index in StmtAccesses
  std::map<unsigned, Delinearization> Delin;   ///< by access id
};

} // namespace

std::optional<Nest> buildNest(ASTContext &Ctx, ClangDiagnostics &Diag, const FunctionDecl &FD,
                              const ForStmt &Outer,
                              const std::map<const ForStmt *, std::vector<Clause>> &LoopClauses,
                              unsigned Ordinal, SourceLocation PragmaLoc, bool AssumeNoAlias,
                              std::map<std::string, std::string> &MemberNames) {
  return Builder(Ctx, Diag, FD, LoopClauses, AssumeNoAlias, MemberNames).build(Outer, Ordinal, PragmaLoc);
}

} // namespace loopgpu
