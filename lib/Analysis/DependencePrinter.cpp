//===- DependencePrinter.cpp - Printing the dependence analysis ------------===//
//
// See DependencePrinter.h.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Analysis/DependencePrinter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>
#include <string>

namespace loopgpu {

namespace {

std::string loopNames(const Nest &N, const std::vector<unsigned> &Loops) {
  std::string S = "(";
  for (size_t K = 0; K < Loops.size(); ++K)
    S += (K ? "," : "") + N.Loops[Loops[K]].Iterator;
  return S + ")";
}

std::string statementList(const Nest &N, const std::vector<unsigned> &Stmts) {
  std::string S = "{";
  for (size_t K = 0; K < Stmts.size(); ++K)
    S += (K ? "," : "") + N.Statements[Stmts[K]].name();
  return S + "}";
}

std::string distanceText(const Dependence &D) {
  bool Any = false;
  for (const auto &X : D.Distances)
    Any |= X.has_value();
  if (!Any)
    return "";
  std::string S = "(";
  for (size_t K = 0; K < D.Distances.size(); ++K)
    S += (K ? "," : "") + (D.Distances[K] ? std::to_string(*D.Distances[K]) : std::string("*"));
  return S + ")";
}

std::string nestTitle(const Nest &N) {
  return N.Function + "#" + std::to_string(N.Ordinal);
}

} // namespace

void printDependencesText(const Nest &N, const DependenceInfo &DI, llvm::raw_ostream &OS) {
  OS << "nest " << nestTitle(N) << " (line " << N.Loc.Line << ")";
  if (N.VersionOf >= 0) {
    // A version under a run-time check (Transform/AliasVersion.h).
    OS << ", version '" << N.Version << "': runs when a check at run time finds";
    for (size_t K = 0; K < N.ApartArrays.size(); ++K)
      OS << (K ? "," : "") << " '" << N.Arrays[N.ApartArrays[K].first].Name << "' and '"
         << N.Arrays[N.ApartArrays[K].second].Name << "'";
    OS << " apart (the nest above runs otherwise)";
  }
  OS << "\n";

  OS << "  statements:\n";
  for (const Statement &S : N.Statements)
    OS << "    " << S.name() << " (line " << S.Loc.Line << "): " << S.Text << "\n";

  OS << "  dependences:";
  if (DI.dependences().empty())
    OS << " none";
  OS << "\n";
  // Dependences that read alike (a region's scalar, read and written by
  // its loop's header and body many times) share one line.
  std::vector<std::pair<std::string, std::vector<std::string>>> Lines;
  std::map<std::string, size_t> LineOf;
  std::vector<size_t> GroupOf; ///< per dependence, its line
  for (const Dependence &D : DI.dependences()) {
    const Access &Src = N.Accesses[D.SourceAccess], &Snk = N.Accesses[D.SinkAccess];
    std::string Text;
    llvm::raw_string_ostream L(Text);
    L << N.Statements[D.SourceStmt].name() << " -> " << N.Statements[D.SinkStmt].name() << "  "
      << spelling(D.Kind) << "  " << N.targetName(Src);
    if (Src.Index != Snk.Index)
      L << "/" << N.targetName(Snk);
    L << " ";
    for (const DirectionVector &V : D.Directions)
      L << " " << str(V);
    L << "  line " << accessLine(N, Src) << " -> line " << accessLine(N, Snk) << "  [" << accessText(N, Src)
      << " -> " << accessText(N, Snk) << "]";
    std::string Dist = distanceText(D);
    if (!Dist.empty())
      L << "  distance " << Dist;
    if (D.IsMay)
      L << "  may: " << D.MayReason;
    L.flush();
    auto [It, New] = LineOf.try_emplace(Text, Lines.size());
    if (New)
      Lines.push_back({Text, {}});
    Lines[It->second].second.push_back(D.name());
    GroupOf.push_back(It->second);
  }
  for (const auto &[Text, Names] : Lines)
    OS << "    " << llvm::join(Names, " ") << (Names.size() > 1 ? " (alike)" : "") << ": " << Text << "\n";

  if (!DI.dependences().empty() && !N.Loops.empty()) {
    // One column per loop of the nest, '.' where the loop is not common.
    OS << "  direction matrix:\n";
    std::vector<size_t> Width;
    OS << "    " << std::string(6, ' ');
    for (const Loop &L : N.Loops) {
      Width.push_back(std::max<size_t>(L.Iterator.size(), 1));
      OS << " " << L.Iterator;
    }
    OS << "\n";
    std::set<size_t> Shown; // one row per line above: `D1+3` for D1 and its 3 alike
    for (size_t DIx = 0; DIx < DI.dependences().size(); ++DIx) {
      const Dependence &D = DI.dependences()[DIx];
      if (!Shown.insert(GroupOf[DIx]).second)
        continue;
      size_t Alike = Lines[GroupOf[DIx]].second.size() - 1;
      for (const DirectionVector &V : D.Directions) {
        std::string Name = D.name() + (Alike ? "+" + std::to_string(Alike) : "");
        OS << "    " << Name << std::string(Name.size() < 6 ? 6 - Name.size() : 0, ' ');
        for (const Loop &L : N.Loops) {
          auto P = D.position(L.Id);
          std::string Cell = P ? spelling(V[*P]) : ".";
          OS << " " << Cell << std::string(Width[L.Id] - 1, ' ');
        }
        OS << "\n";
      }
    }
  }

  OS << "  loops:\n";
  for (const Loop &L : N.Loops) {
    const LoopVerdict &V = DI.verdict(L.Id);
    OS << "    loop " << L.Iterator << " (line " << L.Loc.Line << "): " << DI.verdictSpelling(L.Id);
    if (V.K != LoopVerdict::Parallel)
      OS << ": " << V.Reason;
    OS << "\n";
  }

  if (!DI.outermostBand().empty()) {
    OS << "  legal permutations of " << loopNames(N, DI.outermostBand()) << ":";
    for (const auto &P : DI.legalPermutations())
      OS << " " << loopNames(N, P);
    OS << "\n";
  }

  for (const Loop &L : N.Loops) {
    const auto &Parts = DI.distribution(L.Id);
    if (Parts.empty())
      continue;
    OS << "  distribution of loop " << L.Iterator << ":";
    for (const auto &P : Parts)
      OS << " " << statementList(N, P);
    const auto &Exp = DI.scalarsNeedingExpansion(L.Id);
    if (!Exp.empty()) {
      OS << "  expand:";
      for (unsigned S : Exp)
        OS << " " << N.Scalars[S].Name;
    }
    OS << "\n";
  }

  for (const Loop &L : N.Loops) {
    const auto &Ps = DI.privatizable(L.Id);
    if (Ps.empty())
      continue;
    OS << "  privatizable in loop " << L.Iterator << ":";
    for (size_t K = 0; K < Ps.size(); ++K)
      OS << (K ? ", " : " ") << nameOf(N, Ps[K].Memory)
         << (Ps[K].Memory.isArray() ? " (array)" : "")
         << (Ps[K].LastPrivate ? " (last-private)" : "");
    OS << "\n";
  }

  for (const Loop &L : N.Loops)
    for (const Reduction &R : DI.reductions(L.Id))
      OS << "  reduction in loop " << L.Iterator << ": " << R.describe() << " in "
         << statementList(N, R.Statements) << "\n";
}

void printDependencesText(const Program &P, llvm::raw_ostream &OS) {
  for (size_t K = 0; K < P.Nests.size(); ++K) {
    if (K)
      OS << "\n";
    printDependencesText(P.Nests[K], analyzeDependences(P.Nests[K]), OS);
  }
}

llvm::json::Object dependencesToJSON(const Nest &N, const DependenceInfo &DI) {
  using llvm::json::Array;
  using llvm::json::Object;
  auto Names = [&](const std::vector<unsigned> &Loops) {
    Array A;
    for (unsigned L : Loops)
      A.push_back(N.Loops[L].Iterator);
    return A;
  };
  auto Stmts = [&](const std::vector<unsigned> &Ss) {
    Array A;
    for (unsigned S : Ss)
      A.push_back(N.Statements[S].name());
    return A;
  };

  Array Loops;
  for (const Loop &L : N.Loops) {
    const LoopVerdict &V = DI.verdict(L.Id);
    Array Blocking;
    for (unsigned D : V.Blocking)
      Blocking.push_back(DI.dependence(D).name());
    Array Unresolved;
    for (unsigned D : V.Unresolved)
      Unresolved.push_back(DI.dependence(D).name());
    Array Distribution;
    for (const auto &Part : DI.distribution(L.Id))
      Distribution.push_back(Stmts(Part));
    Array Expand;
    for (unsigned S : DI.scalarsNeedingExpansion(L.Id))
      Expand.push_back(N.Scalars[S].Name);
    Loops.push_back(Object{{"var", L.Iterator},
                           {"line", L.Loc.Line},
                           {"depth", L.Depth},
                           {"step", L.Step},
                           {"verdict", DI.verdictSpelling(L.Id)},
                           {"reason", V.Reason},
                           {"blocking", std::move(Blocking)},
                           {"unresolved", std::move(Unresolved)},
                           {"distribution", std::move(Distribution)},
                           {"expand", std::move(Expand)}});
  }

  Array Statements;
  for (const Statement &S : N.Statements)
    Statements.push_back(Object{{"id", S.name()}, {"line", S.Loc.Line}, {"text", S.Text}});

  Array Deps;
  for (const Dependence &D : DI.dependences()) {
    const Access &Src = N.Accesses[D.SourceAccess], &Snk = N.Accesses[D.SinkAccess];
    Array Dirs;
    for (const DirectionVector &V : D.Directions) {
      Array Row;
      for (Direction X : V)
        Row.push_back(spelling(X));
      Dirs.push_back(std::move(Row));
    }
    Array Dist;
    for (const auto &X : D.Distances)
      Dist.push_back(X ? llvm::json::Value(*X) : llvm::json::Value(nullptr));
    Object O{{"id", D.name()},
             {"kind", spelling(D.Kind)},
             {"array", N.targetName(Src)},
             {"source", N.Statements[D.SourceStmt].name()},
             {"sink", N.Statements[D.SinkStmt].name()},
             {"source_line", accessLine(N, Src)},
             {"sink_line", accessLine(N, Snk)},
             {"source_access", accessText(N, Src)},
             {"sink_access", accessText(N, Snk)},
             {"loops", Names(D.CommonLoops)},
             {"directions", std::move(Dirs)},
             {"distances", std::move(Dist)},
             {"may", D.IsMay}};
    if (Src.Index != Snk.Index)
      O["sink_array"] = N.targetName(Snk);
    if (D.IsMay)
      O["may_reason"] = D.MayReason;
    Deps.push_back(std::move(O));
  }

  Array Privs;
  for (const Loop &L : N.Loops)
    for (const Privatization &P : DI.privatizable(L.Id))
      Privs.push_back(Object{{"var", nameOf(N, P.Memory)},
                             {"array", P.Memory.isArray()},
                             {"loop", L.Iterator},
                             {"last_private", P.LastPrivate}});

  Array Reds;
  for (const Loop &L : N.Loops)
    for (const Reduction &R : DI.reductions(L.Id)) {
      Object O{{"var", R.Text}, {"op", R.Op}, {"loop", L.Iterator}, {"statements", Stmts(R.Statements)}};
      if (R.isArg()) {
        O["index"] = R.IndexText;
        O["ties"] = R.FirstOnTies ? "first" : "last";
      }
      Reds.push_back(std::move(O));
    }

  Array Perms;
  for (const auto &P : DI.legalPermutations())
    Perms.push_back(Names(P));

  Array Distribution, Expand;
  if (!N.Loops.empty()) {
    for (const auto &Part : DI.distribution(0))
      Distribution.push_back(Stmts(Part));
    for (unsigned S : DI.scalarsNeedingExpansion(0))
      Expand.push_back(N.Scalars[S].Name);
  }

  Array Apart;
  for (const auto &[A, B] : N.ApartArrays)
    Apart.push_back(Array{N.Arrays[A].Name, N.Arrays[B].Name});
  Object Version;
  if (N.VersionOf >= 0)
    Version = Object{{"name", N.Version}, {"check", "apart"}, {"arrays_apart", std::move(Apart)}};
  return Object{{"function", N.Function},
                {"ordinal", N.Ordinal},
                {"version", N.VersionOf >= 0 ? llvm::json::Value(std::move(Version)) : llvm::json::Value(nullptr)},
                {"line", N.Loc.Line},
                {"loops", std::move(Loops)},
                {"statements", std::move(Statements)},
                {"dependences", std::move(Deps)},
                {"privatizable", std::move(Privs)},
                {"reductions", std::move(Reds)},
                {"band", Names(DI.outermostBand())},
                {"legal_permutations", std::move(Perms)},
                {"distribution", std::move(Distribution)},
                {"expand", std::move(Expand)}};
}

void printDependencesJSON(const Program &P, const std::vector<DependenceInfo> &Infos,
                          llvm::raw_ostream &OS) {
  llvm::json::Array Nests;
  for (size_t K = 0; K < P.Nests.size() && K < Infos.size(); ++K)
    Nests.push_back(dependencesToJSON(P.Nests[K], Infos[K]));
  llvm::json::Value Root = llvm::json::Object{{"file", P.File}, {"nests", std::move(Nests)}};
  OS << llvm::formatv("{0:2}", Root) << "\n";
}

void printDependencesJSON(const Program &P, llvm::raw_ostream &OS) {
  std::vector<DependenceInfo> Infos;
  for (const Nest &N : P.Nests)
    Infos.push_back(analyzeDependences(N));
  printDependencesJSON(P, Infos, OS);
}

namespace {

/// A Graphviz double-quoted string: quotes and backslashes escaped, newlines
/// as Graphviz's centred line break.
std::string dotQuote(llvm::StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

/// Prints the loop tree of nest K: loops as clusters, statements as nodes.
void printDotNodes(const Nest &N, const DependenceInfo &DI, size_t K, const std::vector<NodePtr> &Nodes,
                   unsigned Indent, llvm::raw_ostream &OS) {
  std::string Pad(Indent, ' ');
  for (const NodePtr &Nd : Nodes) {
    switch (Nd->K) {
    case Node::Kind::Loop: {
      const Loop &L = N.Loops[Nd->Id];
      const LoopVerdict &V = DI.verdict(L.Id);
      std::string Label = "loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) + "): " + DI.verdictSpelling(L.Id);
      OS << Pad << "subgraph cluster_n" << K << "_l" << L.Id << " {\n"
         << Pad << "  label=" << dotQuote(Label) << ";\n"
         << Pad << "  style=" << (V.K == LoopVerdict::Sequential ? "\"rounded,filled\"" : "rounded")
         << (V.K == LoopVerdict::Sequential ? "; fillcolor=\"#fff0f0\"" : "") << ";\n";
      printDotNodes(N, DI, K, Nd->Body, Indent + 2, OS);
      OS << Pad << "}\n";
      break;
    }
    case Node::Kind::If:
      printDotNodes(N, DI, K, Nd->Body, Indent, OS);
      printDotNodes(N, DI, K, Nd->Else, Indent, OS);
      break;
    case Node::Kind::Stmt: {
      const Statement &S = N.Statements[Nd->Id];
      OS << Pad << "n" << K << "_" << S.name() << " [label="
         << dotQuote(S.name() + " (line " + std::to_string(S.Loc.Line) + ")\n" + S.Text) << "];\n";
      break;
    }
    }
  }
}

} // namespace

void printDependencesDot(const Program &P, const std::vector<DependenceInfo> &Infos, llvm::raw_ostream &OS) {
  OS << "digraph " << dotQuote("dependences of " + P.File) << " {\n"
     << "  compound=true;\n"
     << "  node [shape=box, fontname=\"monospace\"];\n"
     << "  edge [fontname=\"monospace\", fontsize=10];\n";
  for (size_t K = 0; K < P.Nests.size() && K < Infos.size(); ++K) {
    const Nest &N = P.Nests[K];
    const DependenceInfo &DI = Infos[K];
    std::string Title = "nest " + nestTitle(N) + " (line " + std::to_string(N.Loc.Line) + ")";
    if (N.VersionOf >= 0)
      Title += ", version '" + N.Version + "' (arrays apart at run time)";
    OS << "  subgraph cluster_n" << K << " {\n"
       << "    label=" << dotQuote(Title) << ";\n";
    printDotNodes(N, DI, K, N.Root, 4, OS);
    OS << "  }\n";
    // Dependences that no privatization or reduction resolves.
    std::vector<bool> Unresolved(DI.dependences().size());
    for (const Loop &L : N.Loops)
      for (unsigned D : DI.verdict(L.Id).Unresolved)
        Unresolved[D] = true;
    for (const Dependence &D : DI.dependences()) {
      const Access &Src = N.Accesses[D.SourceAccess], &Snk = N.Accesses[D.SinkAccess];
      std::string Label = D.name() + " " + spelling(D.Kind) + " " + N.targetName(Src);
      if (Src.Index != Snk.Index)
        Label += "/" + N.targetName(Snk);
      for (const DirectionVector &V : D.Directions)
        Label += " " + str(V);
      std::string Dist = distanceText(D);
      if (!Dist.empty())
        Label += "\ndistance " + Dist;
      if (D.IsMay)
        Label += "\nmay";
      OS << "  n" << K << "_" << N.Statements[D.SourceStmt].name() << " -> n" << K << "_"
         << N.Statements[D.SinkStmt].name() << " [label=" << dotQuote(Label)
         << ", style=" << (D.Kind == DepKind::RAW ? "solid" : D.Kind == DepKind::WAR ? "dashed" : "dotted");
      if (Unresolved[D.Id])
        OS << ", color=red, fontcolor=red";
      OS << "];\n";
    }
  }
  OS << "}\n";
}

} // namespace loopgpu
