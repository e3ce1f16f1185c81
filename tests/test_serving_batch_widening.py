"""The batch search's widening past the rate (:func:`~configurator.core.workloads.serving.plan.
wider_ranks_higher`): a copy that carries the stated rate doubles its batch cap while the wider
copy ranks higher as the search ranks layouts — a shorter worst miss, or the same miss and a
higher request rate within the targets (the goodput where a latency target holds, else the
capacity) — changes within the load model's resolution counted as none. Before, the cap
doubled while the worst miss shrank at all: it went on over changes of 1e-9 (the mean step's
numerics) and stopped on the same numerics' rises even where the wider cap carried 11 % more."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate, with_count
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.workloads.serving.plan import recording_evaluated
from configurator.core.workloads.serving.weighing import LOAD_RESOLUTION, target_miss
from configurator.core.workloads.serving.weighing import wider_ranks_higher as _wider_ranks_higher


def wider_ranks_higher(miss: float, rate: float, wider_miss: float, wider_rate: float,
                       goodput: bool = False) -> bool:
    """The weighing's rule on two misses and the two rates the rank reads [1/s] (``goodput``: the
    rates are goodputs, taken under a stated rate and latency targets; else what the users send)."""
    return _wider_ranks_higher(miss, SimpleNamespace(goodput_per_s=rate), wider_miss,
                               SimpleNamespace(goodput_per_s=wider_rate, goodput=wider_rate if goodput else None))


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def test_noise_in_the_miss_alone_does_not_widen():
    """Misses read on the README's serving question, two doublings apart (rate unchanged)."""
    assert not wider_ranks_higher(0.16942772074, 20.0, 0.16942771919, 20.0)
    assert not wider_ranks_higher(0.16942771919, 20.0, 0.16942771189, 20.0 * (1 + LOAD_RESOLUTION / 2))


def test_a_real_shortening_of_the_miss_widens_whatever_the_rate():
    assert wider_ranks_higher(0.2654, 20.0, 0.2584, 20.0)
    assert wider_ranks_higher(0.2654, 20.0, 0.2584, 19.0)


def test_the_same_miss_and_more_requests_widens_and_a_longer_miss_does_not():
    """The rank's next place after the miss is the request rate: within the resolution either way
    (a rise of 1.6e-6, as read on the README question) the wider copy that carries 3 % more ranks
    higher; a miss longer by 0.8 % does not, whatever it carries."""
    assert wider_ranks_higher(2.1635739986, 21.31, 2.1635790365, 21.95)
    assert wider_ranks_higher(0.0771009541, 86.46, 0.0771009705, 95.87)
    assert not wider_ranks_higher(0.7455366164, 20.59, 0.7588995910, 22.40)


def test_under_a_stated_rate_a_tie_on_the_miss_is_not_broken_by_the_goodput():
    """Two copies that miss a target by as much: a wider one that carries more within the targets
    does not rank higher (it still misses); one that meets every target does (its goodput is at
    least the stated rate, which the narrower does not reach), even by a miss within the resolution."""
    assert not wider_ranks_higher(0.0771009541, 8.0, 0.0771009705, 9.5, goodput=True)
    assert wider_ranks_higher(0.00005, 8.0, 0.0, 9.5, goodput=True)
    assert wider_ranks_higher(0.0771009541, 8.0, 0.0771009705, 9.5)  # the users' load alone: as before


def _rate10(card_id: str) -> Scenario:
    """10 requests/s of Llama 3 70B FP8 on TensorRT-LLM, 4,000/500 tokens, TTFT 1 s, TPOT 50 ms."""
    return Scenario.model_validate({
        "workload": "inference", "model": preset("llama3-70b").model_dump(), "card_id": card_id,
        "precision": "fp8", "auto_layout": list(LAYOUT_FIELDS),
        "serving": {"prompt_tokens": 4000, "output_tokens": 500, "engine": "tensorrt-llm"},
        "constraints": {"requests_per_s": 10, "ttft_ms": 1000, "tpot_ms": 50}})


@pytest.mark.parametrize(("card_id", "count"), [("rtx-6000-ada", 1024), ("h200-sxm", 12), ("gaudi2", 40),
                                                ("h100-sxm", 14), ("h200-nvl", 16)])
def test_the_search_and_the_recorded_search_settle_on_the_same_plan(catalog, card_id, count):
    """The plain search and the one whose layouts are recorded (every layout timed) settle on the
    same plan."""
    s, card = with_count(_rate10(card_id), count), catalog.get(card_id)
    leaped = estimate(s, card)
    stepped, _ = recording_evaluated(s, card)
    assert leaped.scenario == stepped.scenario
    assert leaped.serving.requests_per_s == stepped.serving.requests_per_s


def test_a_wider_cap_at_the_same_miss_and_no_more_goodput_is_not_taken(catalog):
    """10 requests/s of Llama 3 70B FP8 on TensorRT-LLM (4,000/500 tokens, TTFT 1 s, TPOT 50 ms) on
    1,024 RTX 6000 Ada: 128 copies of TP 8 carry the rate and miss the first-token target by 5.4 %
    at every cap (an idle copy's first token takes 1.03 s), so none carries any request within the
    targets (goodput 0). The rank reads the goodput after the miss, so a wider cap ranks no higher:
    the search keeps the narrowest cap that carries the rate. While it read the capacity (36.7
    requests/s at 4, 105.6 at 389) it widened to 389."""
    s = _rate10("rtx-6000-ada")
    card = catalog.get("rtx-6000-ada")
    chosen = estimate(with_count(s, 1024), card)
    at_32 = estimate(chosen.scenario.model_copy(update={
        "serving": chosen.scenario.serving.model_copy(update={"max_batch": 32}), "auto_layout": set()}), card)
    miss, miss_32 = target_miss(chosen.scenario, chosen.serving), target_miss(at_32.scenario, at_32.serving)
    assert chosen.fits and at_32.fits and miss > 0.0
    assert chosen.scenario.serving.max_batch < 32
    assert abs((1 + miss) / (1 + miss_32) - 1) <= LOAD_RESOLUTION
    assert chosen.serving.goodput_per_s == at_32.serving.goodput_per_s == 0.0
    assert at_32.serving.requests_per_s > 2 * chosen.serving.requests_per_s  # the capacity alone would widen


def test_one_try_past_the_users_when_it_changes_nothing(catalog):
    """Llama 3 70B for 200 users on 8 L40S (the trade-off chart's question): every user holds a slot
    once the cap reaches the users per copy, so a wider cap serves them no faster and carries no
    more: the search tries one doubling past them and keeps the narrower cap. Before, it went on
    to 515 per copy of 200 users (the miss shorter by 1e-5) and drew those layouts on the chart."""
    args = build_parser().parse_args(["plan", "--workload", "inference", "--model", "llama3-70b",
                                      "--card", "l40s", "--concurrency", "200", "--count", "8"])
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    chosen, weighed = recording_evaluated(scenario, catalog.get("l40s"), explore=True)
    assert weighed and chosen.scenario.serving.max_batch <= 200 // chosen.scenario.data_parallel
    assert all(e.scenario.serving.max_batch <= 2 * -(-200 // e.scenario.data_parallel) for e in weighed)
