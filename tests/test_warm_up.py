"""What keeps first openings and dock changes off one long pass of the event loop (issue 28):
the warm-up thread (app/warm_up.py), the long-lived objects frozen for the collector
(app/gc_guard.py) and the charts repainted in turn (app/paced_repaint.py)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

import configurator

pytestmark = pytest.mark.gui

PACKAGE = Path(configurator.__file__).parent


def _top_level_imports() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports at its top level."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found: set[str] = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("configurator"):
                found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names if alias.name.startswith("configurator")}
        graph[name] = found
    return {name: {d for d in deps if d in graph and d != name} for name, deps in graph.items()}


def test_no_module_imports_itself_back_at_its_top_level():
    """The warm-up thread imports modules the GUI thread may import at the same moment; Python's
    per-module locks make that safe unless two modules import each other at their top levels (one
    thread would get the other's half-made module)."""
    graph = _top_level_imports()
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            pytest.fail("import cycle: " + " -> ".join((*path[path.index(name):], name)))
        if name in done:
            return
        for dep in graph[name]:
            visit(dep, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_every_warmed_module_exists():
    from configurator.app.warm_up import WARMED

    assert all(importlib.util.find_spec(name) is not None for name in WARMED)


def test_the_warm_up_imports_on_its_thread_then_freezes(qtbot, monkeypatch):
    import threading

    from configurator.app import gc_guard, warm_up

    frozen: list[str] = []
    monkeypatch.setattr(warm_up, "_STARTED", [])
    monkeypatch.setattr(gc_guard, "freeze_long_lived", lambda: frozen.append(threading.current_thread().name))
    thread = warm_up.warm_up(("json", "no_such_module_anywhere"))  # a failure is skipped
    assert thread is not None and thread.name == "configurator-warm-up"
    assert warm_up.warm_up() is None  # once per process
    thread.join(10)
    assert frozen == ["configurator-warm-up"]


def test_widgets_repaint_in_turn(qtbot):
    from PySide6.QtWidgets import QWidget

    from configurator.app.paced_repaint import repaint_in_turn

    owner = QWidget()
    qtbot.addWidget(owner)
    widgets = [QWidget(owner) for _ in range(3)]
    order: list[int] = []
    repaint_in_turn(widgets, owner, gap_ms=40)
    assert not any(widget.updatesEnabled() for widget in widgets)

    def look() -> bool:
        for index, widget in enumerate(widgets):
            if widget.updatesEnabled() and index not in order:
                order.append(index)
        return len(order) == 3

    qtbot.waitUntil(look, timeout=5_000)
    assert order == [0, 1, 2]


def test_a_grab_of_the_window_draws_the_charts_held(qtbot):
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    from configurator.app.paced_repaint import release_now, repaint_in_turn

    owner = QWidget()
    qtbot.addWidget(owner)
    red = QLabel("x")
    red.setStyleSheet("background: red")
    QVBoxLayout(owner).addWidget(red)
    owner.resize(100, 100)
    owner.show()
    qtbot.waitExposed(owner)
    repaint_in_turn([red], owner, gap_ms=10_000)
    assert QColor(owner.grab().toImage().pixel(50, 50)).name() != "#ff0000"  # why the window lets go first
    release_now(owner)
    assert red.updatesEnabled()
    assert QColor(owner.grab().toImage().pixel(50, 50)).name() == "#ff0000"


def test_widgets_resized_together_repaint_one_per_pass(qtbot):
    from PySide6.QtWidgets import QWidget

    from configurator.app.paced_repaint import pace_resizes

    owner = QWidget()
    qtbot.addWidget(owner)
    widgets = [QWidget(owner) for _ in range(3)]
    owner.show()
    qtbot.waitExposed(owner)
    pace_resizes(widgets, owner, gap_ms=40)
    for widget in reversed(widgets):
        widget.resize(50, 50)
    assert not any(widget.updatesEnabled() for widget in widgets)  # held in the pass that resized them
    order: list[int] = []

    def look() -> bool:
        for index, widget in enumerate(widgets):
            if widget.updatesEnabled() and index not in order:
                order.append(index)
        return len(order) == 3

    qtbot.waitUntil(look, timeout=5_000)
    assert order == [2, 1, 0]  # in the order they were resized, one at a time
