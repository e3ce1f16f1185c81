"""The first page's figures of the configuration summary (its headline): the configuration, what it costs
to buy (capex and what that covers, the TCO) or to rent, the cost per unit of work and the speed where it
runs, and China's export and import status of the card. Split from :mod:`configurator.report.summary`
(December 2026), whose :class:`~configurator.report.summary.Summary` holds them as (name, value) rows.
No Qt here.
"""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.economics import BOUGHT_USED_CARD
from configurator.core.estimate import Estimate
from configurator.core.export_control import card_classification
from configurator.core.messages import Message, msg
from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.recommend import Objective, Result
from configurator.core.recommend_costs import refused_when_bought
from configurator.core.region import domestic, import_message
from configurator.core.serving_use import estimate_load_note, users_read
from configurator.core.view.bom_names import kind_label
from configurator.core.view.cost_bases import period
from configurator.core.view.estimate_view import estimate_view, plain, speed_row
from configurator.core.view.estimate_view import speed_heading as speed_heading_of
from configurator.core.view.numbers import money, unit_cost
from configurator.core.view.rows import Amount, label, write
from configurator.report.language import EXPORT_LABELS, Words, reference
from configurator.report.parts import count
from configurator.report.summary_configuration import configuration_text
from configurator.report.summary_front import owned_rented_text, owned_text, rent_text, rented, rented_configuration
from configurator.report.summary_money import (
    Option,
    job_alone_rows,
    per_unit_glance,
    rent_cost_per_unit,
    tco_per_unit_of,
)
from configurator.report.summary_partial import excluded_suffix

Rows = list[tuple[str, str]]
"""Headline rows: (name, value), both in the summary's language."""


def export_line(est: Estimate, w: Words) -> str | None:
    """The card's export status for China, dated and sourced; None when the catalog has none."""
    ec = est.card.export_control
    if domestic(est.card):  # bought or rented in China, no export: no US status, no ECCN (as the region verdict says)
        rented = est.costs.rented_from  # rented from a provider in mainland China, not bought there
        return w.message(msg("region-domestic", card=est.card.name) if rented is None else
                         msg("region-domestic-rented", card=est.card.name, provider=rented))
    if ec is None:
        return None
    tpp, _density, paragraph = card_classification(est.card)
    figures = f"ECCN {paragraph}" if paragraph.startswith("3A090") else w(
        "3A090 class unknown" if paragraph == "unknown" else paragraph)  # not the status: that is given first
    if tpp is not None:
        figures = w("{paragraph}, TPP {tpp}", paragraph=figures, tpp=count(tpp))  # a Chinese comma in Chinese
    return w("Delivery to China: {status} ({figures}) — status as of {date} from {source}; not legal advice.",
             status=w(EXPORT_LABELS.get(ec.china, ec.china)), figures=figures, date=ec.date,
             source=reference(ec.source, "zh_CN"))


def banded_speed(est: Estimate, w: Words) -> list[tuple[str, str]]:
    """The headline speed with its likely range: training the time for the token budget; serving the time per
    output token, then the goodput where one is taken ("Goodput"); rendering (no calibration data) the
    time for the job, without a range (persona finding s25 #3); desktops and streams none (no job)."""
    row = speed_row(est, view := estimate_view(est))
    if row is not None and isinstance(row.value, Amount) and row.value.band is not None:
        rows = (row, *view.rows_of(("goodput_requests_per_s",)))
        return [(speed_heading(r, w), write(plain(r.value, band=True), w.language)) for r in rows]
    job = view.rows_of(("hours",))
    if job and isinstance(job[0].value, Amount) and job[0].value.value is not None:
        return [(label(job[0].label, w.language), write(plain(job[0].value), w.language))]
    return []


def speed_heading(row, w: Words, percentile: int | None = None) -> str:
    """The speed row's name as the summary writes it next to one figure: a latency shown by its
    percentiles elsewhere ('p50 65.6 ms · p90 80.0 ms') is named as its median here, so that the
    first page's 65.6 ms is not read against the constraints table's p90 80.0 ms; a column names its ``percentile``."""
    return label(speed_heading_of(row, percentile), w.language)


def capex_text(cost: DeploymentCost, w: Words) -> str:
    """The capex with what it covers, and what it leaves out: "9,163,077 CNY — accelerators,
    servers, network, storage, racks; 2 items unpriced — enter quotes (not in the total)"."""
    bom = cost.bom
    kinds = dict.fromkeys(line.kind for line in bom.purchases if line.total is not None and line.role != "owned")
    covered = [kind_label(kind, w) for kind in kinds]
    if w.language == "en":
        covered = [name.lower() for name in covered]
    text = money(cost.ownership.capex, bom.currency, w.language)
    if covered:
        text = w("{capex} — {covers}", capex=text, covers=w.label(", ").join(covered))
    if bom.unpriced:
        left_out = "{capex}; 1 item unpriced — enter a quote (not in the total)" if len(bom.unpriced) == 1 else \
            "{capex}; {n} items unpriced — enter quotes (not in the total)"
        text = w(left_out, capex=text, n=count(len(bom.unpriced)))
    return text


def tco_text(cost: DeploymentCost, w: Words) -> str:
    """The TCO as the headline gives it, with what it leaves out: the unpriced items, and energy
    where no power is published (a Vera Rubin NVL72 read as a whole TCO without its energy until
    December 2026)."""
    own = cost.ownership
    tco = money(own.tco, cost.bom.currency, w.language)
    if own.energy_per_year is None:
        return w.message(msg("tco-without-energy-unpriced" if cost.bom.unpriced else "tco-without-energy", tco=tco))
    return w("{tco} — without the unpriced items", tco=tco) if cost.bom.unpriced else tco


def load_headline(est: Estimate, w: Words) -> tuple[tuple[str, str], ...]:
    """The first page's first row where the serving question had no load: what was assumed (1 user at
    once; one full batch per model copy) and what to give (:func:`estimate_load_note`); none otherwise."""
    note = estimate_load_note(est)
    return () if note is None else ((w("Load assumed"), w.message(note)),)


def users_read_headline(est: Estimate, w: Words) -> tuple[tuple[str, str], ...]:
    """The first page's last figure where a chat or API question gave users and no request rate: how they were
    read, at once, and how to give users a day (:func:`users_read`); none otherwise."""
    note = users_read(est.scenario)
    return () if note is None else ((w("Users read"), w.message(note)),)


def headline(est: Estimate, mine: Option, w: Words, objective: Objective = Objective.TCO,
             result: Result | None = None) -> tuple[tuple[str, str], ...]:
    """The first page's figures: the configuration, its capex and what that covers, the TCO, and —
    only where it fits and carries the load, else they would be figures of a deployment that
    cannot run — the cost per unit of work (ranked by rent: the rent's first, the figure the
    alternatives are ranked on, then the TCO's) and the speed. A buyer who rents (:func:`rented`)
    reads the cards rented and the rent first, its cost per unit of work and the speed, then the
    capex and the TCO as "Buying instead" (a renter read the capex and the servers first until
    December 2026); one who owns cards reads which, and the capex as the new spend
    (:func:`owned_text`); one who rents and owns cards, that they are not used when renting
    (:func:`owned_rented_text`); where the cards owned cannot carry the load alone, what they carry
    and what all of it needs (``result``'s :attr:`~configurator.core.recommend.Result.owned_alone`,
    as the command line and the ranking panel say it), after them. Then the China export status (named as the
    buyer's own only where China is their delivery region: a buyer who set none, or another, read
    "Export status: Delivery to China: not permitted" as their verdict, persona finding #19)."""
    alone = result.owned_alone if result is not None else None
    carried = [] if alone is None else [(w("Owned cards alone"), w.message(alone))]
    rent = rent_text(est, w, mine.cost) if rented(est, objective) else None
    rows = _renter_rows(est, mine, w, rent, carried) if rent is not None else \
        _buyer_rows(est, mine, w, objective, carried)
    return tuple(rows + _china_rows(est, w))


def _purchase_rows(cost: DeploymentCost, w: Words, owned: str) -> Rows:
    """The capex (the new spend where cards are ``owned``: :func:`owned_text`) and the TCO over the period."""
    years = write(period(cost.ownership.years), w.language)
    return [(w("New spend (capex)" if owned else "Capex"), capex_text(cost, w)),
            (w("Total cost of ownership over {period}", period=years), tco_text(cost, w))]


def _bought_used(est: Estimate) -> list[Message]:
    """Where the buyer takes used cards and the cards' price is a used card's: the message that says so."""
    return [m for m in est.costs.messages if m.id == BOUGHT_USED_CARD]


def _tco_per_unit_rows(est: Estimate, mine: Option, w: Words) -> Rows:
    """The TCO per unit of work; none where the configuration does not run or has no such cost."""
    tco_per_unit = tco_per_unit_of(est, mine) if est.usable else None
    if tco_per_unit is None:
        return []
    value = unit_cost(tco_per_unit, mine.cost.bom.currency, w.language)
    value = value and excluded_suffix(value, mine.cost, w)  # a total without the workstations says so
    return [] if value is None else [_per_unit_row(est, w, value)]


def _per_unit_row(est: Estimate, w: Words, value: str, basis: str = "tco") -> tuple[str, str]:
    """A cost per unit of work's row: its name short, what it covers beside the ``value``
    (:func:`~configurator.report.summary_money.per_unit_glance`)."""
    name, covers = per_unit_glance(est, w, basis)
    return name, w("{value} — {note}", value=value, note=covers)


def _instead(name: str, w: Words) -> str:
    """'Buying instead: capex': a purchase's row name as a renter reads it (the capital lowered in English)."""
    return w("Buying instead: {what}", what=name[:1].lower() + name[1:] if w.language == "en" else name)


def _renter_rows(est: Estimate, mine: Option, w: Words, rent: str, carried: Rows) -> Rows:
    """A renter's headline: the cards rented and the ``rent`` first; the cards owned (not used when
    renting), what they carry alone (``carried``); where it runs, the rent per unit of work and the speed;
    then the purchase, each row "Buying instead", as a comparison — or, where the cards could be rented but not
    bought (:func:`~configurator.core.recommend_costs.refused_when_bought`), one row saying so and why."""
    cost = mine.cost
    owned = owned_text(cost, est, w)
    rows = [(w("Configuration"), rented_configuration(est, w)), (w("Cloud rent"), rent)]
    if owned:  # owned cards are not used when renting; buying instead uses them
        rows.append((w("Already owned"), owned_rented_text(cost, est, w)))
    rows += carried
    if est.usable:
        rent_per_unit = rent_cost_per_unit(est, cost)
        if rent_per_unit is not None:
            rows.append(_per_unit_row(est, w, unit_cost(rent_per_unit, cost.bom.currency, w.language), "cloud"))
        rows += banded_speed(est, w)
    refused = refused_when_bought(est)
    if refused is not None:  # a bill the housing rule refuses: no capex or TCO of it (small51b)
        return rows + [(w("Buying instead"), w("cannot be built: {why}", why=w.message(refused.message)))]
    used = [(w("Bought used"), w.message(m)) for m in _bought_used(est)]  # the buy price is a used card's
    rows += [(_instead(name, w), value) for name, value in
             used + _purchase_rows(cost, w, owned) + _tco_per_unit_rows(est, mine, w)]
    return rows


def _buyer_rows(est: Estimate, mine: Option, w: Words, objective: Objective, carried: Rows) -> Rows:
    """A buyer's headline: the configuration, the cards owned and what they carry alone (``carried``), a
    used card's price, the capex and the TCO; where it runs, the rent per unit of work (ranked by rent),
    the TCO's, a job's cost alone and the speed."""
    cost = mine.cost
    owned = owned_text(cost, est, w)
    rows = [(w("Configuration"), configuration_text(est, cost, w)),
            *(((w("Already owned"), owned),) if owned else ()), *carried,
            *((w("Bought used"), w.message(m)) for m in _bought_used(est)), *_purchase_rows(cost, w, owned)]
    if est.usable:
        if objective is Objective.CLOUD and mine.per_unit is not None:
            rows.append(_per_unit_row(est, w, unit_cost(mine.per_unit, cost.bom.currency, w.language), "cloud"))
        rows += [*_tco_per_unit_rows(est, mine, w), *job_alone_rows(est, cost, w, glance=True), *banded_speed(est, w)]
    return rows


def _china_rows(est: Estimate, w: Words) -> Rows:
    """The card's China export status (with owned cards, that it speaks of the new ones) and China's own
    import stance, each named as the buyer's own only where China is the delivery region they set."""
    rows = []
    china = est.scenario.constraints.region == "cn"
    line = export_line(est, w)
    owned_delivery = next((v.message for v in est.verdicts if v.id == "region" and "owned" in v.params), None)
    if line and owned_delivery is not None:  # the status speaks of new cards: those owned are delivered
        line = w("{owned}. New cards: {status}", owned=w.message(owned_delivery), status=line)
    if line:
        rows.append((w("Export status" if china else "Export status, if delivered to China"), line))
    stance = import_message(est.card, "cn")  # China's own import stance, beside the US status, dated
    if stance is not None:
        rows.append((w("Import into China" if china else "Import into China, if delivered there"), w.message(stance)))
    return rows


def price_headline(decision: Sequence, w: Words) -> tuple[tuple[str, str], ...]:
    """'Price decides?' with the first price-decides line (the rest stand under the alternatives)."""
    return ((w.label("Price decides?"), w.message(decision[0])),) if decision else ()


