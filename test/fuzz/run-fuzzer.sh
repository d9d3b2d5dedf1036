#!/usr/bin/env bash
# run-fuzzer.sh FUZZER SOURCE_ROOT CORPUS_DIR SECONDS
# Seeds a fresh corpus from every C file of test/ and examples/, then fuzzes
# the frontend for SECONDS. Fails on any crash, leak-free ASan/UBSan report or
# timeout; the reproducer is left in CORPUS_DIR/../crash-*.
set -euo pipefail
fuzzer=$1 root=$2 corpus=$3 seconds=$4
rm -rf "$corpus" && mkdir -p "$corpus"
find "$root/test" "$root/examples" -name '*.c' -exec cp {} "$corpus/" \;
cd "$(dirname "$corpus")"
exec "$fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=16384 \
  -print_final_stats=1 "$corpus"
