"""What every accuracy row is built from: the row record, the bundled catalog, the targets, and the
model shapes and engine settings the sources name (shared by ``accuracy.py`` and ``accuracy_serving.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import load_bundled_catalog
from configurator.core.scenario import Scenario

CATALOG = load_bundled_catalog()
TARGETS = {"memory": 10.0, "train-throughput": 25.0, "train-planner": 25.0, "train-time": 25.0, "prefill": 25.0,
           "decode": 25.0, "serving-throughput": 25.0, "serving-server": 25.0, "serving-offline": 25.0,
           "serving-latency": 25.0}
"""Accuracy targets per kind (issue: memory ±10 %, speed ±25 %) [%]."""


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

    @property
    def error_pct(self) -> float:
        return 100.0 * (self.predicted - self.measured) / self.measured

    @property
    def cards(self) -> int:
        """Cards the row ran on: its scenario's count (a row without one ran on a single H200)."""
        return self.scenario.count if self.scenario is not None else 1


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
    return Scenario.model_validate({"model": model.model_dump(), "card_id": card, "count": count, **parts})


# ---- H200 measurements --------------------------------------------------------------------

H200_ENGINE = {"engine": "transformers", "cuda_graphs": True}
"""The H200 prefill and decode rows: plain PyTorch, decode replayed from a CUDA graph."""
TRT = {"engine": "tensorrt-llm"}
LLAMA_CPP = {"engine": "llama.cpp", "cuda_graphs": False}
"""llama.cpp rows of XiongjieDai's table: measured before llama.cpp's CUDA graphs (2024)."""


if __name__ == "__main__":  # a part of the benchmark, not a tool of its own
    import argparse

    argparse.ArgumentParser(description=__doc__.splitlines()[0],
                            epilog="Run .venv/bin/python benchmarks/accuracy.py for the benchmark.").parse_args()
    print("part of benchmarks/accuracy.py: run .venv/bin/python benchmarks/accuracy.py")
