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
    (300e9, 4_194_304, "LLaMA 33B/65B and Llama 2 70B: 4M tokens (Touvron et al. 2023, §2.2); "
                       "GPT-3 175B 3.2M (Brown et al. 2020, Table 2.1)"),
    (float("inf"), 16_777_216, "Llama 3 405B: 16M tokens from 2.87T of its 15.6T tokens on, after 4M "
                               "(sequences of 4,096) and 8M (sequences of 8,192) from 252M tokens (Llama 3 "
                               "report, Grattafiori et al. 2024, §3.4.1); Nemotron-4 340B 2,304 sequences "
                               "of 4,096 = 9.4M for 7.6T of its 9T tokens (Nemotron-4 340B report, 2024, "
                               "Table 2)"),
)
"""Default global batch of a dense model by parameter count: (below this many parameters, tokens,
source). Each row is the batch most of a published run's tokens saw: a run that ramps its batch up
is planned at the batch it ends on, which 82 % (Llama 3 405B) to 97 % (DeepSeek-V2, -V3) of its
tokens saw; a plan uses one batch, not a token-weighted step time. The 300 B boundary lies between
GPT-3 175B (3.2M) and the smallest recent run with a published batch, Nemotron-4 340B (9.4M); older
runs at 530-540 B (MT-NLG, PaLM) used 4M, recent ones 9.4M-16M: the row follows the recent ones."""

MOE_PUBLISHED_FROM = 200e9
"""Total parameters from which a mixture of experts takes :data:`MOE_GLOBAL_BATCH_BY_SIZE` [parameters];
below it (Mixtral 8x7B/8x22B publish no batch) the dense table by total parameters."""

MOE_GLOBAL_BATCH_BY_SIZE: tuple[tuple[float, int, str], ...] = (
    (400e9, 37_748_736, "DeepSeek-V2 236B total: 9,216 sequences of 4,096 = 37.7M tokens after a ramp "
                        "from 2,304 over its first 225B of 8.1T tokens (DeepSeek-V2 report, 2024, §3.2.1)"),
    (float("inf"), 62_914_560, "DeepSeek-V3 671B total: 15,360 sequences of 4,096 = 62.9M tokens after a "
                               "ramp from 3,072 over its first 469B of 14.8T tokens (DeepSeek-V3 report, "
                               "2024, §4.2)"),
)
"""Default global batch of a mixture of experts from :data:`MOE_PUBLISHED_FROM` total parameters:
(below this many total parameters, tokens, source), the batch most of the run's tokens saw. The
400 B boundary is the geometric middle of the two runs' sizes (236 B and 671 B)."""

FINE_TUNE_GLOBAL_BATCH_TOKENS = 262_144
"""Default global batch of a fine-tune (full, LoRA or QLoRA) [tokens per step]: Llama 2's supervised
fine-tuning, 64 sequences of 4,096 tokens (Touvron et al. 2023, "Llama 2", §3.1); a fine-tune's
dataset is millions of tokens, not trillions, and a pre-training batch (2M-4M tokens) would leave it
a handful of optimizer steps."""

MAX_GLOBAL_BATCH_TOKENS = 2**31
"""Upper bound a scenario accepts [tokens per step]: 2.1B, 34 × the largest batch in the tables above
(DeepSeek-V3's 62.9M: 15,360 sequences of 4,096 tokens, DeepSeek-V3 report §4.2)."""


def default_global_batch_tokens(n_params: float, fine_tune: bool = False, moe: bool = False) -> int:
    """Tokens per optimizer step practitioners use for a model of ``n_params`` parameters (total,
    for a mixture of experts, ``moe``): pre-training by size (:data:`GLOBAL_BATCH_BY_SIZE`; a mixture
    of experts of :data:`MOE_PUBLISHED_FROM` or more :data:`MOE_GLOBAL_BATCH_BY_SIZE`), a fine-tune
    :data:`FINE_TUNE_GLOBAL_BATCH_TOKENS` (at most the pre-training batch of that size)."""
    table = MOE_GLOBAL_BATCH_BY_SIZE if moe and n_params >= MOE_PUBLISHED_FROM else GLOBAL_BATCH_BY_SIZE
    pretrain = next(tokens for below, tokens, _ in table if n_params < below)
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
