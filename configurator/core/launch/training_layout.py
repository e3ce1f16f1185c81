"""What a training plan implies for its launch, shared by the Megatron-LM, torchtitan and torchtune writers:
the layout read from the estimate's scenario and the notes on settings the trainers' flags do not state."""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.formulas.moe import MOE_DISPATCHER_DEFAULT
from configurator.core.launch.notes import Note, note
from configurator.core.scenario import Optimizer, Scenario
from configurator.core.training_held_states import in_backward
from configurator.core.units import Precision

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


def common_notes(layout: TrainingLayout, name: str) -> list[Note]:
    """The notes the trainers share on settings their flags do not state, for the trainer ``name``."""
    s = layout.scenario
    notes: list[Note] = []
    adapters = name == "torchtune"  # the adapters, 8-bit AdamW and offloads are its writer's (.torchtune)
    if s.workload.is_adapter and not adapters:
        notes.append(note("no-flag", engine=name, setting=note("set-lora", rank=s.training.lora_rank),
                          what=note("lora-elsewhere")))
    if s.training.optimizer is Optimizer.ADAMW_8BIT and not adapters:
        notes.append(note("no-flag", engine=name, setting=note("set-adam8"), what=note("adam8-full")))
    if not adapters and (s.training.offload_activations or (s.training.offload_params and name == "Megatron-LM")):
        notes.append(note("no-flag", engine=name, setting=note("set-offload"), what=note("offload-what")))
    if in_backward(s):
        notes.append(note("no-flag", engine=name, setting=note("set-in-backward"), what=note("in-backward-what")))
    if layout.math is Precision.FP4:
        notes.append(note("no-flag", engine=name, setting=note("set-fp4"), what=note("fp4-bf16")))
    if s.training.packed:  # both trainers' data loaders concatenate examples into seq_len-token samples
        notes.append(note("packed-fill", engine=name, seq=s.training.seq_len, tokens=s.training.tokens_per_example))
    if name != "Megatron-LM" and s.parallelism.ep > 1 and expert_overlap_estimated(s):
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


def expert_overlap_estimated(s: Scenario) -> bool:
    """Whether the estimate ran the expert all-to-all overlapped (DualPipe, or Megatron-LM's overlap
    asked for without full recomputation)."""
    from configurator.core.training_speed import expert_overlap_in_force  # loaded with the estimate launched
    return expert_overlap_in_force(s)
