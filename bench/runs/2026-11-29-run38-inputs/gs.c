double total;
int count;
void sum(int n, double *x) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    total += x[i];
}
