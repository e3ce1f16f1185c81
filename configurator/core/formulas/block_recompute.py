"""Full recomputation of the first N layers of each pipeline stage (Megatron-LM's block method).

Megatron-LM ``--recompute-granularity full --recompute-method block --recompute-num-layers N``
checkpoints the input of the first ``N`` layers of each model chunk and runs them again in
backward; the rest keep everything they save, as without recomputation
(``megatron/core/recompute.py``, the ``'block'`` branch of the checkpointed forward, and
``transformer_config.py`` ``recompute_num_layers``: "the number of transformer layers to recompute
within each pipeline stage", NVIDIA/Megatron-LM d98e8a64ddf34856e74b24714e3bedb2f5a39553). NeMo and
the MLPerf Training configs name it ``activations_checkpoint_num_layers`` (``ACM=block ACL=N``).
Each recomputed layer costs what it costs under full recomputation and keeps what it keeps there;
each other layer what it costs and keeps with none, so a stage's figures are the two settings'
mixed by the share of its layers recomputed.
"""

from __future__ import annotations

import numpy as np


def recomputed_layer_share(recompute_layers, chunk_layers):
    """Share of a model chunk's layers recomputed in full under the block method [1].

    ``min(N, L_chunk) / L_chunk``: Megatron-LM's block loop checkpoints layer ``i`` while
    ``i < N``, so an ``N`` at or above the chunk's layers recomputes every one.

    Parameters
    ----------
    recompute_layers : int or None
        Layers recomputed per model chunk ``N`` [count]; None: every layer (1).
    chunk_layers : int or array
        Layers of the pipeline stage's model chunk ``L_chunk`` [count].
    """
    if recompute_layers is None:
        return np.ones_like(np.asarray(chunk_layers, dtype=float)) if np.ndim(chunk_layers) else 1.0
    layers = np.maximum(np.asarray(chunk_layers, dtype=float), 1.0)
    share = np.minimum(float(recompute_layers), layers) / layers
    return share if np.ndim(share) else float(share)


def block_recompute_value(none_value, full_value, share):
    """A per-stage figure (kept bytes per layer [B], seconds [s]) under block recomputation:
    ``x_none + share·(x_full − x_none)``, the recomputed ``share`` of the layers at the full
    setting's figure and the rest at no recomputation's (module docstring)."""
    return none_value + share * (full_value - none_value)
