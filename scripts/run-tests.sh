#!/usr/bin/env bash
# Install GPU Configurator with its test extras into .venv (once: scripts/install-app.sh), run
# the whole test suite (test modules in parallel, pyproject.toml addopts; the fuzz and property
# suites at a fifth of their cases, tests/case_counts.py), then both at their full count in one
# process, which prints the fuzz counts (2,946 fuzz cases and 5 x 150 scenarios, under a
# minute), then the accuracy summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-app.sh test  # creates .venv; pip runs only when pyproject.toml changed
QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q "$@"
GPU_CONFIGURATOR_FUZZ_SCALE=1 QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q -n 0 tests/test_fuzz.py tests/test_properties.py
.venv/bin/python benchmarks/accuracy.py --summary
