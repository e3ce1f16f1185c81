"""The answer a user waits on goes first (issue 28 part 3): the window's catalog pass gives way to
the recommendation panel's ranking of the same edit, for a bounded time, and the panel ranks as soon
as the window has the edited scenario's numbers rather than when its debounce ends."""

from __future__ import annotations

import threading
import time

from configurator.app import worker
from configurator.app.worker import LatestJob


def _giving_way(qtbot, foreground_work):
    """Run ``foreground_work`` as a foreground job and, once it runs, a job that gives way; return
    (seconds the second job waited, whether it was told it is cancelled)."""
    ahead, behind = LatestJob(foreground=True), LatestJob()
    started, waited = threading.Event(), []

    def first(context):
        started.set()
        return foreground_work()

    def second(context):
        started.wait(5)
        begun = time.perf_counter()
        cancelled = context.give_way()
        return time.perf_counter() - begun, cancelled

    ahead.submit(first)
    behind.submit(second)
    behind.finished.connect(waited.append)
    qtbot.waitUntil(lambda: bool(waited) and not ahead.busy, timeout=10_000)
    return waited[0]


def test_a_job_giving_way_waits_until_the_foreground_job_ends(qtbot):
    waited, cancelled = _giving_way(qtbot, lambda: time.sleep(0.3))
    assert 0.2 < waited < worker.GIVE_WAY_MAX_S and not cancelled


def test_a_job_gives_way_for_a_bounded_time(qtbot, monkeypatch):
    monkeypatch.setattr(worker, "GIVE_WAY_MAX_S", 0.1)
    waited, cancelled = _giving_way(qtbot, lambda: time.sleep(1.0))
    assert 0.08 < waited < 0.6 and not cancelled


def test_a_job_not_behind_a_foreground_job_does_not_wait(qtbot):
    job, done = LatestJob(), []
    job.finished.connect(done.append)

    def timed(context):
        begun = time.perf_counter()
        context.give_way()
        return time.perf_counter() - begun

    job.submit(timed)
    qtbot.waitUntil(lambda: bool(done), timeout=5_000)
    assert done[0] < 0.05


def test_the_panel_ranks_once_the_window_has_the_edited_scenarios_numbers(qtbot, window, monkeypatch):
    """A debounce far longer than the test waits: the ranking of the edit is whole all the same,
    started by the window's analysis (its step with the sweep over counts), not by the timer."""
    from configurator.app import recommend_requests

    monkeypatch.setattr(recommend_requests, "DEBOUNCE_MS", 60_000)
    window.toggle_recommendations(True)
    panel = window.recommend_panel
    panel.wait(120_000)
    before = panel.result
    controller = window.controller
    controller.apply("training.seq_len", 2 * controller.scenario.training.seq_len)  # asks the ranking anew
    qtbot.waitUntil(lambda: not panel.busy and panel.result is not before, timeout=30_000)
    assert not panel.partial and panel.result.ranked
    assert panel.result.ranked[0].estimate.scenario.training.seq_len == controller.scenario.training.seq_len
