#!/usr/bin/env bash
# Set up GPU Configurator on Debian 12: the system packages it needs (Python with venv, the
# libraries Qt loads (offscreen and X11), a CJK font, poppler for looking at PDF pages), through
# sudo when not root; then the app itself into .venv (scripts/install-app.sh: pip runs once, not
# at every launch) and its entry in this user's application menu
# (scripts/install-desktop-entry.sh, no root). See ../shared/ci/qt-headless.md. Safe to run
# again: installs only what is missing or changed.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(
  python3 python3-venv python3-pip
  libgl1 libegl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 fonts-wqy-microhei
  libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-shape0
  libxcb-xkb1 libxkbcommon-x11-0 poppler-utils
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
bash scripts/install-app.sh app
bash scripts/install-desktop-entry.sh
