//===- FunctionBuilder.cpp - The host view of a function with nests -------===//
//
// Describes a function that holds marked nests the way its host code needs
// it (HostFunction in LoopNest.h): the signature with every array's element
// type and extents, the arrays declared in the body, and the body as a
// sequence of top-level statements. Statements that are not nests are kept as
// text, with what the CUDA host function cannot compile rewritten:
//   - subscripts of multi-dimensional arrays (parameters and local VLAs are
//     flat pointers there): `A[i][j]` -> `A[(i) * (m) + (j)]`, a row
//     `A[i]` -> `(A + (i) * (m))`;
//   - local VLA declarations (C++ has no VLAs): `double z[n];` -> the
//     marker `/*@loopgpu-vla K@*/` (K: the array), for which the CUDA
//     printer declares storage in a std::vector and `double *z` into it;
//   - nests inside host statements (a host loop around a nest): a marker the
//     CUDA printer replaces with the nest's own copy-in/launch/copy-out block.
// It also records which arrays each statement reads and writes, so that the
// host function can keep arrays on the GPU between nests and copy only when
// host code needs them.
//
//===----------------------------------------------------------------------===//
#include "NestBuilder.h"

#include "ClangDiagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <functional>
#include <map>
#include <set>

using namespace clang;

namespace loopgpu {
namespace {

class FunctionBuilder {
public:
  FunctionBuilder(ASTContext &Ctx, ClangDiagnostics &Diag, const FunctionDecl &FD,
                  const std::vector<std::pair<const ForStmt *, unsigned>> &Nests, const Program &Prog)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diag(Diag), FD(FD), NestLoops(Nests), Prog(Prog) {}

  std::optional<HostFunction> build() {
    F.Name = FD.getNameAsString();
    F.ReturnType = spelledForHost(FD.getReturnType()).getAsString(hostPolicy(Ctx));
    F.Loc = Diag.loc(FD.getLocation());
    for (const auto &[FS, Index] : NestLoops)
      F.Nests.push_back(Index);
    for (const ParmVarDecl *P : FD.parameters())
      addParam(*P);
    checkNestsOwnTheirText();
    if (Failed)
      return std::nullopt;
    collectLocalArrays();
    applyDataClauses();
    findWrittenParams();
    collectEdits();
    buildItems();
    for (const auto &[FS, Index] : NestLoops) {
      iteratorRangeChecks(Index);
      finalIterators(Index);
    }
    if (Failed)
      return std::nullopt;
    return std::move(F);
  }

private:
  //===------------------------------------------------------------------===//
  // Source text
  //===------------------------------------------------------------------===//

  unsigned offset(SourceLocation L) const { return SM.getFileOffset(SM.getExpansionLoc(L)); }
  /// Just past the last token of R.
  unsigned endOffset(SourceRange R) const {
    // A macro invocation's end is its closing token, not its name.
    SourceLocation E =
        Lexer::getLocForEndOfToken(SM.getExpansionRange(R.getEnd()).getEnd(), 0, SM, Ctx.getLangOpts());
    return E.isValid() ? SM.getFileOffset(E) : offset(R.getEnd());
  }
  /// The file text [begin, end) of R's tokens, if they are contiguous text
  /// of the function's file (see Lexer::makeFileCharRange).
  std::optional<std::pair<unsigned, unsigned>> fileRange(SourceRange R) const {
    CharSourceRange CR = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
    if (CR.isInvalid() || SM.getFileID(CR.getBegin()) != SM.getFileID(SM.getExpansionLoc(FD.getLocation())))
      return std::nullopt;
    return std::make_pair(SM.getFileOffset(CR.getBegin()), SM.getFileOffset(CR.getEnd()));
  }
  llvm::StringRef buffer() const { return SM.getBufferData(SM.getFileID(SM.getExpansionLoc(FD.getLocation()))); }
  bool inMacro(SourceRange R) const { return R.getBegin().isMacroID() || R.getEnd().isMacroID(); }

  std::string sourceText(const clang::Expr *E) const {
    return buffer().slice(offset(E->getBeginLoc()), endOffset(E->getSourceRange())).str();
  }

  /// One replacement of the original text [Begin, End).
  struct Edit {
    unsigned Begin, End;
    std::function<std::string()> Make;
  };

  /// The text of [Begin, End) with the outermost edits inside it applied;
  /// an edit's own text renders the edits nested in it.
  std::string render(unsigned Begin, unsigned End) const {
    std::string Out;
    unsigned Pos = Begin;
    for (const Edit &E : Edits) { // sorted by Begin, outer before inner
      if (E.Begin < Pos || E.End > End)
        continue;
      Out += buffer().slice(Pos, E.Begin).str();
      Out += E.Make();
      Pos = E.End;
    }
    Out += buffer().slice(Pos, End).str();
    return Out;
  }

  /// -emit=c and -emit=cuda replace a nest's text [pragma line, end of the
  /// loop], through the ends of the macro invocations it begins and ends in.
  /// A statement next to the nest that comes from the same invocation
  /// (`#define BOTH(A, n) for (...) A[i] *= 2; A[0] = 7;`) would be lost
  /// with it: refused (a null statement `;` is nothing to lose).
  void checkNestsOwnTheirText() {
    for (const auto &[FS, Index] : NestLoops) {
      const Nest &N = Prog.Nests[Index];
      for (const DynTypedNode &Parent : Ctx.getParents(*FS)) {
        const auto *CS = Parent.get<CompoundStmt>();
        if (!CS)
          continue;
        auto Overlaps = [&](unsigned B, unsigned E) { return B < N.EndOffset && E > N.PragmaLineOffset; };
        const Stmt *Other = nullptr;
        for (const Stmt *S : CS->body())
          if (S != FS && !isa<NullStmt>(S) && Overlaps(offset(S->getBeginLoc()), endOffset(S->getSourceRange())))
            Other = S;
        unsigned L = offset(CS->getLBracLoc()), R = offset(CS->getRBracLoc());
        if (Other || Overlaps(L, L + 1) || Overlaps(R, R + 1)) {
          Diag.error(Diag.loc(Other ? Other->getBeginLoc() : FS->getBeginLoc()),
                     "the '#pragma loopgpu' nest at line " + std::to_string(N.Loc.Line) +
                         " and other code come from one macro invocation; loopgpu replaces the nest's "
                         "text and would lose the rest: write the nest in a macro (or in text) of its own");
          Failed = true;
        }
      }
    }
  }

  //===------------------------------------------------------------------===//
  // Arrays and parameters
  //===------------------------------------------------------------------===//
  /// Describes an array or pointer variable of arithmetic elements.
  std::optional<HostArray> describeArray(const VarDecl &VD) {
    HostArray A;
    A.Name = VD.getNameAsString();
    A.Loc = Diag.loc(VD.getLocation());
    const auto *PVD = dyn_cast<ParmVarDecl>(&VD);
    A.IsParameter = PVD != nullptr;
    QualType T = PVD ? PVD->getOriginalType() : VD.getType();
    A.IsRestrict = T.isRestrictQualified() || VD.getType().isRestrictQualified();
    bool First = true, HasVLA = false;
    while (true) {
      if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
        if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
          A.Extents.push_back(std::to_string(CAT->getSize().getZExtValue()));
        else if (const auto *VAT = dyn_cast<VariableArrayType>(AT)) {
          HasVLA = true;
          const clang::Expr *Size = VAT->getSizeExpr();
          A.Extents.push_back(Size && !inMacro(Size->getSourceRange()) ? sourceText(Size)
                              : Size                                   ? macroExtent(*Size)
                                                                       : "");
        } else
          A.Extents.push_back("");
        A.IsRestrict |= AT->getIndexTypeQualifiers().hasRestrict();
        T = AT->getElementType();
        First = false;
        continue;
      }
      if (const auto *PT = T->getAs<PointerType>()) {
        if (!First)
          return std::nullopt;
        A.Extents.push_back("");
        T = PT->getPointeeType();
        First = false;
        continue;
      }
      break;
    }
    std::optional<ScalarType> ET = scalarTypeOf(T);
    if (!ET && !A.Extents.empty()) // not a struct itself (passed by value)
      if (std::optional<FlatStruct> FS = flatStructOf(Ctx, T)) { // an array of structs: NestBuilder's arrayFor
        A.Extents.push_back(std::to_string(FS->Count));
        ET = FS->Element;
        A.StructType = T.getUnqualifiedType().getAsString(hostPolicy(Ctx));
      }
    if (A.Extents.empty() || !ET)
      return std::nullopt;
    A.ElementType = *ET;
    A.IsConst = T.isConstQualified();
    A.IsLocalVLA = HasVLA && !PVD;
    return A;
  }

  /// A VLA extent written through a macro: its value if it is a constant,
  /// else the macro's expansion as Clang prints it.
  std::string macroExtent(const clang::Expr &Size) const {
    clang::Expr::EvalResult R;
    if (Size.EvaluateAsInt(R, Ctx))
      return std::to_string(R.Val.getInt().getSExtValue());
    std::string S;
    llvm::raw_string_ostream OS(S);
    Size.printPretty(OS, nullptr, Ctx.getPrintingPolicy());
    return OS.str();
  }

  void addParam(const ParmVarDecl &P) {
    HostParam HP;
    HP.Name = P.getNameAsString();
    llvm::raw_string_ostream OS(HP.TypeSpelling);
    spelledForHost(P.getOriginalType()).print(OS, hostPolicy(Ctx), HP.Name);
    OS.flush();
    if (std::optional<ScalarType> T = scalarTypeOf(P.getType())) {
      HP.K = HostParam::Kind::Scalar;
      HP.Type = *T;
    } else if (std::optional<HostArray> A = describeArray(P); A && (A->StructType.empty() || nestArray(A->Name))) {
      // (A pointer to structs no nest indexes stays a pointer of host code.)
      HP.K = HostParam::Kind::Array;
      HP.ArrayIndex = static_cast<int>(F.Arrays.size());
      ArrayDecls[&P] = F.Arrays.size();
      F.Arrays.push_back(*A);
    }
    F.Params.push_back(HP);
  }

  /// Whether one of the function's nests has an array named Name.
  bool nestArray(const std::string &Name) const {
    for (const auto &[Loop, Index] : NestLoops)
      for (const ArrayInfo &A : Prog.Nests[Index].Arrays)
        if (A.Name == Name)
          return true;
    return false;
  }

  /// Parameters the body assigns: their values at the function's entry
  /// are not their values later.
  void findWrittenParams() {
    struct Visitor : RecursiveASTVisitor<Visitor> {
      std::set<const ParmVarDecl *> Written;
      void note(const clang::Expr *E) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
          if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
            Written.insert(P);
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
    } V;
    V.TraverseStmt(FD.getBody());
    for (unsigned I = 0; I < FD.getNumParams(); ++I)
      F.Params[I].Written = V.Written.count(FD.getParamDecl(I));
  }

  bool insideNest(SourceLocation L) const {
    unsigned O = offset(L);
    for (const auto &[FS, Index] : NestLoops)
      if (O >= Prog.Nests[Index].PragmaLineOffset && O < Prog.Nests[Index].EndOffset)
        return true;
    return false;
  }

  /// Arrays declared in the body, outside the nests.
  void collectLocalArrays() {
    struct Visitor : RecursiveASTVisitor<Visitor> {
      FunctionBuilder &B;
      explicit Visitor(FunctionBuilder &B) : B(B) {}
      bool VisitVarDecl(VarDecl *VD) {
        if (isa<ParmVarDecl>(VD) || !VD->isLocalVarDecl() || VD->isStaticLocal() ||
            !VD->getType()->isArrayType() || B.insideNest(VD->getLocation()))
          return true;
        if (std::optional<HostArray> A = B.describeArray(*VD); A && (A->StructType.empty() || B.nestArray(A->Name))) {
          B.ArrayDecls[VD] = B.F.Arrays.size();
          B.F.Arrays.push_back(*A);
        }
        return true;
      }
    } V(*this);
    V.TraverseStmt(FD.getBody());
  }

  /// `copy(H[0:nb])`, `copyin(...)`, `copyout(...)` on a nest: the extent
  /// of an array whose declaration does not give it, and which copies the
  /// data region makes.
  void applyDataClauses() {
    for (const auto &[FS, Index] : NestLoops)
      for (const Clause &C : Prog.Nests[Index].Clauses) {
        if (C.K != Clause::Kind::Copy && C.K != Clause::Kind::CopyIn && C.K != Clause::Kind::CopyOut)
          continue;
        for (size_t I = 0; I < C.Names.size(); ++I) {
          auto It = std::find_if(F.Arrays.begin(), F.Arrays.end(),
                                 [&](const HostArray &A) { return A.Name == C.Names[I]; });
          if (It == F.Arrays.end()) {
            Diag.error(C.Loc, "'" + C.Names[I] + "' in '" + spelling(C.K) +
                                  "' is not an array parameter or local array of '" + F.Name + "'");
            Failed = true;
            continue;
          }
          const auto &[First, Length] = C.Sections[I];
          if (!First.empty() && First != "0") {
            Diag.error(C.Loc, "the section of '" + It->Name + "' in '" + spelling(C.K) +
                                  "' must start at 0 ([0:length]): loopgpu copies whole arrays");
            Failed = true;
            continue;
          }
          if (!Length.empty()) {
            if (!It->Extents[0].empty() && It->Extents[0] != Length)
              Diag.warning(C.Loc, "the declaration of '" + It->Name + "' gives its extent (" + It->Extents[0] +
                                      "); the length " + Length + " in '" + spelling(C.K) + "' is ignored");
            else
              It->Extents[0] = Length;
          }
          if (C.K == Clause::Kind::CopyIn)
            It->CopyOut = false;
          if (C.K == Clause::Kind::CopyOut)
            It->CopyIn = false;
        }
      }
  }

  const VarDecl *hostArrayOf(const clang::Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (ArrayDecls.count(VD))
          return VD;
    return nullptr;
  }

  //===------------------------------------------------------------------===//
  // Rewriting host code
  //===------------------------------------------------------------------===//
  void collectEdits() {
    struct Visitor : RecursiveASTVisitor<Visitor> {
      FunctionBuilder &B;
      std::set<const ArraySubscriptExpr *> Inner; ///< bases of other subscripts
      explicit Visitor(FunctionBuilder &B) : B(B) {}
      bool TraverseForStmt(ForStmt *FS, DataRecursionQueue * = nullptr) {
        for (const auto &[Loop, Index] : B.NestLoops)
          if (Loop == FS) {
            B.addNestMarker(Index);
            return true;
          }
        return RecursiveASTVisitor::TraverseForStmt(FS);
      }
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
        if (const auto *Base = dyn_cast<ArraySubscriptExpr>(ASE->getBase()->IgnoreParenImpCasts()))
          Inner.insert(Base);
        if (!Inner.count(ASE))
          B.addSubscriptEdit(*ASE);
        return true;
      }
      bool VisitDeclStmt(DeclStmt *DS) {
        B.addDeclEdit(*DS);
        return true;
      }
      // An array of structs used whole (`p->x`, `helper(p)`): the host
      // function's flat pointer as the struct's pointer.
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        if (Subscripted.count(DRE))
          return true;
        if (const VarDecl *VD = B.hostArrayOf(DRE)) {
          const HostArray &A = B.F.Arrays[B.ArrayDecls.at(VD)];
          if (!A.StructType.empty() && A.IsParameter)
            if (std::optional<std::pair<unsigned, unsigned>> R = B.fileRange(DRE->getSourceRange())) {
              std::string Text = "((" + std::string(A.IsConst ? "const " : "") + A.StructType + " *)" + A.Name + ")";
              B.Edits.push_back({R->first, R->second, [Text] { return Text; }});
            }
        }
        return true;
      }
      bool TraverseArraySubscriptExpr(ArraySubscriptExpr *ASE, DataRecursionQueue * = nullptr) {
        if (const auto *D = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts()))
          Subscripted.insert(D);
        return RecursiveASTVisitor::TraverseArraySubscriptExpr(ASE);
      }
      std::set<const DeclRefExpr *> Subscripted;
    } V(*this);
    // Pre-order: an outer subscript is seen before the subscripts in its base.
    V.TraverseStmt(FD.getBody());
    std::sort(Edits.begin(), Edits.end(), [](const Edit &A, const Edit &B) {
      return A.Begin != B.Begin ? A.Begin < B.Begin : A.End > B.End;
    });
  }

  void addNestMarker(unsigned Index) {
    const Nest &N = Prog.Nests[Index];
    // The pragma line's indentation stays in front of the block.
    llvm::StringRef Line = buffer().substr(N.PragmaLineOffset);
    std::string Indent = Line.take_while([](char C) { return C == ' ' || C == '\t'; }).str();
    Edits.push_back({N.PragmaLineOffset, N.EndOffset,
                     [Index, Indent] { return Indent + "/*@loopgpu-nest " + std::to_string(Index) + "@*/"; }});
  }

  void addSubscriptEdit(const ArraySubscriptExpr &Outer) {
    std::vector<const clang::Expr *> Indices;
    const clang::Expr *E = &Outer;
    while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts())) {
      Indices.insert(Indices.begin(), ASE->getIdx());
      E = ASE->getBase();
    }
    const VarDecl *VD = hostArrayOf(E);
    if (!VD)
      return;
    const HostArray &A = F.Arrays[ArrayDecls.at(VD)];
    // Parameters are flat pointers in the host function and local VLAs flat
    // pointers into vectors (addDeclEdit); a constant-size local keeps its
    // declaration, and so its subscripts (`int t[2][3]; t[1][0] = 4;`).
    if (A.rank() < 2 || (!A.IsParameter && !A.IsLocalVLA))
      return;
    std::string Struct = A.StructType, Const = A.IsConst ? "const " : "";
    // The subscript and each index must be text of the file: written
    // outside macros, in one argument of a macro (`SCALE(C[1][2])`), or a
    // whole macro invocation whose indices are its arguments
    // (`GET(C, i, j)` for `A[i][j]`); an index written in a macro's body
    // cannot be rewritten in the file.
    std::optional<std::pair<unsigned, unsigned>> Whole = fileRange(Outer.getSourceRange());
    std::vector<std::pair<unsigned, unsigned>> Ranges;
    for (const clang::Expr *I : Indices) {
      std::optional<std::pair<unsigned, unsigned>> R = fileRange(I->getSourceRange());
      if (!R || !Whole || R->first < Whole->first || R->second > Whole->second) {
        Whole.reset();
        break;
      }
      Ranges.push_back(*R);
    }
    if (!Whole) {
      Diag.error(Diag.loc(Outer.getBeginLoc()),
                 "host code between nests indexes the multi-dimensional array '" + A.Name +
                     "' inside a macro; loopgpu cannot rewrite it for the host function (write the "
                     "subscripts outside the macro)");
      Failed = true;
      return;
    }
    for (unsigned D = 1; D < A.rank(); ++D)
      if (A.Extents[D].empty())
        return; // `float A[][m]` always has its inner extents; nothing else reaches here
    std::string Name = A.Name;
    std::vector<std::string> Extents = A.Extents;
    Edits.push_back({Whole->first, Whole->second, [this, Ranges, Name, Extents, Struct, Const] {
                       std::string Index;
                       for (size_t D = 0; D < Ranges.size(); ++D) {
                         std::string Sub = "(" + render(Ranges[D].first, Ranges[D].second) + ")";
                         Index = D == 0 ? Sub : "(" + Index + ") * (" + Extents[D] + ") + " + Sub;
                       }
                       if (Ranges.size() == Extents.size())
                         return Name + "[" + Index + "]";
                       std::string Row;
                       for (size_t D = Ranges.size(); D < Extents.size(); ++D)
                         Row += " * (" + Extents[D] + ")";
                       std::string At = "(" + Name + " + (" + Index + ")" + Row + ")";
                       // An array of structs: an element (`p[0].x`) or a row of them.
                       if (!Struct.empty())
                         return std::string(Ranges.size() + 1 == Extents.size() ? "(*" : "(") + "(" + Const +
                                Struct + " *)" + At + ")";
                       return At;
                     }});
  }

  /// `double z[n][m];` -> vector storage and a flat pointer into it.
  void addDeclEdit(const DeclStmt &DS) {
    for (const Decl *D : DS.decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || !ArrayDecls.count(VD) || !F.Arrays[ArrayDecls.at(VD)].IsLocalVLA)
        continue;
      if (!DS.isSingleDecl() || inMacro(DS.getSourceRange())) {
        Diag.error(Diag.loc(VD->getLocation()),
                   "the variable-length array '" + VD->getNameAsString() +
                       "' must be declared on its own (one declaration, outside macros) for the "
                       "host function to rewrite it: C++ has no variable-length arrays");
        Failed = true;
        return;
      }
      // The CUDA printer writes the declaration (HostCode.cpp) where this
      // marker stands, in the names it spells.
      std::string Text = "/*@loopgpu-vla " + std::to_string(ArrayDecls.at(VD)) + "@*/";
      Edits.push_back({offset(DS.getBeginLoc()), endOffset(DS.getSourceRange()), [Text] { return Text; }});
    }
  }

  //===------------------------------------------------------------------===//
  // Top-level statements and what they touch
  //===------------------------------------------------------------------===//
  void buildItems() {
    const auto *Body = cast<CompoundStmt>(FD.getBody());
    unsigned Pos = offset(Body->getLBracLoc()) + 1;
    unsigned End = offset(Body->getRBracLoc());
    std::map<const Stmt *, unsigned> NestOf;
    for (const auto &[FS, Index] : NestLoops)
      NestOf[FS] = Index;
    auto Host = [&](unsigned From, unsigned To, const Stmt *S) {
      if (From >= To)
        return;
      HostFunction::Item It;
      It.Text = render(From, To);
      It.Reads.assign(F.Arrays.size(), false);
      It.Writes.assign(F.Arrays.size(), false);
      if (S)
        recordUses(*S, It);
      F.Items.push_back(std::move(It));
    };
    for (const Stmt *S : Body->body()) {
      auto NI = NestOf.find(S);
      if (NI == NestOf.end()) {
        unsigned E = std::max(Pos, nextStart(*Body, S, End));
        Host(Pos, E, S);
        Pos = E;
        continue;
      }
      const Nest &N = Prog.Nests[NI->second];
      Host(Pos, N.PragmaLineOffset, nullptr);
      HostFunction::Item It;
      It.Nest = static_cast<int>(NI->second);
      F.Items.push_back(std::move(It));
      Pos = N.EndOffset;
    }
    Host(Pos, End, nullptr);
  }

  /// Run-time checks, before nest Index, that each loop whose bounds are in
  /// parameters only ends at a value its iterator's type holds (NestBuilder
  /// refuses constant bounds that do not): `for (char i = 0; i < n; i++)`
  /// with n = 200 wraps i around in C, and the program stops with a message
  /// instead of running 200 iterations the C code never runs.
  void iteratorRangeChecks(unsigned Index) {
    const Nest &N = Prog.Nests[Index];
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    auto Name = N.namer();
    auto Wide = [&](AffVar V) { return "((long long)" + Name(V) + ")"; };
    for (const Loop &L : N.Loops) {
      const ScalarType &T = L.IteratorType;
      // Types narrower than int, whose bounds in int parameters can exceed
      // them (`i < n` for an int iterator and int n always ends).
      unsigned Bits = T.K == ScalarType::Kind::Char ? 8 : T.K == ScalarType::Kind::Short ? 16 : 0;
      bool UsesIterator = false;
      for (const AffExpr *E : {&L.Lower, &L.Upper})
        E->forEachVar([&](AffVar V) { UsesIterator |= V.isIterator(); });
      if (!Bits || UsesIterator || (L.Lower.isConstant() && L.Upper.isConstant()))
        continue;
      long long Max = T.IsUnsigned ? (long long)((1ULL << Bits) - 1) : (long long)((1ULL << (Bits - 1)) - 1);
      long long Min = T.IsUnsigned ? 0 : -Max - 1;
      std::string Lo = L.Lower.str(Wide, "loopgpu_min", "loopgpu_max");
      std::string Hi = L.Upper.str(Wide, "loopgpu_min", "loopgpu_max");
      std::string Trip = "loopgpu_trip(" + Lo + ", " + Hi + ", " + std::to_string(L.Step) + ")";
      // The last value is within the bounds; the one after it ends the loop.
      std::string Last = L.Step > 0 ? "(" + Lo + ") + (" + Trip + " - 1) * " + std::to_string(L.Step)
                                    : "(" + Hi + ") + (" + Trip + " - 1) * " + std::to_string(L.Step);
      std::string Fails = L.Step > 0 ? "(" + Last + ") > " + std::to_string(Max - L.Step) + "LL"
                                     : "(" + Last + ") < " + std::to_string(Min - L.Step) + "LL";
      OS << "  if (" << Trip << " > 0 && " << Fails << ") {\n"
         << "    fprintf(stderr, \"loopgpu: " << F.Name << ": the loop at line " << L.Loc.Line << " never ends as "
         << "in C: its iterator '" << L.Iterator << "' of type '" << T.str()
         << "' cannot hold the value that ends it (C wraps it around)\\n\");\n"
         << "    exit(EXIT_FAILURE);\n"
         << "  }\n";
    }
    if (!Text.empty())
      F.IteratorChecks[Index] = Text;
  }

  /// The iterators declared before nest Index, as its C loops leave them:
  /// host code that walks the loop tree along the last iteration of each
  /// loop (the only one whose iterator values survive), setting each
  /// iterator to its last value while the loops inside it run, then to the
  /// value that ends its loop (its start when it does not run).
  void finalIterators(unsigned Index) {
    const Nest &N = Prog.Nests[Index];
    if (std::none_of(N.Loops.begin(), N.Loops.end(), [](const Loop &L) { return L.IteratorDeclaredOutside; }))
      return;
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    auto Name = N.namer();
    // Bounds in 64 bits: `n - 1` or `n + 1` cannot overflow before the count.
    auto Wide = [&](AffVar V) { return "((long long)" + Name(V) + ")"; };
    std::function<bool(const std::vector<NodePtr> &, unsigned)> Walk = [&](const std::vector<NodePtr> &Nodes,
                                                                           unsigned Depth) {
      std::string Ind(2 * Depth + 4, ' ');
      for (const NodePtr &Nd : Nodes) {
        bool Needed = false; // does this subtree assign an outer-declared iterator?
        std::function<void(const Node &)> Scan = [&](const Node &X) {
          Needed |= X.K == Node::Kind::Loop && N.Loops[X.Id].IteratorDeclaredOutside;
          for (const NodePtr &C : X.Body)
            Scan(*C);
          for (const NodePtr &C : X.Else)
            Scan(*C);
        };
        Scan(*Nd);
        if (!Needed)
          continue;
        if (Nd->K == Node::Kind::If) {
          if (!Nd->IsAffine) {
            Diag.error(Nd->Loc, "the iterators declared before this nest are used after it, and their final values "
                                "depend on a data-dependent 'if': declare the loops' iterators in the loops");
            Failed = true;
            return false;
          }
          OS << Ind << "if (" << Nd->Cond.str(Name, "loopgpu_min", "loopgpu_max") << ") {\n";
          if (!Walk(Nd->Body, Depth + 1))
            return false;
          OS << Ind << "} else {\n";
          if (!Walk(Nd->Else, Depth + 1))
            return false;
          OS << Ind << "}\n";
          continue;
        }
        if (Nd->K != Node::Kind::Loop)
          continue;
        const Loop &L = N.Loops[Nd->Id];
        std::string Lo = L.Lower.str(Wide, "loopgpu_min", "loopgpu_max");
        std::string Hi = L.Upper.str(Wide, "loopgpu_min", "loopgpu_max");
        std::string Start = L.Step > 0 ? Lo : Hi, Trip = "loopgpu_trip_" + L.Iterator;
        std::string Var = L.IteratorDeclaredOutside ? L.Iterator : "";
        OS << Ind << "{\n";
        OS << Ind << "  const long long " << Trip << " = loopgpu_trip(" << Lo << ", " << Hi << ", " << L.Step << ");\n";
        if (L.IteratorDeclaredOutside) {
          OS << Ind << "  if (" << Trip << " > 0) {\n";
          OS << Ind << "    " << Var << " = (" << L.IteratorType.str() << ")((" << Start << ") + (" << Trip << " - 1) * "
             << L.Step << ");\n";
        } else {
          // Declared in the loop: a local of the same name for the bounds inside.
          OS << Ind << "  if (" << Trip << " > 0) {\n";
          OS << Ind << "    const " << L.IteratorType.str() << " " << L.Iterator << " = (" << L.IteratorType.str()
             << ")((" << Start << ") + (" << Trip << " - 1) * " << L.Step << ");\n";
          OS << Ind << "    (void)" << L.Iterator << ";\n";
        }
        if (!Walk(Nd->Body, Depth + 2))
          return false;
        OS << Ind << "  }\n";
        if (L.IteratorDeclaredOutside)
          OS << Ind << "  " << Var << " = (" << L.IteratorType.str() << ")((" << Start << ") + " << Trip << " * "
             << L.Step << ");\n";
        OS << Ind << "}\n";
      }
      return true;
    };
    if (!Walk(N.Root, 0))
      return;
    OS.flush();
    F.FinalIterators[Index] = "  { // the iterators declared before the nest, as its C loops leave them\n" + Text + "  }\n";
  }

  /// Where the statement after H begins (Limit if none): H's item ends there,
  /// at the start of that statement's line if only blanks precede it there.
  unsigned nextStart(const CompoundStmt &Body, const Stmt *H, unsigned Limit) const {
    bool Seen = false;
    for (const Stmt *S : Body.body()) {
      if (Seen) {
        unsigned B = offset(S->getBeginLoc());
        for (const auto &[FS, Index] : NestLoops)
          if (FS == S)
            return std::min(Prog.Nests[Index].PragmaLineOffset, Limit);
        llvm::StringRef Buf = buffer();
        unsigned L = B;
        while (L > 0 && (Buf[L - 1] == ' ' || Buf[L - 1] == '\t'))
          --L;
        if (L > 0 && Buf[L - 1] == '\n')
          B = L;
        return std::min(B, Limit);
      }
      Seen = S == H;
    }
    return Limit;
  }

  /// Which host arrays statement S reads and writes. A reference that is not
  /// the base of a subscript (a call argument, a pointer copy) may do both.
  void recordUses(const Stmt &S, HostFunction::Item &It) {
    struct Visitor : RecursiveASTVisitor<Visitor> {
      FunctionBuilder &B;
      HostFunction::Item &It;
      std::set<const DeclRefExpr *> SubscriptBases, WrittenBases;
      std::vector<std::pair<const DeclRefExpr *, unsigned>> Refs;
      Visitor(FunctionBuilder &B, HostFunction::Item &It) : B(B), It(It) {}
      /// The array an element (or an element's member, `p[i].x`,
      /// `p[i].pos[k]`) belongs to.
      const DeclRefExpr *baseRef(const clang::Expr *E) {
        E = E->IgnoreParenImpCasts();
        bool Subscripted = false;
        while (true) {
          if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
            E = ASE->getBase()->IgnoreParenImpCasts();
            Subscripted = true;
          } else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
            E = ME->getBase()->IgnoreParenImpCasts();
          } else {
            break;
          }
        }
        return Subscripted ? dyn_cast<DeclRefExpr>(E) : nullptr;
      }
      bool TraverseForStmt(ForStmt *FS, DataRecursionQueue * = nullptr) {
        for (const auto &[Loop, Index] : B.NestLoops)
          if (Loop == FS) {
            It.InnerNests.push_back(Index);
            return true;
          }
        return RecursiveASTVisitor::TraverseForStmt(FS);
      }
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *ASE) {
        if (const DeclRefExpr *D = baseRef(ASE))
          SubscriptBases.insert(D);
        return true;
      }
      bool VisitBinaryOperator(BinaryOperator *BO) {
        if (BO->isAssignmentOp())
          if (const DeclRefExpr *D = baseRef(BO->getLHS()))
            WrittenBases.insert(D);
        return true;
      }
      bool VisitUnaryOperator(UnaryOperator *UO) {
        if (UO->isIncrementDecrementOp())
          if (const DeclRefExpr *D = baseRef(UO->getSubExpr()))
            WrittenBases.insert(D);
        return true;
      }
      bool VisitReturnStmt(ReturnStmt *) {
        It.Returns = true;
        return true;
      }
      // `const float w[5] = {1, 4, 6, 4, 1};`: the declaration's initializer
      // writes the whole array (a local `static` one's too: its values are
      // what the host holds when a nest runs).
      bool VisitVarDecl(VarDecl *VD) {
        if (auto It2 = B.ArrayDecls.find(VD); It2 != B.ArrayDecls.end() && VD->hasInit())
          Initialized.insert(It2->second);
        return true;
      }
      std::set<unsigned> Initialized;
      bool VisitDeclRefExpr(DeclRefExpr *DRE) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        if (!VD)
          return true;
        if (auto It2 = B.ArrayDecls.find(VD); It2 != B.ArrayDecls.end()) {
          Refs.push_back({DRE, It2->second});
          return true;
        }
        // Any other pointer (`float *p = A + 1;` then `p[0] = 1;`) may point
        // into every array whose elements it may access under C's aliasing
        // rules: the host code reads and writes them all.
        if (const auto *PT = VD->getType()->getAs<PointerType>()) {
          std::optional<ScalarType> T = scalarTypeOf(PT->getPointeeType().getUnqualifiedType());
          for (unsigned A = 0; A < B.F.Arrays.size(); ++A)
            if (!T || T->mayAliasWith(B.F.Arrays[A].ElementType))
              PointedTo.insert(A);
        }
        return true;
      }
      std::set<unsigned> PointedTo;
    } V(*this, It);
    V.TraverseStmt(const_cast<Stmt *>(&S));
    for (const auto &[DRE, A] : V.Refs) {
      It.Reads[A] = true;
      if (V.WrittenBases.count(DRE) || !V.SubscriptBases.count(DRE))
        It.Writes[A] = true;
    }
    for (unsigned A : V.PointedTo)
      It.Reads[A] = It.Writes[A] = true;
    for (unsigned A : V.Initialized)
      It.Writes[A] = true;
  }

  ASTContext &Ctx;
  SourceManager &SM;
  ClangDiagnostics &Diag;
  const FunctionDecl &FD;
  const std::vector<std::pair<const ForStmt *, unsigned>> &NestLoops;
  const Program &Prog;
  HostFunction F;
  std::map<const VarDecl *, unsigned> ArrayDecls;
  std::vector<Edit> Edits;
  bool Failed = false;
};

} // namespace

std::optional<HostFunction> buildHostFunction(ASTContext &Ctx, ClangDiagnostics &Diag, const FunctionDecl &FD,
                                              const std::vector<std::pair<const ForStmt *, unsigned>> &Nests,
                                              const Program &Prog) {
  return FunctionBuilder(Ctx, Diag, FD, Nests, Prog).build();
}

} // namespace loopgpu
