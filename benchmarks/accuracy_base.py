"""What every accuracy row is built from: the row record, the bundled catalog, the targets, and the
model shapes and engine settings the sources name (shared by ``accuracy.py`` and ``accuracy_serving.py``)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import load_bundled_catalog
from configurator.core.engines import Engine, EngineProfile, at_build
from configurator.core.formulas.efficiency import ASSUMPTION_DEFAULTS
from configurator.core.scenario import Scenario, Workload, updated

CATALOG = load_bundled_catalog()
TARGETS = {"memory": 10.0, "memory-reserve": 10.0, "prefill-memory": 10.0, "train-throughput": 25.0,
           "train-planner": 25.0, "train-time": 25.0, "prefill": 25.0, "decode": 25.0, "serving-throughput": 25.0,
           "serving-server": 25.0, "serving-offline": 25.0, "serving-latency": 25.0}
"""Accuracy targets per kind (issue: memory ±10 %, speed ±25 %) [%]."""

CAPACITY_MISS = math.inf
"""The prediction of a latency row whose run's arrival rate exceeds the capacity the load model predicts for the
copy [ms]: past its capacity a copy's queue grows without bound (``configurator.core.load.load_point`` marks the
point overloaded), so the model predicts no finite latency for the run. Such a row is kept and counted, a
*capacity miss*, never dropped: dropping it would take a median over a row set that changes with the defaults,
and a pessimistic variant would lose exactly its worst rows. Its error is +∞ (:attr:`Row.error_pct`): over any
target (``within target`` counts it out) and larger than every finite error, so a kind's median |error| is the
order statistic over *all* its rows (infinite where half or more of them miss; a median of an even count takes
the mean of the two middle errors, infinite where either misses) and its max is a miss where any row misses."""


@dataclass
class Row:
    source: str
    row_id: str
    kind: str
    quantity: str
    predicted: float
    measured: float
    note: str = ""
    scenario: Scenario | None = None
    group: str = ""
    """Recipe and recomputation of a measured training row (memory is reported per group)."""
    peak: tuple[float, float] | None = None
    """Predicted and measured peak allocated memory [GiB] (what the allocator's reserve sits on)."""
    publication: str = ""
    """The publication or measurement campaign the row comes from ('h200-rig', 'llm-foundry' …):
    the unit the leave-one-source-out check holds out (``loso.py``)."""
    generation: str = ""
    """The engine generation the run belongs to (``configurator.core.engine_generations``: a held-out row's,
    from what its setup states; empty for the calibration rows), by which the held-out errors are split."""

    @property
    def key(self) -> str:
        """The row's name across the benchmark: ``source:row_id``."""
        return f"{self.source}:{self.row_id}"

    @property
    def error_pct(self) -> float:
        """Signed error [%]: ``100·(predicted − measured) / measured``; +∞ for a capacity miss
        (:data:`CAPACITY_MISS`)."""
        return 100.0 * (self.predicted - self.measured) / self.measured

    @property
    def capacity_miss(self) -> bool:
        """Whether the row is a capacity miss (:data:`CAPACITY_MISS`): a latency the load model cannot
        predict, the run's rate being past the copy's predicted capacity."""
        return math.isinf(self.predicted)

    @property
    def cards(self) -> int:
        """Cards the row ran on: its scenario's count (a row without one ran on a single H200)."""
        return self.scenario.count if self.scenario is not None else 1


def misses(rows: Iterable[Row]) -> int:
    """How many of ``rows`` are capacity misses (:attr:`Row.capacity_miss`)."""
    return sum(r.capacity_miss for r in rows)


def misses_text(count: int) -> str:
    """`` (N capacity misses)`` after a figure where ``count`` of its rows miss, else nothing."""
    return f" ({count} capacity miss{'es' if count > 1 else ''})" if count else ""


def percent(value: float, width: int = 0) -> str:
    """An error figure as the reports print it [%]: one decimal, or ``miss`` where it is a capacity miss's
    (:data:`CAPACITY_MISS`: infinite), right-aligned in ``width`` characters."""
    return f"{'miss' if math.isinf(value) else f'{value:.1f}':>{width}}"


def capacity_miss_note(rate: float, limit: float) -> str:
    """What a capacity miss's row says: the run's arrival rate against the predicted capacity of a copy
    [requests/s]."""
    return (f"capacity miss: the run's {rate:.2f} requests/s a copy exceed its predicted capacity {limit:.2f}; "
            "the load model's queue grows without bound, so no finite latency is predicted (counted over target "
            "and above every finite error: accuracy_base.CAPACITY_MISS)")


HELD_OUT_SOURCE = "held-out"
"""``Row.source`` of the held-out rows (``benchmarks/data/held-out.json``: ``accuracy_heldout.py``,
``heldout_training.py``, ``heldout_decode.py``)."""


# ---- model shapes named by the sources ----------------------------------------------------


def gpt(layers: int, hidden: int, heads: int, vocab: int = 51200, positions: int = 2048) -> ModelArchitecture:
    """Megatron-LM GPT: 4h GELU MLP, LayerNorm, biases, learned positions (Narayanan et al. 2021)."""
    return ModelArchitecture(name=f"gpt-{layers}x{hidden}", n_layers=layers, hidden=hidden, n_heads=heads,
                             ffn=4 * hidden, gated_mlp=False, vocab=vocab, tied_embeddings=True,
                             attention_bias=True, mlp_bias=True, norm="layernorm", position_embeddings=positions)


def mpt(layers: int, hidden: int, heads: int) -> ModelArchitecture:
    """MosaicML MPT: 4h GELU MLP, no biases, ALiBi, tied 50432-token vocabulary (llm-foundry yamls)."""
    return ModelArchitecture(name=f"mpt-{layers}x{hidden}", n_layers=layers, hidden=hidden, n_heads=heads,
                             ffn=4 * hidden, gated_mlp=False, vocab=50432, tied_embeddings=True, norm="layernorm")


LLAMA1_65B = ModelArchitecture(name="llama1-65b", n_layers=80, hidden=8192, n_heads=64, ffn=22016, vocab=32000)
FALCON_180B = ModelArchitecture(name="falcon-180b", n_layers=80, hidden=14848, n_heads=232, n_kv_heads=8,
                                ffn=4 * 14848, gated_mlp=False, vocab=65024, norm="layernorm")
GPTJ_6B = ModelArchitecture(name="gpt-j-6b", n_layers=28, hidden=4096, n_heads=16, ffn=16384, gated_mlp=False,
                            vocab=50400, norm="layernorm", mlp_bias=True)
MPT = {"125m": mpt(12, 768, 12), "1b": mpt(24, 2048, 16), "3b": mpt(32, 2560, 20), "7b": mpt(32, 4096, 32),
       "13b": mpt(40, 5120, 40), "30b": mpt(48, 7168, 56), "70b": mpt(80, 8192, 64)}
A100_NETWORK = {"network_gbps_per_card": 25.0}  # 8 × 200 Gb/s HDR InfiniBand (or 1600 Gb/s RoCE) per 8 GPUs


def scenario(model: ModelArchitecture, card: str, count: int, **parts) -> Scenario:
    """A row's scenario from what its source states, with the engine profiles in force
    (:func:`profiles_in_force`) passed in through ``Serving.engine_profile``."""
    return overridden(Scenario.model_validate({"model": model.model_dump(), "card_id": card, "count": count, **parts}))


# ---- publications ---------------------------------------------------------------------------

H200_RIG = "h200-rig"
"""The project's own H200 measurements (``h200-calibration.jsonl``), the first campaign (rows without
provenance): one source."""

H200_GRID = "h200-grid"
"""The same card measured by the prepared grid (``benchmarks/gpu_grid.py``, rows whose provenance names
it; 2026-12-04, two runs): another script, another day, so a source of its own for leave-one-source-out."""

H100_GRID = "h100-grid"
"""The same grid run on an H100 SXM (``h100-grid-2026-12-05*.jsonl``): a card no default was set from,
held out (``accuracy_rig_heldout.py``), never in a fit."""

PUBLICATIONS = (
    ("Narayanan et al. 2021", "megatron-lm-2021"), ("Korthikanti et al. 2022", "korthikanti-2022"),
    ("mosaicml/llm-foundry", "llm-foundry"), ("TinyLlama README", "tinyllama"), ("LLaMA paper", "llama-paper"),
    ("NVIDIA/TensorRT-LLM docs/source/performance.md", "tensorrt-llm-performance"),
    ("XiongjieDai/GPU-Benchmarks-on-LLM-Inference", "xiongjiedai-llama.cpp"),
    ("mlcommons/inference_results_v4.1", "mlperf-inference-v4.1"), ("ovg-project/kvcached", "kvcached-pr331"),
    ("sgl-project/sglang benchmark/benchmark_vllm_060", "sglang-v0.3.0-benchmark"), ("QLoRA paper", "qlora-paper"),
    ("Llama 3 paper", "llama3-paper"), ("DeepSeek-V3 Technical Report", "deepseek-v3-report"),
)
"""A published row's source text (its first words) → the publication it belongs to. Tables of one
document (Megatron-LM's Tables 1 and 2, TensorRT-LLM's performance page at v0.5, v0.6.1 and v0.9)
are one publication: the same authors, setup and methodology."""


def publication_of(source: str) -> str:
    """The publication a published row's ``source`` names (:data:`PUBLICATIONS`; otherwise the
    text before its first parenthesis or comma, as a slug)."""
    for prefix, name in PUBLICATIONS:
        if source.startswith(prefix):
            return name
    head = source.split("(")[0].split(",")[0].strip().lower()
    return "-".join(word for word in "".join(c if c.isalnum() else " " for c in head).split()) or "unnamed"


# ---- defaults set without a source's rows (leave-one-source-out, loso.py) -------------------

_PROFILES: dict[Engine, EngineProfile] = {}
"""Engine profiles in force in place of the shipped ones (empty: the shipped defaults)."""


@contextmanager
def profiles_in_force(profiles: Mapping[Engine, EngineProfile]) -> Iterator[None]:
    """Rows built inside run with ``profiles`` in place of the shipped engine profiles, passed
    through the public ``Serving.engine_profile`` (a profile refitted without a source's rows)."""
    before = dict(_PROFILES)
    _PROFILES.update(profiles)
    try:
        yield
    finally:
        _PROFILES.clear()
        _PROFILES.update(before)


_ASSUMPTIONS: dict[str, float] = {}
"""``Assumptions`` fields in force in place of their shipped defaults (empty: the shipped ones)."""


@contextmanager
def assumptions_in_force(values: Mapping[str, float]) -> Iterator[None]:
    """Rows built inside run with the ``Assumptions`` fields ``values`` in place of the shipped
    defaults of ``formulas/efficiency.py`` (a default refitted without a source's rows), set in
    each row's scenario as a user would set them."""
    before = dict(_ASSUMPTIONS)
    _ASSUMPTIONS.update(values)
    try:
        yield
    finally:
        _ASSUMPTIONS.clear()
        _ASSUMPTIONS.update(before)


def assumption_in_force(name: str) -> float:
    """The ``Assumptions`` field ``name`` in force: the refitted value inside
    :func:`assumptions_in_force`, else its shipped default (``formulas/efficiency.py``)."""
    return float(_ASSUMPTIONS.get(name, ASSUMPTION_DEFAULTS[name]))


def at_llama_cpp_build(s: Scenario, build: str) -> Scenario:
    """``s`` with llama.cpp's prompt path of ``build`` (a key of ``engines.LLAMA_CPP_BUILDS``) over the
    profile in force: a row measured on an older build is predicted with that build's kernels."""
    return updated(s, serving={"engine_profile": at_build(s.serving.profile, build)})


def overridden(s: Scenario) -> Scenario:
    """``s`` with the assumptions in force (:func:`assumptions_in_force`; no row sets a fitted one
    itself), and the profile in force for its engine, when one is and ``s`` names none of its own."""
    if _ASSUMPTIONS:
        s = updated(s, assumptions=dict(_ASSUMPTIONS))
    profile = _PROFILES.get(s.serving.engine)
    if profile is None or s.workload is not Workload.INFERENCE or s.serving.engine_profile is not None:
        return s
    return updated(s, serving={"engine_profile": profile})


# ---- H200 measurements --------------------------------------------------------------------

H200_ENGINE = {"engine": "transformers", "cuda_graphs": True}
"""The H200 prefill and decode rows: plain PyTorch, decode replayed from a CUDA graph."""
TRT = {"engine": "tensorrt-llm"}
TRT_SESSION_BENCHMARK = {**TRT, "cuda_graphs": False}
"""TensorRT-LLM's docs/source/performance.md rows (its v0.5-v0.9 tables: time to first token and static-batch
throughput): measured with benchmarks/cpp/gptSessionBenchmark as the page's commands run it, without
``--enable_cuda_graph`` (NVIDIA/TensorRT-LLM 138f96d4, the v0.6.1 page, and the v0.9.0 page), and the benchmark
replays steps from CUDA graphs only with that flag (027cd518 benchmarks/cpp/gptSessionBenchmark.cpp:
``enableCudaGraph = result.count("enable_cuda_graph") > 0``): eager steps. The profile's graphs are today's
engine's (on by default since NVIDIA/TensorRT-LLM pull request 5480, July 2025)."""
LLAMA_CPP = {"engine": "llama.cpp", "cuda_graphs": False}
"""llama.cpp rows of XiongjieDai's table: measured before llama.cpp's CUDA graphs (2024)."""
XIONGJIEDAI_BUILD = "2024-05"
"""The llama.cpp build of XiongjieDai's LLaMA 3 prompt rows (b2824-b2843, May 2024): the prompt path of
``engines.LLAMA_CPP_BUILDS['2024-05']`` (cuBLAS, FP16 accumulate, for every weight type). Its decode rows
(LLaMA 2, 2023) do not depend on the prompt path."""


BENCHMARK_EPILOG = "Run .venv/bin/python benchmarks/accuracy.py for the benchmark."
"""The ``--help`` epilog of every part of the accuracy benchmark."""


def part_of_the_benchmark(doc: str) -> None:
    """What a part of the benchmark does when run, not being a tool of its own: ``--help`` (its docstring's first
    line, :data:`BENCHMARK_EPILOG`), else a line saying what to run."""
    import argparse

    argparse.ArgumentParser(description=doc.splitlines()[0], epilog=BENCHMARK_EPILOG).parse_args()
    print("part of benchmarks/accuracy.py: run .venv/bin/python benchmarks/accuracy.py")


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
