"""Every picture in docs/screenshots is made by a screenshot tool, so that regenerating them all
leaves none stale (session 18: serving-settings-* and bill-of-materials-* had no tool and showed
an older window)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def made_names() -> list[re.Pattern]:
    """The file names the tools write: each ``"….png"`` literal of tools/screenshots*.py, its
    ``{…}`` fields standing for any text."""
    names = []
    for tool in sorted((ROOT / "tools").glob("screenshots*.py")):
        for literal in re.findall(r"""f?["']([\w{}\[\]\-. ]+\.png)["']""", tool.read_text(encoding="utf-8")):
            names.append(re.compile(re.sub(r"\\\{[^}]*\\\}", ".+", re.escape(literal)) + "$"))
    return names


def test_every_screenshot_has_a_tool_that_makes_it():
    made = made_names()
    pictures = sorted(p.name for p in (ROOT / "docs" / "screenshots").glob("*.png"))
    assert pictures
    assert [p for p in pictures if not any(m.match(p) for m in made)] == []
