#!/usr/bin/env bash
# Open the GPU Configurator desktop app (bundled catalog, no network). The first run installs
# it into .venv (scripts/install-app.sh); later runs launch the installed app at once, without
# a package index, unless pyproject.toml changed since.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-app.sh app
exec .venv/bin/gpu-configurator "$@"
