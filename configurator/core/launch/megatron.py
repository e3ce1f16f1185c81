"""The chosen training layout as Megatron-LM ``pretrain_gpt.py`` flags (core_v0.15.0), with the notes
on what they leave out; the pipeline stage split is :mod:`.megatron_pipeline`'s."""

from __future__ import annotations

from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas.moe import megatron_takes_expert_overlap
from configurator.core.launch.megatron_pipeline import megatron_stage_split
from configurator.core.launch.notes import Note, note
from configurator.core.launch.training_layout import TrainingLayout, common_notes, expert_overlap_estimated
from configurator.core.scenario import Optimizer, Recipe, Recompute, Scenario, SelectivePolicy, Training
from configurator.core.units import Precision

MEGATRON_DISPATCHER_FLAGS = {"alltoall": ["--moe-token-dispatcher-type", "alltoall"],
                             "deepep": ["--moe-token-dispatcher-type", "flex", "--moe-enable-deepep"],
                             "hybridep": ["--moe-token-dispatcher-type", "flex", "--moe-enable-deepep"]}
"""The estimate's MoE token dispatcher as Megatron-LM core_v0.15.0 flags (``megatron/training/arguments.py``
and ``TransformerConfig`` at that tag): its default is allgather, so the estimate's alltoall is written
(``--overlap-moe-expert-parallel-comm`` also asserts alltoall or flex); DeepEP is the flex dispatcher
with ``--moe-enable-deepep``. HybridEP came with core_v0.16.0 (``--moe-flex-dispatcher-backend``,
commit 3df2009): DeepEP, which the estimate sends the same bytes for, is written and a note says so."""


def megatron_flags(layout: TrainingLayout) -> tuple[list[str], list[Note]]:
    """Megatron-LM ``pretrain_gpt.py`` flags for the layout, in the order the script writes them
    (parallelism, CUDA graphs, batch, model shape, precision, recomputation, sharding, optimizer), and
    the notes on what they leave out."""
    s = layout.scenario
    notes = common_notes(layout, "Megatron-LM")
    if s.training.packed:  # core_v0.15.0 pretrain_gpt.py: get_batch and forward_step pass no PackedSeqParams
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-packed"),
                          what=note("packed-megatron")))
    flags = _megatron_parallelism(s, notes)
    flags += _megatron_cuda_graphs(s.training, notes)
    flags += _megatron_batch(layout)
    flags += _megatron_model(s.model, notes)
    flags += _megatron_precision(layout.math, s.training.recipe)
    flags += _megatron_recompute(s.training, notes)
    flags += _megatron_sharding(s, layout.math, notes)
    flags += _megatron_optimizer(s.training, flags, notes)
    return flags, notes


def _megatron_parallelism(s: Scenario, notes: list[Note]) -> list[str]:
    """Megatron-LM's parallelism flags: the tensor- and pipeline-parallel sizes [count], the stage split
    (:func:`~configurator.core.launch.megatron_pipeline.megatron_stage_split`), the context-parallel size
    with Transformer Engine's exchange where it is not the default p2p, the expert flags
    (:func:`_megatron_experts`) and, with tensor parallelism, sequence parallelism and the
    tensor-parallel overlap (Transformer Engine's default userbuffers table unless the scenario names a
    recipe's tuned one, whose YAML is the user's to write: a note)."""
    par = s.parallelism
    flags = ["--tensor-model-parallel-size", str(par.tp), "--pipeline-model-parallel-size", str(par.pp)]
    flags += megatron_stage_split(s)
    if par.cp > 1:
        flags += ["--context-parallel-size", str(par.cp)]
        if par.cp_comm_type != "p2p":  # Transformer Engine's name, passed on as given (default p2p)
            flags += ["--cp-comm-type", par.cp_comm_type]
    if par.ep > 1:
        flags += _megatron_experts(s, notes)
    if par.tp > 1:
        flags.append("--sequence-parallel")
        if par.tp_comm_overlap:
            flags.append("--tp-comm-overlap")
            if par.tp_comm_overlap_cfg is not None:
                notes.append(note("not-written", engine="Megatron-LM",
                                  setting=note("set-tp-overlap-cfg", name=par.tp_comm_overlap_cfg),
                                  what=note("tp-overlap-cfg-what")))
    return flags


def _megatron_experts(s: Scenario, notes: list[Note]) -> list[str]:
    """Megatron-LM's expert-parallel flags: the expert-parallel size [count], the token dispatcher
    (:data:`MEGATRON_DISPATCHER_FLAGS`; HybridEP written as DeepEP, a note) and the expert all-to-all
    overlap where the estimate ran it and the layout takes the flag
    (:func:`~configurator.core.formulas.moe.megatron_takes_expert_overlap`), else a note why not."""
    par, t = s.parallelism, s.training
    flags = ["--expert-model-parallel-size", str(par.ep), *MEGATRON_DISPATCHER_FLAGS[t.moe_dispatcher]]
    if t.moe_dispatcher == "hybridep":
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-moe-dispatcher",
                                                                          backend=t.moe_dispatcher),
                          what=note("hybridep-megatron")))
    takes = megatron_takes_expert_overlap(par.pp, par.virtual_stages, t.recompute is Recompute.FULL)
    if expert_overlap_estimated(s) and takes:
        flags.append("--overlap-moe-expert-parallel-comm")
    elif expert_overlap_estimated(s):
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-expert-overlap"),
                          what=note("expert-overlap-megatron")))
    elif t.expert_overlap:
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-expert-overlap"),
                          what=note("expert-overlap-full")))
    return flags


def _megatron_cuda_graphs(t: Training, notes: list[Note]) -> list[str]:
    """Megatron-Core's per-layer CUDA graphs (``--cuda-graph-impl local``, ``arguments.py``) where the
    scenario replays the layers from graphs without recomputation; beside recomputation, a note."""
    if t.cuda_graphs and t.recompute is Recompute.NONE:
        return ["--cuda-graph-impl", "local"]
    if t.cuda_graphs:
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-cuda-graphs"),
                          what=note("cuda-graphs-recompute-what")))
    return []


def _megatron_batch(layout: TrainingLayout) -> list[str]:
    """Megatron-LM's batch flags: sequences per micro-batch and per optimizer step [sequences], tokens
    per sequence and the position embeddings' reach [tokens], optimizer steps [count]."""
    t, m = layout.scenario.training, layout.scenario.model
    return ["--micro-batch-size", str(t.micro_batch), "--global-batch-size", str(layout.global_sequences),
            "--seq-length", str(t.seq_len), "--max-position-embeddings", str(max(t.seq_len, m.position_embeddings)),
            "--train-iters", str(layout.steps)]


def _megatron_model(m: ModelArchitecture, notes: list[Note]) -> list[str]:
    """Megatron-LM's model-shape flags: layers, hidden and feed-forward widths, attention heads and
    query groups [count], head width where it is not hidden / heads [channels], SwiGLU, the norm, the
    position embedding (:func:`_megatron_rope`), untied embeddings, no biases and the routed experts; a
    note for an MoE shape or multi-latent attention the flags cannot state."""
    flags = ["--num-layers", str(m.n_layers), "--hidden-size", str(m.hidden), "--ffn-hidden-size", str(m.ffn),
             "--num-attention-heads", str(m.n_heads)]
    if m.kv_heads != m.n_heads:
        flags += ["--group-query-attention", "--num-query-groups", str(m.kv_heads)]
    if m.head_dim is not None and m.head_dim * m.n_heads != m.hidden:
        flags += ["--kv-channels", str(m.head_dim)]
    if m.gated_mlp:
        flags.append("--swiglu")
    flags += ["--normalization", "RMSNorm" if m.norm == "rmsnorm" else "LayerNorm",
              "--position-embedding-type", "learned_absolute" if m.position_embeddings else "rope"]
    flags += _megatron_rope(m, notes)
    if not m.tied_embeddings:
        flags.append("--untie-embeddings-and-output-weights")
    if not (m.attention_bias or m.mlp_bias):
        flags.append("--disable-bias-linear")
    if m.is_moe:
        flags += ["--num-experts", str(m.n_experts), "--moe-router-topk", str(m.experts_per_token)]
        if m.n_shared_experts or m.first_dense_layers or (m.expert_ffn or m.ffn) != m.ffn:
            notes.append(note("not-written", engine="Megatron-LM", setting=note("set-moe-shape"),
                              what=note("moe-shape-what", shared=m.n_shared_experts, dense=m.first_dense_layers,
                                        expert_ffn=m.expert_ffn or m.ffn)))
    if m.kv_lora_rank is not None:
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-mla"), what=note("mla-what")))
    return flags


def _megatron_recompute(t: Training, notes: list[Note]) -> list[str]:
    """Megatron-LM's recomputation flags: every layer's input kept and the layer run again (full,
    uniform, one layer per checkpoint), the first ``recompute_layers`` of each stage only (full, block),
    or its attention core only (selective); a selective policy other than Megatron-LM's attention-only
    one gets a note that the attention one is written."""
    if t.recompute is Recompute.FULL and t.recompute_layers is not None:
        return ["--recompute-granularity", "full", "--recompute-method", "block",
                "--recompute-num-layers", str(t.recompute_layers)]
    if t.recompute is Recompute.FULL:
        return ["--recompute-granularity", "full", "--recompute-method", "uniform", "--recompute-num-layers", "1"]
    if t.recompute is not Recompute.SELECTIVE:
        return []
    if t.selective_policy is not SelectivePolicy.ATTENTION:
        setting = "set-selective-per-op" if t.selective_policy is SelectivePolicy.PER_OP \
            else "set-selective-fp8-cache"
        notes.append(note("no-flag", engine="Megatron-LM", setting=note(setting),
                          what=note("selective-attention-written")))
    return ["--recompute-granularity", "selective"]


def _megatron_optimizer(t: Training, flags: list[str], notes: list[Note]) -> list[str]:
    """Megatron-LM's optimizer flags after ``flags`` (those written so far): SGD where the scenario
    trains with it; the optimizer on the host (``--optimizer-cpu-offload``, with the precision-aware
    optimizer it asks for) where the distributed optimizer is written without FSDP and the optimizer is
    Adam, else a note that the offload is not written."""
    out = ["--optimizer", "sgd"] if t.optimizer is Optimizer.SGD else []
    if t.offload_optimizer and "--use-distributed-optimizer" in flags and t.optimizer is not Optimizer.SGD \
            and not _FSDP_FLAGS & set(flags):
        out += ["--optimizer-cpu-offload", "--use-precision-aware-optimizer"]
    elif t.offload_optimizer:
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-optimizer-offload"),
                          what=note("optimizer-offload-megatron")))
    return out


def _megatron_rope(m: ModelArchitecture, notes: list[Note]) -> list[str]:
    """Megatron-LM's rotary-position flags for the model (``megatron/training/arguments.py`` at
    core_v0.15.0): ``--rotary-base`` (an int, default 10,000) from the model's ``rope_theta``, and
    Llama 3.1/3.2's frequency scaling as ``--use-rope-scaling --rope-scaling-factor``; YaRN
    (DeepSeek-V3) Megatron-LM takes only with multi-latent attention, left to the model's recipe
    as that is (a note); a model without a base gets a note saying Megatron-LM's default."""
    if m.position_embeddings:
        return []
    if m.rope_theta is None:  # a model saved before the field, or typed in without it
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-rope-base"),
                          what=note("rope-base-unknown")))
        return []
    flags = ["--rotary-base", str(round(m.rope_theta))]
    if m.rope_scaling == "llama3":
        flags += ["--use-rope-scaling", "--rope-scaling-factor", f"{m.rope_scaling_factor:g}"]
    elif m.rope_scaling == "yarn":
        notes.append(note("not-written", engine="Megatron-LM",
                          setting=note("set-rope-yarn", factor=f"{m.rope_scaling_factor:g}"),
                          what=note("rope-yarn-what")))
    return flags


_FSDP_FLAGS = frozenset({"--use-torch-fsdp2", "--use-megatron-fsdp"})
"""Megatron-LM's two ways of sharding the weights (ZeRO-3)."""


def _megatron_sharding(s: Scenario, math_precision: Precision, notes: list[Note]) -> list[str]:
    """Megatron-LM's flags for the plan's ZeRO stage, each combination one its ``validate_args``
    takes (``megatron/training/arguments.py`` at core_v0.15.0): ZeRO-1/2 is the distributed
    optimizer; ZeRO-3 is torch FSDP2 where that asserts nothing against the plan (no pipeline or
    expert parallelism, untied embeddings, not FP16, and always without gradient-accumulation
    fusion, which is on by default), else Megatron FSDP (sharding strategy optim_grads_params with
    the distributed optimizer, checkpoints in fsdp_dtensor: its README at that tag,
    ``megatron/core/distributed/fsdp/src/README.md``, lists TP, EP and CP as supported, not PP).
    Neither shards weights across pipeline stages: there the distributed optimizer is written and
    a note says so."""
    par, m = s.parallelism, s.model
    zero1 = ["--use-distributed-optimizer", "--overlap-grad-reduce", "--overlap-param-gather"]
    if par.zero in (1, 2):
        return zero1
    if par.zero != 3:
        return []
    if par.pp > 1:
        notes.append(note("not-written", engine="Megatron-LM", setting=note("set-zero3"),
                          what=note("zero3-pipeline", pp=par.pp)))
        return zero1
    if par.ep == 1 and not m.tied_embeddings and math_precision is not Precision.FP16:
        return ["--use-torch-fsdp2", "--no-gradient-accumulation-fusion"]
    return ["--use-megatron-fsdp", "--data-parallel-sharding-strategy", "optim_grads_params",
            "--no-gradient-accumulation-fusion", "--use-distributed-optimizer", "--ckpt-format", "fsdp_dtensor"]


def megatron_env(s: Scenario, flags: list[str]) -> dict[str, str]:
    """The environment Megatron-LM's ``validate_args`` asks of the launch (core_v0.15.0): with
    tensor or context parallelism and neither FSDP nor the expert all-to-all overlap, it asserts
    ``CUDA_DEVICE_MAX_CONNECTIONS=1`` on every card before Blackwell (kernels queued in issue order,
    so the tensor-parallel collectives overlap with compute); Blackwell no longer needs it and
    takes it. FSDP asserts it is not 1, so it is left unset there."""
    par = s.parallelism
    if (par.tp > 1 or par.cp > 1) and not (_FSDP_FLAGS | {"--overlap-moe-expert-parallel-comm"}) & set(flags):
        return {"CUDA_DEVICE_MAX_CONNECTIONS": "1"}
    return {}


def _megatron_precision(math_precision: Precision, recipe: Recipe) -> list[str]:
    """Megatron-LM's precision flags. Under ``--bf16`` it accumulates and reduces gradients in
    fp32 unless ``--grad-reduce-in-bf16`` is given (``megatron/training/arguments.py``
    ``validate_args`` at core_v0.15.0), so the megatron-bf16-grads recipe adds that flag; under
    ``--fp16`` the gradient buffer already has the parameters' dtype."""
    if math_precision is Precision.FP16:
        return ["--fp16"]
    if math_precision in (Precision.FP32, Precision.TF32):
        return []
    bf16_grads = ["--grad-reduce-in-bf16"] if recipe is Recipe.MEGATRON_BF16_GRADS else []
    if math_precision is Precision.FP8:
        return ["--bf16", "--fp8-format", "hybrid", *bf16_grads]
    return ["--bf16", *bf16_grads]
