#!/usr/bin/env python3
"""Writes PolyBench/C 4.2.1's kernels as a user would hand them to loopgpu.

For each benchmark of the suite (read from POLYBENCH_DIR, default
../shared/polybench-4.2.1 beside the repository), writes to OUT_DIR:

  NAME.c           the kernel function as plain C99: POLYBENCH_nD parameters
                   as VLAs (`double A[n][m]`), DATA_TYPE spelled out,
                   _PB_N as `n`, SCALAR_VAL/SQRT_FUN/... expanded, the
                   benchmark's own helper macros and typedefs kept, and
                   `#pragma loopgpu` before each top-level `for` of the scop
                   region; nothing else changed (PolyBench's loop order,
                   `int i, j, k;` at the top, statements between nests).
  NAME.restrict.c  the same with every array parameter `restrict`.
  NAME.h, polybench.[ch], LICENSE.txt  copied from the suite, for the two below.
  NAME.main.c      PolyBench's own benchmark file with the kernel's
                   definition replaced by a declaration, so that its main()
                   calls whatever defines kernel_NAME (the original, or
                   loopgpu's host function: the drop-in test).
  NAME.orig.c      the original kernel function alone, as PolyBench wrote it
                   (static removed), to link with NAME.main.c as reference.
  NAME.json        the kernel's name, function, parameter sizes per dataset,
                   data type, and the benchmark's directory.

Usage: polybench-extract.py OUT_DIR [POLYBENCH_DIR]
"""
import json
import os
import re
import shutil
import sys

DATASETS = ["MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE"]


def find_benchmarks(root):
    out = []
    for dirpath, _, files in os.walk(root):
        if "utilities" in dirpath:
            continue
        for f in files:
            if f.endswith(".c") and not f.endswith(".orig.c"):
                name = f[:-2]
                if os.path.exists(os.path.join(dirpath, name + ".h")):
                    out.append((name, dirpath))
    return sorted(out)


def match_close(text, pos, open_ch, close_ch):
    """Index just past the bracket closing the one at text[pos]."""
    depth = 0
    i = pos
    while i < len(text):
        c = text[i]
        if text.startswith("/*", i):
            i = text.index("*/", i) + 2
            continue
        if text.startswith("//", i):
            i = text.index("\n", i)
            continue
        if c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced %s" % open_ch)


def skip_space(text, i):
    while i < len(text):
        if text[i].isspace():
            i += 1
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
        elif text.startswith("//", i):
            i = text.index("\n", i)
        else:
            break
    return i


def keyword_at(text, i, word):
    return (text.startswith(word, i) and
            (i + len(word) == len(text) or not (text[i + len(word)].isalnum() or text[i + len(word)] == "_")))


def parse_statement(text, i):
    """Returns (start, end, kind) of the C statement starting at or after i."""
    i = skip_space(text, i)
    start = i
    if keyword_at(text, i, "for") or keyword_at(text, i, "while"):
        p = text.index("(", i)
        end = match_close(text, p, "(", ")")
        _, end, _ = parse_statement(text, end)
        return start, end, "for" if keyword_at(text, start, "for") else "while"
    if keyword_at(text, i, "if"):
        p = text.index("(", i)
        end = match_close(text, p, "(", ")")
        _, end, _ = parse_statement(text, end)
        j = skip_space(text, end)
        if keyword_at(text, j, "else"):
            _, end, _ = parse_statement(text, j + 4)
        return start, end, "if"
    if text[i] == "{":
        return start, match_close(text, i, "{", "}"), "block"
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == ";" and depth == 0:
            return start, i + 1, "expr"
        i += 1
    raise ValueError("statement without ';'")


def top_level_statements(text):
    out = []
    i = skip_space(text, 0)
    while i < len(text):
        s, e, kind = parse_statement(text, i)
        out.append((s, e, kind))
        i = skip_space(text, e)
    return out


def kernel_function(src, name):
    m = re.search(r"(static\s+)?void\s+(kernel_\w+)\s*\(", src)
    if not m:
        raise ValueError("no kernel function in %s" % name)
    body_open = src.index("{", match_close(src, src.index("(", m.start()), "(", ")"))
    end = match_close(src, body_open, "{", "}")
    return m.start(), end, m.group(2)


def dataset_sizes(header):
    sizes = {}
    for ds in DATASETS:
        m = re.search(r"#\s*ifdef\s+%s_DATASET(.*?)#\s*endif" % ds, header, re.S)
        if not m:
            continue
        for cm in re.finditer(r"#\s*define\s+(\w+)\s+(\d+)", m.group(1)):
            sizes.setdefault(cm.group(1).lower(), {})[ds] = int(cm.group(2))
    return sizes


def data_type(header):
    m = re.search(r"#\s*if !defined\(DATA_TYPE_IS_INT\).*?\n#\s*define\s+DATA_TYPE_IS_(\w+)", header, re.S)
    return {"INT": "int", "FLOAT": "float", "DOUBLE": "double"}[m.group(1)]


def expand_polybench(text, dtype, restrict):
    """PolyBench's macros spelled the way a user writes plain C99."""
    def array(m):
        args = [a.strip() for a in m.group(2).split(",")]
        rank = int(m.group(1))
        var, dims = args[0], args[1 + rank:]
        q = "restrict " if restrict else ""
        return var + "[" + q + dims[0] + "]" + "".join("[%s]" % d for d in dims[1:])
    text = re.sub(r"POLYBENCH_(\d)D\s*\(([^)]*)\)", array, text)
    text = re.sub(r"\b_PB_(\w+)", lambda m: m.group(1).lower(), text)
    text = re.sub(r"\bDATA_TYPE\b", dtype, text)
    f = "f" if dtype == "float" else ""
    text = re.sub(r"SCALAR_VAL\(([^()]*)\)", lambda m: m.group(1) + f, text)
    for macro, fn in (("SQRT_FUN", "sqrt"), ("EXP_FUN", "exp"), ("POW_FUN", "pow")):
        text = re.sub(r"\b%s\b" % macro, fn + f, text)
    return text


def local_arrays_as_vlas(fn_text, sizes):
    """Dataset macros in the body (`double z[N];`, `t <= TSTEPS`) become the
    parameters a user would write (`z[n]`, `t <= tsteps`)."""
    def repl(m):
        return "[" + m.group(1).lower() + "]" if m.group(1).lower() in sizes else m.group(0)
    head, body = fn_text.split("{", 1)
    body = re.sub(r"\[\s*([A-Z_][A-Z0-9_]*)\s*\]", repl, body)
    # heat-3d's loop bound is the dataset macro TSTEPS itself: a user writes
    # the parameter.
    body = re.sub(r"\b([A-Z][A-Z0-9_]*)\b",
                  lambda m: m.group(1).lower() if m.group(1).lower() in sizes else m.group(0), body)
    return head + "{" + body


def mark_nests(fn_text):
    """`#pragma loopgpu` before each top-level for of the scop region."""
    m = re.search(r"#pragma scop\n(.*?)#pragma endscop\n?", fn_text, re.S)
    region = m.group(1)
    pieces, last = [], 0
    for s, e, kind in top_level_statements(region):
        if kind != "for":
            continue
        line_start = region.rfind("\n", 0, s) + 1
        indent = region[line_start:s]
        if indent.strip():
            indent = ""
        pieces.append(region[last:line_start])
        pieces.append(indent + "#pragma loopgpu\n")
        last = line_start
    pieces.append(region[last:])
    return fn_text[:m.start()] + "".join(pieces) + fn_text[m.end():]


def helper_definitions(src, fn_start):
    """The benchmark's own #defines and typedefs the kernel may use."""
    lines = []
    for line in src[:fn_start].splitlines():
        if re.match(r"#define\s+\w+\(", line) or line.startswith("typedef"):
            lines.append(line)
    return lines


def extract(name, bench_dir, out_dir, pb_root):
    src = open(os.path.join(bench_dir, name + ".c")).read()
    header = open(os.path.join(bench_dir, name + ".h")).read()
    sizes = dataset_sizes(header)
    dtype = data_type(header)
    fstart, fend, fname = kernel_function(src, name)
    fn = src[fstart:fend]
    fn = re.sub(r"^static\s+", "", fn)
    helpers = helper_definitions(src, fstart)
    for restrict, suffix in ((False, ".c"), (True, ".restrict.c")):
        text = expand_polybench(mark_nests(local_arrays_as_vlas(fn, sizes)), dtype, restrict)
        with open(os.path.join(out_dir, name + suffix), "w") as f:
            f.write("/* PolyBench/C 4.2.1 %s (%s), written as plain C99 for loopgpu%s.\n"
                    "   Generated by utils/polybench-extract.py; PolyBench's license: LICENSE.txt\n"
                    "   of the suite. */\n" % (name, os.path.relpath(bench_dir, pb_root),
                                               ", arrays restrict" if restrict else ""))
            f.write("#include <math.h>\n")
            for h in helpers:
                f.write(h + "\n")
            f.write("\n" + text + "\n")
    # The benchmark with the kernel replaced by a declaration.
    sig_end = src.index("{", match_close(src, src.index("(", fstart), "(", ")"))
    proto = re.sub(r"^static\s+", "", src[fstart:sig_end].rstrip()) + ";"
    main = src[:fstart] + proto + src[fend:]
    shutil.copy(os.path.join(bench_dir, name + ".h"), out_dir)
    with open(os.path.join(out_dir, name + ".main.c"), "w") as f:
        f.write(main)
    with open(os.path.join(out_dir, name + ".orig.c"), "w") as f:
        f.write('#include <math.h>\n#include "polybench.h"\n#include "%s.h"\n' % name)
        for h in helpers:
            f.write(h + "\n")
        f.write(re.sub(r"^static\s+", "", fn) + "\n")
    meta = {"name": name, "function": fname, "type": dtype, "sizes": sizes,
            "dir": os.path.relpath(bench_dir, pb_root)}
    with open(os.path.join(out_dir, name + ".json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
    return fname


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__, file=sys.stdout if len(sys.argv) > 1 else sys.stderr)
        return 0 if len(sys.argv) > 1 else 2
    if sys.argv[1].startswith("-"):
        print("polybench-extract.py: unknown option '%s' (usage: OUT_DIR [POLYBENCH_ROOT])" % sys.argv[1],
              file=sys.stderr)
        return 2
    out_dir = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    pb_root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared", "polybench-4.2.1")
    pb_root = os.path.abspath(pb_root)
    if not os.path.isdir(pb_root):
        print("polybench-extract: no PolyBench at %s" % pb_root, file=sys.stderr)
        return 1
    os.makedirs(out_dir, exist_ok=True)
    # What PolyBench's main needs, beside the kernels (and the suite's license
    # with any copy of it): the headers and the timing/dump utilities.
    for f in ("polybench.c", "polybench.h"):
        shutil.copy(os.path.join(pb_root, "utilities", f), out_dir)
    shutil.copy(os.path.join(pb_root, "LICENSE.txt"), out_dir)
    names = []
    for name, d in find_benchmarks(pb_root):
        extract(name, d, out_dir, pb_root)
        names.append(name)
    with open(os.path.join(out_dir, "kernels.txt"), "w") as f:
        f.write("\n".join(names) + "\n")
    print("%d kernels written to %s" % (len(names), out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
