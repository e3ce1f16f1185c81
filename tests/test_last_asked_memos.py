"""The serving estimate's last-asked memos (issue 28) give the numbers worked out afresh: the price
basis's one-pass pick is the policy's pick, a copy's collectives and fabric follow the scenario
and card asked, and parameter counts kept under a model's hash stay each model's own."""

from __future__ import annotations

from dataclasses import replace

import pytest

from configurator.core.architecture import clear_counts_memo, preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.currency import price_conversion
from configurator.core.decode_step import _tp_allreduce_args, _tp_allreduce_s, copy_fabric
from configurator.core.economics import clear_price_basis_memo, price_basis, used_params
from configurator.core.messages import msg
from configurator.core.price_basis import newer_flag
from configurator.core.formulas import communication as comm
from configurator.core.matmul_shapes import clear_shape_caches
from configurator.core.procurement import card_price
from configurator.core.scenario import Economics, Scenario, updated
from configurator.core.training_speed import fabric


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


@pytest.mark.parametrize("region", [None, "cn", "other"])
@pytest.mark.parametrize("economics", [Economics(currency="USD", usd_to_currency=1.0),
                                       Economics(currency="EUR", usd_to_currency=0.9),
                                       Economics(currency="CNY", usd_to_currency=7.2)])
def test_the_price_basis_picks_what_the_policy_picks_for_every_card(catalog, economics, region):
    on = card_price.today()
    cutoff = card_price.stale_before(on)

    def usable(entry):
        return price_conversion(entry.currency, economics) is not None

    for card_id in catalog.ids():
        card = catalog.get(card_id)
        clear_price_basis_memo()
        basis = price_basis(card, economics, region)
        expected = card_price.purchase_price(card, on, usable=usable, cutoff=cutoff)
        used = card_price.used_purchase_price(card, on, usable, cutoff)
        if expected is not None and used is not None:  # the current used price named in the scenario's money
            expected = replace(expected, flags=tuple(
                msg(card_price.USED_CURRENT, **used_params(used.entry, economics))
                if f.id == card_price.USED_CURRENT else f for f in expected.flags))
        if expected is not None:  # a newer, less sure price named in the scenario's money too
            expected = replace(expected, flags=tuple(
                newer_flag(card, expected.entry, f, economics, on) if f.id == card_price.NEWER_LESS_SURE else f
                for f in expected.flags))
        assert basis.card == expected, card_id
        assert basis.cloud == card_price.cloud_price(card, on, usable=usable, cutoff=cutoff,
                                                     markets=card_price.rent_markets(region)), card_id


def _serving(tp: int) -> Scenario:
    return Scenario.model_validate({"workload": "inference", "card_id": "h100-sxm", "count": tp,
                                    "model": preset("llama3-70b").model_dump(),
                                    "parallelism": {"tp": tp}})


def test_a_copys_collectives_follow_the_scenario_asked(catalog):
    clear_shape_caches()
    card = catalog.get("h100-sxm")
    for tp, tokens in ((2, 512), (8, 512), (2, 512), (8, 4096), (8, 4096)):
        scenario = _serving(tp)
        args = _tp_allreduce_args(scenario, card, 2.0)
        assert args[2] == tp
        assert _tp_allreduce_s(scenario, card, tokens, 2.0) == comm.tensor_parallel_seconds(tokens, *args)
    one = updated(_serving(2), parallelism={"tp": 1})
    assert _tp_allreduce_s(one, card, 512, 2.0) == 0.0


def test_the_last_fabric_is_the_cards_own(catalog):
    clear_shape_caches()
    a = _serving(8).assumptions
    for card_id in ("h100-sxm", "l40s", "h100-sxm"):
        card = catalog.get(card_id)
        for per_node in (8, 4, 8):
            assert copy_fabric(card, per_node, a) == fabric(card, per_node, a)


def test_counts_kept_under_a_hash_stay_each_models_own():
    clear_counts_memo()
    small, large = preset("llama3-8b"), preset("llama3-70b")
    first = (small.total_params(), large.total_params())
    again = (preset("llama3-8b").total_params(), preset("llama3-70b").total_params())
    assert first == again and first[0] != first[1]
    assert first[0] == 8_030_261_248


def test_the_estimate_memo_forgets_every_last_answer(catalog):
    """A :class:`~configurator.core.memo.LastAsked` is forgotten with the estimate memo (cold
    benchmarks stay cold), and every last-asked memo of the core's modules is one: a last answer
    kept as a module's list or tuple would outlive the memos."""
    import importlib
    import pkgutil
    import sys

    import configurator.core
    from configurator.core.estimate import clear_estimate_memo
    from configurator.core.memo import LastAsked

    made = LastAsked((None, None))
    made.kept = ("asked", "answer")
    clear_estimate_memo()
    assert made.kept == (None, None)
    for info in pkgutil.walk_packages(configurator.core.__path__, "configurator.core."):
        importlib.import_module(info.name)
    held_otherwise = [f"{name}.{field}" for name, module in sys.modules.items() if name.startswith("configurator.core")
                      for field, value in vars(module).items()
                      if field.startswith("_LAST_") and isinstance(value, (list, tuple))]
    assert held_otherwise == []
