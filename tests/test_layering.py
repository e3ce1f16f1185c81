"""configurator/core must never import Qt or pyqtgraph."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "configurator" / "core"
FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "pyqtgraph", "configurator.app")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_sources_import_no_qt():
    offenders = {
        str(path.relative_to(CORE)): sorted(m for m in _imported_modules(path) if m.startswith(FORBIDDEN))
        for path in CORE.rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_importing_core_loads_no_qt():
    code = (
        "import sys, configurator.core.estimate, configurator.core.catalog, configurator.core.scenario_io;"
        "print(','.join(m for m in sys.modules if m.split('.')[0] in ('PySide6','pyqtgraph','shiboken6')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""
