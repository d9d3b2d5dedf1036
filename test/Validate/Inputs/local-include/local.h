// Found beside the input, as #include "local.h" finds it.
#define LOCAL_SHIFT 3
