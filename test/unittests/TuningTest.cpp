//===- TuningTest.cpp - The occupancy model, harness output, tuning cache -===//
//
// The static model's choices on whole nests are checked in lit
// (test/Tuning/static-model.c); here the pieces it and the measuring tuner
// rest on: sm_90 occupancy, the parsing of a harness's output (which decides
// what PASSes and how fast), and the cache file.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/TuningModel.h"
#include "loopgpu/Validate/Harness.h"
#include "loopgpu/Validate/Tuner.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace loopgpu;

namespace {

TEST(Occupancy, LimitedByThreadsRegistersOrSharedMemory) {
  // 1024 threads of 32 registers: 2 blocks fill the 2048 threads of an SM.
  Occupancy O = occupancySM90(1024, 32, 0);
  EXPECT_EQ(O.BlocksPerSM, 2);
  EXPECT_DOUBLE_EQ(O.Fraction, 1.0);
  EXPECT_EQ(O.Limiter, "threads");
  // 256 threads of 64 registers: 16384 per block, 4 blocks in 65536.
  O = occupancySM90(256, 64, 0);
  EXPECT_EQ(O.BlocksPerSM, 4);
  EXPECT_DOUBLE_EQ(O.Fraction, 0.5);
  EXPECT_EQ(O.Limiter, "registers");
  // Registers are allocated per warp in units of 256: 33 count as 40.
  EXPECT_EQ(occupancySM90(256, 33, 0).BlocksPerSM, 6);
  // 100 KiB of shared memory (+1 KiB reserved) per block: 2 in 228 KiB.
  O = occupancySM90(128, 32, 100 * 1024);
  EXPECT_EQ(O.BlocksPerSM, 2);
  EXPECT_EQ(O.Limiter, "shared memory");
  // Tiny blocks: at most 32 per SM.
  O = occupancySM90(32, 16, 0);
  EXPECT_EQ(O.BlocksPerSM, 32);
  EXPECT_EQ(O.Limiter, "blocks");
  EXPECT_DOUBLE_EQ(O.Fraction, 0.5);
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

} // namespace
