#!/usr/bin/env python3
"""Run 42's fdtd-2d experiment: the streamed time tile's step loop (one loop
over unrolls, clean or checked by an if inside, as printed since 93f8455)
against two other structures, made from the printed CUDA:
  split  three loops: checked unrolls, clean unrolls, checked unrolls;
  whole  the form before 93f8455: a block whose every unroll is clean runs a
         loop of clean unrolls, any other block a loop of checked ones.
Usage: fdtd_split.py IN.cu OUT_SPLIT.cu OUT_WHOLE.cu"""
import re, sys

src = open(sys.argv[1]).read().split("\n")
head = next(i for i, l in enumerate(src) if l.strip().startswith("for (int loopgpu_j = 0; loopgpu_j < loopgpu_total /"))
unroll = int(re.search(r"loopgpu_total / (\d+)", src[head]).group(1))
assert src[head + 1].strip().startswith("if (loopgpu_j >= loopgpu_clean_first")
indent = len(src[head]) - len(src[head].lstrip())
# The if's two branches end at "    } else {" and "    }" at the if's indentation.
ifind = " " * (indent + 2)
els = next(i for i in range(head + 2, len(src)) if src[i] == ifind + "} else {")
end = next(i for i in range(els + 1, len(src)) if src[i] == ifind + "}")
assert src[end + 1] == " " * indent + "}"
clean, checked = src[head + 2:els], src[els + 1:end]
pad = " " * indent
n = "loopgpu_total / %d" % unroll

def loop(lo, hi, body):
    return [pad + "for (int loopgpu_j = %s; loopgpu_j < %s; ++loopgpu_j) {" % (lo, hi)] + body + [pad + "}"]

split = [pad + "const int loopgpu_cf = loopgpu_clean_end > loopgpu_clean_first ? loopgpu_clean_first : %s;" % n,
         pad + "const int loopgpu_ce = loopgpu_clean_end > loopgpu_clean_first ? loopgpu_clean_end : %s;" % n]
split += loop("0", "loopgpu_cf", checked) + loop("loopgpu_cf", "loopgpu_ce", clean) + loop("loopgpu_ce", n, checked)
whole = [pad + "if (loopgpu_clean_first == 0 && loopgpu_clean_end == %s) {" % n] + loop("0", n, clean) + \
        [pad + "} else {"] + loop("0", n, checked) + [pad + "}"]
for out, body in ((sys.argv[2], split), (sys.argv[3], whole)):
    open(out, "w").write("\n".join(src[:head] + body + src[end + 2:]))
