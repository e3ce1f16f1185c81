"""The global batch of a training run: tokens per optimizer step, and its published defaults
(pre-training by model size, fine-tuning one recipe's).

The global batch is part of the training recipe (it sets the optimisation, not the hardware):
it is kept when the card count changes (to within 5 % where that lets the cards split it over
more data-parallel ranks: ``workloads.training.grid.BATCH_ROUNDING``), and micro-batch ×
accumulation × data-parallel width is derived from it.
"""

from __future__ import annotations

GLOBAL_BATCH_BY_SIZE: tuple[tuple[float, int, str], ...] = (
    (1.0e9, 524_288, "GPT-3 125M–760M: 0.5M tokens (Brown et al. 2020, Table 2.1)"),
    (5.0e9, 1_048_576, "GPT-3 1.3B and 2.7B: 1M tokens (Brown et al. 2020, Table 2.1)"),
    (20e9, 2_097_152, "GPT-3 6.7B and 13B: 2M tokens (Brown et al. 2020, Table 2.1)"),
    (float("inf"), 4_194_304, "LLaMA 33B/65B and Llama 2 70B: 4M tokens (Touvron et al. 2023, §2.2); "
                              "Llama 3 405B starts at 4M (Llama 3 report §3.4.1)"),
)
"""Default global batch by parameter count: (below this many parameters, tokens, source)."""

FINE_TUNE_GLOBAL_BATCH_TOKENS = 262_144
"""Default global batch of a fine-tune (full, LoRA or QLoRA) [tokens per step]: Llama 2's supervised
fine-tuning, 64 sequences of 4,096 tokens (Touvron et al. 2023, "Llama 2", §3.1); a fine-tune's
dataset is millions of tokens, not trillions, and a pre-training batch (2M-4M tokens) would leave it
a handful of optimizer steps."""

MAX_GLOBAL_BATCH_TOKENS = 2**31
"""Upper bound a scenario accepts [tokens per step] (DeepSeek-V3's 15.4M is the largest published)."""


def default_global_batch_tokens(n_params: float, fine_tune: bool = False) -> int:
    """Tokens per optimizer step practitioners use for a model of ``n_params`` parameters:
    pre-training by size (:data:`GLOBAL_BATCH_BY_SIZE`), a fine-tune
    :data:`FINE_TUNE_GLOBAL_BATCH_TOKENS` (at most the pre-training batch of that size)."""
    pretrain = next(tokens for below, tokens, _ in GLOBAL_BATCH_BY_SIZE if n_params < below)
    return min(pretrain, FINE_TUNE_GLOBAL_BATCH_TOKENS) if fine_tune else pretrain


def nearest_reachable_batches(sequences: int, seq_len: int, reachable: tuple[int, ...]) -> tuple[int, ...]:
    """The global batches [tokens] nearest below and nearest above ``sequences`` among the
    ``reachable`` sequence counts (a pinned accumulation reaches only width × micro-batch ×
    accumulation, no multiple), in order; one value when only one side has any. ``sequences``
    itself is never among them (it is what does not split)."""
    below = [n for n in reachable if n < sequences]
    above = [n for n in reachable if n > sequences]
    return tuple(n * seq_len for n in (max(below, default=0), min(above, default=0)) if n)


def nearest_splitting_batches(sequences: int, seq_len: int, widths: tuple[int, ...]) -> tuple[int, ...]:
    """The global batches [tokens] nearest below and nearest above ``sequences`` that split evenly
    over one of the data-parallel ``widths`` (at least one sequence per rank), in order; one value
    when the two agree or nothing splits below."""
    below = [sequences // dp * dp for dp in widths if sequences >= dp]
    above = [max(1, -(-sequences // dp)) * dp for dp in widths]  # a batch under one sequence: one per rank
    return tuple(sorted({n * seq_len for n in (max(below, default=0), min(above)) if n}))
