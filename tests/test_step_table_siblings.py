"""Step tables of one copy at another engine step (``max_batched_tokens``, the engine-step search's
candidates) share the decode step, its times and roofline parts, and the prefill times that read the
step only as the prompt's chunk (configurator.core.decode_step_table: ``_kept_table``,
``PROMPT_CHUNK_READERS``), issue 28: the shared numbers are those a table of its own works out,
bit for bit, on every catalog card, dense and MoE, SGLang (prefill passes of their own), llama.cpp
(dequantized prompts) and speculative decoding; and what a sibling gives is what the function gives."""

from __future__ import annotations

import pytest

from configurator.core import prefill_time
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.decode_step_table import PROMPT_CHUNK_MODULE, PROMPT_CHUNK_READERS, copy_step_table
from configurator.core.estimate import clear_estimate_memo
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_step_costs import step_costs
from configurator.core.workloads.serving.edits import with_serving
from configurator.core.workloads.serving.plan import CHUNK_SIZES

CATALOG = load_bundled_catalog()

SCENARIOS = {
    "70B": dict(model="llama3-70b", serving={"concurrency": 200}, constraints={"requests_per_s": 20, "tpot_ms": 50}),
    "8B cached": dict(model="llama3-8b", serving={"concurrency": 64, "prompt_tokens": 3000, "prefix_hit_rate": 0.5}),
    "8B SGLang": dict(model="llama3-8b", serving={"concurrency": 64, "engine": "sglang", "prompt_tokens": 700}),
    "8B llama.cpp": dict(model="llama3-8b", precision="int4", serving={"concurrency": 8, "engine": "llama.cpp"}),
    "8B speculative": dict(model="llama3-8b", serving={"concurrency": 32, "speculative_tokens": 3,
                                                       "prompt_tokens": 3000}),
    "Mixtral": dict(model="mixtral-8x7b", serving={"concurrency": 100, "prompt_tokens": 300}),
}


def _scenario(kw: dict, card, tp: int) -> Scenario | None:
    kw = dict(kw)
    try:
        return Scenario(card_id=card.id, count=tp, workload="inference", model=preset(kw.pop("model")),
                        parallelism={"tp": tp}, **kw)
    except ValueError:
        return None


def test_the_readers_are_the_prefill_functions():
    """Every name in PROMPT_CHUNK_READERS is a prefill time of prefill_time.py (a name that moved
    away would silently stop sharing; one that came in by mistake would share wrongly)."""
    for name in PROMPT_CHUNK_READERS:
        fn = getattr(prefill_time, name)
        assert fn.__name__ == name and fn.__module__ == PROMPT_CHUNK_MODULE


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_the_prompt_chunk_readers_give_one_number_per_prompt_chunk(name):
    """On every card and at tensor parallel 1 and 2: each reader gives the same number at two engine
    steps whose prompt chunk ``min(P, step)`` is the same (the read traced in prefill_time.py)."""
    checked = 0
    for card in CATALOG.cards:
        for tp in (1, 2):
            base = _scenario(SCENARIOS[name], card, tp)
            if base is None:
                continue
            plan = plan_serving(base, card)
            if plan.math is None or not card.peak_tflops(plan.math) or not card.bandwidth_gbps:
                continue
            prompt = prefill_time.uncached_prompt_tokens(base)
            assert prompt <= base.serving.prompt_tokens  # what the tables compare the steps with
            by_chunk: dict[int, dict[int, tuple]] = {}
            for chunk in CHUNK_SIZES:
                s = with_serving(base, max_batched_tokens=chunk)
                values = tuple(getattr(prefill_time, f)(s, card, plan) for f in sorted(PROMPT_CHUNK_READERS))
                by_chunk.setdefault(min(prompt, chunk), {})[chunk] = values
            for group in by_chunk.values():
                assert len(set(group.values())) == 1, (card.id, tp, group)
                checked += len(group) > 1
    assert checked > 10


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_sibling_table_gives_a_table_of_its_own_numbers(name):
    """The step costs of a table made after its sibling at another step equal, bit for bit, those of
    a table made alone (the tables cleared between), at a few batches, on a card of each kind."""
    for card_id in ("h100-sxm", "l40s", "mi300x", "a10", "rtx-4090"):
        card = CATALOG.get(card_id)
        base = _scenario(SCENARIOS[name], card, 1)
        if base is None:
            continue
        plan = plan_serving(base, card)
        kv = base.serving.prompt_tokens + base.serving.output_tokens // 2
        for first, then in ((8192, 4096), (8192, 512), (512, 16384), (2048, 1024)):
            a, b = with_serving(base, max_batched_tokens=first), with_serving(base, max_batched_tokens=then)
            clear_estimate_memo()
            alone = copy_step_table(b, card, plan, kv)
            want = [_numbers(step_costs(b, card, plan, n, alone)) for n in (1, 7, 64, 300)]
            clear_estimate_memo()
            step_costs(a, card, plan, 64, copy_step_table(a, card, plan, kv))
            shared = copy_step_table(b, card, plan, kv)
            assert shared.sibling is not None and shared.step is shared.sibling.step
            assert [_numbers(step_costs(b, card, plan, n, shared)) for n in (1, 7, 64, 300)] == want


def _numbers(costs) -> tuple:
    """A step costs' numbers, its decode step read at a few points."""
    return (costs.prompt_token_s, costs.chunk_s, costs.prompt_tokens, costs.max_batch, costs.step_tokens,
            costs.decode_bound, costs.own_pass_s, costs.prompt_read_s,
            *(costs.decode_s(n) for n in (0.5, 1.0, 3.3, 17.0, costs.max_batch)))
