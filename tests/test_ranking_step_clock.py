"""The partial rankings of the panel and the wizard are spaced on the ranking thread's CPU time
(:data:`configurator.app.ranking_steps.STEP_CLOCK`): a loaded machine, which stretches the wall
time of every card, does not multiply the partial rankings drawn on the GUI thread (issue 28 part 3)."""

from __future__ import annotations

import time

from configurator.app import ranking_steps as steps_module
from configurator.app.ranking_steps import ranking_steps
from configurator.core.architecture import preset
from configurator.core.recommend import Filters, Objective
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

SERVE_8B = Scenario(model=preset("llama3-8b"), card_id="l40s", count=8, workload="inference",
                    auto_layout=LAYOUT_FIELDS)


def test_the_waits_are_read_on_the_ranking_threads_cpu_time():
    assert steps_module.STEP_CLOCK is time.thread_time


def test_wall_time_spent_off_the_processor_draws_no_more_partial_rankings(catalog):
    def sleeping() -> bool:  # 20 ms of wall time between two cards, none of this thread's CPU time
        time.sleep(0.02)
        return False

    cpu, wall = time.thread_time(), time.perf_counter()
    found = list(ranking_steps(SERVE_8B, catalog, Objective.TCO, Filters(), cancelled=sleeping, every_s=0.05))
    cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
    partial = [step for step in found if not step.final]
    assert found[-1].final and wall > 0.8  # on the wall clock: a partial ranking after 0.05, 0.1, 0.2, 0.4 s, …
    assert len(partial) <= 1 + int(cpu / 0.05)  # the first, then at most one per 0.05 s of the ranking's CPU time


def test_a_stopped_clock_shows_the_first_ranking_only(catalog, monkeypatch):
    monkeypatch.setattr(steps_module, "STEP_CLOCK", lambda: 0.0)
    found = list(ranking_steps(SERVE_8B, catalog, Objective.TCO, Filters(), every_s=0.0001))
    assert [step.final for step in found] == [False, True]
