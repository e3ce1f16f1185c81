#!/usr/bin/env bash
# Create .venv, install GPU Configurator with its test extras, run the whole test suite (the fuzz
# suite at a fifth of its cases, tests/test_fuzz.py DEFAULT_SCALE), then the fuzz suite at its full
# count (2,946 cases, about half a minute), then the accuracy summary.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q "$@"
GPU_CONFIGURATOR_FUZZ_SCALE=1 QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q tests/test_fuzz.py
.venv/bin/python benchmarks/accuracy.py --summary
