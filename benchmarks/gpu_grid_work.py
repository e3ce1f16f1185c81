"""The work of the prepared grid's cases (``gpu_grid.py``): the model shapes measured, and the FLOPs and
bytes of each case, which the rows' ``model_flops`` and the plan use alike.

Standard library only, as ``gpu_grid.py`` (the machine with the GPU has no pydantic). Split out of
``gpu_grid.py`` in December 2026.
"""

from __future__ import annotations

GRID_EPILOG = "Run python3 benchmarks/gpu_grid.py for the grid."
"""The ``--help`` epilog of every part of the grid."""


def part_of_the_grid(doc: str) -> None:
    """What a part of the grid does when run, not being a tool of its own (torch may be absent): ``--help`` (its
    docstring ``doc``'s first line, :data:`GRID_EPILOG`), else a line saying what to run; then it exits."""
    import argparse

    argparse.ArgumentParser(description=doc.splitlines()[0], epilog=GRID_EPILOG).parse_args()
    print("part of benchmarks/gpu_grid.py: run python3 benchmarks/gpu_grid.py")
    raise SystemExit(0)


SHAPES: dict[str, dict[str, int | bool]] = {
    "llama3.2-1b": {"n_layers": 16, "hidden": 2048, "n_heads": 32, "n_kv_heads": 8, "head_dim": 64,
                    "ffn": 8192, "vocab": 128256, "tied_embeddings": True},
    "llama3.2-3b": {"n_layers": 28, "hidden": 3072, "n_heads": 24, "n_kv_heads": 8, "head_dim": 128,
                    "ffn": 8192, "vocab": 128256, "tied_embeddings": True},
    "llama3-8b": {"n_layers": 32, "hidden": 4096, "n_heads": 32, "n_kv_heads": 8, "head_dim": 128,
                  "ffn": 14336, "vocab": 128256, "tied_embeddings": False},
    "llama3-70b": {"n_layers": 80, "hidden": 8192, "n_heads": 64, "n_kv_heads": 8, "head_dim": 128,
                   "ffn": 28672, "vocab": 128256, "tied_embeddings": False},
}
"""The model shapes measured, copied from ``configurator.core.architecture.preset`` (the device has
no pydantic to import it; ``tests/test_gpu_grid.py`` checks the copy)."""


def layer_matmul_params(shape: dict) -> int:
    """Weights of one layer's matmuls: q, k, v, o and the gated MLP's three [count]."""
    h, q, kv = shape["hidden"], shape["n_heads"] * shape["head_dim"], shape["n_kv_heads"] * shape["head_dim"]
    return h * q + 2 * h * kv + q * h + 3 * h * shape["ffn"]


def forward_flops(shape: dict, batch: int, seq: int, last_only: bool) -> float:
    """FLOPs of one causal forward pass [FLOP]: ``2·tokens`` per matmul weight, causal attention
    ``2·b·s²·heads·head_dim`` per layer (QKᵀ and PV over the lower triangle) and the LM head over the last
    position (``last_only``) or every one (Kaplan et al. 2020 Table 1, with the causal half)."""
    tokens = batch * seq
    attention = 2.0 * batch * seq * seq * shape["n_heads"] * shape["head_dim"]
    head = 2.0 * shape["hidden"] * shape["vocab"] * (batch if last_only else tokens)
    return shape["n_layers"] * (2.0 * tokens * layer_matmul_params(shape) + attention) + head


def train_flops(shape: dict, batch: int, seq: int, recompute: str) -> float:
    """FLOPs of one training step [FLOP]: forward + backward = 3 forwards; full recomputation adds the
    layers' forward again, per-op selective about half the layers' matmuls (torchtitan recomputes every
    second one) (Korthikanti et al. 2022 §5)."""
    fwd = forward_flops(shape, batch, seq, last_only=False)
    layers = fwd - 2.0 * shape["hidden"] * shape["vocab"] * batch * seq
    matmuls = shape["n_layers"] * 2.0 * batch * seq * layer_matmul_params(shape)
    extra = {"none": 0.0, "selective": 0.5 * matmuls, "full": layers}[recompute]
    return 3.0 * fwd + extra


def gemm_bytes(m: int, n: int, k: int, element_bytes: float) -> float:
    """Bytes of ``x[m×k]``, ``W[n×k]`` and the bf16 output ``y[m×n]`` read or written once [B]."""
    return (m * k + n * k) * element_bytes + 2.0 * m * n


def kv_cache_bytes(shape: dict, batch: int, ctx: int) -> float:
    """Bytes of a bf16 KV cache of ``batch`` sequences of ``ctx`` tokens [B]: K and V per layer."""
    return 2.0 * shape["n_layers"] * batch * shape["n_kv_heads"] * ctx * shape["head_dim"] * 2.0


def weight_bytes(shape: dict) -> float:
    """Bytes of the bf16 weights one decode step reads [B]: every layer's matmuls and the output head
    (tied or not, the head is read once; the embedding row lookup is negligible)."""
    return 2.0 * (shape["n_layers"] * layer_matmul_params(shape) + shape["hidden"] * shape["vocab"])


def lora_flops(shape: dict, batch: int, seq: int, recompute: str) -> float:
    """FLOPs of one LoRA step [FLOP]: the forward, the backward's products for the inputs' gradients (one
    forward's worth: a frozen weight needs no gradient of its own), the layers' forward again under full
    recomputation; the rank-r adapters' own products are under 1 % at rank 16 and not counted."""
    fwd = forward_flops(shape, batch, seq, last_only=False)
    layers = fwd - 2.0 * shape["hidden"] * shape["vocab"] * batch * seq
    return 2.0 * fwd + (layers if recompute == "full" else 0.0)


if __name__ == "__main__":  # a part of the grid, not a tool of its own
    part_of_the_grid(__doc__)
