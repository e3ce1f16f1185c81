"""A serving search leaves no reference cycle behind: the layouts it weighs
(:class:`~configurator.core.workloads.serving.weighing.Weighed`) and their ranks are freed by
reference counting once the memos are cleared, not left for the garbage collector (the README's
serving recommendation left ~50,000 objects in cycles, ~1,900 layouts with their ranks)."""

from __future__ import annotations

import pytest

from own_interpreter import printed_by
from serving_cases import serving_question

README = {"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256}

QUESTIONS = {
    "README 16 x H100": serving_question("llama3-70b", "h100-sxm", 16, README, {"requests_per_s": 20, "tpot_ms": 50}),
    "README 12 x H100 (short)": serving_question("llama3-70b", "h100-sxm", 12, README,
                                                 {"requests_per_s": 20, "tpot_ms": 50}),
    "8B on 2 x L4, TTFT target": serving_question("llama3-8b", "l4", 2, {"concurrency": 32},
                                                  {"requests_per_s": 4, "ttft_ms": 200}),
}

_CYCLES_LEFT = """
import gc, sys
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.scenario import Scenario
s = Scenario.model_validate_json(sys.stdin.read())
card = load_bundled_catalog().get(s.card_id)
clear_estimate_memo()
gc.collect()
gc.disable()
found = estimate(s, card)
del found
clear_estimate_memo()
print(gc.collect())
"""
"""One searched estimate in an interpreter of its own: the objects the garbage collector finds
unreachable once the memos are cleared (printed)."""


@pytest.mark.parametrize("name", list(QUESTIONS))
def test_a_serving_search_leaves_no_reference_cycle(name):
    """Counted in an interpreter of its own (tests/own_interpreter.py says why)."""
    assert printed_by(_CYCLES_LEFT, QUESTIONS[name].model_dump_json()) == "0"
