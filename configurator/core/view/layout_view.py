"""The parallel layout of one estimate in words ("TP 8 · PP 4 · DP 16 · ZeRO 1 · micro-batch 1 × 8 accumulation
steps · global batch 4.19M tokens"), as the results panel, ``estimate``'s table and the summary write it:
the training and the serving form (:mod:`configurator.core.view.estimate_view` picks one per
family). Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.training_packing import packed_in_force
from configurator.core.view.names import OFFLOADED, tp_overlap_table_label
from configurator.core.view.rows import Amount, Phrase

if TYPE_CHECKING:
    from configurator.core.estimate import Estimate
    from configurator.core.scenario import Scenario


def joined(parts: list) -> Phrase:
    """Values written one after another with ' · ' between them."""
    return Phrase(" · ".join(f"{{p{i}}}" for i in range(len(parts))), {f"p{i}": v for i, v in enumerate(parts)})


def micro_batch_phrase(micro_batch: int, accumulation: int) -> Phrase:
    """The sequences each data-parallel rank runs a step: its micro-batch and how many of them it accumulates
    gradients over ('micro-batch 1 × 256 accumulation steps', as the Chinese '微批 1 × 梯度累积 256 步' says it;
    until December 2026 the English read 'micro-batch 1 × 256', leaving the second figure unnamed)."""
    label = "micro-batch {mb} × 1 accumulation step" if accumulation == 1 else \
        "micro-batch {mb} × {accum} accumulation steps"
    return Phrase(label, {"mb": micro_batch, "accum": accumulation})


def common_layout(est: Estimate) -> list:
    par = est.scenario.parallelism
    parts = [Phrase("TP {n}", {"n": par.tp}), Phrase("PP {n}", {"n": par.pp})]
    if par.virtual_stages > 1:
        parts.append(Phrase("interleave {n}", {"n": par.virtual_stages}))
    return parts


def training_layout(est: Estimate) -> Phrase:
    from configurator.core.training_speed import expert_overlap_in_force  # loaded with the estimate it reads
    s = est.scenario
    par, t = s.parallelism, s.training
    parts = common_layout(est)
    if par.tp > 1 and par.tp_comm_overlap:
        parts.append("TP traffic overlapped" if par.tp_comm_overlap_cfg is None else Phrase(
            "TP traffic overlapped ({table})", {"table": Phrase(*tp_overlap_table_label(par.tp_comm_overlap_cfg))}))
    parts += [Phrase(f"{name} {{n}}", {"n": value}) for name, value in (("CP", par.cp), ("EP", par.ep)) if value > 1]
    if par.ep > 1 and expert_overlap_in_force(s):
        parts.append("expert all-to-all overlapped")
    if t.cuda_graphs:
        parts.append("layers replayed from CUDA graphs")
    if packed_in_force(s):
        parts.append(Phrase("packed examples of {n} tokens", {"n": min(t.tokens_per_example, t.seq_len)}))
    parts += [Phrase("DP {n}", {"n": s.data_parallel}), Phrase("ZeRO {n}", {"n": par.zero})]
    offloaded = [name for field, name in OFFLOADED.items() if getattr(t, field)]
    if offloaded:
        parts.append(Phrase("CPU offload: {what}", {"what": Phrase(", ".join(f"{{p{i}}}" for i in range(
            len(offloaded))), {f"p{i}": name for i, name in enumerate(offloaded)})}))
    if t.recompute.value == "full" and t.recompute_layers is not None:
        parts.append(Phrase("full recomputation of {n} layers a stage", {"n": t.recompute_layers}))
    elif t.recompute.value != "none":
        parts.append(f"{t.recompute.value} recomputation")
    parts += [micro_batch_phrase(t.micro_batch, t.grad_accum),
              Phrase("global batch {n} tokens", {"n": Amount(s.global_batch_tokens, "token-count")})]
    return joined(parts)


def serving_layout(est: Estimate) -> Phrase:
    s = est.scenario
    copies = s.data_parallel
    parts = common_layout(est)
    if s.prefill_copies:
        parts.append(Phrase("{prefill} prefill + {decode} decode copies",
                            {"prefill": s.prefill_copies, "decode": copies - s.prefill_copies}))
    else:
        parts.append(Phrase("1 copy" if copies == 1 else "{n} copies", {"n": copies}))
    if s.parallelism.ep > 1:
        parts.append(serving_experts(s))
    parts += [Phrase("batch {n} per copy", {"n": s.sequences_per_replica}),
              Phrase("step {n} tokens", {"n": s.serving.max_batched_tokens})]
    return joined(parts)


def serving_experts(s: Scenario) -> Phrase:
    """A serving layout's expert parallelism: 'EP 32', and where copies share one set of experts
    (:attr:`~configurator.core.scenario.Scenario.expert_copies`: attention data parallel, vLLM
    ``--data-parallel-size`` with ``--enable-expert-parallel``, MindIE ``dp`` with ``moe_ep``) how
    many do, so 'TP 8 · 4 copies · EP 32' is not read as four copies with experts of their own, in the
    words vLLM and SGLang give it (attention data parallel)."""
    ep, sharing = s.parallelism.ep, s.expert_copies
    if sharing > 1:
        return Phrase("EP {n}, experts shared by {k} copies (attention data parallel)", {"n": ep, "k": sharing})
    return Phrase("EP {n}", {"n": ep})


def no_layout(est: Estimate) -> None:
    return None
