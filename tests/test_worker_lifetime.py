"""A worker thread never delivers into a deleted object: the wizard opened, walked to its result
page and cancelled 1,000 times does not crash (issue 30: exit 139 in 3 of 4 runs before)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject

from configurator.app.worker import LatestJob

ROOT = Path(__file__).resolve().parent.parent


def delete_later_now() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def test_a_job_whose_owner_is_deleted_delivers_nothing(qtbot):
    """Owners deleted before, while and after their job runs and steps: no delivery reaches a
    deleted job, no worker waits for a paint that will not come, no crash."""
    delivered, started = [], threading.Event()
    for round_ in range(300):
        owner = QObject()
        job = LatestJob(owner)
        job.finished.connect(delivered.append)
        job.step.connect(delivered.append)

        def work(context, round_=round_):
            started.set()
            context.step(round_)  # waits for a paint (at most STEP_SETTLE_S) unless the job is gone
            time.sleep(0.0005 * (round_ % 3))
            return round_

        job.submit(work)
        if round_ % 3 == 1:
            started.wait(1)
        started.clear()
        owner.deleteLater()
        delete_later_now()
        assert not shiboken6.isValid(job)
    begun = time.perf_counter()
    while time.perf_counter() - begun < 1.0:  # every late delivery arrives (and is dropped)
        QCoreApplication.processEvents()
    assert delivered == []


def test_requests_of_a_deleted_job_never_run(qtbot):
    owner = QObject()
    job = LatestJob(owner)
    gate, ran = threading.Event(), []
    job.submit(lambda context: gate.wait(5))
    job.submit(lambda context: ran.append("pending"))  # waits for the first
    owner.deleteLater()
    delete_later_now()
    gate.set()
    begun = time.perf_counter()
    while time.perf_counter() - begun < 0.5:
        QCoreApplication.processEvents()
    assert ran == []


def test_a_job_cancelled_before_it_starts_does_no_work(qtbot):
    from configurator.app import worker

    blockers = [threading.Event() for _ in range(2)]
    for blocker in blockers:  # both worker threads busy: the next request waits in the queue
        worker.executor().submit(blocker.wait, 5)
    job, ran = LatestJob(), []
    job.submit(lambda context: ran.append("ran"))
    job.cancel()
    for blocker in blockers:
        blocker.set()
    begun = time.perf_counter()
    while time.perf_counter() - begun < 0.5:
        QCoreApplication.processEvents()
    assert not job.busy and ran == []


@pytest.mark.gui
def test_the_wizard_opened_walked_and_cancelled_1000_times_does_not_crash(tmp_path):
    """In a subprocess: a segfault fails this test instead of ending pytest."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               GPU_CONFIGURATOR_DATA_DIR=str(tmp_path / "userdata"))
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "wizard_cycles.py"), "1000"], env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    assert done.stdout.startswith("ok 1000 ")
