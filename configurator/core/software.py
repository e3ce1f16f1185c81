"""Which frameworks a workload needs, and whether a card's software stack has them.

The catalog rates each framework per card (``Card.software``): supported, partial (a fork,
a plugin in preview, community support, a subset) or none. A workload needs all of its
``required`` frameworks and at least one of its ``any_of`` frameworks; where the card has
them only partially or not at all, a recommendation carries a porting risk.

Where the vendor's toolkit no longer builds for the card's architecture (``SoftwareStack.support_end``:
Volta after CUDA 13.0), the card runs only software built with the last release that does, for as long
as it is owned: :func:`past_support_caution` says so, in the words the buyer reads first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from configurator.core.card import SupportEnd
from configurator.core.catalog import FRAMEWORKS, Card
from configurator.core.messages import Message, msg, period_msg
from configurator.core.scenario import Workload
from configurator.core.units import Precision


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


# ---- a stack past its vendor's support ---------------------------------------------------------

BASEBOARD_FORMS = ("SXM", "OAM")
"""Module form factors that mount only on a baseboard of their own socket generation: SXM2/SXM3
for Volta, SXM4 for Ampere, SXM5 for Hopper (https://en.wikipedia.org/wiki/SXM_(socket), read
2026-12); OAM modules on an OAM universal baseboard (OCP Accelerator Module spec)."""


SUPPORT_CAUTION_IDS = frozenset({"stack-past-support", "stack-past-support-then", "stack-past-support-means"})
"""The ids of the caution's messages (a ranking puts them among a card's reasons; an answer shows
them above everything else)."""


def support_caution_in(reasons: Iterable[Message]) -> tuple[Message, ...]:
    """The caution's messages among a ranked card's ``reasons`` (headline first), in their order."""
    return tuple(m for m in reasons if m.id in SUPPORT_CAUTION_IDS)


def support_end(card: Card) -> SupportEnd | None:
    """Where the card's vendor toolkit stopped building for its architecture (None: no end found,
    or not known — the catalog's ``software.notes`` say which)."""
    return None if card.software is None else card.software.support_end


def past_support(card: Card) -> Message | None:
    """The caution's headline: 'Past vendor support: CUDA 12.9 is the last toolkit for Tesla V100
    SXM2 32GB — CUDA 13.0 dropped its architecture (2025-08)'; None for a card whose stack is supported."""
    end = support_end(card)
    if end is None:
        return None
    return msg("stack-past-support", card=card.name, last_release=end.last_release, dropped_in=end.dropped_in,
               date=end.date)


def _module_form(card: Card) -> str | None:
    """'SXM2' for a module that mounts only on a baseboard of its generation (:data:`BASEBOARD_FORMS`)."""
    form = (card.form_factor or "").split()[0] if card.form_factor else ""
    return form if form.upper().startswith(BASEBOARD_FORMS) else None


def past_support_meaning(card: Card, years: float) -> Message | None:
    """What owning the card past its stack's support means, in parts, each from the catalog: the
    last driver branch, the framework releases that dropped it, the math it lacks (BF16 / FP8:
    the card's own rates), a module's baseboard — and that the software stays on the last
    release's builds for the ``years`` [years] the cards are owned. None for a supported card."""
    end = support_end(card)
    if end is None:
        return None
    driver = msg("stack-last-driver", driver=end.last_driver) if end.last_driver else ""
    releases = [msg("stack-release", release=d.release, date=d.date) if d.date else d.release for d in end.dropped_by]
    dropped = msg("stack-dropped-by", releases=releases) if releases else ""
    has_bf16, has_fp8 = card.supports(Precision.BF16), card.supports(Precision.FP8)
    precision = msg("stack-no-bf16-fp8") if not has_bf16 and not has_fp8 else "" if has_fp8 else msg("stack-no-fp8")
    form = _module_form(card)
    module = msg("stack-module", form=form) if form else ""
    return msg("stack-past-support-means", card=card.name, driver=driver, dropped=dropped, precision=precision,
               module=module, last_release=end.last_release, period=period_msg(years))


def past_support_caution(card: Card, years: float) -> tuple[Message, ...]:
    """(headline, what it means) for a card whose vendor stack is past its support; () otherwise.
    The ranking puts the headline first among a ranked card's reasons (with the best-ranked card
    that is supported); the wizard and the summary show both above everything else."""
    headline = past_support(card)
    return () if headline is None else (headline, past_support_meaning(card, years))


def card_cautions(reasons: Iterable[Message], card: Card, years: float) -> tuple[Message, ...]:
    """The caution for ``card`` as the ranking worded it among its ``reasons`` (with the best-ranked
    card with no end of support on record, :func:`support_caution_in`), else from the card alone
    (:func:`past_support_caution`, over ``years`` of ownership); () for a card not past support."""
    return support_caution_in(reasons) or past_support_caution(card, years)
