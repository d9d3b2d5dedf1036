// Plain C without restrict (issue 13): x and y may overlap, so the nest as
// analysed is sequential; a version made as if they were restrict runs when
// a check at run time finds their ranges apart.
// RUN: %loopgpu %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %loopgpu %s -emit=deps 2>/dev/null | FileCheck %s --check-prefix=DEPS
// RUN: %loopgpu %s -emit=deps -format=json 2>/dev/null | FileCheck %s --check-prefix=JSON
// The promise: no version, no check, no warning.
// RUN: %loopgpu %s -assume-no-alias -o %t.promised.cu 2>&1 | FileCheck %s --check-prefix=PROMISED --allow-empty
// RUN: FileCheck %s --check-prefix=PROMISED-CUDA --input-file=%t.promised.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
void axpy(int n, float a, float *x, float *y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
// The user's promise on one nest.
void scale(int n, float *x, float *y) {
#pragma loopgpu independent
  for (int i = 0; i < n; i++)
    y[i] = 2.0f * x[i];
}
// A scan only when x and y are apart: a version running CUB's scan.
void prefix(int n, float *x, float *y) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    y[i] = y[i - 1] + x[i];
}
// WARN-NOT: alias-versioning.c:18:{{.*}}warning
// WARN: alias-versioning.c:12:44: warning: 'y' may alias 'x'
// WARN-NOT: alias-versioning.c:18:{{.*}}warning
// WARN: alias-versioning.c:24:37: warning: 'y' may alias 'x'
// WARN: alias-versioning.c:13:9: warning: a run-time check was emitted: when 'x' and 'y' do not overlap, a version of the nest without the dependences between them runs
// WARN: alias-versioning.c:25:9: warning: a run-time check was emitted: when 'y' and 'x' do not overlap
// WARN-NOT: warning: a run-time check

// CHECK: // nest 0 of axpy ({{.*}}alias-versioning.c:13):
// CHECK-NEXT: //   axpy_nest0_kernel: 1 thread
// CHECK: // nest 0 of axpy ({{.*}}alias-versioning.c:13), version 'apart' for x and y apart (a check at run time picks it):
// CHECK-NEXT: //   axpy_nest0_apart_kernel: block (256, 1, 1), grid covering i on x
// CHECK: // nest 0 of scale ({{.*}}alias-versioning.c:19):
// CHECK-NEXT: //   scale_nest0_kernel: block (256, 1, 1)
// CHECK-NOT: version 'apart' for
// CHECK: // nest 0 of prefix ({{.*}}alias-versioning.c:25):
// CHECK-NEXT: //   prefix_nest0_kernel: 1 thread
// CHECK: // nest 0 of prefix ({{.*}}alias-versioning.c:25), version 'apart' for y and x apart (a check at run time picks it):
// CHECK-NEXT: //   prefix_nest0_apart_scan: CUB DeviceScan::InclusiveScan along i
// CHECK: __global__ void __launch_bounds__(256) axpy_nest0_apart_kernel(int n, float a, const float *__restrict__ x, float *__restrict__ y)
// CHECK-LABEL: extern "C" void axpy_device(int n, float a, float *x, float *y) {
// CHECK-NEXT: if (loopgpu_version(loopgpu_apart(x, loopgpu_bytes({{.*}}, sizeof(float)), y, loopgpu_bytes({{.*}}, sizeof(float))), "axpy nest 0 (line 13)", "x and y")) {
// CHECK: axpy_nest0_apart_device(n, a, x, y);
// CHECK: } else {
// CHECK: axpy_nest0_device(n, a, x, y);
// CHECK-LABEL: extern "C" void axpy(int n, float a, float *x, float *y) {
// CHECK: if (loopgpu_version(loopgpu_apart(x, {{.*}}, y, {{.*}}), "axpy nest 0 (line 13)", "x and y")) {
// CHECK: axpy_nest0_apart_device(n, a, loopgpu_dev_x, loopgpu_dev_y);
// CHECK: } else {
// CHECK: axpy_nest0_device(n, a, loopgpu_dev_x, loopgpu_dev_y);
// CHECK-LABEL: extern "C" void prefix(
// CHECK: if (loopgpu_version(
// CHECK: prefix_nest0_apart_device(
// CHECK: } else {
// CHECK: prefix_nest0_device(

// DEPS: nest axpy#0 (line 13)
// DEPS: loop i (line 14): sequential: {{.*}}(may: possible alias of x and y)
// DEPS: nest axpy#0 (line 13), version 'apart': runs when a check at run time finds 'x' and 'y' apart (the nest above runs otherwise)
// DEPS: loop i (line 14): parallel
// DEPS: nest scale#0 (line 19)
// DEPS: loop i (line 20): parallel
// DEPS-NOT: version 'apart'
// DEPS: nest prefix#0 (line 25)
// DEPS: loop i (line 26): sequential:
// DEPS: nest prefix#0 (line 25), version 'apart'
// DEPS: loop i (line 26): scan: inclusive scan (+) of y along i

// JSON: "function": "axpy",
// JSON: "version": null
// JSON: "function": "scale",
// JSON: "function": "prefix",
// JSON: "function": "axpy",
// JSON: "verdict": "parallel"
// JSON: "version": {
// JSON-NEXT: "arrays_apart": [
// JSON-NEXT: [
// JSON-NEXT: "x",
// JSON-NEXT: "y"

// PROMISED-NOT: warning
// PROMISED-CUDA-NOT: version 'apart'
// PROMISED-CUDA: //   axpy_nest0_kernel: block (256, 1, 1)
// PROMISED-CUDA-NOT: if (loopgpu_version(
