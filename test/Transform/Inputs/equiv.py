#!/usr/bin/env python3
"""equiv.py: checks that a transformed C file computes what the original does.

  equiv.py --cc CC ORIGINAL.c TRANSFORMED.c FUNCTION [options]

Compiles ORIGINAL.c and TRANSFORMED.c with `cc -std=c99`, renames every
global symbol they define with the prefix ref_ / new_ (objcopy), and builds a
generated main() that, for several parameter sizes, fills every array
parameter with the same random values for both, calls both functions, and
compares every array and the return value:

  - integers compare exactly;
  - floating-point values compare bit for bit (the same operations in the
    same order), unless --tolerance REL is given (a transformation that
    reassociates a floating-point reduction): then |new - ref| <= REL *
    max(1, |ref|).

Sizes: every integer parameter takes each value of --sizes in turn (all the
same), then rotated combinations (parameters get different sizes). Arrays
are sized from their declared extents; a pointer parameter `T *p` gets
--extent p=EXPR (a C expression in the parameters) or, by default,
(largest integer parameter + 8) squared elements. Floating-point scalar
parameters get random values in [0.5, 1.5]. Integer arrays get values in
[-9, 9] without 0, except those named by --indices NAME=EXPR: their
elements subscript other arrays, and they get values in [0, EXPR).

--cflag FLAG is passed to both compilations (e.g. -DCASE=2 for a test file
with several cases).

Exit status 0 when every configuration matches, 1 on a mismatch (with the
first differing element), 2 on a usage or build error.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

INT_TYPES = {"int", "long", "short", "char", "unsigned", "signed", "size_t", "_Bool",
             "int64_t", "int32_t", "uint64_t", "uint32_t"}
FLOAT_TYPES = {"float", "double"}
QUALIFIERS = {"const", "restrict", "volatile", "__restrict", "__restrict__", "static"}


def fail(msg, code=2):
    sys.stderr.write("equiv.py: " + msg + "\n")
    sys.exit(code)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def split_top(text, sep=","):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


class Param:
    def __init__(self, text):
        self.text = text
        dims = re.findall(r"\[([^\]]*)\]", text)
        head = re.sub(r"\[[^\]]*\]", "", text)
        self.pointer = "*" in head
        head = head.replace("*", " * ")
        words = [w for w in head.split() if w not in QUALIFIERS and w != "*"]
        if not words:
            fail("cannot parse parameter '%s'" % text)
        self.name = words[-1]
        self.base = " ".join(words[:-1])
        self.dims = [" ".join(w for w in d.split() if w not in QUALIFIERS) for d in dims]
        self.is_array = self.pointer or bool(self.dims)
        base_words = set(self.base.split())
        self.floating = bool(base_words & FLOAT_TYPES)
        if not self.floating and not (base_words & INT_TYPES):
            fail("parameter '%s': unsupported type '%s'" % (text, self.base))


def parse_function(path, func):
    src = strip_comments(open(path).read())
    m = re.search(r"([A-Za-z_][\w\s\*]*?)\b" + re.escape(func) + r"\s*\(", src)
    if not m:
        fail("function '%s' not found in %s" % (func, path))
    ret = m.group(1).split()
    ret = " ".join(w for w in ret if w not in ("static", "inline", "extern"))
    depth, i = 1, m.end()
    while depth:
        if src[i] == "(":
            depth += 1
        elif src[i] == ")":
            depth -= 1
        i += 1
    params_text = src[m.end():i - 1]
    params = [Param(p) for p in split_top(params_text) if p.strip() != "void"]
    return ret.strip(), params_text, params


def c_literal_type(p):
    return p.base


def generate_main(ret, params_text, params, func, configs, extents, tolerance, seed, indices):
    ints = [p for p in params if not p.is_array and not p.floating]
    out = []
    out.append("#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n")
    out.append("%s ref_%s(%s);\n" % (ret, func, params_text))
    out.append("%s new_%s(%s);\n" % (ret, func, params_text))
    out.append("""
static unsigned long long state = %dULL;
static unsigned long long next(void) {
  state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state;
}
static double uniform(void) { return (double)(next() >> 11) / 9007199254740992.0; }
static int same_float(double a, double b, double tol) {
  if (isnan(a) && isnan(b)) return 1;
  if (tol == 0) return a == b && signbit(a) == signbit(b);
  return fabs(a - b) <= tol * fmax(1.0, fabs(a));
}
""" % (seed * 2654435761 + 88172645463325252))
    out.append("int main(void) {\n  int failures = 0, configs = 0;\n  const double tol = %r;\n" % tolerance)
    for config in configs:
        out.append("  {\n")
        for p, v in zip(ints, config):
            out.append("    %s %s = %d;\n" % (p.base, p.name, v))
        if ints:
            out.append("    long big = 0;\n")
            for p in ints:
                out.append("    if ((long)%s > big) big = (long)%s;\n" % (p.name, p.name))
        else:
            out.append("    long big = 1;\n")
        for p in params:
            if p.is_array or not p.floating:
                continue
            out.append("    %s %s = (%s)(0.5 + uniform());\n" % (p.base, p.name, p.base))
        for p in params:
            if not p.is_array:
                continue
            if p.name in extents:
                count = "(%s)" % extents[p.name]
            elif p.dims and all(d.strip() for d in p.dims):
                count = " * ".join("(long)(%s)" % d for d in p.dims)
            elif p.dims:
                inner = [d for d in p.dims[1:]]
                count = " * ".join(["(big + 8)"] + ["(long)(%s)" % d for d in inner])
            else:
                count = "(big + 8) * (big + 8)"
            elem = p.base
            out.append("    long n_%s = %s; if (n_%s < 1) n_%s = 1;\n" % (p.name, count, p.name, p.name))
            out.append("    %s *ref_%s = malloc(sizeof(%s) * n_%s), *new_%s = malloc(sizeof(%s) * n_%s);\n"
                       % (elem, p.name, elem, p.name, p.name, elem, p.name))
            if p.floating:
                fill = "(%s)(2.0 * uniform() - 1.0)" % elem
            else:
                fill = "(%s)((long)(1 + next() %% 9) * ((next() & 1) ? 1 : -1))" % elem
            if p.name in indices:
                fill = "(%s)((%s) > 0 ? (long)(next() %% (unsigned long long)(%s)) : 0)" % (
                    elem, indices[p.name], indices[p.name])
            out.append("    for (long k = 0; k < n_%s; k++) ref_%s[k] = %s;\n" % (p.name, p.name, fill))
            out.append("    memcpy(new_%s, ref_%s, sizeof(%s) * n_%s);\n" % (p.name, p.name, elem, p.name))
        args_ref = ", ".join(("(void *)ref_" + p.name) if p.is_array else p.name for p in params)
        args_new = ", ".join(("(void *)new_" + p.name) if p.is_array else p.name for p in params)
        desc = ", ".join("%s=%%ld" % p.name for p in ints)
        desc_args = "".join(", (long)%s" % p.name for p in ints)
        if ret != "void":
            out.append("    %s r_ref = ref_%s(%s);\n    %s r_new = new_%s(%s);\n"
                       % (ret, func, args_ref, ret, func, args_new))
            if ret.split()[-1] in FLOAT_TYPES:
                out.append("    if (!same_float(r_ref, r_new, tol)) {\n")
            else:
                out.append("    if (r_ref != r_new) {\n")
            out.append('      printf("MISMATCH (%s): return value %%.17g vs %%.17g\\n"%s, (double)r_ref, (double)r_new);\n'
                       % (desc, desc_args))
            out.append("      failures++;\n    }\n")
        else:
            out.append("    ref_%s(%s);\n    new_%s(%s);\n" % (func, args_ref, func, args_new))
        for p in params:
            if not p.is_array:
                continue
            cmp = ("!same_float(ref_%s[k], new_%s[k], tol)" % (p.name, p.name) if p.floating
                   else "ref_%s[k] != new_%s[k]" % (p.name, p.name))
            out.append("    for (long k = 0; k < n_%s; k++)\n      if (%s) {\n" % (p.name, cmp))
            out.append('        printf("MISMATCH (%s): %s[%%ld] = %%.17g (original) vs %%.17g (transformed)\\n"%s, k, (double)ref_%s[k], (double)new_%s[k]);\n'
                       % (desc, p.name, desc_args, p.name, p.name))
            out.append("        failures++;\n        break;\n      }\n")
            out.append("    free(ref_%s); free(new_%s);\n" % (p.name, p.name))
        out.append("    configs++;\n  }\n")
    out.append('  if (failures) { printf("FAIL: %d mismatches\\n", failures); return 1; }\n')
    out.append('  printf("equivalent on %d configurations\\n", configs);\n  return 0;\n}\n')
    return "".join(out)


def run(cmd, what):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.stdout:
        sys.stdout.write(r.stdout)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        fail("%s failed: %s" % (what, " ".join(cmd)))
    if r.stderr:
        sys.stderr.write(r.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--sizes", default="1,2,3,5,8,13,33,40")
    ap.add_argument("--tolerance", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--extent", action="append", default=[], help="NAME=C-EXPR for a pointer parameter")
    ap.add_argument("--indices", action="append", default=[],
                    help="NAME=C-EXPR: an integer array whose elements are subscripts, drawn in [0, EXPR)")
    ap.add_argument("--cflag", action="append", default=[], help="extra flag for compiling both files (-DCASE=2)")
    ap.add_argument("--keep", help="directory to keep the generated files in")
    ap.add_argument("original")
    ap.add_argument("transformed")
    ap.add_argument("function")
    a = ap.parse_args()

    ret, params_text, params = parse_function(a.original, a.function)
    extents = dict(e.split("=", 1) for e in a.extent)
    indices = dict(e.split("=", 1) for e in a.indices)
    sizes = [int(s) for s in a.sizes.split(",")]
    ints = [p for p in params if not p.is_array and not p.floating]
    configs = [[s] * len(ints) for s in sizes]
    if len(ints) > 1:
        for r in range(1, len(sizes)):
            configs.append([sizes[(r + k) % len(sizes)] for k in range(len(ints))])

    work = a.keep or tempfile.mkdtemp(prefix="loopgpu-equiv-")
    os.makedirs(work, exist_ok=True)
    try:
        main_c = os.path.join(work, "main.c")
        with open(main_c, "w") as f:
            f.write(generate_main(ret, params_text, params, a.function, configs, extents, a.tolerance, a.seed, indices))
        flags = ["-std=c99", "-O1", "-ffp-contract=off", "-Wall", "-Wno-unused-variable", "-Wno-unknown-pragmas"]
        objs = []
        for src, prefix in ((a.original, "ref_"), (a.transformed, "new_")):
            obj = os.path.join(work, prefix + "f.o")
            run([a.cc] + flags + a.cflag + ["-c", src, "-o", obj], "compiling " + src)
            # Every global symbol the file defines gets the prefix, so that
            # both versions of the file link into one program.
            nm = subprocess.run(["nm", "--defined-only", "-g", "-P", obj], capture_output=True, text=True)
            if nm.returncode != 0:
                fail("nm failed on " + obj)
            renames = []
            for line in nm.stdout.splitlines():
                sym = line.split()[0]
                renames += ["--redefine-sym", "%s=%s%s" % (sym, prefix, sym)]
            if renames:
                run(["objcopy"] + renames + [obj], "renaming the symbols of " + obj)
            objs.append(obj)
        exe = os.path.join(work, "equiv")
        run([a.cc] + flags + ["-Wno-unused-but-set-variable", "-Wno-unused-function", main_c] + objs + ["-lm", "-o", exe],
            "compiling the driver")
        r = subprocess.run([exe], capture_output=True, text=True, timeout=300)
        sys.stdout.write(r.stdout)
        sys.stderr.write(r.stderr)
        sys.exit(0 if r.returncode == 0 else 1)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
