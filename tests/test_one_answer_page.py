"""One answer on a page (session 44): a quantity written one way wherever it appears, and a warning
only where it is true.

- The ranking's "fastest option" line wrote the recommendation's time rounded then ``{x:,g}``
  ("推荐方案 4.6 天") beside the table's "4.60 天"; it now writes each time as the tables do.
- Mixtral 8x7B on 1 × H200 NVL read "meets" on page 1 and "Fits with only 0.1 % headroom: fragmentation or a
  longer sequence may overflow" on page 5: vLLM reserves its KV cache as one pool of its memory share, so a
  full pool is by design, and a sequence past it waits (preemption), it does not overflow.
"""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.catalog import load_catalog
from configurator.core.engines import TRANSFORMERS
from configurator.core.estimate import estimate
from configurator.core.memory import TIGHT_FIT_HEADROOM
from configurator.core.scenario import Scenario, Workload
from configurator.core.view.numbers import duration, milliseconds, significant
from configurator.core.workloads import family_of
from configurator.core.workloads.base import deadline_alternative

CATALOG = load_catalog()


def _number(text: str) -> str:
    """The number of a written quantity ("4.60\u00a0days" -> "4.60")."""
    return text.replace("\u00a0", " ").split(" ")[0]


@pytest.mark.parametrize("language, days, hours", [("en", "days", "h"), ("zh_CN", "天", "小时")])
@pytest.mark.parametrize("fastest_h, chosen_h", [(48.5, 4.6 * 24), (12.34, 30.04), (2.0 * 24, 100.0 * 24)])
def test_the_fastest_option_line_writes_times_as_the_tables(language, days, hours, fastest_h, chosen_h):
    said = deadline_alternative(fastest_h, CATALOG.get("h100-sxm"), 8, chosen_h).text_in(language)
    in_days = chosen_h > 48  # the line's one unit for both times
    for value in (fastest_h, chosen_h):  # three significant digits, trailing zeros kept, as the tables
        written = significant(value / 24 if in_days else value, language=language)
        assert f"{written} {days if in_days else hours}" in said, said
    assert _number(duration(chosen_h, language)) in said  # the duration column's own writing of the recommendation
    assert "4.6 天" not in said and "4.6 days" not in said


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_fastest_latency_line_writes_milliseconds_as_the_tables(language):
    said = family_of(Workload.INFERENCE).faster_alternative(0.0125, CATALOG.get("h100-sxm"), 4, 0.0570,
                                                             "p99").text_in(language)
    assert milliseconds(0.0570, language).replace("\u00a0", " ") in said.replace("\u00a0", " ")  # "57.0 ms"
    assert "57 ms" not in said


def _mixtral_on(card_id: str, engine: str | None = None) -> Scenario:
    argv = ["estimate", "--workload", "inference", "--model", "mixtral-8x7b", "--requests-per-s", "10",
            "--ttft-ms", "2s", "--latency-percentile", "99", "--card", card_id, "--count", "1"]
    args = build_parser().parse_args(argv + (["--engine", engine] if engine else []))
    return with_constraints(scenario_from_args(args, CATALOG), args)


def test_a_kv_pool_filled_by_design_is_not_called_a_tight_fit():
    """vLLM (the default engine) fills its 90 % share with the KV pool: 0.1 % left is the plan, not a risk."""
    scenario = _mixtral_on("h200-nvl")
    assert scenario.serving.profile.kv_pool_reserved
    est = estimate(scenario, CATALOG.get("h200-nvl"))
    assert est.fits and est.memory.headroom < TIGHT_FIT_HEADROOM  # the planner sized the batch to the pool
    assert not [m for m in est.messages if m.id == "tight-fit"]


def test_a_cache_that_grows_a_token_at_a_time_is_still_called_tight():
    """Hugging Face transformers grows its cache as it decodes: a longer answer can run out of memory."""
    assert not TRANSFORMERS.kv_pool_reserved
    est = estimate(_mixtral_on("h200-nvl", "transformers"), CATALOG.get("h200-nvl"))
    assert est.fits and est.memory.headroom < TIGHT_FIT_HEADROOM
    tight = [m for m in est.messages if m.id == "tight-fit"]
    assert tight and "may overflow" in tight[0].text
