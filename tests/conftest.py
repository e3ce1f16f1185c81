"""Shared fixtures; Qt runs offscreen and user data goes to a temporary folder."""

from __future__ import annotations

import sys

import json
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from gui_marker import mark_gui_tests, qt_application_exists  # noqa: E402
from qt_teardown import release_qt_objects  # noqa: E402
from configurator.core.architecture import preset  # noqa: E402
from configurator.core.catalog import load_bundled_catalog  # noqa: E402
from configurator.core.scenario import Scenario  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_CONFIGURATOR_DATA_DIR", str(tmp_path / "userdata"))


@pytest.fixture(autouse=True)
def _no_blocking_error_dialog(request, monkeypatch):
    """An unexpected error message (e.g. from the window's error boundary) would wait forever
    for a click offscreen: it fails the test instead. Tests that expect one patch it again.
    Qt-free tests (no ``gui`` marker) do not load QtWidgets for it, unless an earlier test of the
    same process did: pytest-qt then delivers that test's late results in this one's setup, and an
    error dialog there hung the whole run (2026-12-02)."""
    if request.node.get_closest_marker("gui") is None and "PySide6.QtWidgets" not in sys.modules:
        yield
        return
    from PySide6.QtWidgets import QMessageBox

    def refuse(parent, title, text, *args, **kwargs):
        raise AssertionError(f"unexpected error dialog: {title}: {text}")

    monkeypatch.setattr(QMessageBox, "critical", refuse)
    yield


@pytest.fixture(scope="module", autouse=True)
def _estimates_kept_within_a_module():
    """Estimates are kept for reuse (core/estimate.py, ``MEMO_SIZE``) only within one test module:
    a module's tests run the code they check themselves, whatever ran before (and a mutation
    run's trace of which file runs which line stays true)."""
    from configurator.core.estimate import clear_estimate_memo

    clear_estimate_memo()
    yield


@pytest.fixture(scope="session")
def catalog():
    return load_bundled_catalog()


@pytest.fixture
def llama8b():
    return preset("llama3-8b")


@pytest.fixture
def training_scenario(llama8b):
    return Scenario(model=llama8b, card_id="h100-sxm", count=8, workload="finetune",
                    parallelism={"zero": 3}, training={"micro_batch": 2, "seq_len": 2048})


@pytest.fixture
def inference_scenario(llama8b):
    return Scenario(model=llama8b, card_id="l40s", count=1, workload="inference",
                    serving={"context": 4096, "concurrency": 16, "prompt_tokens": 1024, "output_tokens": 256})


@pytest.fixture
def controller():
    """The app's controller on the default scenario, analysed once (Qt objects: GUI tests only)."""
    from configurator.app.controller import ScenarioController
    from configurator.app.main import default_scenario
    from configurator.core.catalog import load_catalog

    c = ScenarioController(load_catalog(), default_scenario())
    c.recompute()
    return c


@pytest.fixture
def editor_on(qtbot):
    """A maker of the scenario editor on a scenario given, alone: its controller's first analysis held (the
    widgets need no estimate), the widget closed after the test (GUI tests only)."""
    from configurator.app.controller import ScenarioController
    from configurator.app.editor import ScenarioEditor
    from configurator.core.catalog import load_catalog

    def make(scenario: Scenario):
        controller = ScenarioController(load_catalog(), scenario)
        controller.hold_first_analysis()  # the widgets alone: no estimate is needed
        widget = ScenarioEditor(controller)
        qtbot.addWidget(widget)
        return widget

    return make


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, controller):
    """The main window on the analysed default scenario, shown, with its own settings file; a
    'save changes?' question answers Discard (English again afterwards: _english_after_each_test). A test
    module with a window of its own (another size, scenario or start) defines its own fixture."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app.main_window import MainWindow

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.show()
    return w


# ---- the ``gui`` marker: pytest -m "not gui" runs the Qt-free suite alone --------------------


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Once pytest has let go of a test's fixtures: a GUI test's Qt objects deleted and collected
    (tests/qt_teardown.py, which says why); after a Qt-free test run in a process that loaded Qt, a
    collection if one is due (automatic collection is off there: configurator/app/gc_guard.py;
    a test may not run the event loop long enough for the collector's timer)."""
    yield
    if item.get_closest_marker("gui") is None and "PySide6.QtWidgets" not in sys.modules:
        return
    from configurator.app.gc_guard import collect_on_gui_thread

    collector = collect_on_gui_thread()
    if item.get_closest_marker("gui") is not None:
        release_qt_objects()
    elif collector is not None:
        collector.collect_if_due()


@pytest.hookimpl(tryfirst=True)  # before -m selects on the marker
def pytest_collection_modifyitems(config, items):
    """Mark every test that needs Qt ``gui`` (see tests/gui_marker.py for how it is decided)."""
    mark_gui_tests(items)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """The interface language is the process's (app/i18n.py): a test that switches to Chinese and
    leaves it so made the next window come up in Chinese (test_layering's export check failed after
    test_no_stalls' early-chart switch, in that order only). Every test ends in English."""
    yield
    i18n = sys.modules.get("configurator.app.i18n")
    if i18n is not None and i18n.current_language() != "en":
        i18n.install_language("en")


IDLE_WORKERS_MEET_S = 0.05
"""Time within which idle worker threads both take a no-op job [s]."""


@pytest.fixture(autouse=True)
def _workers_idle_after_each_test():
    """A test's worker jobs end with it: after the test, wait (running the event loop, which the
    jobs' deliveries need) until every worker thread is free, at most 30 s. A serving search that
    tests/test_same_answer.py's controller left running was still on a worker during the next
    file's tests (session 18: its reference cycles failed test_step_costs_lazy's count; its CPU
    time lands in the next test's stall and latency figures)."""
    yield
    worker = sys.modules.get("configurator.app.worker")
    if worker is None or worker._EXECUTOR is None:
        return
    import threading
    import time

    from PySide6.QtWidgets import QApplication

    all_free = threading.Barrier(worker.WORKER_THREADS)
    waits = [worker._EXECUTOR.submit(all_free.wait, 20) for _ in range(worker.WORKER_THREADS)]
    app, start = QApplication.instance(), time.monotonic()
    while not all(w.done() for w in waits) and time.monotonic() - start < 30:
        # idle workers meet at once: the event loop is run only for busy ones (whose deliveries need
        # it), so the deferred deletions a test leaves are not run here, before the collection the
        # next teardown makes (a worker crashed in that collection once, on a clean clone's CI run)
        if app is not None and time.monotonic() - start > IDLE_WORKERS_MEET_S:
            app.processEvents()
        time.sleep(0.002)


@pytest.fixture(autouse=True)
def _qt_free_tests_stay_qt_free(request):
    """A test without the ``gui`` marker that starts a Qt application fails: it needs the marker
    (seen whenever it runs before any GUI test, as in ``pytest -m "not gui"``)."""
    before = qt_application_exists()
    yield
    if request.node.get_closest_marker("gui") is None and not before and qt_application_exists():
        pytest.fail("this test starts a Qt application: mark it @pytest.mark.gui", pytrace=False)


@pytest.fixture(scope="session")
def h200() -> list[dict]:
    """The H200 calibration rows of ``benchmarks/data/h200-calibration.jsonl`` (one dict per line)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "h200-calibration.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture
def chinese_window(qtbot, tmp_path, monkeypatch):
    """The main window on a first launch in Chinese (1280 x 800; a closing question answered 'Discard';
    English again afterwards)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)

    from configurator.app import i18n
    from configurator.app.main import build_main_window

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", "zh_CN")
    window = build_main_window(settings)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    yield window
    window.controller.undo_stack.setClean()
    i18n.install_language("en")
