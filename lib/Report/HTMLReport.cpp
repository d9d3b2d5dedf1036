//===- HTMLReport.cpp - One self-contained HTML page per input -----------===//
//
// See HTMLReport.h.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Report/HTMLReport.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

#include <set>

using namespace llvm;

namespace loopgpu {

std::string escapeHTML(StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out += C;
    }
  }
  return Out;
}

std::map<unsigned, unsigned> cudaLinesToSource(StringRef Cuda, StringRef File, unsigned SourceLines) {
  std::map<unsigned, unsigned> Links;
  SmallVector<StringRef, 0> Lines;
  Cuda.split(Lines, '\n');
  Regex LineRef("(^|[^A-Za-z_])lines? ([0-9]+)");
  Regex FileRef(Regex::escape(File) + ":([0-9]+)");
  for (size_t I = 0; I < Lines.size(); ++I) {
    size_t Comment = Lines[I].find("//");
    if (Comment == StringRef::npos)
      continue;
    StringRef Text = Lines[I].substr(Comment);
    SmallVector<StringRef, 3> M;
    unsigned Line = 0;
    if (FileRef.match(Text, &M))
      M[1].getAsInteger(10, Line);
    else if (LineRef.match(Text, &M))
      M[2].getAsInteger(10, Line);
    if (Line >= 1 && Line <= SourceLines)
      Links[I + 1] = Line;
  }
  return Links;
}

namespace {

const char *Style = R"(
:root { --ok: #1a7f37; --bad: #cf222e; --mid: #0969da; --line: #d0d7de; --bg: #f6f8fa; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 24px 24px; color: #1f2328; }
h1 { font-size: 22px; margin: 16px 0 4px; } h2 { font-size: 18px; margin: 24px 0 8px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 16px 0 6px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; }
table { border-collapse: collapse; margin: 4px 0 8px; } th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: var(--bg); } td.dir { text-align: center; font-family: ui-monospace, monospace; }
.verdict { display: inline-block; padding: 0 6px; border-radius: 10px; color: #fff; font-size: 12px; white-space: nowrap; }
.v-parallel, .v-PASS { background: var(--ok); } .v-sequential, .v-FAIL { background: var(--bad); }
.v-reduction, .v-scan, .v-parallel-after-privatization, .v-INCONCLUSIVE { background: var(--mid); }
.meta { color: #59636e; } .resolved { color: #59636e; } .blocking { color: var(--bad); }
.code-pair { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
.code-pair > div { min-width: 0; } .code-pair h3 { margin-top: 0; }
.code { background: var(--bg); border: 1px solid var(--line); padding: 6px 0; overflow: auto; max-height: 80vh; margin: 0; }
pre.code { padding: 6px 8px; }
.line { display: block; padding-right: 8px; white-space: pre; }
.line .ln { display: inline-block; width: 4.5em; padding-right: 8px; text-align: right; color: #8c959f; text-decoration: none; user-select: none; }
.line a.ln { color: var(--mid); } .line.nest { background: #fff8c5; }
.line:target, .line.hl { background: #ffd33d; }
.chip { font: 11px system-ui, sans-serif; margin-left: 8px; }
)";

// Clicking a line number highlights every line it links to (the :target
// rule shows the first); nothing else depends on the script.
const char *Script = R"(
document.addEventListener('click', function (e) {
  var a = e.target.closest('a.ln');
  if (!a) return;
  document.querySelectorAll('.line.hl').forEach(function (l) { l.classList.remove('hl'); });
  var ids = (a.parentNode.getAttribute('data-links') || '').split(' ');
  ids.forEach(function (id) { var l = document.getElementById(id); if (l) l.classList.add('hl'); });
});
document.body.setAttribute('data-links-ready', document.querySelectorAll('a.ln').length);
)";

/// Heading (HTML), then the items escaped, as a list.
void printList(StringRef Heading, const std::vector<std::string> &Items, raw_ostream &OS) {
  OS << Heading << "<ul>\n";
  for (const std::string &Item : Items)
    OS << "<li>" << escapeHTML(Item) << "</li>\n";
  OS << "</ul>\n";
}

std::string verdictBadge(StringRef Text) {
  return "<span class=\"verdict v-" + escapeHTML(Text) + "\">" + escapeHTML(Text) + "</span>";
}

std::string sourceLink(unsigned Line) {
  return "<a href=\"#s" + std::to_string(Line) + "\">line " + std::to_string(Line) + "</a>";
}

std::string nestTitle(const Nest &N) {
  std::string T = "Nest " + std::to_string(N.Ordinal) + " of " + N.Function;
  if (N.VersionOf >= 0)
    T += ", version '" + N.Version + "' (runs when a run-time check finds its arrays apart)";
  return T;
}

std::string nestAnchor(size_t K) { return "nest-" + std::to_string(K); }

/// "D1: RAW A[i][j] -> A[i][j-1], line 13 -> line 13".
std::string dependenceCell(const Nest &N, const Dependence &D) {
  const Access &Src = N.Accesses[D.SourceAccess], &Snk = N.Accesses[D.SinkAccess];
  return "<span class=\"mono\">" + escapeHTML(D.name() + " " + spelling(D.Kind) + " " + accessText(N, Src) +
                                              " \u2192 " + accessText(N, Snk)) +
         "</span>, " + sourceLink(accessLine(N, Src)) + " \u2192 " + sourceLink(accessLine(N, Snk));
}

void printLoops(const Nest &N, const DependenceInfo &DI, raw_ostream &OS) {
  OS << "<h3>Loops</h3>\n<table class=\"loops\"><tr><th>loop</th><th>line</th><th>verdict</th>"
        "<th>dependences it carries</th></tr>\n";
  for (const Loop &L : N.Loops) {
    const LoopVerdict &V = DI.verdict(L.Id);
    OS << "<tr><td class=\"mono\">" << escapeHTML(L.Iterator) << "</td><td>" << sourceLink(L.Loc.Line) << "</td><td>"
       << verdictBadge(DI.verdictSpelling(L.Id));
    if (V.K != LoopVerdict::Parallel && !V.Reason.empty())
      OS << "<div class=\"meta\">" << escapeHTML(V.Reason) << "</div>";
    OS << "</td><td>";
    if (V.Blocking.empty())
      OS << "none";
    std::set<unsigned> Unresolved(V.Unresolved.begin(), V.Unresolved.end());
    for (unsigned D : V.Blocking) {
      const Dependence &Dep = DI.dependence(D);
      bool Blocks = Unresolved.count(D);
      OS << "<div class=\"" << (Blocks ? "blocking" : "resolved") << "\">" << dependenceCell(N, Dep) << ", direction";
      for (const DirectionVector &Vec : Dep.vectorsCarriedBy(L.Id))
        OS << " <span class=\"mono\">" << escapeHTML(str(Vec)) << "</span>";
      OS << (Blocks ? ": blocks it" : ": resolved (privatization or reduction)") << "</div>";
    }
    OS << "</td></tr>\n";
  }
  OS << "</table>\n";
}

void printDirectionMatrix(const Nest &N, const DependenceInfo &DI, raw_ostream &OS) {
  OS << "<h3>Dependences and direction matrix</h3>\n";
  if (DI.dependences().empty()) {
    OS << "<p>No dependences.</p>\n";
    return;
  }
  OS << "<table class=\"matrix\"><tr><th>dependence</th>";
  for (const Loop &L : N.Loops)
    OS << "<th class=\"mono\">" << escapeHTML(L.Iterator) << "</th>";
  OS << "<th>distance</th></tr>\n";
  for (const Dependence &D : DI.dependences())
    for (const DirectionVector &V : D.Directions) {
      OS << "<tr><td>" << dependenceCell(N, D);
      if (D.IsMay)
        OS << " <span class=\"meta\">(may: " << escapeHTML(D.MayReason) << ")</span>";
      OS << "</td>";
      for (const Loop &L : N.Loops) {
        std::optional<unsigned> P = D.position(L.Id);
        OS << "<td class=\"dir\">" << (P ? escapeHTML(spelling(V[*P])) : ".") << "</td>";
      }
      std::string Dist;
      for (size_t K = 0; K < D.Distances.size(); ++K)
        Dist += (K ? "," : "") + (D.Distances[K] ? std::to_string(*D.Distances[K]) : std::string("*"));
      OS << "<td class=\"mono\">(" << escapeHTML(Dist) << ")</td></tr>\n";
    }
  OS << "</table>\n";
}

const char *kindName(KernelPlan::Kind K) {
  switch (K) {
  case KernelPlan::Kind::Parallel: return "parallel";
  case KernelPlan::Kind::Reduction: return "reduction";
  case KernelPlan::Kind::Serial: return "one thread";
  case KernelPlan::Kind::Scan: return "scan (CUB)";
  }
  return "";
}

std::string loopName(const Nest &N, unsigned L) {
  return "loop " + N.Loops[L].Iterator + " (line " + std::to_string(N.Loops[L].Loc.Line) + ")";
}

std::string shapeText(const std::vector<int64_t> &Shape) {
  std::string S;
  for (int64_t E : Shape)
    S += "[" + std::to_string(E) + "]";
  return S;
}

void printKernel(const Nest &N, const KernelPlan &K, raw_ostream &OS) {
  OS << "<tr><td class=\"mono\">" << escapeHTML(K.Name) << "</td><td>" << kindName(K.K) << "</td><td>";
  if (K.K == KernelPlan::Kind::Scan) {
    // CUB chooses its grid, blocks and tiles.
    OS << "CUB's, over " << escapeHTML(loopName(N, K.TheScan->Loop));
    for (unsigned L : K.ScanSegments)
      OS << ", a segment per iteration of " << escapeHTML(loopName(N, L));
    OS << "</td><td>CUB's</td><td>CUB's</td><td>none</td><td>none</td></tr>\n";
    return;
  }
  // Grid: which loop each dimension's blocks cover.
  for (const MappedLoop &M : K.Mapped)
    OS << "<div>" << M.Dim << ": blocks over " << escapeHTML(loopName(N, M.Loop)) << ", " << K.blockSpan(M)
       << " iterations each</div>";
  if (K.Mapped.empty())
    OS << "1 block";
  OS << "</td><td>";
  std::array<int64_t, 3> B = K.blockShape();
  OS << "(" << B[0] << ", " << B[1] << ", " << B[2] << "): " << K.threadsPerBlock()
     << (K.threadsPerBlock() == 1 ? " thread" : " threads") << "</td><td>";
  for (const MappedLoop &M : K.Mapped)
    OS << "<div>" << escapeHTML(N.Loops[M.Loop].Iterator) << ": " << M.tile() << "</div>";
  if (K.Mapped.empty())
    OS << "none";
  OS << "</td><td>";
  bool Any = false;
  for (const MappedLoop &M : K.Mapped)
    if (M.Coarsen > 1) {
      Any = true;
      OS << "<div>" << escapeHTML(N.Loops[M.Loop].Iterator) << ": " << M.Coarsen << " per thread, "
         << (M.Vector > 1 ? "runs of " + std::to_string(M.Vector) + ", " : std::string()) << M.Stride * M.Vector
         << " apart</div>";
    }
  if (K.BlockCoarsen > 1) {
    Any = true;
    OS << "<div>" << K.BlockCoarsen << " tiles per block</div>";
  }
  if (!Any)
    OS << "none";
  OS << "</td><td>";
  Any = false;
  for (const StagedArray &S : K.Staged) {
    Any = true;
    OS << "<div><span class=\"mono\">" << escapeHTML(N.Arrays[S.Array].Name + shapeText(S.sharedShape())) << "</span>"
       << (S.Transposed ? ", transposed" : "") << (S.Padding ? ", +" + std::to_string(S.Padding) + " padding" : "")
       << (S.GlobalVector > 1 ? ", " + std::to_string(S.GlobalVector) + "-element loads" : "");
    if (K.StagedLoop)
      OS << ", per strip of " << K.KTile << " iterations of " << escapeHTML(loopName(N, *K.StagedLoop))
         << (K.Prefetch ? ", software-pipelined" : "");
    OS << "</div>";
  }
  for (const StagedArray &S : K.Halo) {
    Any = true;
    OS << "<div><span class=\"mono\">" << escapeHTML(N.Arrays[S.Array].Name + shapeText(S.sharedShape()))
       << "</span>, tile with its halo</div>";
  }
  if (K.Transposed) {
    Any = true;
    OS << "<div>the store to <span class=\"mono\">" << escapeHTML(N.Arrays[K.Transposed->Array].Name)
       << "</span> through a padded tile (transposed)</div>";
  }
  if (!Any)
    OS << "none";
  if (K.SharedBytes)
    OS << "<div class=\"meta\">" << K.SharedBytes << " bytes of shared memory per block</div>";
  OS << "</td></tr>\n";
}

void printMapping(const ReportNest &R, raw_ostream &OS) {
  const Nest &N = *R.Mapped;
  OS << "<h3>Mapping</h3>\n";
  if (!N.Transforms.empty()) {
    OS << "<p>Transformations before the mapping:</p><ul>\n";
    for (const AppliedTransform &T : N.Transforms)
      OS << "<li>" << escapeHTML(T.Description) << (T.Requested ? " (requested)" : "") << "</li>\n";
    OS << "</ul>\n";
  }
  if (!R.Plan || R.Plan->Kernels.empty()) {
    OS << "<p>No kernel.</p>\n";
    return;
  }
  OS << "<table class=\"kernels\"><tr><th>kernel</th><th>kind</th><th>grid</th><th>block</th><th>tile</th>"
        "<th>coarsening</th><th>shared-memory staging</th></tr>\n";
  for (const KernelPlan &K : R.Plan->Kernels)
    printKernel(N, K, OS);
  OS << "</table>\n<p>Why:</p><ul class=\"why\">\n";
  for (const KernelPlan &K : R.Plan->Kernels)
    for (const std::string &Note : K.Notes)
      OS << "<li><span class=\"mono\">" << escapeHTML(K.Name) << "</span>: " << escapeHTML(Note) << "</li>\n";
  for (const std::string &Remark : R.Plan->Remarks)
    OS << "<li>" << escapeHTML(Remark) << "</li>\n";
  OS << "</ul>\n";
}

void printValidation(const ReportInput &In, raw_ostream &OS) {
  if (!In.Validation && In.ValidationWhere.empty())
    return;
  OS << "<section id=\"validation\"><h2>Validation</h2>\n<p>The harness ran " << escapeHTML(In.ValidationWhere);
  if (!In.Validation) {
    OS << ".</p></section>\n";
    return;
  }
  const HarnessOutcome &V = *In.Validation;
  OS << (V.Sizes.empty() ? "" : ": " + escapeHTML(V.Sizes)) << ". Overall: "
     << verdictBadge(V.Passed ? "PASS" : "FAIL") << "</p>\n";
  if (!V.Checks.empty()) {
    OS << "<table class=\"checks\"><tr><th>result</th><th>array</th><th>detail</th></tr>\n";
    for (const HarnessOutcome::Check &C : V.Checks)
      OS << "<tr><td>" << verdictBadge(C.Status) << "</td><td class=\"mono\">" << escapeHTML(C.What) << "</td><td>"
         << escapeHTML(C.Detail) << "</td></tr>\n";
    OS << "</table>\n";
  }
  if (!V.Times.empty())
    printList("<p>Timings:</p>", V.Times, OS);
  if (!V.Other.empty()) {
    OS << "<pre class=\"code\">";
    for (const std::string &L : V.Other)
      OS << escapeHTML(L) << "\n";
    OS << "</pre>\n";
  }
  OS << "</section>\n";
}

/// One code column: each line with its number, linked to Links[line].
void printCode(StringRef Title, StringRef Text, char Prefix, char OtherPrefix,
               const std::map<unsigned, std::vector<unsigned>> &Links, const std::set<unsigned> &NestLines,
               const std::map<unsigned, std::string> &Chips, raw_ostream &OS) {
  OS << "<div><h3>" << escapeHTML(Title) << "</h3><div class=\"code mono\">\n";
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  if (!Lines.empty() && Lines.back().empty())
    Lines.pop_back();
  for (size_t I = 0; I < Lines.size(); ++I) {
    unsigned Line = I + 1;
    OS << "<span class=\"line" << (NestLines.count(Line) ? " nest" : "") << "\" id=\"" << Prefix << Line << "\"";
    auto L = Links.find(Line);
    if (L != Links.end()) {
      OS << " data-links=\"";
      for (size_t K = 0; K < L->second.size(); ++K)
        OS << (K ? " " : "") << OtherPrefix << L->second[K];
      OS << "\"><a class=\"ln\" href=\"#" << OtherPrefix << L->second.front() << "\">" << Line << "</a>";
    } else {
      OS << "><span class=\"ln\">" << Line << "</span>";
    }
    OS << escapeHTML(Lines[I].rtrim('\r'));
    auto C = Chips.find(Line);
    if (C != Chips.end())
      OS << C->second;
    OS << "</span>\n";
  }
  OS << "</div></div>\n";
}

} // namespace

void printHTMLReport(const ReportInput &In, raw_ostream &OS) {
  unsigned SourceLines = In.Source.count('\n') + (In.Source.ends_with("\n") ? 0 : 1);
  std::map<unsigned, unsigned> CudaToSource = cudaLinesToSource(In.Cuda, In.File, SourceLines);
  std::map<unsigned, std::vector<unsigned>> CudaLinks, SourceLinks;
  for (const auto &[Cuda, Source] : CudaToSource) {
    CudaLinks[Cuda].push_back(Source);
    SourceLinks[Source].push_back(Cuda);
  }
  // The nests' lines, and each loop's verdict beside its line.
  std::set<unsigned> NestLines;
  std::map<unsigned, std::string> Chips;
  for (const ReportNest &R : In.Nests) {
    const Nest &N = *R.Written;
    if (N.VersionOf >= 0)
      continue;
    unsigned First = N.Loc.Line, Last = First;
    for (const Statement &S : N.Statements)
      Last = std::max(Last, S.Loc.Line);
    for (unsigned L = First; L <= Last; ++L)
      NestLines.insert(L);
    for (const Loop &L : N.Loops)
      Chips[L.Loc.Line] += "<span class=\"chip\">" + escapeHTML(L.Iterator) + ": " +
                           verdictBadge(R.WrittenInfo->verdictSpelling(L.Id)) + "</span>";
  }

  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>loopgpu report: "
     << escapeHTML(In.File) << "</title>\n<style>" << Style << "</style>\n</head>\n<body>\n";
  OS << "<header><h1>loopgpu report: <code>" << escapeHTML(In.File) << "</code></h1>\n<p class=\"meta\">"
     << "<code>" << escapeHTML(In.CommandLine) << "</code> &middot; target " << escapeHTML(In.Arch) << " &middot; "
     << In.Nests.size() << (In.Nests.size() == 1 ? " nest" : " nests");
  for (size_t K = 0; K < In.Nests.size(); ++K)
    OS << " &middot; <a href=\"#" << nestAnchor(K) << "\">" << escapeHTML(nestTitle(*In.Nests[K].Written)) << "</a>";
  OS << " &middot; <a href=\"#code\">source and CUDA</a></p></header>\n";
  if (!In.Tuning.empty()) {
    printList("<section id=\"tuning\"><h2>Tuning</h2>", In.Tuning, OS);
    OS << "</section>\n";
  }
  printValidation(In, OS);
  for (size_t K = 0; K < In.Nests.size(); ++K) {
    const ReportNest &R = In.Nests[K];
    OS << "<section class=\"nest\" id=\"" << nestAnchor(K) << "\"><h2>" << escapeHTML(nestTitle(*R.Written)) << " ("
       << sourceLink(R.Written->Loc.Line) << ")</h2>\n";
    printLoops(*R.Written, *R.WrittenInfo, OS);
    printDirectionMatrix(*R.Written, *R.WrittenInfo, OS);
    printMapping(R, OS);
    OS << "</section>\n";
  }
  OS << "<section id=\"code\"><h2>Source and CUDA</h2>\n<p class=\"meta\">A line number with a link goes to the "
        "line(s) of the other side that it corresponds to (from the line references in the CUDA's comments).</p>\n"
        "<div class=\"code-pair\">\n";
  printCode(In.File, In.Source, 's', 'c', SourceLinks, NestLines, Chips, OS);
  printCode("emitted CUDA", In.Cuda, 'c', 's', CudaLinks, {}, {}, OS);
  OS << "</div></section>\n<script>" << Script << "</script>\n</body>\n</html>\n";
}

} // namespace loopgpu
