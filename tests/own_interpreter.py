"""A script run in an interpreter of its own, for counts a test cannot take in the suite's (shared by
tests/test_step_costs_lazy.py and tests/test_serving_search_cycles.py): there a GUI test's worker
thread may still be searching and drop objects meanwhile, and the window's collector turns
automatic garbage collection off (configurator.app.gc_guard)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def printed_by(script: str, given: str, timeout_s: float = 300.0) -> str:
    """The last word ``script`` prints, run by this Python with the repository first on its path
    and ``given`` on its standard input (it must exit 0: else the assertion shows its errors)."""
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    done = subprocess.run([sys.executable, "-c", script], input=given, env={**os.environ, "PYTHONPATH": path},
                          capture_output=True, text=True, timeout=timeout_s)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()[-1]
