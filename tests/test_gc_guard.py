"""Garbage collection happens on the GUI thread only once worker threads exist (app/gc_guard.py):
a collection on a worker that frees a closed window deadlocked the suite (a worker in
QObject::~QObject under the collector, the GUI thread in QObject::connect)."""

from __future__ import annotations

import gc
import threading

from PySide6.QtCore import QObject

from configurator.app.gc_guard import collect_on_gui_thread
from configurator.app.worker import LatestJob, executor


def test_the_worker_threads_come_with_collection_on_the_gui_thread(qtbot):
    executor()
    assert collect_on_gui_thread() is not None
    assert not gc.isenabled()


def test_no_collection_runs_on_a_worker_thread(qtbot):
    executor()
    threads: list[str] = []

    def seen(phase, _info):
        if phase == "start":
            threads.append(threading.current_thread().name)

    def churn(_context):
        for _ in range(200_000):  # well past every generation's threshold, in cycles
            a: list = []
            a.append(a)
        return True

    gc.callbacks.append(seen)
    try:
        job = LatestJob()
        with qtbot.waitSignal(job.finished, timeout=60_000):
            job.submit(churn)
    finally:
        gc.callbacks.remove(seen)
    assert all(name == threading.main_thread().name for name in threads)


def test_a_cycle_holding_a_qt_object_is_freed_by_the_gui_threads_check(qtbot):
    executor()
    collector = collect_on_gui_thread()
    destroyed_on: list[str] = []
    holder = QObject()
    holder.cycle = holder  # a reference cycle through the Python wrapper: only the collector frees it
    holder.destroyed.connect(lambda *_: destroyed_on.append(threading.current_thread().name))
    del holder
    gc.collect(0)
    for _ in range(collector.thresholds[0] * 3):  # past the youngest generation's threshold
        cycle: list = []
        cycle.append(cycle)
    collector.collect_if_due()
    gc.collect()  # the older generations, in case the cycle was promoted
    assert destroyed_on == [threading.main_thread().name]
