"""The app starts offline (issue 30, part 6): the README's launch command installs once and then
launches without a package index; its menu entry and icon for Linux desktops.

The scripts run in a copy of the checkout's scripts and pyproject.toml whose ``.venv`` holds a
stand-in python and launcher that log how they were called, so no test touches the real venv
or the network.
"""

from __future__ import annotations

import os
import shutil
import sys
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OFFLINE = {"PIP_INDEX_URL": "http://127.0.0.1:9/", "PIP_NO_INDEX": "1", "PIP_CONFIG_FILE": os.devnull}
"""No package index reachable: a closed port, no index at all, no configured mirrors."""

STAND_IN = """#!/usr/bin/env bash
echo "$(basename "$0") $*" >> "$(dirname "$0")/../calls.log"
"""


def _checkout(where: Path) -> Path:
    """A checkout with the real scripts and pyproject.toml, and a .venv of logging stand-ins."""
    (where / "scripts").mkdir(parents=True)
    for script in ("install-app.sh", "run-app.sh"):
        shutil.copy(ROOT / "scripts" / script, where / "scripts" / script)
    shutil.copy(ROOT / "pyproject.toml", where / "pyproject.toml")
    bin_dir = where / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("python", "gpu-configurator"):
        (bin_dir / name).write_text(STAND_IN)
        (bin_dir / name).chmod(0o755)
    return where


def _calls(checkout: Path) -> list[str]:
    log = checkout / ".venv" / "calls.log"
    calls = log.read_text().splitlines() if log.exists() else []
    log.unlink(missing_ok=True)
    return calls


def _run(checkout: Path, script: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(checkout / "scripts" / script), *args], capture_output=True, text=True,
                          env={**os.environ, **OFFLINE}, timeout=60, check=True)


def test_the_first_launch_installs_and_the_next_ones_only_launch(tmp_path):
    checkout = _checkout(tmp_path / "app")
    _run(checkout, "run-app.sh", "--version")
    first = _calls(checkout)
    assert any(c.startswith("python -m pip install -q -e .") for c in first), first
    assert first[-1] == "gpu-configurator --version"
    for _ in range(2):  # relaunches: no pip, no package index, the launcher with its arguments
        _run(checkout, "run-app.sh", "--version")
        assert _calls(checkout) == ["gpu-configurator --version"]


def test_a_changed_pyproject_installs_again(tmp_path):
    checkout = _checkout(tmp_path / "app")
    _run(checkout, "run-app.sh")
    _calls(checkout)
    with (checkout / "pyproject.toml").open("a") as stream:
        stream.write("\n# a new dependency would go here\n")
    _run(checkout, "run-app.sh")
    assert any("pip install" in c for c in _calls(checkout))
    _run(checkout, "run-app.sh")
    assert _calls(checkout) == ["gpu-configurator "]


def test_the_test_install_holds_the_app_and_the_app_install_not_the_tests(tmp_path):
    checkout = _checkout(tmp_path / "app")
    _run(checkout, "install-app.sh", "test")
    assert any(c.startswith("python -m pip install -q -e .[test]") for c in _calls(checkout))
    _run(checkout, "install-app.sh", "app")
    assert _calls(checkout) == []  # the test set includes the app
    fresh = _checkout(tmp_path / "other")
    _run(fresh, "install-app.sh", "app")
    _calls(fresh)
    _run(fresh, "install-app.sh", "test")
    assert any(".[test]" in c for c in _calls(fresh))
    _run(fresh, "install-app.sh", "app")
    _run(fresh, "install-app.sh", "test")
    assert _calls(fresh) == []  # both recorded for this pyproject.toml


def test_a_failed_install_is_not_recorded(tmp_path):
    checkout = _checkout(tmp_path / "app")
    python = checkout / ".venv" / "bin" / "python"
    python.write_text(STAND_IN + 'case "$*" in *"install -q -e"*) exit 1;; esac\n')
    with pytest.raises(subprocess.CalledProcessError):
        _run(checkout, "run-app.sh")
    assert not (checkout / ".venv" / ".gpu-configurator-installed").exists()
    assert "gpu-configurator " not in _calls(checkout)  # nothing launched half-installed


def test_the_readme_commands_go_through_the_scripts():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "bash scripts/setup-debian.sh && bash scripts/run-app.sh" in readme
    setup = (ROOT / "scripts" / "setup-debian.sh").read_text()
    assert "bash scripts/install-app.sh app" in setup and "bash scripts/install-desktop-entry.sh" in setup
    for script in ("run-app.sh", "run-tests.sh"):
        text = (ROOT / "scripts" / script).read_text()
        assert "pip install" not in text, f"{script} installs on every run"
        assert "bash scripts/install-app.sh" in text


# ---- the desktop entry ------------------------------------------------------------------------

def desktop_entry(path: Path) -> dict[str, str]:
    """The [Desktop Entry] group of a .desktop file as keys and values (Desktop Entry
    Specification 1.4: UTF-8, one group header first, ``key=value`` lines, no duplicate keys)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    entry: dict[str, str] = {}
    for line in lines[1:]:
        if not line or line.startswith("#"):
            continue
        assert not line.startswith("["), "one group only"
        key, sep, value = line.partition("=")
        assert sep and key == key.strip() and key not in entry, line
        entry[key] = value
    return entry


def exec_arguments(value: str) -> list[str]:
    """An Exec value split into its arguments: string escapes first, then quoting (the spec's
    "The Exec key" section)."""
    text = value.replace("\\\\", "\0").replace("\\s", " ").replace("\\n", "\n").replace("\\t", "\t")
    text = text.replace("\\r", "\r").replace("\0", "\\")
    arguments, current, quoted, index = [], "", False, 0
    while index < len(text):
        char = text[index]
        if quoted and char == "\\":
            index += 1
            assert text[index] in '"`$\\', f"bad escape in {value}"
            current += text[index]
        elif char == '"':
            quoted = not quoted
        elif char == " " and not quoted:
            arguments.append(current)
            current = ""
        elif char == "%":
            index += 1
            assert text[index] == "%", "no field codes: the app opens no files from the menu"
            current += "%"
        else:
            current += char
        index += 1
    assert not quoted
    return [*arguments, current]


def _install_entry(checkout: Path, data_home: Path) -> Path:
    for folder in ("scripts", "resources"):
        shutil.copytree(ROOT / folder, checkout / folder)
    subprocess.run(["bash", str(checkout / "scripts" / "install-desktop-entry.sh")], check=True, timeout=60,
                   capture_output=True, env={**os.environ, "XDG_DATA_HOME": str(data_home), **OFFLINE})
    return data_home / "applications" / "gpu-configurator.desktop"


@pytest.mark.parametrize("folder", ["app", 'odd "name" $HOME \\ % `x` 应用'])
def test_the_desktop_entry_starts_this_checkouts_app(tmp_path, folder):
    checkout = tmp_path / folder
    installed = _install_entry(checkout, tmp_path / "data")
    entry = desktop_entry(installed)
    launcher = str(checkout / ".venv" / "bin" / "gpu-configurator")
    assert exec_arguments(entry["Exec"]) == [launcher]
    assert entry["TryExec"].replace("\\\\", "\\") == launcher
    assert entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert entry["Name"] == "GPU Configurator" and entry["Name[zh_CN]"] == "GPU 配置器"
    assert entry["Comment[zh_CN]"] and entry["GenericName[zh_CN]"]
    assert entry["Icon"] == "gpu-configurator"  # a theme name: found in hicolor below
    for key in ("Categories", "Keywords", "Keywords[zh_CN]"):
        assert entry[key].endswith(";")
    assert "Office" in entry["Categories"].split(";")
    icons = tmp_path / "data" / "icons" / "hicolor"
    assert (icons / "scalable" / "apps" / "gpu-configurator.svg").read_bytes() == \
        (ROOT / "resources" / "icons" / "gpu-configurator.svg").read_bytes()
    assert (icons / "256x256" / "apps" / "gpu-configurator.png").is_file()
    validator = shutil.which("desktop-file-validate")
    if validator is not None:  # desktop-file-utils, where installed: the reference checker
        result = subprocess.run([validator, str(installed)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout
        source = subprocess.run([validator, str(ROOT / "resources" / "desktop" / "gpu-configurator.desktop")],
                                capture_output=True, text=True)
        assert source.returncode == 0 and not source.stdout.strip(), source.stdout


def test_installing_the_entry_again_replaces_it(tmp_path):
    data = tmp_path / "data"
    first = _install_entry(tmp_path / "one", data)
    shutil.rmtree(tmp_path / "one")
    second = _install_entry(tmp_path / "two", data)
    assert first == second
    assert str(tmp_path / "two") in desktop_entry(second)["Exec"]
    entries = sorted(p.name for p in (data / "applications").glob("*.desktop*"))
    assert entries == ["gpu-configurator.desktop"]  # no leftover temporary file


def test_the_icon_png_is_the_svg_rendered():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "render_icon.py"), "--check"],
                            capture_output=True, text=True, timeout=120,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
