#!/usr/bin/env python3
"""gen-nest.py: random valid affine loop-nest C functions for differential
testing of loopgpu (Csmith-style, deterministic from the seed).

  gen-nest.py SEED [-o FILE] [--max-nests N] [--no-between] [--no-conditional]
              [--no-cuda-names]

Writes one C99 function with one to three `#pragma loopgpu` nests of 1 to 4
loops (rectangular and triangular bounds, steps of +-1..3, `min` bounds
written as `?:` and `&&`), several statements per nest (imperfectly nested
too), local scalars declared inside and outside the nests, reductions (`+`,
`*`, min/max through fminf/fmaxf/fmin/fmax or `?:`, argmin/argmax pairs
`if (e < x) { x = e; y = i; }`, conditional updates), dependences of every
direction (A[i + 1] = A[i] ..., A[i] = A[i + 2] ..., 2-D and 3-D cases),
arrays of rank 1 to 3 of float/double/int as VLA parameters
(`float A[restrict n + 4][m + 4]`) or flat pointers (`float *x`, 2-D and 3-D
ones linearized with a constant row length of 64), `restrict` or not, and
statements between the nests (scalar and array element assignments), and
matrix products (--contraction-rate: gemm and syrk forms, transposed
operands, -=, scaled rows, triangles; mostly doubles, the shape that takes
FP64 tensor cores), stencil sweeps (--stencil-rate: 2-D and 3-D, one or
two inputs, radius 1 or 2 along x: the shape of the stencil pencil), and
time loops of stencil sweeps (--time-stencil-rate: 1-D to 3-D, one to three
sweeps per iteration among two or three arrays, each sweep writing one from
the others' neighbours: the shape that gets time-tiled), and local tables
(--table-rate: `const float tab[5] = {...};`, 1-D or 2-D, static, const or
not, partly initialized, read by the nests, changed between them), and
arrays declared in loop bodies (--local-array-rate: a const table, one
with an initializer a statement changes, a scratch row a loop fills; read
after it, sometimes summed by a loop), switches (--switch-rate) and
iterators of type long or unsigned (--iter-type-rate), `if (c) continue;`
in innermost loop bodies (--continue-rate).
Identifiers are sometimes C names that are CUDA/C++ names (grid, block, new,
class, dim3, threadIdx...).

Validity by construction, for every value 0..60 of the integer parameters:
  - every loop iterator lies in [0, P - 1] for each parameter P it is
    "compatible" with (its bounds say so); an array dimension of extent
    P + 4 is only subscripted by `v + e` (e in 0..4), `P - v + e` (e in
    0..3) with v compatible with P, or a constant in 0..3;
  - int values stay small: int statements average their terms
    (`(a + b + c) / 3`), `+=` into an int array adds read-only inputs only,
    int sums accumulate in `long`, int arrays never read floating values;
  - floating values stay bounded: element statements average their terms,
    products multiply by read-only inputs (in [-1, 1]) only, divisions are
    by `2 + fabs(...)`, `+=` adds read-only inputs only; sums and products
    over more than two loops are not generated (their rounding would differ
    from a reordered parallel reduction by more than the tolerance);
  - reduction results only flow into the return value.

Header comments tell the fuzz driver how to run the case:
  // function: NAME
  // params: n=13 m=5          (--param values for --validate)
  // extents: x=64*(n+4)       (equiv.py --extent for flat pointers)
  // indices: C=m+4-1           (equiv.py --indices: C's elements subscript an array)
  // tolerance: 0 | 1e-4       (equiv.py --tolerance: 1e-4 with reductions)
  // options: -tile 32 ...     (random -tile, -coarsen, -shared-staging,
                                -prefetch, -ktile, -vector for --validate)

Flags restrict the generator (to step around known bugs): --max-nests N,
--no-between (no statements between nests), --no-conditional (no
conditional reductions `if (c) s += e;`; argmin/argmax pairs stay),
--no-cuda-names (only plain identifiers).
"""
import argparse
import random
import re
import sys

PLAIN = {
    "func": ["f", "kernel0", "compute", "update", "step"],
    "int": ["n", "m", "p", "q"],
    "fparam": ["alpha", "beta", "gamma0"],
    "array": ["A", "B", "C", "D", "E", "F", "G"],
    "flat": ["x", "y", "z", "w"],
    "scalar": ["s", "t", "u", "v", "acc", "tmp", "r"],
    "iter": ["i", "j", "k", "l"],
}
# Valid C identifiers that are names in CUDA / C++ (keywords, types,
# built-in variables, runtime functions, alternative tokens).
CUDA_NAMES = ["grid", "block", "min", "max", "new", "class", "dim3", "threadIdx", "blockIdx",
              "blockDim", "gridDim", "warpSize", "template", "this", "delete", "operator",
              "namespace", "private", "public", "virtual", "float4", "int2", "atomicAdd",
              "cudaMalloc", "typename", "using", "try", "catch", "throw", "bool", "and", "or",
              "not", "xor", "friend", "mutable", "explicit", "noexcept", "decltype",
              "constexpr", "std", "size", "shared", "device", "host", "global", "export",
              "static_cast", "typeid"]
FLAT_ROW = 64  # row length of linearized flat pointers: every parameter value stays <= 60


class Names:
    def __init__(self, rng, cuda):
        self.rng, self.cuda, self.used = rng, cuda, set()

    def get(self, kind):
        # A function with a nest keeps its name for its C callers: a reserved
        # one is refused with a located error (README), so it gets a plain name.
        if self.cuda and kind != "func" and self.rng.random() < 0.25:
            pool = [c for c in CUDA_NAMES if c not in self.used]
            if pool:
                name = self.rng.choice(pool)
                self.used.add(name)
                return name
        for base in PLAIN[kind]:
            if base not in self.used:
                self.used.add(base)
                return base
        k = 0
        while "%s%d" % (PLAIN[kind][0], k) in self.used:
            k += 1
        self.used.add("%s%d" % (PLAIN[kind][0], k))
        return "%s%d" % (PLAIN[kind][0], k)


class Array:
    def __init__(self, name, ty, dims, flat, restrict, role, const):
        self.name, self.ty, self.dims, self.flat = name, ty, dims, flat
        self.restrict, self.role = restrict, role  # role: "in" (read-only) or "state"
        self.const = const and role == "in"

    def decl(self):
        c = "const " if self.const else ""
        if self.flat:
            return "%s%s *%s%s" % (c, self.ty, "restrict " if self.restrict else "", self.name)
        ext = ["[%s + 4]" % p for p in self.dims]
        if self.restrict:
            ext[0] = "[restrict %s + 4]" % self.dims[0]
        return "%s%s %s%s" % (c, self.ty, self.name, "".join(ext))

    def extent(self):
        """equiv.py --extent for a flat pointer (elements)."""
        return "*".join([str(FLAT_ROW)] * (len(self.dims) - 1) + ["(%s+4)" % self.dims[0]])


class Gen:
    def __init__(self, seed, opts):
        self.rng = random.Random(seed)
        # Scans draw from their own stream: a case without one is the case the
        # generator made before scans existed.
        self.srng = random.Random(seed * 1000003 + 17)
        # Likewise contractions (matrix products, FP64 tensor cores).
        self.crng = random.Random(seed * 1000033 + 29)
        # Likewise stencils (the stencil pencil with vector runs).
        self.trng = random.Random(seed * 1000037 + 31)
        # Likewise time loops of stencil sweeps (time tiling).
        self.ttrng = random.Random(seed * 1000039 + 37)
        # Likewise calls of the file's own functions (they run on the GPU).
        self.hrng = random.Random(seed * 1000081 + 41)
        # Likewise scatters through data-dependent subscripts (atomics).
        self.srng2 = random.Random(seed * 1000099 + 43)
        # Likewise loops run as written in one thread (sequential regions).
        self.rrng = random.Random(seed * 1000117 + 47)
        # Likewise index variables (`int t = i + 2;` used as `t - 2`).
        self.irng = random.Random(seed * 1000133 + 53)
        # Likewise local tables (`const float tab[5] = {...};` in the function).
        self.lrng = random.Random(seed * 1000151 + 59)
        self.tables = []  # (name, type, dims, static/const/plain): read by nests
        # Likewise arrays declared in a nest's loop body (`float la[4];`).
        self.larng = random.Random(seed * 1000159 + 61)
        # Likewise switches and iterators of other integer types.
        self.swrng = random.Random(seed * 1000193 + 67)
        # Likewise the integer parameters read through a struct's members.
        self.mrng = random.Random(seed * 1000211 + 71)
        # Likewise `if (c) continue;` in innermost loop bodies.
        self.corng = random.Random(seed * 1000231 + 73)
        self.alias = {}  # iterator -> (index variable, offset) in scope
        self.rows = {}  # array name -> (row pointer, its first subscript) in scope
        self.helpers = {}  # name -> definition, in the order first called
        self.o = opts
        self.names = Names(self.rng, not opts.no_cuda_names)
        self.tolerance = "0"
        self.indices = []  # "C=E": C's elements subscript an array of E elements (equiv.py --indices)

    # ---- helpers ---------------------------------------------------------
    def chance(self, p):
        return self.rng.random() < p

    def lit(self, v, ty):
        if ty == "int":
            return str(int(v))
        s = repr(float(v))
        return s + "f" if ty == "float" else s

    def fn(self, base):
        return base + "f" if self.fty == "float" else base

    # ---- the function ----------------------------------------------------
    def function(self):
        rng = self.rng
        self.fty = rng.choice(["float", "float", "double"])
        self.fname = self.names.get("func")
        self.ints = [self.names.get("int") for _ in range(rng.choice([1, 1, 2, 2, 3]))]
        self.fparams = [self.names.get("fparam") for _ in range(rng.choice([0, 0, 1, 2]))]
        self.arrays = []
        for _ in range(rng.randint(2, 5)):
            ty = self.fty if self.chance(0.75) else "int"
            rank = rng.choice([1, 2, 2, 2, 3])
            dims = [rng.choice(self.ints) for _ in range(rank)]
            flat = self.chance(0.2)
            name = self.names.get("flat" if flat else "array")
            self.arrays.append(Array(name, ty, dims, flat, self.chance(0.7),
                                     "in" if self.chance(0.4) else "state", self.chance(0.5)))
        if not any(a.role == "state" for a in self.arrays):
            self.arrays[0].role, self.arrays[0].const = "state", False
        self.locals = []   # (name, type): function-level scalars nests may read
        self.accs = []     # (name, type): reduction accumulators, only returned
        self.body = []
        for _ in range(rng.randint(0, 2)):
            ty = self.fty if self.chance(0.7) else "int"
            name = self.names.get("scalar")
            init = self.lit(rng.choice([0, 1, 2, 3]) if ty == "int" else rng.choice([0.25, 0.5, 1.5, -0.75]), ty)
            if self.fparams and ty != "int" and self.chance(0.5):
                init = "%s * %s" % (rng.choice(self.fparams), init)
            self.body.append("  %s %s = %s;" % (ty, name, init))
            self.locals.append((name, ty))
        if self.lrng.random() < self.o.table_rate:
            self.table()
        nnests = rng.randint(1, max(1, min(3, self.o.max_nests)))
        self.max_depth = 1
        for k in range(nnests):
            if k and not self.o.no_between:
                self.between()
            self.nest()
        used = set(self.used_arrays)
        self.arrays = [a for a in self.arrays if a.name in used]
        ret = "void"
        if self.accs:
            if any(t != "int" and t != "long" for _, t in self.accs):
                ret = self.fty
                terms = [n if t not in ("int", "long") else "(%s)%s" % (self.fty, n) for n, t in self.accs]
            else:
                ret = "long"
                # In long: int accumulators that keep their extreme initial
                # values (2000000000 when no iteration ran) would overflow an
                # int sum (undefined; compilers differ: fuzz case 710478).
                terms = ["(long)%s" % n if t == "int" else n for n, t in self.accs]
            self.body.append("  return %s;" % " + ".join(terms))
        params = ["int %s" % n for n in self.ints] + ["%s %s" % (self.fty, n) for n in self.fparams]
        params += [a.decl() for a in self.arrays]
        out = ["// function: %s" % self.fname,
               "// params: %s" % " ".join("%s=%d" % (n, v) for n, v in self.param_values()),
               "// extents: %s" % " ".join("%s=%s" % (a.name, a.extent()) for a in self.arrays if a.flat),
               "// indices: %s" % " ".join(self.indices),
               "// tolerance: %s" % self.tolerance,
               "// options: %s" % self.options(),
               "#include <math.h>",
               ""] + list(self.helpers.values()) + (["" ] if self.helpers else []) + [
               "%s %s(%s) {" % (ret, self.fname, ", ".join(params))]
        # Host code between nests may index a flat pointer beyond what the
        # nests touch: only a data clause tells loopgpu its extent (and the
        # --validate driver how much to allocate); sometimes without need.
        flat = [a for a in self.arrays if a.flat]
        body = list(self.body)
        if flat and (getattr(self, "had_between", False) or self.chance(0.3)):
            for k, line in enumerate(body):
                if line.strip() == "#pragma loopgpu":
                    body[k] = line + " copy(%s)" % ", ".join("%s[0:%s]" % (a.name, a.extent()) for a in flat)
                    break
        if self.mrng.random() < self.o.struct_rate and not flat and self.ints:
            out, body = self.through_struct(out, body)
        out += body
        out.append("}")
        return "\n".join(out) + "\n"

    def through_struct(self, out, body):
        """The body reads the integer parameters as members of a local struct
        (lg_d.n), or through a pointer to it (lg_dp->n): loopgpu makes each a
        variable of the nest that the host code declares before it. Not with
        flat pointers, whose extents the --validate driver computes from the
        parameters."""
        rng = self.mrng
        fields = sorted(set(self.ints))
        out = out[:-1] + ["struct lg_dims { %s };" % " ".join("int %s;" % f for f in fields), ""] + out[-1:]
        decl = ["  struct lg_dims lg_d = {%s};" % ", ".join(fields)]
        ref = "lg_d.%s"
        if rng.random() < 0.5:
            decl.append("  const struct lg_dims *lg_dp = &lg_d;")
            ref = "lg_dp->%s"
        pattern = re.compile(r"\b(%s)\b" % "|".join(re.escape(f) for f in fields))
        new_body = []
        for line in body:
            # Comments and the pragma lines keep the names.
            if line.strip().startswith("#") or line.strip().startswith("//"):
                new_body.append(line)
            elif rng.random() < 0.85:
                new_body.append(pattern.sub(lambda m: ref % m.group(1), line))
            else:
                new_body.append(line)
        return out, decl + new_body

    def table(self):
        """A local array of the function with an initializer (a filter's
        weights, a lookup table): 1-D or 2-D, `static const`, `const` or
        plain, sometimes only partly initialized (the rest is zero); nests
        read it (table_ref), host code between them may change an element."""
        h = self.lrng
        ty = self.fty if h.random() < 0.7 else "int"
        dims = [h.randint(2, 8)] if h.random() < 0.7 else [2, h.randint(2, 5)]
        name = next(n for n in ["tab", "lut", "wts", "tab2", "tab3"] if n not in self.names.used)
        self.names.used.add(name)
        kind = h.choice(["static const ", "const ", "", ""])
        def value():
            return self.lit(h.randint(0, 3), ty) if ty == "int" else self.lit(h.choice([0.5, -0.25, 1.0, 0.75, -1.0, 0.125]), ty)
        def row(k):
            given = k if h.random() < 0.8 else h.randint(1, k)  # partly initialized
            return "{" + ", ".join(value() for _ in range(given)) + "}"
        init = row(dims[0]) if len(dims) == 1 else "{" + ", ".join(row(dims[1]) for _ in range(dims[0])) + "}"
        self.body.append("  %s%s %s%s = %s;" % (kind, ty, name, "".join("[%d]" % d for d in dims), init))
        self.tables.append((name, ty, dims, kind))

    def fresh(self, base):
        """A name not used yet, without drawing from the main stream."""
        k, name = 1, base
        while name in self.names.used:
            k += 1
            name = "%s%d" % (base, k)
        self.names.used.add(name)
        return name

    def local_array(self, vis, scalars, ind):
        """An array declared in the innermost loop body: a const table (which
        loopgpu hoists), one with an initializer that a statement changes, or
        a scratch row filled by a loop; statements after it read it (through
        table_ref, in scope only here), sometimes its sum over a loop."""
        h = self.larng
        ty = self.fty if h.random() < 0.7 else "int"
        k = h.randint(2, 6)
        name, q = self.fresh("la"), self.fresh("lq")
        kind = h.choice(["const", "init", "filled"])
        def value():
            return self.lit(h.randint(0, 3), ty) if ty == "int" else self.lit(h.choice([0.5, -0.25, 1.0, -1.0, 0.125]), ty)
        out = []
        if kind == "filled":
            out.append(ind + "%s %s[%d];" % (ty, name, k))
            term = self.average(ty, vis, scalars)
            if h.random() < 0.5:  # a window: a[..][v + q] (bounded by the fill loop)
                term = self.window_ref(self.readable(ty), vis, q, k) or term
            step = "%s" % q if ty == "int" else "%s * %s" % (q, self.lit(0.125, ty))
            out.append(ind + "for (int %s = 0; %s < %d; %s++)" % (q, q, k, q))
            out.append(ind + "  %s[%s] = %s + %s;" % (name, q, "(%s) / 2" % term if ty == "int" else "0.5%s * (%s)" % ("f" if ty == "float" else "", term), step))
        else:
            init = "{" + ", ".join(value() for _ in range(k if h.random() < 0.8 else h.randint(1, k))) + "}"
            out.append(ind + "%s%s %s[%d] = %s;" % ("const " if kind == "const" else "", ty, name, k, init))
            if kind == "init" and vis:
                out.append(ind + "%s[(%s) %% %d] = %s;" % (name, h.choice(vis)[0], k, value()))
        self.tables.append((name, ty, [k], "const " if kind == "const" else ""))
        try:
            if h.random() < 0.5:
                acc = self.fresh("ls")
                out.append(ind + "%s %s = 0;" % (ty, acc))
                out.append(ind + "for (int %s = 0; %s < %d; %s++)" % (q, q, k, q))
                out.append(ind + "  %s += %s[%s];" % (acc, name, q))
                scalars = list(scalars) + [(acc, ty)]
            for _ in range(h.randint(1, 2)):
                out += self.element_stmt(vis, scalars, ind)
            if kind == "filled" and h.random() < 0.3:  # written back through a window
                dst = self.window_ref([a for a in self.arrays if a.role == "state" and a.ty == ty], vis, q, k)
                if dst:
                    out.append(ind + "for (int %s = 0; %s < %d; %s++)" % (q, q, k, q))
                    out.append(ind + "  %s = %s[%s];" % (dst, name, q))
        finally:
            self.tables.pop()
        return out

    def window_ref(self, arrays, iters, q, k):
        """A reference a[..][v + q] for q from 0 to k - 1, k <= 5, v an
        iterator compatible with that dimension (v <= p - 1 of p + 4
        elements: inside); the other subscripts as subscript() makes them.
        None if no array has such a dimension."""
        h = self.larng
        cands = [(a, d) for a in arrays for d, p in enumerate(a.dims) if any(p in c for _, c in iters)]
        if not cands or k > 5:
            return None
        a, d = h.choice(cands)
        self.use(a)
        subs = [self.subscript(p, iters) for p in a.dims]
        subs[d] = "%s + %s" % (h.choice([v for v, c in iters if a.dims[d] in c]), q)
        return self.render(a, subs)

    def table_ref(self, ty, iters):
        """A read of a local table readable by a statement of type ty, its
        subscripts an iterator modulo the extent (iterators are never
        negative) or a constant; None if there is none."""
        ok = [t for t in self.tables if ty != "int" or t[1] == "int"]
        if not ok:
            return None
        h = self.lrng
        name, _, dims, _ = h.choice(ok)
        vs = [v for v, _ in iters]
        subs = ["(%s) %% %d" % (h.choice(vs), d) if vs and h.random() < 0.8 else str(h.randrange(d)) for d in dims]
        return name + "".join("[%s]" % x for x in subs)

    def options(self):
        """Random code-generation options for --validate."""
        pick = self.rng.choice
        opts = []
        if self.chance(0.5):
            opts.append("-tile " + pick(["32", "64", "128", "8,8", "16,16", "32,8", "4,4,4", "2,8,32", "1,2,128", "7", "3,5"]))
        if self.chance(0.33):
            opts.append("-coarsen " + pick(["2", "3", "4", "2,2", "4,4", "8,8", "2,1,2"]))
        if self.chance(0.33):
            opts.append("-shared-staging=" + pick(["true", "false"]))
        if self.chance(0.33):
            opts.append("-prefetch=" + pick(["true", "false"]))
        if self.chance(0.33):
            opts.append("-ktile " + pick(["1", "3", "4", "8", "16"]))
        # Drawn last, so that the draws above (and the seeds' nests) stay as
        # they were before -vector existed.
        if self.chance(0.25):
            opts.append("-vector " + pick(["1", "2", "4"]))
        # Time loops of stencil sweeps: a depth of time tiling (the model's
        # tile), from their own stream.
        if getattr(self, "has_time_stencil", False) and self.ttrng.random() < 0.6:
            opts.append("-time-tile=" + self.ttrng.choice(["1", "2", "3", "5"]))
        # The form of time tiling, drawn after the depth (from the same stream).
        if getattr(self, "has_time_stencil", False) and self.ttrng.random() < 0.5:
            opts.append("-time-tile-form=" + self.ttrng.choice(["streamed", "overlapped"]))
        # Small tiles asked for (drawn last): at these sizes (extents up to
        # 60) the streamed form's chunks of a few rows leave blocks away from
        # the borders (the step loop's copy without row checks) beside blocks
        # at them. Only where the time loops are of one rank (the tile's).
        if len(getattr(self, "time_ranks", ())) == 1 and self.ttrng.random() < 0.4:
            depth = self.ttrng.choice(["1", "2", "3"])
            tile = {1: [["16", "32"]], 2: [["2", "4", "8"], ["8", "16"]],
                    3: [["2", "4"], ["4", "8"], ["4", "8"]]}[min(self.time_ranks)]
            size = ",".join(self.ttrng.choice(t) for t in tile)
            opts = [o for o in opts if not o.startswith("-time-tile=")] + ["-time-tile=%s,%s" % (depth, size)]
        return " ".join(opts)

    def param_values(self):
        # Small enough that the emulation stays fast: at most ~60000
        # iterations of the deepest nest; never above 60 (flat rows are 64).
        cap = {1: 60, 2: 60, 3: 36, 4: 14}[self.max_depth]
        choices = [v for v in (1, 2, 3, 5, 7, 13, 14, 17, 29, 36, 37, 41, 53, 60) if v <= cap]
        return [(n, self.rng.choice(choices)) for n in self.ints]

    @property
    def used_arrays(self):
        return getattr(self, "_used", [])

    def use(self, a):
        if not hasattr(self, "_used"):
            self._used = []
        if a.name not in self._used:
            self._used.append(a.name)

    # ---- accesses --------------------------------------------------------
    def subscript(self, p, iters, prefer_iter=0.85):
        """A subscript in [0, p + 3] for a dimension of extent p + 4."""
        ok = [v for v, compat in iters if p in compat]
        if ok and self.chance(prefer_iter):
            v = self.rng.choice(ok)
            if v in self.alias and self.irng.random() < 0.5:
                t, c = self.alias[v]
                v = "(%s - %d)" % (t, c) if c else t
            elif self.irng.random() < self.o.index_fn_rate:
                # An index function: one return of its integer parameters.
                self.helpers.setdefault("lg_at", "static inline int lg_at(int a, int b) { return a + b; }")
                v = "lg_at(%s, 0)" % v
            if self.chance(0.15):
                e = self.rng.randint(0, 3)
                return "%s - %s" % (p, v) + (" + %d" % e if e else "")
            e = self.rng.choice([0, 0, 1, 2, 2, 3, 4])
            return v + (" + %d" % e if e else "")
        return str(self.rng.randint(0, 3))

    def ref(self, a, iters, prefer_iter=0.85):
        self.use(a)
        subs = [self.subscript(p, iters, prefer_iter) for p in a.dims]
        if a.name in self.rows and self.irng.random() < 0.6:
            # Through the row pointer: its first subscript is fixed.
            return self.render(a, subs[1:], self.rows[a.name][0])
        return self.render(a, subs)

    def row_pointer(self, vis, ind, depth):
        """`T *rp = a[s0];` (rank 2) or `T *rp = a + 64 * (s0);` (flat): later
        references to a in its scope may go through rp (gen-nest's own random
        stream, irng). Returns the declaration line, the array's name and
        (pointer, first subscript), or None."""
        cands = [a for a in self.arrays if len(a.dims) >= 2 and (a.flat or len(a.dims) == 2)]
        if not cands:
            return None
        a = self.irng.choice(cands)
        ok = [v for v, compat in vis if a.dims[0] in compat]
        if ok and self.irng.random() < 0.85:
            e = self.irng.choice([0, 0, 1, 2, 3])
            s0 = self.irng.choice(ok) + (" + %d" % e if e else "")
        else:
            s0 = str(self.irng.randint(0, 3))
        p = "rp_%s_%d" % (a.name, depth)
        c = "const " if a.const else ""
        if a.flat:
            init = "%s + %d * (%s)" % (a.name, FLAT_ROW ** (len(a.dims) - 1), s0)
            if self.irng.random() < 0.5:
                init = "&%s[%d * (%s)]" % (a.name, FLAT_ROW ** (len(a.dims) - 1), s0)
        else:
            init = "%s[%s]" % (a.name, s0) if self.irng.random() < 0.7 else "&%s[%s][0]" % (a.name, s0)
        self.use(a)
        return ind + "%s%s *%s = %s;" % (c, a.ty, p, init), a.name, (p, s0)

    @staticmethod
    def render(a, subs, base=None):
        """a[s0][s1]..., or a flat pointer's one linearized subscript; through
        base (a row pointer into a) when given."""
        base = base or a.name
        if not a.flat:
            return base + "".join("[%s]" % s for s in subs)
        terms = []
        for d, s in enumerate(subs):
            scale = FLAT_ROW ** (len(subs) - 1 - d)
            terms.append(("%d * (%s)" % (scale, s)) if scale > 1 else s)
        return "%s[%s]" % (base, " + ".join(terms))

    # ---- expressions -----------------------------------------------------
    def readable(self, ty):
        """Arrays a statement writing type `ty` may read."""
        return [a for a in self.arrays if ty != "int" or a.ty == "int"]

    def term(self, ty, iters, scalars, bounded_only=False):
        """One term of magnitude at most that of the values read; sometimes
        through a function of the file (helper_call)."""
        x = self.plain_term(ty, iters, scalars, bounded_only)
        if self.hrng.random() < self.o.helper_rate:
            return self.helper_call(ty, x)
        return x

    def helper_call(self, ty, x):
        """x through a static function of the file that keeps its magnitude:
        an affine map, a loop with locals, a helper calling another and math
        functions, or a two-argument max / min named as CUDA's host functions
        are (the CUDA file renames those)."""
        h = self.hrng
        k = h.randrange(4)
        f = "f" if ty == "float" else ""
        affine = "h_%s_affine" % ty
        if ty == "int":
            name, text = "h_int_mod", "static int h_int_mod(int v) { return v % 5 + v / 3; }"
        elif k == 0:
            name = affine
            text = "static inline %s %s(%s v) { return v * %s + %s; }" % (ty, name, ty, self.lit(0.5, ty), self.lit(0.25, ty))
        elif k == 1:
            name = "h_%s_poly" % ty
            text = ("static %s %s(%s v) {\n  %s r = %s;\n  for (int k = 0; k < 3; k++)\n    r = r * v * %s + %s;\n"
                    "  return r;\n}" % (ty, name, ty, ty, self.lit(0, ty), self.lit(0.5, ty), self.lit(0.125, ty)))
        elif k == 2:
            if affine not in self.helpers:
                self.helpers[affine] = "static inline %s %s(%s v) { return v * %s + %s; }" % (
                    ty, affine, ty, self.lit(0.5, ty), self.lit(0.25, ty))
            name = "h_%s_nested" % ty
            text = "static %s %s(%s v) { return sqrt%s(fabs%s(%s(v))) * %s; }" % (ty, name, ty, f, f, affine, self.lit(0.5, ty))
        else:
            name = h.choice(["max", "min"])
            text = "static %s %s(%s a, %s b) { return a %s b ? a : b; }" % (ty, name, ty, ty, ">" if name == "max" else "<")
            if name not in self.helpers:
                if name in self.names.used:
                    return x  # a variable of the function has that name
                self.names.used.add(name)  # and none will
                self.helpers[name] = text
            elif ("static %s " % ty) not in self.helpers[name]:
                return x  # C has one max: of the other type already
            return "%s(%s, %s)" % (name, x, self.lit(h.choice([0.0, -0.5, 0.5]), ty))
        if name not in self.helpers:
            self.helpers[name] = text
        return "%s(%s)" % (name, x)

    def plain_term(self, ty, iters, scalars, bounded_only=False):
        rng = self.rng
        arrays = self.readable(ty)
        if bounded_only:
            arrays = [a for a in arrays if a.role == "in"]
        sc = [n for n, t in scalars + self.locals if ty != "int" or t == "int"]
        if self.tables and self.lrng.random() < 0.25:
            x = self.table_ref(ty, iters)
            if x:
                return x
        r = rng.random()
        if arrays and (r < 0.7 or not sc):
            a = rng.choice(arrays)
            x = self.ref(a, iters)
            if ty != "int" and a.ty == "int":
                x = "(%s)%s" % (ty, x) if self.chance(0.5) else x
                if bounded_only:
                    x = "%s * %s" % (x, self.lit(0.01, ty))
            if ty == "int" or bounded_only:
                return x
            ins = [b for b in self.readable(ty) if b.role == "in" and b.ty != "int"]
            k = rng.random()
            if ins and k < 0.2:
                return "%s * %s" % (x, self.ref(rng.choice(ins), iters))
            if k < 0.3:
                return "%s(%s(%s))" % (self.fn("sqrt"), self.fn("fabs"), x)
            if k < 0.4 and ins:
                return "%s / (%s + %s(%s))" % (x, self.lit(2, ty), self.fn("fabs"), self.ref(rng.choice(ins), iters))
            if k < 0.5:
                y = self.ref(rng.choice(arrays), iters)
                if arrays and ty != "int":
                    return "%s(%s, %s)" % (self.fn(rng.choice(["fmin", "fmax"])), x, y)
            return x
        if sc and not bounded_only and r < 0.9:
            return rng.choice(sc)
        if ty != "int" and self.fparams and not bounded_only and self.chance(0.5):
            return rng.choice(self.fparams)
        if ty == "int" and self.chance(0.3) and not bounded_only:
            return rng.choice(self.ints)
        return self.lit(rng.choice([1, 2, 3, -1, -2]) if ty == "int" else rng.choice([0.5, -0.25, 1.0, 0.125]), ty)

    def average(self, ty, iters, scalars, extra=()):
        terms = list(extra) + [self.term(ty, iters, scalars) for _ in range(self.rng.randint(1, 3))]
        if len(terms) == 1:
            return terms[0]
        if ty == "int":
            return "(%s) / %d" % (" + ".join(terms), len(terms))
        return "%s * (%s)" % (self.lit(1.0 / len(terms), ty), " + ".join(terms))

    # ---- statements ------------------------------------------------------
    def element_stmt(self, iters, scalars, ind):
        rng = self.rng
        targets = [a for a in self.arrays if a.role == "state"]
        a = rng.choice(targets)
        lhs = self.ref(a, iters, prefer_iter=0.95)
        k = rng.random()
        if k < 0.25:
            s = "%s += %s;" % (lhs, self.term(a.ty, iters, scalars, bounded_only=True))
        elif k < 0.4:
            s = "%s = %s;" % (lhs, self.average(a.ty, iters, scalars, extra=[lhs]))
        else:
            s = "%s = %s;" % (lhs, self.average(a.ty, iters, scalars))
        if self.chance(0.2):
            s = "if (%s) %s" % (self.condition(iters, scalars), s)
        if iters and self.swrng.random() < self.o.switch_rate:
            return self.switch_stmt(iters, scalars, ind, s)
        return [ind + s]

    def switch_stmt(self, iters, scalars, ind, first):
        """`first` as one case of a switch on an iterator modulo k or on an
        int array's element; other cases are element statements of their own,
        labels grouped, the default anywhere, sometimes an empty case."""
        h = self.swrng
        ints = [a for a in self.readable("int") if a.ty == "int" and a.role == "in"]
        k = h.randint(2, 4)
        if ints and h.random() < 0.4:
            cond = "%s & %d" % (self.ref(h.choice(ints), iters), k - 1 if k in (2, 4) else 3)
        else:
            cond = "(%s) %% %d" % (h.choice(iters)[0], k)
        labels = list(range(k))
        h.shuffle(labels)
        groups, i = [], 0
        while i < len(labels):
            n = 2 if h.random() < 0.25 and i + 1 < len(labels) else 1
            groups.append(labels[i:i + n])
            i += n
        out = [ind + "switch (%s) {" % cond]
        dflt = h.randrange(len(groups) + 1) if h.random() < 0.6 else -1
        for gi, g in enumerate(groups + [None]):
            if gi == dflt:
                out.append(ind + "default:")
                out += [ind + "  " + x.strip() for x in self.element_stmt_plain(iters, scalars)]
                out.append(ind + "  break;")
            if g is None:
                break
            for lab in g:
                out.append(ind + "case %d:" % lab)
            if gi == 0:
                out.append(ind + "  " + first)
            elif h.random() < 0.8:
                out += [ind + "  " + x.strip() for x in self.element_stmt_plain(iters, scalars)]
            out.append(ind + "  break;")
        out.append(ind + "}")
        return out

    def element_stmt_plain(self, iters, scalars):
        saved, self.o.switch_rate = self.o.switch_rate, 0
        try:
            return self.element_stmt(iters, scalars, "")
        finally:
            self.o.switch_rate = saved

    def recurrence(self, iters, scalars, ind, it):
        """The innermost body as one first-order recurrence along its loop
        (a scan when nothing else blocks it): a[.., v + 1, ..] = a[.., v, ..]
        op term, op in + - min max, or a[.., v + 1, ..] += a[.., v, ..]."""
        v, _, compat = it
        srng = self.srng
        cands = [(a, k) for a in self.arrays if a.role == "state" for k, p in enumerate(a.dims) if p in compat]
        if not cands:
            return None
        a, k = srng.choice(cands)
        self.use(a)
        subs = [self.subscript(p, iters) for p in a.dims]

        def access(sub_k):
            return self.render(a, subs[:k] + [sub_k] + subs[k + 1:])

        lhs, prev = access(v + " + 1"), access(v)
        t = self.term(a.ty, iters, scalars, bounded_only=True)
        forms = ["+", "+", "+=", "-"] + (["min", "max"] if a.ty != "int" else ["max"])
        f = srng.choice(forms)
        if f == "+":
            s = "%s = %s + %s;" % (lhs, prev, t)
        elif f == "+=":
            s = "%s += %s;" % (lhs, prev)
        elif f == "-":
            s = "%s = %s - %s;" % (lhs, prev, t)
        elif f == "min":
            s = "%s = %s(%s, %s);" % (lhs, self.fn("fmin"), t, prev)
        else:
            s = "%s = %s > %s ? %s : %s;" % (lhs, prev, t, prev, t)
        return [ind + s]

    def condition(self, iters, scalars):
        rng = self.rng
        if iters and self.chance(0.5):
            v = rng.choice(iters)[0]
            w = rng.choice(iters)[0]
            return rng.choice(["%s > %s" % (v, w), "%s <= %s + 1" % (v, w), "%s %% 2 == 0" % v,
                               "%s + %s < %s" % (v, w, rng.choice(self.ints))])
        a = rng.choice(self.arrays)
        zero = self.lit(0, a.ty if a.ty == "int" else self.fty)
        if a.ty == "int":
            zero = "50"
        return "%s %s %s" % (self.ref(a, iters), rng.choice([">", "<", ">="]), zero)

    def reduction(self, iters, scalars, ind, depth):
        """A reduction statement at the innermost level; declares its
        accumulator(s) before the nest (returned in self.pre)."""
        rng = self.rng
        kinds = ["min", "max", "argmin", "argmax"]
        if depth <= 2:
            kinds += ["sum", "sum", "prod"] + ([] if self.o.no_conditional else ["cond"])
        kind = rng.choice(kinds)
        ty = self.fty if self.chance(0.7) else "int"
        if ty == "int" and kind == "prod":
            kind = "sum"
        arrays = self.readable(ty)
        if ty == "int" and not arrays:
            ty = self.fty
            arrays = self.readable(ty)
        e = self.ref(rng.choice(arrays), iters)
        if ty != "int" and self.chance(0.3):
            ins = [b for b in self.arrays if b.role == "in" and b.ty != "int"]
            if ins:
                e = "%s * %s" % (e, self.ref(rng.choice(ins), iters))
        s = self.names.get("scalar")
        big = "2000000000" if ty == "int" else self.lit(1e30, ty)
        pre, body = [], []
        if kind in ("sum", "cond"):
            self.tolerance = "1e-4"
            aty = "long" if ty == "int" else ty
            pre.append("  %s %s = 0;" % (aty, s))
            upd = "%s += %s;" % (s, e)
            if kind == "cond":
                upd = "if (%s) %s" % (self.condition(iters, scalars), upd)
            body.append(ind + upd)
            self.accs.append((s, aty))
        elif kind == "prod":
            self.tolerance = "1e-4"
            pre.append("  %s %s = %s;" % (ty, s, self.lit(1, ty)))
            body.append(ind + "%s *= %s + %s * %s;" % (s, self.lit(1, ty), self.lit(0.01, ty), e))
            self.accs.append((s, ty))
        elif kind in ("min", "max"):
            pre.append("  %s %s = %s%s;" % (ty, s, "-" if kind == "max" else "", big))
            cmp = "<" if kind == "min" else ">"
            if ty != "int" and self.chance(0.5):
                body.append(ind + "%s = %s(%s, %s);" % (s, self.fn("f" + kind), s, e))
            elif self.chance(0.5):
                body.append(ind + "%s = %s %s %s ? %s : %s;" % (s, e, cmp, s, e, s))
            else:
                body.append(ind + "%s = (%s %s %s) ? %s : %s;" % (s, s, cmp, e, s, e))
            self.accs.append((s, ty))
        else:
            at = self.names.get("scalar")
            pre.append("  %s %s = %s%s;" % (ty, s, "-" if kind == "argmax" else "", big))
            pre.append("  int %s = -1;" % at)
            cmp = rng.choice(["<", "<="]) if kind == "argmin" else rng.choice([">", ">="])
            v = rng.choice(iters)[0]
            idx = rng.choice([v, "%s + 1" % v, "2 * %s + 1" % v])
            if self.chance(0.5):
                c = "%s %s %s" % (e, cmp, s)
            else:
                c = "%s %s %s" % (s, {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[cmp], e)
            body.append(ind + "if (%s) {" % c)
            body.append(ind + "  %s = %s;" % (s, e))
            body.append(ind + "  %s = %s;" % (at, idx))
            body.append(ind + "}")
            self.accs.append((s, ty))
            self.accs.append((at, "int"))
        return pre, body

    # ---- loops -----------------------------------------------------------
    def header(self, v, outer):
        """A for header for iterator v and the set of parameters P with
        v in [0, P - 1]; sometimes (--iter-type-rate) of type long, or
        unsigned where the loop counts up to a bound that is never below 0."""
        h, compat = self.int_header(v, outer)
        if self.swrng.random() < self.o.iter_type_rate:
            up = ">=" not in h and "- 1;" not in h and "<= %s - 1" % "" not in h
            ty = self.swrng.choice(["long", "long long"] + (["unsigned", "unsigned long"] if up and "<=" not in h else []))
            h = h.replace("for (int %s" % v, "for (%s %s" % (ty, v), 1)
        return h, compat

    def int_header(self, v, outer):
        rng = self.rng
        P = rng.choice(self.ints)
        kind = rng.choice(["up", "up", "up", "down", "step", "dstep", "min"] +
                          (["tri_le", "tri_ge", "tri_and", "tri_down"] if outer else []))
        a = rng.choice([0, 0, 1, 2])
        s = rng.choice([2, 3])
        if kind == "up":
            le = self.chance(0.3)
            return "for (int %s = %d; %s %s; %s++)" % (v, a, v, ("<= %s - 1" if le else "< %s") % P, v), {P}
        if kind == "down":
            return "for (int %s = %s - 1; %s >= %d; %s--)" % (v, P, v, a, v), {P}
        if kind == "step":
            inc = rng.choice(["%s += %d" % (v, s), "%s = %s + %d" % (v, v, s)])
            return "for (int %s = %d; %s < %s; %s)" % (v, a, v, P, inc), {P}
        if kind == "dstep":
            return "for (int %s = %s - 1 - %d; %s >= 0; %s -= %d)" % (v, P, a, v, v, s), {P}
        if kind == "min":
            Q = rng.choice(self.ints)
            if self.chance(0.5):
                return "for (int %s = %d; %s < (%s < %s ? %s : %s); %s++)" % (v, a, v, P, Q, P, Q, v), {P, Q}
            return "for (int %s = %d; %s < %s && %s < %s; %s++)" % (v, a, v, P, v, Q, v), {P, Q}
        o, oc = rng.choice(outer)
        if kind == "tri_le":
            return "for (int %s = 0; %s <= %s; %s++)" % (v, v, o, v), set(oc)
        if kind == "tri_ge":
            off = rng.choice(["", " + 1"])
            return "for (int %s = %s%s; %s < %s; %s++)" % (v, o, off, v, P, v), {P}
        if kind == "tri_down":
            return "for (int %s = %s; %s >= 0; %s -= %d)" % (v, o, v, v, rng.choice([1, 2])), set(oc)
        return "for (int %s = 0; %s <= %s && %s < %s; %s++)" % (v, v, o, v, P, v), set(oc) | {P}

    def contraction(self):
        """A matrix product nest (gemm, syrk, their transposes, -=, scaled,
        triangular; mostly doubles), the shape that gets a register tile and
        FP64 tensor cores by default."""
        rng = self.rng
        self.max_depth = max(self.max_depth, 3)
        ty = "double" if self.chance(0.8) else self.fty
        P, Q, R = (rng.choice(self.ints) for _ in range(3))
        tri = self.chance(0.2)
        if tri:
            Q = P
        i, j, k = (self.names.get("iter") for _ in range(3))
        sym = self.chance(0.2)  # syrk: both operands from one array, C square
        if sym:
            Q = P
        C = Array(self.names.get("array"), ty, [P, Q], False, self.chance(0.8), "state", False)
        ta = self.chance(0.3)  # A stored k-major: A[k][i]
        A = Array(self.names.get("array"), ty, [R, P] if ta else [P, R], False, self.chance(0.8), "in",
                  self.chance(0.5))
        tb = ta if sym else self.chance(0.3)  # B stored j-major: B[j][k]
        B = A if sym else Array(self.names.get("array"), ty, [Q, R] if tb else [R, Q], False,
                                self.chance(0.8), "in", self.chance(0.5))
        for a in (C, A, B):
            if a not in self.arrays:
                self.arrays.append(a)
            self.use(a)
        off = lambda: " + 1" if self.chance(0.15) else ""
        ka, kb = k + off(), k + off()
        aref = "%s[%s][%s]" % (A.name, ka, i) if ta else "%s[%s][%s]" % (A.name, i, ka)
        if sym:  # the other row (column) of the same array
            bref = "%s[%s][%s]" % (B.name, kb, j) if ta else "%s[%s][%s]" % (B.name, j, kb)
        else:
            bref = "%s[%s][%s]" % (B.name, j, kb) if tb else "%s[%s][%s]" % (B.name, kb, j)
        factors = [aref, bref]
        scal = [n for n in self.fparams] + [n for n, t in self.locals if t != "int"]
        if scal and self.chance(0.5):
            factors.append(rng.choice(scal))
        if self.chance(0.3):
            factors.append(rng.choice(["2", self.lit(0.5, ty), "3"]))
        rng.shuffle(factors)
        op = "-=" if self.chance(0.3) else "+="
        stmt = "%s[%s][%s] %s %s;" % (C.name, i, j, op, " * ".join(factors))
        jhdr = "for (int %s = 0; %s <= %s; %s++)" % (j, j, i, j) if tri else "for (int %s = 0; %s < %s; %s++)" % (j, j, Q, j)
        ihdr = "for (int %s = 0; %s < %s; %s++)" % (i, i, P, i)
        khdr = "for (int %s = 0; %s < %s; %s++)" % (k, k, R, k)
        self.body.append("#pragma loopgpu")
        if self.chance(0.5):  # PolyBench's gemm: scale the row, then k around j
            beta = self.lit(rng.choice([0.5, 1.5, -0.75]), ty)
            self.body += ["  " + ihdr + " {",
                          "    " + jhdr, "      %s[%s][%s] *= %s;" % (C.name, i, j, beta),
                          "    " + khdr, "      " + jhdr, "        " + stmt, "  }"]
        else:
            order = rng.choice([(ihdr, jhdr, khdr), (ihdr, khdr, jhdr)] if tri else
                               [(ihdr, jhdr, khdr), (ihdr, khdr, jhdr), (khdr, ihdr, jhdr), (jhdr, ihdr, khdr)])
            self.body += ["  " + order[0], "    " + order[1], "      " + order[2], "        " + stmt]

    def stencil(self):
        """A stencil sweep (mostly 3-D): an output array computed from
        neighbours of one or two read-only inputs at constant offsets along
        every loop, x radius 1 or 2, the shape that gets the stencil pencil
        (8 consecutive z per thread, vector runs of 2 along x) by default.
        Subscripts are `v + 1 + d` (`v + 2 + d` along x with radius 2) for
        d in -radius..radius, inside the extents P + 4."""
        rng = self.rng
        rank = 3 if self.chance(0.8) else 2
        self.max_depth = max(self.max_depth, rank)
        ty = self.fty
        dims = [rng.choice(self.ints) for _ in range(rank)]
        its = [self.names.get("iter") for _ in range(rank)]
        rx = 2 if self.chance(0.3) else 1
        out = Array(self.names.get("array"), ty, dims, False, self.chance(0.8), "state", False)
        ins = [Array(self.names.get("array"), ty, dims, False, self.chance(0.8), "in", self.chance(0.5))
               for _ in range(1 if self.chance(0.7) else 2)]
        for a in [out] + ins:
            self.arrays.append(a)
            self.use(a)
        base = [1] * (rank - 1) + [rx]

        def ref(a, offs):
            subs = []
            for v, b, d in zip(its, base, offs):
                e = b + d
                subs.append(v if e == 0 else "%s + %d" % (v, e))
            return a.name + "".join("[%s]" % s for s in subs)

        center = [0] * rank
        terms = []
        for a in ins:
            for dim in range(rank):
                r = rx if dim == rank - 1 else 1
                for d in ([-r, r] if self.chance(0.7) else list(range(-r, r + 1))):
                    if d == 0:
                        continue
                    offs = list(center)
                    offs[dim] = d
                    terms.append(ref(a, offs))
        rng.shuffle(terms)
        c0 = self.lit(rng.choice([0.5, 0.25, -0.75]), ty)
        c1 = self.lit(rng.choice([0.125, 0.0625, 0.1]), ty)
        stmt = "%s = %s * %s + %s * (%s);" % (ref(out, center), c0, ref(ins[0], center), c1, " + ".join(terms))
        self.loops_around(its, dims, stmt)

    def loops_around(self, its, dims, stmt):
        """A marked nest of loops v = 0 .. P - 1, outermost first, around stmt."""
        self.body.append("#pragma loopgpu")
        ind = "  "
        for v, P in zip(its, dims):
            self.body.append(ind + "for (int %s = 0; %s < %s; %s++)" % (v, v, P, v))
            ind += "  "
        self.body.append(ind + stmt)

    def time_stencil(self):
        """A time loop (a literal trip count) around one to three stencil
        sweeps over two or three state arrays of one shape: sweep s writes
        state s % k at the cell (loops from 2 to P + 1), from the other
        states' neighbours at offsets -2..2 (radius 1 or 2 per sweep and
        dimension), its own state at the cell, and maybe a read-only
        coefficient array at the cell: Jacobi's ping-pong, fdtd's rotation."""
        rng = self.rng
        self.has_time_stencil = True
        rank = rng.choice([1, 2, 2, 2, 3])
        self.time_ranks = getattr(self, "time_ranks", set()) | {rank}
        self.max_depth = max(self.max_depth, rank + 1)
        ty = self.fty
        dims = [rng.choice(self.ints) for _ in range(rank)]
        k = 2 if self.chance(0.7) else 3
        states = [Array(self.names.get("array"), ty, dims, False, self.chance(0.7), "state", False)
                  for _ in range(k)]
        coef = Array(self.names.get("array"), ty, dims, False, self.chance(0.8), "in", self.chance(0.5)) \
            if self.chance(0.3) else None
        for a in states + ([coef] if coef else []):
            self.arrays.append(a)
            self.use(a)
        t = self.names.get("iter")
        self.body.append("#pragma loopgpu")
        self.body.append("for (int %s = 0; %s < %d; %s++) {" % (t, t, rng.choice([2, 3, 4, 5, 7]), t))
        for s in range(rng.choice([1, 2, 2, 3])):
            w = states[s % k]
            its = [self.names.get("iter") for _ in range(rank)]

            def ref(a, offs):
                return a.name + "".join("[%s]" % (v if d == 0 else "%s %s %d" % (v, "+" if d > 0 else "-", abs(d)))
                                        for v, d in zip(its, offs))
            terms = []
            for a in states:
                if a is w:
                    continue
                for dim in range(rank):
                    r = 2 if self.chance(0.2) else 1
                    for d in ([-r, r] if self.chance(0.6) else [d for d in range(-r, r + 1) if d]):
                        offs = [0] * rank
                        offs[dim] = d
                        terms.append(ref(a, offs))
            rng.shuffle(terms)
            center = [0] * rank
            c0 = self.lit(rng.choice([0.5, 0.25, -0.75]), ty)
            c1 = self.lit(rng.choice([0.125, 0.0625, 0.1]), ty)
            rhs = "%s * %s + %s * (%s)" % (c0, ref(w, center) if self.chance(0.5) else ref(states[(s + 1) % k], center),
                                          c1, " + ".join(terms))
            if coef:
                rhs += " * %s" % ref(coef, center)
            ind = "  "
            for v, P in zip(its, dims):
                self.body.append(ind + "for (int %s = 2; %s < %s + 2; %s++)" % (v, v, P, v))
                ind += "  "
            self.body.append(ind + "%s = %s;" % (ref(w, center), rhs))
        self.body.append("}")

    def scatter(self):
        """A histogram or scatter-add: sums into elements of a 1-D state
        array through a subscript read from an int array, kept inside the
        extent by ((v % E) + E) % E, masked (`dst[idx[i] & 63]`), or left as
        read (`dst[idx[i] + 1]`: the harness keeps idx's inputs inside), over
        a 1- or 2-D loop: the shape
        that runs across threads with atomicAdd updates."""
        r = self.srng2
        ty = r.choice([self.fty, "int"])
        rank = r.choice([1, 1, 2])
        dims = [r.choice(self.ints) for _ in range(rank)]
        idx = Array(self.names.get("array"), "int", dims, False, r.random() < 0.8, "in", r.random() < 0.5)
        dst_dim = r.choice(self.ints)
        if r.random() < 0.5:  # a constant size: the bins go to shared memory (SharedBins.cpp)
            dst_dim = r.choice(["12", "60", "252"])
        dst = Array(self.names.get("flat" if r.random() < 0.5 else "array"), ty, [dst_dim], r.random() < 0.5,
                    r.random() < 0.8, "state", False)
        dst.flat = False
        its = [self.names.get("iter") for _ in range(rank)]
        src = idx.name + "".join("[%s]" % v for v in its)
        ext = "(%s + 4)" % dst_dim
        k = "((%s %% %s) + %s) %% %s" % (src, ext, ext, ext)
        if r.random() < 0.5:
            k = "(%s * %d + %s) %% %s" % (src if r.random() < 0.5 else k, r.choice([3, 7]), its[0], ext)
            k = "((%s) + %s) %% %s" % (k, ext, ext)
        if r.random() < 0.4:
            # The subscript as users write it, with nothing keeping it inside:
            # --validate draws idx's inputs within the extent (Harness.cpp
            # indexBounds), [0, E - c) for `dst[idx[i] + c]`.
            c = r.choice([0, 0, 1, 3])
            k = src if c == 0 else "%s + %d" % (src, c)
            self.indices.append("%s=%s+4-%d" % (idx.name, dst_dim, c))
        elif r.random() < 0.3:
            # Masked, as a histogram of bytes is written: inside whatever idx
            # holds (a bounded form), the largest mask below the extent.
            k = "%s & %d" % (src, {"12": 15, "60": 63, "252": 255}.get(dst_dim, 3))
        for a in (idx, dst):
            self.arrays.append(a)
            self.use(a)
        val = r.choice(["1", "2", its[-1]]) if ty == "int" else self.lit(r.choice([0.5, 0.25, 1.0]), ty) + \
            " * (%s)" % self.ref(r.choice([a for a in self.arrays if a.role == "in"] or [idx]), [(v, {P}) for v, P in zip(its, dims)])
        op = r.choice(["+= %s" % val, "-= %s" % val, "++", "--"])
        stmt = "%s[%s]%s;" % (dst.name, k, op if op in ("++", "--") else " " + op)
        if ty != "int":
            self.tolerance = "1e-4"
        self.loops_around(its, dims, stmt)

    def region(self, iters, ind):
        """A loop the IR does not model, run as written in one thread: a
        `for` from a data-dependent start, a `while` with an early exit, a
        `do` counting down, a doubling step. It sums reads along its own
        variable into a scalar (sometimes leaving early with `break`), and may
        write along it (`B[i][k]`: a subscript affine in one dimension only);
        the sum, scaled, goes to a state element. Only rrng is drawn from."""
        r = self.rrng
        self.nregions = getattr(self, "nregions", 0) + 1
        k, t = "kr%d" % self.nregions, "tr%d" % self.nregions
        self.tolerance = "1e-4"

        def sub(p):  # subscript() from rrng: in [0, p + 3]
            ok = [v for v, compat in iters if p in compat]
            if ok and r.random() < 0.9:
                return r.choice(ok) + r.choice(["", "", " + 1", " + 3"])
            return str(r.randint(0, 3))

        def along(a, kd):
            subs = [sub(p) for p in a.dims]
            subs[kd] = k
            self.use(a)
            return self.render(a, subs)

        arrays = [a for a in self.arrays if not a.flat]  # a flat pointer's extent is unknown
        if not arrays:
            return []
        a = r.choice(arrays)
        kd = r.randrange(len(a.dims))
        P = a.dims[kd]
        ext = "(%s + 4)" % P
        rd = along(a, kd)
        body = ["%s += %s;" % (t, rd)]
        outs = [(b, d) for b in arrays if b.role == "state" and b.ty != "int" for d, q in enumerate(b.dims) if q == P]
        if outs and r.random() < 0.4:
            b, d = r.choice(outs)
            body.append("%s = %s * %s;" % (along(b, d), self.lit(0.5, b.ty), rd))
        if r.random() < 0.3:
            body.append("if (%s > %s)" % (t, self.lit(r.choice([2, 4, 8]), self.fty)))
            body.append("  break;")
        ints = [b for b in self.arrays if b.ty == "int"]
        form = r.choice(["for-data", "for-data", "while", "do", "doubling"])
        out = [ind + "%s %s = 0;" % (self.fty, t)]
        if form == "for-data" and ints:
            b = r.choice(ints)
            self.use(b)
            lo = "((%s %% %s) + %s) %% %s" % (self.render(b, [sub(q) for q in b.dims]), ext, ext, ext)
            out.append(ind + "for (int %s = %s; %s < %s; %s++) {" % (k, lo, k, ext, k))
            out += [ind + "  " + x for x in body]
            out.append(ind + "}")
        elif form in ("for-data", "while"):
            out.append(ind + "int %s = 0;" % k)
            zero = "50" if a.ty == "int" else self.lit(r.choice([0, -0.5]), a.ty)
            out.append(ind + "while (%s < %s && %s %s %s) {" % (k, ext, rd, r.choice([">", "<", ">="]), zero))
            out += [ind + "  " + x for x in body]
            out.append(ind + "  %s++;" % k)
            out.append(ind + "}")
        elif form == "do":
            out.append(ind + "int %s = %s - 1;" % (k, ext))
            out.append(ind + "do {")
            out += [ind + "  " + x for x in body]
            out.append(ind + "  %s -= %d;" % (k, r.choice([1, 2])))
            out.append(ind + "} while (%s >= 0);" % k)
        else:
            out.append(ind + "for (int %s = 1; %s < %s; %s *= 2) {" % (k, k, ext, k))
            out += [ind + "  " + x for x in body]
            out.append(ind + "}")
        dst = r.choice([b for b in self.arrays if b.role == "state"])
        self.use(dst)
        val = "%s * %s" % (t, self.lit(1.0 / 64, self.fty))
        if dst.ty == "int":
            val = "(int)(%s > 1000 ? 1000 : %s < -1000 ? -1000 : %s)" % (val, val, val)
        out.append(ind + "%s = %s;" % (self.render(dst, [sub(q) for q in dst.dims]), val))
        return out

    def nest(self):
        rng = self.rng
        if self.srng2.random() < self.o.scatter_rate:
            return self.scatter()
        if self.ttrng.random() < self.o.time_stencil_rate:
            return self.time_stencil()
        if self.crng.random() < self.o.contraction_rate:
            return self.contraction()
        if self.trng.random() < self.o.stencil_rate:
            return self.stencil()
        depth = rng.choice([1, 2, 2, 3, 3, 4])
        self.max_depth = max(self.max_depth, depth)
        iters, outer = [], []
        for d in range(depth):
            v = self.names.get("iter")
            h, compat = self.header(v, outer)
            iters.append((v, h, compat))
            outer.append((v, compat))
        pre, lines = [], []
        has_red = self.chance(0.35)
        scope_iters = [(v, c) for v, _, c in iters]

        def level(d, ind, scalars):
            out = [ind + iters[d][1] + " {"]
            inner_ind = ind + "  "
            it = iters[d][0]
            if self.irng.random() < self.o.index_var_rate:
                t, c = "ix_" + it, self.irng.randint(0, 3)
                # Of the iterator's type (loopgpu forwards an index variable
                # whose initializer has its own type: `int t = j + 3` with a
                # long j is a conversion, and stays a variable).
                ity = iters[d][1][len("for ("):iters[d][1].index(" " + it + " =")]
                out.append(inner_ind + "%s %s = %s;" % (ity, t, it + (" + %d" % c if c else "")))
                self.alias[it] = (t, c)
            saved_rows = dict(self.rows)
            if self.irng.random() < self.o.row_pointer_rate:
                r = self.row_pointer(scope_iters[:d + 1], inner_ind, d)
                if r:
                    out.append(r[0])
                    self.rows[r[1]] = r[2]
            try:
                return level_body(d, ind, inner_ind, out, scalars)
            finally:
                self.alias.pop(it, None)
                self.rows = saved_rows

        def level_body(d, ind, inner_ind, out, scalars):
            vis = scope_iters[:d + 1]
            scalars = list(scalars)
            if d + 1 < depth and self.chance(0.3):
                ty = self.fty if self.chance(0.8) else "int"
                t = self.names.get("scalar")
                out.append(inner_ind + "%s %s = %s;" % (ty, t, self.average(ty, vis, scalars)))
                scalars.append((t, ty))
            if d + 1 < depth:
                if self.chance(0.2):
                    out += self.element_stmt(vis, scalars, inner_ind)
                out += level(d + 1, inner_ind, scalars)
                if self.chance(0.2):
                    out += self.element_stmt(vis, scalars, inner_ind)
            else:
                if not has_red and self.srng.random() < self.o.scan_rate:
                    scan = self.recurrence(vis, scalars, inner_ind, iters[d])
                    if scan:
                        out += scan
                        out.append(ind + "}")
                        return out
                if self.chance(0.3):
                    ty = self.fty if self.chance(0.8) else "int"
                    t = self.names.get("scalar")
                    out.append(inner_ind + "%s %s = %s;" % (ty, t, self.average(ty, vis, scalars)))
                    scalars.append((t, ty))
                n = rng.randint(0 if has_red else 1, 3)
                cuts = []
                for _ in range(n):
                    cuts.append(len(out))
                    out += self.element_stmt(vis, scalars, inner_ind)
                if self.corng.random() < self.o.continue_rate:
                    # The rest of the body skipped where an affine condition
                    # holds (loopgpu makes the rest the else branch).
                    cr = self.corng
                    v, w = cr.choice(vis)[0], cr.choice(vis)[0]
                    c = cr.choice(["%s %% 3 == 1" % v, "%s > %s" % (v, w), "%s + %s == 4" % (v, w), "%s < 2" % v])
                    at = cr.choice(cuts + [len(out)])
                    out.insert(at, inner_ind + "if (%s) continue;" % c)
                if self.rrng.random() < self.o.region_rate:
                    out += self.region(vis, inner_ind)
                if self.larng.random() < self.o.local_array_rate:
                    out += self.local_array(vis, scalars, inner_ind)
                if has_red:
                    for _ in range(1 if self.chance(0.8) else 2):
                        p, b = self.reduction(vis, scalars, inner_ind, depth)
                        pre.extend(p)
                        out += b
            out.append(ind + "}")
            return out

        lines = level(0, "  ", [])
        self.body += pre
        self.body.append("#pragma loopgpu")
        self.body += lines

    def between(self):
        self.had_between = True
        rng = self.rng
        for _ in range(rng.randint(1, 2)):
            fl = [(n, t) for n, t in self.locals]
            mutable = [t for t in self.tables if not t[3]]
            if mutable and self.lrng.random() < 0.3:
                name, t, dims, _ = self.lrng.choice(mutable)
                self.body.append("  %s%s = %s;" % (name, "".join("[%d]" % self.lrng.randrange(d) for d in dims),
                                                   self.lit(self.lrng.choice([0.5, -0.5, 2]), t)))
                continue
            if fl and self.chance(0.5):
                n, t = rng.choice(fl)
                terms = [n] + [self.term(t, [], [])]
                if t == "int":
                    self.body.append("  %s = (%s) / 2;" % (n, " + ".join(terms)))
                else:
                    self.body.append("  %s = %s * (%s);" % (n, self.lit(0.5, t), " + ".join(terms)))
            else:
                targets = [a for a in self.arrays if a.role == "state"]
                a = rng.choice(targets)
                self.body.append("  %s = %s;" % (self.ref(a, []), self.average(a.ty, [], [])))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", dest="out")
    ap.add_argument("--max-nests", type=int, default=3)
    ap.add_argument("--no-between", action="store_true")
    ap.add_argument("--no-conditional", action="store_true")
    ap.add_argument("--no-cuda-names", action="store_true")
    ap.add_argument("--scan-rate", type=float, default=0.1,
                    help="chance that an innermost loop body is one recurrence (a scan) instead")
    ap.add_argument("--contraction-rate", type=float, default=0.08,
                    help="chance that a nest is a matrix product (gemm, syrk, transposed, -=, triangular)")
    ap.add_argument("--stencil-rate", type=float, default=0.06,
                    help="chance that a nest is a stencil sweep (2-D or 3-D, radius 1 or 2 along x)")
    ap.add_argument("--time-stencil-rate", type=float, default=0.04,
                    help="chance that a nest is a time loop of stencil sweeps (the shape that gets time-tiled)")
    ap.add_argument("--scatter-rate", type=float, default=0.04,
                    help="chance that a nest is a histogram or scatter-add through a data-dependent subscript")
    ap.add_argument("--helper-rate", type=float, default=0.05,
                    help="chance that a term goes through a function of the file (max, min, a polynomial...)")
    ap.add_argument("--index-var-rate", type=float, default=0.15,
                    help="chance that a loop's body declares an index variable (int t = i + c) that some "
                         "subscripts use in place of the iterator")
    ap.add_argument("--index-fn-rate", type=float, default=0.03,
                    help="chance that a subscript's iterator is passed through an index function "
                         "(static inline int lg_at(int a, int b) { return a + b; })")
    ap.add_argument("--row-pointer-rate", type=float, default=0.1,
                    help="chance that a loop's body declares a pointer to a row of an array "
                         "(T *rp = a[s0]; or a + 64 * (s0)) that some references use")
    ap.add_argument("--region-rate", type=float, default=0.05,
                    help="chance that an innermost loop body also holds a loop run as written (while, do, "
                         "a for with data-dependent bounds)")
    ap.add_argument("--switch-rate", type=float, default=0.04,
                    help="chance that an element statement is one case of a switch (on an iterator modulo k or "
                         "an int element)")
    ap.add_argument("--iter-type-rate", type=float, default=0.05,
                    help="chance that a loop's iterator is long, long long, or unsigned (counting up)")
    ap.add_argument("--continue-rate", type=float, default=0.08,
                    help="chance that an innermost loop body skips its rest by `if (c) continue;`")
    ap.add_argument("--local-array-rate", type=float, default=0.06,
                    help="chance that an innermost loop body declares an array (a const table, one with an "
                         "initializer, a scratch row filled by a loop) that statements after it read")
    ap.add_argument("--struct-rate", type=float, default=0.06,
                    help="chance that the function reads its integer parameters as members of a local struct "
                         "(lg_d.n), or through a pointer to it (lg_dp->n)")
    ap.add_argument("--table-rate", type=float, default=0.12,
                    help="chance that the function declares a local table with an initializer "
                         "(const float tab[5] = {...};) that nests read")
    o = ap.parse_args()
    text = Gen(o.seed, o).function()
    if o.out:
        with open(o.out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
