//===- CudaNamesTest.cpp - How C names are spelled in the CUDA -------------===//
#include "loopgpu/CodeGen/CudaNames.h"

#include <gtest/gtest.h>

using namespace loopgpu;

TEST(CudaNamesTest, ReservedNamesGetThePrefix) {
  CudaNames Names("#include <math.h>\n");
  for (const char *N : {"new", "class", "this", "template", "bool", "true", "threadIdx", "warpSize", "dim3",
                        "float4", "make_int2", "atomicAdd", "cudaMalloc", "loopgpu_x", "LOOPGPU_CHECK", "std",
                        "min", "max", "umax", "norm", "rnorm3d", "sinpi", "erfinvf", "normcdf"})
    EXPECT_EQ(Names.spell(N), std::string("loopgpu_c_") + N) << N;
  // Not reserved: C's own functions (the input calls the C library's), and
  // names CUDA does not declare.
  for (const char *N : {"grid", "block", "x", "atomic_int", "cuda", "float5", "wchar_t", "final", "fmaxf", "sqrt",
                        "exp10", "sincos", "minimum", "maxval"})
    EXPECT_EQ(Names.spell(N), N) << N;
  EXPECT_EQ(Names.spell("restrict"), "__restrict__");
  EXPECT_EQ(Names.spell("_Bool"), "bool");
  // Idempotent: a CUDA spelling stays as it is.
  EXPECT_EQ(Names.spell(Names.spell("new")), "loopgpu_c_new");
  EXPECT_EQ(CudaNames::cName(Names.spell("new")), "new");
}

TEST(CudaNamesTest, HeaderMacrosAreNotRenamed) {
  CudaNames Names("#include <stdbool.h>\n#  include <iso646.h>\n");
  for (const char *N : {"bool", "true", "false", "and", "not_eq"})
    EXPECT_EQ(Names.spell(N), N) << N;
  EXPECT_EQ(Names.spell("new"), "loopgpu_c_new");
}

TEST(CudaNamesTest, RewriteRenamesIdentifiersOnly) {
  CudaNames Names("");
  EXPECT_EQ(Names.rewrite("int new = 1e+5f + 0x1Fu; // new\n"
                          "const char *s = \"new \\\" class\"; char c = '\\'';\n"
                          "#include <new>\n"
                          "#define this 2\n"
                          "/* class */ float *restrict class_ = &class;\n"),
            "int loopgpu_c_new = 1e+5f + 0x1Fu; // new\n"
            "const char *s = \"new \\\" class\"; char c = '\\'';\n"
            "#include <new>\n"
            "#define loopgpu_c_this 2\n"
            "/* class */ float *__restrict__ class_ = &loopgpu_c_class;\n");
}
