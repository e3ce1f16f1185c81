"""A layout as JSON, written in one place: the layout an estimate is of (``--json``'s
``layout``, each ranked card's) and each layout the training search evaluated
(``plan --json``'s ``layouts``) share their parallelism keys, in one order."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from configurator.core.workloads.training.search_answer import Layout
    from configurator.core.scenario import Scenario


def parallel_fields(tp: int, pp: int, vp: int, cp: int, ep: int, dp: int, zero: int | None,
                    recompute: str | None, micro_batch: int | None, grad_accum: int | None) -> dict:
    """The parallel degrees [count], ZeRO stage, recomputation and batch split of a layout
    (None where the workload has none: serving keeps no optimizer states)."""
    return {"tp": tp, "pp": pp, "vp": vp, "cp": cp, "ep": ep, "dp": dp, "zero": zero, "recompute": recompute,
            "micro_batch": micro_batch, "grad_accum": grad_accum}


def scenario_layout_to_dict(scenario: Scenario) -> dict:
    """The layout the estimate is of, with the fields the user pinned."""
    p, t = scenario.parallelism, scenario.training
    training = scenario.workload.is_training
    return {**parallel_fields(p.tp, p.pp, p.virtual_stages, p.cp if training else 1, p.ep, scenario.data_parallel,
                              p.zero if training else None, t.recompute.value if training else None,
                              t.micro_batch if training else None, t.grad_accum if training else None),
            "global_batch_tokens": scenario.global_batch_tokens if training else None,
            "sequences_per_replica": None if training else scenario.sequences_per_replica,
            "pinned": list(scenario.pinned)}


def searched_layout_to_dict(layout: Layout) -> dict:
    """One layout the training search evaluated (times in s, memory in GiB per card)."""
    return {**parallel_fields(layout.tp, layout.pp, layout.vp, layout.cp, layout.ep, layout.dp, layout.zero,
                              layout.recompute.value, layout.micro_batch, layout.grad_accum),
            "memory_gib": round(layout.memory_bytes / 2**30, 3), "step_time_s": round(layout.step_s, 6),
            "tokens_per_s": round(layout.tokens_per_s, 3), "mfu": round(layout.mfu, 4),
            "bubble_s": round(layout.bubble_s, 6), "exposed_comm_s": round(layout.exposed_comm_s, 6),
            "recompute_s": round(layout.recompute_s, 6), "loses_by": layout.loses_by}
