//===- LoopNest.h - The affine loop-nest IR ----------------------*- C++ -*-===//
//
// One `Nest` per `#pragma loopgpu` loop nest. It holds
//   - the symbol tables: parameters, arrays, scalars;
//   - the loop tree (loops, ifs and statements in textual order);
//   - flat tables of loops and statements, with each statement's enclosing
//     loops, guards and accesses, which is what the analysis reads.
//
// Conventions
//   - Loop bounds are inclusive: Lower <= i <= Upper. For Step > 0 the loop
//     starts at Lower and runs upward (i = Lower + t*Step); for Step < 0 it
//     starts at Upper and runs downward (i = Upper - t*|Step|). Execution order
//     along a loop therefore follows its Step's sign.
//   - A statement's domain is its enclosing loops' ranges intersected with its
//     affine guards; a statement under a data-dependent guard (`if (A[i] > 0)`)
//     may or may not execute: its accesses are "may" accesses.
//   - Scalars declared inside the nest have one instance per iteration of the
//     loops enclosing their declaration (ScalarInfo::DeclDepth), which makes
//     them private to those iterations by construction.
//
// Transformed nests (lib/Transform) are the same IR, kept consistent so that
// the analysis can run on them again:
//   - Loop ids are stable: a transformation keeps the ids of the loops it
//     changes and appends new loops (tile loops, copies made by distribution,
//     generated copy and combine loops) with Loop::Origin saying where they
//     come from. Statement and access ids are renumbered in textual order
//     after every transformation (the analysis orders statements by id).
//   - Temporaries a transformation introduces are ordinary symbols: scalars
//     declared inside the nest (ScalarInfo::DeclLoops, ScalarInfo::Origin),
//     arrays allocated inside it (ArrayInfo::Temporary, AllocLoops,
//     AllocExtents), statements with Statement::Origin set.
//   - Nest::Transforms lists what was applied, in order, for the printers.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_IR_LOOPNEST_H
#define LOOPGPU_IR_LOOPNEST_H

#include "loopgpu/IR/AffineExpr.h"
#include "loopgpu/IR/Expr.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

/// One clause of a `#pragma loopgpu` line.
struct Clause {
  enum class Kind {
    Tile, Coarsen, Parallel, Sequential, Interchange, Distribute, Private, Shared,
    Copy, CopyIn, CopyOut, ///< OpenACC-style data clauses: copy(H[0:n]) on the nest
    Independent, ///< on the nest: distinct array parameters never overlap (the user's promise)
  };
  Kind K;
  std::vector<int64_t> Ints;       ///< tile(32,32), coarsen(4)
  std::vector<std::string> Names;  ///< interchange(j,i), private(t), shared(A)
  /// Named integer arguments: coarsen(4, stride: 32) -> {"stride", 32};
  /// coarsen(block: 2) -> {"block", 2}.
  std::vector<std::pair<std::string, int64_t>> Named;
  /// Data clauses: per name in Names, the section's first element and length
  /// as written (`H[0:nb]` -> {"0", "nb"}); empty when no section is given.
  std::vector<std::pair<std::string, std::string>> Sections;
  SourceLoc Loc;
};
const char *spelling(Clause::Kind K);

/// An integer variable that is invariant in the nest (function parameter or
/// variable defined before it) and used in bounds, subscripts or guards.
struct ParamInfo {
  std::string Name;
  ScalarType Type;
  SourceLoc Loc;            ///< declaration
};

/// An array the nest reads or writes.
struct ArrayInfo {
  enum class Storage {
    VLAParam,    ///< `float A[n][m]` as a function parameter
    FixedSize,   ///< `float A[64][64]` (parameter, local or global)
    FlatPointer, ///< `float *A` indexed with linearized subscripts
  };
  std::string Name;
  ScalarType ElementType;
  Storage Kind = Storage::FixedSize;
  /// Extent of each dimension, outermost first, in parameters. The outermost
  /// extent is unknown (nullopt) for pointers and decayed array parameters
  /// whose size is not written. For a delinearized flat pointer these are the
  /// delinearized dimensions: `A[i*K + k]` gives {nullopt, K}.
  std::vector<std::optional<AffExpr>> Extents;
  bool IsConst = false;       ///< elements are const-qualified
  bool IsRestrict = false;    ///< pointer parameter declared restrict
  bool IsParameter = false;   ///< a parameter of the enclosing function
  bool IsGlobal = false;      ///< static storage, not a parameter (file scope or a local `static`)
  /// Declared at file scope (a local `static` is not): the --validate
  /// driver reaches each side's copy through accessors it adds to the files.
  bool IsFileScope = false;
  /// A pointer variable that is not a parameter (`float *p = A + 1;` in the
  /// function, or a global pointer): it may point into any array, so it may
  /// alias every parameter and global.
  bool IsLocalPointer = false;
  /// A table declared inside the nest, const, with a constant initializer
  /// (`const float w[5] = {1, 4, 6, 4, 1};` in a loop's body): the same in
  /// every iteration, so one copy serves them all. Its declaration as
  /// written, which the host code repeats before copying it to the GPU
  /// (as for a local `static`: IsGlobal) and the C printer before the nest.
  std::string HoistedDecl;
  bool IsDelinearized = false;
  /// An array of structs of one arithmetic type (FlatStruct, Frontend):
  /// `struct particle *p` is p[*][6] of float, its last dimension the
  /// struct's scalars. The struct as C spells it, and each scalar's member
  /// in C (`.x`, `.pos[1]`); empty for arrays of numbers.
  std::string StructType;
  std::vector<std::string> StructMembers;
  /// Arrays with the same AliasClass may share memory; each array starts in
  /// its own class. The frontend merges classes of non-restrict pointers of
  /// the same element type when one of them is written.
  unsigned AliasClass = 0;
  SourceLoc Loc;

  /// Arrays a transformation introduced live only inside the nest. They are
  /// allocated at the start of the body of the innermost loop of AllocLoops
  /// (at the start of the nest if AllocLoops is empty), one instance per
  /// iteration of those loops, and freed at its end. Their Extents are what
  /// the analysis may rely on (nullopt where the size depends on iterators);
  /// AllocExtents are the sizes to allocate, in the parameters and the
  /// iterators of AllocLoops.
  enum class TempKind {
    None,              ///< an array of the input program
    ExpandedScalar,    ///< scalar OriginalScalar expanded along loops (distribution)
    PrivateCopy,       ///< per-iteration copies of array OriginalArray (privatization)
    ReadCopy,          ///< copy of array OriginalArray read instead of it (WAR elimination)
    ReductionPartials, ///< per-iteration partial results of a reduction
  };
  TempKind Temporary = TempKind::None;
  int OriginalScalar = -1, OriginalArray = -1; ///< what a temporary stands for
  std::vector<unsigned> AllocLoops;
  std::vector<AffExpr> AllocExtents;
  std::string Origin;         ///< temporaries: why they exist, for comments

  unsigned rank() const { return static_cast<unsigned>(Extents.size()); }
  bool isTemporary() const { return Temporary != TempKind::None; }
};

/// A non-array variable of arithmetic type that the nest reads or writes and
/// that is not a parameter.
struct ScalarInfo {
  std::string Name;
  ScalarType Type;
  /// Declared inside the nest: number of loops enclosing the declaration
  /// (one instance per iteration of those loops); -1 if declared outside.
  int DeclDepth = -1;
  /// The loops enclosing the declaration, outermost first (DeclDepth of them).
  std::vector<unsigned> DeclLoops;
  bool IsWritten = false;
  /// Declared at file scope (--validate compares it where a nest writes it).
  bool IsFileScope = false;
  SourceLoc Loc;
  /// Scalars a transformation introduced (a private copy, a hoisted
  /// invariant load): what for, for comments; empty for the input's scalars.
  std::string Origin;
  int OriginalScalar = -1;    ///< a private copy: the scalar it replaces
  /// Declared outside: whether the value the nest leaves in it may be read
  /// after the nest (false for a local the code after the nest reassigns
  /// before any read, or never uses: it needs no last-private copy-out).
  bool ReadAfterNest = true;

  bool declaredInside() const { return DeclDepth >= 0; }
};

/// One memory access of a statement.
struct Access {
  enum class Target { Array, Scalar };
  unsigned Id = 0;            ///< index in Nest::Accesses
  unsigned Stmt = 0;          ///< statement id
  Target On = Target::Array;
  unsigned Index = 0;         ///< array id or scalar id
  bool IsWrite = false;       ///< write (else read); `x += e` gives a read and a write
  /// Affine: one subscript per array dimension (empty for scalars). Not
  /// affine: the access may touch any element of the array.
  bool IsAffine = true;
  std::vector<AffExpr> Subscripts;
  /// Not affine, of an array with its dimensions (not a flat pointer): per
  /// dimension, the subscript where that one is affine, nullopt where not
  /// (`B[i][k]`, k a variable of a sequential region: {i, nullopt}); empty
  /// when no dimension is known. Only the dependence relations use it.
  std::vector<std::optional<AffExpr>> Partial;
  /// Not affine, in a sequential region, but affine in the statement's loops
  /// and the region's `for` iterators (AffVar::local): those subscripts and
  /// what the region says of the iterators (each loop's start and the affine
  /// part of its condition, the affine conditions of the `if`s around the
  /// access). The elements it may touch: `out[4 * i + 3 - k]` with k from 0
  /// to 3 touches out[4 * i .. 4 * i + 3]. Only IslBuilder's relations use it.
  struct BoundedForm {
    std::vector<std::string> Locals; ///< AffVar::local(K)'s names
    std::vector<AffExpr> Subscripts; ///< one per dimension of the array
    std::vector<AffCond> Conditions;
  };
  std::optional<BoundedForm> Bounded;
  /// False when the statement is under a data-dependent guard.
  bool IsMust = true;
  SourceLoc Loc;
  std::string Text;           ///< source spelling, e.g. "A[i][j-1]"

  bool isArray() const { return On == Target::Array; }
  bool isScalar() const { return On == Target::Scalar; }
};

/// Where a loop of a (transformed) nest comes from.
struct LoopOrigin {
  enum class Kind {
    Source,    ///< a loop of the input (possibly with new bounds: a point loop)
    TileLoop,  ///< the outer loop of strip mining / tiling loop From
    Copy,      ///< a copy of loop From made by loop distribution
    Generated, ///< added by a transformation (array copy, reduction combine)
  };
  Kind K = Kind::Source;
  int From = -1;            ///< TileLoop, Copy: the loop it derives from
  int64_t TileSize = 0;     ///< TileLoop: iterations of From per tile
  std::string Note;         ///< for comments, e.g. "copy of A for the WAR on line 12"
};

/// A loop of the nest.
struct Loop {
  unsigned Id = 0;            ///< index in Nest::Loops
  std::string Iterator;
  ScalarType IteratorType;
  AffExpr Lower, Upper;       ///< inclusive bounds (may contain min/max)
  int64_t Step = 1;           ///< non-zero; sign gives the direction
  unsigned Depth = 0;         ///< 0 for the outermost loop
  int Parent = -1;            ///< enclosing loop id, -1 at the top
  bool IteratorDeclaredOutside = false; ///< `for (i = 0; ...)`: i is live after
  std::vector<Clause> Clauses;          ///< from a `#pragma loopgpu` before it
  SourceLoc Loc;                        ///< the `for` keyword
  LoopOrigin Origin;                    ///< set by transformations
};

/// E when L runs at most once, with its iterator equal to E: a term of its
/// lower bound (a max) is a term of its upper bound (a min), as in the loop
/// a wavefront leaves (Transform/Wavefront.h); nullopt otherwise.
std::optional<AffExpr> singleIterationValue(const Loop &L);

/// A guard on a statement: an enclosing `if`'s condition, or its negation
/// for the else branch.
struct Guard {
  /// The guard of the else branch of the `if` this guards the then branch of.
  Guard negated() const {
    Guard E = *this;
    if (IsAffine)
      E.Cond = AffCond::negate(Cond);
    else
      E.Negated = !Negated;
    return E;
  }
  bool IsAffine = true;
  AffCond Cond;               ///< when affine (already negated for `else`)
  const Expr *Condition = nullptr; ///< when data-dependent: the `if` condition
  bool Negated = false;       ///< data-dependent: statement is in the else branch
  SourceLoc Loc;
};

/// A statement: an expression statement or a scalar declaration with an
/// initializer (then Body is an "=" Assign to the declared scalar).
struct Statement {
  unsigned Id = 0;            ///< index in Nest::Statements; printed as S<Id+1>
  std::vector<unsigned> Loops;///< enclosing loops, outermost first
  std::vector<Guard> Guards;  ///< enclosing ifs, outermost first
  std::vector<unsigned> Accesses; ///< ids in Nest::Accesses, in evaluation order
  ExprPtr Body;
  bool IsDeclaration = false; ///< `float t = ...;`
  SourceLoc Loc;
  std::string Text;           ///< source spelling, for diagnostics and comments
  /// Statements a transformation added (copies, initializations, combines,
  /// copy-outs): what for; empty for the input's statements.
  std::string Origin;

  std::string name() const { return "S" + std::to_string(Id + 1); }
  /// A sequential region: a loop the IR does not model (`while`, `do`, a
  /// `for` whose header is not affine), kept as written in Body (a For,
  /// While or DoWhile Expr) and run by one thread per instance.
  bool isRegion() const { return Body && Body->isControl(); }
  bool isGuardedByData() const {
    for (const Guard &G : Guards)
      if (!G.IsAffine)
        return true;
    return false;
  }
};

/// The loop tree: loops, ifs and statements in textual order.
struct Node {
  enum class Kind { Loop, If, Stmt };
  Kind K;
  unsigned Id = 0;            ///< Loop: loop id; Stmt: statement id
  // If:
  bool IsAffine = true;
  AffCond Cond;               ///< affine if-condition
  ExprPtr Condition;          ///< the condition as an expression (always set for If)
  std::vector<std::unique_ptr<Node>> Body; ///< Loop body or If then-branch
  std::vector<std::unique_ptr<Node>> Else; ///< If else-branch
  SourceLoc Loc;

  explicit Node(Kind K) : K(K) {}
};
using NodePtr = std::unique_ptr<Node>;

/// A parameter of the function that contains the nest, for the host code.
struct FunctionParam {
  std::string Name;
  std::string TypeSpelling;   ///< as written, e.g. "float A[n][m]", "const float *restrict x"
  int ArrayId = -1;           ///< if the parameter is an array of the nest
  int ParamId = -1;           ///< if it is a parameter of the nest
  int ScalarId = -1;          ///< if it is a scalar of the nest
};

/// One transformation applied to a nest (lib/Transform records them in
/// order; the printers list them).
struct AppliedTransform {
  std::string Name;           ///< "tile", "interchange", "distribute", "privatize", ...
  std::string Description;    ///< e.g. "tile(32, 32) of loops i (line 12), j (line 13)"
  SourceLoc Loc;              ///< the clause that asked for it, else the loop
  bool Requested = false;     ///< asked for by a clause or option (else a default choice)
  std::vector<unsigned> SourceLines; ///< input lines of the loops and statements involved
};

/// A member of a struct that the nest reads or writes (`p.n`, `cfg->alpha`,
/// `s.acc.sum`). The nest sees it as a variable of its own, Name (a
/// parameter when it is an integer the nest only reads, else a scalar
/// declared outside the nest): the host code declares that variable just
/// before the nest with the member's value, and stores it back into the
/// member after the nest when the nest writes it. Sound because nothing
/// else the nest writes can be the member, nor anything it reads be the
/// member it writes: for a member reached through a pointer (or of a
/// variable whose address the function takes), the arrays that may point
/// into the struct (not restrict, of a type that may alias the member's, one
/// of the two written, no `independent`) are checked at run time
/// (MayOverlap).
struct MemberBinding {
  std::string Name;           ///< the nest's variable: `p_n`
  std::string Type;           ///< its C type as the host code spells it
  std::string Member;         ///< the member in the host's names: `p.n`, `cfg->alpha`
  std::string CText;          ///< Member as the C spells it, for messages
  std::string Root;           ///< the variable the member belongs to: `p`, `cfg`
  /// Root is a pointer (`cfg->alpha`): the struct the host code reaches
  /// through it, spelled for a declaration (`struct params`), and the path
  /// from that struct to the member (`.alpha`).
  std::string PointeeType, PathFromPointee;
  /// Its type (a pointer member: its elements' type).
  ScalarType ElementType;
  /// A pointer to numbers (`m->data`): Name is a pointer variable the nest
  /// indexes as an array (ArrayInfo::IsLocalPointer), never written itself.
  bool IsPointer = false;
  bool Written = false;       ///< the nest writes it: stored back after the nest
  /// Not a member: an integer expression of variables the nest never
  /// writes that a loop bound or condition of the nest uses where it is not
  /// affine (`i < w * h`); Member is its C, Root empty. A parameter of the
  /// nest, computed once before it.
  bool Derived = false;
  /// Arrays of the nest (ids) that may point into the struct: the host code
  /// stops the program before the nest where the member lies in one of them
  /// (then reading it once, or storing it after the nest, would not be C).
  std::vector<unsigned> MayOverlap;
  SourceLoc Loc;              ///< its first use in the nest

  /// Its declaration before the nest: `const int p_n`, `double st_sum`,
  /// `float *const m_data`.
  std::string declaration() const {
    if (IsPointer)
      return Type + (!Type.empty() && Type.back() == '*' ? "" : " ") + "const " + Name;
    return (Written ? "" : "const ") + Type + " " + Name;
  }
};

struct Nest {
  std::string Function;       ///< enclosing function's name
  std::string ReturnType;
  std::vector<FunctionParam> FunctionParams;
  unsigned Ordinal = 0;       ///< 0-based index among the function's nests
  SourceLoc Loc;              ///< the pragma
  unsigned BeginOffset = 0, EndOffset = 0; ///< file offsets of the outer loop
  unsigned PragmaLineOffset = 0; ///< file offset of the start of the pragma's line
  /// File offsets of the enclosing function's body: its '{' and just past its '}'.
  unsigned BodyBeginOffset = 0, BodyEndOffset = 0;
  std::vector<Clause> Clauses;///< the nest pragma's clauses (also on Loops[0])
  /// A preprocessor conditional (#if, #else, #endif...) inside the nest's
  /// text, if any: the printers that replace that text refuse the nest.
  SourceLoc ConditionalInside;

  std::vector<ParamInfo> Params;
  std::vector<ArrayInfo> Arrays;
  std::vector<ScalarInfo> Scalars;
  /// Struct members the nest uses, as the variables named in Params and
  /// Scalars (MemberBinding).
  std::vector<MemberBinding> Members;
  /// How the C spells a variable of the nest, for messages: a member's
  /// variable (img_data) as the member (img->data).
  std::string cText(const std::string &Name) const {
    for (const MemberBinding &B : Members)
      if (B.Name == Name)
        return B.CText;
    return Name;
  }
  std::vector<Loop> Loops;
  std::vector<Statement> Statements;
  std::vector<Access> Accesses;
  std::vector<NodePtr> Root;
  /// Transformations applied, in order (empty for the frontend's IR).
  std::vector<AppliedTransform> Transforms;
  /// Functions of the input file the nest calls, and those they call
  /// (callees first): each takes and returns numbers and uses nothing
  /// outside itself, and the CUDA file declares it __host__ __device__.
  std::vector<std::string> DeviceFunctions;

  /// A version of another nest (Program::Nests[VersionOf]) that runs when a
  /// run-time check holds (Transform/AliasVersion.h); "" and -1 for a nest
  /// as written. The version's kernels are named after it.
  std::string Version;
  int VersionOf = -1;
  /// Pairs of arrays (ids in this nest) the check proves apart: their
  /// address ranges do not overlap.
  std::vector<std::pair<unsigned, unsigned>> ApartArrays;

  /// `<function>_nest<ordinal>[_<version>]`: kernels, launchers.
  std::string symbolPrefix() const {
    return Function + "_nest" + std::to_string(Ordinal) + (Version.empty() ? "" : "_" + Version);
  }

  std::string nameOf(AffVar V) const {
    return V.isIterator() ? Loops[V.Index].Iterator : Params[V.Index].Name;
  }
  /// Names for AffExpr::str.
  std::function<std::string(AffVar)> namer() const {
    return [this](AffVar V) { return nameOf(V); };
  }
  /// The loops common to two statements (longest common prefix).
  std::vector<unsigned> commonLoops(unsigned S1, unsigned S2) const;
  /// Calls F on every statement node, in textual order.
  void forEachNode(const std::function<void(const Node &)> &F) const;
  /// Name of an access's target.
  const std::string &targetName(const Access &A) const {
    return A.isArray() ? Arrays[A.Index].Name : Scalars[A.Index].Name;
  }
};

/// An array the host code of a function with nests can see: a pointer or
/// array parameter, or an array declared in the function's body.
struct HostArray {
  std::string Name;
  ScalarType ElementType;
  /// C expressions (in the function's own names) of each dimension's extent,
  /// outermost first; "" where it is not written (`float *A`, `float A[][m]`).
  std::vector<std::string> Extents;
  bool IsParameter = false;
  bool IsConst = false;
  bool IsRestrict = false;
  /// A local array whose host declaration the host code rewrites (a VLA:
  /// C++ has none); constant-size locals keep their declaration.
  bool IsLocalVLA = false;
  /// An array of structs (ArrayInfo::StructType): the struct as C spells it;
  /// the last extent is its scalars.
  std::string StructType;
  /// Data clauses: `copyout(A)` skips the copy in at the start of the data
  /// region, `copyin(A)` the copy back at its end.
  bool CopyIn = true, CopyOut = true;
  SourceLoc Loc;

  unsigned rank() const { return static_cast<unsigned>(Extents.size()); }
  /// All extents are written: the element count is their product.
  bool extentsKnown() const {
    for (const std::string &E : Extents)
      if (E.empty())
        return false;
    return !Extents.empty();
  }
};

/// One parameter of a function with nests, as the host code and the
/// validation driver need it.
struct HostParam {
  enum class Kind {
    Scalar, ///< an arithmetic value (Type)
    Array,  ///< a pointer or array of arithmetic elements (HostFunction::Arrays[ArrayIndex])
    Other,  ///< anything else (struct, pointer to pointer...): passed through as written
  };
  std::string Name;
  std::string TypeSpelling; ///< as written, e.g. "float A[n][m]", "const float *restrict x"
  Kind K = Kind::Other;
  ScalarType Type;          ///< Scalar: its type
  int ArrayIndex = -1;      ///< Array: index in HostFunction::Arrays
  bool Written = false;     ///< the body assigns it (or takes its address)
};

/// A function that holds marked nests: its signature, its arrays and its
/// body as the sequence of top-level statements, each a nest or host code.
/// Host code is kept as text in which subscripts of multi-dimensional host
/// arrays are linearized (`A[i][j]` -> `A[(i) * (m) + (j)]`), since the host
/// function sees every array as a flat pointer.
struct HostFunction {
  std::string Name;
  std::string ReturnType;
  SourceLoc Loc;
  std::vector<HostParam> Params;
  std::vector<HostArray> Arrays;
  /// Indices in Program::Nests of this function's nests, in source order.
  std::vector<unsigned> Nests;

  struct Item {
    /// The nest (index in Program::Nests) this statement is, or -1: host code.
    int Nest = -1;
    /// Host code: its text, linearized, with each nest inside it (one that a
    /// host loop or `if` encloses) as the marker `/*@loopgpu-nest K@*/`, and
    /// each local VLA's declaration as `/*@loopgpu-vla K@*/` (K: in Arrays).
    std::string Text;
    /// Host code: nests inside it (indices in Program::Nests).
    std::vector<unsigned> InnerNests;
    /// Host code: arrays (indices in Arrays) its own statements (not the
    /// nests inside it) read, and may write: written elements, or the array
    /// passed on (a call, a pointer copy).
    std::vector<bool> Reads, Writes;
    bool Returns = false; ///< contains a `return`
  };
  std::vector<Item> Items;
  /// Per nest (index in Program::Nests) whose loops assign iterators declared
  /// before it (`int i; for (i = 0; ...)`): host code that gives them the
  /// values the C loops leave, to run after the nest (C they stay visible).
  std::map<unsigned, std::string> FinalIterators;
  /// Per nest: host code to run before it that stops the program where a
  /// loop's iterator type cannot hold the value that ends it (C wraps).
  std::map<unsigned, std::string> IteratorChecks;
};

/// A declaration at file scope of the input that the CUDA file repeats, for
/// the host code (the functions with nests outside their nests, and what
/// they call): types, variables, enumerations, and the functions those
/// functions or the variables' initializers name, transitively; never a
/// function with a nest.
struct FileScopeDecl {
  unsigned BeginOffset = 0, EndOffset = 0; ///< its text in the input, with its ';'
  /// A declaration of a function a nest calls (Nest::DeviceFunctions): the
  /// CUDA file declares it __host__ __device__.
  bool Device = false;
  /// Only types (a struct, union or enumeration, a typedef): the --validate
  /// driver repeats these for the functions' parameters of such types.
  bool IsType = false;
  /// The variables and functions it defines with external linkage, with
  /// where: they keep their names for other C files (the --validate harness
  /// renames the original C's, which it links beside).
  std::vector<std::pair<std::string, SourceLoc>> External;
};

/// All marked nests of one input file.
struct Program {
  std::string File;
  std::vector<Nest> Nests;
  /// The functions holding the nests, in source order.
  std::vector<HostFunction> Functions;
  std::vector<FileScopeDecl> FileScope; ///< in source order
  /// Code the CUDA file would repeat that is C but not C++ (`float *p =
  /// malloc(...)`), a located reason each: -emit=cuda reports them as
  /// errors; the C printers keep C.
  std::vector<std::pair<SourceLoc, std::string>> NotCxx;
  /// The files the input read, itself first, then the headers it included
  /// outside system directories (-MF writes them as a depfile).
  std::vector<std::string> Dependencies;
};

} // namespace loopgpu

#endif // LOOPGPU_IR_LOOPNEST_H
