#!/usr/bin/env python3
"""Rewrites loopgpu's printed 7-point stencil pencil (examples/stencil7.c, bench/kernels/stencil7d.c at the
default mapping) into variants that ask what separates it from lab/stencil_h200.cu's lsvc at equal L2 sectors
(run 43: double 620 us against 569). Usage: stencil_xborder.py IN.cu OUT.cu VARIANT[+VARIANT...]

  aligned  the arrays taken as aligned (loopgpu_runs_aligned = true): the full tiles' element-store copy and
           the border's alignment test dead (lsvc has neither)
  i32      the trips, shift and tile comparisons in 32 bits (lsvc's)
  xb       the border tiles along x only (full along z and y, the tile's runs inside the row) run the full tile's
           vector loads for every run, the values of the runs' lanes outside the iteration space computed and
           dropped (their loads stay inside the array: x - 1 >= -1 on a plane z >= 1, x + 1 <= nx on a plane
           z <= nz - 2), and store each run by its mask: one vector store where whole, else its lanes in range.
           At 512 the x-border tiles are 2 of 8 along x (a quarter of the blocks), each with one lane outside.

Run 44 call 1 (H200): aligned+i32 85.2-85.7% of copy in double, 84.3-84.9% in float (default 80.0% / 82.5%),
either alone no gain; xb slower in every combination (and wrong for runs of 4: f_v4_aligned+xb failed the
driver's reference check; not debugged, since it lost with runs of 2).

Only for the timing driver (bench/drivers/stencil.cu) at sizes where these hold: nx even, arrays 16-byte aligned.
"""
import re
import sys


def main():
    src, dst, variants = sys.argv[1], sys.argv[2], sys.argv[3].split('+')
    t = open(src).read()
    for v in sorted(variants, key=['aligned', 'xb', 'i32'].index):  # xb reads the 64-bit tests
        if v == 'aligned':
            t, n = re.subn(r'const bool loopgpu_runs_aligned = [^;]*;', 'const bool loopgpu_runs_aligned = true;', t)
            assert n >= 1, 'no loopgpu_runs_aligned'
        elif v == 'i32':
            t = t.replace('const long long loopgpu_trip', 'const int loopgpu_trip')
            t = t.replace('const long long loopgpu_shift', 'const int loopgpu_shift')
            t = re.sub(r'\(long long\)loopgpu_tile(\d)', r'loopgpu_tile\1', t)
        elif v == 'xb':
            t = xborder(t)
        else:
            sys.exit('unknown variant ' + v)
    open(dst, 'w').write(t)


def xborder(t):
    # The full-tile test of the pencil kernel (the first kernel of the file).
    m = re.search(r'(\n(\s*)if \((\(\(long long\)loopgpu_tile0 \+ 1\) \* (\d+) <= loopgpu_trip0 && '
                  r'\(\(long long\)loopgpu_tile1 \+ 1\) \* (\d+) <= loopgpu_trip1) && '
                  r'(\(long long\)loopgpu_tile2 \* (\d+) >= loopgpu_shift2 && '
                  r'\(\(long long\)loopgpu_tile2 \+ 1\) \* \d+ <= loopgpu_trip2)\) \{[^\n]*\n)', t)
    assert m, 'no full-tile test'
    indent, zy, xfull, wx = m.group(2), m.group(3), m.group(6), m.group(7)
    # The full tile's aligned copy: its loop nest over c0 (planes) and c2 (the run's lanes).
    a = t.index('if (loopgpu_runs_aligned) {', m.end())
    body_start = t.index('\n', a) + 1
    b = t.index('} else {', body_start)
    body = t[body_start:b]
    # The aligned copy's statement: al_out[INDEX] = VALUE; // line N
    s = re.search(r'\n(\s*)loopgpu_al_(\w+)\[(.*?)\] = (.*); // (line \d+)\n', body)
    assert s, 'no aligned statement'
    sind, arr, index, value, line = s.groups()
    kernel_head = t[:m.start()].rsplit('__global__', 1)[1]
    elem = 'double' if 'const double *__restrict__' in kernel_head else 'float'
    lanes = int(re.search(r'loopgpu_c2 < (\d+);', body).group(1))
    vec = f'{elem}{lanes}'
    mk = f'make_{vec}(' + ', '.join(f'loopgpu_run[{i}]' for i in range(lanes)) + ')'
    # The lanes' loop: compute every lane's value, keep its mask and the run's address, then store by the mask.
    c2 = re.search(r'\n(\s*)#pragma unroll\n\s*for \(int loopgpu_c2 = 0; loopgpu_c2 < \d+; \+\+loopgpu_c2\) \{\n', body)
    assert c2, 'no lanes loop'
    lind = c2.group(1)
    pre, post = body[:c2.start()], body[c2.end():]
    end = post.index('\n' + lind + '}\n')
    lane_body = post[:end + 1]
    rest = post[end + len('\n' + lind + '}\n'):]
    lane_body = lane_body.replace(s.group(0)[1:],
                                  f'{sind}if (loopgpu_c2 == 0) loopgpu_run_at = &loopgpu_al_{arr}[{index}];\n'
                                  f'{sind}loopgpu_run[loopgpu_c2] = {value}; // {line}, every lane\n'
                                  f'{sind}if (loopgpu_t2 >= loopgpu_shift2 && loopgpu_t2 < loopgpu_trip2) '
                                  f'loopgpu_in_run |= 1u << loopgpu_c2;\n')
    lanes_loop = (f'\n{lind}{elem} loopgpu_run[{lanes}];\n{lind}unsigned loopgpu_in_run = 0;\n'
                  f'{lind}{elem} *loopgpu_run_at = nullptr;\n'
                  f'{lind}#pragma unroll\n{lind}for (int loopgpu_c2 = 0; loopgpu_c2 < {lanes}; ++loopgpu_c2) {{\n'
                  f'{lane_body}{lind}}}\n'
                  f'{lind}if (loopgpu_in_run == {(1 << lanes) - 1}u) {{\n'
                  f'{lind}  *reinterpret_cast<{vec} *>(loopgpu_run_at) = {mk};\n'
                  f'{lind}}} else {{\n'
                  f'{lind}  #pragma unroll\n{lind}  for (int loopgpu_e = 0; loopgpu_e < {lanes}; ++loopgpu_e)\n'
                  f'{lind}    if (loopgpu_in_run >> loopgpu_e & 1u)\n'
                  f'{lind}      loopgpu_run_at[loopgpu_e] = loopgpu_run[loopgpu_e];\n'
                  f'{lind}}}\n')
    xbody = pre + lanes_loop + rest
    # The x-border version: full along z and y, the tile's lanes inside the row [0, nx) (x = t2 - shift + first).
    first = re.search(r'const int x = \(int\)\((-?\d+) \+ loopgpu_t2\);', body)
    assert first, 'no x'
    x0 = int(first.group(1))
    inrow = (f'(long long)loopgpu_tile2 * {wx} + ({x0}) >= 0 && '
             f'((long long)loopgpu_tile2 + 1) * {wx} + ({x0}) <= (long long)nx')
    branch = (f'\n{indent}if ({zy} && !({xfull}) && loopgpu_runs_aligned && {inrow}) {{ '
              f'// lab xb: an x-border tile through the vector loads, each run stored by its mask\n'
              f'{xbody}{indent}}} else')
    return t[:m.start()] + branch + ' ' + m.group(1).lstrip() + t[m.end():]


if __name__ == '__main__':
    main()
