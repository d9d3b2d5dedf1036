#!/usr/bin/env python3
"""PolyBench/C 4.2.1 through loopgpu, end to end, as a user would run it.

For each kernel (utils/polybench-extract.py writes them as plain C99), and
for each variant (arrays restrict or not):
  1. loopgpu NAME.c -o NAME.cu                   must exit 0
  2. nvcc -arch=sm_90 -c NAME.cu                 must compile (when nvcc is there)
  3. loopgpu NAME.c --validate --param ...        must PASS, every written array
                                                  compared (odd sizes: the
                                                  dataset's, made odd)
  4. drop-in: PolyBench's own main() linked against the emitted host function
     prints array dumps (POLYBENCH_DUMP_ARRAYS) equal to the original's
     within tolerance; so does it linked against loopgpu -emit=c's output
     (the transformed C).
--mode cpu runs 3 and 4 through the CUDA emulation (runtime/), --mode gpu
on the GPU. Prints one line per kernel and variant, then
`N passed, M failed`; exits 1 on any failure.

Usage: polybench-check.py [--mode cpu|gpu] [--dataset MINI] [--validate-dataset MINI]
                          [--kernels a,b] [--variants c,restrict.c] [-j N]
                          [--loopgpu PATH] [--emu-rewrite PATH] [--work DIR] [--keep]
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run(cmd, cwd=None, timeout=600, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env, shell=isinstance(cmd, str))
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %d s" % timeout


def odd_params(meta, dataset):
    return {p: s[dataset] | 1 for p, s in sorted(meta["sizes"].items())}


def dump_values(text):
    """The numbers of PolyBench's dump (stderr), per array."""
    arrays, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"begin dump: (\S+)", line)
        if m:
            cur = arrays.setdefault(m.group(1), [])
            continue
        if line.startswith("end   dump") or line.startswith("end dump"):
            cur = None
            continue
        if cur is not None:
            cur.extend(float(x) for x in line.split())
    return arrays


def compare_dumps(ref, got, tol):
    """PolyBench prints 2 decimals: values may differ by one unit of the last
    printed digit through rounding, plus the relative tolerance."""
    if set(ref) != set(got) or not ref:
        return "dumped arrays differ: %s vs %s" % (sorted(ref), sorted(got))
    for name in ref:
        a, b = ref[name], got[name]
        if len(a) != len(b) or not a:
            return "%s: %d vs %d values" % (name, len(a), len(b))
        bad = [i for i in range(len(a))
               if not (abs(a[i] - b[i]) <= 0.0100001 + tol * max(1.0, abs(a[i])) or (a[i] != a[i] and b[i] != b[i]))]
        if bad:
            i = bad[0]
            return "%s: %d of %d values differ, first at %d: original %g, cuda %g" % (name, len(bad), len(a), i, a[i], b[i])
    return None


def max_error(a, ref):
    """The largest error of the dumps a against ref, relative to max(1, |ref|),
    over the values where ref is finite (a non-finite reference proves
    nothing), and how many those are not; None if the dumps do not match up."""
    if set(a) != set(ref):
        return None, 0
    worst, skipped = 0.0, 0
    for name in ref:
        if len(a[name]) != len(ref[name]):
            return None, 0
        for x, r in zip(a[name], ref[name]):
            if r != r or abs(r) == float("inf"):
                skipped += 1
                continue
            worst = max(worst, abs(x - r) / max(1.0, abs(r)) if x == x else float("inf"))
    return worst, skipped


class Checker:
    def __init__(self, args):
        self.a = args
        self.util = args.extracted  # polybench-extract.py copies polybench.[ch] there
        self.cc = os.environ.get("CC", "cc")
        self.notes = []
        self.nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else None)

    def emu_compile(self, cu, obj, cwd):
        r = self.a.emu_rewrite
        rc, out, err = run([r, cu, cu + ".emu.cpp"], cwd=cwd)
        if rc:
            return err
        cxx = run([r, "--cxx"])[1].split()
        flags = run([r, "--cxxflags"])[1].split()
        rc, out, err = run(cxx + flags + os.environ.get("LOOPGPU_EMU_OPT", "-O1").split() + ["-c", cu + ".emu.cpp", "-o", obj], cwd=cwd)
        return err if rc else None

    def drop_in(self, name, cu, work, meta):
        """PolyBench's main with the original kernel and with loopgpu's."""
        ds = "-D%s_DATASET" % self.a.dataset
        common = [ds, "-DPOLYBENCH_DUMP_ARRAYS", "-I", self.util, "-O2"]
        base = os.path.join(self.a.extracted, name)
        steps = [[self.cc] + common + ["-c", base + ".main.c", "-o", "main.o"],
                 [self.cc] + common + ["-c", os.path.join(self.util, "polybench.c"), "-o", "polybench.o"],
                 [self.cc] + common + ["-c", base + ".orig.c", "-o", "orig.o"],
                 [self.cc, "main.o", "polybench.o", "orig.o", "-lm", "-o", "ref"]]
        for s in steps:
            rc, out, err = run(s, cwd=work)
            if rc:
                return "building the original: " + err.strip()[-300:]
        if self.a.mode == "gpu":
            rc, out, err = run([self.nvcc, "-O2", "-arch=sm_90", "main.o", "polybench.o", cu, "-lm", "-o", "cuda"], cwd=work)
            if rc:
                return "building the drop-in: " + err.strip()[-300:]
        else:
            e = self.emu_compile(cu, "cuda.o", work)
            if e:
                return "building the drop-in: " + e.strip()[-300:]
            r = self.a.emu_rewrite
            cxx = run([r, "--cxx"])[1].split()
            libs = run([r, "--libs"])[1].split()
            rc, out, err = run(cxx + ["main.o", "polybench.o", "cuda.o"] + libs + ["-lm", "-o", "cuda"], cwd=work)
            if rc:
                return "linking the drop-in: " + err.strip()[-300:]
        # The transformed C (-emit=c) in place of the kernel, too.
        rc, out, err = run([self.cc] + common + ["-c", "transformed.c", "-o", "transformed.o"], cwd=work)
        if not rc:
            rc, out, err = run([self.cc, "main.o", "polybench.o", "transformed.o", "-lm", "-o", "transformed"], cwd=work)
        if rc:
            return "building -emit=c's output with PolyBench's main: " + err.strip()[-300:]
        rc1, _, ref = run(["./ref"], cwd=work)
        rc0, _, tr = run(["./transformed"], cwd=work)
        if rc0:
            return "-emit=c's output exits %d" % rc0
        diff = compare_dumps(dump_values(ref), dump_values(tr), 1e-6)
        if diff:
            return "-emit=c's output: " + diff
        rc2, _, got = run(["./cuda"], cwd=work, timeout=self.a.timeout)
        if rc1 or rc2:
            return "run failed (original exit %d, cuda exit %d): %s" % (rc1, rc2, got.strip()[-300:])
        diff = compare_dumps(dump_values(ref), dump_values(got), 1e-6)
        if diff and self.a.mode == "gpu":
            # Rounding or a wrong kernel? The GPU contracts a*b+c into FMAs
            # where the CPU rounds twice; without contraction the dumps of a
            # correct kernel match.
            rc, out, err = run([self.nvcc, "-O2", "-arch=sm_90", "-fmad=false", "main.o", "polybench.o", cu, "-lm",
                                "-o", "cuda-nofma"], cwd=work)
            rc3, _, nofma = run(["./cuda-nofma"], cwd=work, timeout=self.a.timeout) if not rc else (1, "", "")
            if not rc3 and not compare_dumps(dump_values(ref), dump_values(nofma), 1e-6):
                self.notes.append("%s: the dumps differ (%s), and match with nvcc -fmad=false: FMA contraction "
                                  "on an ill-conditioned computation, not a wrong kernel" % (os.path.basename(work), diff))
                return None
            diff += "; with nvcc -fmad=false too" if not rc3 else ""
        if diff:
            # Reduction kernels add in another order. Against the original run
            # in long double, a correct kernel's error stays within 10x the
            # original's own (the harness's rule); a wrong kernel's does not.
            ld = self.long_double_dump(name, work, common)
            if ld:
                (e_ref, skipped), (e_got, _) = max_error(dump_values(ref), ld), max_error(dump_values(got), ld)
                if e_ref is not None and e_got is not None and e_got <= 10 * e_ref:
                    self.notes.append("%s: the dumps differ (%s), but against the original in long double the CUDA "
                                      "result's error %.3g is within 10x the original's own %.3g: rounding on an "
                                      "ill-conditioned computation, not a wrong kernel%s"
                                      % (os.path.basename(work), diff, e_got, e_ref,
                                         " (%d values, not finite in long double, prove nothing)" % skipped
                                         if skipped else ""))
                    return None
                diff += "; against the original in long double: cuda's error %s, the original's %s" % (e_got, e_ref)
        return diff

    def long_double_dump(self, name, work, common):
        """The original's dumps with DATA_TYPE long double (a copy of the
        kernel's header, rewritten, found first), or None."""
        ld_dir = os.path.join(work, "ld")
        os.makedirs(ld_dir, exist_ok=True)
        header = open(os.path.join(self.a.extracted, name + ".h")).read()
        for a, b in (("define DATA_TYPE double", "define DATA_TYPE long double"), ('"%0.2lf "', '"%0.2Lf "'),
                     ("SQRT_FUN(x) sqrt(x)", "SQRT_FUN(x) sqrtl(x)"), ("EXP_FUN(x) exp(x)", "EXP_FUN(x) expl(x)"),
                     ("POW_FUN(x,y) pow(x,y)", "POW_FUN(x,y) powl(x,y)")):
            header = header.replace(a, b)
        if "long double" not in header:
            return None
        open(os.path.join(ld_dir, name + ".h"), "w").write(header)
        # The sources beside the header: `#include "kernel.h"` looks there first.
        for ext in (".main.c", ".orig.c"):
            shutil.copy(os.path.join(self.a.extracted, name + ext), os.path.join(ld_dir, name + ext))
        cmd = [self.cc, "-I", ld_dir] + common + [name + ".main.c", name + ".orig.c",
                                                  os.path.join(self.util, "polybench.c"), "-lm", "-o", "ref-ld"]
        rc, out, err = run(cmd, cwd=ld_dir)
        if rc:
            return None
        rc, _, dump = run(["./ref-ld"], cwd=ld_dir)
        return None if rc else dump_values(dump)

    def check(self, name, variant):
        try:
            return self.check_one(name, variant)
        except Exception as e:  # a broken run is a failure, not a crash of the checker
            return "checker error: %r" % e

    def check_one(self, name, variant):
        meta = json.load(open(os.path.join(self.a.extracted, name + ".json")))
        work = os.path.join(self.a.work, name + "." + variant.replace(".c", ""))
        os.makedirs(work, exist_ok=True)
        src = os.path.join(self.a.extracted, name + "." + variant)
        cu = os.path.join(work, name + ".cu")
        # Square matrices positive definite: PolyBench's factorizations
        # (cholesky, lu, ludcmp) give NaN on other random inputs.
        params = ["--inputs=spd"]
        for p, v in odd_params(meta, self.a.validate_dataset).items():
            params += ["--param", "%s=%d" % (p, v)]
        if self.a.stage in ("all", "prepare"):
            rc, out, err = run([self.a.loopgpu, src, "-o", cu])
            if rc:
                return "loopgpu exit %d: %s" % (rc, err.strip()[-400:])
            rc, out, err = run([self.a.loopgpu, src, "-emit=c", "-o", os.path.join(work, "transformed.c")])
            if rc:
                return "loopgpu -emit=c exit %d: %s" % (rc, err.strip()[-400:])
            if self.a.stage == "prepare":
                rc, out, err = run([self.a.loopgpu, src, "--validate", "--validate-mode=none",
                                    "--validate-dir", os.path.join(work, "validate")] + params)
                return "loopgpu --validate-mode=none exit %d: %s" % (rc, err.strip()[-400:]) if rc else None
        if self.nvcc:
            rc, out, err = run([self.nvcc, "-arch=sm_90", "-c", cu, "-o", os.path.join(work, "nvcc.o")])
            if rc:
                return "nvcc: " + err.strip()[-400:]
        elif os.environ.get("CI") == "true":
            return "nvcc not found (CI compiles every emitted kernel)"
        if self.a.stage == "run":  # the harness prepare wrote, built and run here
            rc, out, err = run(["bash", os.path.join(work, "validate", "run.sh"), self.a.mode], timeout=self.a.timeout)
        else:
            rc, out, err = run([self.a.loopgpu, src, "--validate", "--validate-mode=" + self.a.mode,
                                "--validate-dir", os.path.join(work, "validate")] + params, timeout=self.a.timeout)
        if rc or not re.search(r"^PASS$", out, re.M):
            lines = [l for l in out.splitlines() if l.startswith(("FAIL ", "INCONCLUSIVE "))] or \
                (out + err).strip().splitlines()[-3:]
            return "--validate: " + " | ".join(lines)[:400]
        compared = len(re.findall(r"^PASS \S+: \S+ \((\d+) elements\)", out, re.M))
        if not compared or re.search(r"\(0 elements\)", out):
            return "--validate compared nothing: " + out[:300]
        e = self.drop_in(name, cu, work, meta)
        if e:
            return "drop-in: " + e
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=["cpu", "gpu"], default="cpu")
    ap.add_argument("--dataset", default="MINI", help="drop-in dataset (MINI, SMALL, MEDIUM...)")
    ap.add_argument("--validate-dataset", default="MINI", help="--validate sizes: this dataset's, made odd")
    ap.add_argument("--kernels", default="")
    ap.add_argument("--variants", default="c,restrict.c")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--loopgpu", default=os.path.join(ROOT, "build", "bin", "loopgpu"))
    ap.add_argument("--emu-rewrite", default="")
    ap.add_argument("--polybench", default=os.path.join(ROOT, "..", "shared", "polybench-4.2.1"))
    ap.add_argument("--work", default="")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    ap.add_argument("--stage", choices=["all", "prepare", "run"], default="all",
                    help="prepare: only run loopgpu (CUDA files, harnesses) into --work; run: build and run what "
                         "prepare left in --work (on a machine without loopgpu, e.g. the GPU's)")
    a = ap.parse_args()
    a.loopgpu = os.path.abspath(a.loopgpu)
    if not a.emu_rewrite:
        a.emu_rewrite = os.path.join(os.path.dirname(a.loopgpu), "loopgpu-emu-rewrite")
    if a.stage != "run" and not os.path.isdir(a.polybench):
        print("polybench-check: no PolyBench at %s" % a.polybench, file=sys.stderr)
        return 2
    tmp = None
    if a.work:
        a.work = os.path.abspath(a.work)
    else:
        tmp = a.work = tempfile.mkdtemp(prefix="loopgpu-polybench-")
    a.extracted = os.path.join(a.work, "src")
    if a.stage != "run":
        rc, out, err = run([sys.executable, os.path.join(HERE, "polybench-extract.py"), a.extracted, a.polybench])
        if rc:
            print(err, file=sys.stderr)
            return 2
    names = open(os.path.join(a.extracted, "kernels.txt")).read().split()
    if a.kernels:
        names = [n for n in names if n in a.kernels.split(",")]
    jobs = [(n, v) for n in names for v in a.variants.split(",")]
    c = Checker(a)
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.j) as ex:
        results = ex.map(lambda job: (job, c.check(*job)), jobs)
        for (n, v), err in results:
            print("%s %s.%s%s" % ("FAIL" if err else "PASS", n, v, (": " + err) if err else ""), flush=True)
            failed += bool(err)
    for n in c.notes:
        print("note: " + n)
    print("%d passed, %d failed%s" % (len(jobs) - failed, failed, " (prepared)" if a.stage == "prepare" else ""))
    if tmp and not a.keep and not failed:
        shutil.rmtree(tmp, ignore_errors=True)
    elif tmp:
        print("work directory kept: %s" % tmp)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
