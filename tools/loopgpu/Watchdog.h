//===- Watchdog.h - A time limit on loopgpu's own work -----------*- C++ -*-===//
//
// Some inputs make Clang's parser or an analysis run without end (Clang 19
// hangs on `int x = (::;`). -time-limit bounds the run: past it, a thread
// prints which phase was running and ends the process with exit status 1.
// The phase is a static string the driver sets as it goes.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TOOLS_WATCHDOG_H
#define LOOPGPU_TOOLS_WATCHDOG_H

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace loopgpu {

class Watchdog {
public:
  ~Watchdog() { stop(); }

  /// What the run is doing, for the message (a string literal).
  static void phase(const char *What) { Phase.store(What); }

  /// Starts the clock; 0 seconds: no limit.
  void start(unsigned Seconds) {
    if (!Seconds)
      return;
    Thread = std::thread([this, Seconds] {
      std::unique_lock<std::mutex> Lock(M);
      if (CV.wait_for(Lock, std::chrono::seconds(Seconds), [this] { return Stopped; }))
        return;
      char Msg[512];
      int Len = std::snprintf(Msg, sizeof Msg,
                              "loopgpu: error: time limit of %u s exceeded while %s; the input may make Clang "
                              "or the analysis run without end (raise or remove the limit with -time-limit=N, "
                              "0: none)\n",
                              Seconds, Phase.load());
      if (Len > 0 && ::write(2, Msg, static_cast<size_t>(Len) < sizeof Msg ? Len : sizeof Msg - 1) < 0)
        Len = 0;
      ::_exit(1);
    });
  }

  /// Stops the clock (the phases after it have bounds of their own).
  void stop() {
    if (!Thread.joinable())
      return;
    {
      std::lock_guard<std::mutex> Lock(M);
      Stopped = true;
    }
    CV.notify_all();
    Thread.join();
  }

private:
  static inline std::atomic<const char *> Phase{"starting"};
  std::thread Thread;
  std::mutex M;
  std::condition_variable CV;
  bool Stopped = false;
};

} // namespace loopgpu

#endif // LOOPGPU_TOOLS_WATCHDOG_H
