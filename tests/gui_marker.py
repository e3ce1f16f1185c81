"""Which tests need Qt: the ``gui`` marker, set at collection (tests/conftest.py).

A test is marked ``gui`` when it carries the marker already, uses a Qt fixture (``qtbot``,
``qapp`` … or the app's ``controller``), or when its code — or that of a fixture or helper it
uses, followed through the test modules — reaches an object of PySide6, pyqtgraph or
shiboken6 (a Qt class or function), anything of a configurator module that imports Qt when
loaded (the window, the charts, the PDF layout), or names a ``.pdf`` file (Qt lays PDFs out).
Functions of configurator are judged by their module, not read: the CLI opens the window only
on request, and the core is kept free of Qt by tests/test_layering.py. A test this reading
misses and that starts a Qt application fails, naming the marker
(``_qt_free_tests_stay_qt_free`` in conftest.py).
"""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap
import types
from pathlib import Path

import pytest

QT_PACKAGES = ("PySide6", "pyqtgraph", "shiboken6")
GUI_FIXTURES = frozenset({"qtbot", "qapp", "qapp_args", "qapp_cls", "qtlog", "qtmodeltester", "controller"})
"""pytest-qt's fixtures, and conftest's controller (a QObject)."""

NEUTRAL_FIXTURES = frozenset({"_no_blocking_error_dialog", "_qt_free_tests_stay_qt_free", "_english_after_each_test",
                              "_workers_idle_after_each_test"})
"""conftest's autouse fixtures, which touch Qt only for tests already marked ``gui`` or once Qt is
loaded (the last two: from 2026-12-03 until 2026-12-05 they were not listed here, so every test
was marked ``gui`` and ``-m "not gui"`` selected nothing)."""

_QT_FREE = ("configurator.core", "builtins", "pytest", "_pytest", "hypothesis", "pydantic")
"""Packages never followed: Qt-free by contract or by nature."""

_verdicts: dict[int, bool] = {}
_module_verdicts: dict[str, bool] = {}


def qt_application_exists() -> bool:
    """True when a Q(Core/Gui)Application has been created in this process (loads no Qt itself)."""
    core = sys.modules.get("PySide6.QtCore")
    return core is not None and core.QCoreApplication.instance() is not None


def _package(obj) -> str:
    name = obj.__name__ if isinstance(obj, types.ModuleType) else getattr(obj, "__module__", None) or ""
    return name if isinstance(name, str) else ""


def _in(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def _needs_qt(obj, depth: int = 0) -> bool:
    """Whether using ``obj`` (a module, class, function or value) needs Qt, as far as can be read."""
    if depth > 12 or obj is None or isinstance(obj, str | int | float | bool | bytes | tuple | list | dict):
        return False
    package = _package(obj)
    if _in(package, QT_PACKAGES):
        return True
    if _in(package, _QT_FREE):
        return False
    if isinstance(obj, type):
        return any(_in(base.__module__, QT_PACKAGES) for base in obj.__mro__)
    if package.startswith("configurator"):  # the Qt layer is the modules that import Qt at load
        return _module_imports_qt(package)
    if isinstance(obj, types.ModuleType):
        return False
    function = getattr(obj, "__wrapped__", obj)
    function = getattr(function, "__func__", function)
    if not isinstance(function, types.FunctionType) or not _followed(package):
        return False
    key = id(function)
    if key not in _verdicts:
        _verdicts[key] = False  # recursion guard
        _verdicts[key] = _code_needs_qt(function, depth)
    return _verdicts[key]


def _module_imports_qt(name: str) -> bool:
    """True when configurator module ``name`` imports Qt or pyqtgraph when it is loaded."""
    if name not in _module_verdicts:
        module = sys.modules.get(name)
        path = getattr(module, "__file__", None)
        found = False
        if path:
            tree = ast.parse(Path(path).read_text(encoding="utf-8"))
            for node in tree.body:
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                found = found or any(_in(n, QT_PACKAGES) for n in names)
        _module_verdicts[name] = found
    return _module_verdicts[name]


def _followed(package: str) -> bool:
    """Functions of the test modules are read; others are taken as Qt-free."""
    module = sys.modules.get(package)
    return "tests" in Path(getattr(module, "__file__", None) or "").parts


def _resolve(dotted: str, namespace: dict):
    head, *rest = dotted.split(".")
    obj = namespace.get(head, None)
    for part in rest:
        if obj is None:
            return None
        obj = getattr(obj, part, None)
    return obj


def _imported(node: ast.Import | ast.ImportFrom) -> list:
    """The objects an import statement inside a function binds (imported here to look at them)."""
    import importlib

    objects = []
    try:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _in(alias.name, QT_PACKAGES):
                    return [sys.modules.get(alias.name) or importlib.import_module(alias.name)]
            return objects
        if not node.module or node.level:
            return objects
        if _in(node.module, QT_PACKAGES):
            return [importlib.import_module(node.module)]
        module = importlib.import_module(node.module)
        for alias in node.names:
            value = getattr(module, alias.name, None)
            objects.append(value if value is not None else sys.modules.get(f"{node.module}.{alias.name}"))
    except Exception:  # noqa: BLE001 - a module that does not import is not ours to judge
        return objects
    return objects


def _code_needs_qt(function: types.FunctionType, depth: int) -> bool:
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return False
    namespace = dict(function.__globals__)
    if function.__closure__:
        for name, cell in zip(function.__code__.co_freevars, function.__closure__):
            try:
                namespace[name] = cell.cell_contents
            except ValueError:
                pass
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower().endswith(".pdf"):
            return True  # a PDF is laid out and painted by Qt (report/document.py)
        if isinstance(node, ast.Import | ast.ImportFrom):
            if any(_needs_qt(obj, depth + 1) for obj in _imported(node)):
                return True
        elif isinstance(node, ast.Attribute | ast.Name) and isinstance(node.ctx, ast.Load):
            try:
                dotted = ast.unparse(node)
            except Exception:  # noqa: BLE001
                continue
            if not all(part.isidentifier() for part in dotted.split(".")):
                continue
            if _needs_qt(_resolve(dotted, namespace), depth + 1):
                return True
    return False


def _item_needs_qt(item: pytest.Item) -> bool:
    if GUI_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    function = getattr(item, "obj", None)
    if function is not None and _needs_qt(function):
        return True
    info = getattr(item, "_fixtureinfo", None)
    for name in set(getattr(item, "fixturenames", ())) - NEUTRAL_FIXTURES:
        for definition in (info.name2fixturedefs.get(name, ()) if info else ()):
            if _needs_qt(getattr(definition, "func", None)):
                return True
    return False


def mark_gui_tests(items: list[pytest.Item]) -> None:
    """Add the ``gui`` marker to every collected test that needs Qt."""
    for item in items:
        if item.get_closest_marker("gui") is None and _item_needs_qt(item):
            item.add_marker(pytest.mark.gui)
