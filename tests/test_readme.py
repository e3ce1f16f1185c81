"""The README tells the truth (issue 30, part 8): every command through the checkout's
``.venv/bin/python``, its examples on files that exist, its tables and example answers the tools'
own output (tools/readme_blocks.py), every tool honouring ``--help`` without writing anything, and
the command line's ``--help`` naming all six commands."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from configurator.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
sys.path.insert(0, str(ROOT / "tools"))

import readme_blocks  # noqa: E402

TOOLS = sorted([*ROOT.glob("tools/*.py"), *ROOT.glob("benchmarks/*.py")])
COMMANDS = ("estimate", "recommend", "plan", "report", "catalog", "what-fits")


def readme() -> str:
    return README.read_text(encoding="utf-8")


def code_in(text: str) -> list[str]:
    """The README's code: fenced blocks and inline spans."""
    fenced = re.findall(r"```[a-z]*\n(.*?)```", text, re.S)
    inline = re.findall(r"`([^`\n]+)`", re.sub(r"```[a-z]*\n.*?```", "", text, flags=re.S))
    return fenced + inline


def test_every_command_runs_the_checkouts_python():
    """A fresh Debian has no bare ``python``; the venv's is the one with the app installed."""
    bare = [c for c in code_in(readme()) if re.search(r"(?<![\w./-])python3?(?=\s)", c)]
    assert bare == [], "use .venv/bin/python"
    assert ".venv/bin/python tools/" in readme() and ".venv/bin/python benchmarks/" in readme()


def test_the_report_example_uses_a_scenario_file_that_exists(tmp_path, capsys):
    files = re.findall(r"gpu-configurator report (\S+\.gpuconf\.json)", readme())
    assert files, "the README's report example names a scenario file"
    for name in files:
        path = ROOT / name
        assert path.is_file() and path.parent == ROOT / "docs" / "examples"
        out = tmp_path / "summary.md"
        assert main(["report", str(path), "-o", str(out)]) == 0, capsys.readouterr().err
        assert out.read_text(encoding="utf-8").startswith("# ")


@pytest.mark.parametrize("path", sorted((ROOT / "docs" / "examples").glob("*.gpuconf.json")), ids=lambda p: p.name)
def test_every_example_scenario_opens_and_estimates(path, capsys):
    assert main(["estimate", "--scenario", str(path), "--json"]) == 0, capsys.readouterr().err
    assert '"fits": true' in capsys.readouterr().out


def test_top_level_help_names_all_six_commands(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    text = capsys.readouterr().out
    prose = text.split("positional arguments:")[0].split("\n", 2)[-1] + text.split("options:")[-1]
    assert all(f"gpu-configurator {command}" in prose for command in COMMANDS), prose  # not only in the usage
    assert "six commands" in prose  # what-fits was the sixth; the help said five
    assert "[estimate|recommend|plan|report|catalog|what-fits]" in sys.modules["configurator.cli"].__doc__


def _files() -> dict[str, tuple[int, int]]:
    """Every file of the checkout (caches left out) with its modification time and size."""
    skip = {".git", "__pycache__", ".pytest_cache", ".hypothesis", ".venv", "build", ".ruff_cache"}
    found = {}
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in skip]
        for name in names:
            stat = os.stat(os.path.join(folder, name))
            found[os.path.join(folder, name)] = (stat.st_mtime_ns, stat.st_size)
    return found


@pytest.mark.parametrize("tool", TOOLS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_tool_honours_help_and_writes_nothing(tool, tmp_path):
    """``tools/summary_examples.py --help`` rewrote ten tracked files; now each tool prints its
    usage, exits 0 and leaves every file of the checkout as it was."""
    before = _files()
    result = subprocess.run([sys.executable, str(tool), "--help"], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, env={**os.environ, "QT_QPA_PLATFORM": "offscreen",
                                              "GPU_CONFIGURATOR_DATA_DIR": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage:"), result.stdout[:200]
    changed = {path for path, stamp in _files().items() if before.get(path) != stamp}
    assert changed == set(), f"--help wrote {sorted(changed)}"


def test_the_generated_blocks_are_what_the_tools_print():
    """The catalog table, the planner's answers (e.g. "10 × Instinct MI325X" where the README
    said 8), the serving example and the accuracy table. Stale after a change of prices,
    catalog or estimator: run ``.venv/bin/python tools/readme_blocks.py`` and read the diff."""
    text = readme()
    stale = [name for name, write in readme_blocks.BLOCKS.items()
             if readme_blocks.block(text, name) != write().strip("\n")]
    assert stale == [], "run .venv/bin/python tools/readme_blocks.py"


def test_a_block_is_rewritten_in_place():
    text = "a\n<!-- x:start -->\nold\n<!-- x:end -->\nb"
    assert readme_blocks.with_block(text, "x", "new") == "a\n<!-- x:start -->\nnew\n<!-- x:end -->\nb"
    with pytest.raises(KeyError, match="no block 'y'"):
        readme_blocks.with_block(text, "y", "new")


def test_the_accuracy_table_names_every_kind_of_row():
    """A new kind of calibration row must be described before the README can show it."""
    import accuracy

    kinds = {r.kind for r in accuracy.all_rows()}
    assert kinds <= set(readme_blocks.KIND_NAMES)
