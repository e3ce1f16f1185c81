"""What would fit: when a configuration does not fit (or does not carry its load), the changes
that would, each with its number, as the web calculators users know answer it (more cards, a
parameter-efficient method, a shorter sequence, host offload, another card).

Each suggestion is an estimate of the changed scenario, so its number is the estimator's own:
the memory per card then, the cards then. Qt-free; the command line, the window's results panel
and the summary word them from their message ids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from configurator.core.catalog import Card, Catalog
from configurator.core.cloud_only import purchase_refused
from configurator.core.engine_formats import serves
from configurator.core.estimate import Estimate, estimate, valid_counts, with_count
from configurator.core.formats import FORMATS, WeightFormat
from configurator.core.graphics import graphics_unsuitable
from configurator.core.memo import LastAsked
from configurator.core.memory import TIGHT_FIT_HEADROOM
from configurator.core.messages import Message, msg
from configurator.core.verdicts import slow_end_count_words
from configurator.core.recommend_filters import Filters, asked_filters
from configurator.core.region import delivery_problem, import_barred
from configurator.core.workloads.layout import TRAINING_COUNTS, unpinned, whole_system_counts
from configurator.core.scenario import Scenario, updated_or_none
from configurator.core.units import GIB
from configurator.core.view.names import weight_format_name
from configurator.core.view.suggestions_view import TARGET_KINDS
from configurator.core.workloads import family_of
from configurator.core.workloads.training.offload import host_fits
from configurator.core.estimate import carrying_whole_load
from configurator.core.fit_targets import (LOAD_TARGETS, TIME_TARGETS, closest_load, costed, deadline_missed_message,
                                           deadline_met_message, fewest_meeting, load_met_message,
                                           load_missed_message, missed_targets, throughput_met_message,
                                           throughput_missed_message)

MAX_SUGGESTIONS = 6
"""Suggestions listed, most direct first (the buyer reads the first two or three)."""

SHORTEST_SEQUENCE = 512
"""Shortest training sequence or serving context suggested [tokens]: below it few jobs still do
what they were meant to."""

SERVING_FORMATS = (WeightFormat.FP8, WeightFormat.INT8, WeightFormat.AWQ_INT4)
"""Weight formats suggested for serving, largest first: FP8 (8 bit/weight), else INT8 W8A8 (SmoothQuant:
the 8-bit format of cards without FP8), and AWQ INT4 with group-128 scales (4.16 bit/weight), each kept
only where the card and the engine run it (:func:`_runs_format`) and it stores fewer bits than the
current and than the format tried before it."""


@dataclass(frozen=True)
class Suggestion:
    """One change that would fit (or carry the load): what kind, in words with its number, and the
    estimate of the changed scenario (its memory per card, its count)."""

    kind: str
    """``more-cards``, ``fewer-cards``, ``free-pins``, ``lora``, ``qlora``, ``shorter-sequence``, ``shorter-context``,
    ``weight-format``, ``offload``, ``fewer-users``, ``other-card``, ``cards-needed``, ``meets-deadline``
    (the fewest cards that meet a missed deadline), ``deadline-out-of-reach`` (none found does: the fastest)
    , ``meets-serving-targets`` (the fewest cards that carry a missed request rate or latency target),
    ``serving-targets-out-of-reach`` (none found does: the closest), ``meets-throughput`` (the fewest cards
    that reach a missed tokens/s floor) or ``throughput-out-of-reach`` (none found does: the fastest)."""
    message: Message
    estimate: Estimate
    capex: float | None = None
    """A suggested count for a missed target: the capex of its bill of materials [currency]; None for
    the other kinds (or nothing priced)."""
    breaks: tuple[str, ...] = ()
    """A suggested count for a missed target: the stated limits it breaks (``budget``, ``region``,
    ``power-cap``, ``rack-power``), which its message words."""
    said: Message | None = None
    """The suggestion in words before its cost and broken limits were added to :attr:`message`."""
    unpriced: int = 0
    """A suggested count for a missed target: the lines of its bill with no price [count]; above 0,
    :attr:`capex` is a floor ("capex at least")."""

    @property
    def scenario(self) -> Scenario:
        return self.estimate.scenario

    def to_dict(self) -> dict:
        """For the command line's JSON: the kind, the words (``id`` and ``params``: the suggestion's own,
        before its cost, a message among them as its own dict), the count and card, GiB per card then; a suggestion for a missed target adds its
        ``capex`` [currency], the bill lines with no price (``capex_unpriced_lines``: above 0 the capex is a
        floor) and the stated limits it ``breaks`` (ids)."""
        est = self.estimate
        said = self.said or self.message
        entry = {"kind": self.kind, "text": self.message.text, "id": said.id, "params": said.to_dict()["params"],
                 "card": est.card.id, "count": est.scenario.count, "fits": est.fits,
                 "memory_gib": round(est.memory.total / GIB, 3)}
        if self.kind in TARGET_KINDS:
            entry |= {"capex": None if self.capex is None else round(self.capex, 2),
                      "capex_unpriced_lines": self.unpriced, "breaks": list(self.breaks)}
        return entry


def _fits(est: Estimate) -> bool:
    """Fits in memory and, for graphics, carries every user or stream."""
    return est.usable


def _memory(est: Estimate) -> dict:
    """What the changed job needs per card [GiB] and what the card allows [GiB]: the figure the fit is
    judged on (:attr:`~configurator.core.memory_breakdown.MemoryBreakdown.fit_total`), so a change that
    fits only as the allocator gives its cache back is not "93.4 GiB per card of 79.2 GiB — fits"
    (2 × H100 for a full fine-tune of Llama 3 8B until December 2026, persona 9)."""
    return {"need": est.memory.fit_total / GIB, "budget": est.memory.budget / GIB}


def _at(scenario: Scenario | None, card: Card) -> Estimate | None:
    return None if scenario is None else estimate(scenario, card)


def fewest_that_fit(est: Estimate, whole: bool = False) -> Estimate | None:
    """``est``'s job at the fewest cards above its count that fit (counts as clusters are built,
    powers of two, the pinned tp × pp dividing them); None when none up to 16,384 does. ``whole``:
    only counts the card is sold in (:func:`~configurator.core.workloads.layout.whole_system_counts`:
    whole servers, whole racks), for a card the buyer has not chosen yet."""
    s = est.scenario
    counts = tuple(n for n in TRAINING_COUNTS if n > s.count)
    if whole:
        counts = tuple(n for n in whole_system_counts(est.card, counts) if n > s.count)
    for count in valid_counts(s, counts):
        more = estimate(with_count(s, count), est.card)
        if _fits(more):
            return more
    return None


def _more_cards(est: Estimate, whole: bool = False) -> Suggestion | None:
    """The fewest cards that fit (:func:`fewest_that_fit`; ``whole``: as its)."""
    more = fewest_that_fit(est, whole)
    if more is None:
        return None
    return Suggestion("more-cards", msg("fits-as", count=more.scenario.count, card=est.card.name, **_memory(more)),
                      more)


BATCH_PROBLEMS = ("batch-does-not-divide", "batch-does-not-divide-one")
"""Messages of a training count the global batch cannot be split over (the estimate is untimed)."""


def _batch_unsplit(est: Estimate) -> bool:
    return any(m.id in BATCH_PROBLEMS for m in est.messages)


def _fewer_cards(est: Estimate) -> Suggestion | None:
    """Training on more cards than its global batch can be split over: the most cards, as clusters
    are built, that split it."""
    if not _batch_unsplit(est):
        return None
    s = est.scenario
    for count in sorted(valid_counts(s, (n for n in TRAINING_COUNTS if n < s.count)), reverse=True):
        fewer = estimate(with_count(s, count), est.card)
        if _fits(fewer) and fewer.training is not None and not _batch_unsplit(fewer):
            return Suggestion("fewer-cards", msg("fits-as", count=count, card=est.card.name, **_memory(fewer)), fewer)
    return None


def _free_pins(est: Estimate) -> Suggestion | None:
    """The same cards with the layout left to the planner, when the user's pins are what keeps it out."""
    s = est.scenario
    if not family_of(s.workload).has_layout or not s.auto_layout or not s.pinned:
        return None
    free = estimate(unpinned(s), est.card)
    if not _fits(free):
        return None
    return Suggestion("free-pins", msg("fits-unpinned", pins=", ".join(s.pinned), count=s.count, card=est.card.name,
                                       **_memory(free)), free)


ADAPTERS = {"finetune": ("lora", "qlora"), "lora": ("qlora",)}
"""Parameter-efficient methods that do the same job with less memory, lightest last, by workload: a
LoRA whose 16-bit base does not fit is offered QLoRA's 4-bit base too (LoRA of Llama 3 70B on one
80 GB card offered only more cards or another card until December 2026, persona 9; QLoRA's own
setting, Dettmers et al. 2023, fine-tunes 65B on one 48 GB card)."""


def _adapters(est: Estimate) -> Suggestion | None:
    """A full fine-tune as LoRA, else QLoRA, on the same cards: the first that fits, or QLoRA's
    memory when neither does but it needs much less (the number a buyer compares)."""
    s = est.scenario
    tried = []
    for workload in ADAPTERS.get(s.workload.value, ()):
        other = _at(updated_or_none(s, workload=workload), est.card)
        if other is None:
            continue
        if _fits(other):
            return Suggestion(workload, msg(f"fits-with-{workload}", **_memory(other)), other)
        tried.append(other)
    if tried and tried[-1].memory.total < 0.7 * est.memory.total:
        other = tried[-1]
        return Suggestion("qlora", msg("short-with-qlora", short=(other.memory.total - other.memory.budget) / GIB,
                                       **_memory(other)), other)
    return None


def _halved(est: Estimate, part: str, name: str, kind: str, floor: int = SHORTEST_SEQUENCE) -> Suggestion | None:
    """The longest halving of ``part.name`` (the training sequence, the serving context) down to
    ``floor`` that fits."""
    s = est.scenario
    now = getattr(getattr(s, part), name)
    if now is None:  # a serving context not given is the prompt and the answer: nothing to shorten
        return None
    length = now // 2
    while length >= floor:
        other = _at(updated_or_none(s, **{part: {name: length}}), est.card)
        if other is not None and _fits(other):
            return Suggestion(kind, msg(f"fits-with-{kind}", length=length, now=now, **_memory(other)), other)
        length //= 2
    return None


def _shorter_sequence(est: Estimate) -> Suggestion | None:
    return _halved(est, "training", "seq_len", "shorter-sequence")


def _shorter_context(est: Estimate) -> Suggestion | None:
    """Serving: a shorter context, still holding the prompt and the answer."""
    serving = est.scenario.serving
    return _halved(est, "serving", "context", "shorter-context",
                   max(SHORTEST_SEQUENCE, serving.prompt_tokens + serving.output_tokens))


def _offload(est: Estimate) -> Suggestion | None:
    """Training: the optimizer states (ZeRO-Offload), then the weights too (ZeRO-Infinity), in host memory."""
    s = est.scenario
    if s.training.offload_optimizer:
        return None
    for parts, message_id in (({"offload_optimizer": True}, "fits-with-offload-optimizer"),
                              ({"offload_optimizer": True, "offload_params": True}, "fits-with-offload-all")):
        other = _at(updated_or_none(s, training=parts), est.card)
        if other is not None and _fits(other) and host_fits(other.scenario, est.card):  # a server holds it
            return Suggestion("offload", msg(message_id, **_memory(other)), other)
    return None


def _runs_format(est: Estimate, fmt: WeightFormat) -> bool:
    """Whether ``est``'s card computes at ``fmt``'s precision (the catalog's rate for it: FP8 needs an FP8
    rate, INT8 W8A8 an INT8 rate, AWQ's 16-bit products an FP16 rate) and its engine loads ``fmt``
    (:func:`~configurator.core.engine_formats.serves`: the family and the format itself). Until December 2026 a
    Huawei Atlas 300I Duo (Ascend 310P: FP16 and INT8 only) was offered "Weights in FP8" (persona46c), and
    llama.cpp, whose ggml has no FP8 type, too (its "float" family was read as FP8 as well)."""
    return est.card.supports(FORMATS[fmt].math) and serves(est.scenario.serving.profile, fmt)


def _fewer_bits(est: Estimate, good: Callable[[Estimate], bool]):
    """The first of the serving formats (:data:`SERVING_FORMATS`: FP8 or INT8 W8A8, then AWQ INT4) the card
    runs (:func:`_runs_format`), storing the weights in fewer bits than ``est`` and than the one tried
    before it, whose estimate on the same cards is ``good``: (format, its estimate), or None."""
    bits = est.plan.weight_bits or 16.0
    for fmt in SERVING_FORMATS:
        if FORMATS[fmt].bits_per_weight >= bits or not _runs_format(est, fmt):
            continue
        bits = FORMATS[fmt].bits_per_weight
        other = _at(updated_or_none(est.scenario, serving={"weight_format": fmt.value, "weight_bpw": None}), est.card)
        if other is not None and good(other):
            return fmt, other
    return None


def _weight_format(est: Estimate) -> Suggestion | None:
    """Serving: the weights stored in fewer bits (FP8 or INT8 W8A8, then AWQ INT4: :func:`_fewer_bits`), the
    first that fits."""
    if (found := _fewer_bits(est, _fits)) is None:
        return None
    fmt, other = found
    return Suggestion("weight-format", msg("fits-with-weight-format", format=weight_format_name(fmt.value,
                                                                                                est.card.vendor),
                                           bits=FORMATS[fmt].bits_per_weight, **_memory(other)), other)


def _format_meets_targets(est: Estimate) -> Suggestion | None:
    """Serving that fits but misses a target set (a request rate, a latency): the weights in fewer bits on
    the same cards (FP8 or INT8 W8A8, then AWQ INT4: :func:`_fewer_bits`), the first that meets every target.
    DeepSeek-V3 in BF16 on 16 × H200 at 50 requests/s, p90 50 ms a token: 126 ms, and "what would meet the
    targets" offered only 48 × H200 (2.5 M USD) where its published FP8 weights meet them on the 16
    (persona11ml)."""
    if not any(v.blocks for v in est.verdicts):
        return None
    found = _fewer_bits(est, lambda other: _fits(other) and not any(v.blocks for v in other.verdicts))
    if found is None:
        return None
    fmt, other = found
    return Suggestion("targets-weight-format", msg(
        "meets-targets-with-weight-format", format=weight_format_name(fmt.value, est.card.vendor),
        bits=FORMATS[fmt].bits_per_weight, count=est.scenario.count, card=est.card.name, **_memory(other)), other)


def _fewer_users(est: Estimate) -> Suggestion | None:
    """Serving: the users that fit on these cards at this context, when some do."""
    s, most = est.scenario, est.limits.max_concurrency
    if not most or most >= s.serving.users:
        return None
    other = _at(updated_or_none(s, serving={"concurrency": most}), est.card)
    if other is None or not _fits(other):
        return None
    return Suggestion("fewer-users", msg("fits-fewer-users", users=most, count=s.count, card=est.card.name,
                                         **_memory(other)), other)


def _cards_needed(est: Estimate) -> Suggestion | None:
    """Desktops and video: the cards that carry every user or stream."""
    g = est.graphics
    if g is None or g.meets_demand or not g.cards_needed or not est.fits:
        return None

    whole = carrying_whole_load(est)
    if not _fits(whole):
        return None
    return Suggestion("cards-needed", msg("fits-cards-needed", count=whole.scenario.count, card=est.card.name,
                                          demand=g.demand, unit=g.unit), whole)


def _candidate_cards(est: Estimate, catalog: Catalog, allowed: Filters) -> list[Card]:
    """Cards the buyer's filters allow (``allowed``: the workload's usual classes, no consumer cards unless
    asked, the vendors and the cards named) with more memory than this one, smallest memory first: the nearest
    step up is usually the cheapest. Only cards the ranking can rate (the family's ``unrated``: a speed figure
    the catalog lacks; until December 2026 the window offered Ascend 950PR, which its ranking "cannot be rated",
    persona46) and, delivered to mainland China, would rank there
    (:func:`~configurator.core.region.delivery_problem`: export permitted;
    :func:`~configurator.core.region.import_barred`: entry not barred): the card to switch to is one she can
    buy, not a B300 needing a licence no one grants, nor, where she buys, a card sold only as a cloud service
    (:func:`~configurator.core.cloud_only.purchase_refused`: "1 × Cloud TPU7x Ironwood" until December 2026)."""
    workload, region = est.scenario.workload, est.scenario.constraints.region
    family = family_of(workload)
    own = est.card.memory_gb or 0.0
    cards = [c for c in catalog.cards if c.id != est.card.id and allowed.allows(c, workload)
             and (c.memory_gb or 0.0) > own and not graphics_unsuitable(workload, c)
             and delivery_problem(c, region) is None and not import_barred(c, region)
             and family.unrated(est.scenario, c) is None and purchase_refused(c, est.scenario) is None]
    return sorted(cards, key=lambda c: (c.memory_gb or 0.0, c.id))


def _other_card(est: Estimate, catalog: Catalog | None, allowed: Filters) -> Suggestion | None:
    """Another card that fits at the same count — the cheapest to buy of those that fit with
    headroom (then of those that fit at all; unpriced ones after the priced, least memory first) —
    else the card with the most memory at the fewest count it is sold in that fits (2 × a CloudMatrix
    384 supernode's cards, sold as the whole 384, was offered until December 2026)."""
    if catalog is None or est.fits:  # a card that carries too few users or streams needs more of them, not another
        return None
    cards = _candidate_cards(est, catalog, allowed)
    s = unpinned(est.scenario) if family_of(est.scenario.workload).has_layout else est.scenario
    buyable = [c for c in cards if s.count in whole_system_counts(c, (s.count,))]  # NVL72 racks are sold whole
    fitting = [other for card in buyable if (other := _at(updated_or_none(s, card_id=card.id), card)) is not None
               and _fits(other)]
    if fitting:
        best = min(fitting, key=lambda e: (e.memory.headroom < TIGHT_FIT_HEADROOM, e.costs.purchase is None,
                                           e.costs.purchase or 0.0, e.card.memory_gb or 0.0, e.card.id))
        return Suggestion("other-card", msg("fits-as", count=s.count, card=best.card.name, **_memory(best)), best)
    if not cards:
        return None
    largest = max(cards, key=lambda c: (c.memory_gb or 0.0, -whole_system_counts(c, (1,))[0], -len(c.id)))
    base = updated_or_none(s, card_id=largest.id)  # of equal memory, the one sold in the smallest unit
    more = None if base is None else _more_cards(estimate(base, largest), whole=True)  # as it is sold
    return None if more is None else Suggestion("other-card", more.message, more.estimate)


def _target(kind: str, said: Message, found: Estimate, asked: Estimate) -> Suggestion:
    """A suggested count for a missed target, with its capex and the stated limits it breaks
    (:func:`~configurator.core.fit_targets.costed`); none where ``found`` is the typed count itself (the
    bound of the card's peak names a count it has no estimate of)."""
    if found is asked:
        return Suggestion(kind, said, found, said=said)
    message, cost, breaks, unpriced = costed(said, found, asked)
    return Suggestion(kind, message, found, cost, tuple(breaks), said, unpriced)


def _at_slow_end(found: Suggestion, met: Estimate) -> Suggestion:
    """``found``, the suggestion of ``met``, a count that meets a deadline or carries a request rate at the
    estimate, going on (after its own cost) with the fewest cards that meet it even at the slow end of the
    likely range where that count differs (:func:`~configurator.core.slow_end_count.with_slow_end_asked`, on
    the ranking question's basis: "16 × Gaudi 3 meet the 24 h deadline: 21.2 h … — capex 386,611 USD; to meet
    it even at the slow end: 24 cards …"); nothing is searched where ``met``'s slow end meets it."""
    from configurator.core.slow_end_count import slow_end_verdict, with_slow_end_asked  # it estimates counts

    then = slow_end_count_words(slow_end_verdict(with_slow_end_asked(met)))
    return found if then is None else replace(found, message=msg("deadline-and-slow-end", first=found.message,
                                                                 then=then))


def _meets_deadline(est: Estimate) -> Suggestion | None:
    """Training, fine-tuning, rendering with a deadline (or a training tokens/s floor) missed at
    the typed count: the fewest cards that meet it, as the recommendation's planner sizes this card
    (:func:`~configurator.core.fit_targets.fewest_meeting`); where none found does, the fastest found
    (or the bound of the card's peak)."""
    missed = missed_targets(est, TIME_TARGETS)
    if not missed:
        return None
    met, found = fewest_meeting(est)
    if "deadline" not in missed:  # a tokens/s floor alone
        if met is not None:
            return _target("meets-throughput", throughput_met_message(met), met, est)
        fastest = throughput_missed_message(est, found)
        return None if fastest is None else _target("throughput-out-of-reach", *fastest, est)
    if met is not None:
        return _at_slow_end(_target("meets-deadline", deadline_met_message(met), met, est), met)
    fastest = deadline_missed_message(est, found)
    return None if fastest is None else _target("deadline-out-of-reach", *fastest, est)


def _carries_load(est: Estimate) -> Suggestion | None:
    """Serving with a stated request rate or latency target missed at the typed count: the fewest
    cards (copies) that carry it within the targets, as the recommendation's planner sizes them; where
    none found does, the closest (:func:`~configurator.core.fit_targets.closest_load`)."""
    if not missed_targets(est, LOAD_TARGETS):
        return None
    met, _ = fewest_meeting(est)
    if met is not None:
        return _at_slow_end(_target("meets-serving-targets", load_met_message(met), met, est), met)
    closest = closest_load(est)
    return None if closest is None else _target("serving-targets-out-of-reach", load_missed_message(closest),
                                                closest, est)


_LAST_TARGETS = LastAsked()
"""The last estimate :func:`_meets_targets` was asked of (by identity: the estimate memo gives the same
object for the same scenario and card) with its answer: the window asks again for every analysis of
the same scenario (another card compared, the catalog pass restarted), the command line once."""


def _meets_targets(est: Estimate) -> Suggestion | None:
    """The targets on a speed the typed count misses, met (:func:`_meets_deadline`, :func:`_carries_load`);
    a search of counts only when a target is missed (~60 ms CPU cold for Llama 3 8B on 1 T tokens in
    30 days from 8 × H100, ~10 ms for a serving rate; nothing when every target is met)."""
    kept = _LAST_TARGETS.kept
    if kept is not None and kept[0] is est:
        return kept[1]
    found = _carries_load(est) or _meets_deadline(est)  # each None unless its own targets are missed
    _LAST_TARGETS.kept = (est, found)
    return found


SUGGESTIONS = {
    "training": (_fewer_cards, _free_pins, _more_cards, _meets_targets, _adapters, _shorter_sequence, _offload,
                 _other_card),
    "serving": (_free_pins, _more_cards, _meets_targets, _weight_format, _shorter_context, _fewer_users, _other_card),
    "desktops": (_cards_needed,), "video": (_cards_needed,), "rendering": (_meets_targets, _other_card)}
"""The changes tried for each workload family, most direct first."""

FITTING_SUGGESTIONS = {"serving": (_format_meets_targets,)}
"""The changes tried, beside the cards that meet a missed target, for a family's configuration that fits."""


def what_would_fit(est: Estimate, catalog: Catalog | None = None, filters: Filters | None = None
                   ) -> tuple[Suggestion, ...]:
    """The changes that would make ``est`` fit (graphics: carry its load; training: be split over
    its cards; a missed deadline, request rate or latency target: the cards that meet it), each with
    its number; empty when it already does all that. ``catalog`` adds another card; without it, only
    changes to the job and the count are tried, among the cards ``filters`` allows (None: those of the
    scenario's ranking question, :func:`~configurator.core.recommend_filters.asked_filters`)."""
    if _fits(est):  # it fits: a count the global batch cannot be split over, a missed time or load target
        more = (suggest(est) for suggest in FITTING_SUGGESTIONS.get(family_of(est.scenario.workload).name, ()))
        return tuple(s for s in (_fewer_cards(est), _meets_targets(est), *more) if s is not None)
    allowed = filters or asked_filters(est.scenario.ranking, est.scenario.workload)
    found = (suggest(est, catalog, allowed) if suggest is _other_card else suggest(est)
             for suggest in SUGGESTIONS[family_of(est.scenario.workload).name])
    return tuple(s for s in found if s is not None)[:MAX_SUGGESTIONS]


def suggestions_to_dict(suggestions: Iterable[Suggestion]) -> list[dict]:
    return [s.to_dict() for s in suggestions]
