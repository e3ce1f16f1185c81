"""Canonical scenarios whose whole `estimate --json` output is pinned in tests/data/golden
(issue: tests that pin the numbers). Refresh deliberately with `python tools/refresh_golden.py`
after a change that is meant to move numbers, and say before -> after in the commit."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

AUTO = LAYOUT_FIELDS


def _s(**parts) -> Scenario:
    model = parts.pop("model")
    return Scenario(model=preset(model), auto_layout=parts.pop("auto_layout", AUTO), **parts)


GOLDEN: dict[str, Scenario] = {
    "pretrain-8b-1xh100": _s(model="llama3-8b", workload="pretrain", card_id="h100-sxm", count=1,
                             training={"tokens": 1e10, "seq_len": 4096}),
    "pretrain-70b-1024xh100": _s(model="llama3-70b", workload="pretrain", card_id="h100-sxm", count=1024,
                                 training={"tokens": 2e12, "seq_len": 4096, "recipe": "megatron-mixed"}),
    "pretrain-7b-fixed-layout-64xa100": _s(model="llama2-7b", workload="pretrain", card_id="a100-sxm-80gb",
                                           count=64, auto_layout=(),
                                           parallelism={"tp": 2, "pp": 2, "zero": 1},
                                           training={"tokens": 1e12, "seq_len": 4096, "micro_batch": 2,
                                                     "grad_accum": 16, "recompute": "selective"}),
    "long-context-8b-128k-64xh100": _s(model="llama3-8b", workload="pretrain", card_id="h100-sxm", count=64,
                                       training={"tokens": 1e11, "seq_len": 131072}),
    "moe-mixtral-64xh100": _s(model="mixtral-8x7b", workload="pretrain", card_id="h100-sxm", count=64,
                              training={"tokens": 1e12, "seq_len": 4096}),
    "lora-8b-1xl40s": _s(model="llama3-8b", workload="lora", card_id="l40s", count=1,
                         training={"tokens": 1e8, "seq_len": 2048}),
    "qlora-70b-1xa100": _s(model="llama3-70b", workload="qlora", card_id="a100-sxm-80gb", count=1,
                           training={"tokens": 1e8, "seq_len": 2048}),
    "serve-70b-8xh100": _s(model="llama3-70b", workload="inference", card_id="h100-sxm", count=8,
                           serving={"concurrency": 200, "prompt_tokens": 1024, "output_tokens": 256},
                           constraints={"requests_per_s": 10, "tpot_ms": 50}),
    "serve-moe-deepseek-v3-16xh200": _s(model="deepseek-v3", workload="inference", card_id="h200-sxm", count=16,
                                        precision="fp8", serving={"concurrency": 64}),
    "vdi-200-users-l40s": _s(model="llama3-8b", workload="vdi", card_id="l40s", count=4,
                             graphics={"users": 200}),
    "transcode-300-streams-l4": _s(model="llama3-8b", workload="transcode", card_id="l4", count=4,
                                   graphics={"streams": 300}),
    "render-2000-frames-rtx6000ada": _s(model="llama3-8b", workload="render", card_id="rtx-6000-ada", count=4,
                                        graphics={"frames": 2000}),
}
