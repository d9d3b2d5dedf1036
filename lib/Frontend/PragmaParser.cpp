//===- PragmaParser.cpp - #pragma loopgpu handling ------------------------===//
//
// Grammar (clauses separated by whitespace or commas):
//   clause := 'tile' '(' int (',' int)* ')'
//           | 'coarsen' '(' coarsen-arg (',' coarsen-arg)* ')'
//           | 'parallel' | 'sequential' | 'distribute'
//           | 'interchange' '(' ident (',' ident)+ ')'
//           | 'private' '(' ident (',' ident)* ')'
//           | 'shared' '(' ident (',' ident)* ')'
//   coarsen-arg := int | 'stride' ':' int | 'block' ':' int
//
//===----------------------------------------------------------------------===//
#include "PragmaParser.h"
#include "ClangDiagnostics.h"

#include "clang/Lex/Preprocessor.h"

#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace clang;

namespace loopgpu {

void LoopgpuPragmaHandler::HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer,
                                        Token &FirstToken) {
  PragmaRecord R;
  R.Loc = FirstToken.getLocation();
  Token Tok;
  PP.Lex(Tok);
  while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof)) {
    R.Tokens.push_back({Tok.getKind(), PP.getSpelling(Tok), Tok.getLocation()});
    PP.Lex(Tok);
  }
  R.EndLoc = Tok.getLocation();
  Out.push_back(std::move(R));
}

namespace {
class ClauseParser {
public:
  ClauseParser(const PragmaRecord &P, ClangDiagnostics &Diag) : P(P), Diag(Diag) {}

  bool parse(std::vector<Clause> &Out) {
    while (Pos < P.Tokens.size()) {
      if (is(tok::comma)) {
        ++Pos;
        continue;
      }
      const auto &T = P.Tokens[Pos];
      if (T.Kind != tok::identifier)
        return fail(T.Loc, "expected a clause name in '#pragma loopgpu', found '" + T.Spelling + "'");
      std::optional<Clause::Kind> K = llvm::StringSwitch<std::optional<Clause::Kind>>(T.Spelling)
                                          .Case("tile", Clause::Kind::Tile)
                                          .Case("coarsen", Clause::Kind::Coarsen)
                                          .Case("parallel", Clause::Kind::Parallel)
                                          .Case("sequential", Clause::Kind::Sequential)
                                          .Case("interchange", Clause::Kind::Interchange)
                                          .Case("distribute", Clause::Kind::Distribute)
                                          .Case("private", Clause::Kind::Private)
                                          .Case("shared", Clause::Kind::Shared)
                                          .Case("copy", Clause::Kind::Copy)
                                          .Case("copyin", Clause::Kind::CopyIn)
                                          .Case("copyout", Clause::Kind::CopyOut)
                                          .Case("independent", Clause::Kind::Independent)
                                          .Default(std::nullopt);
      if (!K)
        return fail(T.Loc, "unknown clause '" + T.Spelling +
                               "' in '#pragma loopgpu'; expected one of tile, coarsen, parallel, "
                               "sequential, interchange, distribute, private, shared, copy, copyin, "
                               "copyout, independent");
      Clause C;
      C.K = *K;
      C.Loc = Diag.loc(T.Loc);
      ++Pos;
      if (!parseArgs(C, T))
        return false;
      for (const Clause &Prev : Out)
        if (Prev.K == C.K)
          return fail(T.Loc, "clause '" + T.Spelling + "' appears twice in '#pragma loopgpu'");
      Out.push_back(std::move(C));
    }
    return checkConflicts(Out);
  }

private:
  bool is(tok::TokenKind K) const { return Pos < P.Tokens.size() && P.Tokens[Pos].Kind == K; }
  clang::SourceLocation here() const {
    return Pos < P.Tokens.size() ? P.Tokens[Pos].Loc : P.EndLoc;
  }
  std::string hereSpelling() const {
    return Pos < P.Tokens.size() ? "'" + P.Tokens[Pos].Spelling + "'" : "end of line";
  }
  bool fail(clang::SourceLocation L, const std::string &Msg) {
    Diag.error(Diag.loc(L), Msg);
    return false;
  }
  bool expect(tok::TokenKind K, const char *What, const std::string &Clause) {
    if (is(K)) {
      ++Pos;
      return true;
    }
    return fail(here(), std::string("expected ") + What + " in clause '" + Clause + "', found " +
                            hereSpelling());
  }

  bool parsePositiveInt(int64_t &V, const std::string &Clause) {
    if (!is(tok::numeric_constant))
      return fail(here(), "expected a positive integer in clause '" + Clause + "', found " +
                              hereSpelling());
    llvm::StringRef S = P.Tokens[Pos].Spelling;
    unsigned long long X;
    if (S.getAsInteger(0, X) || X == 0 || X > (1u << 20))
      return fail(here(), "'" + S.str() + "' is not a valid argument of '" + Clause +
                              "': expected an integer between 1 and 1048576");
    V = static_cast<int64_t>(X);
    ++Pos;
    return true;
  }

  /// The tokens up to (not including) one of the stops at bracket depth 0,
  /// spelled with spaces.
  std::string expressionUpTo(std::initializer_list<tok::TokenKind> Stops) {
    std::string Text;
    int Depth = 0;
    while (Pos < P.Tokens.size()) {
      tok::TokenKind K = P.Tokens[Pos].Kind;
      if (Depth == 0 && std::find(Stops.begin(), Stops.end(), K) != Stops.end())
        break;
      Depth += (K == tok::l_paren || K == tok::l_square) - (K == tok::r_paren || K == tok::r_square);
      if (Depth < 0)
        break;
      Text += (Text.empty() ? "" : " ") + P.Tokens[Pos].Spelling;
      ++Pos;
    }
    return Text;
  }

  /// `H` or `H[first:length]` of a data clause.
  bool parseSection(Clause &C, const std::string &Name) {
    if (!is(tok::identifier))
      return fail(here(), "expected an array name in clause '" + Name + "', found " + hereSpelling());
    C.Names.push_back(P.Tokens[Pos].Spelling);
    ++Pos;
    std::pair<std::string, std::string> Section;
    if (is(tok::l_square)) {
      ++Pos;
      Section.first = expressionUpTo({tok::colon});
      if (!expect(tok::colon, "':' (a section is [first:length])", Name))
        return false;
      Section.second = expressionUpTo({tok::r_square});
      if (Section.first.empty() || Section.second.empty())
        return fail(here(), "expected [first:length] in clause '" + Name + "'");
      if (!expect(tok::r_square, "']'", Name))
        return false;
    }
    C.Sections.push_back(Section);
    return true;
  }

  bool parseArgs(Clause &C, const PragmaRecord::Tok &NameTok) {
    const std::string &Name = NameTok.Spelling;
    bool TakesArgs = C.K != Clause::Kind::Parallel && C.K != Clause::Kind::Sequential &&
                     C.K != Clause::Kind::Distribute && C.K != Clause::Kind::Independent;
    if (!TakesArgs) {
      if (is(tok::l_paren))
        return fail(here(), "clause '" + Name + "' takes no arguments");
      return true;
    }
    if (!is(tok::l_paren))
      return fail(here(), "expected '(' after '" + Name + "'");
    ++Pos;
    if (is(tok::r_paren))
      return fail(here(), "clause '" + Name + "' needs at least one argument");
    while (true) {
      switch (C.K) {
      case Clause::Kind::Tile: {
        int64_t V;
        if (!parsePositiveInt(V, Name))
          return false;
        C.Ints.push_back(V);
        break;
      }
      case Clause::Kind::Coarsen: {
        if (is(tok::identifier)) {
          std::string Key = P.Tokens[Pos].Spelling;
          clang::SourceLocation KeyLoc = P.Tokens[Pos].Loc;
          if (Key != "stride" && Key != "block")
            return fail(KeyLoc, "unknown argument '" + Key +
                                    "' of 'coarsen'; expected a factor, 'stride: N' or 'block: N'");
          ++Pos;
          if (!expect(tok::colon, "':'", Name))
            return false;
          int64_t V;
          if (!parsePositiveInt(V, Name))
            return false;
          for (auto &KV : C.Named)
            if (KV.first == Key)
              return fail(KeyLoc, "'" + Key + "' given twice in 'coarsen'");
          C.Named.push_back({Key, V});
        } else {
          int64_t V;
          if (!parsePositiveInt(V, Name))
            return false;
          C.Ints.push_back(V);
        }
        break;
      }
      case Clause::Kind::Copy:
      case Clause::Kind::CopyIn:
      case Clause::Kind::CopyOut:
        if (!parseSection(C, Name))
          return false;
        break;
      default: { // identifier lists
        if (!is(tok::identifier))
          return fail(here(), "expected an identifier in clause '" + Name + "', found " +
                                  hereSpelling());
        C.Names.push_back(P.Tokens[Pos].Spelling);
        ++Pos;
        break;
      }
      }
      if (is(tok::comma)) {
        ++Pos;
        continue;
      }
      if (!expect(tok::r_paren, "',' or ')'", Name))
        return false;
      break;
    }
    if (C.K == Clause::Kind::Tile && C.Ints.size() > 3)
      return fail(NameTok.Loc, "'tile' takes at most 3 sizes");
    if (C.K == Clause::Kind::Coarsen && C.Ints.size() > 3)
      return fail(NameTok.Loc, "'coarsen' takes at most 3 factors");
    if (C.K == Clause::Kind::Interchange && C.Names.size() < 2)
      return fail(NameTok.Loc, "'interchange' needs at least two loop iterators");
    return true;
  }

  bool checkConflicts(const std::vector<Clause> &Cs) {
    const Clause *Par = nullptr, *Seq = nullptr;
    for (const Clause &C : Cs) {
      if (C.K == Clause::Kind::Parallel)
        Par = &C;
      if (C.K == Clause::Kind::Sequential)
        Seq = &C;
    }
    if (Par && Seq) {
      Diag.error(Seq->Loc, "clauses 'parallel' and 'sequential' contradict each other");
      return false;
    }
    return true;
  }

  const PragmaRecord &P;
  ClangDiagnostics &Diag;
  size_t Pos = 0;
};
} // namespace

bool parseClauses(const PragmaRecord &P, ClangDiagnostics &Diag, std::vector<Clause> &Out) {
  return ClauseParser(P, Diag).parse(Out);
}

} // namespace loopgpu
