"""The layers of configurator, enforced on the sources (an AST walk over every import).

core (models, formulas, planner, procurement) <- report (summary, text, files) <- cli, app.

- configurator.core imports no Qt or pyqtgraph, and none of app, report or the CLI;
- configurator.report imports no app and no pyqtgraph; only report/document.py, which lays the
  summary out as a PDF, uses Qt, and only QtCore/QtGui (no widgets);
- no import cycles between modules at module level, and none at all (imports inside functions
  included) anywhere, the core included (one known pair left: :data:`KNOWN_CORE_CYCLE`);
- the import-linter contracts in pyproject.toml hold: the layers cli -> app -> report -> core, the
  estimate's floors (mismatch -> ranking -> JSON -> deployment cost -> dispatcher -> families),
  the workload families independent of each other, and inside each family
  family -> deployment -> plan -> estimate over what the families share;
- the CLI imports the app only inside the function that opens the window and the one that draws
  a PDF's charts with the window's widgets; its text commands load no Qt.
Printing and export from the window use the analysis the window shows (no second analysis).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "configurator"
QT = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "pyqtgraph")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _under(name: str, *prefixes: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _imports(path: Path) -> tuple[tuple[str, ast.AST, str | None], ...]:
    """(imported name, import node, enclosing function or None) for every import in ``path``;
    ``from a import b`` yields ``a.b`` (a module or a name in one); relative imports resolved.
    Each file is walked once per run (:func:`_walk`): five contracts read every module."""
    return _walk(path)


@cache
def _walk(path: Path) -> tuple[tuple[str, ast.AST, str | None], ...]:
    return tuple(_walked(path))


def _walked(path: Path) -> Iterator[tuple[str, ast.AST, str | None]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]

    def visit(node: ast.AST, function: str | None) -> Iterator[tuple[str, ast.AST, str | None]]:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # annotations only, never imported at run time
            if isinstance(child, ast.Import):
                yield from ((alias.name, child, function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    base = ".".join([*anchor, *([base] if base else [])])
                yield base, child, function
                yield from ((f"{base}.{alias.name}", child, function) for alias in child.names)
            yield from visit(child, inner)

    yield from visit(tree, None)


def _offenders(prefix: str, forbidden: tuple[str, ...], allowed=lambda name, module: False) -> dict:
    found = {}
    for module, path in MODULES.items():
        if not _under(module, prefix):
            continue
        bad = sorted({name for name, _, _ in _imports(path)
                      if _under(name, *forbidden) and not allowed(name, module)})
        if bad:
            found[module] = bad
    return found


def test_the_walk_sees_the_imports():
    """The contracts below are only as good as the walk: it finds imports at every level."""
    names = {name for name, _, _ in _imports(MODULES["configurator.app.report_export"])}
    assert {"configurator.report.export", "PySide6.QtWidgets", "configurator.app.charts"} <= names
    assert {fn for name, _, fn in _imports(MODULES["configurator.cli"]) if _under(name, "configurator.app")}


def test_core_imports_no_qt_app_report_or_cli():
    forbidden = (*QT, "configurator.app", "configurator.report", "configurator.cli", "configurator.cli_scenario",
                 "configurator.cli_money", "configurator.cli_flags", "configurator.cli_usage")
    assert _offenders("configurator.core", forbidden) == {}


def test_report_imports_no_app_and_no_widgets():
    assert _offenders("configurator.report", ("configurator.app", "pyqtgraph", "PySide6.QtWidgets",
                                              "PySide6.QtPrintSupport")) == {}


PDF_LAYOUT = ("configurator.report.document", "configurator.report.tradeoff_image")
"""The PDF's layout: the document and the chart images it paints (QtGui, no widgets)."""


def test_only_the_pdf_layout_of_the_report_uses_qt():
    def pdf_layout(name, module):
        # shiboken6: the document and its PDF writer deleted in the thread that made them
        return module in PDF_LAYOUT and _under(name, "PySide6.QtCore", "PySide6.QtGui", "PySide6", "shiboken6")
    assert _offenders("configurator.report", QT, pdf_layout) == {}


def _graph(module_level_only: bool) -> dict[str, set[str]]:
    def owner(name: str) -> str | None:  # the configurator module a dotted name lives in
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for module, path in MODULES.items():
        targets = {owner(name) for name, _, function in _imports(path)
                   if name.startswith("configurator") and not (module_level_only and function)}
        graph[module] = {t for t in targets if t and t != module and not _under(module, t)}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(component)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return components


def test_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_import_cycles_at_module_level():
    assert _cycles(_graph(module_level_only=True)) == []


def test_no_import_cycles_at_all():
    """Imports inside functions count too, in every layer, the core included (the last core
    cycle, catalog <-> procurement.card_price, went when the catalog stopped asking the price
    policy: callers ask card_price; the dates of prices sit below both, in core/price_dates.py)."""
    assert _cycles(_graph(module_level_only=False)) == []


def test_the_import_contracts_hold():
    """The import-linter contracts of pyproject.toml (``lint-imports``), imports inside
    functions included."""
    result = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command;"
                             "sys.exit(lint_imports_command())", "--no-cache"],
                            capture_output=True, text=True, cwd=PACKAGE.parent)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def test_cli_imports_the_app_only_to_open_the_window_and_draw_pdf_charts():
    for module in (name for name in MODULES if name == "configurator.cli" or name.startswith("configurator.cli_")):
        where = {function for name, _, function in _imports(MODULES[module]) if _under(name, "configurator.app")}
        assert where <= {"_launch_app", "_window_charts"}, (module, where)
        assert None not in where


def _loaded_after(code: str) -> set[str]:
    """The Qt and app modules loaded after running ``code`` in a fresh interpreter."""
    probe = (f"import sys\n{code}\n"
             "print('LOADED:' + ','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('PySide6', 'pyqtgraph', 'shiboken6') or m.startswith('configurator.app'))))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            cwd=PACKAGE.parent)
    line = [line for line in result.stdout.splitlines() if line.startswith("LOADED:")][-1]
    return set(filter(None, line.removeprefix("LOADED:").split(",")))


def test_importing_core_and_report_loads_no_qt():
    assert _loaded_after("import configurator.core.estimate, configurator.core.catalog, "
                         "configurator.core.scenario_io, configurator.core.analysis, "
                         "configurator.report.summary, configurator.report.export, configurator.report.text") == set()


def test_cli_text_commands_load_no_qt(tmp_path):
    out = tmp_path / "summary.md"
    code = ("from configurator.cli import main\n"
            f"assert main(['report', '-o', {str(out)!r}]) == 0\n"
            "assert main(['estimate', '--card', 'l4', '--workload', 'inference']) == 0")
    assert _loaded_after(code) == set()
    assert "#" in out.read_text(encoding="utf-8")


# ---- printing and export use the window's analysis ------------------------------------------


@pytest.mark.gui
def test_printing_and_export_do_not_analyse_again(qtbot, controller, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings

    import configurator.app.controller as controller_module
    import configurator.app.report_export as report_export
    import configurator.core.analysis as analysis_module
    from configurator.app.main_window import MainWindow

    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    shown = controller.wait()
    assert shown is not None and shown.complete
    calls = []

    def counted(original):
        def run(*args, **kwargs):
            calls.append(original.__name__)
            return original(*args, **kwargs)
        return run

    for module in (analysis_module, controller_module, report_export):
        for name in ("analyse", "analysis_steps"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, counted(getattr(module, name)))
    drawn = []
    original_charts = report_export._render_charts
    monkeypatch.setattr(report_export, "_render_charts", lambda analysis, *keys: drawn.append(analysis)
                        or original_charts(analysis, *keys))

    assert "Configuration summary" in window.summary_document().toPlainText()
    for suffix in (".md", ".json", ".pdf"):
        assert window.export_summary(tmp_path / f"summary{suffix}")
        assert (tmp_path / f"summary{suffix}").stat().st_size > 0
    assert calls == []
    assert drawn and all(analysis is shown for analysis in drawn)  # the charts of what is on screen

    # the counting works: an analysis from outside the window is seen
    report_export.export(controller.scenario, controller.catalog, tmp_path / "fresh.pdf")
    assert "analyse" in calls
