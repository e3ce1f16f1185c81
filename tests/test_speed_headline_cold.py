"""benchmarks/speed.py's headline of issue 28 is cold for serving too (issue 28's evidence: a cold
serving estimate under 150 µs; issue 27, part 7: every memo cleared before each timed call).

tests/test_speed_benchmark.py checks the main table's timed calls on training scenarios. The
headline's serving figures go through :func:`speed.cpu_best` and the serving memos (the serving
layout search's :class:`~configurator.core.memo.ScenarioMemo`, the copies' last-asked memos):
here those calls hit no memo, and :func:`speed.clear_memos` leaves nothing a new question could
find but the file loads and the pure functions of a catalog text that the benchmark says stay."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import speed  # noqa: E402
from test_speed_benchmark import _counting  # noqa: E402

from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.memo import LastAsked, LruMemo, ScenarioMemo  # noqa: E402
from configurator.core.workloads.training.search import plan_training_layout  # noqa: E402

SERVING_HEADLINE = [name for name, target in speed.HEADLINE_ESTIMATES.items() if target]
"""The headline's fixed-layout estimates with issue 28's target (the serving ones)."""

KEPT_FOR_THE_PROCESS = {
    # file loads ("File loads kept for the process ... stay", speed.clear_memos)
    "configurator.core.architecture.load_presets",
    "configurator.core.published_format._published",  # resources/models.json's published weight formats
    "configurator.core.procurement.prices.bundled_price_book",
    "configurator.core.procurement.nodes._node_items",  # the bundled price file's node items, read once
    "configurator.core.procurement.nodes._node_items_largest",  # their largest node by card, read once
    # pure functions of a catalog text (a date, a provider, a form factor): the same answer for any scenario
    "configurator.core.price_dates.period",
    "configurator.core.procurement.card_price._names_several_providers",
    "configurator.core.procurement.card_price._newest_first",
    "configurator.core.procurement.servers._housing",
    "configurator.core.procurement.servers._baseboard_items",  # the price file's named 8-way servers, read once
}
"""``functools`` caches of the core that :func:`speed.clear_memos` may leave filled [module.name]."""

IDENTITY_KEYED = {"configurator.core.procurement.bom._MEMO"}
"""Memos keyed by the scenario object itself (held by identity): a timed call reads its scenario
afresh, so none of what they keep can be found (speed.clear_memos' docstring)."""


@pytest.mark.parametrize("name", SERVING_HEADLINE)
def test_the_headline_serving_estimates_hit_no_memo(monkeypatch, name):
    assert SERVING_HEADLINE  # the headline has serving figures with a target
    hits = _counting(monkeypatch)
    scenario = speed.SCENARIOS[name]
    card = speed.CATALOG.get(scenario.card_id)
    cold, warm = [], []

    def recorded(into):
        def call(s):
            before = hits()
            estimate(s, card)
            into.append(hits() - before)
        return call

    speed.cpu_best(recorded(cold), scenario, 3)
    speed.timed_memo_hit(recorded(warm), scenario, 2)
    assert cold == [0, 0, 0]
    assert warm[1:] and all(n > 0 for n in warm[1:])  # the same question asked again does hit


def _module_globals():
    """(module.name, value) of every module-level value of the core's imported modules."""
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("configurator.core") and module is not None:
            for attr, value in list(vars(module).items()):
                yield f"{module_name}.{attr}", value


def _memos_and_caches():
    """(module.name, value) of the core's module-level memos, last-asked memos and ``functools``
    caches defined in their module."""
    for name, value in _module_globals():
        if isinstance(value, LruMemo | ScenarioMemo | LastAsked) or (
                hasattr(value, "cache_info") and getattr(value, "__module__", None) == name.rsplit(".", 1)[0]):
            yield name, value


def test_clearing_leaves_only_file_loads_and_pure_text_functions():
    """After serving and training estimates and a training layout search, :func:`speed.clear_memos`
    empties every memo of the core that a scenario's answer is kept in. What earlier tests of the
    same process left (a what-fits answer, a quoted price book) is forgotten first, so only what
    the benchmark's own calls keep is judged."""
    for name, value in _memos_and_caches():
        if hasattr(value, "cache_info"):
            if name not in KEPT_FOR_THE_PROCESS:
                value.cache_clear()
        else:
            value.clear()
    for scenario in speed.SCENARIOS.values():
        estimate(scenario, speed.CATALOG.get(scenario.card_id))
    plan = speed.PLANNED["pretrain 7B, 1T tokens, 30 days"]
    plan_training_layout(plan, speed.CATALOG.get(plan.card_id))

    speed.clear_memos()

    kept_memos, kept_caches, kept_last = [], [], []
    for name, value in _memos_and_caches():
        if isinstance(value, LruMemo | ScenarioMemo):
            if name not in IDENTITY_KEYED and len(value):
                kept_memos.append(name)
        elif isinstance(value, LastAsked):
            if value.kept is not value._empty:
                kept_last.append(name)
        elif value.cache_info().currsize and name not in KEPT_FOR_THE_PROCESS:
            kept_caches.append(name)
    assert kept_memos == [] and kept_last == [], (kept_memos, kept_last)
    assert kept_caches == [], (f"{kept_caches}: a cache the cold benchmark does not clear; clear it with the "
                               "estimate memo (matmul_shapes.clear_with_shapes) or, if it is a file load or a "
                               "pure function of a catalog text, name it in KEPT_FOR_THE_PROCESS")
