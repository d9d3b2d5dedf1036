//===- FrontendFuzzer.cpp - libFuzzer target for the frontend -------------===//
//
// Feeds arbitrary bytes to the frontend as a C file and prints the IR of
// whatever nests it accepts. Any crash, sanitizer report or assertion is a
// bug: bad input must only ever produce diagnostics.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Frontend/Frontend.h"
#include "loopgpu/IR/IRPrinter.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

using namespace loopgpu;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size > 16 * 1024)
    return 0;
  std::string Code(reinterpret_cast<const char *>(Data), Size);
  clang::IgnoringDiagConsumer Ignore;
  runFrontendOnCode(
      Code, "fuzz.c", {"-ferror-limit=10"},
      [](Program &P, DiagnosticSink &) {
        printIR(P, llvm::nulls());
        printIRJSON(P, llvm::nulls());
      },
      &Ignore);
  return 0;
}
