# Hand variants of the generated PolyBench gemm (double) for run 34: mma.sync m16n8k16 (sm_90)
# instead of m16n8k8, and the A tile's row stride 18 instead of 24.
import re, sys
src = open(sys.argv[1]).read()
out = sys.argv[2]
stride = int(sys.argv[3]) if len(sys.argv) > 3 else 24
helper = r'''
__device__ inline void loopgpu_dmma_m16n8k16(double &d0, double &d1, double &d2, double &d3, const double (&a)[8], const double (&b)[4]) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15}, {%0, %1, %2, %3};"
               : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
               : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
}
'''
i = src.index('__global__')
src = src[:i] + helper + src[i:]
n0 = src.count('loopgpu_ks += 8')
src = src.replace('loopgpu_ks < 16; loopgpu_ks += 8', 'loopgpu_ks < 16; loopgpu_ks += 16')
src = src.replace('double loopgpu_row[4][2], loopgpu_col[4][2];', 'double loopgpu_row[4][4], loopgpu_col[4][4];')
src = src.replace('loopgpu_h < 2; ++loopgpu_h', 'loopgpu_h < 4; ++loopgpu_h')
src = src.replace('2 * (loopgpu_tid % 4) + loopgpu_h;', '4 * (loopgpu_tid % 4) + loopgpu_h;')
pat = re.compile(r'loopgpu_dmma_m16n8k8\((C_i_j\[[^\]]*\]\[[^\]]*\]), (C_i_j\[[^\]]*\]\[[^\]]*\]), (C_i_j\[[^\]]*\]\[[^\]]*\]), (C_i_j\[[^\]]*\]\[[^\]]*\]),\s*loopgpu_row[^;]*;')
def rep(m):
    return ('{ const double loopgpu_a[8] = {loopgpu_row[2 * loopgpu_m][0], loopgpu_row[2 * loopgpu_m + 1][0], loopgpu_row[2 * loopgpu_m][1], loopgpu_row[2 * loopgpu_m + 1][1], '
            'loopgpu_row[2 * loopgpu_m][2], loopgpu_row[2 * loopgpu_m + 1][2], loopgpu_row[2 * loopgpu_m][3], loopgpu_row[2 * loopgpu_m + 1][3]}; '
            'loopgpu_dmma_m16n8k16(%s, %s, %s, %s, loopgpu_a, loopgpu_col[loopgpu_n]); }' % m.groups())
src, n1 = pat.subn(rep, src)
assert n0 == n1 and n0 > 0, (n0, n1)
if stride != 24:
    a_bytes = 4 * 96 * stride * 8
    total = a_bytes + 4 * 16 * 66 * 8
    src = src.replace('[96][24]', '[96][%d]' % stride).replace('loopgpu_sh_A)[24]', 'loopgpu_sh_A)[%d]' % stride)
    src = src.replace('loopgpu_smem + 73728', 'loopgpu_smem + %d' % a_bytes).replace('107520', str(total))
open(out, 'w').write(src)
print(out, n1, 'strips')
