"""Which work reads a scenario field: the scenario editor shows a layout field only for the work that
reads it (persona s25 #17: a VDI job's editor showed tensor parallel, the pipeline schedule and the ZeRO
stage, greyed; graphics work splits no model), and the command line refuses a flag the work does not
read (a buyer who typed ``--users 100`` for a chat service got an answer sized for one user: the flag
is the virtual desktops' users). Qt-free."""

from __future__ import annotations

from configurator.core.scenario_choices import Workload

TRAINING = frozenset({"pretrain", "training", "adapter"})
"""The kinds of work (:func:`work_kind`) that train."""
ADAPTER = frozenset({"adapter"})
FULL_MODEL = frozenset({"pretrain", "training"})
"""The kinds of work that train every weight (pre-training, full fine-tuning)."""
FINE_TUNING = frozenset({"training", "adapter"})
"""The kinds of work that train on examples (full, LoRA and QLoRA fine-tuning); pre-training reads its data as
documents concatenated into sequences, causal attention across each whole sequence."""
SERVING = frozenset({"serving"})
VDI, TRANSCODE, RENDER = frozenset({"vdi"}), frozenset({"transcode"}), frozenset({"render"})
GRAPHICS = VDI | TRANSCODE | RENDER
MODEL_SPLIT = TRAINING | SERVING

VDI_HOST_FIELDS = ("assumptions.vdi_vcpus_per_desktop", "assumptions.vdi_ram_gib_per_desktop",
                   "assumptions.vdi_vcpus_per_core")
"""The assumptions that size a virtual-desktop host: the desktop's vCPUs and memory and the CPU
overcommit (:func:`configurator.core.graphics.vdi_desktops_per_host`), read by VDI alone."""

READ_BY = {
    "parallelism.tp": MODEL_SPLIT,
    "parallelism.pp": MODEL_SPLIT,
    "parallelism.ep": MODEL_SPLIT,  # serving spreads a copy's experts over its cards
    "parallelism.virtual_stages": TRAINING,  # serving lays out one chunk per stage (serving/plan.py)
    "parallelism.pipeline_schedule": TRAINING,
    "parallelism.tp_comm_overlap": TRAINING,
    "parallelism.tp_comm_overlap_cfg": TRAINING,
    "parallelism.cp": TRAINING,  # serving: cp = 1 (serving/plan.py, shapes.py)
    "parallelism.cp_comm_type": TRAINING,
    "parallelism.zero": TRAINING,  # optimizer-state sharding: no optimizer in serving
}
"""The kinds of work (:func:`work_kind`) that read each layout field the editor shows; a field not
listed is read by every kind (``parallelism.cards_per_node``: graphics work too)."""

FIELD_READ_BY = {
    **READ_BY,
    "training.lora_rank": ADAPTER,
    "training.lora_targets": ADAPTER,
    "training.fp8_base": ADAPTER,
    "training.paged_optimizer": TRAINING,
    "training.cuda_graphs": TRAINING,
    "training.optimizer_in_backward": FULL_MODEL,  # training_held_states.in_backward: adapters do not read it
    # examples, their length and packing them are fine-tuning's (packed SFT); --packed on a pre-training job cut its
    # attention to the 512-token default example and its step 31.8 -> 26.2 s without a word (finds44)
    "training.examples": FINE_TUNING,
    "training.tokens_per_example": FINE_TUNING,
    "training.packed": FINE_TUNING,
    "graphics.users": VDI,  # and the VDI licences of the bill of materials
    "graphics.profile_gib": VDI,
    "graphics.user_class": VDI,
    "graphics.monitors": VDI,
    "graphics.shading_tflops_per_user": VDI,
    "graphics.streams": TRANSCODE,
    "graphics.resolution": VDI | TRANSCODE,  # a stream's, or each desktop display's
    "graphics.fps": TRANSCODE,
    "graphics.codec": TRANSCODE,
    "graphics.preset": TRANSCODE,
    "graphics.decode": TRANSCODE,
    "graphics.scene_gib": RENDER,
    "graphics.frames": RENDER,
    "graphics.reference_card": RENDER,
    "graphics.reference_minutes_per_frame": RENDER,
    "graphics.render_width": RENDER,
    "graphics.render_height": RENDER,
    "graphics.render_layers": RENDER,
    "graphics.local_display": GRAPHICS,  # core/graphics.py card_fit_messages, every graphics job
    **dict.fromkeys(VDI_HOST_FIELDS, VDI),
    # a deadline bounds a job that ends (training, rendering: constraints.check's hours), not a
    # service that runs on; the throughput floor is training's; the rate and latency targets serving's
    "constraints.deadline_hours": TRAINING | RENDER,
    "constraints.min_tokens_per_s": TRAINING,
    "constraints.requests_per_s": SERVING,
    "constraints.ttft_ms": SERVING,
    "constraints.tpot_ms": SERVING,
    "constraints.latency_percentile": SERVING,
}
"""The kinds of work that read each scenario field whose reading depends on the work, beyond
:data:`SECTION_READ_BY`; a field neither lists is read by every kind (the card, the count, the
prices, the budget, the region, the assumptions)."""

SECTION_READ_BY = {"training": TRAINING, "serving": SERVING, "graphics": GRAPHICS}
"""The kinds of work that read a section's fields where :data:`FIELD_READ_BY` names no field of it."""

INSTEAD = {
    ("graphics.users", "serving"): "serving.concurrency",
    ("serving.concurrency", "vdi"): "graphics.users",
    ("training.seq_len", "serving"): "serving.context",
    ("serving.context", "pretrain"): "training.seq_len",
    ("serving.context", "training"): "training.seq_len",
    ("serving.context", "adapter"): "training.seq_len",
    ("constraints.tpot_ms", "pretrain"): "constraints.deadline_hours",
    ("constraints.tpot_ms", "training"): "constraints.deadline_hours",
    ("constraints.tpot_ms", "adapter"): "constraints.deadline_hours",
    # an offline batch due by a deadline (10 M prompts in 48 h) is a service's rate (persona 9)
    ("constraints.deadline_hours", "serving"): "constraints.requests_per_s",
}
"""The field a kind of work reads for what another kind's field says, where a user may type the one
for the other (a chat service's users are its concurrency, not the virtual desktops' users)."""


def work_kind(workload: Workload) -> str:
    """'pretrain', 'training' (full fine-tuning), 'adapter' (LoRA and QLoRA), 'serving', or the graphics
    workload itself ('vdi', 'transcode', 'render')."""
    if workload.is_graphics:
        return workload.value
    if workload.is_training and not workload.trains_on_examples:
        return "pretrain"
    return "adapter" if workload.is_adapter else "training" if workload.is_training else "serving"


def read_by(path: str) -> frozenset[str] | None:
    """The kinds of work that read the scenario field at ``path`` (a dotted path, ``serving.context``);
    None: every kind."""
    kinds = FIELD_READ_BY.get(path)
    return kinds if kinds is not None else SECTION_READ_BY.get(path.partition(".")[0])  # 'count': no section


def reads(workload: Workload, path: str) -> bool:
    """Whether ``workload`` reads the scenario field at ``path`` (so the editor shows it)."""
    kinds = read_by(path)
    return kinds is None or work_kind(workload) in kinds


def readers(path: str) -> tuple[Workload, ...]:
    """The workloads that read the field at ``path``, in the enum's order."""
    return tuple(w for w in Workload if reads(w, path))


def instead(workload: Workload, path: str) -> str | None:
    """The field ``workload`` reads for what the field at ``path`` says for other work (:data:`INSTEAD`),
    or None."""
    return INSTEAD.get((path, work_kind(workload)))
