"""Message templates of a scenario whose parts do not fit together (the validators of
:class:`configurator.core.scenario.Scenario`): a layout the card count or the model cannot take, a
prefill pool that does not divide, a context past the model's positions. Until December 2026
(session 38, zhleft) these were English-only ``ValueError`` texts, shown as they were in a Chinese
window's editor; :func:`configurator.core.bounds.error_message` now says the message they carry."""

from __future__ import annotations

LAYOUT_ENGLISH: dict[str, str] = {
    "layout-split": (
        "{count} cards cannot be split into tensor-parallel {tp} × pipeline-parallel {pp} groups (the product "
        "must divide the card count)"
    ),
    "layout-split-cp": (
        "{count} cards cannot be split into tensor-parallel {tp} × context-parallel {cp} × pipeline-parallel "
        "{pp} groups (the product must divide the card count)"
    ),
    "layout-chunks-exceed-layers": (
        "pipeline stages × virtual stages ({pp} × {vp}) exceed the model's {layers} layers"
    ),
    "layout-tp-exceeds-heads": "tensor-parallel degree ({tp}) exceeds the {heads} attention heads",
    "layout-tp-splits-heads": (
        "TP {tp} does not divide the {heads} attention heads: vLLM, SGLang and Megatron-LM give each "
        "tensor-parallel rank whole heads and refuse it (\"Total number of attention heads ({heads}) must be "
        "divisible by tensor parallel size ({tp})\"); the nearest that do: TP {low} or TP {high}"
    ),
    "layout-ep-needs-moe": "expert parallelism ({ep}) needs a mixture-of-experts model",
    "layout-ep-divides-experts": "expert-parallel degree ({ep}) must divide the {experts} experts",
    "layout-ep-divides-dp": "expert-parallel degree ({ep}) must divide the data-parallel width ({dp})",
    "layout-ep-serving": (
        "expert-parallel degree ({ep}) must be a multiple of the tensor-parallel degree ({tp}) that divides the "
        "{cards} cards of a pipeline stage: serving splits the experts over whole tensor-parallel groups"
    ),
    "layout-cp-a2a-heads": (
        "all-to-all context parallelism ({cp}) needs the {heads} attention heads and {kv_heads} key/value heads "
        "of each tensor-parallel rank (TP {tp}) to split evenly over the context-parallel cards"
    ),
    "layout-cp-chunks": (
        "the sequence ({seq} tokens) must split into 2 × {cp} equal chunks for context parallelism"
    ),
    "layout-prefill-pool": (
        "the prefill pool ({prefill} cards) must be a multiple of tp × pp ({model_parallel}) and leave cards for "
        "decoding (of {count})"
    ),
    "layout-context-exceeds": (
        "prompt ({prompt}) + output ({output}) tokens exceed the model's {limit}-token context"
    ),
    "optimizer-in-backward-accumulation": (
        "the optimizer step in backward needs one micro-batch per step, not a gradient accumulation of {accum}: "
        "each gradient is applied and freed as soon as it is made, so none is left to sum (torchtune refuses "
        "the two together)"
    ),
    "optimizer-in-backward-recipe": (
        "the optimizer step in backward runs under the PyTorch recipes with the optimizer on the card, not the "
        "Megatron recipes (a gradient buffer kept for the whole model) or optimizer offload"
    ),
    "optimizer-in-backward-replicas": (
        "the optimizer step in backward needs one data-parallel replica or ZeRO-3 (FSDP2), not ZeRO {zero} over "
        "{replicas} replicas: each gradient must be reduced over the replicas before its step"
    ),
    "cuda-graphs-full-recompute": (
        "CUDA graphs replay each layer as captured, so they cannot run with full recomputation: Megatron-Core "
        "refuses per-layer graphs beside it (only a whole-iteration graph takes it); choose selective or no "
        "recomputation, or turn CUDA graphs off"
    ),
    "cuda-graphs-offload": (
        "CUDA graphs cannot run with CPU offload of activations: Megatron-Core refuses the two together; turn "
        "one of them off"
    ),
    "recompute-layers-stage": (
        "{layers} recomputed layers is more than the {chunk} layers a pipeline stage's model chunk holds ({total} "
        "layers over {pp} stages × {vp} virtual stages): recompute at most {chunk}, or leave the count empty to "
        "recompute every layer"
    ),
    "sharded-over-pcie-slower": (  # core.sharded_alternative: why not FSDP over PCIe (session 49, l40sft49)
        "Why not FSDP (ZeRO 3 over the {count:,} cards, no tensor parallel): over PCIe it gathers the weights and "
        "reduce-scatters the gradients every micro-batch, {alt_dp_s:,.1f} s of a {alt_step_s:,.1f} s step, against "
        "{tp_s:,.1f} s of tensor parallel in this layout's {step_s:,.1f} s step: {alt_hours:sig} h for the job instead "
        "of {hours:sig} h"
    ),
}
"""English templates: counts of cards, stages, heads, experts and tokens."""

LAYOUT_CHINESE: dict[str, str] = {
    "layout-split": "{count} 张卡无法分成张量并行 {tp} × 流水线并行 {pp} 的组（乘积必须整除卡数）",
    "layout-split-cp": "{count} 张卡无法分成张量并行 {tp} × 上下文并行 {cp} × 流水线并行 {pp} 的组（乘积必须整除卡数）",
    "layout-chunks-exceed-layers": "流水线级数 × 虚拟级数（{pp} × {vp}）超过模型的 {layers} 层",
    "layout-tp-exceeds-heads": "张量并行度（{tp}）超过 {heads} 个注意力头",
    "layout-tp-splits-heads": (
        "张量并行 {tp} 不能整除 {heads} 个注意力头：vLLM、SGLang 和 Megatron-LM 让每个张量并行分片持有完整的注意力头，"
        "会拒绝此设置（“Total number of attention heads ({heads}) must be divisible by tensor parallel size ({tp})”）；"
        "最接近的可行值：张量并行 {low} 或 {high}"
    ),
    "layout-ep-needs-moe": "专家并行（{ep}）需要混合专家（MoE）模型",
    "layout-ep-divides-experts": "专家并行度（{ep}）必须整除 {experts} 个专家",
    "layout-ep-divides-dp": "专家并行度（{ep}）必须整除数据并行宽度（{dp}）",
    "layout-ep-serving": (
        "专家并行度（{ep}）必须是张量并行度（{tp}）的倍数，并整除一个流水线级的 {cards} 张卡："
        "推理服务按完整的张量并行组划分专家"
    ),
    "layout-cp-a2a-heads": "全对全（all-to-all）上下文并行（{cp}）要求每个张量并行分片（TP {tp}）上的 {heads} 个注意力头和 {kv_heads} 个键值头能平均分到各上下文并行卡上",
    "layout-cp-chunks": "序列（{seq} 个词元）必须能分成 2 × {cp} 个等长块，才能使用上下文并行",
    "layout-prefill-pool": "预填充池（{prefill} 张卡）必须是 tp × pp（{model_parallel}）的倍数，并为解码留出卡（共 {count} 张）",
    "layout-context-exceeds": "提示（{prompt}）+ 输出（{output}）词元超过模型的 {limit} 词元上下文",
    "optimizer-in-backward-accumulation": (
        "反向传播中执行优化器步骤要求每步只有一个微批次，而不是梯度累积 {accum}：每个梯度一算出就被应用并释放，"
        "没有梯度可供累加（torchtune 不允许两者同时使用）"
    ),
    "optimizer-in-backward-recipe": (
        "反向传播中执行优化器步骤只适用于优化器留在卡上的 PyTorch 配方，不适用于 Megatron 配方（为整个模型常驻一块梯度缓冲区）"
        "或优化器卸载"
    ),
    "optimizer-in-backward-replicas": (
        "反向传播中执行优化器步骤要求只有一个数据并行副本或使用 ZeRO-3（FSDP2），而不是在 {replicas} 个副本上使用 "
        "ZeRO {zero}：每个梯度在其优化器步骤之前必须先在各副本间归约"
    ),
    "cuda-graphs-full-recompute": (
        "CUDA 图按捕获时的样子重放每一层，因此不能与完全重计算同时使用：Megatron-Core 不允许逐层 CUDA 图与完全重计算同时使用"
        "（只有整步迭代图可以）；请选择选择性重计算或不重计算，或关闭 CUDA 图"
    ),
    "cuda-graphs-offload": "CUDA 图不能与激活值 CPU 卸载同时使用：Megatron-Core 不允许两者同时使用；请关闭其中之一",
    "recompute-layers-stage": (
        "重计算 {layers} 层超过了每个流水线阶段模型块的 {chunk} 层（{total} 层分到 {pp} 个流水线阶段 × {vp} 个虚拟阶段）："
        "最多重计算 {chunk} 层，或留空以重计算每一层"
    ),
    "sharded-over-pcie-slower": (
        "为何不用 FSDP（ZeRO 3 分片到 {count:,} 张卡，不用张量并行）：经由 PCIe，"
        "每个微批都要收集权重（all-gather）并对梯度做归约散射（reduce-scatter），"
        "每步 {alt_step_s:,.1f} s 中占 {alt_dp_s:,.1f} s；本布局每步 {step_s:,.1f} s，其中张量并行 {tp_s:,.1f} s："
        "整个作业需 {alt_hours:sig} 小时，而非 {hours:sig} 小时"
    ),
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""
