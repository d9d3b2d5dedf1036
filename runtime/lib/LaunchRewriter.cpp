//===- LaunchRewriter.cpp - Rewrite <<<...>>> launches as calls -----------===//
//
// A single pass over the text that knows just enough C++ lexing to skip
// comments and literals (including raw strings and digit separators), to
// match brackets, and to guess template argument lists in launch
// configurations (`f<2, 3>(n)`): a `<` right after an identifier whose
// matching `>` is reached through template-argument-looking text only.
//
//===----------------------------------------------------------------------===//

#include "loopgpu/LaunchRewriter.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace loopgpu_emu {
namespace {

constexpr size_t NPos = std::string_view::npos;

bool isIdentChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$';
}
bool isIdentStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_' || C == '$';
}
bool isSpace(char C) {
  return C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' || C == '\v';
}

class Rewriter {
public:
  Rewriter(std::string_view Source, const RewriteOptions &Options)
      : S(Source), N(Source.size()), Options(Options) {}

  RewriteResult run();

private:
  struct Edit {
    size_t Begin, End;
    std::string Text;
  };
  enum class Brace { Code, Scope };

  size_t skipLiteralOrComment(size_t I) const;
  size_t skipRawString(size_t Quote) const;
  size_t skipNumber(size_t I) const;
  size_t skipSpaceBack(size_t I) const;
  size_t skipSpaceAndCommentsForward(size_t I) const;
  size_t matchForward(size_t Open) const;
  size_t matchAngleBackward(size_t Close) const;
  size_t matchParenBackward(size_t Close) const;
  bool looksLikeTemplateArgs(size_t Less, size_t *Close) const;
  Brace braceKind(size_t I) const;
  bool tryLaunch(size_t At, size_t &Next);
  void noteShared(size_t Begin, size_t End);
  void dynamicShared(size_t Extern, size_t End);
  void error(size_t At, std::string Message);

  std::string_view S;
  size_t N;
  RewriteOptions Options;
  std::vector<Edit> Edits;
  std::vector<Brace> Braces;
  RewriteResult Result;
};

void Rewriter::error(size_t At, std::string Message) {
  RewriteDiagnostic D;
  D.Line = 1 + static_cast<unsigned>(std::count(S.begin(), S.begin() + At, '\n'));
  size_t LineStart = S.rfind('\n', At == 0 ? 0 : At - 1);
  LineStart = (LineStart == NPos || At == 0) ? 0 : LineStart + 1;
  D.Column = 1 + static_cast<unsigned>(At - LineStart);
  D.Message = std::move(Message);
  Result.Errors.push_back(std::move(D));
}

/// If a comment or a string/character literal starts at I, the index after
/// it; otherwise I.
size_t Rewriter::skipLiteralOrComment(size_t I) const {
  if (I >= N)
    return I;
  char C = S[I];
  if (C == '/' && I + 1 < N && S[I + 1] == '/') {
    size_t J = I + 2;
    while (J < N && S[J] != '\n') {
      if (S[J] == '\\' && J + 1 < N && S[J + 1] == '\n')
        ++J; // a continued line comment
      ++J;
    }
    return J;
  }
  if (C == '/' && I + 1 < N && S[I + 1] == '*') {
    size_t End = S.find("*/", I + 2);
    return End == NPos ? N : End + 2;
  }
  if (C == '"' || C == '\'') {
    // A raw string: R"delim( ... )delim", with an optional u8/u/U/L prefix.
    if (C == '"' && I > 0 && S[I - 1] == 'R') {
      size_t P = I - 1;
      while (P > 0 && isIdentChar(S[P - 1]))
        --P;
      std::string_view Prefix = S.substr(P, I - P);
      if (Prefix == "R" || Prefix == "u8R" || Prefix == "uR" || Prefix == "UR" ||
          Prefix == "LR")
        return skipRawString(I);
    }
    size_t J = I + 1;
    while (J < N && S[J] != C && S[J] != '\n') {
      if (S[J] == '\\' && J + 1 < N)
        ++J;
      ++J;
    }
    return J < N && S[J] == C ? J + 1 : J;
  }
  return I;
}

size_t Rewriter::skipRawString(size_t Quote) const {
  size_t Open = S.find('(', Quote + 1);
  if (Open == NPos)
    return N;
  std::string Terminator = ")" + std::string(S.substr(Quote + 1, Open - Quote - 1)) + "\"";
  size_t End = S.find(Terminator, Open + 1);
  return End == NPos ? N : End + Terminator.size();
}

/// A preprocessing number starting at I (digit separators included).
size_t Rewriter::skipNumber(size_t I) const {
  size_t J = I + 1;
  while (J < N) {
    char C = S[J];
    if (isIdentChar(C) || C == '.') {
      ++J;
    } else if (C == '\'' && J + 1 < N && isIdentChar(S[J + 1])) {
      J += 2;
    } else if ((C == '+' || C == '-') && (S[J - 1] == 'e' || S[J - 1] == 'E' ||
                                          S[J - 1] == 'p' || S[J - 1] == 'P')) {
      ++J;
    } else {
      break;
    }
  }
  return J;
}

size_t Rewriter::skipSpaceBack(size_t I) const {
  while (I > 0 && isSpace(S[I - 1]))
    --I;
  return I;
}

size_t Rewriter::skipSpaceAndCommentsForward(size_t I) const {
  for (;;) {
    while (I < N && isSpace(S[I]))
      ++I;
    size_t J = skipLiteralOrComment(I);
    if (J == I || S[I] == '"' || S[I] == '\'')
      return I;
    I = J;
  }
}

/// Open is at '(', '[' or '{': the index of the matching closer, or NPos.
size_t Rewriter::matchForward(size_t Open) const {
  std::vector<char> Stack{S[Open]};
  for (size_t I = Open + 1; I < N;) {
    size_t J = skipLiteralOrComment(I);
    if (J != I) {
      I = J;
      continue;
    }
    char C = S[I];
    if (C == '(' || C == '[' || C == '{') {
      Stack.push_back(C);
    } else if (C == ')' || C == ']' || C == '}') {
      char Want = C == ')' ? '(' : C == ']' ? '[' : '{';
      if (Stack.back() != Want)
        return NPos;
      Stack.pop_back();
      if (Stack.empty())
        return I;
    }
    ++I;
  }
  return NPos;
}

/// Close is at ')': the index of the matching '(' (no literals inside).
size_t Rewriter::matchParenBackward(size_t Close) const {
  int Depth = 0;
  for (size_t I = Close + 1; I-- > 0;) {
    char C = S[I];
    if (C == ')' || C == ']')
      ++Depth;
    else if (C == '(' || C == '[') {
      if (--Depth == 0)
        return I;
    } else if (C == ';' || C == '{' || C == '}')
      return NPos;
  }
  return NPos;
}

/// Close is at '>' ending a template argument list: the index of its '<'.
size_t Rewriter::matchAngleBackward(size_t Close) const {
  int Depth = 0;
  for (size_t I = Close + 1; I-- > 0;) {
    char C = S[I];
    if (C == '>') {
      ++Depth;
    } else if (C == '<') {
      if (--Depth == 0)
        return I;
    } else if (C == ')' || C == ']') {
      size_t Open = matchParenBackward(I);
      if (Open == NPos)
        return NPos;
      I = Open;
    } else if (C == ';' || C == '{' || C == '}' || C == '(' || C == '[') {
      return NPos;
    }
  }
  return NPos;
}

/// Less is at a '<' right after an identifier: is it a template argument
/// list? (Types, numbers, ::, *, &, arithmetic, nested lists and balanced
/// brackets only.) *Close receives the matching '>'.
bool Rewriter::looksLikeTemplateArgs(size_t Less, size_t *Close) const {
  int Angles = 1;
  std::vector<char> Brackets;
  for (size_t I = Less + 1; I < N; ++I) {
    char C = S[I];
    if (isIdentChar(C) || isSpace(C) || C == ':' || C == '*' || C == '&' || C == '.' ||
        C == '+' || C == '-' || C == '/' || C == '%')
      continue;
    if (C == ',' )
      continue;
    if (C == '(' || C == '[') {
      Brackets.push_back(C);
      continue;
    }
    if (C == ')' || C == ']') {
      if (Brackets.empty())
        return false;
      Brackets.pop_back();
      continue;
    }
    if (!Brackets.empty())
      continue; // inside parentheses anything balanced goes: f<(a > b)>
    if (C == '<') {
      if (I + 1 < N && (S[I + 1] == '<' || S[I + 1] == '='))
        return false;
      ++Angles;
      continue;
    }
    if (C == '>') {
      if (S[I - 1] == '-')
        return false; // ->
      if (--Angles == 0) {
        *Close = I;
        return true;
      }
      continue;
    }
    return false; // ; { } ? = ! | ^ ~ " ' and friends
  }
  return false;
}

Rewriter::Brace Rewriter::braceKind(size_t I) const {
  if (!Braces.empty() && Braces.back() == Brace::Code)
    return Brace::Code;
  size_t P = skipSpaceBack(I);
  if (P == 0)
    return Brace::Scope;
  char C = S[P - 1];
  if (C == ')' || C == ']')
    return Brace::Code; // function body, lambda
  if (isIdentChar(C)) {
    size_t B = P;
    while (B > 0 && isIdentChar(S[B - 1]))
      --B;
    std::string_view Word = S.substr(B, P - B);
    if (Word == "const" || Word == "noexcept" || Word == "override" || Word == "final" ||
        Word == "mutable" || Word == "try" || Word == "volatile")
      return Brace::Code;
  }
  return Brace::Scope;
}

bool Rewriter::tryLaunch(size_t At, size_t &Next) {
  // --- The kernel: [::] name [<...>] { :: name [<...>] }, or ( ... ) -------
  size_t NameEnd = skipSpaceBack(At);
  size_t Pos = NameEnd;
  if (Pos > 0 && S[Pos - 1] == ')') {
    size_t Open = matchParenBackward(Pos - 1);
    if (Open == NPos) {
      error(At, "cannot find the kernel before '<<<'");
      return false;
    }
    Pos = Open;
  } else {
    for (;;) {
      size_t T = skipSpaceBack(Pos);
      if (T > 0 && S[T - 1] == '>') {
        size_t Open = matchAngleBackward(T - 1);
        if (Open == NPos) {
          error(At, "cannot find the kernel before '<<<'");
          return false;
        }
        T = skipSpaceBack(Open);
      }
      if (T == 0 || !isIdentChar(S[T - 1])) {
        error(At, "cannot find the kernel before '<<<'");
        return false;
      }
      while (T > 0 && isIdentChar(S[T - 1]))
        --T;
      Pos = T;
      size_t U = skipSpaceBack(Pos);
      if (U >= 2 && S[U - 1] == ':' && S[U - 2] == ':') {
        Pos = U - 2;
        size_t V = skipSpaceBack(Pos);
        if (V > 0 && (isIdentChar(S[V - 1]) || S[V - 1] == '>'))
          continue;
      }
      break;
    }
  }
  if (!Edits.empty() && Pos < Edits.back().End) {
    // f<<<a, b>>>()<<<c, d>>>(): the "kernel" would be the previous launch.
    error(At, "cannot find the kernel before '<<<'");
    return false;
  }
  std::string_view Name = S.substr(Pos, NameEnd - Pos);
  if (Name == "operator" ||
      (Name.size() > 8 && Name.substr(Name.size() - 8) == "operator" &&
       !isIdentChar(Name[Name.size() - 9])))
    return false; // operator<< <T>(...), not a launch

  // --- The configuration, up to the matching >>> ---------------------------
  std::vector<char> Stack;
  std::vector<size_t> Commas;
  size_t I = At + 3;
  size_t ConfigEnd = NPos;
  while (I < N) {
    size_t J = skipLiteralOrComment(I);
    if (J != I) {
      I = J;
      continue;
    }
    char C = S[I];
    if (std::isdigit(static_cast<unsigned char>(C)) && !isIdentChar(S[I - 1])) {
      I = skipNumber(I);
      continue;
    }
    if (Stack.empty() && S.compare(I, 3, ">>>") == 0) {
      ConfigEnd = I;
      break;
    }
    if (C == '(' || C == '[' || C == '{') {
      Stack.push_back(C);
    } else if (C == ')' || C == ']' || C == '}') {
      char Want = C == ')' ? '(' : C == ']' ? '[' : '{';
      if (Stack.empty() || Stack.back() != Want)
        break;
      Stack.pop_back();
    } else if (C == '<') {
      size_t Close;
      size_t P = skipSpaceBack(I);
      if (S.compare(I, 2, "<<") != 0 && S.compare(I, 2, "<=") != 0 && P > 0 &&
          isIdentChar(S[P - 1]) && looksLikeTemplateArgs(I, &Close)) {
        // Make sure the identifier is not a number (n < 4 > ...).
        size_t B = P;
        while (B > 0 && isIdentChar(S[B - 1]))
          --B;
        if (!std::isdigit(static_cast<unsigned char>(S[B])))
          Stack.push_back('<');
      } else if (S.compare(I, 2, "<<") == 0) {
        ++I; // a shift: skip both characters
      }
    } else if (C == '>') {
      if (!Stack.empty() && Stack.back() == '<' && S[I - 1] != '-')
        Stack.pop_back();
    } else if (C == ',' && Stack.empty()) {
      Commas.push_back(I);
    } else if (C == ';') {
      break;
    }
    ++I;
  }
  if (ConfigEnd == NPos) {
    error(At, "no matching '>>>' for this '<<<'");
    return false;
  }
  size_t Open = skipSpaceAndCommentsForward(ConfigEnd + 3);
  if (Open >= N || S[Open] != '(') {
    error(ConfigEnd, "expected '(' with the kernel arguments after '>>>'");
    return false;
  }
  size_t Close = matchForward(Open);
  if (Close == NPos) {
    error(Open, "no matching ')' for the kernel arguments");
    return false;
  }
  if (Commas.size() < 1 || Commas.size() > 3) {
    error(At, "a launch configuration has 2 to 4 parts (grid, block[, shared bytes[, "
              "stream]])");
    return false;
  }

  auto Trim = [](std::string_view V) {
    while (!V.empty() && isSpace(V.front()))
      V.remove_prefix(1);
    while (!V.empty() && isSpace(V.back()))
      V.remove_suffix(1);
    return V;
  };
  std::vector<std::string_view> Parts;
  size_t Start = At + 3;
  for (size_t Comma : Commas) {
    Parts.push_back(Trim(S.substr(Start, Comma - Start)));
    Start = Comma + 1;
  }
  Parts.push_back(Trim(S.substr(Start, ConfigEnd - Start)));
  for (std::string_view P : Parts)
    if (P.empty()) {
      error(At, "empty part in the launch configuration");
      return false;
    }
  std::string_view Args = Trim(S.substr(Open + 1, Close - Open - 1));

  std::string Text = "::loopgpu_emu::launch(";
  Text += Name;
  Text += ", ";
  Text += Parts[0];
  Text += ", ";
  Text += Parts[1];
  Text += ", ";
  Text += Parts.size() >= 3 ? Parts[2] : std::string_view("0");
  if (!Args.empty()) {
    Text += ", ";
    Text += Args;
  }
  Text += ")";
  // Keep the line count: text after the launch stays on its line.
  auto Lines = [](std::string_view V) { return std::count(V.begin(), V.end(), '\n'); };
  for (auto Missing = Lines(S.substr(Pos, Close + 1 - Pos)) - Lines(Text); Missing > 0;
       --Missing)
    Text += '\n';
  Edits.push_back(Edit{Pos, Close + 1, std::move(Text)});
  ++Result.Launches;
  Next = Close + 1;
  return true;
}

/// `__shared__` spans [Begin, End) inside a function body: an `extern` one
/// becomes a pointer to the block's dynamic shared memory; otherwise (with
/// Options.NoteShared) add a LOOPGPU_EMU_NOTE_SHARED statement per declared
/// variable after the ';'.
void Rewriter::noteShared(size_t Begin, size_t End) {
  size_t DeclStart = Begin;
  while (DeclStart > 0 && S[DeclStart - 1] != ';' && S[DeclStart - 1] != '{' &&
         S[DeclStart - 1] != '}')
    --DeclStart;
  std::string_view Before = S.substr(DeclStart, Begin - DeclStart);
  for (size_t P = Before.find("extern"); P != NPos; P = Before.find("extern", P + 1))
    if ((P == 0 || !isIdentChar(Before[P - 1])) &&
        (P + 6 == Before.size() || !isIdentChar(Before[P + 6]))) {
      dynamicShared(DeclStart + P, End);
      return;
    }
  if (!Options.NoteShared)
    return;

  std::vector<size_t> Commas;
  int Depth = 0;
  size_t I = End;
  while (I < N) {
    size_t J = skipLiteralOrComment(I);
    if (J != I) {
      I = J;
      continue;
    }
    char C = S[I];
    if (C == '(' || C == '[')
      ++Depth;
    else if (C == ')' || C == ']')
      --Depth;
    else if (Depth == 0 && (C == '=' || C == '{' || C == '}'))
      return; // an initializer (not CUDA) or not a declaration
    else if (Depth == 0 && C == ',')
      Commas.push_back(I);
    else if (Depth == 0 && C == ';')
      break;
    ++I;
  }
  if (I >= N)
    return;
  size_t Semicolon = I;

  std::vector<std::string> Names;
  size_t Start = End;
  Commas.push_back(Semicolon);
  for (size_t Comma : Commas) {
    // The declarator's name: the last identifier at depth 0 before its first
    // '[' (skipping attributes such as __align__(16)).
    std::string_view Last;
    int D = 0;
    for (size_t K = Start; K < Comma;) {
      char C = S[K];
      if (C == '(')
        ++D;
      else if (C == ')')
        --D;
      else if (C == '[' && D == 0)
        break;
      else if (isIdentStart(C) && D == 0) {
        size_t E = K;
        while (E < Comma && isIdentChar(S[E]))
          ++E;
        Last = S.substr(K, E - K);
        K = E;
        continue;
      } else if (std::isdigit(static_cast<unsigned char>(C))) {
        K = skipNumber(K);
        continue;
      }
      ++K;
    }
    static const char *const NotNames[] = {"int", "unsigned", "signed", "float", "double",
                                           "char", "short", "long", "bool", "const",
                                           "volatile", "static", "__align__", "struct"};
    if (Last.empty() || std::any_of(std::begin(NotNames), std::end(NotNames),
                                    [&](const char *W) { return Last == W; }))
      return; // cannot tell: leave the declaration alone
    Names.emplace_back(Last);
    Start = Comma + 1;
  }
  std::string Text;
  for (const std::string &Name : Names) {
    Text += " LOOPGPU_EMU_NOTE_SHARED(" + Name + ");";
    ++Result.SharedNotes;
  }
  Edits.push_back(Edit{Semicolon + 1, Semicolon + 1, std::move(Text)});
}

/// `extern __shared__ [__align__(N)] T name[];` (dynamic shared memory),
/// `extern` at Extern and `__shared__` ending at End: becomes `T *const name =
/// static_cast<T *>(loopgpu_emu::detail::dynamicShared());`, on one line.
/// Other forms are left alone (the host compiler then rejects them).
void Rewriter::dynamicShared(size_t Extern, size_t End) {
  size_t Semicolon = S.find(';', End);
  if (Semicolon == NPos)
    return;
  std::string_view Decl = S.substr(End, Semicolon - End);
  size_t Open = Decl.find('['), Close = Decl.find(']');
  if (Open == NPos || Close != Open + 1 || Decl.find_first_not_of(" \t\r\n", Close + 1) != NPos ||
      Decl.find(',') != NPos || Decl.find('=') != NPos)
    return;
  std::string Head(Decl.substr(0, Open));
  // Drop __align__(...) and __attribute__((...)).
  for (const char *Attr : {"__align__", "__attribute__"})
    for (size_t P = Head.find(Attr); P != std::string::npos; P = Head.find(Attr)) {
      size_t Q = Head.find('(', P);
      if (Q == std::string::npos)
        return;
      int Depth = 0;
      size_t R = Q;
      for (; R < Head.size(); ++R) {
        Depth += Head[R] == '(' ? 1 : Head[R] == ')' ? -1 : 0;
        if (Depth == 0)
          break;
      }
      if (R == Head.size())
        return;
      Head.erase(P, R + 1 - P);
    }
  size_t NameEnd = Head.find_last_not_of(" \t\r\n");
  if (NameEnd == std::string::npos)
    return;
  size_t NameBegin = NameEnd;
  while (NameBegin > 0 && isIdentChar(Head[NameBegin - 1]))
    --NameBegin;
  std::string Name = Head.substr(NameBegin, NameEnd + 1 - NameBegin);
  std::string Type = Head.substr(0, NameBegin);
  Type.erase(0, Type.find_first_not_of(" \t\r\n"));
  Type.erase(Type.find_last_not_of(" \t\r\n") + 1);
  if (Name.empty() || Type.empty() || !isIdentStart(Name[0]))
    return;
  std::string Text = Type + " *const " + Name + " = static_cast<" + Type +
                     " *>(loopgpu_emu::detail::dynamicShared());";
  auto Lines = [](std::string_view V) { return std::count(V.begin(), V.end(), '\n'); };
  for (auto Missing = Lines(S.substr(Extern, Semicolon + 1 - Extern)); Missing > 0; --Missing)
    Text += '\n';
  Edits.push_back(Edit{Extern, Semicolon + 1, std::move(Text)});
}

RewriteResult Rewriter::run() {
  bool AtLineStart = true, InDirective = false;
  size_t I = 0;
  while (I < N) {
    char C = S[I];
    if (C == '\n') {
      if (InDirective) {
        size_t P = I;
        if (P > 0 && S[P - 1] == '\r')
          --P;
        if (!(P > 0 && S[P - 1] == '\\'))
          InDirective = false;
      }
      AtLineStart = true;
      ++I;
      continue;
    }
    if (isSpace(C)) {
      ++I;
      continue;
    }
    if (AtLineStart && C == '#')
      InDirective = true;
    AtLineStart = false;
    size_t J = skipLiteralOrComment(I);
    if (J != I) {
      I = J;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(C))) {
      I = skipNumber(I);
      continue;
    }
    if (isIdentStart(C)) {
      size_t E = I;
      while (E < N && isIdentChar(S[E]))
        ++E;
      if (!InDirective && S.substr(I, E - I) == "__shared__" &&
          !Braces.empty() && Braces.back() == Brace::Code)
        noteShared(I, E);
      I = E;
      continue;
    }
    if (C == '<' && S.compare(I, 3, "<<<") == 0) {
      size_t Next;
      if (tryLaunch(I, Next)) {
        I = Next;
        continue;
      }
      I += 3;
      continue;
    }
    if (!InDirective) {
      if (C == '{')
        Braces.push_back(braceKind(I));
      else if (C == '}' && !Braces.empty())
        Braces.pop_back();
    }
    ++I;
  }

  std::sort(Edits.begin(), Edits.end(),
            [](const Edit &A, const Edit &B) { return A.Begin < B.Begin; });
  std::string Out;
  Out.reserve(N + Edits.size() * 32);
  size_t Pos = 0;
  for (const Edit &E : Edits) {
    Out.append(S.substr(Pos, E.Begin - Pos));
    Out += E.Text;
    Pos = E.End;
  }
  Out.append(S.substr(Pos));
  Result.Text = std::move(Out);
  return std::move(Result);
}

} // namespace

RewriteResult rewriteForEmulation(std::string_view CudaSource, const RewriteOptions &Options) {
  return Rewriter(CudaSource, Options).run();
}

std::string rewriteLaunches(std::string_view CudaSource) {
  RewriteOptions Options;
  Options.NoteShared = false;
  return rewriteForEmulation(CudaSource, Options).Text;
}

} // namespace loopgpu_emu
