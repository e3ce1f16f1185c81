"""The held-out training rows of the accuracy benchmark (split from ``accuracy_heldout.py``): a training
run as its source states it (:func:`_training_scenario`), its throughput and memory (:func:`_training`) and the
longest sequence a card trained (:func:`_max_context`)."""

from __future__ import annotations

from collections.abc import Iterator

from accuracy_base import HELD_OUT_SOURCE as SOURCE
from accuracy_base import Row, part_of_the_benchmark, scenario
from heldout_card import card_as_run

from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.scenario import updated
from configurator.core.scenario_sections import Training
from configurator.core.units import GIB

TRAINING_STATED = ("micro_batch", "grad_accum", "seq_len", "recompute", "recipe")
"""Training settings every training row states."""

TRAINING_OPTIONAL = tuple(name for name in Training.model_fields if name not in TRAINING_STATED)
"""Training settings a row states only where its source does (the scenario's defaults otherwise): every other
field of the scenario's training section (:class:`~configurator.core.scenario_sections.Training`)."""


def _training_scenario(setup: dict):
    """The scenario a training row's ``setup`` states (pre-training unless it names a ``workload``)."""
    training = {k: setup[k] for k in TRAINING_STATED}
    training |= {k: setup[k] for k in TRAINING_OPTIONAL if k in setup}
    parallelism = {"tp": setup.get("tp", 1), "pp": setup.get("pp", 1), "virtual_stages": setup.get("virtual_stages", 1),
                   "cp": setup.get("cp", 1), "cp_comm_type": setup.get("cp_comm_type", "p2p"),
                   "ep": setup.get("ep", 1),  # expert parallelism, where a mixture-of-experts row states it
                   "zero": setup["zero"], "cards_per_node": 8,
                   "tp_comm_overlap": setup.get("tp_comm_overlap", False),
                   "tp_comm_overlap_cfg": setup.get("tp_comm_overlap_cfg"),  # the recipe's userbuffers table
                   "zero3_implementation": setup.get("zero3_implementation", "bucketed")}  # the framework's ZeRO 3
    # where the source states its fabric, or its framework version's overlap of data-parallel traffic
    assumptions = {k: setup[k] for k in ("network_gbps_per_card", "comm_overlap") if k in setup}
    return scenario(preset(setup["model"]), setup["card"], setup["count"], workload=setup.get("workload", "pretrain"),
                    precision=setup["precision"], parallelism=parallelism, training=training, assumptions=assumptions)


PROCESS_VALUES = {"process_used_mib": ("process memory GiB", 1 / 1024)}
"""Whole-process readings (``nvidia-smi``'s used memory: the caching allocator's reserved segments, the CUDA
context and library workspaces) by value key: the quantity reported and the factor to GiB; compared with the
estimate's total, reserve and context included."""

PEAK_VALUES = {"peak_active_gib": ("peak active GiB", 1.0), "peak_allocated_gb": ("peak allocated GiB", 1e9 / GIB),
               "peak_allocated_gib": ("peak allocated GiB", 1.0)}
"""Peak-in-use readings (``torch.cuda`` active or allocated bytes, before the caching allocator's
reserve) by value key: the quantity reported and the factor to GiB (the source's GiB or decimal GB)."""


def _training(r: dict) -> Iterator[Row]:
    """A training run as the source states it, on the card it ran (:func:`heldout_card.card_as_run`):
    tokens/s per card, reserved memory, or peak memory in use (active or allocated bytes), compared
    with the estimate before the allocator's reserve."""
    setup = r["setup"]
    s = _training_scenario(setup)
    card = card_as_run(setup)
    est = estimate(s, card)
    fits = "" if est.memory.fits else "predicted not to fit the card's memory"
    note = "; ".join(part for part in (fits, r["notes"]) if part)
    values = r["values"]
    if "tokens_per_s_per_card" in values:
        yield Row(SOURCE, r["id"], "train-throughput", "tokens/s/card", est.training.tokens_per_s_per_card,
                  values["tokens_per_s_per_card"], note, est.scenario, publication=r["publication"])
    if "reserved_gib" in values:
        reserved = (est.memory.held - s.assumptions.cuda_context_gib * GIB) / GIB
        if setup["recompute"] != "full":
            full = estimate(updated(s, training={"recompute": "full"}), card).memory.total
            note += f"; with full recomputation: {(full - s.assumptions.cuda_context_gib * GIB) / GIB:.1f} GiB"
        yield Row(SOURCE, r["id"], "memory", "reserved GiB", reserved, values["reserved_gib"], note, est.scenario,
                  publication=r["publication"])
    for key, (quantity, to_gib) in PROCESS_VALUES.items():
        if key in values:
            yield Row(SOURCE, r["id"], "memory", quantity, est.memory.held / GIB, values[key] * to_gib, note,
                      est.scenario, publication=r["publication"])
    for key, (quantity, to_gib) in PEAK_VALUES.items():
        if key in values:
            peak = (est.memory.total - est.memory.overhead) / GIB
            yield Row(SOURCE, r["id"], "memory", quantity, peak, values[key] * to_gib, note, est.scenario,
                      publication=r["publication"])


def _max_context(r: dict) -> Iterator[Row]:
    """The longest sequence a card trained without running out of memory: the memory predicted at
    that sequence (reserved, with the CUDA context) against the memory the card gives PyTorch — a
    bound the source reaches from below, so a prediction well under the card's memory means the
    estimate would let a longer sequence fit than did."""
    setup = r["setup"]
    s = _training_scenario(setup)
    card = card_as_run(setup)
    est = estimate(s, card)
    yield Row(SOURCE, r["id"], "memory", f"GiB at {r['values']['max_seq_len']:,} tokens", est.memory.total / GIB,
              est.memory.capacity / GIB, r["notes"], est.scenario, publication=r["publication"])


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
