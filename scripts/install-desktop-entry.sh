#!/usr/bin/env bash
# Put GPU Configurator in the desktop's application menu for this user (no root needed):
# resources/desktop/gpu-configurator.desktop, its Exec and TryExec pointed at this checkout's
# .venv/bin/gpu-configurator, goes to $XDG_DATA_HOME/applications (~/.local/share/applications),
# the icon (SVG and 256 px PNG) to the hicolor theme there. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
data="${XDG_DATA_HOME:-$HOME/.local/share}"
launcher="$PWD/.venv/bin/gpu-configurator"
# the Desktop Entry Specification's Exec quoting: inside double quotes, \ " ` $ take a backslash,
# then the string itself escapes each backslash again; % is written %%
quoted="$launcher"
quoted="${quoted//\\/\\\\\\\\}"
quoted="${quoted//\"/\\\\\"}"
quoted="${quoted//\`/\\\\\`}"
quoted="${quoted//\$/\\\\\$}"
quoted="${quoted//%/%%}"
try_exec="${launcher//\\/\\\\}"  # TryExec is a plain string, not an argument list
mkdir -p "$data/applications" "$data/icons/hicolor/scalable/apps" "$data/icons/hicolor/256x256/apps"
install -m 644 resources/icons/gpu-configurator.svg "$data/icons/hicolor/scalable/apps/gpu-configurator.svg"
install -m 644 resources/icons/gpu-configurator.png "$data/icons/hicolor/256x256/apps/gpu-configurator.png"
entry="$data/applications/gpu-configurator.desktop"
while IFS= read -r line; do
  case "$line" in
    Exec=*) printf 'Exec="%s"\n' "$quoted" ;;
    TryExec=*) printf 'TryExec=%s\n' "$try_exec" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < resources/desktop/gpu-configurator.desktop > "$entry.new"
mv "$entry.new" "$entry"
# menus that cache entries pick the new one up now; without these tools they do at next login
command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "GPU Configurator is in the application menu ($entry)"
