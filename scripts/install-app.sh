#!/usr/bin/env bash
# Install GPU Configurator into .venv in the checkout, once: the venv is created and pip runs
# only when pyproject.toml (dependencies, entry points) differs from what was installed last,
# so launching the app needs no package index (issue 30, part 6).
#   bash scripts/install-app.sh          the app
#   bash scripts/install-app.sh test     the app and its test tools (pytest, hypothesis, ...)
# The stamp .venv/.gpu-configurator-installed holds a line "<set> <sha256 of pyproject.toml>"
# per installed set. The code is installed editable: changing it needs no reinstall.
set -euo pipefail
cd "$(dirname "$0")/.."
wanted="${1:-app}"
case "$wanted" in
  app) spec="." ;;
  test) spec=".[test]" ;;
  *) echo "install-app.sh: unknown set '$wanted' (app or test)" >&2; exit 2 ;;
esac
stamp=.venv/.gpu-configurator-installed
digest="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ -x .venv/bin/gpu-configurator ] && [ -f "$stamp" ] \
   && { grep -qx "$wanted $digest" "$stamp" || { [ "$wanted" = app ] && grep -qx "test $digest" "$stamp"; }; }; then
  exit 0  # installed from this pyproject.toml (the test set holds the app)
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e "$spec"
# keep the other set's line when it was installed from the same pyproject.toml
{ grep " $digest\$" "$stamp" 2>/dev/null | grep -v "^$wanted " || true; echo "$wanted $digest"; } > "$stamp.new"
mv "$stamp.new" "$stamp"
