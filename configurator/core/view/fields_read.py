"""Which work reads a layout field: the scenario editor shows a field only for the work that reads it
(persona s25 #17: a VDI job's editor showed tensor parallel, the pipeline schedule and the ZeRO
stage, greyed; graphics work splits no model). Qt-free."""

from __future__ import annotations

from configurator.core.scenario_choices import Workload

MODEL_SPLIT = frozenset({"training", "serving"})
TRAINING_ONLY = frozenset({"training"})

READ_BY = {
    "parallelism.tp": MODEL_SPLIT,
    "parallelism.pp": MODEL_SPLIT,
    "parallelism.ep": MODEL_SPLIT,  # serving spreads a copy's experts over its cards
    "parallelism.virtual_stages": TRAINING_ONLY,  # serving lays out one chunk per stage (serving/plan.py)
    "parallelism.pipeline_schedule": TRAINING_ONLY,
    "parallelism.tp_comm_overlap": TRAINING_ONLY,
    "parallelism.tp_comm_overlap_cfg": TRAINING_ONLY,
    "parallelism.cp": TRAINING_ONLY,  # serving: cp = 1 (serving/plan.py, shapes.py)
    "parallelism.zero": TRAINING_ONLY,  # optimizer-state sharding: no optimizer in serving
}
"""The kinds of work (``training``, ``serving``) that read each layout field; a field not listed is
read by every kind (``parallelism.cards_per_node``: graphics work too)."""


def work_kind(workload: Workload) -> str:
    """'training', 'serving' or 'graphics'."""
    return "graphics" if workload.is_graphics else "training" if workload.is_training else "serving"


def reads(workload: Workload, path: str) -> bool:
    """Whether ``workload`` reads the scenario field at ``path`` (so the editor shows it)."""
    kinds = READ_BY.get(path)
    return kinds is None or work_kind(workload) in kinds
