// Included by scale.c, so by the CUDA that loopgpu emits from it too.
#define SCALE_FACTOR 1
