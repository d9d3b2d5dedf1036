#!/usr/bin/env bash
# Makes docs/report.png, the README's picture of -emit=report: the report of
# examples/matmul.c, validated through the CPU emulation, as headless
# Chromium renders it (1400 CSS pixels wide, scaled to 60%).
#   usage: utils/report-screenshot.sh [BUILD_DIR]   (default: build-rel, else build)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${1:-$( [ -x build-rel/bin/loopgpu ] && echo build-rel || echo build )}
[ -x "$build/bin/loopgpu" ] || { echo "report-screenshot: no $build/bin/loopgpu: build it first" >&2; exit 1; }
command -v chromium >/dev/null || { echo "report-screenshot: no chromium (bash utils/setup-deps.sh --tests)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bin/loopgpu" examples/matmul.c -emit=report --validate --validate-mode=cpu -o "$tmp/report.html"
mkdir -p docs
chromium --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" --window-size=1400,2300 \
  --force-device-scale-factor=0.6 --screenshot="$root/docs/report.png" "file://$tmp/report.html" 2>/dev/null
python3 test/Report/Inputs/check_png.py docs/report.png 840 1380
