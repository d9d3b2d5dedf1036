#!/usr/bin/env python3
"""random_nests.py: random loop nests through `loopgpu -emit=c`, checked by
equiv.py against the original.

  random_nests.py --loopgpu BIN --cc CC [--count N] [--seed S] [--keep DIR]
                  [--cuda]

With --cuda the programs go through the CUDA path instead: `loopgpu
--validate --validate-mode=cpu` with random -tile / -coarsen options runs
the emitted kernels under the CUDA emulation against the original and must
print PASS (or refuse the request with an error).

Each program is one function with a `#pragma loopgpu` nest of 1 to 3 loops
(rectangular or triangular bounds, steps 1, 2, -1, -2, offsets), 1 to 3
statements reading and writing two arrays at small offsets, sometimes a
scalar temporary declared outside or inside the nest, an inner loop or an
if. The pragma asks for a random request (nothing, tile, interchange,
distribute, private) and -tile is sometimes given. A refused request is
fine (loopgpu must exit 1 with an error, not crash); an accepted one must
compute what the original computes, bit for bit. Exit status 1 on the
first program that crashes loopgpu or computes something else (the program
is printed), 0 otherwise.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def loop_header(rng, var, depth, outer):
    """A for header over roughly [0, n) with a random shape."""
    kind = rng.choice(["up", "up", "up", "up2", "down", "down2", "tri"] if outer else ["up", "up2", "down"])
    lo = rng.choice(["0", "1", "2"])
    if kind == "tri" and outer:
        o = rng.choice(outer)
        if rng.random() < 0.5:
            return "for (int %s = %s; %s < n; %s++)" % (var, o, var, var)
        return "for (int %s = 0; %s <= %s && %s < n; %s++)" % (var, var, o, var, var)
    if kind == "up":
        return "for (int %s = %s; %s < n; %s++)" % (var, lo, var, var)
    if kind == "up2":
        return "for (int %s = %s; %s < n; %s += 2)" % (var, lo, var, var)
    if kind == "down":
        return "for (int %s = n - 1; %s >= %s; %s--)" % (var, var, lo, var)
    return "for (int %s = n - 1; %s >= %s; %s -= 2)" % (var, var, lo, var)


def subscript(rng, v):
    off = rng.choice([-2, -1, 0, 0, 0, 1, 2])
    if off == 0:
        return v
    return "%s %s %d" % (v, "+" if off > 0 else "-", abs(off))


def ref(rng, arr, vars_):
    # 2-D arrays indexed by two of the loop variables (or a constant).
    a = rng.choice(vars_) if vars_ else "0"
    b = rng.choice(vars_) if vars_ else "0"
    return "%s[%s][%s]" % (arr, clamp(subscript(rng, a)), clamp(subscript(rng, b)))


def clamp(e):
    # Keep every subscript in [0, n + 3): arrays have n + 4 rows and columns,
    # subscripts are at least -2 from a variable >= 0, so shift by 2.
    return "(%s) + 2" % e


def statement(rng, vars_, scalar):
    lhs_arr = rng.choice(["A", "B"])
    lhs = ref(rng, lhs_arr, vars_)
    terms = [ref(rng, rng.choice(["A", "B"]), vars_) for _ in range(rng.randint(1, 2))]
    if scalar and rng.random() < 0.5:
        terms.append(scalar)
    op = rng.choice(["=", "=", "+="])
    return "%s %s %s;" % (lhs, op, " + ".join(terms) + " * 0.5f")


def program(rng):
    depth = rng.randint(1, 3)
    vars_all = ["i", "j", "k"][:depth]
    scalar_mode = rng.choice([None, None, "outside", "inside"])
    lines = ["void f(int n, float A[restrict n + 4][n + 4], float B[restrict n + 4][n + 4]) {"]
    if scalar_mode == "outside":
        lines.append("  float t = 0.0f;")
    request = rng.choice(["", "", "tile(3)", "tile(4, 2)", "interchange(j, i)", "interchange(k, i, j)",
                          "distribute", "private(t)", "parallel"])
    lines.append("#pragma loopgpu " + request)
    indent = "  "
    for d, v in enumerate(vars_all):
        lines.append(indent + loop_header(rng, v, d, vars_all[:d]) + " {")
        indent += "  "
        if d == 0 and scalar_mode == "inside" and depth > 1 and rng.random() < 0.5:
            lines.append(indent + "float t;")
            scalar_mode = "declared"
    if scalar_mode == "inside":
        lines.append(indent + "float t;")
        scalar_mode = "declared"
    scalar = "t" if scalar_mode in ("outside", "declared") else None
    if scalar:
        lines.append(indent + "t = %s * 2.0f;" % ref(rng, rng.choice(["A", "B"]), vars_all))
    for _ in range(rng.randint(1, 3)):
        s = statement(rng, vars_all, scalar)
        if rng.random() < 0.2:
            s = "if (%s > 0.0f) %s" % (ref(rng, "B", vars_all), s)
        lines.append(indent + s)
    for _ in vars_all:
        indent = indent[:-2]
        lines.append(indent + "}")
    if scalar_mode == "outside":
        lines.append("  A[0][0] = t;")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--loopgpu", required=True)
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep")
    ap.add_argument("--cuda", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    work = a.keep or tempfile.mkdtemp(prefix="loopgpu-random-")
    os.makedirs(work, exist_ok=True)
    accepted = refused = 0
    for n in range(a.count):
        src = program(rng)
        orig = os.path.join(work, "p%d.c" % n)
        out = os.path.join(work, "p%d.out.c" % n)
        with open(orig, "w") as f:
            f.write(src)
        if a.cuda:
            args = [a.loopgpu, orig, "--validate", "--validate-mode=cpu", "--validate-dir",
                    os.path.join(work, "v%d" % n), "--param", "n=%d" % rng.choice([1, 5, 13, 40])]
            if rng.random() < 0.5:
                args.append("-tile=" + rng.choice(["4", "8,4", "2,2,2", "32", "16,16"]))
            if rng.random() < 0.3:
                args.append("-coarsen=" + rng.choice(["2", "3,2", "2,1,2"]))
        else:
            args = [a.loopgpu, orig, "-emit=c", "-o", out]
            if rng.random() < 0.25:
                args.append("-tile=" + rng.choice(["4", "3,2", "2,2,2"]))
        r = subprocess.run(args, capture_output=True, text=True)
        if r.returncode == 1 and "error:" in r.stderr:
            refused += 1
            continue
        if a.cuda and r.returncode == 2 and "error:" in r.stderr and "tile" in r.stderr:
            refused += 1  # e.g. a -tile with more sizes than the nest has parallel loops
            continue
        if a.cuda:
            if r.returncode != 0 or "PASS" not in r.stdout:
                sys.stdout.write("validation failed (exit %d): %s\n%s\n%s%s\n" %
                                 (r.returncode, " ".join(args), src, r.stdout, r.stderr))
                return 1
            accepted += 1
            continue
        if r.returncode != 0:
            sys.stdout.write("loopgpu crashed (exit %d) on:\n%s\n%s\n%s\n" % (r.returncode, " ".join(args), src, r.stderr))
            return 1
        e = subprocess.run([sys.executable, os.path.join(HERE, "equiv.py"), "--cc", a.cc,
                            "--sizes", "1,2,3,6,11", orig, out, "f"], capture_output=True, text=True)
        if e.returncode != 0:
            sys.stdout.write("not equivalent: %s\n%s\n%s%s\n" % (" ".join(args), src, e.stdout, e.stderr))
            sys.stdout.write(open(out).read())
            return 1
        accepted += 1
    if a.cuda:
        print("random nests: %d validated on the emulation, %d refused with an error" % (accepted, refused))
        return 0
    print("random nests: %d transformed and equivalent, %d refused with an error" % (accepted, refused))
    return 0


if __name__ == "__main__":
    sys.exit(main())
