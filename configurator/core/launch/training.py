"""The chosen training layout as Megatron-LM ``pretrain_gpt.py`` arguments or a torchtitan job
file, each started by ``torchrun`` on every server; every flag and key from
:mod:`configurator.core.launch.flags`, every setting without one a comment line."""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas.moe import MOE_DISPATCHER_DEFAULT, megatron_takes_expert_overlap
from configurator.core.memory import scenario_stage_layers
from configurator.core.launch.flags import MEGATRON, TORCHTITAN
from configurator.core.launch.notes import Note, note
from configurator.core.launch.script import ConfigFile, Step, command
from configurator.core.scenario import Optimizer, Recipe, Recompute, Scenario, SelectivePolicy, Training
from configurator.core.training_held_states import in_backward
from configurator.core.units import Precision
from configurator.core.workloads.base import Estimate

TRAINING_TARGETS = ("megatron", "torchtitan")
"""The trainers a launch script is written for."""

MEGATRON_DISPATCHER_FLAGS = {"alltoall": ["--moe-token-dispatcher-type", "alltoall"],
                             "deepep": ["--moe-token-dispatcher-type", "flex", "--moe-enable-deepep"],
                             "hybridep": ["--moe-token-dispatcher-type", "flex", "--moe-enable-deepep"]}
"""The estimate's MoE token dispatcher as Megatron-LM core_v0.15.0 flags (``megatron/training/arguments.py``
and ``TransformerConfig`` at that tag): its default is allgather, so the estimate's alltoall is written
(``--overlap-moe-expert-parallel-comm`` also asserts alltoall or flex); DeepEP is the flex dispatcher
with ``--moe-enable-deepep``. HybridEP came with core_v0.16.0 (``--moe-flex-dispatcher-backend``,
commit 3df2009): DeepEP, which the estimate sends the same bytes for, is written and a note says so."""

MASTER_PORT = "6000"
"""torchrun rendezvous port of the first server (any free port)."""

TORCHTITAN_FLAVORS = {"llama3-8b": ("llama3", "8B"), "llama3-70b": ("llama3", "70B"),
                      "llama3.1-405b": ("llama3", "405B"), "deepseek-v3": ("deepseek_v3", "671B")}
"""Presets torchtitan v0.2.2 ships a model flavor of (torchtitan/models/llama3/__init__.py and
deepseek_v3/__init__.py at that tag)."""

TORCHTITAN_PACKED_FLAVORS = {("llama3", "8B"): ("8B_varlen", "8B_flex"), ("deepseek_v3", "671B"): ("671B", "671B")}
"""(model, flavor) -> the v0.2.2 flavors of that model whose attention stays within each example
(``attn_mask_type="block_causal"``, split at the end-of-sequence token: ``get_document_mask_mod``
in torchtitan/models/attention.py at that tag): without and with context parallelism, which the
varlen kernel refuses (``TransformerModelArgs.update_from_config`` in
torchtitan/models/llama3/model/args.py). DeepSeek-V3's 671B flavor is already block-causal FlexAttention."""


@dataclass(frozen=True)
class TrainingLayout:
    """What the training plan implies for a launch (read from the estimate's scenario)."""

    scenario: Scenario
    math: Precision
    card: str

    @property
    def global_sequences(self) -> int:
        """Sequences per optimizer step: micro-batch × accumulation × data-parallel width."""
        t = self.scenario.training
        return t.micro_batch * t.grad_accum * self.scenario.data_parallel

    @property
    def steps(self) -> int:
        """Optimizer steps that cover the token budget (rounded up)."""
        s = self.scenario
        return max(1, math.ceil(s.training.tokens / (self.global_sequences * s.training.seq_len)))


def training_steps(est: Estimate, target: str, model: tuple[str, bool]) -> tuple[Step, ...]:
    """The launch script of a training estimate for ``megatron`` or ``torchtitan``."""
    layout = TrainingLayout(est.scenario, est.plan.math or est.scenario.precision, est.card.name)
    s = layout.scenario
    par = s.parallelism
    table = MEGATRON if target == "megatron" else TORCHTITAN
    name = "Megatron-LM" if target == "megatron" else "torchtitan"
    steps: list[Step] = [note("header", engine=name, version=table.version, url=table.url,
                              what=note("training-what", workload=s.workload.value, model=s.model.name,
                                        count=s.count, card=layout.card, tp=par.tp, pp=par.pp, cp=par.cp,
                                        ep=par.ep, dp=s.data_parallel)),
                         note("train-steps", steps=layout.steps, batch=layout.global_sequences,
                              seq=s.training.seq_len, tokens=layout.steps * layout.global_sequences
                              * s.training.seq_len)]
    nodes, per_node = s.nodes, s.cards_in_node  # 8 GH200 or MI250X: 2 nodes of 4
    if nodes > 1:
        steps.append(note("torchrun-nodes", nodes=nodes, last=nodes - 1))
        if s.count % per_node:
            steps.append(note("uneven-nodes", last=s.count % per_node))
    steps.append(note("training-data"))
    if s.training.offload_optimizer and min(s.count, per_node) > 1:  # offload51: the host step's CPU threads
        steps.append(note("offload-threads", ranks=min(s.count, per_node)))
    launcher = ["torchrun", "--nproc-per-node", str(min(s.count, per_node)), "--nnodes", str(nodes)]
    if nodes > 1:
        launcher += ["--node-rank", "$NODE_RANK", "--master-addr", "$MASTER_ADDR", "--master-port", MASTER_PORT]
    if target == "megatron":
        flags, notes = _megatron(layout)
        steps.extend(notes)
        steps.append(command(("torchrun", launcher), ("megatron", ["pretrain_gpt.py", *flags]),
                             env=_megatron_env(s, flags)))
        return tuple(steps)
    entries, notes = _torchtitan(layout, model)
    steps.extend(notes)
    steps.append(note("toml-file"))
    steps.append(ConfigFile("torchtitan", "job.toml", "toml", tuple(entries)))
    steps.append(command(("torchrun", launcher),
                         ("torchtitan", ["-m", "torchtitan.train", "--job.config_file", "job.toml"])))
    return tuple(steps)


def _common_notes(layout: TrainingLayout, name: str) -> list[Note]:
    s = layout.scenario
    notes: list[Note] = []
    if s.workload.is_adapter:
        notes.append(note("no-flag", engine=name, setting=note("set-lora", rank=s.training.lora_rank),
                          what=note("lora-elsewhere")))
    if s.training.optimizer is Optimizer.ADAMW_8BIT:
        notes.append(note("no-flag", engine=name, setting=note("set-adam8"), what=note("adam8-full")))
    if s.training.offload_activations or (s.training.offload_params and name == "Megatron-LM"):
        notes.append(note("no-flag", engine=name, setting=note("set-offload"), what=note("offload-what")))
    if in_backward(s):
        notes.append(note("no-flag", engine=name, setting=note("set-in-backward"), what=note("in-backward-what")))
    if layout.math is Precision.FP4:
        notes.append(note("no-flag", engine=name, setting=note("set-fp4"), what=note("fp4-bf16")))
    if s.training.packed:  # both trainers' data loaders concatenate examples into seq_len-token samples
        notes.append(note("packed-fill", engine=name, seq=s.training.seq_len, tokens=s.training.tokens_per_example))
    if name != "Megatron-LM" and s.parallelism.ep > 1 and _expert_overlap(s):
        notes.append(note("not-written", engine=name, setting=note("set-expert-overlap"),
                          what=note("expert-overlap-what")))
    if name != "Megatron-LM" and s.parallelism.ep > 1 and s.training.moe_dispatcher != MOE_DISPATCHER_DEFAULT:
        notes.append(note("not-written", engine=name, setting=note("set-moe-dispatcher",
                                                                  backend=s.training.moe_dispatcher),
                          what=note("moe-dispatcher-what")))
    if name != "Megatron-LM" and s.parallelism.tp_comm_overlap and s.parallelism.tp > 1:
        notes.append(note("not-written", engine=name, setting=note("set-tp-overlap"), what=note("tp-overlap-what")))
    if name != "Megatron-LM" and s.parallelism.cp > 1 and s.parallelism.cp_comm_type != "p2p":
        notes.append(note("not-written", engine=name, setting=note("set-cp-comm", kind=s.parallelism.cp_comm_type),
                          what=note("cp-comm-what")))
    if name != "Megatron-LM" and s.training.cuda_graphs:
        notes.append(note("not-written", engine=name, setting=note("set-cuda-graphs"), what=note("cuda-graphs-what")))
    return notes


def _expert_overlap(s: Scenario) -> bool:
    """Whether the estimate ran the expert all-to-all overlapped (DualPipe, or Megatron-LM's overlap
    asked for without full recomputation)."""
    from configurator.core.training_speed import expert_overlap_in_force  # loaded with the estimate launched
    return expert_overlap_in_force(s)


def _megatron(layout: TrainingLayout) -> tuple[list[str], list[Note]]:
    """Megatron-LM ``pretrain_gpt.py`` flags for the layout, in the order the script writes them
    (parallelism, CUDA graphs, batch, model shape, precision, recomputation, sharding, optimizer), and
    the notes on what they leave out."""
    s = layout.scenario
    notes = _common_notes(layout, "Megatron-LM")
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
    (:func:`_megatron_stage_split`), the context-parallel size with Transformer Engine's exchange where it
    is not the default p2p, the expert flags (:func:`_megatron_experts`) and, with tensor parallelism,
    sequence parallelism and the tensor-parallel overlap (Transformer Engine's default userbuffers table
    unless the scenario names a recipe's tuned one, whose YAML is the user's to write: a note)."""
    par = s.parallelism
    flags = ["--tensor-model-parallel-size", str(par.tp), "--pipeline-model-parallel-size", str(par.pp)]
    flags += _megatron_stage_split(s)
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
    if _expert_overlap(s) and takes:
        flags.append("--overlap-moe-expert-parallel-comm")
    elif _expert_overlap(s):
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


def pipeline_rank_layers(s: Scenario) -> tuple[int, ...]:
    """Decoder layers on each pipeline rank as the estimate balanced them [count]: the first and
    the last rank as :func:`~configurator.core.memory.scenario_stage_layers` gives them, the rest
    shared among the middle ranks, none above the fullest stage where they fit."""
    pp, n = s.parallelism.pp, s.model.n_layers
    if pp == 1:
        return (n,)
    first, _fullest, last = scenario_stage_layers(s, pp)
    if pp == 2:
        first = min(first, n - 1)
        return first, n - first
    middle = n - first - last
    if middle < pp - 2 or first < 1 or last < 1:  # not a split of these layers: the even one
        base, extra = divmod(n, pp)
        return tuple(base + (rank < extra) for rank in range(pp))
    base, extra = divmod(middle, pp - 2)
    return first, *(base + (rank < extra) for rank in range(pp - 2)), last


def megatron_pipeline_layout(s: Scenario) -> str:
    """The plan's stage split as Megatron-LM's ``--pipeline-model-parallel-layout``
    (``megatron/core/transformer/pipeline_parallel_layer_layout.py`` at core_v0.15.0): ``pp ×
    virtual stages`` chunks separated by ``|``, chunk ``v · pp + rank`` being virtual stage ``v`` of
    pipeline rank ``rank``, each ``t`` one decoder layer, ``E`` the embedding (first chunk) and ``L``
    the loss (last chunk); each rank's layers (:func:`pipeline_rank_layers`) shared evenly among
    its virtual stages, the first rank's later stages and every other rank's earlier ones taking
    the odd layers (so a chunk left without a layer holds the embedding or the loss); runs of
    equal chunks written ``(chunk|)*n``, as that parser unrolls them."""
    par = s.parallelism
    pp, vp = par.pp, max(1, par.virtual_stages)
    chunks: list[str] = []
    for v in range(vp):
        for rank, layers in enumerate(pipeline_rank_layers(s)):
            base, extra = divmod(layers, vp)
            fuller = v >= vp - extra if rank == 0 else v < extra  # the embedding's chunk the lighter one
            chunks.append("t" * (base + fuller))
    chunks[0] = "E" + chunks[0]
    chunks[-1] += "L"
    out: list[str] = []
    i = 0
    while i < len(chunks):
        j = i
        while j + 1 < len(chunks) and chunks[j + 1] == chunks[i]:
            j += 1
        run = j - i + 1 if j + 1 < len(chunks) else j - i  # the last chunk is written bare, without a "|"
        if run > 1:
            out.append(f"({chunks[i]}|)*{run}")
            i += run
        else:
            out.append(chunks[i] + ("|" if i + 1 < len(chunks) else ""))
            i += 1
    return "".join(out)


def _megatron_stage_split(s: Scenario) -> list[str]:
    """Megatron-LM's flags for how the plan puts layers on pipeline ranks, each combination one
    ``validate_args`` and ``TransformerConfig.__post_init__`` take at core_v0.15.0: nothing where
    the layers split evenly over the ranks (and, with virtual stages, over every chunk:
    ``--num-layers-per-virtual-pipeline-stage``); ``--decoder-first-pipeline-num-layers`` and
    ``--decoder-last-pipeline-num-layers`` where only the first and last rank differ and the middle
    ranks split the rest evenly, without virtual stages; else the whole split as
    ``--pipeline-model-parallel-layout`` (:func:`megatron_pipeline_layout`), which sets the virtual
    stages itself and takes none of the others."""
    par, n = s.parallelism, s.model.n_layers
    if par.pp == 1:
        return []
    ranks = pipeline_rank_layers(s)
    vp = max(1, par.virtual_stages)
    even = len(set(ranks)) == 1
    if even and vp == 1:
        return []
    if even and n % (par.pp * vp) == 0:
        return ["--num-layers-per-virtual-pipeline-stage", str(n // (par.pp * vp))]
    if vp == 1 and par.pp > 2 and len(set(ranks[1:-1])) == 1:
        return ["--decoder-first-pipeline-num-layers", str(ranks[0]),
                "--decoder-last-pipeline-num-layers", str(ranks[-1])]
    return ["--pipeline-model-parallel-layout", megatron_pipeline_layout(s)]


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


def _megatron_env(s: Scenario, flags: list[str]) -> dict[str, str]:
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


def _torchtitan(layout: TrainingLayout, model: tuple[str, bool]) -> tuple[list[tuple[str, object]], list[Note]]:
    s = layout.scenario
    par, t = s.parallelism, s.training
    notes = _common_notes(layout, "torchtitan")
    entries: list[tuple[str, object]] = [("job.description", f"{s.workload.value} {s.model.name}")]
    flavor = TORCHTITAN_FLAVORS.get(s.model.name)
    if flavor is None:
        notes.append(note("no-flavor", model=s.model.name))
        if t.packed:
            notes.append(note("not-written", engine="torchtitan", setting=note("set-packed"),
                              what=note("packed-no-flavor", model=s.model.name)))
    else:
        entries += [("model.name", flavor[0]), ("model.flavor", _torchtitan_flavor(s, flavor, notes))]
        if flavor[0] == "llama3" and s.model.rope_scaling is None:  # the flavor's rope, not the config.json's
            notes.append(note("no-flag", engine="torchtitan", setting=note("set-rope-unscaled"),
                              what=note("rope-llama3-flavor")))
    entries.append(("model.hf_assets_path", model[0] if model[1] else "./assets/hf/" + model[0].rsplit("/", 1)[-1]))
    if layout.math is Precision.FP8:
        entries.append(("model.converters", ["quantize.linear.float8"]))
    dp = s.data_parallel
    if par.pp > 1:
        local = t.micro_batch * t.grad_accum
        entries += [("training.local_batch_size", local), ("training.global_batch_size", local * dp)]
    else:
        entries += [("training.local_batch_size", t.micro_batch),
                    ("training.global_batch_size", layout.global_sequences)]
    entries += [("training.seq_len", t.seq_len), ("training.steps", layout.steps)]
    offload = _torchtitan_offload(s, notes)
    entries += offload
    sharded = par.zero > 0
    entries += [("parallelism.data_parallel_replicate_degree", 1 if sharded else dp),
                ("parallelism.data_parallel_shard_degree", dp if sharded else 1)]
    if par.zero in (1, 2):
        entries.append(("parallelism.fsdp_reshard_after_forward", "never"))
    elif offload and par.pp > 1:  # as estimated: each layer fetched for forward and again for backward
        entries.append(("parallelism.fsdp_reshard_after_forward", "always"))
    entries += [("parallelism.tensor_parallel_degree", par.tp), ("parallelism.pipeline_parallel_degree", par.pp)]
    if par.pp > 1:
        entries += [("parallelism.pipeline_parallel_schedule",
                     "Interleaved1F1B" if par.virtual_stages > 1 else "1F1B"),
                    ("parallelism.pipeline_parallel_microbatch_size", t.micro_batch)]
    entries += [("parallelism.context_parallel_degree", par.cp), ("parallelism.expert_parallel_degree", par.ep),
                ("activation_checkpoint.mode", t.recompute.value)]
    if t.recompute is Recompute.FULL and t.recompute_layers is not None:
        setting = note("set-recompute-layers", layers=t.recompute_layers)
        notes.append(note("no-flag", engine="torchtitan", setting=setting, what=note("every-layer-written")))
    if t.recompute is Recompute.SELECTIVE:
        entries.append(("activation_checkpoint.selective_ac_option", "op"))
        if t.selective_policy is SelectivePolicy.ATTENTION:
            notes.append(note("no-flag", engine="torchtitan", setting=note("set-selective-attention"),
                              what=note("selective-op-written")))
        elif t.selective_policy is SelectivePolicy.FP8_CACHE:
            notes.append(note("no-flag", engine="torchtitan", setting=note("set-selective-fp8-cache"),
                              what=note("selective-op-written-differs")))
    if t.optimizer is Optimizer.SGD:
        notes.append(note("no-flag", engine="torchtitan", setting=note("set-sgd"), what=note("sgd-what")))
    else:
        entries.append(("optimizer.name", "AdamW"))
    if layout.math is Precision.FP16:
        notes.append(note("no-flag", engine="torchtitan", setting=note("set-fp16"), what=note("fp16-what")))
    return entries, notes


def _torchtitan_offload(s: Scenario, notes: list[Note]) -> list[tuple[str, object]]:
    """torchtitan's one offload, ``training.enable_cpu_offload``: FSDP2's ``CPUOffloadPolicy`` (the sharded
    parameters, their gradients and the optimizer step on the host; pytorch/torchtitan v0.2.2 73a0e69
    ``torchtitan/config/job_config.py`` ``Training.enable_cpu_offload``, ``torchtitan/models/llama3/infra/
    parallelize.py`` ``apply_fsdp``), written where the estimate offloads the optimizer and the parameters at
    ZeRO 3 and v0.2.2 applies FSDP (``ParallelDims.fsdp_enabled``: a shard degree or context parallelism above
    1); elsewhere a note says why it is not, since the flag would run another job than the one estimated.
    Under pipeline stages the caller writes ``fsdp_reshard_after_forward = "always"`` with it: v0.2.2's
    default keeps a stage's gathered weights from forward to backward there (``reshard_after_forward = not
    pp_enabled``), where the estimate holds a layer at a time."""
    t, par = s.training, s.parallelism
    if not (t.offload_optimizer or t.offload_params):
        return []
    if not (t.offload_optimizer and t.offload_params):
        reason = note("fsdp-offload-both")
    elif s.data_parallel == 1 and par.cp == 1:
        reason = note("fsdp-offload-one-shard")
    elif par.zero != 3:
        reason = note("fsdp-offload-zero3", zero=par.zero)
    else:
        return [("training.enable_cpu_offload", True)]
    notes.append(note("not-written", engine="torchtitan", setting=note("set-fsdp-offload"), what=reason))
    return []


def _torchtitan_flavor(s: Scenario, flavor: tuple[str, str], notes: list[Note]) -> str:
    """The torchtitan flavor to write: the preset's own, or for packed examples its block-causal
    twin (:data:`TORCHTITAN_PACKED_FLAVORS`: varlen, FlexAttention with context parallelism),
    with a note saying which; a preset without one keeps its flavor and a note says so."""
    if not s.training.packed:
        return flavor[1]
    twins = TORCHTITAN_PACKED_FLAVORS.get(flavor)
    if twins is None:
        notes.append(note("not-written", engine="torchtitan", setting=note("set-packed"),
                          what=note("packed-no-flavor", model=s.model.name)))
        return flavor[1]
    chosen = twins[1] if s.parallelism.cp > 1 else twins[0]
    notes.append(note("packed-flavor", flavor=chosen))
    return chosen
