// Arrays of structs loopgpu refuses (test/Frontend/arrays-of-structs.c):
// mixed member types, a whole element, a member through pointer arithmetic,
// a local array of structs in the nest.
struct mixed { int id; float x; };
struct pair { float x, y; };
void m(int n, struct mixed *restrict p) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i].x = 0;
}
void whole(int n, const struct pair *restrict p, struct pair *restrict q) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    q[i] = p[i];
}
void through(int n, struct pair *restrict p) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    (p + i)->x = 0;
}
void local(int n, float *restrict out) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    struct pair t[2];
    t[0].x = i;
    t[1].x = 2 * i;
    out[i] = t[0].x + t[1].x;
  }
}
