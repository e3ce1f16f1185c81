"""The configuration summary as data: built once from an Estimate, its bill of materials and
its ranked alternatives, for procurement staff to approve.

Renderers (:mod:`configurator.report.render`) turn it into HTML (for the printed/PDF
document), Markdown, CSV and JSON. No Qt here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from configurator import __version__
from configurator.core.catalog import Catalog
from configurator.core.economics import host_watts
from configurator.core.estimate import Estimate
from configurator.core.export_control import card_classification
from configurator.core.procurement.bom import BomLine
from configurator.core.procurement.deployment import DeploymentCost, deployment_cost
from configurator.core.procurement.prices import PriceBook, active_price_book
from configurator.core.procurement.tco import rent_vs_buy_curve
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import Scenario, updated_or_none
from configurator.core.view.assumptions_view import assumptions_section
from configurator.core.view.estimate_view import estimate_view, plain, speed_row
from configurator.core.view.numbers import watts
from configurator.core.view.rows import Amount, View, label, write
from configurator.core.workloads import family_of
from configurator.report.language import (
    CLASS_LABELS,
    EXPORT_LABELS,
    KIND_LABELS,
    OBJECTIVE_LABELS,
    Words,
    item_name,
    quantity_unit,
    reference,
)
from configurator.report.parts import (  # noqa: F401 - gib and num are re-exported (tests import them from here)
    Chart,
    SourceList,
    Table,
    count,
    gib,
    model_name,
    money,
    num,
    percent,
    tokens_text,
)
from configurator.report.technical import bands_table, card_table, memory_table, speed_table, workload_table

MAX_ALTERNATIVES = 6
"""Priced alternatives listed (cards without a price are listed after them)."""

MAX_UNPRICED = 4
"""Cards without a price on the objective's basis that are listed, with "enter a quote"."""

TRAINING_TIME_SLACK = 1.25
"""Without a deadline, training alternatives must finish within this multiple of the chosen
configuration's time: a cheaper cluster that takes years longer is not an alternative."""

PER_UNIT_LABELS = {"vdi": "TCO per user-month", "transcode": "TCO per stream-hour", "render": "TCO per frame"}


@dataclass(frozen=True)
class Option:
    """One configuration in the ranking: the estimate, what it costs over the years and per
    unit of work on the objective's price basis (None: no price there)."""

    estimate: Estimate
    cost: DeploymentCost
    per_unit: float | None
    score: float | None


@dataclass(frozen=True)
class Summary:
    """Everything the summary says, already in the chosen language."""

    language: str
    title: str
    meta: tuple[tuple[str, str], ...]
    recommendation: str
    """The verdict: your choice, the recommended option and the saving."""
    tables: tuple[Table, ...]
    warnings: tuple[str, ...]
    estimate: Estimate
    alternatives: tuple[Estimate, ...] = field(default=())
    headline: tuple[tuple[str, str], ...] = ()
    charts: tuple[Chart, ...] = ()
    sources: tuple[str, ...] = ()
    approval: tuple[tuple[str, ...], ...] = ()
    """(label, value) fields for the approver; empty values are left blank to fill in."""
    headings: dict[str, str] = field(default_factory=dict)
    cost: DeploymentCost | None = None


# ---- the title ----------------------------------------------------------------------------


def job_description(scenario: Scenario, w: Words) -> str:
    """The job in a few words: 'Serve Llama 3 70B to 200 users', 'Pre-train Llama 3 70B on 2T tokens'."""
    kind, model = scenario.workload.value, model_name(scenario.model.name)
    g = scenario.graphics
    if kind == "pretrain":
        return w("Pre-train {model} on {tokens} tokens", model=model, tokens=tokens_text(scenario.training.tokens))
    if kind in ("finetune", "lora", "qlora"):
        method = {"finetune": w("Fine-tune"), "lora": w("LoRA fine-tune"), "qlora": w("QLoRA fine-tune")}[kind]
        return w("{method} {model} on {tokens} tokens", method=method, model=model,
                 tokens=tokens_text(scenario.training.tokens))
    if kind == "inference":
        rate = scenario.constraints.requests_per_s
        if scenario.serving.concurrency is None and rate:
            return w("Serve {model} at {rate} requests/s", model=model, rate=f"{rate:,.4g}")
        return w("Serve {model} to {users} users", model=model, users=count(scenario.serving.users))
    if kind == "vdi":
        return w("Virtual desktops for {users} users", users=count(g.users))
    if kind == "transcode":
        return w("Transcode {streams} {resolution} video streams", streams=count(g.streams), resolution=g.resolution)
    return w("Render {frames} frames", frames=count(g.frames))


def summary_title(scenario: Scenario, w: Words) -> str:
    """The scenario's name, or (while it is the default "Untitled") a description of the job."""
    name = scenario.name.strip()
    return name if name and name != Scenario.model_fields["name"].default else job_description(scenario, w)


# ---- money per unit of work -------------------------------------------------------------


def work_per_year(est: Estimate) -> float | None:
    """Work a deployment does in a year at the scenario's utilisation, in the unit costs are
    quoted per: million tokens, user-months, stream-hours or frames (the family's year of full
    use, scaled; desktops are paid for whether used or not)."""
    family = family_of(est.scenario.workload)
    work = family.work_per_year(est)
    if not work:
        return None
    return work / family.unit_scale * (1.0 if family.billed_regardless_of_use else est.scenario.economics.utilisation)


def _cost_per_unit(est: Estimate, cost: DeploymentCost, objective: Objective) -> float | None:
    """TCO (or, ranking by cloud cost, rent) per unit of work; None without the prices for it."""
    work = work_per_year(est)
    if not work:
        return None
    if objective is Objective.CLOUD:
        return None if cost.rent_per_year is None else cost.rent_per_year / work
    if est.costs.prices.card_price is None and not _cards_included(cost):
        return None
    return cost.ownership.tco / (work * cost.ownership.years)


def _cards_included(cost: DeploymentCost) -> bool:
    return any(line.kind == "accelerator" and line.unit_price == 0.0 for line in cost.bom.lines)


def _option(est: Estimate, objective: Objective, book: PriceBook) -> Option:
    cost = deployment_cost(est, book)
    per_unit = _cost_per_unit(est, cost, objective)
    if objective in (Objective.TCO, Objective.CLOUD):
        score = per_unit
    elif objective is Objective.FASTEST:
        family = family_of(est.scenario.workload)
        score = family.speed_figure(est) if family.can_rank(est) else None
    elif objective is Objective.ENERGY:
        work = work_per_year(est)
        energy = cost.ownership.energy_per_year
        score = None if not work or energy is None else energy / work
    else:
        score = float(est.scenario.count)
    return Option(est, cost, per_unit, score)


def _comparable_scenario(chosen: Estimate) -> Scenario:
    """The scenario the alternatives answer: the chosen one, and for training without a
    deadline, finishing within ``TRAINING_TIME_SLACK`` of the chosen time."""
    s = chosen.scenario
    if s.workload.is_training and s.constraints.deadline_hours is None and chosen.hours:
        bounded = updated_or_none(s, constraints={"deadline_hours": min(87_660.0, chosen.hours * TRAINING_TIME_SLACK)})
        return bounded or s
    return s


def ranked_options(chosen: Estimate, catalog: Catalog, objective: Objective = Objective.TCO,
                   book: PriceBook | None = None) -> tuple[Option, tuple[Option, ...], tuple[Option, ...]]:
    """(your choice, the other cards' best configurations ranked by ``objective`` on one price
    basis, the cards that have no price on that basis)."""
    book = book or active_price_book()
    mine = _option(chosen, objective, book)
    result = recommend(_comparable_scenario(chosen), catalog, objective, limit=MAX_ALTERNATIVES + 2)
    others = [_option(rec.estimate, objective, book) for rec in result.ranked
              if (rec.card.id, rec.count) != (chosen.card.id, chosen.scenario.count)]
    priced = sorted((o for o in others if o.score is not None), key=lambda o: (o.score, o.estimate.scenario.count))
    unpriced = [o for o in others if o.score is None]
    unpriced += [_option(rec.estimate, objective, book) for rec in getattr(result, "unpriced", ())]
    return mine, tuple(priced[:MAX_ALTERNATIVES]), tuple(unpriced[:MAX_UNPRICED])


# ---- the headline -----------------------------------------------------------------------


def configuration_text(est: Estimate, cost: DeploymentCost, w: Words) -> str:
    """'1,024 × H100 SXM5 80GB in 128 servers, 66 racks' (and the spares)."""
    s, bom = est.scenario, cost.bom
    text = f"{count(s.count)} × {est.card.name}"
    if bom.servers:
        servers = w("1 server") if bom.servers == 1 else w("{n} servers", n=count(bom.servers))
        racks = w("1 rack") if bom.racks == 1 else w("{n} racks", n=count(bom.racks))
        text += w(" in {servers} ({per} cards each), {racks}", servers=servers, per=bom.gpus_per_server, racks=racks)
    if bom.goodput is not None and bom.goodput.spare_servers:
        text += w(", {n} of them spare servers", n=count(bom.goodput.spare_servers))
    return text


def _verdict(mine: Option, best: Option | None, objective: Objective, w: Words) -> str:
    """"Your choice" beside "Recommended", with the saving when they differ."""
    currency = mine.cost.bom.currency
    years = f"{mine.cost.ownership.years:g}"
    by = w(OBJECTIVE_LABELS[objective.value])
    mine_text = f"{count(mine.estimate.scenario.count)} × {mine.estimate.card.name}"
    if best is None or (mine.score is not None and mine.score <= best.score):
        if mine.score is None:
            return w("Your choice: {mine}. It cannot be ranked by {by}: it has no price on that basis — enter a "
                     "quote.", mine=mine_text, by=by)
        return w("Your choice, {mine}, is the recommended option by {by}.", mine=mine_text, by=by)
    best_text = f"{count(best.estimate.scenario.count)} × {best.estimate.card.name}"
    text = w("Your choice: {mine}. Recommended by {by}: {best}.", mine=mine_text, by=by, best=best_text)
    if objective in (Objective.TCO, Objective.CLOUD) and mine.score is not None and mine.per_unit:
        ratio = best.per_unit / mine.per_unit
        work = work_per_year(mine.estimate) * mine.cost.ownership.years
        saving = (mine.per_unit - best.per_unit) * work
        text += " " + w("It does the same work for {saving} less over {years} years ({share} of your choice's cost).",
                        saving=money(saving, currency), years=years, share=percent(ratio))
    return text


def export_line(est: Estimate, w: Words) -> str | None:
    """The card's export status for China, dated and sourced; None when the catalog has none."""
    ec = est.card.export_control
    if ec is None:
        return None
    tpp, _density, paragraph = card_classification(est.card)
    figures = f"ECCN {paragraph}" if paragraph.startswith("3A090") else w(paragraph)
    if tpp is not None:
        figures += f", TPP {count(tpp)}"
    return w("Delivery to China: {status} ({figures}) — status as of {date} from {source}; not legal advice.",
             status=w(EXPORT_LABELS.get(ec.china, ec.china)), figures=figures, date=ec.date,
             source=reference(ec.source, "zh_CN"))


def _banded_speed(est: Estimate, w: Words) -> list[tuple[str, str]]:
    """The headline speed with its likely range: training the time for the token budget, serving
    the time per output token (graphics: none, no calibration data)."""
    row = speed_row(est)
    if row is None or not isinstance(row.value, Amount) or row.value.band is None:
        return []
    return [(label(row.label, w.language), write(plain(row.value, band=True), w.language))]


def _headline(est: Estimate, mine: Option, w: Words) -> tuple[tuple[str, str], ...]:
    cost, own = mine.cost, mine.cost.ownership
    currency, years = cost.bom.currency, f"{own.years:g}"
    rows = [
        (w("Configuration"), configuration_text(est, cost, w)),
        (w("Capex"), money(own.capex, currency)),
        (w("Total cost of ownership over {years} years", years=years), money(own.tco, currency)),
    ]
    unit = w(PER_UNIT_LABELS.get(est.scenario.workload.value, "TCO per million tokens"))
    if mine.per_unit is not None:
        rows.append((unit, money(mine.per_unit, currency)))
    rows += _banded_speed(est, w)
    if cost.bom.unpriced:
        rows.append((w("Not priced"), w("{n} lines have no price — enter a quote; the totals leave them out",
                                        n=count(len(cost.bom.unpriced)))))
    line = export_line(est, w)
    if line:
        rows.append((w("Export status"), line))
    return tuple(rows)


# ---- bill of materials and TCO ----------------------------------------------------------


def _bom_row(line: BomLine, currency: str, w: Words, sources: SourceList) -> tuple[str, ...]:
    unit = quantity_unit(line.unit, w, line.quantity)
    amount = count(line.quantity) if float(line.quantity).is_integer() else num(line.quantity)
    quantity = f"{amount} {unit}".strip()
    if line.unit_price is None:
        price, total, source = w("no price — enter a quote"), "—", "—"
    else:
        per = f"{money(line.unit_price, currency)}"
        price = per + (f" / {w('year')}" if line.yearly else "")
        total = money(line.total, currency) + (f" / {w('year')}" if line.yearly else "")
        cited = sources.cite(line.source) if line.source not in ("catalog", "user") else ""
        origin = {"catalog": w("card catalog"), "user": w("your price")}.get(line.source, cited)
        source = " ".join(part for part in (origin, line.date, w(line.confidence) if line.confidence not in
                                            ("catalog", "user") else "") if part)
    return (w(KIND_LABELS.get(line.kind, line.kind)), item_name(line, w), quantity, price, total, source)


def _bom_table(mine: Option, w: Words, sources: SourceList) -> Table:
    bom, own = mine.cost.bom, mine.cost.ownership
    header = (w("Kind"), w("Item"), w("Quantity"), w("Unit price"), w("Total"), w("Source"))
    rows = [_bom_row(line, bom.currency, w, sources) for line in bom.lines]
    rows.append(("", w("Capex (sum of the priced purchases)"), "", "", money(own.capex, bom.currency), ""))
    if bom.licences_per_year:
        rows.append(("", w("Licences per year"), "", "", f"{money(bom.licences_per_year, bom.currency)} / {w('year')}",
                     ""))
    power = f"{num(bom.it_kw)} kW" if bom.it_kw is not None else "—"
    note = w("IT load at full power {power}; {cooling}; prices dated {date}.", power=power,
             cooling=w("liquid-cooled racks") if bom.liquid_cooled else w("air-cooled racks"),
             date=active_price_book().price_date)
    return Table("bom", w("Bill of materials"), header, tuple(rows), note=note)


def _tco_table(est: Estimate, mine: Option, w: Words) -> Table:
    cost, own = mine.cost, mine.cost.ownership
    c, years = own.currency, f"{own.years:g}"
    per_year = f" / {w('year')}"

    def yearly(value: float | None) -> str:
        return "—" if value is None else money(value, c) + per_year

    rows = [
        (w("Capex"), money(own.capex, c)),
        (w("Energy and cooling (PUE {pue})", pue=f"{est.scenario.economics.pue:g}"), yearly(own.energy_per_year)),
        (w("Support ({share} of capex a year)", share=percent(own.support_per_year / own.capex if own.capex else None)),
         yearly(own.support_per_year)),
        (w("Licences"), yearly(own.licences_per_year)),
        (w("Colocation"), yearly(own.colocation_per_year)),
        (w("Opex"), yearly(own.opex_per_year)),
        (w("Residual value after {years} years", years=years), "−" + money(own.residual, c)),
        (w("Total cost of ownership over {years} years", years=years), money(own.tco, c)),
        (w(PER_UNIT_LABELS.get(est.scenario.workload.value, "TCO per million tokens")), money(mine.per_unit, c)),
        (w("Renting the same cards"), yearly(cost.rent_per_year)),
        (w("Break-even utilisation"), percent(cost.break_even_utilisation) if cost.break_even_utilisation is not None
         else w("none: renting costs less at every utilisation") if cost.rent_per_year else w("no cloud price")),
    ]
    note = w("At {u} utilisation; straight-line depreciation to the residual value.",
             u=percent(own.utilisation))
    return Table("tco", w("Total cost of ownership"), ("", ""), tuple(rows), image="rent" if cost.rent_per_year
                 else None, note=note)


def _rent_chart(est: Estimate, mine: Option, w: Words) -> Chart | None:
    cost = mine.cost
    if cost.rent_per_year is None:
        return None
    curve = rent_vs_buy_curve(cost.ownership, est.card, est.scenario)
    own = tuple((100 * u, o) for u, o, _ in curve)
    rent = tuple((100 * u, r) for u, _, r in curve if r is not None)
    marker = cost.break_even_utilisation
    return Chart("rent", w("Cost per year against utilisation"), w("Utilisation [%]"),
                 w("Cost per year [{currency}]", currency=cost.bom.currency),
                 ((w("Own"), own), (w("Rent"), rent)),
                 None if marker is None else 100 * marker,
                 "" if marker is None else w("break-even {u}", u=percent(marker)))


# ---- alternatives -----------------------------------------------------------------------


def speed_text(est: Estimate, w: Words) -> str:
    """Training: the time for the token budget; serving: time per output token; graphics:
    what one card carries or the render time (the view model's speed row, as one figure)."""
    row = speed_row(est)
    return "—" if row is None else write(plain(row.value), w.language)


def _alternatives_table(mine: Option, priced: Sequence[Option], unpriced: Sequence[Option],
                        objective: Objective, w: Words) -> Table:
    currency, years = mine.cost.bom.currency, f"{mine.cost.ownership.years:g}"
    unit = w(PER_UNIT_LABELS.get(mine.estimate.scenario.workload.value, "TCO per million tokens"))
    speed = speed_row(mine.estimate)  # the column says what its figure is: a job's time, a token's, a card's load
    header = ("#", w("Configuration"), w("Class"), label(speed.label, w.language) if speed else w("Speed"), w("Capex"),
              w("TCO over {years} years", years=years), unit, w("Against your choice"))
    everyone = sorted([mine, *priced], key=lambda o: (o.score is None, o.score or 0.0))
    rows = []
    for rank, option in enumerate(everyone, start=1):
        est = option.estimate
        config = f"{count(est.scenario.count)} × {est.card.name}"
        if option is mine:
            config += f" ({w('your choice')})"
            against = "—"
        elif mine.score and option.score is not None and objective in (Objective.TCO, Objective.CLOUD):
            against = w("{x}× the cost per unit of work", x=f"{option.score / mine.score:.2f}")
        elif mine.score and option.score is not None:
            against = f"{option.score / mine.score:.2f}×"
        else:
            against = "—"
        rows.append((str(rank) if option.score is not None else "—", config, w(CLASS_LABELS[est.card.category]),
                     speed_text(est, w), money(option.cost.ownership.capex, currency),
                     money(option.cost.ownership.tco, currency), money(option.per_unit, currency), against))
    for option in unpriced:
        est = option.estimate
        rows.append(("—", f"{count(est.scenario.count)} × {est.card.name}", w(CLASS_LABELS[est.card.category]),
                     speed_text(est, w), "—", "—", "—", w("no price — enter a quote")))
    basis = w("cloud rent") if objective is Objective.CLOUD else w("the bill of materials, owned")
    note = w("Ranked by {by}; every cost on one basis: {basis}, in {currency}.",
             by=w(OBJECTIVE_LABELS[objective.value]), basis=basis, currency=currency)
    if mine.estimate.scenario.workload.is_training and mine.estimate.scenario.constraints.deadline_hours is None:
        note += " " + w("Without a deadline, alternatives finish within {x}× your choice's time.",
                        x=f"{TRAINING_TIME_SLACK:g}")
    return Table("alternatives", w("Alternatives"), header, tuple(rows), note=note)


def _power_table(est: Estimate, view: View, w: Words) -> Table:
    """The power and energy rows of the estimate's view model, with what the summary adds: the
    servers' own power and the electricity price."""
    e, language = est.scenario.economics, w.language
    board, facility, energy = view.rows_of(("board_watts", "facility_watts", "energy_kwh"))
    rows = (
        (label(board.label, language), write(board.value, language)),
        (w("Each server besides its cards"), watts(host_watts(est.card, est.scenario), language)),
        (w("Facility power (average, PUE {pue})", pue=f"{e.pue:g}"), write(facility.value, language)),
        (label(energy.label, language), write(energy.value, language)),
        (w("Electricity price"), f"{e.electricity_per_kwh:g} {e.currency}/kWh"),
    )
    return Table("power", w("Power and energy"), ("", ""), rows)


def _assumptions_table(est: Estimate, mine: Option, w: Words, sources: SourceList) -> Table:
    """The editable defaults as the command line writes them (:func:`assumptions_section`), less the
    servers' own power (the power table has it), then the price book's rates with their sources."""
    e, language = est.scenario.economics, w.language
    book = active_price_book()
    section = assumptions_section(est)
    rows = [(label(r.label, language), write(r.value, language)) for r in section.rows if r.key != "host_watts"]
    for rate_id, name in (("support_share_per_year", "Support per year"), ("residual_value_share", "Residual value"),
                           ("air_cooled_rack_kw", "Air-cooled rack"), ("gpu_failure_rate_per_gpu_hour",
                                                                        "Failure rate")):
        rate = book.rates.get(rate_id)
        if rate is None:
            continue
        value = {"support_share_per_year": percent(rate.value), "residual_value_share": percent(rate.value),
                 "air_cooled_rack_kw": f"{num(rate.value)} kW",
                 "gpu_failure_rate_per_gpu_hour": w("{n} interruptions per million GPU-hours",
                                                     n=num(rate.value * 1e6))}[rate_id]
        rows.append((w(name), f"{value} {sources.cite(rate.source)}".strip()))
    if e.currency == "CNY" and "usd_to_cny" in book.rates:
        cited = sources.cite(book.rates["usd_to_cny"].source)
        rows.append((w("Exchange rate"), f"{e.usd_to_currency:g} CNY/USD {cited}"))
        if "electricity_cny_per_kwh" in book.rates:
            rows.append((w("Electricity price"), f"{e.electricity_per_kwh:g} CNY/kWh "
                                                 f"{sources.cite(book.rates['electricity_cny_per_kwh'].source)}"))
    return Table("assumptions", label(section.title, language), ("", ""), tuple(rows))


def _approval_table(w: Words, prepared_by: str, today: date) -> Table:
    rows = ((w("Prepared by"), prepared_by or ""), (w("Date"), today.isoformat()), (w("Approved by"), ""),
            (w("Date"), ""), (w("Signature"), ""))
    return Table("approval", w("Approval"), ("", ""), rows)


# ---- the summary ------------------------------------------------------------------------


def build_summary(est: Estimate, catalog: Catalog, language: str = "en", today: date | None = None,
                  objective: Objective = Objective.TCO, book: PriceBook | None = None,
                  prepared_by: str = "") -> Summary:
    """The whole summary of ``est`` in ``language`` ("en" or "zh_CN"), ranked by ``objective``."""
    w = Words(language)
    today = today or date.today()
    book = book or active_price_book()
    mine, priced, unpriced = ranked_options(est, catalog, objective, book)
    best = priced[0] if priced else None
    sources = SourceList(language)
    meta = (
        (w("Date"), today.isoformat()),
        (w("App version"), __version__),
        (w("Catalog"), f"{catalog.version} ({catalog.date})"),
        (w("Prices"), book.price_date),
        (w("Currency"), mine.cost.bom.currency),
    )
    verdict = _verdict(mine, best, objective, w)
    view = estimate_view(est)
    tables = (
        _bom_table(mine, w, sources), _tco_table(est, mine, w),
        _alternatives_table(mine, priced, unpriced, objective, w),
        workload_table(est, w), card_table(est, w, sources), memory_table(est, w, view), speed_table(est, w, view),
        bands_table(est, w, view),
        _power_table(est, view, w), _assumptions_table(est, mine, w, sources),
    )
    chart = _rent_chart(est, mine, w)
    warnings = tuple(w.message(m) for m in est.messages) or (w("None"),)
    headings = {"headline": w("At a glance"), "sources": w("Sources"), "warnings": w("Warnings"),
                "approval": w("Approval")}
    return Summary(language, summary_title(est.scenario, w), meta, verdict, tables, warnings, est,
                   tuple(o.estimate for o in priced), headline=_headline(est, mine, w),
                   charts=(chart,) if chart else (), sources=tuple(sources.items),
                   approval=_approval_table(w, prepared_by, today).rows,
                   headings=headings, cost=mine.cost)
