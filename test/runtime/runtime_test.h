// Host-side helpers of the runtime tests. Every test .cu file is compiled
// twice: by nvcc -arch=sm_90 -c (real CUDA: is the source valid?) and, after
// loopgpu-emu-rewrite, as C++ with loopgpu/cuda_emulation.h (run on the CPU).
//
// Options of every test program:
//   --schedules S1,S2,...  run under each schedule (emulation only; "default"
//                          keeps LOOPGPU_EMU_SCHEDULE), default: "default"
//   --expect-mismatch      the kernel is broken on purpose: pass only if every
//                          schedule produces wrong results
#ifndef LOOPGPU_RUNTIME_TEST_H
#define LOOPGPU_RUNTIME_TEST_H

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CUDA_CHECK(call)                                                                   \
  do {                                                                                     \
    cudaError_t check_error_ = (call);                                                     \
    if (check_error_ != cudaSuccess) {                                                     \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,            \
                   cudaGetErrorString(check_error_));                                      \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

static int test_failures = 0;

#define EXPECT(cond)                                                                       \
  do {                                                                                     \
    if (!(cond)) {                                                                         \
      std::fprintf(stderr, "%s:%d: expectation failed: %s\n", __FILE__, __LINE__, #cond);  \
      ++test_failures;                                                                     \
    }                                                                                      \
  } while (0)

struct TestOptions {
  std::vector<std::string> schedules{"default"};
  bool expectMismatch = false;
};

inline TestOptions parseTestOptions(int argc, char **argv) {
  TestOptions o;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--expect-mismatch")) {
      o.expectMismatch = true;
    } else if (!std::strcmp(argv[i], "--schedules") && i + 1 < argc) {
      o.schedules.clear();
      std::string list = argv[++i];
      size_t start = 0;
      for (;;) {
        size_t comma = list.find(',', start);
        o.schedules.push_back(list.substr(start, comma - start));
        if (comma == std::string::npos)
          break;
        start = comma + 1;
      }
    } else {
      std::fprintf(stderr, "usage: %s [--schedules S1,S2,...] [--expect-mismatch]\n", argv[0]);
      std::exit(2);
    }
  }
  return o;
}

/// Makes S the schedule of the following launches; returns its name.
inline std::string useSchedule(const std::string &s) {
#ifdef LOOPGPU_CUDA_EMULATION
  if (s != "default" && !loopgpu_emu::setSchedule(s.c_str())) {
    std::fprintf(stderr, "unknown schedule '%s'\n", s.c_str());
    std::exit(2);
  }
  return loopgpu_emu::scheduleName();
#else
  return s;
#endif
}

/// Records the outcome of one run: with --expect-mismatch a run must have
/// mismatches, otherwise none.
inline void checkRun(const TestOptions &o, const char *what, const std::string &schedule,
                     long mismatches) {
  bool ok = o.expectMismatch ? mismatches > 0 : mismatches == 0;
  std::printf("  %-34s schedule %-22s %6ld mismatches%s\n", what, schedule.c_str(),
              mismatches, ok ? "" : (o.expectMismatch ? "  <- race not exposed" : "  <- WRONG"));
  if (!ok)
    ++test_failures;
}

inline int finishTest(const char *name) {
  if (test_failures) {
    std::printf("FAIL: %s (%d failed check(s))\n", name, test_failures);
    return 1;
  }
  std::printf("PASS: %s\n", name);
  return 0;
}

inline double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

#endif // LOOPGPU_RUNTIME_TEST_H
