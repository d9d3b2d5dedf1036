//===- Frontend.cpp - Clang frontend: find and lower marked nests ---------===//
#include "loopgpu/Frontend/Frontend.h"
#include "ClangDiagnostics.h"
#include "NestBuilder.h"
#include "PragmaParser.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <cctype>
#include <set>

using namespace clang;

#ifndef LOOPGPU_CLANG_RESOURCE_DIR
#define LOOPGPU_CLANG_RESOURCE_DIR ""
#endif

namespace loopgpu {
namespace {

/// Statements in statement position (where a pragma may precede them), with
/// the function whose body contains them.
class StatementCollector : public RecursiveASTVisitor<StatementCollector> {
public:
  struct Entry {
    const Stmt *S;
    const FunctionDecl *FD;
  };
  std::vector<Entry> Stmts;
  std::vector<const FunctionDecl *> Functions;

  explicit StatementCollector(const SourceManager &SM) : SM(SM) {}

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasBody() || !FD->doesThisDeclarationHaveABody() ||
        !SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      return true;
    Functions.push_back(FD);
    Current = FD;
    TraverseStmt(FD->getBody());
    Current = nullptr;
    return true;
  }
  void add(const Stmt *S) {
    if (S && Current && !isa<CompoundStmt>(S))
      Stmts.push_back({S, Current});
  }
  bool VisitCompoundStmt(CompoundStmt *CS) {
    for (Stmt *Child : CS->body())
      add(Child);
    return true;
  }
  bool VisitForStmt(ForStmt *S) { add(S->getBody()); return true; }
  bool VisitWhileStmt(WhileStmt *S) { add(S->getBody()); return true; }
  bool VisitDoStmt(DoStmt *S) { add(S->getBody()); return true; }
  bool VisitIfStmt(IfStmt *S) {
    add(S->getThen());
    add(S->getElse());
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) { add(S->getSubStmt()); return true; }

private:
  const SourceManager &SM;
  const FunctionDecl *Current = nullptr;
};

/// The functions a body refers to (calls, or takes the address of).
class CalleeCollector : public RecursiveASTVisitor<CalleeCollector> {
public:
  std::vector<const FunctionDecl *> Found;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      Found.push_back(FD->getCanonicalDecl());
    return true;
  }
};

/// C that is not C++, in code the CUDA file repeats (Program::NotCxx): an
/// implicit conversion from `void *` (`float *p = malloc(...)`).
class CxxOnlyChecker : public RecursiveASTVisitor<CxxOnlyChecker> {
public:
  CxxOnlyChecker(ClangDiagnostics &Diag, Program &Prog) : Diag(Diag), Prog(Prog) {}
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    QualType From = E->getSubExpr()->getType(), To = E->getType();
    if (E->getCastKind() == CK_BitCast && From->isVoidPointerType() && To->isPointerType() &&
        !To->isVoidPointerType())
      Prog.NotCxx.push_back({Diag.loc(E->getBeginLoc()),
                             "implicit conversion from '" + From.getAsString() + "' to '" + To.getAsString() +
                                 "' is C but not C++, and the CUDA file repeats this code: add a cast"});
    return true;
  }

private:
  ClangDiagnostics &Diag;
  Program &Prog;
};

/// The file-scope declarations the CUDA file repeats (FileScopeDecl): every
/// declaration of the main file except functions, and the functions that
/// the functions with nests or the variables' initializers name,
/// transitively. Records in Prog.NotCxx what C++ cannot compile there.
void collectFileScope(ASTContext &Ctx, ClangDiagnostics &Diag, const std::vector<const FunctionDecl *> &WithNests,
                      Program &Prog) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::set<const FunctionDecl *> NestFunctions(WithNests.begin(), WithNests.end()), Called;
  std::vector<const FunctionDecl *> Work(WithNests.rbegin(), WithNests.rend());
  // The initializers of the file's variables (repeated) may name functions.
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D);
        VD && VD->getInit() && SM.isInMainFile(SM.getExpansionLoc(VD->getLocation()))) {
      CalleeCollector C;
      C.TraverseStmt(const_cast<clang::Expr *>(VD->getInit()));
      for (const FunctionDecl *G : C.Found)
        if (!NestFunctions.count(G) && Called.insert(G).second)
          Work.push_back(G);
    }
  CxxOnlyChecker Checker(Diag, Prog);
  while (!Work.empty()) {
    const FunctionDecl *FD = Work.back(), *Def = nullptr;
    Work.pop_back();
    if (!FD->hasBody(Def) || !SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
      continue;
    Checker.TraverseStmt(Def->getBody());
    CalleeCollector C;
    C.TraverseStmt(Def->getBody());
    for (const FunctionDecl *G : C.Found)
      if (!NestFunctions.count(G) && Called.insert(G).second)
        Work.push_back(G);
  }
  // The functions nests call run on the GPU too (Nest::DeviceFunctions).
  std::set<std::string> Device;
  for (const Nest &N : Prog.Nests)
    Device.insert(N.DeviceFunctions.begin(), N.DeviceFunctions.end());
  for (const FunctionDecl *FD : NestFunctions)
    if (Device.count(FD->getNameAsString()))
      Diag.error(Diag.loc(FD->getLocation()), "a nest calls '" + FD->getNameAsString() +
                                                  "', which has a '#pragma loopgpu' nest of its own: a function "
                                                  "that runs on the GPU cannot launch kernels");
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    if (D->isImplicit() || !SM.isInMainFile(B))
      continue;
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (FD && !Called.count(FD->getCanonicalDecl()))
      continue;
    if (FD)
      for (const ParmVarDecl *P : FD->parameters())
        if (P->getOriginalType()->isVariablyModifiedType())
          Prog.NotCxx.push_back({Diag.loc(P->getLocation()),
                                 "the host code calls '" + FD->getNameAsString() + "', whose parameter '" +
                                     P->getNameAsString() +
                                     "' is a variable-length array: C++ has none, and the CUDA file repeats "
                                     "this declaration"});
    unsigned Begin = SM.getFileOffset(B);
    SourceLocation E = SM.getExpansionRange(D->getEndLoc()).getEnd();
    unsigned End = SM.getFileOffset(Lexer::getLocForEndOfToken(E, 0, SM, Ctx.getLangOpts()));
    size_t Semi = End;
    while (Semi < Buf.size() && std::isspace(static_cast<unsigned char>(Buf[Semi])))
      ++Semi;
    if (Semi < Buf.size() && Buf[Semi] == ';')
      End = Semi + 1;
    std::vector<std::pair<std::string, SourceLoc>> External;
    if (const auto *VD = dyn_cast<VarDecl>(D);
        VD && VD->hasExternalFormalLinkage() && VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly)
      External.push_back({VD->getNameAsString(), Diag.loc(VD->getLocation())});
    if (FD && FD->hasExternalFormalLinkage() && FD->doesThisDeclarationHaveABody())
      External.push_back({FD->getNameAsString(), Diag.loc(FD->getLocation())});
    // Declarators of one declaration (`int a, b;`, `typedef struct {...} S;`)
    // share their text.
    bool OnDevice = FD && Device.count(FD->getNameAsString());
    const bool IsType = isa<TypeDecl>(D);
    if (!Prog.FileScope.empty() && Begin < Prog.FileScope.back().EndOffset) {
      FileScopeDecl &Last = Prog.FileScope.back();
      Last.BeginOffset = std::min(Last.BeginOffset, Begin);
      Last.EndOffset = std::max(Last.EndOffset, End);
      Last.External.insert(Last.External.end(), External.begin(), External.end());
      Last.Device |= OnDevice;
      Last.IsType &= IsType; // `struct s {...} v;` declares a variable too
      continue;
    }
    Prog.FileScope.push_back({Begin, End, OnDevice, IsType, External});
  }
  std::stable_sort(Prog.NotCxx.begin(), Prog.NotCxx.end(), [](const auto &A, const auto &B) {
    return std::make_pair(A.first.Line, A.first.Col) < std::make_pair(B.first.Line, B.first.Col);
  });
}

/// Records where conditional directives (#if ... #endif) are: the CUDA and C
/// printers replace a nest's source text, which must not cut through one.
class ConditionalRecorder : public PPCallbacks {
public:
  explicit ConditionalRecorder(std::vector<SourceLocation> &Locs) : Locs(Locs) {}
  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override { Locs.push_back(Loc); }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind, SourceLocation) override { Locs.push_back(Loc); }
  void Ifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override { Locs.push_back(Loc); }
  void Ifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override { Locs.push_back(Loc); }
  void Elifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override { Locs.push_back(Loc); }
  void Elifdef(SourceLocation Loc, SourceRange, SourceLocation) override { Locs.push_back(Loc); }
  void Elifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override { Locs.push_back(Loc); }
  void Elifndef(SourceLocation Loc, SourceRange, SourceLocation) override { Locs.push_back(Loc); }
  void Else(SourceLocation Loc, SourceLocation) override { Locs.push_back(Loc); }
  void Endif(SourceLocation Loc, SourceLocation) override { Locs.push_back(Loc); }

private:
  std::vector<SourceLocation> &Locs;
};

/// Clang 19's parser never returns from `(::` in C (`int x = (::;`,
/// `sizeof(::)`): isTypeSpecifierQualifier retries the same `::` token
/// forever. A `::` is C only between the names of a `[[vendor::attribute]]`,
/// so one that does not follow a name is reported here, as the preprocessor
/// hands it to the parser, and handed on as `:`, on which the parser recovers.
/// Tokens the parser looks ahead at and replays are the same objects: each is
/// judged once.
class ScopeTokenGuard {
public:
  explicit ScopeTokenGuard(DiagnosticsEngine &DE)
      : DE(DE), ID(DE.getCustomDiagID(DiagnosticsEngine::Error,
                                      "'::' is not C here (only inside '[[vendor::attribute]]')")) {}
  void operator()(const Token &Tok) {
    if (Tok.is(tok::coloncolon) && !AfterName) {
      DE.Report(Tok.getLocation(), ID);
      const_cast<Token &>(Tok).setKind(tok::colon); // the preprocessor's own token, not a copy
    }
    AfterName = Tok.is(tok::identifier) || Tok.getIdentifierInfo() != nullptr;
  }

private:
  DiagnosticsEngine &DE;
  unsigned ID;
  bool AfterName = false;
};

class LoopgpuConsumer : public ASTConsumer {
public:
  LoopgpuConsumer(CompilerInstance &CI, std::vector<PragmaRecord> &Pragmas,
                  const std::vector<SourceLocation> &Conditionals, const ProgramCallback &OnProgram,
                  bool &HadErrors, const FrontendOptions &Opts, std::shared_ptr<DependencyCollector> Deps)
      : CI(CI), Pragmas(Pragmas), Conditionals(Conditionals), OnProgram(OnProgram), HadErrors(HadErrors),
        Opts(Opts), Deps(std::move(Deps)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    if (DE.hasErrorOccurred()) {
      HadErrors = true;
      return;
    }
    const SourceManager &SM = Ctx.getSourceManager();
    ClangDiagnostics Diag(DE, SM);

    StatementCollector SC(SM);
    SC.TraverseDecl(Ctx.getTranslationUnitDecl());
    auto Before = [&](SourceLocation A, SourceLocation B) {
      return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A), SM.getExpansionLoc(B));
    };
    std::sort(SC.Stmts.begin(), SC.Stmts.end(),
              [&](const auto &A, const auto &B) { return Before(A.S->getBeginLoc(), B.S->getBeginLoc()); });

    // Attach each pragma to the statement that follows it.
    std::map<const ForStmt *, std::vector<Clause>> LoopClauses;
    std::map<const ForStmt *, std::pair<const FunctionDecl *, SourceLocation>> Marked;
    for (const PragmaRecord &P : Pragmas) {
      if (!SM.isInMainFile(SM.getExpansionLoc(P.Loc)))
        continue;
      std::vector<Clause> Clauses;
      if (!parseClauses(P, Diag, Clauses))
        continue;
      const FunctionDecl *Owner = nullptr;
      for (const FunctionDecl *FD : SC.Functions) {
        SourceRange R = FD->getBody()->getSourceRange();
        if (Before(R.getBegin(), P.Loc) && Before(P.Loc, R.getEnd()))
          Owner = FD;
      }
      if (!Owner) {
        Diag.error(Diag.loc(P.Loc), "'#pragma loopgpu' must appear inside a function body, "
                                    "immediately before a 'for' loop");
        continue;
      }
      auto It = std::find_if(SC.Stmts.begin(), SC.Stmts.end(), [&](const auto &E) {
        return E.FD == Owner && Before(P.Loc, E.S->getBeginLoc());
      });
      const ForStmt *FS = nullptr;
      if (It != SC.Stmts.end() && Before(It->S->getBeginLoc(), Owner->getBody()->getEndLoc()))
        FS = dyn_cast<ForStmt>(It->S);
      if (!FS && P.Loc.isMacroID() && std::any_of(SC.Stmts.begin(), SC.Stmts.end(), [&](const auto &E) {
            return E.FD == Owner && isa<ForStmt>(E.S) &&
                   SM.getExpansionLoc(E.S->getBeginLoc()) == SM.getExpansionLoc(P.Loc);
          })) {
        Diag.error(Diag.loc(P.Loc), "'_Pragma(\"loopgpu\")' in the same macro as its loop is not supported: "
                                    "write '#pragma loopgpu' on its own line before the macro's invocation");
        continue;
      }
      if (!FS) {
        Diag.error(Diag.loc(P.Loc), "'#pragma loopgpu' must be followed by a 'for' loop");
        continue;
      }
      if (LoopClauses.count(FS)) {
        Diag.error(Diag.loc(P.Loc), "more than one '#pragma loopgpu' on the same loop");
        continue;
      }
      LoopClauses[FS] = Clauses;
      Marked[FS] = {Owner, P.Loc};
    }

    // A marked loop inside another marked loop only carries clauses.
    Program Prog;
    Prog.File = SM.getFileEntryRefForID(SM.getMainFileID())->getName().str();
    std::map<const FunctionDecl *, unsigned> Ordinals;
    std::vector<std::pair<const ForStmt *, std::pair<const FunctionDecl *, SourceLocation>>> Outer;
    for (const auto &[FS, Info] : Marked) {
      bool Inner = false;
      for (const auto &[Other, OtherInfo] : Marked)
        if (Other != FS && Before(Other->getBeginLoc(), FS->getBeginLoc()) &&
            !Before(Other->getEndLoc(), FS->getEndLoc()))
          Inner = true;
      if (!Inner) {
        Outer.push_back({FS, Info});
        continue;
      }
      for (const Clause &C : LoopClauses[FS])
        if (C.K == Clause::Kind::Independent || C.K == Clause::Kind::Copy || C.K == Clause::Kind::CopyIn ||
            C.K == Clause::Kind::CopyOut)
          Diag.error(C.Loc, "this clause belongs on the nest's outermost '#pragma loopgpu', not on an inner loop");
    }
    std::sort(Outer.begin(), Outer.end(),
              [&](const auto &A, const auto &B) { return Before(A.first->getBeginLoc(), B.first->getBeginLoc()); });
    std::vector<const FunctionDecl *> FunctionOrder;
    std::map<const FunctionDecl *, std::vector<std::pair<const ForStmt *, unsigned>>> NestsOf;
    std::map<std::string, std::string> MemberNames;
    for (const auto &[FS, Info] : Outer) {
      unsigned &Ord = Ordinals[Info.first];
      if (std::optional<Nest> N = buildNest(Ctx, Diag, *Info.first, *FS, LoopClauses, Ord, Info.second,
                                                  Opts.AssumeNoAlias, MemberNames)) {
        if (!NestsOf.count(Info.first))
          FunctionOrder.push_back(Info.first);
        NestsOf[Info.first].push_back({FS, static_cast<unsigned>(Prog.Nests.size())});
        for (SourceLocation L : Conditionals)
          if (SM.isWrittenInMainFile(L) && SM.getFileOffset(L) > N->PragmaLineOffset &&
              SM.getFileOffset(L) < N->EndOffset && !N->ConditionalInside.isValid())
            N->ConditionalInside = Diag.loc(L);
        Prog.Nests.push_back(std::move(*N));
      }
      ++Ord;
    }
    std::vector<const FunctionDecl *> WithNests; // in source order
    for (const auto &[FS, Info] : Outer)
      WithNests.push_back(Info.first->getCanonicalDecl());
    collectFileScope(Ctx, Diag, WithNests, Prog);
    if (!Diag.hasErrors())
      for (const FunctionDecl *FD : FunctionOrder)
        if (std::optional<HostFunction> F = buildHostFunction(Ctx, Diag, *FD, NestsOf[FD], Prog))
          Prog.Functions.push_back(std::move(*F));
    if (Diag.hasErrors()) {
      HadErrors = true;
      return;
    }
    if (Prog.Nests.empty())
      Diag.warning(Diag.loc(SM.getLocForStartOfFile(SM.getMainFileID())),
                   "no '#pragma loopgpu' loop nest in this file; nothing to do");
    Prog.Dependencies = Deps->getDependencies();
    OnProgram(Prog, Diag);
    if (Diag.hasErrors() || DE.hasErrorOccurred())
      HadErrors = true;
  }

private:
  CompilerInstance &CI;
  std::vector<PragmaRecord> &Pragmas;
  const std::vector<SourceLocation> &Conditionals;
  const ProgramCallback &OnProgram;
  bool &HadErrors;
  FrontendOptions Opts;
  std::shared_ptr<DependencyCollector> Deps;
};

class LoopgpuAction : public ASTFrontendAction {
public:
  LoopgpuAction(const ProgramCallback &OnProgram, bool &HadErrors, const FrontendOptions &Opts)
      : OnProgram(OnProgram), HadErrors(HadErrors), Opts(Opts) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    if (CI.getLangOpts().CPlusPlus || CI.getLangOpts().ObjC || CI.getLangOpts().CUDA || CI.getLangOpts().OpenCL) {
      DiagnosticsEngine &DE = CI.getDiagnostics();
      DE.Report(DE.getCustomDiagID(DiagnosticsEngine::Error,
                                   "loopgpu reads C; the compiler options make this input another language"));
      HadErrors = true;
    }
    CI.getPreprocessor().AddPragmaHandler(new LoopgpuPragmaHandler(Pragmas));
    CI.getPreprocessor().addPPCallbacks(std::make_unique<ConditionalRecorder>(Conditionals));
    CI.getPreprocessor().setTokenWatcher(ScopeTokenGuard(CI.getDiagnostics()));
    // The files read, for -MF (system headers left out, as -MMD does).
    auto Deps = std::make_shared<DependencyCollector>();
    Deps->attachToPreprocessor(CI.getPreprocessor());
    return std::make_unique<LoopgpuConsumer>(CI, Pragmas, Conditionals, OnProgram, HadErrors, Opts, Deps);
  }

private:
  const ProgramCallback &OnProgram;
  bool &HadErrors;
  FrontendOptions Opts;
  std::vector<PragmaRecord> Pragmas;
  std::vector<SourceLocation> Conditionals;
};

} // namespace

std::vector<std::string> defaultCompilerArgs(const std::vector<std::string> &UserArgs) {
  std::vector<std::string> Args;
  bool HasStd = false;
  for (const std::string &A : UserArgs)
    HasStd |= llvm::StringRef(A).starts_with("-std=");
  // The input is C whatever its name (a.txt, a.inc); a later -x wins.
  Args.push_back("-xc");
  if (!HasStd)
    Args.push_back("-std=c11");
  std::string Resource = LOOPGPU_CLANG_RESOURCE_DIR;
  if (!Resource.empty())
    Args.push_back("-resource-dir=" + Resource);
  return Args;
}

/// Runs the loopgpu action over one compile command; unlike ClangTool, says
/// nothing beyond the diagnostics themselves.
static FrontendStatus runInvocation(std::vector<std::string> Args, StringRef WorkingDir,
                                    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                                    const ProgramCallback &OnProgram, DiagnosticConsumer *Consumer,
                                    const FrontendOptions &Opts) {
  bool HadErrors = false;
  if (!WorkingDir.empty())
    FS->setCurrentWorkingDirectory(WorkingDir);
  llvm::IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions(), FS));
  // The driver's errors (an option that does not fit C) do not always stop
  // the job: count every error, the driver's and the parser's, in one place.
  std::unique_ptr<TextDiagnosticPrinter> Printer;
  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts;
  if (!Consumer) {
    std::vector<const char *> Argv;
    for (const std::string &A : Args)
      Argv.push_back(A.c_str());
    DiagOpts = CreateAndPopulateDiagOpts(Argv);
    if (std::find(Args.begin(), Args.end(), "-fno-color-diagnostics") == Args.end())
      DiagOpts->ShowColors |= llvm::sys::Process::StandardErrHasColors();
    Printer = std::make_unique<TextDiagnosticPrinter>(llvm::errs(), &*DiagOpts);
    Consumer = Printer.get();
  }
  tooling::ToolInvocation Invocation(std::move(Args),
                                     std::make_unique<LoopgpuAction>(OnProgram, HadErrors, Opts),
                                     Files.get());
  Invocation.setDiagnosticConsumer(Consumer);
  unsigned ErrorsBefore = Consumer->getNumErrors();
  bool OK = Invocation.run();
  return !OK || HadErrors || Consumer->getNumErrors() != ErrorsBefore ? FrontendStatus::InputErrors
                                                                      : FrontendStatus::Success;
}

/// Inserts loopgpu's defaults after argv[0] and makes the run syntax-only.
static std::vector<std::string> adjust(std::vector<std::string> Args, StringRef File) {
  Args = tooling::getClangStripOutputAdjuster()(Args, File);
  Args = tooling::getClangSyntaxOnlyAdjuster()(Args, File);
  std::vector<std::string> User(Args.begin() + (Args.empty() ? 0 : 1), Args.end());
  std::vector<std::string> Extra = defaultCompilerArgs(User);
  Args.insert(Args.begin() + (Args.empty() ? 0 : 1), Extra.begin(), Extra.end());
  return Args;
}

FrontendStatus runFrontend(const tooling::CompilationDatabase &DB, StringRef File,
                           const ProgramCallback &OnProgram, const FrontendOptions &Opts) {
  std::vector<tooling::CompileCommand> Cmds = DB.getCompileCommands(File);
  if (Cmds.empty()) {
    llvm::errs() << "loopgpu: error: no compile command for '" << File << "'\n";
    return FrontendStatus::InputErrors;
  }
  const tooling::CompileCommand &Cmd = Cmds.front();
  return runInvocation(adjust(Cmd.CommandLine, File), Cmd.Directory, llvm::vfs::createPhysicalFileSystem(),
                       OnProgram, nullptr, Opts);
}

FrontendStatus runFrontendOnCode(StringRef Code, StringRef FileName,
                                 const std::vector<std::string> &UserArgs,
                                 const ProgramCallback &OnProgram, DiagnosticConsumer *Consumer,
                                 const FrontendOptions &Opts) {
  std::vector<std::string> Args = {"loopgpu"};
  for (const std::string &A : UserArgs)
    Args.push_back(A);
  Args.push_back(FileName.str());
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> Overlay(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Memory(new llvm::vfs::InMemoryFileSystem);
  Overlay->pushOverlay(Memory);
  Memory->addFile(FileName, 0, llvm::MemoryBuffer::getMemBufferCopy(Code));
  return runInvocation(adjust(Args, FileName), "", Overlay, OnProgram, Consumer, Opts);
}

} // namespace loopgpu
