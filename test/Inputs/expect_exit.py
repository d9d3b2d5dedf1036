#!/usr/bin/env python3
"""expect_exit.py CODE COMMAND [ARGS...]: runs COMMAND, passes its output
through, and succeeds only if it exits with status CODE."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.run(sys.argv[2:]).returncode
if got != want:
    sys.stderr.write(f"expect_exit: '{' '.join(sys.argv[2:])}' exited {got}, expected {want}\n")
    sys.exit(1)
