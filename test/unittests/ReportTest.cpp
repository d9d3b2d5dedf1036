//===- ReportTest.cpp - The pieces of -emit=report -------------------------===//
//
// The page itself is checked in lit (test/Report, in headless Chromium);
// here what it rests on: escaping, the CUDA-to-source line links, and the
// parsing of a validation harness's output.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Report/HTMLReport.h"
#include "loopgpu/Validate/Harness.h"

#include <gtest/gtest.h>

using namespace loopgpu;

namespace {

TEST(HTMLReport, EscapesMarkupAndQuotes) {
  EXPECT_EQ(escapeHTML("a < b && c > \"d\" 'e'"), "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39;");
  EXPECT_EQ(escapeHTML("</pre><script>"), "&lt;/pre&gt;&lt;script&gt;");
}

TEST(HTMLReport, CudaLinesLinkToTheSourceLinesTheirCommentsName) {
  const char *Cuda = "// nest 0 of f (dir/f.c:13):\n"   // 1: file:line
                     "x = y; // line 18\n"               // 2
                     "int line = 5; // no reference\n"   // 3: not in the comment
                     "// loop i (line 14, parallel)\n"   // 4
                     "// line 99: past the end\n"        // 5
                     "// pipeline 7\n";                  // 6: a word ending in 'line'
  std::map<unsigned, unsigned> Links = cudaLinesToSource(Cuda, "dir/f.c", 20);
  std::map<unsigned, unsigned> Want = {{1, 13}, {2, 18}, {4, 14}};
  EXPECT_EQ(Links, Want);
}

TEST(HarnessOutcome, ChecksTimesAndVerdictAreParsed) {
  HarnessOutcome O = parseHarnessOutput("validating f with n=37 (seed 1)\n"
                                        "PASS f: C (1961 elements)\n"
                                        "FAIL f: D: 3 of 10 elements differ; worst at index 2\n"
                                        "time f: kernels alone (median of 10) 0.607 ms\n"
                                        "tolerance f: reduction code\n"
                                        "FAIL\n");
  EXPECT_EQ(O.Sizes, "f with n=37 (seed 1)");
  ASSERT_EQ(O.Checks.size(), 2u);
  EXPECT_EQ(O.Checks[0].Status, "PASS");
  EXPECT_EQ(O.Checks[0].What, "f: C");
  EXPECT_EQ(O.Checks[0].Detail, "(1961 elements)");
  EXPECT_EQ(O.Checks[1].Status, "FAIL");
  EXPECT_EQ(O.Checks[1].What, "f: D");
  EXPECT_EQ(O.Checks[1].Detail, "3 of 10 elements differ; worst at index 2");
  ASSERT_EQ(O.Times.size(), 1u);
  EXPECT_EQ(O.Times[0], "f: kernels alone (median of 10) 0.607 ms");
  ASSERT_EQ(O.Other.size(), 1u);
  EXPECT_FALSE(O.Passed);
  EXPECT_TRUE(parseHarnessOutput("PASS f: C (1 elements)\nPASS\n").Passed);
}

} // namespace
