"""The reasons a ranked card's software gives the recommendation: a porting risk (frameworks the job
needs that the card's stack lacks or has only in part) and the caution for a stack past its vendor's
support (:mod:`configurator.core.software`), said first among the card's reasons
(:func:`configurator.core.recommend_reasons.with_reasons`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from configurator.core.messages import Message, msg
from configurator.core.software import past_support, past_support_meaning, software_gaps, support_end
from configurator.core.view.names import FRAMEWORK_NAMES
from configurator.core.word_series import Series
from configurator.core.workloads import family_of

if TYPE_CHECKING:
    from configurator.core.recommend import Recommendation


def porting_risk(rec: Recommendation) -> Message | None:
    """The frameworks this job needs that the card's stack lacks or has only in part, as their projects write
    them ("vLLM / SGLang / TensorRT-LLM"; until December 2026 the catalog's ids, "vllm / sglang / tensorrt-llm")."""
    workload = rec.estimate.scenario.workload
    gaps = software_gaps(rec.card, workload, family_of(workload).software_needs)
    if not gaps:
        return None
    stack = rec.card.software.stack if rec.card.software else "unknown"
    named = [" / ".join(FRAMEWORK_NAMES.get(one, one) for one in gap.split(" / ")) for gap in gaps]  # any-of: "a / b"
    return msg("porting-risk", card=rec.card.name, stack=stack, missing=Series(named))


def _supported_alternative(index: int, ranked: Sequence[Recommendation]) -> Message | None:
    """The best-ranked card below ``ranked[index]`` with no end of support on record (``support_end``
    None: supported, or for a stack the catalog could not check, not known — the words say "on
    record", not "supported"), with its cost of ownership per unit of work against that one's; None
    when such a card ranks above it (the buyer sees it first) or none is ranked."""
    if any(support_end(r.card) is None for r in ranked[:index]):
        return None
    rank, other = next(((i, r) for i, r in enumerate(ranked) if i > index and support_end(r.card) is None),
                       (None, None))
    if other is None:
        return None
    own, theirs = ranked[index].ownership_per_unit, other.ownership_per_unit
    if own and theirs is not None:
        return msg("stack-supported-alternative", rank=rank + 1, other=other.card.name, ratio=theirs / own)
    return msg("stack-supported-alternative-unpriced", rank=rank + 1, other=other.card.name)


def support_caution(index: int, ranked: Sequence[Recommendation]) -> tuple[Message | None, Message | None]:
    """(headline, what it means) for a ranked card past its vendor's software support, else (None,
    None): the headline (:func:`~configurator.core.software.past_support`) with the best-ranked card
    with no end of support on record below it; what it means over the scenario's years of ownership.

    The caution flags, it does not re-rank: what the support's end costs depends on the buyer's
    own software (a stack pinned to the last toolkit's builds runs for years; one that needs new
    kernels does not), a cost the catalog cannot price without a made-up constant — so the card
    keeps its place and the buyer is told, first, what it means and what a supported card costs."""
    rec = ranked[index]
    headline = past_support(rec.card)
    if headline is None:
        return None, None
    alternative = _supported_alternative(index, ranked)
    if alternative is not None:
        headline = msg("stack-past-support-then", caution=headline, alternative=alternative)
    return headline, past_support_meaning(rec.card, rec.estimate.scenario.economics.amortisation_years)
