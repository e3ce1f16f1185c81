"""The garbage collector paused during a serving deployment search
(:mod:`configurator.core.workloads.serving.collector`): on again afterwards where it was on, left
off where it was off, whatever the search returns or raises; and the searches are paused."""

from __future__ import annotations

import gc

import pytest

from configurator.core.workloads.serving import deployment
from configurator.core.workloads.serving.collector import collector_paused


@collector_paused
def _state(fail: bool = False) -> bool:
    if fail:
        raise ValueError("search failed")
    return gc.isenabled()


@pytest.fixture
def collecting():
    """Automatic collection on for the test (another test or the app's guard may have turned it
    off), as it was afterwards."""
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_during_the_search_and_on_again_after(collecting):
    assert gc.isenabled()
    assert _state() is False
    assert gc.isenabled()


def test_the_collector_is_on_again_when_the_search_raises(collecting):
    with pytest.raises(ValueError):
        _state(fail=True)
    assert gc.isenabled()


def test_a_collector_turned_off_by_someone_else_stays_off(collecting):
    """The desktop app's guard turns automatic collection off for good (app/gc_guard.py)."""
    gc.disable()
    assert _state() is False
    assert not gc.isenabled()
    gc.enable()


def test_the_deployment_searches_are_paused():
    for search in (deployment.serving_deployment, deployment.closest_serving_deployment):
        assert search.__wrapped__.__name__ == search.__name__
