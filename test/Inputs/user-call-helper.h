// A pure function defined in a header: test/Frontend/user-call-in-nest.c.
static inline float header_sq(float x) { return x * x; }
