#!/usr/bin/env bash
# Install GPU Configurator with its test extras into .venv (once: scripts/install-app.sh), run
# the whole test suite (test modules in parallel, pyproject.toml addopts; the fuzz and property
# suites at a fifth of their cases, tests/case_counts.py), then both at their full count in one
# process, which prints the fuzz counts (2,946 fuzz cases and 5 x 150 scenarios, under a
# minute), then the accuracy summary.
# Nothing can hang it: a test running 10 minutes dumps every thread's stack and ends its process
# (faulthandler_timeout in pyproject.toml), a crashed worker is not replaced, and each pytest run
# is stopped after SUITE_LIMIT (its workers with it: timeout signals its whole process group),
# exit status 124. The suite takes ~6 min on a loaded 2-core host, the full fuzz count ~1 min.
set -euo pipefail
cd "$(dirname "$0")/.."
SUITE_LIMIT=${SUITE_LIMIT:-45m}
FUZZ_LIMIT=${FUZZ_LIMIT:-20m}
bash scripts/install-app.sh test  # creates .venv; pip runs only when pyproject.toml changed
QT_QPA_PLATFORM=offscreen timeout --kill-after=60 "$SUITE_LIMIT" .venv/bin/python -X faulthandler -m pytest -q "$@"
GPU_CONFIGURATOR_FUZZ_SCALE=1 QT_QPA_PLATFORM=offscreen timeout --kill-after=60 "$FUZZ_LIMIT" \
  .venv/bin/python -X faulthandler -m pytest -q -n 0 tests/test_fuzz.py tests/test_properties.py
.venv/bin/python benchmarks/accuracy.py --summary
