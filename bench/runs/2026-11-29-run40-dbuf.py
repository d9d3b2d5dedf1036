import sys
src, dst = sys.argv[1], sys.argv[2]
s = open(src).read()
a = s.index('      int loopgpu_rd = 0, loopgpu_wr = 2;')
b = s.index("        loopgpu_wr = loopgpu_wr == 2 ? 0 : loopgpu_wr + 1;\n      }\n", a) + len("        loopgpu_wr = loopgpu_wr == 2 ? 0 : loopgpu_wr + 1;\n      }\n")
copies = s[s.index('        if (loopgpu_s + 2 < loopgpu_strips) {', a): s.index('        loopgpu_cp_async_commit();\n        double (*const loopgpu_sh_A)', a)]
load = lambda F, stage, ks: f'''        #pragma unroll
        for (int loopgpu_h = 0; loopgpu_h < 2; ++loopgpu_h) {{
          const int loopgpu_k = {ks} + 2 * (loopgpu_tid % 4) + loopgpu_h;
          #pragma unroll
          for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0)
            {F}_row[loopgpu_c0][loopgpu_h] = alpha * loopgpu_stages_A[{stage}][loopgpu_off4 + (loopgpu_c0 / 2) * 16 + (loopgpu_c0 % 2) * 8][loopgpu_k];
          #pragma unroll
          for (int loopgpu_n = 0; loopgpu_n < 4; ++loopgpu_n)
            {F}_col[loopgpu_n][loopgpu_h] = loopgpu_stages_B[{stage}][loopgpu_k][((loopgpu_tid / 32) / 2) * 32 + (loopgpu_tid % 32) / 4 + loopgpu_n * 8];
        }}
'''
mma = lambda F: f'''        #pragma unroll
        for (int loopgpu_m = 0; loopgpu_m < 4; ++loopgpu_m) {{
          #pragma unroll
          for (int loopgpu_n = 0; loopgpu_n < 4; ++loopgpu_n)
            loopgpu_dmma_m16n8k8(C_i_j[2 * loopgpu_m][2 * loopgpu_n], C_i_j[2 * loopgpu_m][2 * loopgpu_n + 1], C_i_j[2 * loopgpu_m + 1][2 * loopgpu_n], C_i_j[2 * loopgpu_m + 1][2 * loopgpu_n + 1],
                                 {F}_row[2 * loopgpu_m][0], {F}_row[2 * loopgpu_m + 1][0], {F}_row[2 * loopgpu_m][1], {F}_row[2 * loopgpu_m + 1][1],
                                 {F}_col[loopgpu_n][0], {F}_col[loopgpu_n][1]);
        }}
'''
new = '''      // EXPERIMENT: fragments double-buffered in registers; the barrier between a strip's two halves
      int loopgpu_rd = 0, loopgpu_wr = 2;
      double F0_row[8][2], F0_col[4][2], F1_row[8][2], F1_col[4][2];
      loopgpu_cp_async_wait<1>();
      __syncthreads();
      if (loopgpu_strips > 0) {
''' + load('F0', '0', '0') + '''      }
      for (int loopgpu_s = 0; loopgpu_s < loopgpu_strips; ++loopgpu_s) {
''' + copies + '''        loopgpu_cp_async_commit();
''' + load('F1', 'loopgpu_rd', '8') + mma('F0') + '''        loopgpu_cp_async_wait<1>(); // strip s + 1 is in (this thread's copies)
        __syncthreads(); // every thread's are; every warp is done with strip s - 1's stage... and s's first half
        loopgpu_rd = loopgpu_rd == 2 ? 0 : loopgpu_rd + 1;
        loopgpu_wr = loopgpu_wr == 2 ? 0 : loopgpu_wr + 1;
        if (loopgpu_s + 1 < loopgpu_strips) {
''' + load('F0', 'loopgpu_rd', '0') + '''        }
''' + mma('F1') + '''      }
'''
open(dst, 'w').write(s[:a] + new + s[b:])
