//===- loopgpu-emu-rewrite.cpp - Prepare a .cu file for the CPU emulation -===//
//
//   loopgpu-emu-rewrite [--no-shared-notes] [--no-line] IN.cu OUT.cpp
//   loopgpu-emu-rewrite --cxx | --cxxflags | --libs
//
// The first form rewrites the launches of IN.cu (see LaunchRewriter.h) and
// writes OUT.cpp ('-': standard output), starting with `#line 1 "IN.cu"` so
// that diagnostics and __FILE__ name the original. Exit status: 0 success,
// 1 a launch could not be rewritten (messages on stderr, OUT.cpp not
// written), 2 usage or I/O errors.
//
// The second form prints how this build compiles and links OUT.cpp: the
// compiler, its flags (C++17, -include cuda_emulation.h, the include path,
// and the sanitizer flags when this is a sanitizer build, which the runtime
// library then needs), and the libraries. An installed copy (cmake
// --install) prints the installed paths: it finds its prefix from its own
// location (PREFIX/bin/loopgpu-emu-rewrite, PREFIX/include/loopgpu-emu).
//
//===----------------------------------------------------------------------===//

#include "loopgpu/LaunchRewriter.h"

#include "EmuBuildFlags.inc" // LOOPGPU_EMU_CXX, LOOPGPU_EMU_CXXFLAGS, LOOPGPU_EMU_LIBS

#include <climits>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

namespace {

/// PREFIX when this executable is PREFIX/bin/loopgpu-emu-rewrite of an
/// installed tree (the emulation header is in PREFIX), else "" (a build tree).
std::string installedPrefix() {
  char Self[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (N <= 0)
    return "";
  std::string Path(Self, N);
  for (int Up = 0; Up < 2; ++Up) { // strip "/loopgpu-emu-rewrite", then "/bin"
    size_t Slash = Path.find_last_of('/');
    if (Slash == std::string::npos)
      return "";
    Path.erase(Slash);
  }
  struct stat St;
  return stat((Path + "/" + LOOPGPU_EMU_INSTALLED_HEADER).c_str(), &St) == 0 ? Path : "";
}

/// The build's flags, or the installed ones with @PREFIX@ replaced.
std::string recipe(const char *Build, const char *Installed) {
  std::string Prefix = installedPrefix();
  if (Prefix.empty())
    return Build;
  std::string Out = Installed;
  for (size_t At; (At = Out.find("@PREFIX@")) != std::string::npos;)
    Out.replace(At, 8, Prefix);
  return Out;
}

void usage(std::FILE *To) {
  std::fprintf(To,
               "usage: loopgpu-emu-rewrite [--no-shared-notes] [--no-line] IN.cu OUT.cpp\n"
               "       loopgpu-emu-rewrite --cxx | --cxxflags | --libs\n"
               "\n"
               "Rewrites kernel<<<grid, block[, shared[, stream]]>>>(args) launches of IN.cu\n"
               "into ::loopgpu_emu::launch(kernel, grid, block, shared, args) so that the\n"
               "file compiles as C++ with loopgpu/cuda_emulation.h included first, and adds\n"
               "LOOPGPU_EMU_NOTE_SHARED(var); after __shared__ declarations. OUT.cpp may be\n"
               "'-' (standard output). Then compile and link it with this build's flags:\n"
               "\n"
               "  $(loopgpu-emu-rewrite --cxx) $(loopgpu-emu-rewrite --cxxflags) -iquote DIR \\\n"
               "      OUT.cpp $(loopgpu-emu-rewrite --libs) -o EXE\n"
               "\n"
               "where DIR is the directory of IN.cu (for its #include \"...\" files).\n"
               "\n"
               "  --no-shared-notes  do not add LOOPGPU_EMU_NOTE_SHARED statements\n"
               "  --no-line          do not start OUT.cpp with #line 1 \"IN.cu\"\n");
}

std::string lineDirectiveName(const std::string &Path) {
  std::string Out;
  for (char C : Path) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out;
}

} // namespace

int main(int Argc, char **Argv) {
  bool NoteShared = true, LineDirective = true;
  std::string In, Out;
  int Positional = 0;
  for (int I = 1; I < Argc; ++I) {
    const char *A = Argv[I];
    if (!std::strcmp(A, "--help") || !std::strcmp(A, "-h")) {
      usage(stdout);
      return 0;
    }
    if (!std::strcmp(A, "--cxx")) {
      std::puts(LOOPGPU_EMU_CXX);
      return 0;
    }
    if (!std::strcmp(A, "--cxxflags")) {
      std::puts(recipe(LOOPGPU_EMU_CXXFLAGS, LOOPGPU_EMU_INSTALLED_CXXFLAGS).c_str());
      return 0;
    }
    if (!std::strcmp(A, "--libs")) {
      std::puts(recipe(LOOPGPU_EMU_LIBS, LOOPGPU_EMU_INSTALLED_LIBS).c_str());
      return 0;
    }
    if (!std::strcmp(A, "--no-shared-notes")) {
      NoteShared = false;
      continue;
    }
    if (!std::strcmp(A, "--no-line")) {
      LineDirective = false;
      continue;
    }
    if (A[0] == '-' && A[1] != '\0') {
      std::fprintf(stderr, "loopgpu-emu-rewrite: unknown option '%s'\n", A);
      usage(stderr);
      return 2;
    }
    (Positional++ == 0 ? In : Out) = A;
  }
  if (Positional != 2) {
    usage(stderr);
    return 2;
  }

  std::ifstream InFile(In, std::ios::binary);
  if (!InFile) {
    std::fprintf(stderr, "loopgpu-emu-rewrite: cannot read '%s'\n", In.c_str());
    return 2;
  }
  std::ostringstream Buffer;
  Buffer << InFile.rdbuf();
  std::string Source = Buffer.str();

  loopgpu_emu::RewriteOptions Options;
  Options.NoteShared = NoteShared;
  loopgpu_emu::RewriteResult R = loopgpu_emu::rewriteForEmulation(Source, Options);
  for (const loopgpu_emu::RewriteDiagnostic &D : R.Errors)
    std::fprintf(stderr, "%s:%u:%u: error: %s\n", In.c_str(), D.Line, D.Column,
                 D.Message.c_str());
  if (!R.Errors.empty())
    return 1;

  std::string Text;
  if (LineDirective)
    Text = "#line 1 \"" + lineDirectiveName(In) + "\"\n";
  Text += R.Text;
  if (Out == "-") {
    std::cout << Text;
    return std::cout.good() ? 0 : 2;
  }
  std::ofstream OutFile(Out, std::ios::binary);
  OutFile << Text;
  OutFile.close();
  if (!OutFile) {
    std::fprintf(stderr, "loopgpu-emu-rewrite: cannot write '%s'\n", Out.c_str());
    return 2;
  }
  return 0;
}
