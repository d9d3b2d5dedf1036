// Found through -I (the harness repeats loopgpu's -I, made absolute).
#define WEIGHT(i) (1.0f + (float)((i) % WEIGHT_PERIOD))
