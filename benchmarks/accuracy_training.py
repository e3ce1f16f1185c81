"""The published training rows' builders: a run's stated layout and the planner's layout for it, each
predicted as the quantity the source publishes (tokens/s per card, TFLOP/s per card, seconds an iteration,
GPU-hours per trillion tokens), and the Llama 3.1 405B runs' layout (part of ``accuracy.py``)."""

from __future__ import annotations

from collections.abc import Callable, Container

from accuracy_base import CATALOG, Row, overridden, part_of_the_benchmark, scenario
from accuracy_planner import FSDP_ONLY, MEGATRON_2021, PLANNER_KIND, planned
from configurator.core.architecture import ModelArchitecture, preset
from configurator.core.estimate import estimate
from configurator.core.scenario import AttentionKernel, Scenario, updated


def _eq3_flops_per_token(m: ModelArchitecture, seq: int) -> float:
    """Megatron-LM eq. 3 per token: ``96·L·h²·(1 + s/(6h) + V/(16·L·h))`` (counts recomputation)."""
    return 96 * m.n_layers * m.hidden**2 * (1 + seq / (6 * m.hidden) + m.vocab / (16 * m.n_layers * m.hidden))


def _train(model, card, count, *, tp=1, pp=1, v=1, zero=0, ep=1, mb=1, m=1, seq=2048, recompute="none",
           recipe="megatron-mixed", precision="bf16", network=None, expert_overlap=False, auto=(), flash=True,
           fp8_scaling="dynamic", pipeline_algorithm="1f1b", selective_policy="attention"):
    assumptions = {**(network or {})}
    return scenario(model, card, count, workload="pretrain", precision=precision, auto_layout=list(auto),
                    parallelism={"tp": tp, "pp": pp, "virtual_stages": v, "zero": zero, "ep": ep, "cards_per_node": 8},
                    training={"micro_batch": mb, "grad_accum": m, "seq_len": seq, "recompute": recompute,
                              "recipe": recipe, "expert_overlap": expert_overlap, "flash_attention": flash,
                              "fp8_scaling": fp8_scaling, "pipeline_algorithm": pipeline_algorithm,
                              "selective_policy": selective_policy},
                    assumptions=assumptions)


_PLANNER_ROWS = [True]
"""Whether the published training cases also run the planner (off while :func:`accuracy.rows_for_keys`
builds rows of other kinds only: a refit's rows)."""


def _both_modes(make_row: Callable[[Scenario, str], Row], s: Scenario,
                kept: Container[str] = ()) -> Callable[[dict], list[Row]]:
    """A published case evaluated with the stated layout and with the planner's (``s`` with the
    defaults then in force: ``accuracy_base.overridden``; the planner keeps the fields ``kept``)."""
    def case(r: dict) -> list[Row]:
        now = overridden(s)
        stated = make_row(now, "train-throughput")
        stated.measured = r["value"]
        if not _PLANNER_ROWS[0]:
            return [stated]
        auto = make_row(planned(now, kept), PLANNER_KIND)
        auto.measured = r["value"]
        p = auto.scenario.parallelism
        ep = f" ep {p.ep}" if p.ep > 1 else ""  # said for an MoE model's plan only: dense notes as they were
        auto.note = (f"planner: tp {p.tp} pp {p.pp} v {p.virtual_stages}{ep} zero {p.zero} "
                     f"{auto.scenario.training.recompute.value} mb {auto.scenario.training.micro_batch} "
                     f"× {auto.scenario.training.grad_accum}")
        return [stated, auto]
    return case


def _per_card(row_id, s, note="", kept=()):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        return Row("published", row_id, kind, "tokens/s/card", est.training.tokens_per_s_per_card, 0.0, note,
                   est.scenario)
    return _both_modes(row, s, kept)


FOUNDRY_ATTENTION = AttentionKernel.FLASH_ATTENTION_2
"""LLM Foundry's MPT runs its own layers with the flash-attn package ("our models use Flash Attention":
scripts/train/benchmarking/README.md, HFU), not Transformer Engine's attention; the rows keep the
megatron-mixed recipe for their states."""


def _foundry(row_id, s, note=""):
    """An LLM Foundry benchmark row: tokens/s per card, its planner row on FSDP alone (:data:`FSDP_ONLY`);
    attention by FlashAttention-2 (:data:`FOUNDRY_ATTENTION`)."""
    return _per_card(row_id, updated(s, training={"attention_kernel": FOUNDRY_ATTENTION}), note, FSDP_ONLY)


def _tflops(row_id, s, note="", kept=()):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        achieved = est.training.tokens_per_s_per_card * _eq3_flops_per_token(scn.model, scn.training.seq_len) / 1e12
        return Row("published", row_id, kind, "TFLOP/s/card (eq. 3)", achieved, 0.0, note, est.scenario)
    return _both_modes(row, s, kept)


def _table1(row_id, s):
    """A row of Narayanan et al. 2021 Table 1 (eq. 3 TFLOP/s per card), its planner row keeping
    :data:`MEGATRON_2021`."""
    return _tflops(row_id, s, "micro-batch 1 assumed; no flash attention (2021)", MEGATRON_2021)


def _iteration(row_id, s, note="", kept=()):
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        return Row("published", row_id, kind, "s/iteration", est.training.step_time_s, 0.0, note, est.scenario)
    return _both_modes(row, s, kept)


def _model_tflops(row_id, s, note="", kept=()):
    """A run published as model TFLOP/s per card: the estimate's MFU × the card's dense peak."""
    def row(scn: Scenario, kind: str) -> Row:
        card = CATALOG.get(scn.card_id)
        est = estimate(scn, card)
        achieved = est.training.mfu * card.peak_tflops(scn.precision)
        return Row("published", row_id, kind, "TFLOP/s/card (model)", achieved, 0.0, note, est.scenario)
    return _both_modes(row, s, kept)


GPU_HOURS_PER_TRILLION = 1e12 / 3600.0
"""Tokens per second per card of a run quoted in GPU-hours per trillion tokens, times those hours."""


def _per_card_from_gpu_hours(row_id, s, note=""):
    """A run published as GPU-hours per trillion tokens, compared as tokens/s per card."""
    def row(scn: Scenario, kind: str) -> Row:
        est = estimate(scn, CATALOG.get(scn.card_id))
        return Row("published", row_id, kind, "tokens/s/card", est.training.tokens_per_s_per_card, 0.0, note,
                   est.scenario)
    both = _both_modes(row, s)

    def case(r: dict) -> list[Row]:
        rows = both(r)
        for x in rows:
            x.measured = GPU_HOURS_PER_TRILLION / r["value"]
        return rows
    return case


LLAMA3_405B_NOTE = ("stated TP8 PP16 and no recomputation at 8K (Llama 3 paper §3.3.2); Meta's schedule as stated "
                    "there (parallelism.pipeline_schedule flexible: N contiguous micro-batches a round, N = 16 here; "
                    "the first and last stages a layer short, their first and last chunks only the embedding and "
                    "the head); the interleaving degree is not stated: 8 taken, one layer a chunk, the only equal "
                    "split of 126 layers, the embedding and the head into chunks that leaves the first chunk only "
                    "the embedding; FSDP sharding optimizer states and gradients, weights whole after forward, as "
                    "ZeRO-2. The stage inputs and outputs §3.3.2 frees are not counted (the memory model counts "
                    "what backward keeps). Session 25 (2026-12-04): until then Megatron-LM's schedule, degree 4 "
                    "taken, ZeRO-1 (-3.2 / -7.6 %, neither fitting the card: 106.3 and 91.6 GB of 85.0). Assumed, "
                    "not stated for Llama 3 (session 37, 2026-12-05): Meta's layers run a hand-written backward "
                    "(training.activation_kernels hand-written), as the LLaMA paper states of Meta's stack "
                    "(Touvron et al. 2023 §2.4: 'we save the activations that are expensive to compute, such as "
                    "the outputs of linear layers ... by manually implementing the backward function for the "
                    "transformer layers, instead of relying on the PyTorch autograd'; xformers' fused SwiGLU "
                    "rebuilds its product in backward): 21.25 h bytes a token a layer kept (the norms' outputs "
                    "and the SwiGLU product rebuilt); §3.3.2's 'without activation checkpointing' rules out layer "
                    "recomputation, not this. Memory then (the gradients held whole, below): 8,192 cards (32 "
                    "micro-batches, 141 one-layer chunks in flight on the second stage) 73.3 GB, 16,384 cards "
                    "(16, all 128 chunk passes of the warm-up in flight) 68.2 GB, both fitting 85.0 usable. Under "
                    "Megatron-Core's kept set (31.75 h, until session 37) 99.1 and 91.6 GB, neither fitting, and "
                    "there the planner, choosing the interleaving and recomputation on TP8 PP16, recomputes fully "
                    "(about 334 TFLOP/s). The attention kernel is "
                    "FlashAttention-2 (Auto off Transformer Engine; LLaMA §2.4 ran xformers' attention with the "
                    "backward of Dao et al.), not cuDNN's Hopper kernel the Megatron recipe had picked: -2.9 % "
                    "tokens/s. The planner row, choosing the whole layout, takes TP4 PP16 v8 ZeRO-1 without "
                    "recomputation (TP2 PP16 ZeRO-2 until session 45, holding the gradients' share). Stated (session "
                    "45, 2026-12-06): Meta's FSDP beside its own pipeline schedule "
                    "reduces the gradients once a step (training.grad_reduce per-step), as PyTorch's pipelining "
                    "runs FSDP (§3.3.2: 'FP32 gradient accumulation during backward computation over multiple "
                    "micro-batches'); the published speed rules out a per-micro-batch fp32 reduce-scatter "
                    "(notes-zero-pipeline-time-2026-12-06.md: charged so, -32.5 / -30.6 %). Each card then holds its "
                    "stage's fp32 gradients whole through the step, 12.75 GB where the Megatron recipe's share was 0.2 "
                    "(60.3 and 55.1 GB in all until then)")
"""What the Llama 3.1 405B rows state and assume."""


def _meta_405b(count: int, micro_batches: int) -> Scenario:
    """Llama 3.1 405B at Meta's layout on ``count`` H100 (Dubey et al. 2024 Table 4: TP8 PP16, 8K
    sequences, ``micro_batches`` of one sequence a data-parallel group) on Meta's schedule
    (:data:`LLAMA3_405B_NOTE`)."""
    s = _train(preset("llama3.1-405b"), "h100-sxm", count, tp=8, pp=16, v=8, zero=2, m=micro_batches, seq=8192)
    return updated(s, parallelism={"pipeline_schedule": "flexible"},
                   training={"activation_kernels": "hand-written", "grad_reduce": "per-step"})


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
