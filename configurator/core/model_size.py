"""A model for a size typed in: the closest published preset, or a Llama-like shape that every
common layout can split."""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.architecture import MAX_PARAMS, MIN_PARAMS, ArchitectureError, ModelArchitecture, load_presets

PRESET_TOLERANCE = 0.10
"""A typed size within this share of a preset's parameter count takes the preset [1]. An
assumption of this program: sizes people type name published models ("7 B": Mistral 7B, 7.24 B;
Llama 2 7B, 6.74 B) whose counts differ from the round name by a few per cent."""

TENSOR_PARALLEL_DEGREES = (1, 2, 4, 8)
"""Tensor-parallel degrees a built shape must allow: one fast domain of up to 8 cards (HGX/DGX
baseboards) [cards]. Heads and KV heads are multiples of 8, so each degree splits them evenly."""

PIPELINE_DIVISOR = 4
"""Built shapes have a multiple of this many layers, so 1, 2 or 4 pipeline stages hold equal
shares [layers]."""

HEAD_DIM = 128
"""Per-head width of the Llama 2/3, Mistral and Qwen 2.5 families [elements]; 64 below 2,048
wide (GPT-2, TinyLlama-like widths)."""

KV_HEADS = 8
"""Grouped-query attention with 8 KV heads, as in Llama 3 (Dubey et al. 2024, Table 3) and
Mistral 7B (Jiang et al. 2023, Table 1)."""

WIDTH_PER_LAYER = 128
"""Llama-family aspect ratio: hidden ≈ 128 × layers (Llama 2 7B: 4,096 / 32) [elements/layer]."""

SHAPE_TOLERANCE = 0.05
"""A built shape's total may differ from the size asked by this share, so that its aspect ratio
can stay Llama-like [1] (an assumption: layers in steps of 4 change a 7 B total by about 9 %)."""

FFN_MULTIPLE = 256
"""The SwiGLU inner width 8/3 × hidden is rounded up to a multiple of 256 (Llama's
``multiple_of``, Touvron et al. 2023 reference code) [elements]."""


@dataclass(frozen=True)
class SizedModel:
    """The model used for a size typed in, and how it was found."""

    model: ModelArchitecture
    requested_params: float
    """The size asked for [parameters]."""
    preset_id: str | None
    """The preset taken, or None when the shape was built."""

    @property
    def params(self) -> float:
        """Parameters of the model used [parameters]."""
        return float(self.model.total_params())

    @property
    def relative_difference(self) -> float:
        """(used − asked) / asked [1]."""
        return self.params / self.requested_params - 1.0


SAME_SIZE = 0.001
"""Presets whose totals differ by at most this share are the same size for :func:`closest_preset` [1]."""


def closest_preset(n_params: float, tolerance: float = PRESET_TOLERANCE) -> tuple[str, ModelArchitecture] | None:
    """The dense preset whose total parameter count is nearest ``n_params`` [parameters] (by
    ratio), if within ``tolerance`` [1]; else None. Mixture-of-experts presets are left out: a
    size alone does not say a model is one. A preset of the size of one listed before it (within
    :data:`SAME_SIZE`: Llama 3.1 8B and Llama 3 8B, Qwen3-32B and Qwen2.5-32B) is left out too: a size
    does not tell them apart, and a newer preset would otherwise move a size's answer by a rounding."""
    best, sizes = None, []
    for preset_id, model in load_presets().items():
        total = model.total_params()
        if model.is_moe or any(abs(total / size - 1.0) <= SAME_SIZE for size in sizes):
            continue
        sizes.append(total)
        distance = abs(math.log(total / n_params))
        if best is None or distance < best[0]:
            best = (distance, preset_id, model)
    if best is None or best[0] > math.log1p(tolerance):
        return None
    return best[1], best[2]


def splittable_shape(n_params: float, vocab: int = 32000) -> ModelArchitecture:
    """A Llama-like decoder of about ``n_params`` parameters that tensor parallelism 1, 2, 4 and 8
    and 1, 2 or 4 pipeline stages can split evenly.

    Heads are a multiple of 8 at a head width of 128 (64 below 2,048 wide), 8 KV heads (fewer
    heads: as many KV heads as heads), layers a multiple of 4, SwiGLU inner width 8/3 × hidden
    rounded up to 256. Among the widths whose layer count brings the total within 5 % of
    ``n_params``, the one nearest the Llama aspect ratio (hidden ≈ 128 × layers) is taken; when
    none comes that close, the nearest total. ``vocab`` [tokens] defaults to Llama 2's 32,000.
    """
    if not MIN_PARAMS <= n_params <= MAX_PARAMS:
        raise ArchitectureError("parameter count must be between 1e6 and 1e13")
    candidates = []
    for heads in range(8, 1025, 8):
        head_dim = HEAD_DIM if heads * HEAD_DIM >= 2048 else 64
        hidden = heads * head_dim
        if hidden > 131072:
            break
        ffn = int(math.ceil(hidden * 8 / 3 / FFN_MULTIPLE) * FFN_MULTIPLE)
        probe = ModelArchitecture(n_layers=PIPELINE_DIVISOR, hidden=hidden, n_heads=heads,
                                  n_kv_heads=min(KV_HEADS, heads), ffn=ffn, vocab=vocab)
        per_layer = probe.dense_layer_params()
        fixed = probe.total_params() - PIPELINE_DIVISOR * per_layer
        steps = max(1, round((n_params - fixed) / per_layer / PIPELINE_DIVISOR))
        layers = min(steps * PIPELINE_DIVISOR, 1024)
        total = fixed + layers * per_layer
        error = abs(total / n_params - 1.0)
        aspect = abs(math.log(hidden / (WIDTH_PER_LAYER * layers)))
        candidates.append((error, aspect, layers, heads, hidden, ffn))
    close = [c for c in candidates if c[0] <= SHAPE_TOLERANCE]
    error, aspect, layers, heads, hidden, ffn = (min(close, key=lambda c: (c[1], c[0])) if close
                                                 else min(candidates))
    return ModelArchitecture(name=f"~{n_params / 1e9:.3g}B", n_layers=layers, hidden=hidden, n_heads=heads,
                             n_kv_heads=min(KV_HEADS, heads), ffn=ffn, vocab=vocab)


def model_for_size(n_params: float) -> SizedModel:
    """The closest preset within ``PRESET_TOLERANCE`` of ``n_params`` [parameters], else a built
    shape (``splittable_shape``)."""
    found = closest_preset(n_params)
    if found is not None:
        return SizedModel(found[1], n_params, found[0])
    return SizedModel(splittable_shape(n_params), n_params, None)
