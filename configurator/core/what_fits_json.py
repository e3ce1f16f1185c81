"""The answer to "what fits on the cards I own" (:mod:`configurator.core.what_fits`) as the JSON the
command line prints (``what-fits --json``: memory in GiB, times in s or h, rates in tokens/s): every
row, and the question it answers. Split from :mod:`configurator.core.what_fits` (December 2026), as the
estimate's JSON is :mod:`configurator.core.estimate_json`. Qt-free.
"""

from __future__ import annotations

from configurator.core.stated import significant
from configurator.core.units import GIB
from configurator.core.what_fits_types import TOKENS_PER_PARAM, FitRow, WhatFits


def _rounded(value: float | None, digits: int = 4) -> float | None:
    """``value`` to ``digits`` significant figures; None as it is."""
    return None if value is None else significant(value, digits)


def _layout(row: FitRow) -> dict | None:
    """The layout a row that fits runs: its parallel degrees, and training's recomputation, micro-batch,
    accumulation and global batch [tokens] and what it keeps in host memory (``offload``: null, "optimizer" or
    "optimizer+params"), or serving's batch per copy and KV-cache precision; None where it does not run."""
    est = row.estimate
    if est is None or not row.runs:
        return None
    s = est.scenario
    par = s.parallelism
    layout = {"tp": par.tp, "pp": par.pp, "ep": par.ep, "dp" if row.task.is_training else "copies":
              s.data_parallel}
    if row.task.is_training:
        layout |= {"cp": par.cp, "vp": par.virtual_stages, "zero": par.zero, "recompute": s.training.recompute.value,
                   "micro_batch": s.training.micro_batch, "grad_accum": s.training.grad_accum,
                   "global_batch_tokens": s.global_batch_tokens,
                   "offload": ("optimizer+params" if s.training.offload_params else "optimizer")
                   if s.training.offload_optimizer else None}
    else:
        layout |= {"batch_per_copy": s.sequences_per_replica, "kv_precision": s.serving.kv_precision and
                   s.serving.kv_precision.value}
    return layout


def row_to_dict(row: FitRow) -> dict:
    """One row for the JSON output (memory in GiB, times in s or h, rates in tokens/s); ``fits`` on the cards
    alone, a row that fits only with the CPU offload ``verdict`` "fits-offloaded" with ``host_gib_per_server``."""
    out = {"model": row.model.name, "size": row.model.size, "params": row.params,
           "active_params": row.active_params, "task": row.task.value, "precision": row.precision,
           "timed_at_precision": row.timed_at,  # the rate a training row is timed at where its own is unpublished
           "verdict": row.verdict.value, "fits": row.fits,
           "memory_gib": round(row.memory_bytes / GIB, 3), "usable_gib": round(row.usable_bytes / GIB, 3),
           "layout": _layout(row), "cards_used": row.cards_used or (row.estimate.scenario.count if row.estimate
                                                                      else None)}
    if row.host_bytes_per_server is not None:
        out["host_gib_per_server"] = round(row.host_bytes_per_server / GIB, 3)
    if row.training is not None:
        t = row.training
        out["training"] = {"tokens_per_s": _rounded(t.tokens_per_s), "tokens": t.tokens, "hours": _rounded(t.hours),
                           "mfu": _rounded(t.mfu, 3)}
    if row.serving is not None:
        s = row.serving
        out["serving"] = {"users": s.users, "users_in_memory": s.users_in_memory, "limited_by": s.limited_by.value,
                          "tokens_per_s_per_user": _rounded(s.tokens_per_s_per_user),
                          "tokens_per_s": _rounded(s.tokens_per_s), "ttft_s": _rounded(s.ttft_s),
                          "tpot_s": _rounded(s.tpot_s)}
    return out


def result_to_dict(answer: WhatFits) -> dict:
    """The whole answer for the CLI's ``what-fits --json``."""
    base, t = answer.base, answer.targets
    return {"card": {"id": answer.card.id, "name": answer.card.name, "count": answer.count,
                     "cards_per_node": base.parallelism.cards_per_node},
            "training": {"seq_len": base.training.seq_len, "finetune_tokens": base.training.tokens,
                         "pretrain_tokens_per_param": TOKENS_PER_PARAM["pretrain"]},
            "serving": {"engine": base.serving.engine.value, "context": base.serving.context_tokens,
                        "prompt_tokens": base.serving.prompt_tokens, "output_tokens": base.serving.output_tokens,
                        "targets": {"ttft_ms": t.ttft_ms, "tpot_ms": t.tpot_ms, "percentile": t.percentile}},
            "rows": [row_to_dict(r) for r in answer.rows], "seconds": round(answer.seconds, 3)}
