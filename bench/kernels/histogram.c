// The histogram of n bytes, as a user writes it: each update is an atomic
// scatter, counted by each block in its own copy of the 256 bins in shared
// memory (lib/CodeGen/SharedBins.cpp).
void histogram(int n, const unsigned char *restrict data, int *restrict hist) {
#pragma loopgpu copy(hist[0:256])
  for (int i = 0; i < n; i++)
    hist[data[i]]++;
}
