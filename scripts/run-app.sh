#!/usr/bin/env bash
# Create .venv, install GPU Configurator, open the desktop app (bundled catalog, no network).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e .
exec .venv/bin/gpu-configurator "$@"
