//===- Harness.cpp - Run the emitted CUDA against the original C ----------===//
#include "loopgpu/Validate/Harness.h"

#include <cmath>
#include "loopgpu/CodeGen/CudaNames.h"
#include "loopgpu/CodeGen/CudaPrinter.h"
#include "loopgpu/CodeGen/ElementCount.h"
#include "loopgpu/CodeGen/HostCode.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cmath>
#include <functional>
#include <map>
#include <set>

using namespace llvm;

namespace loopgpu {

int64_t defaultParamValue(unsigned I) {
  static const int64_t Primes[] = {37, 53, 29, 41, 23, 31, 19, 43, 47, 17};
  return Primes[I % (sizeof(Primes) / sizeof(Primes[0]))];
}

std::string highPrecisionText(StringRef Text) {
  std::string Out;
  bool LineStart = true;
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    // Preprocessor lines, comments and literals keep their words.
    if (LineStart && C == '#') {
      size_t E = Text.find('\n', I);
      E = E == StringRef::npos ? Text.size() : E;
      Out += Text.slice(I, E).str();
      I = E;
      continue;
    }
    if (Text.substr(I).starts_with("//") || Text.substr(I).starts_with("/*")) {
      size_t E = Text.substr(I).starts_with("//") ? Text.find('\n', I) : Text.find("*/", I);
      E = E == StringRef::npos ? Text.size() : E + (Text[I + 1] == '*' ? 2 : 0);
      Out += Text.slice(I, E).str();
      I = E;
      continue;
    }
    if (C == '"' || C == '\'') {
      size_t E = I + 1;
      while (E < Text.size() && Text[E] != C)
        E += Text[E] == '\\' ? 2 : 1;
      E = std::min(E + 1, Text.size());
      Out += Text.slice(I, E).str();
      I = E;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
      size_t E = I;
      while (E < Text.size() && (std::isalnum(static_cast<unsigned char>(Text[E])) || Text[E] == '_'))
        ++E;
      StringRef Word = Text.slice(I, E);
      bool AfterLong = StringRef(Out).rtrim().ends_with("long");
      Out += (Word == "float" || (Word == "double" && !AfterLong)) ? "long double" : Word.str();
      I = E;
      LineStart = false;
      continue;
    }
    LineStart = C == '\n' || (LineStart && (C == ' ' || C == '\t'));
    Out += C;
    ++I;
  }
  return Out;
}

std::vector<std::string> preprocessorFlags(const std::vector<std::string> &CommandLine, StringRef Directory) {
  SmallString<256> Base(Directory); // may itself be relative ("." of `--` options)
  sys::fs::make_absolute(Base);
  auto Absolute = [&](StringRef Path) {
    SmallString<256> P(Path);
    sys::fs::make_absolute(Base, P);
    sys::path::remove_dots(P, /*remove_dot_dot=*/false);
    return std::string(P);
  };
  // Each as nvcc takes it too (nvcc has no -iquote: it becomes -I).
  const std::pair<StringRef, StringRef> PathOptions[] = {
      {"-I", "-I"}, {"-iquote", "-I"}, {"-isystem", "-isystem"}, {"-include", "-include"}};
  std::vector<std::string> Flags;
  for (size_t I = 0; I < CommandLine.size(); ++I) {
    StringRef A = CommandLine[I];
    bool Done = false;
    for (auto [Option, As] : PathOptions) {
      if (!A.starts_with(Option) || (Option == "-I" && A.starts_with("-isystem")))
        continue;
      StringRef Path = A.drop_front(Option.size());
      if (Path.empty() && I + 1 < CommandLine.size())
        Path = CommandLine[++I];
      if (!Path.empty()) {
        Flags.push_back(As.str());
        Flags.push_back(Absolute(Path));
      }
      Done = true;
      break;
    }
    if (Done)
      continue;
    if (A == "-D" || A == "-U") {
      if (I + 1 < CommandLine.size())
        Flags.push_back(A.str() + CommandLine[++I]);
    } else if (A.starts_with("-D") || A.starts_with("-U")) {
      Flags.push_back(A.str());
    }
  }
  return Flags;
}

static std::string shellQuoted(StringRef Word) {
  if (!Word.empty() && Word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                              "-_./=+,:@") == StringRef::npos)
    return Word.str();
  std::string Q = "'";
  for (char C : Word)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

namespace {

const char *const DriverPrelude = R"(#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <algorithm>
#include <initializer_list>
#include <limits>
#include <new>
#include <vector>

inline long long loopgpu_min(long long a, long long b) { return a < b ? a : b; }
inline long long loopgpu_max(long long a, long long b) { return a > b ? a : b; }
inline long long loopgpu_floord(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// An array of the harness: n value-initialized elements, copied element by
// element with a conversion (to long double for the reference run). Not a
// std::vector, whose bool specialization packs bits and has no data().
template <typename T> class loopgpu_buffer {
public:
  explicit loopgpu_buffer(long long n) : n_(n), p_(new T[n]()) {}
  loopgpu_buffer(const loopgpu_buffer &o) : loopgpu_buffer(o.n_) { std::copy(o.p_, o.p_ + n_, p_); }
  template <typename U> explicit loopgpu_buffer(const loopgpu_buffer<U> &o) : loopgpu_buffer(o.size()) {
    for (long long i = 0; i < n_; ++i)
      p_[i] = (T)o.data()[i];
  }
  loopgpu_buffer &operator=(const loopgpu_buffer &) = delete;
  ~loopgpu_buffer() { delete[] p_; }
  T *data() const { return p_; }
  long long size() const { return n_; }

private:
  long long n_;
  T *p_;
};

// Random inputs from the seed (splitmix64), never all zeros.
static unsigned long long loopgpu_rng;
static double loopgpu_uniform() {
  unsigned long long z = (loopgpu_rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}
// --inputs=positive: floating-point inputs in [0.5, 1.5) instead of [-1, 1)
// (logarithms, square roots, divisions of the inputs stay finite).
static bool loopgpu_positive_inputs = false;
template <typename T> static void loopgpu_fill(T *a, long long n, bool floating) {
  for (long long i = 0; i < n; ++i)
    a[i] = floating ? (T)(loopgpu_positive_inputs ? 0.5 + loopgpu_uniform() : loopgpu_uniform() * 2.0 - 1.0)
                    : (T)(1 + (long long)(loopgpu_uniform() * 99.0));
}
// Elements of an integer array that subscript another (`y[idx[i]]`): drawn
// in [lo, hi), within the array they index (and within T).
template <typename T> static void loopgpu_fill_indices(T *a, long long n, long long lo, long long hi) {
  const long long tmax = std::numeric_limits<T>::max() > (T)(1LL << 62) ? 1LL << 62
                                                                         : (long long)std::numeric_limits<T>::max() + 1;
  lo = lo < (long long)std::numeric_limits<T>::min() ? (long long)std::numeric_limits<T>::min() : lo;
  hi = hi > tmax ? tmax : hi;
  for (long long i = 0; i < n && lo < hi; ++i)
    a[i] = (T)(lo + (long long)(loopgpu_uniform() * (double)(hi - lo)) % (hi - lo));
}
template <typename T> static void loopgpu_poison(T *a, long long n, bool floating) {
  for (long long i = 0; i < n; ++i)
    a[i] = floating ? (T)-77777.0 : (T)-1234567;
}
static double loopgpu_seconds() {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
// Inputs that keep factorizations finite (--inputs=spd|dominant): a square
// matrix made symmetric with a dominant diagonal (positive definite), or
// only diagonally dominant.
template <typename T> static void loopgpu_condition(T *a, long long n, bool symmetric) {
  for (long long i = 0; i < n; ++i) {
    for (long long j = 0; j < i && symmetric; ++j)
      a[j * n + i] = a[i * n + j];
    a[i * n + i] = (T)(n + fabs((double)a[i * n + i]));
  }
}
// Compares n elements of the CUDA result (got) with the original's (ref).
// Where they differ by more than tol, a long double run of the original (hp,
// when the harness has one) decides: rounding that the GPU does differently
// (FMA contraction, reordered sums) on an ill-conditioned computation passes
// when the CUDA result is within 10x the original's own error against hp; a
// wrong kernel does not. A reference that is not finite proves nothing:
// INCONCLUSIVE, which fails.
template <typename T>
static int loopgpu_compare(const char *what, const T *ref, const T *got, const long double *hp, long long n, double tol) {
  long long worst = -1, bad = 0, nonfinite = 0;
  double worstErr = 0;
  for (long long i = 0; i < n; ++i) {
    double r = (double)ref[i], g = (double)got[i];
    if (!isfinite(r)) {
      ++nonfinite;
      continue;
    }
    double err = (r == g) ? 0.0 : fabs(g - r) / fmax(1.0, fabs(r));
    if (g != g)
      err = INFINITY;
    if (err > tol) {
      ++bad;
      if (err > worstErr || worst < 0) { worstErr = err; worst = i; }
    }
  }
  if (nonfinite) {
    printf("INCONCLUSIVE %s: the original's result is not finite (NaN or infinity) at %lld of %lld elements, so "
           "those prove nothing; the random inputs make it overflow or divide by zero: try --inputs=positive "
           "(inputs in [0.5, 1.5): logarithms, square roots), or --inputs=spd or --inputs=dominant (square "
           "matrices for factorizations)\n", what, nonfinite, n);
    return 1;
  }
  if (bad == 0) {
    printf("PASS %s (%lld elements)\n", what, n);
    return 0;
  }
  if (hp) {
    long double refErr = 0, gotErr = 0;
    bool finite = true;
    for (long long i = 0; i < n; ++i) {
      long double h = hp[i], scale = fmaxl(1.0L, fabsl(h));
      finite &= (bool)isfinite((double)h);
      long double r = fabsl((long double)ref[i] - h) / scale, g = fabsl((long double)got[i] - h) / scale;
      // fmaxl drops a NaN argument: a NaN in the CUDA result is an infinite error.
      refErr = fmaxl(refErr, r == r ? r : (long double)INFINITY);
      gotErr = fmaxl(gotErr, g == g ? g : (long double)INFINITY);
    }
    if (finite && gotErr <= 10 * refErr) {
      printf("PASS %s (%lld elements): %lld differ from the original by up to %.3g (tolerance %.3g), but against a "
             "long double run the CUDA result's error %.3g is within 10x the original's own %.3g: rounding on an "
             "ill-conditioned computation, not a wrong kernel\n",
             what, n, bad, worstErr, tol, (double)gotErr, (double)refErr);
      return 0;
    }
    printf("FAIL %s: %lld of %lld elements differ; worst at index %lld: original %.9g, cuda %.9g (relative error %.3g, "
           "tolerance %.3g); against a long double run: cuda's error %.3g, the original's %.3g\n",
           what, bad, n, worst, (double)ref[worst], (double)got[worst], worstErr, tol, (double)gotErr, (double)refErr);
    return 1;
  }
  printf("FAIL %s: %lld of %lld elements differ; worst at index %lld: original %.9g, cuda %.9g (relative error %.3g, tolerance %.3g)\n",
         what, bad, n, worst, (double)ref[worst], (double)got[worst], worstErr, tol);
  return 1;
}
// Whether the arrays one validation allocates fit in the memory this machine
// has available (Linux's MemAvailable); says what they need if not, instead
// of dying of std::bad_alloc halfway through.
static bool loopgpu_memory_fits(const char *fn, long double bytes) {
  long long kb = -1;
  if (FILE *f = fopen("/proc/meminfo", "r")) {
    char line[256];
    while (fgets(line, sizeof line, f))
      if (sscanf(line, "MemAvailable: %lld kB", &kb) == 1)
        break;
    fclose(f);
  }
  if (kb < 0 || bytes <= 0.8L * kb * 1024.0L)
    return true;
  printf("FAIL %s: the arrays of this validation need %.3Lg GiB (the original's, the CUDA version's, a long "
         "double reference and the device copies); this machine has %.3g GiB available: give smaller --param "
         "values\n", fn, bytes / 1073741824.0L, kb / 1048576.0);
  return false;
}
#define LOOPGPU_CHECK(call)                                                              \
  do {                                                                                   \
    cudaError_t e = (call);                                                              \
    if (e != cudaSuccess) {                                                              \
      printf("FAIL %s: %s\n", #call, cudaGetErrorString(e));                             \
      exit(1);                                                                           \
    }                                                                                    \
  } while (0)
)";

/// Whether the integer V is a value of the integer type T.
bool fitsIn(int64_t V, ScalarType T) {
  unsigned Bits = T.K == ScalarType::Kind::Bool    ? 1
                  : T.K == ScalarType::Kind::Char  ? 8
                  : T.K == ScalarType::Kind::Short ? 16
                  : T.K == ScalarType::Kind::Int   ? 32
                                                   : 64;
  if (T.IsUnsigned || T.K == ScalarType::Kind::Bool)
    return V >= 0 && (Bits == 64 || V < (int64_t(1) << Bits));
  return Bits == 64 || (V >= -(int64_t(1) << (Bits - 1)) && V < (int64_t(1) << (Bits - 1)));
}


/// Whether Name at offset At of Text is a whole identifier ('t' in 'nt + 4'
/// is not).
static bool wholeIdentifierAt(StringRef Text, StringRef Name, size_t At) {
  auto IsIdentChar = [](char C) { return isAlnum(C) || C == '_'; };
  return (At == 0 || !IsIdentChar(Text[At - 1])) &&
         (At + Name.size() == Text.size() || !IsIdentChar(Text[At + Name.size()]));
}

/// Whether the C expression Text mentions the identifier Name as a whole
/// identifier ('t' is not mentioned by 'nt + 4').
bool mentionsIdentifier(StringRef Text, StringRef Name) {
  for (size_t At = Text.find(Name); At != StringRef::npos; At = Text.find(Name, At + 1))
    if (wholeIdentifierAt(Text, Name, At))
      return true;
  return false;
}

/// Text with each whole identifier Name replaced by With.
static std::string replaceIdentifier(StringRef Text, StringRef Name, StringRef With) {
  std::string Out;
  size_t From = 0;
  for (size_t At = Text.find(Name); At != StringRef::npos; At = Text.find(Name, At + 1))
    if (wholeIdentifierAt(Text, Name, At)) {
      Out += Text.substr(From, At - From).str() + With.str();
      From = At + Name.size();
    }
  return Out + Text.substr(From).str();
}

/// A count of nest N's in the function's own variables: the products its
/// bounds bound to variables of their own (MemberBinding::Derived) as the
/// products.
static std::string inFunctionTerms(const Nest &N, std::string Count) {
  for (auto It = N.Members.rbegin(); It != N.Members.rend(); ++It)
    if (It->Derived)
      Count = replaceIdentifier(Count, It->Name, "(" + It->Member + ")");
  return Count;
}

/// A use of an integer array's elements as another array's subscript
/// (indexBounds): the values that keep it inside, [Lower, Upper) with Upper
/// in the function's terms.
struct IndexBound {
  std::string Upper;
  int64_t Lower = 0;
  std::string Use; ///< the statement, as written
  unsigned Line = 0;
  /// Its elements are offsets, a loop's first and last (OffsetLoop): the
  /// inputs ascend (CSR's row pointers), every range non-empty or empty.
  bool Sorted = false;
};

/// Whether E is an element of nest N's array IndexArray plus a constant
/// (`idx[i]`, `idx[i] + 1`, `(int)idx[i]`, or a scalar the nest sets to one:
/// `k = idx[i]`): that constant.
static std::optional<int64_t> elementPlusConstant(const Nest &N, const Expr &E, unsigned IndexArray, unsigned Depth = 0);

/// Whether E is an expression Base accepts plus a constant, through casts
/// (`b`, `(int)b + 1`, `2 + b`, `b - 3`): Base's constant plus that one.
static std::optional<int64_t> plusConstant(const Expr &E,
                                           const std::function<std::optional<int64_t>(const Expr &)> &Base) {
  if (E.K == Expr::Kind::Cast)
    return plusConstant(*E.Ops[0], Base);
  if (E.K == Expr::Kind::Binary && (E.Op == "+" || E.Op == "-")) {
    const Expr &L = *E.Ops[0], &R = *E.Ops[1];
    if (R.K == Expr::Kind::IntLiteral)
      if (std::optional<int64_t> C = plusConstant(L, Base))
        return E.Op == "+" ? *C + R.IntValue : *C - R.IntValue;
    if (E.Op == "+" && L.K == Expr::Kind::IntLiteral)
      if (std::optional<int64_t> C = plusConstant(R, Base))
        return *C + L.IntValue;
    return std::nullopt;
  }
  return Base(E);
}

/// E's base for elementPlusConstant: the element itself, or a scalar (or a
/// temporary: an expanded scalar, `k_exp[i] = idx[i]`) every assignment of
/// which in the nest sets to such an element.
static std::optional<int64_t> elementBase(const Nest &N, const Expr &E, unsigned IndexArray, unsigned Depth) {
  if (E.K == Expr::Kind::ArrayRef && E.Index == IndexArray)
    return int64_t(0);
  if (Depth > 4 ||
      (E.K != Expr::Kind::ScalarRef && !(E.K == Expr::Kind::ArrayRef && N.Arrays[E.Index].isTemporary())))
    return std::nullopt;
  std::optional<int64_t> Offset;
  bool Other = false;
  for (const Statement &S : N.Statements)
    if (S.Body)
      S.Body->walk([&](const Expr &A) {
        bool Same = !A.Ops.empty() && A.Ops[0]->K == E.K && A.Ops[0]->Index == E.Index;
        if (A.K == Expr::Kind::Unary && A.Op.size() > 2 && Same)
          Other = true; // ++, --
        if (A.K != Expr::Kind::Assign || !Same)
          return;
        std::optional<int64_t> C = A.Op == "=" ? elementPlusConstant(N, *A.Ops[1], IndexArray, Depth + 1) : std::nullopt;
        if (!C || (Offset && *Offset != *C))
          Other = true;
        else
          Offset = C;
      });
  return Other ? std::nullopt : Offset;
}

static std::optional<int64_t> elementPlusConstant(const Nest &N, const Expr &E, unsigned IndexArray, unsigned Depth) {
  return plusConstant(E, [&](const Expr &X) { return elementBase(N, X, IndexArray, Depth); });
}

/// Whether E is a positive multiple of an element of IndexArray plus a
/// constant (`2 * idx[i] + 1`, `(idx[i] + 1) * 3`, or what
/// elementPlusConstant accepts): the multiple and the constant.
static std::optional<std::pair<int64_t, int64_t>> scaledElement(const Nest &N, const Expr &E, unsigned IndexArray) {
  if (std::optional<int64_t> C = elementPlusConstant(N, E, IndexArray))
    return std::make_pair(int64_t(1), *C);
  if (E.K == Expr::Kind::Cast)
    return scaledElement(N, *E.Ops[0], IndexArray);
  if (E.K != Expr::Kind::Binary || E.Ops.size() != 2)
    return std::nullopt;
  const Expr &L = *E.Ops[0], &R = *E.Ops[1];
  if (E.Op == "*") {
    const Expr &K = L.K == Expr::Kind::IntLiteral ? L : R, &X = L.K == Expr::Kind::IntLiteral ? R : L;
    if (K.K != Expr::Kind::IntLiteral || K.IntValue <= 0 || K.IntValue > (1 << 20))
      return std::nullopt;
    if (std::optional<std::pair<int64_t, int64_t>> S = scaledElement(N, X, IndexArray))
      return std::make_pair(S->first * K.IntValue, S->second * K.IntValue);
    return std::nullopt;
  }
  if (E.Op == "+" || E.Op == "-") {
    if (R.K == Expr::Kind::IntLiteral)
      if (std::optional<std::pair<int64_t, int64_t>> S = scaledElement(N, L, IndexArray))
        return std::make_pair(S->first, E.Op == "+" ? S->second + R.IntValue : S->second - R.IntValue);
    if (E.Op == "+" && L.K == Expr::Kind::IntLiteral)
      if (std::optional<std::pair<int64_t, int64_t>> S = scaledElement(N, R, IndexArray))
        return std::make_pair(S->first, S->second + L.IntValue);
  }
  return std::nullopt;
}

/// Whether E is scalar Scalar plus a constant (`k`, `k + 1`, `k - 2`).
static std::optional<int64_t> scalarPlusConstant(const Expr &E, unsigned Scalar) {
  return plusConstant(E, [&](const Expr &X) {
    return X.K == Expr::Kind::ScalarRef && X.Index == Scalar ? std::optional<int64_t>(0) : std::nullopt;
  });
}

/// A loop of a sequential region from one element of an integer array to
/// another (`for (k = rowptr[i]; k < rowptr[i + 1]; k++)`, CSR's rows): the
/// loop variable and the constants added to the first and to the last value
/// (Last: the last value k takes, rowptr[i + 1] - 1 there).
struct OffsetLoop {
  unsigned Scalar = 0;
  int64_t First = 0, Last = 0;
};
static std::optional<OffsetLoop> offsetLoop(const Nest &N, const Expr &For, unsigned IndexArray) {
  if (For.K != Expr::Kind::For || For.Ops.size() != 4)
    return std::nullopt;
  const Expr &Init = *For.Ops[0], &Cond = *For.Ops[1], &Inc = *For.Ops[2];
  if (Init.K != Expr::Kind::Assign || Init.Op != "=" || Init.Ops[0]->K != Expr::Kind::ScalarRef)
    return std::nullopt;
  OffsetLoop L;
  L.Scalar = Init.Ops[0]->Index;
  std::optional<int64_t> First = elementPlusConstant(N, *Init.Ops[1], IndexArray);
  bool Up = (Inc.K == Expr::Kind::Unary && (Inc.Op == "post++" || Inc.Op == "++pre") &&
             Inc.Ops[0]->K == Expr::Kind::ScalarRef && Inc.Ops[0]->Index == L.Scalar) ||
            (Inc.K == Expr::Kind::Assign && Inc.Op == "+=" && Inc.Ops[0]->K == Expr::Kind::ScalarRef &&
             Inc.Ops[0]->Index == L.Scalar && Inc.Ops[1]->K == Expr::Kind::IntLiteral && Inc.Ops[1]->IntValue > 0);
  if (!First || !Up || Cond.K != Expr::Kind::Binary || (Cond.Op != "<" && Cond.Op != "<=" && Cond.Op != "!="))
    return std::nullopt;
  std::optional<int64_t> K = scalarPlusConstant(*Cond.Ops[0], L.Scalar);
  std::optional<int64_t> End = elementPlusConstant(N, *Cond.Ops[1], IndexArray);
  if (!K || !End)
    return std::nullopt;
  L.First = *First;
  L.Last = *End - *K - (Cond.Op == "<=" ? 0 : 1);
  // The body must not set the variable itself.
  bool Set = false;
  For.Ops[3]->walk([&](const Expr &A) {
    if ((A.K == Expr::Kind::Assign || (A.K == Expr::Kind::Unary && A.Op.size() > 2)) &&
        A.Ops[0]->K == Expr::Kind::ScalarRef && A.Ops[0]->Index == L.Scalar)
      Set = true;
  });
  if (Set)
    return std::nullopt;
  return L;
}

/// Where nest N subscripts an array with an element of its integer array
/// IndexArray (`y[idx[i]]`, `A[idx[i] - 1][j]`): for each such subscript the
/// values of idx that keep the access inside the array, in F's terms (the
/// extents F declares, else the nest's); none where the extent is unknown.
static std::vector<IndexBound> indexBounds(const HostFunction &F, const Nest &N, unsigned IndexArray,
                                       const std::set<std::string> &ParamNames) {
  std::vector<IndexBound> Bounds;
  auto extentOf = [&](const ArrayInfo &A, unsigned Dim, unsigned Written) -> std::string {
    for (const HostArray &H : F.Arrays)
      if (H.Name == A.Name && H.rank() == Written && H.StructType.empty())
        return H.Extents[Dim];
    if (A.rank() != Written || !A.Extents[Dim])
      return "";
    std::string E = inFunctionTerms(N, affIn64Bits(N, *A.Extents[Dim]));
    for (const ParamInfo &P : N.Params)
      if (mentionsIdentifier(E, P.Name) && !ParamNames.count(P.Name))
        return "";
    return E;
  };
  for (const Statement &S : N.Statements)
    if (S.Body)
      S.Body->walk([&](const Expr &E) {
        if (E.K != Expr::Kind::ArrayRef || E.Index == IndexArray)
          return;
        const ArrayInfo &A = N.Arrays[E.Index];
        for (unsigned D = 0; D < E.Ops.size(); ++D) {
          std::optional<std::pair<int64_t, int64_t>> Scaled = scaledElement(N, *E.Ops[D], IndexArray);
          std::string Extent = Scaled ? extentOf(A, D, E.Ops.size()) : "";
          if (Extent.empty())
            continue;
          // 0 <= a * x + c < Extent: x from ceil(-c / a) to floor((Extent - 1 - c) / a).
          auto [Scale, C] = *Scaled;
          IndexBound B;
          B.Lower = C >= 0 ? -(C / Scale) : (-C + Scale - 1) / Scale;
          std::string Last = plusConst("(long long)(" + Extent + ")", -1 - C);
          B.Upper = Scale == 1 ? plusConst("(long long)(" + Extent + ")", -C)
                               : "(" + Last + " >= 0 ? (" + Last + ") / " + std::to_string(Scale) + " + 1 : 0)";
          B.Use = E.AccessId >= 0 ? N.Accesses[E.AccessId].Text : S.Text;
          B.Line = E.Loc.Line ? E.Loc.Line : S.Loc.Line;
          Bounds.push_back(B);
        }
        // Offsets: the elements of the array it subscripts with the loop's
        // variable, from the first value to the last (sorted: rows in order).
      });
  for (const Statement &S : N.Statements)
    if (S.Body)
      S.Body->walk([&](const Expr &For) {
        std::optional<OffsetLoop> L = offsetLoop(N, For, IndexArray);
        if (!L)
          return;
        For.Ops[3]->walk([&](const Expr &E) {
          if (E.K != Expr::Kind::ArrayRef)
            return;
          for (unsigned D = 0; D < E.Ops.size(); ++D) {
            std::optional<int64_t> C = scalarPlusConstant(*E.Ops[D], L->Scalar);
            std::string Extent = C ? extentOf(N.Arrays[E.Index], D, E.Ops.size()) : "";
            if (Extent.empty())
              continue;
            // 0 <= P + First + C and P + Last + C < Extent, for every P.
            IndexBound B;
            B.Lower = -(L->First + *C);
            B.Upper = plusConst("(long long)(" + Extent + ")", -(L->Last + *C));
            B.Use = (E.AccessId >= 0 ? N.Accesses[E.AccessId].Text : N.Arrays[E.Index].Name) + " in " +
                    S.Text.substr(0, S.Text.find('\n'));
            B.Line = For.Loc.Line ? For.Loc.Line : S.Loc.Line;
            B.Sorted = true;
            Bounds.push_back(B);
          }
        });
      });
  return Bounds;
}

/// What the driver needs to know about one input function.
struct FunctionInfo {
  const HostFunction *F = nullptr;
  std::vector<const Nest *> Nests;
  bool HasReduction = false;
};

/// Sets Read / Written where nest N reads / writes its array NA.
static void noteAccesses(const Nest &N, int NA, bool &Read, bool &Written) {
  for (const Access &Acc : N.Accesses)
    if (Acc.isArray() && Acc.Index == static_cast<unsigned>(NA))
      (Acc.IsWrite ? Written : Read) = true;
}

/// The struct members (Nest::Members) of the function's nests that belong to
/// one of its parameters, one per variable: the driver gives them values
/// (integers: --param NAME or the defaults, as for integer parameters).
static std::vector<const MemberBinding *> parameterMembers(const FunctionInfo &Info) {
  std::vector<const MemberBinding *> Out;
  std::set<std::string> Seen;
  for (const Nest *N : Info.Nests)
    for (const MemberBinding &B : N->Members)
      if (std::any_of(Info.F->Params.begin(), Info.F->Params.end(),
                      [&](const HostParam &P) { return P.K == HostParam::Kind::Other && P.Name == B.Root; }) &&
          Seen.insert(B.Name).second)
        Out.push_back(&B);
  return Out;
}

class DriverWriter {
public:
  DriverWriter(const Program &Prog, const ValidateOptions &Opts, DiagnosticSink &Diags)
      : Prog(Prog), Opts(Opts), Diags(Diags) {}

  /// The driver's test of one function: the same random inputs to the
  /// original (compiled as C) and to the CUDA host function, every array
  /// argument a nest or host code writes compared afterwards. Everything
  /// comes from the function's parameters, whichever nest uses them.
  bool writeFunction(raw_ostream &OS, const FunctionInfo &Info, unsigned Index) {
    const HostFunction &F = *Info.F;
    std::map<unsigned, ArrayUse> Arrays; // by index in F.Arrays
    std::map<std::string, GlobalUse> Globals; // by CUDA name
    if (!sizeArrays(Info, Arrays) || !collectGlobals(Info, Globals))
      return false;
    OS << "// ---- " << F.Name << " (" << Info.Nests.size() << " nest" << (Info.Nests.size() == 1 ? "" : "s")
       << ")\n";
    std::vector<std::string> Decls;
    for (const HostParam &P : F.Params)
      Decls.push_back(declaration(F, P));
    writePrototypes(OS, F, Decls);
    OS << "static int validate_" << Index << "() {\n";
    OS << "  int loopgpu_failures = 0;\n";
    Arguments Args;
    if (!writeParameters(OS, Info, Arrays, Args))
      return false;
    writeBuffers(OS, F, Arrays);
    writeGlobals(OS, Globals);
    writeRunsAndComparisons(OS, Info, Arrays, Globals, Args);
    if (Info.Nests.size() == 1)
      writeLauncherTiming(OS, F, versionThatRuns(*Info.Nests.front()), Arrays, Globals);
    else if (planHostCode(Prog, F).DeviceVariant)
      writeKernelTiming(OS, F, Arrays, Args.Device, Decls);
    OS << "  printf(\"tolerance " << F.Name << ": " << (Info.HasReduction ? "reduction" : "element-wise")
       << " code\\n\");\n";
    OS << "  return loopgpu_failures;\n}\n\n";
    return true;
  }

  /// Per array parameter the driver passes: its element count (a C
  /// expression of the parameters), whether the function reads and writes it.
  struct ArrayUse {
    std::string Count;
    /// An integer array whose elements subscript other arrays: the ranges
    /// its inputs are drawn in.
    std::vector<IndexBound> Bounds;
    /// Declared extents: the elements the nests' accesses may reach with
    /// the driver's values, where that can be computed ("" otherwise).
    std::string Touched;
    bool Read = false, Written = false;
  };
  /// The arguments of the function's calls: the original's (Ref), the CUDA
  /// host function's, the long-double original's (HP), and the device
  /// variant's (device pointers).
  struct Arguments {
    std::vector<std::string> Ref, Cuda, Device, HP;
    /// Arrays the nests index through pointer members of struct parameters
    /// (`m->data`): the driver's buffers, one per side.
    struct MemberArray {
      const MemberBinding *B = nullptr;
      bool Read = false, Written = false;
    };
    std::vector<MemberArray> MemberArrays;
  };

  /// A variable at file scope that the function's nests use: each side (the
  /// original, the CUDA file, the long-double original) has its own, which
  /// the driver reaches through an accessor the harness adds to each file
  /// (accessorText), giving its address and size.
  struct GlobalUse {
    std::string Name;  ///< as the CUDA file spells it
    ScalarType ElementType;
    bool IsArray = true, IsConst = false, Read = false, Written = false;
    /// The driver sets it to the same inputs on every side (else each keeps
    /// its initializer's values).
    bool Reset = false;
    /// Two dimensions of one constant extent (--inputs conditions those).
    int64_t SquareExtent = 0;
  };

  /// Globals: the file-scope arrays and scalars the nests write, which the
  /// driver sets to the same inputs on each side and compares, and those they
  /// only read, which keep their values (floating-point arrays that are all
  /// zeros, never initialized, get random ones). False after an error (a
  /// written variable the driver cannot reach: a local `static`, or what a
  /// pointer at file scope points to).
  bool collectGlobals(const FunctionInfo &Info, std::map<std::string, GlobalUse> &Globals) {
    const HostFunction &F = *Info.F;
    for (const Nest *N : Info.Nests) {
      for (const Access &Acc : N->Accesses) {
        if (Acc.isArray()) {
          const ArrayInfo &A = N->Arrays[Acc.Index];
          if (!A.IsGlobal || A.isTemporary())
            continue;
          bool Sized = std::all_of(A.Extents.begin(), A.Extents.end(), [](const auto &E) { return E.has_value(); });
          if (!A.IsFileScope || A.IsLocalPointer || !Sized) {
            if (!Acc.IsWrite)
              continue; // each side reads its own, from the same initializer
            Diags.error(A.Loc, "--validate: cannot compare '" + CudaNames::cName(A.Name) + "', which a nest of '" +
                                   CudaNames::cName(F.Name) + "' writes: " +
                                   (!A.IsFileScope ? std::string("a static variable of the function, which the "
                                                                 "driver cannot reach")
                                    : A.IsLocalPointer ? "a pointer at file scope, whose target the driver cannot size"
                                                       : "its declaration here gives no size") +
                                   "; pass the array as a parameter to validate it");
            return false;
          }
          GlobalUse &G = Globals[A.Name];
          G.Name = A.Name;
          G.ElementType = A.ElementType;
          G.IsConst = A.IsConst;
          (Acc.IsWrite ? G.Written : G.Read) = true;
          if (A.rank() == 2 && A.Extents[0] && A.Extents[1] && A.Extents[0]->isConstant() &&
              A.Extents[1]->isConstant() && A.Extents[0]->constantValue() == A.Extents[1]->constantValue())
            G.SquareExtent = A.Extents[0]->constantValue();
          continue;
        }
        const ScalarInfo &S = N->Scalars[Acc.Index];
        if (!S.IsFileScope || S.declaredInside())
          continue;
        // A scalar a nest only reads keeps its value, as a parameter would.
        GlobalUse &G = Globals[S.Name];
        G.Name = S.Name;
        G.ElementType = S.Type;
        G.IsArray = false;
        (Acc.IsWrite ? G.Written : G.Read) = true;
      }
    }
    for (auto &[Name, G] : Globals) {
      // What only reads keeps its value: const, integers (they may index),
      // scalars; floating-point arrays get inputs where they are all zeros.
      G.Reset = G.Written || (G.IsArray && !G.IsConst && G.ElementType.isFloating());
      Accessed[Name] = G;
    }
    return true;
  }

  /// Each global's copies on the three sides, set to the same inputs.
  void writeGlobals(raw_ostream &OS, const std::map<std::string, GlobalUse> &Globals) {
    for (const auto &[Name, G] : Globals) {
      std::string T = typeStr(G.ElementType), HT = G.ElementType.isFloating() ? "long double" : T;
      std::string V = "loopgpu_g_" + Name, C = CudaNames::cName(Name);
      OS << "  // '" << C << "' at file scope: the original's, the CUDA file's and the long-double original's own\n";
      OS << "  unsigned long long " << V << "_bytes = 0;\n";
      OS << "  " << T << " *" << V << "_ref = (" << T << " *)loopgpu_ref_at_" << Name << "(&" << V << "_bytes);\n";
      OS << "  " << T << " *" << V << "_cuda = (" << T << " *)loopgpu_cuda_at_" << Name << "(NULL);\n";
      OS << "  " << HT << " *" << V << "_hp = loopgpu_hp_at_" << Name << " ? (" << HT << " *)loopgpu_hp_at_" << Name
         << "(NULL) : NULL;\n";
      OS << "  const long long " << V << "_count = (long long)(" << V << "_bytes / sizeof(" << T << "));\n";
      if (!G.Reset)
        continue;
      OS << "  {\n";
      OS << "    loopgpu_buffer<" << T << "> loopgpu_init(" << V << "_count);\n";
      bool Floating = G.ElementType.isFloating();
      if (G.Written) {
        OS << "    loopgpu_" << (G.Read ? "fill" : "poison") << "(loopgpu_init.data(), " << V << "_count, "
           << (Floating ? "true" : "false") << ");\n";
        if (G.Read && (Opts.Inputs == "spd" || Opts.Inputs == "dominant") && Floating && G.SquareExtent > 0)
          OS << "    loopgpu_condition(loopgpu_init.data(), " << G.SquareExtent << "LL, "
             << (Opts.Inputs == "spd" ? "true" : "false") << "); // --inputs=" << Opts.Inputs << "\n";
      } else {
        OS << "    // read only: its values, or random ones where all are zeros (never initialized)\n";
        OS << "    std::copy(" << V << "_ref, " << V << "_ref + " << V << "_count, loopgpu_init.data());\n";
        OS << "    if (std::all_of(" << V << "_ref, " << V << "_ref + " << V << "_count, [](" << T
           << " x) { return x == 0; })) {\n";
        OS << "      loopgpu_fill(loopgpu_init.data(), " << V << "_count, true);\n";
        if ((Opts.Inputs == "spd" || Opts.Inputs == "dominant") && G.SquareExtent > 0)
          OS << "      loopgpu_condition(loopgpu_init.data(), " << G.SquareExtent << "LL, "
             << (Opts.Inputs == "spd" ? "true" : "false") << "); // --inputs=" << Opts.Inputs << "\n";
        OS << "    }\n";
      }
      OS << "    std::copy(loopgpu_init.data(), loopgpu_init.data() + " << V << "_count, " << V << "_ref);\n";
      OS << "    std::copy(loopgpu_init.data(), loopgpu_init.data() + " << V << "_count, " << V << "_cuda);\n";
      OS << "    for (long long loopgpu_i = 0; " << V << "_hp && loopgpu_i < " << V << "_count; ++loopgpu_i)\n";
      OS << "      " << V << "_hp[loopgpu_i] = (" << HT << ")loopgpu_init.data()[loopgpu_i];\n";
      OS << "  }\n";
    }
  }

  /// The accessor of a global the harness adds to one side's file: Side is
  /// "ref" or "hp" (ref.c, ref_hp.c: C) or "cuda" (kernels.cu).
  static std::string accessorText(const GlobalUse &G, StringRef Side) {
    bool Cuda = Side == "cuda";
    std::string Var = Cuda ? G.Name : CudaNames::cName(G.Name);
    std::string Address = G.IsArray ? Var : "&" + Var;
    return std::string(Cuda ? "extern \"C\" " : "") + "void *loopgpu_" + Side.str() + "_at_" + G.Name +
           "(unsigned long long *loopgpu_bytes) {\n  if (loopgpu_bytes)\n    *loopgpu_bytes = sizeof(" + Var +
           ");\n  return (void *)" + Address + ";\n}\n";
  }

  /// Every global a function's test sets or compares, by CUDA name.
  std::map<std::string, GlobalUse> Accessed;

  /// The accessors' declarations in the driver (the long-double one weak).
  std::string accessorDeclarations() const {
    std::string D;
    for (const auto &[Name, G] : Accessed)
      D += "extern \"C\" void *loopgpu_ref_at_" + Name + "(unsigned long long *);\nextern \"C\" void *loopgpu_cuda_at_" +
           Name + "(unsigned long long *);\nextern \"C\" __attribute__((weak)) void *loopgpu_hp_at_" + Name +
           "(unsigned long long *);\n";
    return D;
  }

  /// Arrays: the array parameters to allocate, compare or read, sized from
  /// their declarations or the nests' accesses. False after an error.
  bool sizeArrays(const FunctionInfo &Info, std::map<unsigned, ArrayUse> &Arrays) {
    const HostFunction &F = *Info.F;
    std::set<std::string> ParamNames;
    for (const HostParam &P : F.Params)
      ParamNames.insert(P.Name);
    for (const MemberBinding *B : parameterMembers(Info))
      ParamNames.insert(B->Name);
    for (const HostParam &P : F.Params) {
      if (P.K != HostParam::Kind::Array)
        continue;
      const HostArray &A = F.Arrays[P.ArrayIndex];
      ArrayUse U;
      if (A.extentsKnown()) {
        std::vector<std::string> Factors;
        for (const std::string &E : A.Extents)
          Factors.push_back("(long long)(" + E + ")");
        U.Count = "loopgpu_count({" + join(Factors, ", ") + "})";
      }
      // Sizes from the nests' accesses (pointers), the largest wins.
      for (const Nest *N : Info.Nests) {
        int NA = nestArrayNamed(*N, A.Name);
        if (NA < 0)
          continue;
        noteAccesses(*N, NA, U.Read, U.Written);
        if (A.ElementType.isInteger())
          for (IndexBound &B : indexBounds(F, *N, NA, ParamNames))
            U.Bounds.push_back(std::move(B));
        if (A.extentsKnown()) {
          std::optional<std::string> Touched = touchedElementCount(*N, NA);
          if (Touched)
            Touched = inFunctionTerms(*N, *Touched);
          if (Touched && std::none_of(N->Params.begin(), N->Params.end(), [&](const ParamInfo &NP) {
                return mentionsIdentifier(*Touched, NP.Name) && !ParamNames.count(NP.Name);
              }))
            U.Touched = U.Touched.empty() ? *Touched : "loopgpu_max(" + U.Touched + ", " + *Touched + ")";
          continue;
        }
        std::optional<std::string> Count = arrayElementCount(*N, NA);
        if (Count)
          Count = inFunctionTerms(*N, *Count);
        if (!Count) {
          Diags.error(A.Loc, "--validate: cannot size array '" + CudaNames::cName(A.Name) +
                                 "' (its outer extent is unknown and an access is not affine)");
          return false;
        }
        for (const ParamInfo &NP : N->Params)
          if (mentionsIdentifier(*Count, NP.Name) && !ParamNames.count(NP.Name)) {
            Diags.error(A.Loc, "--validate: the size of '" + CudaNames::cName(A.Name) + "' depends on '" +
                                   CudaNames::cName(NP.Name) +
                                   "', which is not a parameter of '" + F.Name + "'");
            return false;
          }
        U.Count = U.Count.empty() ? *Count : "loopgpu_max(" + U.Count + ", " + *Count + ")";
      }
      bool HostUses = false;
      for (const HostFunction::Item &It : F.Items)
        if (It.Nest < 0 && !It.Reads.empty()) {
          U.Read |= It.Reads[P.ArrayIndex];
          U.Written |= It.Writes[P.ArrayIndex];
          HostUses |= It.Reads[P.ArrayIndex] || It.Writes[P.ArrayIndex];
        }
      if (HostUses && !A.extentsKnown())
        // The nests' accesses size it, but host code may index it further.
        Diags.warning(A.Loc, "--validate: host code uses '" + CudaNames::cName(A.Name) +
                                 "' (indexes it, or assigns or passes the pointer), whose declaration gives no "
                                 "extent: the driver allocates as many elements as the nests index; if host code "
                                 "indexes further, or a nest reaches further through another pointer, give the "
                                 "extent with a data clause, e.g. '#pragma loopgpu copy(" +
                                 CudaNames::cName(A.Name) + "[0:n])'");
      if (U.Count.empty()) {
        if (U.Read || U.Written) {
          Diags.error(A.Loc, "--validate: cannot size array '" + A.Name +
                                 "': its extent is not written and no nest indexes it (only host code uses it); "
                                 "declare the parameter with its extent (a C99 array parameter, e.g. '" +
                                 A.Name + "[n]') so that the driver knows how many elements to allocate");
          return false;
        }
        continue; // unused: passed as NULL
      }
      Arrays[P.ArrayIndex] = U;
    }
    return true;
  }

  /// The three functions the test calls: the CUDA host function, the
  /// original, and the original in long double (ref_hp.c; weak: run.sh
  /// links it when it compiles).
  void writePrototypes(raw_ostream &OS, const HostFunction &F, const std::vector<std::string> &Decls) {
    std::string Sig = "(" + (Decls.empty() ? std::string("void") : join(Decls, ", ")) + ")";
    OS << "extern \"C\" " << F.ReturnType << " " << F.Name << Sig << ";\n";
    OS << "extern \"C\" " << F.ReturnType << " loopgpu_ref_" << F.Name << Sig << ";\n";
    std::vector<std::string> HPDecls;
    for (const HostParam &P : F.Params)
      HPDecls.push_back(highPrecision(declaration(F, P)));
    OS << "extern \"C\" __attribute__((weak)) " << highPrecision(F.ReturnType) << " loopgpu_hp_" << F.Name << "("
       << (HPDecls.empty() ? std::string("void") : join(HPDecls, ", ")) << ");\n\n";
  }

  /// The scalar parameters' values (integers: --param or defaults;
  /// floating-point ones: random) and every call's arguments. False after an
  /// error.
  bool writeParameters(raw_ostream &OS, const FunctionInfo &Info, const std::map<unsigned, ArrayUse> &Arrays,
                       Arguments &Args) {
    const HostFunction &F = *Info.F;
    std::vector<std::string> &RefArgs = Args.Ref, &CudaArgs = Args.Cuda, &DeviceArgs = Args.Device,
                             &HPArgs = Args.HP;
    unsigned IntIndex = 0;
    std::string ParamSummary;
    // The values of the struct members the nests use (the parameters that
    // hold them are set from these below).
    std::vector<const MemberBinding *> Members = parameterMembers(Info);
    for (const MemberBinding *B : Members)
      if (!B->IsPointer && !writeValue(OS, F, B->Name, B->ElementType, IntIndex, ParamSummary))
        return false;
    // Per side, the struct parameters that hold pointer members (each side
    // its own arrays behind them), set after every parameter has its value.
    std::vector<std::pair<std::string, const MemberBinding *>> PointerMembers; // (side prefix, member)
    for (const HostParam &P : F.Params) {
      if (P.K == HostParam::Kind::Array) {
        bool Passed = Arrays.count(P.ArrayIndex);
        RefArgs.push_back(Passed ? P.Name + "_ref" : "NULL");
        CudaArgs.push_back(Passed ? P.Name + "_cuda" : "NULL");
        DeviceArgs.push_back(Passed ? "dev_" + P.Name : "NULL");
        HPArgs.push_back(Passed ? P.Name + "_hp" : "NULL");
        continue;
      }
      if (P.K == HostParam::Kind::Other) {
        bool Pointer = P.TypeSpelling.find_first_of("*[") != std::string::npos;
        std::vector<const MemberBinding *> Mine;
        for (const MemberBinding *B : Members)
          if (B->Root == P.Name)
            Mine.push_back(B);
        if (Pointer && std::any_of(F.Items.begin(), F.Items.end(), [&](const HostFunction::Item &It) {
              return It.Nest < 0 && mentionsIdentifier(It.Text, P.Name);
            }))
          Diags.warning(F.Loc, "--validate: the host code of '" + CudaNames::cName(F.Name) + "' uses '" +
                                   CudaNames::cName(P.Name) + "', which the driver passes " +
                                   (Mine.empty() ? "as NULL" : "pointing to a struct with only the members the "
                                                               "nests use set") +
                                   ": the runs may crash or compare little (use its members in the nests, or "
                                   "validate a function that takes numbers and arrays)");
        bool Arrays = std::any_of(Mine.begin(), Mine.end(), [](const MemberBinding *B) { return B->IsPointer; });
        if (!Pointer) {
          OS << "  " << P.TypeSpelling << " = {}; // "
             << (Mine.empty() ? "not used by the nests" : "the members the nests use are set below") << "\n";
          for (const MemberBinding *B : Mine)
            if (!B->IsPointer)
              OS << "  " << B->Member << " = " << B->Name << ";\n";
          if (Arrays) { // a copy per side: each its own arrays
            const std::string &T = P.TypeSpelling.substr(0, P.TypeSpelling.rfind(P.Name));
            OS << "  " << T << P.Name << "_ref = " << P.Name << ", " << P.Name << "_cuda = " << P.Name << ", "
               << P.Name << "_dev = " << P.Name << ";\n";
            for (const MemberBinding *B : Mine)
              if (B->IsPointer)
                PointerMembers.push_back({P.Name, B});
            RefArgs.push_back(P.Name + "_ref");
            CudaArgs.push_back(P.Name + "_cuda");
            DeviceArgs.push_back(P.Name + "_dev");
            HPArgs.push_back(P.Name);
            continue;
          }
        } else if (!Mine.empty()) {
          // What the pointer points to, a copy for each run (the nests may
          // write members, which are compared afterwards).
          const std::string &T = Mine.front()->PointeeType, O = P.Name + "_obj";
          OS << "  " << T << " " << O << " = {}; // what '" << CudaNames::cName(P.Name)
             << "' points to: the members the nests use\n";
          for (const MemberBinding *B : Mine)
            if (B->IsPointer)
              PointerMembers.push_back({O, B});
            else
              OS << "  " << O << B->PathFromPointee << " = " << B->Name << ";\n";
          OS << "  " << T << " " << O << "_ref = " << O << ", " << O << "_cuda = " << O << ", " << O << "_dev = " << O
             << ";\n";
          RefArgs.push_back("&" + O + "_ref");
          CudaArgs.push_back("&" + O + "_cuda");
          DeviceArgs.push_back("&" + O + "_dev");
          HPArgs.push_back("NULL"); // structArguments: no long double run
          continue;
        }
        for (auto *List : {&RefArgs, &CudaArgs, &DeviceArgs, &HPArgs})
          List->push_back(Pointer ? "NULL" : P.Name);
        continue;
      }
      if (!writeValue(OS, F, P.Name, P.Type, IntIndex, ParamSummary))
        return false;
      for (auto *List : {&RefArgs, &CudaArgs, &DeviceArgs, &HPArgs})
        List->push_back(P.Name);
    }
    for (const auto &[Side, B] : PointerMembers)
      if (!writeMemberArray(OS, Info, Side, *B, Args))
        return false;
    OS << "  printf(\"validating " << F.Name << (ParamSummary.empty() ? "" : " with") << ParamSummary << " (seed " << Opts.Seed
       << ")\\n\");\n";
    return true;
  }

  /// The array the nests index through pointer member B of a struct
  /// parameter (Side: the driver's struct, or the object a pointer parameter
  /// points to): sized from the nests' accesses, random inputs (where read),
  /// a buffer per side that the side's struct points to. False after an
  /// error.
  bool writeMemberArray(raw_ostream &OS, const FunctionInfo &Info, const std::string &Side, const MemberBinding &B,
                        Arguments &Args) {
    Arguments::MemberArray MA;
    MA.B = &B;
    std::string Count;
    for (const Nest *N : Info.Nests) {
      int NA = nestArrayNamed(*N, B.Name);
      if (NA < 0)
        continue;
      noteAccesses(*N, NA, MA.Read, MA.Written);
      std::optional<std::string> C = arrayElementCount(*N, NA);
      if (!C) {
        Diags.error(B.Loc, "--validate: cannot size the array '" + B.CText +
                               "' points to (an access to it is not affine)");
        return false;
      }
      Count = Count.empty() ? inFunctionTerms(*N, *C) : "loopgpu_max(" + Count + ", " + inFunctionTerms(*N, *C) + ")";
    }
    if (Count.empty())
      return true;
    std::string T = typeStr(B.ElementType), Name = B.Name;
    OS << "  // " << B.CText << ": the array the nests index through it\n";
    OS << "  const long long " << Name << "_count = loopgpu_max(0, " << Count << ");\n";
    OS << "  loopgpu_buffer<" << T << "> " << Name << "_init(" << Name << "_count + 1);\n";
    OS << "  loopgpu_" << (MA.Read ? "fill" : "poison") << "(" << Name << "_init.data(), " << Name << "_count, "
       << (B.ElementType.isFloating() ? "true" : "false") << ");\n";
    OS << "  loopgpu_buffer<" << T << "> " << Name << "_ref_v(" << Name << "_init), " << Name << "_cuda_v(" << Name
       << "_init), " << Name << "_dev_v(" << Name << "_init);\n";
    std::string Path = B.PointeeType.empty() ? B.Member.substr(B.Root.size()) : B.PathFromPointee;
    for (const char *S : {"ref", "cuda", "dev"})
      OS << "  " << Side << "_" << S << Path << " = " << Name << "_" << S << "_v.data();\n";
    Args.MemberArrays.push_back(MA);
    return true;
  }

  /// The driver's variable Name of type T, a parameter or a struct member:
  /// integers from --param or the defaults, floating point random. False
  /// after an error.
  bool writeValue(raw_ostream &OS, const HostFunction &F, const std::string &Name, ScalarType T, unsigned &IntIndex,
                  std::string &Summary) {
    if (T.isInteger()) {
      auto It = Opts.Params.find(CudaNames::cName(Name)); // --param uses the C name
      int64_t V = It != Opts.Params.end() ? It->second : defaultParamValue(IntIndex++);
      if (!fitsIn(V, T)) {
        std::string CName = CudaNames::cName(Name);
        Diags.error(F.Loc, "--param " + CName + "=" + std::to_string(V) + " does not fit in '" + typeStr(T) +
                               "', the type of '" + CName + "' in '" + CudaNames::cName(F.Name) + "'");
        return false;
      }
      OS << "  const " << typeStr(T) << " " << Name << " = " << V << ";\n";
      Summary += " " + CudaNames::cName(Name) + "=" + std::to_string(V);
    } else {
      OS << "  const " << typeStr(T) << " " << Name << " = (" << typeStr(T) << ")(0.5 + loopgpu_uniform());\n";
    }
    return true;
  }

  /// Every array's size first, then whether they all fit, then the
  /// allocations: the inputs once, copied to each side.
  void writeBuffers(raw_ostream &OS, const HostFunction &F, const std::map<unsigned, ArrayUse> &Arrays) {
    std::vector<std::string> Bytes;
    for (auto &[AI, U] : Arrays) {
      const HostArray &A = F.Arrays[AI];
      std::string T = typeStr(A.ElementType), HT = A.ElementType.isFloating() ? "long double" : T;
      OS << "  const long long " << A.Name << "_count = loopgpu_max(0, " << U.Count << ");\n";
      Bytes.push_back("(long double)" + A.Name + "_count * (4 * sizeof(" + T + ") + sizeof(" + HT + "))");
    }
    if (!Bytes.empty())
      OS << "  if (!loopgpu_memory_fits(\"" << F.Name << "\", " << join(Bytes, " + ") << "))\n    return 1;\n";
    // The parameters' values are the driver's guesses (or --param): where the
    // nests reach past an array's declared extent with them, the original C
    // writes outside it too, which no comparison can make sense of.
    for (auto &[AI, U] : Arrays)
      if (!U.Touched.empty())
        OS << "  if ((long long)(" << U.Touched << ") > " << F.Arrays[AI].Name << "_count)\n    printf(\"note "
           << F.Name << ": with these values the nests may index " << CudaNames::cName(F.Arrays[AI].Name)
           << " up to element %lld, past its %lld declared elements (the original C too: a crash or a FAIL may "
              "follow); give --param values that keep the loops within the arrays\\n\", (long long)("
           << U.Touched << ") - 1, " << F.Arrays[AI].Name << "_count), fflush(stdout);\n";
    for (auto &[AI, U] : Arrays) {
      const HostArray &A = F.Arrays[AI];
      std::string T = typeStr(A.ElementType), Name = A.Name;
      OS << "  loopgpu_buffer<" << T << "> " << Name << "_init(" << Name << "_count + 1);\n";
      OS << "  loopgpu_" << (U.Read ? "fill" : "poison") << "(" << Name << "_init.data(), " << Name
         << "_count, " << (A.ElementType.isFloating() ? "true" : "false") << ");\n";
      if ((Opts.Inputs == "spd" || Opts.Inputs == "dominant") && U.Read && A.ElementType.isFloating() && A.rank() == 2 &&
          A.extentsKnown() && A.Extents[0] == A.Extents[1])
        OS << "  loopgpu_condition(" << Name << "_init.data(), (long long)(" << A.Extents[0] << "), "
           << (Opts.Inputs == "spd" ? "true" : "false") << "); // --inputs=" << Opts.Inputs << "\n";
      if (U.Read && !U.Bounds.empty()) {
        // Its elements subscript other arrays: inputs that keep those
        // accesses inside (the original C would reach outside them).
        OS << "  {\n    long long loopgpu_lo = 0, loopgpu_hi = 1LL << 62;\n";
        for (const IndexBound &B : U.Bounds) {
          OS << "    // line " << B.Line << ": " << B.Use << "\n";
          if (B.Lower > 0)
            OS << "    loopgpu_lo = loopgpu_max(loopgpu_lo, " << B.Lower << "LL);\n";
          OS << "    loopgpu_hi = loopgpu_min(loopgpu_hi, " << B.Upper << ");\n";
        }
        OS << "    loopgpu_fill_indices(" << Name << "_init.data(), " << Name
           << "_count, loopgpu_lo, loopgpu_hi); // " << CudaNames::cName(Name)
           << "'s elements subscript arrays: within them\n";
        if (std::any_of(U.Bounds.begin(), U.Bounds.end(), [](const IndexBound &B) { return B.Sorted; }))
          OS << "    std::sort(" << Name << "_init.data(), " << Name << "_init.data() + " << Name
             << "_count); // offsets of rows: ascending\n";
        OS << "  }\n";
      }
      std::string HT = A.ElementType.isFloating() ? "long double" : T;
      OS << "  loopgpu_buffer<" << HT << "> " << Name << "_hp_v(" << Name << "_init);\n";
      OS << "  " << HT << " *" << Name << "_hp = " << Name << "_hp_v.data();\n";
      OS << "  loopgpu_buffer<" << T << "> " << Name << "_ref_v(" << Name << "_init), " << Name << "_cuda_v("
         << Name << "_init);\n";
      OS << "  " << T << " *" << Name << "_ref = " << Name << "_ref_v.data(), *" << Name << "_cuda = "
         << Name << "_cuda_v.data();\n";
    }
  }

  /// The three calls, timed, then every written array (and the return
  /// value) compared.
  void writeRunsAndComparisons(raw_ostream &OS, const FunctionInfo &Info, const std::map<unsigned, ArrayUse> &Arrays,
                               const std::map<std::string, GlobalUse> &Globals, const Arguments &Args) {
    const HostFunction &F = *Info.F;
    const std::vector<std::string> &RefArgs = Args.Ref, &CudaArgs = Args.Cuda, &HPArgs = Args.HP;
    OS << "  LOOPGPU_CHECK(cudaFree(0)); // start the CUDA context before timing\n";
    bool Void = F.ReturnType == "void";
    OS << "  double loopgpu_t0 = loopgpu_seconds();\n";
    OS << "  " << (Void ? "" : "const " + F.ReturnType + " loopgpu_ret_ref = ") << "loopgpu_ref_" << F.Name << "("
       << join(RefArgs, ", ") << ");\n";
    OS << "  double loopgpu_t1 = loopgpu_seconds();\n";
    OS << "  " << (Void ? "" : "const " + F.ReturnType + " loopgpu_ret_cuda = ") << F.Name << "("
       << join(CudaArgs, ", ") << ");\n";
    OS << "  double loopgpu_t2 = loopgpu_seconds();\n";
    OS << "  if (loopgpu_hp_" << F.Name << ")\n    loopgpu_hp_" << F.Name << "(" << join(HPArgs, ", ") << ");\n";
    unsigned Compared = 0;
    for (auto &[AI, U] : Arrays) {
      if (!U.Written)
        continue;
      const HostArray &A = F.Arrays[AI];
      if (!A.CopyOut) {
        OS << "  printf(\"note " << F.Name << ": " << CudaNames::cName(A.Name) << " is not compared: copyin("
           << CudaNames::cName(A.Name)
           << ") says the caller does not need what the nests write to it\\n\");\n";
        continue;
      }
      ++Compared;
      std::string HP = A.ElementType.isFloating() ? "loopgpu_hp_" + F.Name + " ? " + A.Name + "_hp : NULL" : "NULL";
      OS << "  loopgpu_failures += loopgpu_compare(\"" << F.Name << ": " << CudaNames::cName(A.Name) << "\", "
         << A.Name << "_ref, "
         << A.Name << "_cuda, " << HP << ", " << A.Name << "_count, " << toleranceFor(A.ElementType, Info.HasReduction)
         << ");\n";
    }
    for (const auto &[Name, G] : Globals) {
      if (!G.Written)
        continue;
      ++Compared;
      std::string V = "loopgpu_g_" + Name;
      std::string HP = G.ElementType.isFloating() ? "loopgpu_hp_" + F.Name + " ? " + V + "_hp : NULL" : "NULL";
      OS << "  loopgpu_failures += loopgpu_compare(\"" << F.Name << ": " << CudaNames::cName(Name) << "\", " << V
         << "_ref, " << V << "_cuda, " << HP << ", " << V << "_count, " << toleranceFor(G.ElementType, Info.HasReduction)
         << ");\n";
    }
    for (const Arguments::MemberArray &MA : Args.MemberArrays) {
      if (!MA.Written)
        continue;
      ++Compared;
      OS << "  loopgpu_failures += loopgpu_compare(\"" << F.Name << ": " << MA.B->CText << "[]\", " << MA.B->Name
         << "_ref_v.data(), " << MA.B->Name << "_cuda_v.data(), (const long double *)NULL, " << MA.B->Name
         << "_count, " << toleranceFor(MA.B->ElementType, Info.HasReduction) << ");\n";
    }
    // Members a nest writes, of a struct a pointer parameter points to.
    for (const MemberBinding *B : parameterMembers(Info)) {
      if (!B->Written || B->PointeeType.empty())
        continue;
      ++Compared;
      std::string O = B->Root + "_obj";
      OS << "  loopgpu_failures += loopgpu_compare(\"" << F.Name << ": " << B->CText << "\", &" << O << "_ref"
         << B->PathFromPointee << ", &" << O << "_cuda" << B->PathFromPointee << ", (const long double *)NULL, 1, "
         << toleranceFor(B->ElementType, Info.HasReduction) << ");\n";
    }
    if (!Void) {
      ++Compared;
      ScalarType RT = F.ReturnType.find("float") != std::string::npos ||
                              F.ReturnType.find("double") != std::string::npos
                          ? ScalarType::doubleType()
                          : ScalarType::intType();
      if (F.ReturnType.find("float") != std::string::npos)
        RT = ScalarType::floatType();
      OS << "  loopgpu_failures += loopgpu_compare(\"" << F.Name << ": return value\", &loopgpu_ret_ref, &loopgpu_ret_cuda, (const long double *)NULL, 1, "
         << toleranceFor(RT, Info.HasReduction) << ");\n";
    }
    if (!Compared)
      OS << "  printf(\"note " << F.Name << ": writes no array argument or variable at file scope and returns nothing: "
            "nothing to compare\\n\");\n";
    OS << "  printf(\"time " << F.Name << ": original on one CPU core %.3f ms, CUDA end to end (copies "
          "included) %.3f ms\\n\", 1e3 * (loopgpu_t1 - loopgpu_t0), 1e3 * (loopgpu_t2 - loopgpu_t1));\n";
  }

  /// A declaration or type with float and double as long double.
  static std::string highPrecision(const std::string &Decl) { return loopgpu::highPrecisionText(Decl); }

  /// A parameter as the driver declares it: arrays as flat pointers.
  static std::string declaration(const HostFunction &F, const HostParam &P) {
    if (P.K == HostParam::Kind::Array) {
      const HostArray &A = F.Arrays[P.ArrayIndex];
      return std::string(A.IsConst ? "const " : "") + typeStr(A.ElementType) + " *" + P.Name;
    }
    if (P.K == HostParam::Kind::Scalar)
      return typeStr(P.Type) + " " + P.Name;
    if (P.TypeSpelling.find_first_of("*[") != std::string::npos)
      return "void *" + P.Name;
    return P.TypeSpelling;
  }

  static double toleranceFor(ScalarType T, bool Reorders) {
    if (T.isInteger())
      return 0;
    bool Single = T.K == ScalarType::Kind::Float;
    return Reorders ? (Single ? 1e-4 : 1e-10) : (Single ? 1e-5 : 1e-12);
  }

  /// The driver's arrays are distinct: of a nest with a version for arrays
  /// apart (Transform/AliasVersion.h), the version runs.
  const Nest &versionThatRuns(const Nest &N) const {
    for (const Nest &V : Prog.Nests)
      if (V.VersionOf >= 0 && &Prog.Nests[V.VersionOf] == &N)
        return V;
    return N;
  }

  /// One nest: times its launcher `<function>_nest0_device` with CUDA
  /// events, every argument on the device (scalars the nest writes too), as
  /// writeKernelTiming does; nothing else in the timing.
  template <typename ArrayMap>
  void writeLauncherTiming(raw_ostream &OS, const HostFunction &F, const Nest &N, const ArrayMap &Arrays,
                           const std::map<std::string, GlobalUse> &Globals) {
    std::set<std::string> Passed, Scalars;
    for (auto &[AI, U] : Arrays)
      Passed.insert(F.Arrays[AI].Name);
    for (const HostParam &P : F.Params)
      if (P.K == HostParam::Kind::Scalar)
        Scalars.insert(P.Name);
    // Only what the driver has: parameters, and arrays it passes.
    for (const ParamInfo &P : N.Params)
      if (!Scalars.count(P.Name))
        return;
    for (const ScalarInfo &S : N.Scalars)
      if (!S.declaredInside() && !S.IsWritten && !Scalars.count(S.Name) && !Globals.count(S.Name))
        return;
    for (const ArrayInfo &A : N.Arrays)
      if (!A.isTemporary() && !Passed.count(A.Name) && !Globals.count(A.Name))
        return;
    std::vector<std::string> Decls, Args;
    OS << "  {\n";
    for (const ParamInfo &P : N.Params) {
      Decls.push_back(typeStr(P.Type) + " " + P.Name);
      Args.push_back(P.Name);
    }
    std::vector<std::string> Frees;
    for (const ScalarInfo &S : N.Scalars) {
      if (S.declaredInside())
        continue;
      if (!S.IsWritten) {
        Decls.push_back(typeStr(S.Type) + " " + S.Name);
        // A parameter, or a variable at file scope: the CUDA file's.
        Args.push_back(Scalars.count(S.Name) ? S.Name : "*loopgpu_g_" + S.Name + "_cuda");
        continue;
      }
      std::string D = "loopgpu_dev_" + S.Name, T = typeStr(S.Type);
      OS << "    " << T << " *" << D << ";\n";
      OS << "    LOOPGPU_CHECK(cudaMalloc((void **)&" << D << ", sizeof(" << T << ")));\n";
      OS << "    LOOPGPU_CHECK(cudaMemset(" << D << ", 0, sizeof(" << T << ")));\n";
      Decls.push_back(T + " *" + S.Name);
      Args.push_back(D);
      Frees.push_back(D);
    }
    for (const ArrayInfo &A : N.Arrays) {
      if (A.isTemporary())
        continue; // the launcher allocates it
      std::string T = typeStr(A.ElementType), D = "dev_" + A.Name;
      // An argument from its inputs, a variable at file scope from the CUDA file's.
      bool Global = !Passed.count(A.Name);
      std::string Count = Global ? "loopgpu_g_" + A.Name + "_count" : A.Name + "_count";
      std::string Source = Global ? "loopgpu_g_" + A.Name + "_cuda" : A.Name + "_init.data()";
      OS << "    " << T << " *" << D << ";\n";
      OS << "    LOOPGPU_CHECK(cudaMalloc((void **)&" << D << ", (" << Count << " + 1) * sizeof(" << T << ")));\n";
      OS << "    LOOPGPU_CHECK(cudaMemcpy(" << D << ", " << Source << ", " << Count << " * sizeof(" << T
         << "), cudaMemcpyHostToDevice));\n";
      Decls.push_back(std::string(A.IsConst ? "const " : "") + T + " *" + A.Name);
      Args.push_back(D);
      Frees.push_back(D);
    }
    std::string Launcher = N.symbolPrefix() + "_device";
    writeTimedCalls(OS, F.Name, Launcher + "(" + join(Args, ", ") + ")", Frees);
    DeviceDecls += "extern \"C\" void " + Launcher + "(" + join(Decls, ", ") + ");\n";
  }

  /// CUDA-event timing of Call: a warm-up, then the median of 10.
  void writeTimedCalls(raw_ostream &OS, const std::string &Function, const std::string &Call,
                       const std::vector<std::string> &Frees) {
    OS << "    cudaEvent_t loopgpu_start, loopgpu_stop;\n";
    OS << "    LOOPGPU_CHECK(cudaEventCreate(&loopgpu_start));\n    LOOPGPU_CHECK(cudaEventCreate(&loopgpu_stop));\n";
    OS << "    " << Call << "; // warm-up\n";
    OS << "    LOOPGPU_CHECK(cudaDeviceSynchronize());\n";
    OS << "    std::vector<float> loopgpu_ms;\n";
    OS << "    for (int loopgpu_r = 0; loopgpu_r < 10; ++loopgpu_r) {\n";
    OS << "      LOOPGPU_CHECK(cudaEventRecord(loopgpu_start));\n";
    OS << "      " << Call << ";\n";
    OS << "      LOOPGPU_CHECK(cudaEventRecord(loopgpu_stop));\n";
    OS << "      LOOPGPU_CHECK(cudaEventSynchronize(loopgpu_stop));\n";
    OS << "      float loopgpu_m = 0;\n      LOOPGPU_CHECK(cudaEventElapsedTime(&loopgpu_m, loopgpu_start, loopgpu_stop));\n";
    OS << "      loopgpu_ms.push_back(loopgpu_m);\n    }\n";
    OS << "    std::sort(loopgpu_ms.begin(), loopgpu_ms.end());\n";
    OS << "    printf(\"time " << Function << ": kernels alone (median of 10) %.3f ms\\n\", 0.5 * (loopgpu_ms[4] + loopgpu_ms[5]));\n";
    for (const std::string &P : Frees)
      OS << "    LOOPGPU_CHECK(cudaFree(" << P << "));\n";
    OS << "  }\n";
  }

  /// Several nests: times `<function>_device` alone with CUDA events: median
  /// of 10 runs after a warm-up, on device copies of the inputs.
  template <typename ArrayMap>
  void writeKernelTiming(raw_ostream &OS, const HostFunction &F, const ArrayMap &Arrays,
                         const std::vector<std::string> &Args, const std::vector<std::string> &Decls) {
    OS << "  {\n";
    std::vector<std::string> Frees;
    for (auto &[AI, U] : Arrays) {
      const HostArray &A = F.Arrays[AI];
      std::string T = typeStr(A.ElementType);
      OS << "    " << T << " *dev_" << A.Name << ";\n";
      OS << "    LOOPGPU_CHECK(cudaMalloc((void **)&dev_" << A.Name << ", (" << A.Name
         << "_count + 1) * sizeof(" << T << ")));\n";
      OS << "    LOOPGPU_CHECK(cudaMemcpy(dev_" << A.Name << ", " << A.Name << "_init.data(), (" << A.Name
         << "_count + 1) * sizeof(" << T << "), cudaMemcpyHostToDevice));\n";
      Frees.push_back("dev_" + A.Name);
    }
    writeTimedCalls(OS, F.Name, F.Name + "_device(" + join(Args, ", ") + ")", Frees);
    // The declaration the call above needs, emitted before validate_N.
    DeviceDecls += "extern \"C\" " + F.ReturnType + " " + F.Name + "_device(" + join(Decls, ", ") + ");\n";
  }

  std::string DeviceDecls;

private:
  const Program &Prog;
  const ValidateOptions &Opts;
  DiagnosticSink &Diags;
};

bool writeFile(const std::string &Path, StringRef Text, DiagnosticSink &Diags) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (EC) {
    Diags.error({}, "--validate: cannot write '" + Path + "': " + EC.message());
    return false;
  }
  OS << Text;
  return true;
}

} // namespace

/// Whether F has a parameter passed by value of a type that is neither a
/// scalar nor an array (a struct).
static bool byValueOther(const HostFunction &F) {
  return std::any_of(F.Params.begin(), F.Params.end(), [](const HostParam &P) {
    return P.K == HostParam::Kind::Other && P.TypeSpelling.find_first_of("*[") == std::string::npos;
  });
}

/// Whether the function takes a struct whose members the driver sets: by
/// value, or through a pointer whose members a nest uses.
static bool structArguments(const FunctionInfo &Info) {
  return byValueOther(*Info.F) || !parameterMembers(Info).empty();
}

bool writeHarness(const Program &P, StringRef Source, StringRef Cuda, const ValidateOptions &Opts,
                  DiagnosticSink &Diags) {
  if (std::error_code EC = sys::fs::create_directories(Opts.Dir)) {
    Diags.error({}, "--validate: cannot create '" + Opts.Dir + "': " + EC.message());
    return false;
  }
  std::vector<FunctionInfo> Functions;
  for (const HostFunction &HF : P.Functions) {
    FunctionInfo F;
    F.F = &HF;
    for (unsigned I : HF.Nests) {
      const Nest &N = P.Nests[I];
      F.Nests.push_back(&N);
      // Reductions, accumulations and scans (a store computed from another
      // element of its own array) reorder or contract floating point.
      for (const Statement &S : N.Statements) {
        if (S.Body->K != Expr::Kind::Assign)
          continue;
        if (S.Body->Op != "=")
          F.HasReduction = true;
        const Expr *Store = S.Body->Ops[0].get();
        while (Store->K == Expr::Kind::Cast)
          Store = Store->Ops[0].get();
        if (Store->K == Expr::Kind::ArrayRef)
          S.Body->Ops[1]->walk([&](const Expr &R) {
            F.HasReduction |= R.K == Expr::Kind::ArrayRef && R.Index == Store->Index;
          });
      }
    }
    Functions.push_back(F);
  }

  // Every --param names an integer parameter of a function the driver calls.
  for (const auto &[Name, Value] : Opts.Params) {
    bool Known = false;
    for (const FunctionInfo &F : Functions) {
      for (const HostParam &HP : F.F->Params)
        Known |= CudaNames::cName(HP.Name) == Name && HP.K != HostParam::Kind::Array && HP.K != HostParam::Kind::Other &&
                 HP.Type.isInteger();
      for (const MemberBinding *B : parameterMembers(F))
        Known |= CudaNames::cName(B->Name) == Name && B->ElementType.isInteger();
    }
    if (!Known) {
      Diags.error({}, "--param " + Name + "=" + std::to_string(Value) +
                          ": no function with a '#pragma loopgpu' nest has an integer parameter '" + Name +
                          "' (nor an integer member of a struct parameter that a nest uses, named as in "
                          "'validating' lines: p->n is p_n)");
      return false;
    }
  }

  DriverWriter W(P, Opts, Diags);
  std::string Body;
  raw_string_ostream BOS(Body);
  unsigned Index = 0;
  for (const FunctionInfo &F : Functions)
    if (!W.writeFunction(BOS, F, Index++))
      return false;
  BOS.flush();

  std::string Driver;
  raw_string_ostream DOS(Driver);
  DOS << "// Generated by loopgpu --validate from " << P.File << ".\n" << DriverPrelude << countHelpers() << "\n";
  // A parameter of a type the file declares (`struct cfg c`): its headers,
  // macros and type declarations, as the CUDA file repeats them.
  if (std::any_of(Functions.begin(), Functions.end(), [](const FunctionInfo &F) { return structArguments(F); })) {
    CudaNames Names(Source);
    DOS << "// The types of " << P.File << " its functions' parameters use:\n";
    SmallVector<StringRef, 64> Lines;
    Source.split(Lines, '\n');
    for (StringRef L : Lines) {
      StringRef T = L.trim();
      if (T.starts_with("#include") || (T.starts_with("#define") && !T.ends_with("\\")))
        DOS << Names.rewrite(T) << "\n";
    }
    DOS << "extern \"C\" {\n";
    for (const FileScopeDecl &D : P.FileScope)
      if (D.IsType)
        DOS << Names.rewrite(Source.slice(D.BeginOffset, D.EndOffset)) << "\n";
    DOS << "}\n\n";
  }
  DOS << W.DeviceDecls << W.accessorDeclarations() << "\n";
  DOS << Body;
  DOS << "int main() {\n  loopgpu_rng = " << Opts.Seed << "ull;\n";
  if (Opts.Inputs == "positive")
    DOS << "  loopgpu_positive_inputs = true; // --inputs=positive\n";
  DOS << "  int failures = 0;\n  try {\n";
  for (unsigned I = 0; I < Index; ++I)
    DOS << "    failures += validate_" << I << "();\n";
  DOS << "  } catch (const std::bad_alloc &) {\n"
         "    printf(\"FAIL: out of host memory (give smaller --param values)\\n\");\n    return 1;\n  }\n";
  DOS << "  printf(\"%s\\n\", failures ? \"FAIL\" : \"PASS\");\n  return failures ? 1 : 0;\n}\n";
  DOS.flush();

  // The input's #include "x.h" and -I/-D options hold for the copies here.
  std::string PP;
  for (const std::string &F : Opts.PreprocessorFlags)
    PP += " " + shellQuoted(F);
  std::string Renames, HPRenames, HPKeep;
  for (const FunctionInfo &F : Functions) {
    Renames += " -D" + F.F->Name + "=loopgpu_ref_" + F.F->Name;
    // A struct has other members in long double there: its long double
    // run would be called with the wrong type (by value, or the struct the
    // driver sets members of), so it is named apart and the driver's weak
    // loopgpu_hp_ reference stays null.
    if (structArguments(F)) {
      HPRenames += " -D" + F.F->Name + "=loopgpu_hp_unused_" + F.F->Name;
    } else {
      HPRenames += " -D" + F.F->Name + "=loopgpu_hp_" + F.F->Name;
      HPKeep += " --keep-global-symbol=loopgpu_hp_" + F.F->Name;
    }
  }
  // Each side's globals, reached through accessors added to its file.
  std::string RefText = Source.str(), HPText = "#include <tgmath.h>\n" + highPrecisionText(Source),
              CudaText = Cuda.str();
  if (!W.Accessed.empty()) {
    for (std::string *Text : {&RefText, &HPText, &CudaText})
      *Text += "\n\n// Added by loopgpu --validate: the driver reaches the variables at file scope through these.\n";
    for (const auto &[Name, G] : W.Accessed) {
      RefText += DriverWriter::accessorText(G, "ref");
      HPText += DriverWriter::accessorText(G, "hp");
      CudaText += DriverWriter::accessorText(G, "cuda");
      HPKeep += " --keep-global-symbol=loopgpu_hp_at_" + Name;
    }
  }
  // kernels.cu defines the input's external variables and functions too.
  for (const FileScopeDecl &D : P.FileScope)
    for (const auto &[Name, Loc] : D.External)
      Renames += " -D" + Name + "=loopgpu_ref_" + Name;
  std::string Run = "#!/usr/bin/env bash\n"
                    "# Builds and runs the validation harness. Usage: run.sh gpu|cpu|gpu-build\n"
                    "# (gpu-build: build for the GPU without running, e.g. to build many in parallel)\n"
                    "set -euo pipefail\ncd \"$(dirname \"$0\")\"\n"
                    "mode=${1:-gpu}\n"
                    "CC=${CC:-cc}\nNVCC=${NVCC:-nvcc}\n"
                    "$CC -O2 -std=c11 -c" + PP + Renames + " ref.c -o ref.o\n"
                    "# The original in long double, the reference for rounding differences\n"
                    "# (optional: the driver does without it if it does not compile).\n"
                    "HP=ref_hp.o\n"
                    "{ $CC -O2 -std=c11 -c" + PP + HPRenames + " ref_hp.c -o ref_hp.o && objcopy" + HPKeep +
                    " ref_hp.o; } 2>/dev/null || HP=\n"
                    "if [ \"$mode\" = gpu ] || [ \"$mode\" = gpu-build ]; then\n"
                    "  $NVCC -O2 -arch=" + Opts.Arch + PP + " -c kernels.cu -o kernels.o\n"
                    "  $NVCC -O2 -arch=" + Opts.Arch + " driver.cu kernels.o ref.o $HP -o validate -lm\n"
                    "  [ \"$mode\" = gpu-build ] || exec ./validate\n"
                    "elif [ \"$mode\" = cpu ]; then\n"
                    "  # The same sources through the CUDA emulation (runtime/README.md).\n"
                    "  R=${LOOPGPU_EMU_REWRITE:-" + Opts.EmuRewrite + "}\n"
                    "  [ -x \"$R\" ] || { echo \"run.sh: no loopgpu-emu-rewrite at '$R'\" >&2; exit 2; }\n"
                    "  # LOOPGPU_EMU_OPT: the emulated sources' optimization level (the lit suite\n"
                    "  # sets -O0: with sanitizers, -O1 compiles big kernels for minutes).\n"
                    "  for f in kernels driver; do\n"
                    "    \"$R\" $f.cu $f.emu.cpp\n"
                    "    $(\"$R\" --cxx) $(\"$R\" --cxxflags) ${LOOPGPU_EMU_OPT:--O1} -iquote ." + PP + " -c $f.emu.cpp -o $f.emu.o\n"
                    "  done\n"
                    "  $(\"$R\" --cxx) driver.emu.o kernels.emu.o ref.o $HP $(\"$R\" --libs) -lm -o validate-emu\n"
                    "  # An emulation error (race, divergent barrier, bad launch) fails validation.\n"
                    "  # Its standard error goes to a file first, so that the check reads all of it.\n"
                    "  status=0\n"
                    "  ./validate-emu 2>emu.stderr || status=$?\n"
                    "  cat emu.stderr >&2\n"
                    "  if grep -q 'loopgpu-emu: error:' emu.stderr; then echo FAIL; exit 1; fi\n"
                    "  exit $status\n"
                    "else\n  echo \"run.sh: unknown mode '$mode' (gpu, cpu or gpu-build)\" >&2; exit 2\nfi\n";
  std::string Dir = Opts.Dir;
  if (!writeFile(Dir + "/ref.c", RefText, Diags) || !writeFile(Dir + "/ref_hp.c", HPText, Diags) ||
      !writeFile(Dir + "/kernels.cu", CudaText, Diags) ||
      !writeFile(Dir + "/driver.cu", Driver, Diags) || !writeFile(Dir + "/run.sh", Run, Diags))
    return false;
  sys::fs::setPermissions(Dir + "/run.sh", sys::fs::perms::all_read | sys::fs::perms::all_exe |
                                               sys::fs::perms::owner_write);
  return true;
}

int runHarness(const std::string &Dir, bool GPU, const std::string &OutputFile) {
  std::string Script = Dir + "/run.sh";
  StringRef Args[] = {"bash", Script, GPU ? "gpu" : "cpu"};
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(OutputFile), StringRef(OutputFile)};
  if (OutputFile.empty())
    return sys::ExecuteAndWait("/bin/bash", Args);
  return sys::ExecuteAndWait("/bin/bash", Args, std::nullopt, Redirects);
}

std::string firstGPUName() {
  ErrorOr<std::string> Smi = sys::findProgramByName("nvidia-smi");
  if (!Smi)
    return "";
  SmallString<128> Out;
  if (sys::fs::createTemporaryFile("loopgpu-smi", "txt", Out))
    return "";
  StringRef Args[] = {*Smi, "-L"};
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(Out), StringRef("")};
  int RC = sys::ExecuteAndWait(*Smi, Args, std::nullopt, Redirects);
  auto Text = MemoryBuffer::getFile(Out);
  sys::fs::remove(Out);
  if (RC != 0 || !Text)
    return "";
  return gpuNameFromSmi((*Text)->getBuffer());
}

std::string gpuNameFromSmi(StringRef Output) {
  // "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)"
  StringRef Line = Output.split('\n').first;
  if (!Line.consume_front("GPU "))
    return "";
  StringRef Name = Line.split(": ").second.split(" (UUID").first.trim();
  return Name.empty() ? "GPU" : Name.str();
}

HarnessOutcome parseHarnessOutput(StringRef Output) {
  HarnessOutcome O;
  SmallVector<StringRef, 32> Lines;
  Output.trim().split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef L = Lines[I].rtrim();
    if (I + 1 == Lines.size() && (L == "PASS" || L == "FAIL")) {
      O.Passed = L == "PASS";
      continue;
    }
    if (L.consume_front("validating ")) {
      O.Sizes = L.str();
      continue;
    }
    if (L.consume_front("time ")) {
      O.Times.push_back(L.str());
      continue;
    }
    bool Checked = false;
    for (StringRef Status : {"PASS", "FAIL", "INCONCLUSIVE"}) {
      StringRef Rest = L;
      if (!Rest.consume_front(Status) || !Rest.consume_front(" "))
        continue;
      // "PASS f: C (10 elements)", "FAIL f: C: 3 of 10 elements differ; ..."
      auto [Function, AfterFunction] = Rest.split(": ");
      size_t End = AfterFunction.find_first_of(":(");
      StringRef Array = AfterFunction.substr(0, End).rtrim();
      StringRef Detail = End == StringRef::npos ? "" : AfterFunction.substr(End).ltrim(": ");
      O.Checks.push_back({Status.str(), (Function + ": " + Array).str(), Detail.str()});
      Checked = true;
      break;
    }
    if (!Checked && !L.empty())
      O.Other.push_back(L.str());
  }
  return O;
}

std::optional<double> passedKernelMs(StringRef Output) {
  SmallVector<StringRef, 32> Lines;
  Output.trim().split(Lines, '\n');
  if (Lines.empty() || Lines.back().trim() != "PASS")
    return std::nullopt;
  double Total = 0;
  unsigned Times = 0;
  for (StringRef L : Lines) {
    size_t At = L.find(": kernels alone (median of 10) ");
    if (!L.starts_with("time ") || At == StringRef::npos)
      continue;
    StringRef Value = L.substr(At).split(") ").second.split(' ').first;
    double Ms;
    // A time is a finite, non-negative number (an edited output.txt may say
    // anything; --tune-import reads it like user input).
    if (Value.getAsDouble(Ms) || !std::isfinite(Ms) || Ms < 0)
      return std::nullopt;
    Total += Ms;
    ++Times;
  }
  if (!Times)
    return std::nullopt;
  return Total;
}

} // namespace loopgpu
