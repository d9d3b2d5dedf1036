//===- TuningTest.cpp - The occupancy model, harness output, tuning cache -===//
//
// The static model's choices on whole nests are checked in lit
// (test/Tuning/static-model.c); here the pieces it and the measuring tuner
// rest on: sm_90 occupancy, the grid it counts from the sizes, the parsing of
// a harness's output (which decides what PASSes and how fast), and the cache
// file.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/Tune/TuningModel.h"
#include "loopgpu/Frontend/Frontend.h"
#include "loopgpu/Validate/Harness.h"
#include "loopgpu/Tune/Tuner.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace loopgpu;

namespace {

TEST(Occupancy, LimitedByThreadsRegistersOrSharedMemory) {
  // 1024 threads of 32 registers: 2 blocks fill the 2048 threads of an SM.
  Occupancy O = occupancy(gpuTarget("sm_90"), 1024, 32, 0);
  EXPECT_EQ(O.BlocksPerSM, 2);
  EXPECT_DOUBLE_EQ(O.Fraction, 1.0);
  EXPECT_EQ(O.Limiter, "threads");
  // 256 threads of 64 registers: 16384 per block, 4 blocks in 65536.
  O = occupancy(gpuTarget("sm_90"), 256, 64, 0);
  EXPECT_EQ(O.BlocksPerSM, 4);
  EXPECT_DOUBLE_EQ(O.Fraction, 0.5);
  EXPECT_EQ(O.Limiter, "registers");
  // Registers are allocated per warp in units of 256: 33 count as 40.
  EXPECT_EQ(occupancy(gpuTarget("sm_90"), 256, 33, 0).BlocksPerSM, 6);
  // 100 KiB of shared memory (+1 KiB reserved) per block: 2 in 228 KiB.
  O = occupancy(gpuTarget("sm_90"), 128, 32, 100 * 1024);
  EXPECT_EQ(O.BlocksPerSM, 2);
  EXPECT_EQ(O.Limiter, "shared memory");
  // Tiny blocks: at most 32 per SM.
  O = occupancy(gpuTarget("sm_90"), 32, 16, 0);
  EXPECT_EQ(O.BlocksPerSM, 32);
  EXPECT_EQ(O.Limiter, "blocks");
  EXPECT_DOUBLE_EQ(O.Fraction, 0.5);
}

TEST(Occupancy, FollowsTheTarget) {
  // sm_86: 1536 threads and 16 blocks per SM, 100 KiB of shared memory.
  GPUTarget Ampere = gpuTarget("sm_86");
  EXPECT_EQ(occupancy(Ampere, 1024, 32, 0).BlocksPerSM, 1);
  EXPECT_EQ(occupancy(Ampere, 32, 16, 0).BlocksPerSM, 16);
  EXPECT_EQ(occupancy(Ampere, 128, 32, 40 * 1024).BlocksPerSM, 2);
  EXPECT_DOUBLE_EQ(occupancy(Ampere, 512, 32, 0).Fraction, 1.0);
  // The tensor cores' stage budget leaves room for two blocks per SM.
  EXPECT_EQ(mmaSharedBudget("sm_90"), 113 * 1024);
  EXPECT_EQ(mmaSharedBudget("sm_80"), 81 * 1024);
  EXPECT_FALSE(gpuTarget("sm_75").FP64TensorCores);
  EXPECT_TRUE(gpuTarget("sm_80").FP64TensorCores);
  // The stencil pencil's threshold: the H100's 132 SMs, 8 blocks of 256
  // threads each, 4096 iterations per block.
  EXPECT_EQ(pencilMinIterations(gpuTarget("sm_90")), 132 * 8 * 4096);
  EXPECT_EQ(pencilMinIterations(gpuTarget("sm_80")), 108 * 8 * 4096);
}

/// The static model's choice for the first nest of Code, with Params known.
TuningChoice chooseFor(const std::string &Code, std::map<std::string, int64_t> Params = {}) {
  TuningChoice Choice;
  TuningRequest R;
  R.Params = std::move(Params);
  FrontendStatus Status = runFrontendOnCode(Code, "input.c", {}, [&](Program &P, DiagnosticSink &Diag) {
    ASSERT_FALSE(P.Nests.empty());
    Nest &N = P.Nests[0];
    DependenceInfo DI = analyzeDependences(N);
    ASSERT_TRUE(transformForGPU(N, DI, Diag));
    Choice = chooseStatically(N, DI, R);
  });
  EXPECT_EQ(Status, FrontendStatus::Success);
  return Choice;
}

bool contains(const std::string &S, const std::string &Part) { return S.find(Part) != std::string::npos; }

const char *const Matmul = R"(
void mm(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m],
        float C[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
)";

TEST(StaticModel, RegisterTileShrinksUntilTheGridFillsTheGPU) {
  // 4096^3: 8x8 outputs per thread, 128x128 per block, 1024 blocks.
  TuningChoice C = chooseFor(Matmul, {{"n", 4096}, {"m", 4096}, {"p", 4096}});
  EXPECT_EQ(C.Config, (TuningConfig{{16, 16}, {8, 8}, true}));
  EXPECT_TRUE(contains(C.Reason, "; 1024 blocks for 132 SMs at n=4096, m=4096")) << C.Reason;
  // 1024^3: that tile gives 64 blocks; 4x4 outputs give 256.
  C = chooseFor(Matmul, {{"n", 1024}, {"m", 1024}, {"p", 1024}});
  EXPECT_EQ(C.Config, (TuningConfig{{16, 16}, {4, 4}, true}));
  EXPECT_TRUE(contains(C.Reason, "; 256 blocks for 132 SMs at n=1024, m=1024 (-tile 16,16 -coarsen 8,8 would "
                                 "give only 64, fewer than 2 per SM: smaller tiles)"))
      << C.Reason;
  // A 1024 x 4096 result: 256 blocks with 8x8 already.
  C = chooseFor(Matmul, {{"n", 1024}, {"m", 4096}, {"p", 1024}});
  EXPECT_EQ(C.Config, (TuningConfig{{16, 16}, {8, 8}, true}));
}

TEST(StaticModel, UnknownSizesAssumeALargeProblem) {
  TuningChoice C = chooseFor(Matmul);
  EXPECT_EQ(C.Config, (TuningConfig{{16, 16}, {8, 8}, true}));
  EXPECT_TRUE(contains(C.Reason, "; sizes unknown (no --param for n, m): assumes a large problem; pass --param "
                                 "to size the grid"))
      << C.Reason;
  // One of the two sizes is not enough; p does not shape the grid.
  C = chooseFor(Matmul, {{"n", 64}, {"p", 64}});
  EXPECT_EQ(C.Config, (TuningConfig{{16, 16}, {8, 8}, true}));
  EXPECT_TRUE(contains(C.Reason, "sizes unknown (no --param for m)")) << C.Reason;
  // A bound that depends on a host loop's iterator (t carries a dependence
  // of distance (1, -1): it cannot move inside).
  C = chooseFor(R"(
void shrink(int T, int n, float y[restrict T + 1][n + 1]) {
#pragma loopgpu
  for (int t = 0; t < T; t++)
    for (int i = 0; i < n - t; i++)
      y[t + 1][i] = 0.5f * y[t][i + 1];
}
)",
                {{"T", 10}, {"n", 1 << 20}});
  EXPECT_TRUE(contains(C.Reason, "sizes unknown (the bounds depend on loop iterators)")) << C.Reason;
}

TEST(StaticModel, SmallGridTakesTheMostBlocks) {
  const char *Scale = R"(
void scale(int n, float a, float *restrict x) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    x[i] = a * x[i];
}
)";
  // 2^24 elements: 256 threads with 4 each fill the GPU.
  TuningChoice C = chooseFor(Scale, {{"n", 1 << 24}});
  EXPECT_EQ(C.Config, (TuningConfig{{256}, {4}, true}));
  // 5000: no configuration fills 132 SMs; one warp per block gives 157.
  C = chooseFor(Scale, {{"n", 5000}});
  EXPECT_EQ(C.Config, (TuningConfig{{32}, {}, true}));
  EXPECT_TRUE(contains(C.Reason, "only 157 blocks for 132 SMs at n=5000: no candidate fills the GPU")) << C.Reason;
}

TEST(TuningConfig, FlagsAreCommandLineOptions) {
  EXPECT_EQ((TuningConfig{{16, 16}, {4, 4}, true}).flags(), "-tile 16,16 -coarsen 4,4");
  EXPECT_EQ((TuningConfig{{1024}, {}, true}).flags(), "-tile 1024");
  EXPECT_EQ((TuningConfig{{8, 32}, {4}, false}).flags(), "-tile 8,32 -coarsen 4 -shared-staging=false");
  EXPECT_EQ(TuningConfig().flags(), "the default mapping");
}

TEST(HarnessOutput, PassedKernelTimesAreSummed) {
  EXPECT_EQ(passedKernelMs("PASS f: y (10 elements)\n"
                           "time f: kernels alone (median of 10) 1.250 ms\n"
                           "time g: kernels alone (median of 10) 0.500 ms\n"
                           "PASS\n"),
            1.75);
  // FAIL anywhere at the end, or no time: not a result.
  EXPECT_FALSE(passedKernelMs("time f: kernels alone (median of 10) 1.000 ms\nFAIL\n"));
  EXPECT_FALSE(passedKernelMs("PASS\n"));
  EXPECT_FALSE(passedKernelMs(""));
  EXPECT_FALSE(passedKernelMs("time f: kernels alone (median of 10) x ms\nPASS\n"));
}

class TuneCache : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("loopgpu-tune-test", Dir));
    Path = std::string(Dir) + "/sub/tune.json";
    P.File = "x.c";
    P.Nests.emplace_back();
    P.Nests.back().Loc.Line = 12;
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  llvm::SmallString<128> Dir;
  std::string Path;
  Program P;
  CollectingDiagnostics Diags;
};

TEST_F(TuneCache, StoredResultsAreFoundByKey) {
  EXPECT_FALSE(lookupTuneCache(Path, "k1", 1)); // no file yet
  TuneResult R;
  R.Nests = {{{16, 16}, {4, 4}, false}};
  R.Ms = 2.5;
  R.Candidates = 9;
  R.Passed = 8;
  ASSERT_TRUE(storeTuneCache(Path, "k1", P, R, "Some GPU", Diags)); // creates sub/
  R.Nests = {{{256}, {}, true}};
  ASSERT_TRUE(storeTuneCache(Path, "k2", P, R, "Some GPU", Diags)); // keeps k1
  std::optional<TuneResult> Got = lookupTuneCache(Path, "k1", 1);
  ASSERT_TRUE(Got);
  EXPECT_EQ(Got->Nests[0], (TuningConfig{{16, 16}, {4, 4}, false}));
  EXPECT_EQ(Got->Ms, 2.5);
  EXPECT_EQ(Got->Candidates, 9u);
  EXPECT_EQ(Got->Passed, 8u);
  Got = lookupTuneCache(Path, "k2", 1);
  ASSERT_TRUE(Got);
  EXPECT_EQ(Got->Nests[0], (TuningConfig{{256}, {}, true}));
  EXPECT_FALSE(lookupTuneCache(Path, "k3", 1));
  EXPECT_FALSE(lookupTuneCache(Path, "k1", 2)); // another number of nests
  EXPECT_TRUE(Diags.Messages.empty());
}

TEST_F(TuneCache, MalformedFileIsEmptyAndReplaced) {
  ASSERT_FALSE(llvm::sys::fs::create_directories(std::string(Dir) + "/sub"));
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << "{ not json";
  }
  EXPECT_FALSE(lookupTuneCache(Path, "k1", 1));
  TuneResult R;
  R.Nests = {{{32}, {2}, true}};
  ASSERT_TRUE(storeTuneCache(Path, "k1", P, R, "GPU", Diags));
  EXPECT_TRUE(lookupTuneCache(Path, "k1", 1));
}

TEST(TuneProgress, PlainLinesNameTheBestSoFar) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  TuneProgress P(OS, 3, /*Terminal=*/false);
  P.start(1, "-tile 8,32 -coarsen 4");
  P.passed(2.5);
  P.start(2, "-tile 8,32 -coarsen 8");
  P.other("FAIL or no time (not kept; see out.txt)");
  P.start(3, "-tile 8,32 -coarsen 2");
  P.passed(3.25);
  P.finish();
  EXPECT_EQ(OS.str(), "[1/3] -tile 8,32 -coarsen 4: 2.500 ms, the best so far\n"
                      "[2/3] -tile 8,32 -coarsen 8: FAIL or no time (not kept; see out.txt)\n"
                      "[3/3] -tile 8,32 -coarsen 2: 3.250 ms; best so far -tile 8,32 -coarsen 4 (2.500 ms)\n");
}

TEST(TuneProgress, TerminalRewritesOneLine) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  TuneProgress P(OS, 2, /*Terminal=*/true, /*Columns=*/80);
  P.start(1, "-tile 32");
  P.passed(1.5);
  P.start(2, "-tile 64");
  P.other("FAIL");
  P.finish();
  const std::string Clear = "\r\x1b[K";
  EXPECT_EQ(OS.str(), Clear + "candidate 1 of 2: -tile 32 | best so far none yet" +
                          Clear + "candidate 1 of 2: -tile 32 1.500 ms | best so far -tile 32 (1.500 ms)" +
                          Clear + "candidate 2 of 2: -tile 64 | best so far -tile 32 (1.500 ms)" +
                          Clear + "[2/2] -tile 64: FAIL\n" +
                          Clear + "measured 2 candidates, 1 PASS; best -tile 32 (1.500 ms)\n");
  // A status line longer than the terminal is cut, so that it never wraps.
  std::string Long;
  llvm::raw_string_ostream LongOS(Long);
  TuneProgress Narrow(LongOS, 1, /*Terminal=*/true, /*Columns=*/20);
  Narrow.start(1, "-tile 16,16 -coarsen 8,8");
  EXPECT_EQ(LongOS.str(), Clear + "candidate 1 of 1: -");
}

} // namespace
