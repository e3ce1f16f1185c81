#!/usr/bin/env bash
# Create .venv, install GPU Configurator with its test extras, run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[test]'
QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -q "$@"
.venv/bin/python benchmarks/accuracy.py --summary
