#!/usr/bin/env python3
"""lab/carveout.py IN.cu OUT.cu PERCENT: the printed CUDA with the stencil
pencil's two kernel instances given cudaFuncAttributePreferredSharedMemoryCarveout
PERCENT (0: the most L1 the SM has; 100: the most shared memory) once,
before the launch (run 47's experiment: does the L1 share of the pencil's
SMs bound its L2 traffic?)."""
import re
import sys

src, dst, pct = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(src).read()
pat = re.compile(r"^( *)if \(loopgpu_aligned32\)\n\1  (\w+_nest0_kernel)<true><<<", re.M)
m = pat.search(text)
if not m or len(pat.findall(text)) != 1:
    sys.exit("carveout.py: expected one launch of an aligned32 instance")
ind, k = m.group(1), m.group(2)
setting = "".join("%sstatic const bool loopgpu_carve_%s = (cudaFuncSetAttribute(%s<%s>, cudaFuncAttributePreferredSharedMemoryCarveout, %d), true);\n%s(void)loopgpu_carve_%s;\n"
                  % (ind, inst, k, inst, pct, ind, inst) for inst in ("true", "false"))
text = text[:m.start()] + setting + text[m.start():]
open(dst, "w").write(text)
