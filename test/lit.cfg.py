# lit configuration for the loopgpu regression tests.
#
# Substitutions:
#   %loopgpu   the loopgpu binary of this build
#   %examples  the examples/ directory
#   %utils     the utils/ directory
#   %nvcc      nvcc (tests that use it say `REQUIRES: nvcc`)
#   %cc, %cxx  the host C and C++ compilers of this build
#   %cmake     the cmake of this build; %ninja ninja (the build tool of the README)
#   %build     this build's directory (tests install it: cmake --install %build)
#   %dot       Graphviz's dot (tests that use it say `REQUIRES: graphviz`)
#   %chromium  headless Chromium (tests that use it say `REQUIRES: chromium`)
import os
import shutil
import lit.formats

config.name = "loopgpu"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["CMakeLists.txt", "unittests", "fuzz", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.loopgpu_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.loopgpu_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ("HOME", "TMPDIR", "CI", "ASAN_OPTIONS", "UBSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# The Clang libraries are not instrumented; leaks in them are not ours to fix.
config.environment.setdefault("ASAN_OPTIONS", "detect_leaks=0")
# Emulated harnesses are compiled at -O0 here: at -O1 the sanitizer build's
# clang takes minutes on big kernels (test/CodeGen/tensor-cores.c: 214 s a
# harness, 3.4 s at -O0), the emulation itself runs in the runtime library.
config.environment["LOOPGPU_EMU_OPT"] = os.environ.get("LOOPGPU_EMU_OPT", "-O0")

config.substitutions.append(("%loopgpu", os.path.join(config.loopgpu_tools_dir, "loopgpu")))
config.substitutions.append(("%examples", os.path.join(config.loopgpu_src_root, "examples")))
config.substitutions.append(("%utils", os.path.join(config.loopgpu_src_root, "utils")))
config.substitutions.append(("%cxx", config.cxx))
config.substitutions.append(("%cc", config.cc))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%ninja", shutil.which("ninja", path=config.environment["PATH"]) or "ninja"))
config.substitutions.append(("%build", config.loopgpu_obj_root))
if config.nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", config.nvcc))
# Tools that some tests run on loopgpu's output (utils/setup-deps.sh installs
# them). Without them those tests are unsupported, except in CI, where every
# test must run.
for feature, tool in (("graphviz", "dot"), ("chromium", "chromium")):
    found = shutil.which(tool, path=config.environment["PATH"])
    if found:
        config.available_features.add(feature)
        config.substitutions.append(("%" + tool, found))
    elif os.environ.get("CI") == "true":
        lit_config.fatal("'%s' not found in PATH: CI runs every test (utils/setup-deps.sh installs it)" % tool)
config.substitutions.append(
    ("%expect_exit", "python3 " + os.path.join(config.loopgpu_src_root, "test", "Inputs", "expect_exit.py")))

# The CPU emulation of CUDA (runtime/) is built with the tests.
if os.path.exists(os.path.join(config.loopgpu_tools_dir, "loopgpu-emu-rewrite")):
    config.available_features.add("cpu-emulation")
