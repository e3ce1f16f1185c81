"""Verdicts: each constraint the buyer set, checked against one configuration (issue 24, part 1).

One checker (:func:`configurator.core.constraints.check`) writes a :class:`Verdict` for every
goal or limit the scenario states — budget, region, deadline, power cap, power per server,
training throughput, request rate, first-token and per-token latency — and nothing else decides
whether a configuration meets them: the estimate's warnings, the recommendation's ranking and
its below-the-line list, the JSON's ``constraints`` and ``violations``, the window and the
summary all read these verdicts (``Estimate.verdicts``) and say them in their words
(:attr:`Verdict.message`).

This module imports nothing above the messages, so view models and the summary can read it.

A verdict's shape (``Verdict.to_dict()`` is the JSON)::

    id        "budget" | "region" | "deadline" | "power-cap" | "rack-power" | "throughput"
              | "request-rate" | "ttft" | "tpot"                      (CONSTRAINTS, in this order)
    target    the limit set, in ``unit`` (region: "cn")
    actual    what the configuration does, in ``unit``; None when it cannot be known (no price,
              no published board power) (region: the card's export status for China, or
              "owned" where every card used is already owned: delivered, params ``owned``, ``count``)
    unit      "CNY"/"USD"… (money), "h", "kW", "tokens/s", "requests/s", "ms", "" (region)
    met       True / False / None (cannot be checked)
    by        how far it misses, in ``unit``: actual − target for a ceiling, target − actual for
              a floor; negative = the margin left; None when unknown or for the region
    share     ``by`` / target (0.25 = 25 % over; −0.1 = 10 % to spare); None likewise
    kind      "ceiling" (at most), "floor" (at least) or "rule" (region)
    basis     budget: "capex", "rent-month" or "rent-job"; latency: "p50", "p90" or "p99";
              other constraints: ""
    origin    "set" (the buyer's) or the serving use whose default it is ("chat", "api")
    params    what the words need beside the numbers: card, date, unpriced item count …
    slow_end  deadline, request rate and a users-only question's latency target (small50) only, where the
              slow end of the likely range misses a deadline met (a rate carried, a latency target held for
              the users asked) at the estimate and the fewest count meeting it there was searched
              (:func:`configurator.core.slow_end_count.with_slow_end`: the ranking's first, the
              summary's configuration, a hand-picked one's estimate): :func:`slow_end_to_dict`
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from configurator.core.bill_covers import ALL_KINDS
from configurator.core.frozen_record import fast_init
from configurator.core.message_numbers import decimals_apart
from configurator.core.messages import Message, deadline_msg, msg, period_msg
from configurator.core.stated import significant
from configurator.core.trade_words import fee_from_params

CONSTRAINTS = ("budget", "region", "deadline", "power-cap", "rack-power", "throughput", "request-rate", "ttft",
               "tpot", "housing")
"""Every constraint id, in the order a summary lists them. ``housing`` is no limit the buyer sets: a rule the
checker states only where a bill cannot be built (:func:`configurator.core.procurement.host.housing_verdict`:
workstation boards with fans blowing into the case, in rack servers)."""

CEILINGS = frozenset({"budget", "deadline", "power-cap", "rack-power", "ttft", "tpot"})
"""Constraints met at or below their target; ``throughput`` and ``request-rate`` are floors,
``region`` a rule."""

USERS_SAID = frozenset({"ttft", "tpot"})
"""The verdicts of a users-only question, whose slow end (:mod:`configurator.core.slow_end_count`) also says the
users served within the targets there where it holds both (as the owned cards alone are sized,
:mod:`configurator.core.recommend_owned`: an offline batch job with a time per token target alone has none for the
first token, and 8 × Gaudi 3 "served" its 200 users in a layout whose first token never came; review50)."""

RULES = frozenset({"region", "vendors", "housing"})
"""Constraints met or not by what the card is, not by a figure: the delivery region and the vendors the
buyer narrowed the cards to (``vendors``: a ranking filter, checked by
:func:`configurator.core.recommend_filters.vendors_verdict`, not by the scenario's checker)."""

ORIGIN_SET = "set"
"""``Verdict.origin`` of a target the buyer set."""

ORIGIN_WORDS = {ORIGIN_SET: "target", "chat": "default for interactive chat", "api": "default for an API"}
"""What a latency target is called in the words: the buyer's 'target', or the use's default
(translated through ``messages.TERMS``)."""

PERIOD_WORDS = {"rent-month": "a month around the clock", "rent-job": "for the whole job"}
"""The rent a budget caps, by ``Verdict.basis`` (translated through ``messages.TERMS``)."""


@fast_init
@dataclass(frozen=True)
class Verdict:
    """One constraint the buyer set, checked against one configuration (see the module docstring
    for each field's values)."""

    id: str
    target: float | str
    actual: float | str | None
    unit: str
    met: bool | None
    by: float | None = None
    share: float | None = None
    basis: str = ""
    origin: str = ORIGIN_SET
    params: dict = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """``ceiling``, ``floor`` or ``rule``."""
        if self.id in RULES:
            return "rule"
        return "ceiling" if self.id in CEILINGS else "floor"

    @property
    def missed(self) -> bool:
        """The configuration breaks this constraint."""
        return self.met is False

    @property
    def blocks(self) -> bool:
        """The configuration cannot be ranked as meeting the constraints: it breaks this one, or
        it cannot be checked — except a budget without every price, which the ranking lists as
        'no price — enter a quote' rather than drop (``recommend.Result.unpriced``)."""
        return self.met is False or (self.met is None and self.id != "budget")

    @property
    def message(self) -> Message:
        """The verdict in words: what breaks and by how much, what is met with the margin left,
        or why it cannot be checked."""
        return _MESSAGES[self.id](self)

    def to_dict(self) -> dict:
        """The JSON of the verdict (``constraints`` and ``violations`` of ``estimate --json``)."""
        actual, by = self._json_numbers()
        return {"id": self.id, "target": self.target, "actual": actual, "unit": self.unit,
                "met": self.met, "by": by, "share": _rounded(self.share, 4), "kind": self.kind,
                "basis": self.basis, "origin": self.origin, "text": self.message.text,
                "message": self.message.to_dict(), **_slow_end_json(self)}


    def _json_numbers(self) -> tuple:
        """``actual`` and ``by`` as the JSON gives them: money to the cent, other figures to six
        significant digits, and ``by`` from the rounded ``actual`` so that the JSON's own numbers
        agree (``by`` = ``actual`` − ``target`` for a ceiling, ``target`` − ``actual`` for a floor)."""
        if not isinstance(self.actual, (int, float)) or self.by is None or isinstance(self.target, str):
            return _rounded(self.actual), _rounded(self.by)
        money = len(self.unit) == 3 and self.unit.isalpha() and self.unit.isupper()
        actual = round(float(self.actual), 2) if money else _rounded(float(self.actual))
        by = actual - self.target if self.kind == "ceiling" else self.target - actual
        return actual, round(by, 2) if money else _rounded(float(by))


def ceiling(id_: str, target: float, actual: float | None, unit: str, basis: str = "", origin: str = ORIGIN_SET,
            params: dict | None = None) -> Verdict:
    """A verdict on an upper limit: met when ``actual`` ≤ ``target`` (unknown when ``actual`` is None);
    ``basis``, ``origin`` and ``params`` (None: none) as :class:`Verdict`'s, given to it by position
    (a serving estimate checks two or three targets, a layout search thousands)."""
    if params is None:
        params = {}
    if actual is None:
        return Verdict(id_, target, None, unit, None, None, None, basis, origin, params)
    by = actual - target
    return Verdict(id_, target, actual, unit, by <= 0, by, by / target, basis, origin, params)


def floor(id_: str, target: float, actual: float | None, unit: str, basis: str = "", origin: str = ORIGIN_SET,
          params: dict | None = None) -> Verdict:
    """A verdict on a lower limit: met when ``actual`` ≥ ``target`` (unknown when ``actual`` is None);
    the rest as :func:`ceiling`'s."""
    if params is None:
        params = {}
    if actual is None:
        return Verdict(id_, target, None, unit, None, None, None, basis, origin, params)
    by = target - actual
    return Verdict(id_, target, actual, unit, by <= 0, by, by / target, basis, origin, params)


def missed(verdicts: Iterable[Verdict]) -> tuple[Verdict, ...]:
    """The verdicts a configuration breaks."""
    return tuple(v for v in verdicts if v.missed)


def blocking(verdicts: Iterable[Verdict]) -> tuple[Verdict, ...]:
    """The verdicts that keep a configuration from being ranked (:attr:`Verdict.blocks`)."""
    return tuple(v for v in verdicts if v.blocks)


def violations_to_dicts(verdicts: Iterable[Verdict]) -> list[dict]:
    """The JSON ``violations``: the verdicts that block, each as :meth:`Verdict.to_dict`."""
    return [v.to_dict() for v in verdicts if v.blocks]


def _slow_end_json(v: Verdict) -> dict:
    """``{"slow_end": …}`` of a deadline or request-rate verdict whose slow-end count was searched for
    (:func:`slow_end_to_dict`); empty otherwise."""
    found = slow_end_to_dict(v)
    return {} if found is None else {"slow_end": found}


def _rounded(value, digits: int = 6):
    return significant(value, digits) if isinstance(value, float) else value


# ---- the words -------------------------------------------------------------------------------


def _budget(v: Verdict) -> Message:
    p = v.params
    money = {"currency": v.unit, "budget": v.target}
    if v.basis == "capex":
        covers = p.get("covers", ALL_KINDS)  # the bill's kinds (core/bill_covers.py)
        if v.met is None:
            return msg("budget-partly-priced", cost=v.actual or 0.0, unpriced=p.get("unpriced", 0), **money)
        if v.met:
            return msg("meets-budget", cost=v.actual, margin=-v.by, covers=covers, **money)
        if p.get("cards_unpriced"):  # the cards themselves: 256 × L20 read "at least 12,335,215 CNY (bill lines
            # without a price: 1)", the servers alone, until December 2026 (persona45)
            return msg("over-budget-cards-unpriced", cost=v.actual, over=v.by, share=v.share, card=p.get("card", ""),
                       **money)
        if p.get("unpriced"):
            return msg("over-budget-partly-priced", cost=v.actual, over=v.by, share=v.share,
                       unpriced=p["unpriced"], **money)
        return msg("over-budget", cost=v.actual, over=v.by, share=v.share, covers=covers, **money)
    period = PERIOD_WORDS[v.basis]
    if v.met is None:
        return msg("rent-budget-unpriced", card=p.get("card", ""), period=period, **money)
    if v.met:
        return msg("meets-rent-budget", cost=v.actual, period=period, margin=-v.by, **money)
    return msg("over-rent-budget", cost=v.actual, period=period, over=v.by, share=v.share, **money)


def _region(v: Verdict) -> Message:
    """The region verdict in words: the US status (or no export, or the cards owned or rented), with
    China's import stance where the catalog holds one — entry barred by customs said first (its
    message is the verdict's ``message``), then the US reason (``export_message``), or, rented, why the
    cards a provider there holds are refused too (``held_date``); the US licence fee where the catalog
    holds one and something is licensed (not after :data:`FEE_UNSAID`); a purchase discouraged by
    regulators said after the status, as a caution."""
    p = v.params
    said = {"card": p.get("card", ""), "date": p.get("date", "—")}
    if "import_date" in p:
        said["import_date"] = p["import_date"]
    said_status = _region_status(v, said)
    if said_status.id == "region-owned":  # every card used is delivered already: no stance to weigh
        return said_status
    export = p.get("export_message")
    if export is not None:  # barred at entry, and the US status would also stop it
        then = msg(f"{export}-beyond-owned" if "owned" in p else export, **said)
        said_status = msg("region-and-import", first=said_status, then=then)
    if "held_date" in p:  # rented: the cards a provider there holds came in outside the US licences
        said_status = msg("region-and-import", first=said_status, then=msg(
            "import-held-outside-licences", card=said["card"], provider=p["held_by"], held_date=p["held_date"]))
    fee = None if "held_date" in p else fee_from_params(p)
    if fee is not None and said_status.id not in FEE_UNSAID:  # the fee speaks of new cards licensed
        said_status = msg("region-and-import", first=said_status, then=fee)
    if p.get("import_status") == "discouraged":
        said_status = msg("region-and-import", first=said_status, then=msg("import-discouraged", **said))
    return said_status


FEE_UNSAID = frozenset({"region-rented-licence-required", "region-rented-status-unknown", "region-rented-import-barred",
                        "region-domestic", "region-domestic-rented"})
"""Region words after which the US licence fee is not said: nothing is licensed for the buyer (cards
rented from a provider that holds them, a mainland-China vendor's card)."""


def _region_status(v: Verdict, said: dict) -> Message:
    p = v.params
    if "owned" in p:  # cards already owned are delivered: the status speaks of those still to buy
        said.update(owned=p["owned"], count=p["count"], extra=p["extra"])
        return msg("region-owned", **said) if v.met else msg(f"{p['message']}-beyond-owned", **said)
    if v.met and "vendor" in p:  # a mainland-China vendor's card: no export, bought or rented there
        return msg("region-domestic-rented", card=said["card"], provider=p["provider"]) if "provider" in p \
            else msg("region-domestic", card=said["card"])
    if v.met and "provider" in p:  # rented from cards a provider in mainland China holds: no export by the renter
        return msg(f"region-rented-{p['message'].removeprefix('export-')}", provider=p["provider"], **said)
    if v.met:
        return msg("region-permitted", **said)
    return msg(p["message"], **said)


def _deadline(v: Verdict) -> Message:
    if v.met is None:
        return deadline_msg("deadline-unknown", v.target, {})
    slow = v.params.get("slow_hours")  # the likely range's slow end, where the estimate has one
    if v.met and slow is not None and slow > v.target:  # met at the estimate, not across its likely range
        said = deadline_msg("meets-deadline-at-estimate", v.target, {"hours": v.actual, "slow": slow},
                            {"margin": -v.by})
        return said if "slow_count" not in v.params else msg("deadline-and-slow-end", first=said,
                                                              then=_slow_end_count(v))
    if v.met:
        return deadline_msg("meets-deadline", v.target, {"hours": v.actual}, {"margin": -v.by})
    return deadline_msg("misses-deadline", v.target, {"hours": v.actual}, {"over": v.by}, share=v.share)


def _slow_end_count(v: Verdict) -> Message:
    """The fewest cards of the card whose slow end meets the deadline (carries the request rate), with the
    slow end's time (rate) there and what they cost to own beyond the configuration's over the years owned
    (``slow_count`` …, written by :func:`configurator.core.slow_end_count.with_slow_end`), or that no count
    tried does; then, where those cards are in separate prefill and decode pools (``slow_pools``), the pools."""
    said = _slow_end_count_alone(v)
    pools = v.params.get("slow_pools")
    return said if pools is None else msg("slow-end-count-in-pools", first=said, layout=_layout_words(
        {"slow_layout": pools}))


def _slow_end_count_alone(v: Verdict) -> Message:
    """:func:`_slow_end_count` without its pools."""
    p = v.params
    users = v.id in USERS_SAID  # a users-only question's: all its users served there
    if p["slow_count"] is None:  # none tried meets it there, or those that do break another constraint
        none = "slow-end-rate-none" if v.id == "request-rate" else "slow-end-users-not-found" if users else \
            "slow-end-none"
        return msg(none + "-blocked" if p.get("slow_blocked") else none, card=p.get("card", ""),
                   **({"users": p["users"]} if users else {}))
    extra = p.get("slow_extra")
    if v.id == "request-rate":
        return _slow_end_rate_count(p, extra)
    if users:
        return _slow_end_users_count(p, extra)
    if "slow_layout" in p:  # the same cards meet it there in another layout: no cards more (slowendeq50)
        return deadline_msg("slow-end-same-count", v.target, {"slow_hours": p["slow_count_hours"]},
                            count=p["slow_count"], layout=_layout_words(p))
    if p.get("slow_basis") == "rent":  # ranked by rent: the job's extra rent at the rent per card-hour
        return deadline_msg("slow-end-count-rent", v.target, {"slow_hours": p["slow_count_hours"]},
                            count=p["slow_count"], cost=_extra_rent(extra, p))
    name = "slow-end-count" if extra is not None else "slow-end-count-unpriced"
    priced = {} if extra is None else {"extra": extra, "currency": p["currency"], "period": period_msg(p["years"])}
    return deadline_msg(name, v.target, {"slow_hours": p["slow_count_hours"]}, count=p["slow_count"], **priced)


def slow_end_count_words(v: Verdict | None) -> Message | None:
    """The fewest cards whose slow end meets ``v``'s target, in words (:func:`_slow_end_count`), where they were
    searched for (``slow_count`` in its params: the slow end misses at ``v``'s count); None otherwise. A
    suggested count says it after its own words (:mod:`configurator.core.fit_suggestions`)."""
    return None if v is None or "slow_count" not in v.params else _slow_end_count(v)


def _slow_end_rate_count(p: dict, extra: float | None) -> Message:
    """The fewest cards whose slow end carries the request rate, with the rate there (``slow_count_requests_per_s``
    [requests/s]) and what they cost beyond the configuration: to own over the years owned, or, ranked by
    rent, to rent a month around the clock (:func:`_extra_rent`)."""
    there = {"count": p["slow_count"], "slow_rate": p["slow_count_requests_per_s"]}
    if "slow_layout" in p:  # the same cards carry it there in another layout (slowendeq50)
        return msg("slow-end-rate-same-count", layout=_layout_words(p), **there)
    if p.get("slow_basis") == "rent":
        return msg("slow-end-rate-count-rent", cost=_extra_rent(extra, p, "-month"), **there)
    if extra is None:
        return msg("slow-end-rate-count-unpriced", **there)
    return msg("slow-end-rate-count", extra=extra, currency=p["currency"], period=period_msg(p["years"]), **there)


def _slow_end_users(v: Verdict) -> Message:
    """The users at once the configuration serves within the latency targets at the slow end (``slow_users``
    of ``users``; not said where the question holds one latency target alone: none was sized), then the fewest
    cards of the card that serve them all there (:func:`_slow_end_count`). Where those are the configuration's own
    cards in another layout (``slow_layout``) that line alone is said: they serve them all there (slowendeq50)."""
    p = v.params
    if "slow_users" not in p or "slow_layout" in p:
        return _slow_end_count(v)
    there = msg("slow-end-users", slow_users=p["slow_users"], users=p["users"]) if p.get("slow_users") else \
        msg("slow-end-users-none", users=p["users"])
    return msg("deadline-and-slow-end", first=there, then=_slow_end_count(v))


def _slow_end_users_count(p: dict, extra: float | None) -> Message:
    """The fewest cards whose slow end serves all the users within the latency targets, with the latency there
    (``slow_count_ms`` [ms]) and what they cost beyond the configuration: to own over the years owned, or, ranked
    by rent, to rent a month around the clock (:func:`_extra_rent`)."""
    there = {"count": p["slow_count"], "slow_ms": p["slow_count_ms"], "users": p["users"]}
    if "slow_layout" in p:  # the same cards serve them all there in another layout (slowendeq50)
        return msg("slow-end-users-same-count", layout=_layout_words(p), **there)
    if p.get("slow_basis") == "rent":
        return msg("slow-end-users-count-rent", cost=_extra_rent(extra, p, "-month"), **there)
    if extra is None:
        return msg("slow-end-users-count-unpriced", **there)
    return msg("slow-end-users-count", extra=extra, currency=p["currency"], period=period_msg(p["years"]), **there)


def _layout_words(p: dict) -> Message:
    """The layout in which the same cards meet the target at the slow end (``slow_layout``, written by
    :func:`configurator.core.slow_end_count.layout_of`), in words: its parallel widths ("TP 4 × PP 2", each
    above 1 named, TP always) with its copies ("× 2 copies"), its prefill and decode pools, or its data-parallel
    replicas ("× DP 4"), then each setting that differs from the configuration's (``slow_layout_changed``: a KV
    cache precision, a batch, a micro-batch, a ZeRO stage, recomputation)."""
    layout = p["slow_layout"]
    widths = [f"{name.upper()} {layout[name]}" for name in ("tp", "cp", "pp", "ep") if layout[name] > 1 or name == "tp"]
    parallel = " × ".join(widths)
    if "dp" in layout:
        said = msg("slow-end-layout-replicas", parallel=parallel, dp=layout["dp"])
    elif layout.get("prefill_cards"):
        said = msg("slow-end-layout-pools", parallel=parallel, prefill=layout["prefill_cards"],
                   decode=layout["decode_cards"])
    else:
        said = msg("slow-end-layout-copies", parallel=parallel, copies=layout["copies"])
    for name in p.get("slow_layout_changed", ()):
        if name == "prefill_cards":
            continue  # the pools are named in the layout itself
        value, said_as = layout[name], f"slow-end-layout-{name.replace('_', '-')}"
        value = value.upper() if name == "kv_precision" and value is not None else value  # "FP8"
        setting = msg(f"{said_as}-{value}") if name == "recompute" else msg(said_as, value=value) \
            if value is not None else msg(f"{said_as}-default")
        said = msg("slow-end-layout-and", first=said, then=setting)
    return said


def _extra_rent(extra: float | None, p: dict, period: str = "") -> Message:
    """What renting the slow end's count costs for the job (``period`` "-month": a month around the clock, a
    service's) beyond the configuration (``extra`` [currency]; a ranking by rent's basis,
    :func:`configurator.core.slow_end_count.extra_rent`), at the rent per card-hour (``slow_rate``
    [currency/(card h)]); more, less (fewer card-hours), or not priced."""
    if extra is None or p.get("slow_rate") is None:
        return msg("slow-end-rent-unpriced" + period)
    said = {"rate": p["slow_rate"], "currency": p["currency"]}
    return msg("slow-end-rent-more" + period, extra=extra, **said) if extra >= 0 else \
        msg("slow-end-rent-less" + period, saved=-extra, **said)


def slow_end_to_dict(v: Verdict) -> dict | None:
    """The deadline (request-rate) verdict's slow end in its JSON (``slow_end``), where it was searched for: the
    slow end of the likely range at the configuration (``hours``), the fewest cards whose slow end meets the deadline
    (``cards``, null where no count tried does; ``other_constraints_break`` true where some count meets it
    there but breaks another constraint set), their slow end (``cards_hours``) and what they cost to own
    beyond it over the years owned (``extra_ownership``, in ``currency``; null unpriced), or where the ranking
    is by rent (``basis`` "rent", else "ownership") what renting them costs for the job beyond it
    (``extra_rent``; negative: fewer card-hours) at ``rent_per_card_hour``, ``extra_ownership`` then null;
    None otherwise [h, cards, currency, currency/(card h)]. A request rate's (slowend49c) has the requests/s
    at the slow end (``requests_per_s``) and the count's there (``cards_requests_per_s``) instead of the hours,
    its extra rent a month's around the clock (``extra_rent_period`` "month") [requests/s]. A users-only question's
    latency target (small50) has the latency at the slow end (``ms``), the users asked (``users``), those the
    configuration serves within the targets there (``users_at_slow_end``; null with one latency target alone) and
    the count's latency there (``cards_ms``) [ms, users]. Where the count found is the configuration's own, another
    layout of the same cards meeting the target there (slowendeq50), or another count in separate prefill and decode
    pools (splitpool51), ``layout`` is that layout (:func:`configurator.core.slow_end_count.layout_of`: its widths,
    copies or replicas or pools and settings); else null."""
    p = v.params
    if "slow_count" not in p:
        return None
    extra = p.get("slow_extra")
    extra = None if extra is None else round(extra, 2)
    rent = p.get("slow_basis") == "rent"
    if v.id == "deadline":
        there = {"hours": _rounded(p["slow_hours"]), "cards_hours": _rounded(p.get("slow_count_hours"))}
    elif v.id in USERS_SAID:  # a users-only question's (small50): its latency and users there
        there = {"ms": _rounded(p["slow_ms"]), "users": p["users"], "users_at_slow_end": p.get("slow_users"),
                 "cards_ms": _rounded(p.get("slow_count_ms")), "extra_rent_period": "month"}
    else:  # the rent is a month's around the clock (extra_rent_period)
        there = {"requests_per_s": _rounded(p["slow_requests_per_s"]),
                 "cards_requests_per_s": _rounded(p.get("slow_count_requests_per_s")), "extra_rent_period": "month"}
    layout = {"layout": p.get("slow_layout", p.get("slow_pools"))}
    return {**there, **layout, "cards": p["slow_count"], "other_constraints_break": p["slow_blocked"]
            if p["slow_count"] is None else False, "basis": "rent" if rent else "ownership",
            "extra_ownership": None if rent else extra, "extra_rent": extra if rent else None,
            "rent_per_card_hour": p.get("slow_rate") if rent else None, "currency": p["currency"],
            "years": p["years"]}


def _power(v: Verdict) -> Message:
    """The power cap (facility power; at the users' desks their power, no PUE) or the power per server (IT
    power at the rack's PDU), each in its own words; their kW to the decimals that keep a miss from reading
    zero (:func:`decimals_apart`)."""
    if v.met is None:
        return msg("unknown-power-for-rack" if v.id == "rack-power" else "unknown-power-for-cap",
                   card=v.params.get("card", ""))
    kw = {"kw": v.actual, "cap": v.target, "d": decimals_apart(v.actual, v.target)}
    if v.id == "rack-power":
        if v.met:
            return msg("meets-rack-power", margin=-v.by, **kw)
        return msg("over-rack-power", over=v.by, share=v.share, **kw)
    at = "-desks" if v.params.get("desks") else ""  # at the users' desks an office's draw, no PUE
    if v.met:
        return msg("meets-power-cap" + at, margin=-v.by, **kw)
    return msg("over-power-cap" + at, over=v.by, share=v.share, **kw)


def _floor_rate(v: Verdict) -> Message:
    """A rate that must reach its target (``throughput``, ``request-rate``): its message ids are
    ``<id>-unknown``, ``meets-<id>`` and ``misses-<id>``; a request rate carried at the estimate that the slow
    end of its likely range (``slow_requests_per_s``) does not, ``meets-request-rate-at-estimate``, then the
    fewest cards that carry it there where they were searched for (:func:`_slow_end_count`)."""
    if v.met is None:
        return msg(f"{v.id}-unknown", target=v.target)
    slow = v.params.get("slow_requests_per_s")
    if v.met and slow is not None and slow < v.target:  # carried at the estimate, not across its likely range
        said = msg("meets-request-rate-at-estimate", rate=v.actual, target=v.target, slow=slow)
        return said if "slow_count" not in v.params else msg("deadline-and-slow-end", first=said,
                                                              then=_slow_end_count(v))
    if v.met:
        return msg(f"meets-{v.id}", rate=v.actual, target=v.target)
    return msg(f"misses-{v.id}", rate=v.actual, target=v.target, short=v.by, share=v.share)


def _latency(v: Verdict) -> Message:
    """A latency target in words; one a users-only question meets at the estimate that the slow end of its likely
    range (``slow_ms``) misses, ``meets-<id>-at-estimate``, then the users served there and the fewest cards that
    serve them all there, where they were searched for (:func:`_slow_end_users`; small50)."""
    what = ORIGIN_WORDS.get(v.origin, ORIGIN_WORDS[ORIGIN_SET])
    name = "tpot" if v.id == "tpot" else "ttft"
    if v.met is None:
        return msg(f"{name}-unknown", target=v.target, what=what)
    slow = v.params.get("slow_ms")
    if v.met and slow is not None and slow > v.target:  # met at the estimate, not across its likely range
        said = msg(f"meets-{name}-at-estimate", ms=v.actual, target=v.target, percentile=v.basis, what=what, slow=slow)
        return said if "slow_count" not in v.params else msg("deadline-and-slow-end", first=said,
                                                              then=_slow_end_users(v))
    if v.met:
        return msg(f"meets-{name}", ms=v.actual, target=v.target, percentile=v.basis, what=what)
    return msg(f"misses-{name}", ms=v.actual, target=v.target, over=v.by, share=v.share, percentile=v.basis,
               what=what)


def _vendors(v: Verdict) -> Message:
    """The vendors verdict in words: who makes the card, and whether that is a vendor the buyer asked for."""
    return msg("vendors-met" if v.met else "vendors-not-met", card=v.params["card"], vendor=v.actual)


def _housing(v: Verdict) -> Message:
    """The housing verdict in words: a workstation board a rack server does not take, how many a deskside
    workstation does, and the vendor's rack edition where the catalog names one."""
    p = v.params
    if p.get("edition_name"):
        return msg("housing-not-met", card=p["card"], per=v.target, count=v.actual, edition=p["edition_name"])
    return msg("housing-not-met-any", card=p["card"], per=v.target, count=v.actual)


_MESSAGES = {"budget": _budget, "region": _region, "vendors": _vendors, "housing": _housing,
             "deadline": _deadline, "power-cap": _power, "rack-power": _power,
             "throughput": _floor_rate, "request-rate": _floor_rate, "ttft": _latency, "tpot": _latency}
