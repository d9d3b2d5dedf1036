// y = A x for a sparse matrix A in CSR form (row i's nonzeros are
// val[rowptr[i] .. rowptr[i + 1] - 1] in columns col[...]), written as a user
// writes it: the row loop's bounds are data, so loopgpu runs each row as
// written in one thread (a sequential region) and the rows across threads.
void spmv(int n, int nnz, const int *restrict rowptr, const int *restrict col, const float *restrict val,
          const float *restrict x, float *restrict y) {
#pragma loopgpu copyin(val[0:nnz], col[0:nnz], x[0:n], rowptr[0:n + 1])
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}
