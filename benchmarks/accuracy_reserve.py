"""Published runs that give PyTorch's peak reserved memory beside its peak active memory: rows of
the allocator's reserve alone (kind ``memory-reserve``).

Such a row is predicted as the run's measured peak active memory times one plus the reserve in
force (``Assumptions.allocator_overhead_recompute`` for a run that recomputes, else
``allocator_overhead``; the refitted one while its source is held out: ``accuracy_base.
assumptions_in_force``), against the measured peak reserved memory: it checks the reserve, not the
estimator's peak, and sets the reserve beside the H200 rig's runs (``benchmarks/loso.py``)."""

from __future__ import annotations

from accuracy_base import Row, assumption_in_force, part_of_the_benchmark

RESERVE_KIND = "memory-reserve"
"""The kind of a reserve row (``accuracy_base.TARGETS``: ±10 %, as training memory)."""

LLAMA_RECIPES_RESERVE_ROWS = {
    "mr-llamarecipes-pr41-7b-lora-fsdp-4xa100-40gb-before": True,
    "mr-llamarecipes-pr41-7b-lora-fsdp-4xa100-40gb-limit": True,
    "mr-llamarecipes-pr41-7b-lora-fsdp-4xa100-40gb-after": True,
}
"""The reserve rows of llama-recipes pull request 41 (row id -> whether the run recomputes: its
fsdp_config checkpoints every decoder layer)."""


def reserve_case(row_id: str, recompute: bool, note: str = ""):
    """A published run's peak reserved memory predicted from its peak active memory and the reserve."""
    def case(r: dict) -> Row:
        field = "allocator_overhead_recompute" if recompute else "allocator_overhead"
        active = float(r["peak_active"])
        return Row("published", row_id, RESERVE_KIND, f"reserved {r['unit'].split()[0]} over measured peak active",
                   active * (1.0 + assumption_in_force(field)), float(r["value"]), note, peak=(active, active),
                   group="")
    return case


def reserve_cases() -> dict:
    """The published cases of :data:`LLAMA_RECIPES_RESERVE_ROWS` (row id -> case)."""
    note = "FSDP LoRA with full recomputation: the reserve with recomputation over the measured peak active"
    return {row_id: reserve_case(row_id, recompute, note) for row_id, recompute in LLAMA_RECIPES_RESERVE_ROWS.items()}


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
