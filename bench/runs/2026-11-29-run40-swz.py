import sys, re
src, dst, G = sys.argv[1], sys.argv[2], int(sys.argv[3])
s = open(src).read()
i = s.index('kernel_gemm_nest0_kernel2_exact(')
j = s.index('const int loopgpu_tile4 = blockIdx.y;', i)
k = s.index('const int loopgpu_tile3 = blockIdx.x;', j)
s = (s[:j] + f'''const int loopgpu_lin = blockIdx.y * gridDim.x + blockIdx.x; // grouped rasterization (experiment): {G} rows of tiles at a time
    const int loopgpu_per = {G} * gridDim.x, loopgpu_first = loopgpu_lin / loopgpu_per * {G};
    const int loopgpu_rows = min({G}, (int)gridDim.y - loopgpu_first);
    const int loopgpu_tile4 = loopgpu_first + (loopgpu_lin % loopgpu_per) % loopgpu_rows;''' + s[j+len('const int loopgpu_tile4 = blockIdx.y;'):k]
     + 'const int loopgpu_tile3 = (loopgpu_lin % loopgpu_per) / loopgpu_rows;' + s[k+len('const int loopgpu_tile3 = blockIdx.x;'):])
open(dst, 'w').write(s)
