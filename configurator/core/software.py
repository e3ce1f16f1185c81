"""Which frameworks a workload needs, and whether a card's software stack has them.

The catalog rates each framework per card (``Card.software``): supported, partial (a fork,
a plugin in preview, community support, a subset) or none. A workload needs all of its
``required`` frameworks and at least one of its ``any_of`` frameworks; where the card has
them only partially or not at all, a recommendation carries a porting risk.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from configurator.core.catalog import FRAMEWORKS, Card
from configurator.core.scenario import Workload


@dataclass(frozen=True)
class Needs:
    """Frameworks a workload needs: every one of ``required`` and one of ``any_of``."""

    required: tuple[str, ...] = ()
    any_of: tuple[str, ...] = ()


TRAINING_NEEDS = Needs(required=("pytorch",), any_of=("megatron", "deepspeed"))
WORKLOAD_NEEDS: dict[Workload, Needs] = {
    Workload.PRETRAIN: TRAINING_NEEDS,
    Workload.FINETUNE: TRAINING_NEEDS,
    Workload.LORA: Needs(required=("pytorch",)),
    Workload.QLORA: Needs(required=("pytorch",)),
    Workload.INFERENCE: Needs(any_of=("vllm", "sglang", "tensorrt-llm")),
    Workload.VDI: Needs(),
    Workload.TRANSCODE: Needs(),
    Workload.RENDER: Needs(),
}
"""What each workload runs on, as buyers set it up: PyTorch with Megatron-LM or DeepSpeed for
full training, PyTorch (PEFT) for adapters, one serving engine for inference; graphics work
uses the vendor's drivers and codecs, not these frameworks."""


def support(card: Card, framework: str) -> str:
    """'supported', 'partial' or 'none' ('none' also when the card has no software entry)."""
    return "none" if card.software is None else card.software.support(framework)


def software_gaps(card: Card, workload: Workload, needs: Needs | None = None) -> tuple[str, ...]:
    """Frameworks the workload needs that the card runs only partly or not at all.

    A required framework that is not fully supported is a gap; for the any-of group, the gap
    is the whole group when none of it is fully supported. ``needs``: the workload's family's own
    (``WorkloadFamily.software_needs``, a family added as a package), else :data:`WORKLOAD_NEEDS`.
    """
    needs = WORKLOAD_NEEDS[workload] if needs is None else needs
    gaps = [f for f in needs.required if support(card, f) != "supported"]
    if needs.any_of and not any(support(card, f) == "supported" for f in needs.any_of):
        gaps.append(" / ".join(needs.any_of))
    return tuple(gaps)


def runs_software(card: Card, frameworks: Iterable[str]) -> bool:
    """Whether every framework in ``frameworks`` runs on the card (supported or partial)."""
    return all(support(card, f) != "none" for f in frameworks)


def unknown_frameworks(names: Iterable[str]) -> list[str]:
    """The names that are not catalog frameworks (for a clear error on the command line)."""
    return [n for n in names if n not in FRAMEWORKS]
