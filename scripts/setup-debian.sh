#!/usr/bin/env bash
# System packages GPU Configurator needs on Debian 12: Python with venv, the libraries Qt
# loads (offscreen and X11), a CJK font, and poppler for looking at PDF pages.
# See ../shared/ci/qt-headless.md. Safe to run again: installs only what is missing.
set -euo pipefail
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
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
