"""The chosen LoRA or QLoRA layout as a torchtune v0.6.1 ``tune run`` command: the recipe
(``lora_finetune_single_device`` on one card, ``lora_finetune_distributed``, FSDP2 over every card,
on more), the shipped config of the model and ``key=value`` overrides of it, every key from
:data:`configurator.core.launch.flags.TORCHTUNE`, with the notes on what they leave out.

torchtune trains the adapters alone (the base frozen, in BF16 or NF4 for QLoRA through torchao), the
estimate's LoRA and QLoRA as they are modelled (``Training.lora_targets``, ``quantized_inputs`` none,
the fused AdamW of the configs); its v0.6.1 LoRA recipes have no tensor, pipeline, context or expert
parallelism and keep no whole copy of the weights per card: a plan that uses them gets a note to
re-estimate."""

from __future__ import annotations

from configurator.core.adapter_memory import nf4_base
from configurator.core.launch.flags import TORCHTUNE
from configurator.core.launch.notes import Note, note
from configurator.core.launch.training_layout import TrainingLayout, common_notes
from configurator.core.scenario import Optimizer, Recipe, Recompute, Scenario
from configurator.core.units import Precision

TORCHTUNE_MODELS: dict[str, tuple[str, str, str]] = {
    "llama2-7b": ("llama2", "llama2_7b", "llama2/7B"), "llama2-13b": ("llama2", "llama2_13b", "llama2/13B"),
    "llama2-70b": ("llama2", "llama2_70b", "llama2/70B"), "llama3-8b": ("llama3", "llama3_8b", "llama3/8B"),
    "llama3-70b": ("llama3", "llama3_70b", "llama3/70B"), "llama3.1-8b": ("llama3_1", "llama3_1_8b", "llama3_1/8B"),
    "llama3.1-70b": ("llama3_1", "llama3_1_70b", "llama3_1/70B"),
    "llama3.1-405b": ("llama3_1", "llama3_1_405b", "llama3_1/405B"),
    "llama3.2-1b": ("llama3_2", "llama3_2_1b", "llama3_2/1B"),
    "llama3.2-3b": ("llama3_2", "llama3_2_3b", "llama3_2/3B"),
    "llama3.3-70b": ("llama3_3", "llama3_3_70b", "llama3_3/70B"), "mistral-7b": ("mistral", "mistral_7b", "mistral/7B"),
    "qwen2.5-7b": ("qwen2_5", "qwen2_5_7b_base", "qwen2_5/7B"),
    "qwen2.5-14b": ("qwen2_5", "qwen2_5_14b_base", "qwen2_5/14B"),
    "qwen2.5-32b": ("qwen2_5", "qwen2_5_32b_base", "qwen2_5/32B"),
    "qwen2.5-72b": ("qwen2_5", "qwen2_5_72b_base", "qwen2_5/72B"),
}
"""Preset -> (torchtune.models module, builder stem, config stem): the builder is
``torchtune.models.<module>.lora_<stem>`` (``qlora_<stem>`` for QLoRA), each read from
``torchtune/models/<module>/__init__.py`` at v0.6.1 (a6290a5b40758f13bca61c386bc8756a49ef417e)."""

TORCHTUNE_QLORA_MODULES = frozenset({"llama2", "llama3", "llama3_1", "llama3_2", "llama3_3", "mistral"})
"""The torchtune.models modules with ``qlora_`` builders at v0.6.1 (qwen2_5 has none)."""

TORCHTUNE_CONFIGS = frozenset({
    "llama2/7B_lora", "llama2/7B_lora_single_device", "llama2/13B_lora", "llama2/70B_lora", "llama3/8B_lora",
    "llama3/8B_lora_single_device", "llama3/70B_lora", "llama3_1/8B_lora", "llama3_1/8B_lora_single_device",
    "llama3_1/70B_lora", "llama3_1/405B_qlora", "llama3_2/1B_lora", "llama3_2/1B_lora_single_device",
    "llama3_2/3B_lora", "llama3_2/3B_lora_single_device", "llama3_3/70B_lora", "mistral/7B_lora",
    "mistral/7B_lora_single_device", "qwen2_5/7B_lora", "qwen2_5/7B_lora_single_device",
    "qwen2_5/14B_lora_single_device", "qwen2_5/32B_lora", "qwen2_5/72B_lora", "llama2/7B_qlora",
    "llama2/7B_qlora_single_device", "llama2/13B_qlora_single_device", "llama2/70B_qlora",
    "llama3/8B_qlora_single_device", "llama3_1/8B_qlora_single_device", "llama3_2/1B_qlora_single_device",
    "llama3_2/3B_qlora_single_device", "llama3_3/70B_qlora", "mistral/7B_qlora_single_device",
})
"""The LoRA and QLoRA configs torchtune v0.6.1 ships for those models (``recipes/configs/``, the same commit):
the command names one, which sets the tokenizer, checkpointer and dataset, and overrides what the plan states."""

LORA_ATTENTION_MODULES: dict[str, list[str]] = {
    "all-linear": ["q_proj", "k_proj", "v_proj", "output_proj"],
    "attention": ["q_proj", "k_proj", "v_proj", "output_proj"],
    "qkv": ["q_proj", "k_proj", "v_proj"],
}
"""``Training.lora_targets`` -> torchtune's ``lora_attn_modules``; the MLP's three matrices take adapters
(``apply_lora_to_mlp``) for all-linear only, the output head never (``apply_lora_to_output``)."""

LORA_ALPHA_PER_RANK = 2
"""LoRA alpha written per unit of rank (torchtune's configs: ``lora_alpha: 32  # usually alpha=2*rank``). The
estimate does not depend on alpha, which scales the adapters' output only."""

BNB_OPTIMIZERS = {(Optimizer.ADAMW_8BIT, False): "bitsandbytes.optim.AdamW8bit",
                  (Optimizer.ADAMW_8BIT, True): "bitsandbytes.optim.PagedAdamW8bit",
                  (Optimizer.ADAMW, True): "bitsandbytes.optim.PagedAdamW"}
"""(optimizer, paged) -> the bitsandbytes optimizer torchtune's docs name for it (optimizer._component_);
these take no ``fused`` argument, so the configs' ``optimizer.fused`` is removed (``~optimizer.fused``)."""


def torchtune_recipe(s: Scenario) -> str:
    """torchtune's recipe for the scenario: one card, the single-device one; more, FSDP2 over all of them."""
    return "lora_finetune_single_device" if s.count == 1 else "lora_finetune_distributed"


def torchtune_config(s: Scenario) -> str | None:
    """The shipped config the command starts from: the workload's (QLoRA or LoRA) for the recipe, else the
    other recipe's (the same keys; its model is overridden either way), else the other workload's; None
    without one."""
    entry = TORCHTUNE_MODELS.get(s.model.name)
    if entry is None:
        return None
    kinds = ("_qlora", "_lora") if nf4_base(s) else ("_lora", "_qlora")
    recipes = ("_single_device", "") if s.count == 1 else ("", "_single_device")
    return next((entry[2] + k + r for k in kinds for r in recipes if entry[2] + k + r in TORCHTUNE_CONFIGS), None)


def torchtune_overrides(layout: TrainingLayout) -> tuple[list[str], list[Note]]:
    """The ``key=value`` overrides (and ``~key`` removals) for the layout, in the order the recipe reads
    them (model, batch, steps, precision, memory, sharding, optimizer), and the notes on what they leave out."""
    s = layout.scenario
    notes = common_notes(layout, "torchtune")
    words = _model(s, notes)
    t = s.training
    words += [_set("batch_size", t.micro_batch), _set("gradient_accumulation_steps", _accumulation(layout, notes)),
              _set("tokenizer.max_seq_len", t.seq_len), _set("dataset.packed", t.packed),
              _set("epochs", 1), _set("max_steps_per_epoch", layout.steps)]
    notes.append(note("tt-steps", steps=layout.steps))
    if not t.packed:
        notes.append(note("tt-unpacked", seq=t.seq_len))
    words += _precision(s, layout.math, notes)
    words += _activations(s, notes)
    words += _sharding(s, notes)
    words += _optimizer(s, notes)
    return words, notes


def _accumulation(layout: TrainingLayout, notes: list[Note]) -> int:
    """Micro-batches per step: the plan's, or where torchtune runs more data-parallel ranks than the plan (every
    card, its tensor, pipeline and context parallelism not written) as many as keep the plan's sequences per
    step, rounded up (a note says so)."""
    s, t = layout.scenario, layout.scenario.training
    ranks = s.count
    if ranks == s.data_parallel:
        return t.grad_accum
    accum = max(1, -(-layout.global_sequences // (t.micro_batch * ranks)))
    notes.append(note("tt-batch", accum=accum, cards=ranks, batch=t.micro_batch * accum * ranks))
    return accum


def _set(key: str, value: object) -> str:
    """One override, its key checked against :data:`~configurator.core.launch.flags.TORCHTUNE`."""
    if key.lstrip("~") not in TORCHTUNE.flags:
        raise KeyError(f"{key} is not in the torchtune table")
    if key.startswith("~"):
        return key
    if isinstance(value, bool):
        text = "True" if value else "False"
    elif isinstance(value, list):
        text = "[" + ",".join(map(str, value)) + "]"
    else:
        text = str(value)
    return f"{key}={text}"


def _model(s: Scenario, notes: list[Note]) -> list[str]:
    """The model's builder and its adapters: rank, alpha, dropout, the attention projections and the MLP."""
    t = s.training
    entry = TORCHTUNE_MODELS.get(s.model.name)
    qlora = nf4_base(s)  # the frozen base in NF4
    words: list[str] = []
    if entry is None:
        notes.append(note("tt-no-builder", model=s.model.name))
    else:
        four_bit = qlora and entry[0] in TORCHTUNE_QLORA_MODULES
        if qlora and not four_bit:
            notes.append(note("not-written", engine="torchtune", setting=note("tt-set-nf4"),
                              what=note("tt-no-qlora", model=s.model.name)))
        words.append(_set("model._component_", f"torchtune.models.{entry[0]}.{'q' if four_bit else ''}lora_{entry[1]}"))
    words += [_set("model.lora_attn_modules", LORA_ATTENTION_MODULES[t.lora_targets]),
              _set("model.apply_lora_to_mlp", t.lora_targets == "all-linear"),
              _set("model.apply_lora_to_output", False), _set("model.lora_rank", t.lora_rank),
              _set("model.lora_alpha", LORA_ALPHA_PER_RANK * t.lora_rank), _set("model.lora_dropout", t.lora_dropout)]
    notes.append(note("tt-alpha", alpha=LORA_ALPHA_PER_RANK * t.lora_rank))
    if qlora and t.quantized_inputs != "none":
        notes.append(note("not-written", engine="torchtune", setting=note("tt-set-inputs"), what=note("tt-inputs")))
    if qlora and t.fp32_unquantized:
        notes.append(note("not-written", engine="torchtune", setting=note("tt-set-fp32-rest"),
                          what=note("tt-fp32-rest")))
    return words


def _precision(s: Scenario, math: Precision, notes: list[Note]) -> list[str]:
    """``dtype``: bf16 or fp32 (the recipes refuse fp16 and have no FP8 or FP4 LoRA); torchtune keeps the
    adapters, their gradients and AdamW states in that dtype, as the pure recipe does."""
    if math is Precision.FP32:
        return [_set("dtype", "fp32")]
    if math in (Precision.FP16, Precision.FP8):
        notes.append(note("no-flag", engine="torchtune", setting=note("tt-set-math", precision=math.value.upper()),
                          what=note("tt-bf16-written")))
    if s.training.fp8_base:
        notes.append(note("not-written", engine="torchtune", setting=note("tt-set-fp8-base"),
                          what=note("tt-bf16-written")))
    if s.training.recipe is not Recipe.PURE:
        notes.append(note("tt-pure", recipe=s.training.recipe.value))
    return [_set("dtype", "bf16")]


def _activations(s: Scenario, notes: list[Note]) -> list[str]:
    """Activation checkpointing (torchtune wraps each transformer layer: full recomputation of every
    layer) and offloading, which the recipes take only beside checkpointing."""
    t = s.training
    checkpoint = t.recompute is not Recompute.NONE
    if t.recompute is Recompute.SELECTIVE:
        notes.append(note("no-flag", engine="torchtune", setting=note("set-selective-attention"),
                          what=note("every-layer-written")))
    elif t.recompute is Recompute.FULL and t.recompute_layers is not None:
        notes.append(note("no-flag", engine="torchtune",
                          setting=note("set-recompute-layers", layers=t.recompute_layers),
                          what=note("every-layer-written")))
    if t.offload_activations and not checkpoint:
        checkpoint = True
        notes.append(note("tt-offload-needs-checkpointing"))
    return [_set("enable_activation_checkpointing", checkpoint),
            _set("enable_activation_offloading", t.offload_activations)]


def _sharding(s: Scenario, notes: list[Note]) -> list[str]:
    """FSDP2 over every card (``lora_finetune_distributed``): the weights resharded after forward where
    the estimate holds a share of them (ZeRO 3, or split by tensor, pipeline or context parallelism), kept
    gathered to backward where it holds them whole; the host offload of FSDP2 (``fsdp_cpu_offload``) where
    the plan offloads the weights and the optimizer. Tensor, pipeline, context and expert parallelism the
    v0.6.1 recipes do not have: a note each, to re-estimate without them."""
    par, t = s.parallelism, s.training
    for name, degree in (("tp", par.tp), ("pp", par.pp), ("cp", par.cp), ("ep", par.ep)):
        if degree > 1:
            notes.append(note("not-written", engine="torchtune", setting=note("tt-par-" + name, degree=degree),
                              what=note("tt-parallel-what", flag="--" + name, cards=s.count)))
    if s.count == 1:
        if t.offload_params or t.offload_optimizer:
            notes.append(note("not-written", engine="torchtune", setting=note("set-fsdp-offload"),
                              what=note("tt-offload-single")))
        return []
    whole = par.zero < 3 and par.tp == par.pp == par.cp == 1  # the estimate holds every weight on each card
    if whole and par.zero == 0:
        notes.append(note("tt-sharded", dp=s.count))
    words = [_set("fsdp_reshard_after_forward", not whole)]
    if t.offload_params and t.offload_optimizer:
        words.append(_set("fsdp_cpu_offload", True))
    elif t.offload_params or t.offload_optimizer:
        notes.append(note("not-written", engine="torchtune", setting=note("set-fsdp-offload"),
                          what=note("fsdp-offload-both")))
    return words


def _optimizer(s: Scenario, notes: list[Note]) -> list[str]:
    """The optimizer: PyTorch's AdamW, fused or foreach as estimated, or the bitsandbytes one of
    :data:`BNB_OPTIMIZERS` (8-bit, paged); SGD as torch.optim.SGD."""
    t = s.training
    bnb = BNB_OPTIMIZERS.get((t.optimizer, t.paged_optimizer))
    if bnb is not None:
        return [_set("optimizer._component_", bnb), _set("~optimizer.fused", None)]
    if t.paged_optimizer:
        notes.append(note("not-written", engine="torchtune", setting=note("tt-set-paged"), what=note("tt-paged-sgd")))
    component = "torch.optim.SGD" if t.optimizer is Optimizer.SGD else "torch.optim.AdamW"
    return [_set("optimizer._component_", component), _set("optimizer.fused", t.optimizer_kernel == "fused")]
