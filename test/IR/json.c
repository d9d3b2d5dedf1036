// -emit=ir -format=json is valid JSON with the nest's symbols and tree.
// RUN: %loopgpu %s -emit=ir -format=json > %t.json
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); n=d['nests'][0]; print(n['function'], len(n['tree']), n['tree'][0]['var'], n['tree'][0]['body'][0]['text'])" %t.json | FileCheck %s
// CHECK: scale 1 i A[i] = 2 * A[i]
void scale(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = 2 * A[i];
}
