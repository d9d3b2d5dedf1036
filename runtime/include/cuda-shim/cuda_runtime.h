// loopgpu CUDA emulation: stands in for the CUDA Toolkit's <cuda_runtime.h> when a .cu
// file is compiled as C++ (loopgpu-emu-rewrite --cxxflags puts this directory
// on the include path). Everything is in loopgpu/cuda_emulation.h.
#include "loopgpu/cuda_emulation.h"
