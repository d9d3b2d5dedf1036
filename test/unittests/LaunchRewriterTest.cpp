//===- LaunchRewriterTest.cpp - rewriteLaunches / rewriteForEmulation -----===//

#include "loopgpu/LaunchRewriter.h"

#include <gtest/gtest.h>

#include <algorithm>

using loopgpu_emu::rewriteForEmulation;
using loopgpu_emu::rewriteLaunches;
using loopgpu_emu::RewriteOptions;
using loopgpu_emu::RewriteResult;

namespace {

size_t lines(const std::string &S) { return std::count(S.begin(), S.end(), '\n'); }

TEST(LaunchRewriterTest, SimpleLaunch) {
  EXPECT_EQ(rewriteLaunches("k<<<g, b>>>(x, y);"),
            "::loopgpu_emu::launch(k, g, b, 0, x, y);");
  EXPECT_EQ(rewriteLaunches("  k <<< g , b >>> ( x ) ;"),
            "  ::loopgpu_emu::launch(k, g, b, 0, x) ;");
}

TEST(LaunchRewriterTest, NoArguments) {
  EXPECT_EQ(rewriteLaunches("k<<<1, 1>>>();"), "::loopgpu_emu::launch(k, 1, 1, 0);");
}

TEST(LaunchRewriterTest, SharedBytesAndStream) {
  EXPECT_EQ(rewriteLaunches("k<<<g, b, 0, 0>>>(a);"), "::loopgpu_emu::launch(k, g, b, 0, a);");
  EXPECT_EQ(rewriteLaunches("k<<<g, b, bytes>>>(a);"),
            "::loopgpu_emu::launch(k, g, b, bytes, a);");
  EXPECT_EQ(rewriteLaunches("k<<<g, b, n * sizeof(float), stream>>>(a);"),
            "::loopgpu_emu::launch(k, g, b, n * sizeof(float), a);");
}

TEST(LaunchRewriterTest, NestedParentheses) {
  EXPECT_EQ(rewriteLaunches("k<<<dim3((n + 15) / 16, (m + 15) / 16), dim3(16, 16)>>>"
                            "(f(a, b), c[(i)], (d, e));"),
            "::loopgpu_emu::launch(k, dim3((n + 15) / 16, (m + 15) / 16), dim3(16, 16), 0, "
            "f(a, b), c[(i)], (d, e));");
  EXPECT_EQ(rewriteLaunches("k<<<g, b>>>([&](int q) { return g(q, \")\"); }(1), s);"),
            "::loopgpu_emu::launch(k, g, b, 0, [&](int q) { return g(q, \")\"); }(1), s);");
}

TEST(LaunchRewriterTest, TemplateKernels) {
  EXPECT_EQ(rewriteLaunches("k<T><<<g, b>>>(p);"), "::loopgpu_emu::launch(k<T>, g, b, 0, p);");
  EXPECT_EQ(rewriteLaunches("k<float, 4><<<g, b>>>(p);"),
            "::loopgpu_emu::launch(k<float, 4>, g, b, 0, p);");
  EXPECT_EQ(rewriteLaunches("ns::k<std::pair<int, int>><<<g, b>>>(p);"),
            "::loopgpu_emu::launch(ns::k<std::pair<int, int>>, g, b, 0, p);");
  EXPECT_EQ(rewriteLaunches("::outer::Holder<int>::k<(N > 2)><<<g, b>>>(p);"),
            "::loopgpu_emu::launch(::outer::Holder<int>::k<(N > 2)>, g, b, 0, p);");
  EXPECT_EQ(rewriteLaunches("(*fp)<<<g, b>>>(p);"), "::loopgpu_emu::launch((*fp), g, b, 0, p);");
}

TEST(LaunchRewriterTest, TemplatesAndShiftsInConfiguration) {
  EXPECT_EQ(rewriteLaunches("k<<<grid_for<4, 8>(n), b>>>(x);"),
            "::loopgpu_emu::launch(k, grid_for<4, 8>(n), b, 0, x);");
  EXPECT_EQ(rewriteLaunches("k<<<g, std::max<int>(1, n)>>>(x);"),
            "::loopgpu_emu::launch(k, g, std::max<int>(1, n), 0, x);");
  EXPECT_EQ(rewriteLaunches("k<<<g, block<int>>>>(x);"),
            "::loopgpu_emu::launch(k, g, block<int>, 0, x);");
  EXPECT_EQ(rewriteLaunches("k<<<n >> 5, 1 << 5>>>(x);"),
            "::loopgpu_emu::launch(k, n >> 5, 1 << 5, 0, x);");
  EXPECT_EQ(rewriteLaunches("k<<<(n>>5), 32>>>(x);"),
            "::loopgpu_emu::launch(k, (n>>5), 32, 0, x);");
  EXPECT_EQ(rewriteLaunches("k<<<n < 4 ? 1 : 2, b>>>(x);"),
            "::loopgpu_emu::launch(k, n < 4 ? 1 : 2, b, 0, x);");
  EXPECT_EQ(rewriteLaunches("k<<<1'024, 0x1'0>>>(x);"),
            "::loopgpu_emu::launch(k, 1'024, 0x1'0, 0, x);");
}

TEST(LaunchRewriterTest, CommentsAndStringsUntouched) {
  const char *Source = "// k<<<a, b>>>(c);\n"
                       "/* k<<<1, 1>>>(); */\n"
                       "const char *s = \"k<<<1, 1>>>()\";\n"
                       "const char *r = R\"x(k<<<1, 1>>>() )\" )x\";\n"
                       "char c = '<'; char d = '\\'';\n"
                       "k<<<1, 1>>>(s); // k<<<2, 2>>>()\n";
  std::string Out = rewriteLaunches(Source);
  EXPECT_EQ(Out, "// k<<<a, b>>>(c);\n"
                 "/* k<<<1, 1>>>(); */\n"
                 "const char *s = \"k<<<1, 1>>>()\";\n"
                 "const char *r = R\"x(k<<<1, 1>>>() )\" )x\";\n"
                 "char c = '<'; char d = '\\'';\n"
                 "::loopgpu_emu::launch(k, 1, 1, 0, s); // k<<<2, 2>>>()\n");
}

TEST(LaunchRewriterTest, KeepsLineNumbers) {
  std::string Source = "void f() {\n"
                       "  kernel<<<dim3(a,\n"
                       "               b),\n"
                       "           block,\n"
                       "           0,\n"
                       "           0\n"
                       "  >>>\n"
                       "  (x,\n"
                       "   y);\n"
                       "  after();\n"
                       "}\n";
  std::string Out = rewriteLaunches(Source);
  EXPECT_EQ(lines(Out), lines(Source));
  // after() stays on line 10.
  size_t Line = 1 + std::count(Out.begin(), Out.begin() + Out.find("after"), '\n');
  EXPECT_EQ(Line, 10u);
  EXPECT_NE(Out.find("::loopgpu_emu::launch(kernel, dim3(a,\n               b), block, 0, x,\n"
                     "   y)"),
            std::string::npos);
}

TEST(LaunchRewriterTest, MacrosAndSeveralLaunches) {
  EXPECT_EQ(rewriteLaunches("#define RUN(n) k<<<n, 32>>>(p)\n"
                            "a<<<1, 2>>>(); b<<<3, 4>>>(5);\n"),
            "#define RUN(n) ::loopgpu_emu::launch(k, n, 32, 0, p)\n"
            "::loopgpu_emu::launch(a, 1, 2, 0); ::loopgpu_emu::launch(b, 3, 4, 0, 5);\n");
}

TEST(LaunchRewriterTest, NotLaunches) {
  std::string Source = "std::cout << a << b;\nx = operator<<<int>(s, 1);\n";
  EXPECT_EQ(rewriteLaunches(Source), Source);
}

TEST(LaunchRewriterTest, MalformedLaunchesAreReported) {
  RewriteResult R = rewriteForEmulation("int x;\nk<<<1, 1>>>;\n");
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(R.Errors[0].Line, 2u);
  EXPECT_NE(R.Errors[0].Message.find("expected '('"), std::string::npos);
  EXPECT_EQ(R.Text, "int x;\nk<<<1, 1>>>;\n");

  R = rewriteForEmulation("k<<<1>>>(x);");
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_NE(R.Errors[0].Message.find("2 to 4 parts"), std::string::npos);

  // A launch cannot follow a launch's result.
  R = rewriteForEmulation("k<<<1, 1>>>()<<<2, 2>>>();");
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_EQ(R.Text, "::loopgpu_emu::launch(k, 1, 1, 0)<<<2, 2>>>();");

  R = rewriteForEmulation("k<<<1, 2(x);");
  ASSERT_EQ(R.Errors.size(), 1u);
  EXPECT_NE(R.Errors[0].Message.find("no matching '>>>'"), std::string::npos);
  EXPECT_EQ(R.Errors[0].Column, 2u);
}

TEST(LaunchRewriterTest, SharedDeclarationsAreNoted) {
  std::string Source = "#define TILE 32\n"
                       "__shared__ int fileScope[4];\n"
                       "struct S { int x; };\n"
                       "__global__ void k(float *p) {\n"
                       "  __shared__ float As[TILE][TILE + 1];\n"
                       "  __shared__ __align__(16) float a[8], *q;\n"
                       "  extern __shared__ float dyn[];\n"
                       "  volatile __shared__ int flag;\n"
                       "  if (p) { __shared__ double d[2]; }\n"
                       "  k2<<<1, 1>>>(p); // __shared__ in a comment\n"
                       "}\n";
  RewriteResult R = rewriteForEmulation(Source);
  EXPECT_TRUE(R.Errors.empty());
  EXPECT_EQ(R.Launches, 1u);
  EXPECT_EQ(R.SharedNotes, 5u);
  EXPECT_EQ(R.Text, "#define TILE 32\n"
                    "__shared__ int fileScope[4];\n"
                    "struct S { int x; };\n"
                    "__global__ void k(float *p) {\n"
                    "  __shared__ float As[TILE][TILE + 1]; LOOPGPU_EMU_NOTE_SHARED(As);\n"
                    "  __shared__ __align__(16) float a[8], *q; LOOPGPU_EMU_NOTE_SHARED(a); "
                    "LOOPGPU_EMU_NOTE_SHARED(q);\n"
                    "  float *const dyn = static_cast<float *>(loopgpu_emu::detail::dynamicShared());\n"
                    "  volatile __shared__ int flag; LOOPGPU_EMU_NOTE_SHARED(flag);\n"
                    "  if (p) { __shared__ double d[2]; LOOPGPU_EMU_NOTE_SHARED(d); }\n"
                    "  ::loopgpu_emu::launch(k2, 1, 1, 0, p); // __shared__ in a comment\n"
                    "}\n");
  RewriteOptions NoNotes;
  NoNotes.NoteShared = false;
  EXPECT_EQ(rewriteForEmulation(Source, NoNotes).SharedNotes, 0u);
}

} // namespace
