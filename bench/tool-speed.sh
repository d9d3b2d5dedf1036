#!/usr/bin/env bash
# Tool speed (issue 7: "compiling each example takes < 0.2 s of loopgpu time,
# nvcc excluded"): for every example, the wall-clock time of
#   build/bin/loopgpu examples/X.c -o /dev/null
# (the default CUDA emission), median of RUNS runs (default 5), one run at a
# time. Use a Release build: `cmake -DCMAKE_BUILD_TYPE=Release`.
#   bench/tool-speed.sh [RUNS] [extra loopgpu options...]
# Prints a Markdown table; exits 1 if an example fails or takes 0.2 s or more.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-5}
shift || true
loopgpu="$root/build/bin/loopgpu"
[ -x "$loopgpu" ] || { echo "tool-speed.sh: build loopgpu first ($loopgpu)" >&2; exit 2; }
limit=0.2
status=0
echo "| example | median of $runs (s) | min (s) | max (s) | < ${limit} s |"
echo "|---|---|---|---|---|"
for src in "$root"/examples/*.c; do
  name=$(basename "$src" .c)
  times=()
  for ((r = 0; r < runs; r++)); do
    start=$(date +%s.%N)
    if ! "$loopgpu" "$src" "$@" -o /dev/null 2>/dev/null; then
      echo "| $name | loopgpu failed | | | no |"
      status=1
      continue 2
    fi
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc -l)")
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -g)
  median=$(echo "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")
  min=$(echo "$sorted" | head -1)
  max=$(echo "$sorted" | tail -1)
  ok=yes
  if [ "$(echo "$median >= $limit" | bc -l)" = 1 ]; then ok=no; status=1; fi
  printf '| %s | %.3f | %.3f | %.3f | %s |\n' "$name" "$median" "$min" "$max" "$ok"
done
exit $status
