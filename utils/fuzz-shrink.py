#!/usr/bin/env python3
"""fuzz-shrink.py: delta-debugging of a loopgpu failure found by
utils/fuzz-pipeline.sh (or any input written one statement per line, like
utils/gen-nest.py's).

  fuzz-shrink.py CASE.c 'COMMAND' [-o OUT.c] [--timeout S] [--cc CC]

COMMAND is a shell command that exits non-zero while the bug is present;
`{}` in it stands for the candidate file (without `{}`, the file is appended
as the last argument). Examples:

  fuzz-shrink.py case.c 'build/bin/loopgpu {} --validate --validate-mode=cpu --param n=5 -coarsen 2'
  fuzz-shrink.py case.c '! build/bin/loopgpu {} --validate --validate-mode=cpu 2>&1 | grep -q "not declared"'

The second form (fail only while a given message appears) keeps the
shrinker from wandering to another bug. A run past --timeout seconds
(default 60) counts as "bug present" (for hangs).

Edits, tried greedily until none applies (largest first): remove a nest
(`#pragma loopgpu` and its loop), a block (a loop or an `if`), a
statement; replace an `if` by its body, an inner loop by its body (when
the body does not use its iterator), a loop by a one-iteration loop;
replace a right-hand side by one of its terms, a call by an argument, a
product or quotient by its left operand; remove array and floating-point
parameters nothing uses. Every candidate must pass `cc -fsyntax-only` (no
undeclared names, no missing return): removals cannot take subscripts out
of bounds (the generator's subscripts are in bounds for every iterator
value in [0, P - 1] whatever the loops). Prints the smallest reproducer
(and writes it to OUT.c with -o).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def split_top(text, sep):
    parts, depth, cur, i = [], 0, "", 0
    while i < len(text):
        ch = text[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if depth == 0 and text.startswith(sep, i):
            parts.append(cur)
            cur = ""
            i += len(sep)
            continue
        cur += ch
        i += 1
    parts.append(cur)
    return [p.strip() for p in parts]


def block_end(lines, i):
    """Index of the line closing the block opened at line i."""
    depth = 0
    for j in range(i, len(lines)):
        depth += lines[j].count("{") - lines[j].count("}")
        if depth == 0:
            return j
    return None


def indent(line):
    return line[:len(line) - len(line.lstrip())]


def simplify_expr(e):
    """Simpler expressions than e (each still a valid expression)."""
    e = e.strip()
    out = []
    m = re.match(r"^[0-9.e+-]+f? \* \((.*)\)$", e)
    if m:
        out.append(m.group(1))
    m = re.match(r"^\((.*)\) / [0-9]+$", e)
    if m:
        out.append(m.group(1))
    for sep in (" + ", " - ", " * ", " / ", " ? ", " : ", " < ", " > "):
        parts = split_top(e, sep)
        if len(parts) > 1:
            out += [p for p in parts if p]
    m = re.match(r"^[A-Za-z_]\w*\((.*)\)$", e)
    if m and block_balanced(m.group(1)):
        out += split_top(m.group(1), ",")
    m = re.match(r"^\((.*)\)$", e)
    if m and block_balanced(m.group(1)):
        out.append(m.group(1))
    if e not in ("0", "1"):
        out.append("1")
    return [x for x in out if x and x != e and block_balanced(x)]


def block_balanced(s):
    d = 0
    for ch in s:
        d += ch in "(["
        d -= ch in ")]"
        if d < 0:
            return False
    return d == 0


def candidates(lines):
    n = len(lines)
    fn = next(i for i, l in enumerate(lines) if re.match(r"^\S.*\)\s*\{\s*$", l))
    # Whole nests.
    for i in range(n):
        if lines[i].strip() == "#pragma loopgpu" and i + 1 < n:
            j = block_end(lines, i + 1)
            if j is not None:
                yield lines[:i] + lines[j + 1:]
    # Blocks: remove, unwrap.
    for i in range(fn + 1, n):
        s = lines[i].strip()
        if not s.endswith("{"):
            continue
        j = block_end(lines, i)
        if j is None:
            continue
        outer = lines[i - 1].strip() == "#pragma loopgpu"
        if not outer:
            yield lines[:i] + lines[j + 1:]
        body = [l[2:] if l.startswith("  ") else l for l in lines[i + 1:j]]
        if s.startswith("if "):
            yield lines[:i] + body + lines[j + 1:]
        m = re.match(r"^for \(int (\w+) = (.*?);(.*?);(.*?)\) \{$", s)
        if m and not outer:
            yield lines[:i] + body + lines[j + 1:]
        # One iteration (an iterator replaced by a scalar would make its
        # subscripts non-affine: another program for loopgpu).
        if m and (m.group(2), m.group(3).strip()) != ("0", "%s < 1" % m.group(1)):
            v = m.group(1)
            yield lines[:i] + [indent(lines[i]) + "for (int %s = 0; %s < 1; %s++) {" % (v, v, v)] + lines[i + 1:]
    # Statements.
    for i in range(fn + 1, n):
        s = lines[i].strip()
        if s.endswith(";") and not s.startswith("return"):
            yield lines[:i] + lines[i + 1:]
        m = re.match(r"^if \((.*)\) (.*;)$", s)
        if m and block_balanced(m.group(1)):
            yield lines[:i] + [indent(lines[i]) + m.group(2)] + lines[i + 1:]
    # Expressions.
    for i in range(fn + 1, n):
        line = lines[i]
        m = re.match(r"^(\s*(?:if \(.*\) )?[^=]*?(?:\+|\*|-)?= )(.*);$", line)
        if not m or "for (" in line or line.strip().startswith("if (") and "{" in line:
            continue
        for e in simplify_expr(m.group(2)):
            yield lines[:i] + [m.group(1) + e + ";"] + lines[i + 1:]
    # Unused parameters (arrays and floating-point scalars; integer ones
    # stay: the reproduction command may pass --param for them).
    m = re.match(r"^(.*?\()(.*)(\)\s*\{\s*)$", lines[fn])
    if m:
        params = split_top(m.group(2), ",")
        body = "\n".join(lines[fn + 1:])
        for k, p in enumerate(params):
            if re.match(r"^int \w+$", p):
                continue
            name = re.sub(r"\[.*", "", p).replace("*", " ").split()[-1]
            if not re.search(r"\b%s\b" % re.escape(name), body):
                rest = params[:k] + params[k + 1:]
                yield lines[:fn] + [m.group(1) + ", ".join(rest) + m.group(3)] + lines[fn + 1:]


class Shrinker:
    def __init__(self, a):
        self.a = a
        self.work = tempfile.mkdtemp(prefix="loopgpu-shrink-")
        self.path = os.path.join(self.work, os.path.basename(a.case))
        self.tries = 0

    def valid(self, text):
        with open(self.path, "w") as f:
            f.write(text)
        r = subprocess.run([self.a.cc, "-std=c99", "-fsyntax-only", "-Werror=implicit-function-declaration",
                            "-Werror=return-type", "-Wno-unknown-pragmas", self.path],
                           capture_output=True, text=True)
        return r.returncode == 0

    def buggy(self, text):
        if not self.valid(text):
            return False
        self.tries += 1
        cmd = self.a.command
        cmd = cmd.replace("{}", self.path) if "{}" in cmd else cmd + " " + self.path
        try:
            r = subprocess.run(["bash", "-c", cmd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               timeout=self.a.timeout, start_new_session=True)
            return r.returncode != 0
        except subprocess.TimeoutExpired:
            return True

    def run(self, text):
        lines = text.rstrip("\n").split("\n")
        if not self.buggy(text):
            sys.exit("fuzz-shrink.py: the command does not fail on %s: nothing to shrink" % self.a.case)
        # After an accepted edit, go on from the same position in the new
        # list of edits (the earlier ones just failed); stop after a whole
        # round without progress.
        start, failed = 0, 0
        while True:
            cands = list(candidates(lines))
            if not cands or failed >= len(cands):
                break
            k = start % len(cands)
            if self.buggy("\n".join(cands[k]) + "\n"):
                lines, failed = cands[k], 0
                sys.stderr.write("fuzz-shrink.py: %d lines (%d runs)\n" % (len(lines), self.tries))
            else:
                start, failed = k + 1, failed + 1
        return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("case")
    ap.add_argument("command")
    ap.add_argument("-o", dest="out")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    a = ap.parse_args()
    s = Shrinker(a)
    try:
        result = s.run(open(a.case).read())
    finally:
        shutil.rmtree(s.work, ignore_errors=True)
    if a.out:
        with open(a.out, "w") as f:
            f.write(result)
    sys.stdout.write(result)


if __name__ == "__main__":
    main()
