// The 7-point stencil driver (stencil.cu) in double: loopgpu's stencil7d_device
// (bench/kernels/stencil7d.c) against copy bandwidth. Usage: stencil_double N LABEL
#define STENCIL_T double
#define STENCIL_DEVICE stencil7d_device
#include "stencil.cu"
