//===- DependencePrinter.h - Printing the dependence analysis ---*- C++ -*-===//
//
// What `loopgpu FILE.c -emit=deps` prints, as text (for people and FileCheck)
// or JSON (for scripts). Printers only print: the analysis is done by
// analyzeDependences; the Program overloads run it on each nest.
//
// Text, per nest:
//   nest foo#0 (line 10)
//     statements:
//       S1 (line 13): A[i][j] = A[i][j-1] + 1
//     dependences:
//       D1: S1 -> S1  RAW  A  (=,<)  line 13 -> line 13  [A[i][j] -> A[i][j-1]]  distance (0,1)
//     direction matrix:
//       ...rows of directions, one per dependence and direction vector...
//     loops:
//       loop i (line 11): parallel
//       loop j (line 12): sequential: RAW A[i][j] -> A[i][j-1] lines 13->13, direction (=,<)
//     legal permutations of (i,j): (i,j) (j,i)
//     distribution of loop i: {S1} {S2,S3}  expand: tmp
//     privatizable in loop i: t (last-private)
//     reduction in loop k: sum (+) in S2
//
// Graphviz (-format=dot): one digraph per file, each nest a cluster, each
// loop a cluster inside it (labelled with its verdict), each statement a
// node, each dependence an edge labelled with its name, kind, array,
// direction vectors and distances (RAW solid, WAR dashed, WAW dotted; red
// when it blocks a loop: no privatization or reduction resolves it).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_ANALYSIS_DEPENDENCEPRINTER_H
#define LOOPGPU_ANALYSIS_DEPENDENCEPRINTER_H

#include "loopgpu/Analysis/Dependences.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace loopgpu {

void printDependencesText(const Nest &N, const DependenceInfo &DI, llvm::raw_ostream &OS);
/// Analyzes and prints every nest of the program.
void printDependencesText(const Program &P, llvm::raw_ostream &OS);

/// One nest as a JSON object: function, line, loops (with verdicts), statements,
/// dependences, privatizable, reductions, legal_permutations, distribution.
llvm::json::Object dependencesToJSON(const Nest &N, const DependenceInfo &DI);
/// {"file": ..., "nests": [...]}; Infos[k] is the analysis of P.Nests[k].
void printDependencesJSON(const Program &P, const std::vector<DependenceInfo> &Infos,
                          llvm::raw_ostream &OS);
/// Analyzes and prints every nest of the program.
void printDependencesJSON(const Program &P, llvm::raw_ostream &OS);

/// The dependence graph of every nest as one Graphviz digraph; Infos[k] is
/// the analysis of P.Nests[k].
void printDependencesDot(const Program &P, const std::vector<DependenceInfo> &Infos,
                         llvm::raw_ostream &OS);

} // namespace loopgpu

#endif // LOOPGPU_ANALYSIS_DEPENDENCEPRINTER_H
