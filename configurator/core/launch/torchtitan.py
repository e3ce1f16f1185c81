"""The chosen training layout as a torchtitan v0.2.2 job file's entries, with the notes on what they
leave out."""

from __future__ import annotations

from configurator.core.launch.notes import Note, note
from configurator.core.launch.training_layout import TrainingLayout, common_notes
from configurator.core.scenario import Optimizer, Recompute, Scenario, SelectivePolicy
from configurator.core.units import Precision

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


def torchtitan_job(layout: TrainingLayout, model: tuple[str, bool]) -> tuple[list[tuple[str, object]], list[Note]]:
    """torchtitan's job-file entries (key, value) for the layout and the notes on what they leave out."""
    s = layout.scenario
    par, t = s.parallelism, s.training
    notes = common_notes(layout, "torchtitan")
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
