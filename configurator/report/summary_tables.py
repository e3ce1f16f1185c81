"""The summary's closing tables: power and energy, the assumptions with their sources, and the
approval block (:func:`configurator.report.summary.build_summary` places them)."""

from __future__ import annotations

from datetime import date

from configurator.core.currency import PRICE_FILE_CURRENCY, is_dated_rate
from configurator.core.currency import rate_id as currency_rate_id
from configurator.core.procurement.host import in_office
from configurator.core.estimate import Estimate
from configurator.core.procurement.prices import price_book_for
from configurator.core.view.assumptions_view import (
    assumptions_section,
    exchange_rate,
    host_watts_label,
    host_watts_value,
)
from configurator.core.view.rows import View, label, write
from configurator.report.language import Words
from configurator.report.parts import SourceList, Table, num, percent
from configurator.report.summary_configuration import desktop_unit
from configurator.report.summary_money import Option
from configurator.report.summary_bill import electricity_price


FACILITY_POWER_ROW = {False: "Facility power (average, PUE {pue})", True: "Power at the desks (average, no PUE)"}
"""The power table's facility row (label ids): a data hall's with its PUE, or an office's at the users' desks
(:func:`~configurator.core.desks.applied_pue`)."""


def power_table(est: Estimate, view: View, w: Words) -> Table:
    """The power and energy rows of the estimate's view model, with what the summary adds: the
    servers' own power and the electricity price."""
    e, language = est.scenario.economics, w.language
    board, facility, energy = view.rows_of(("board_watts", "facility_watts", "energy_kwh"))
    rows = (
        (label(board.label, language), write(board.value, language)),
        *(() if desktop_unit(est) else  # a desktop unit has no server ('Each server besides its cards: 0 W')
          ((w(host_watts_label(est)), write(host_watts_value(est), language)),)),
        (w(FACILITY_POWER_ROW[in_office(est.scenario, est.card)], pue=f"{e.pue:g}"), write(facility.value, language)),
        (label(energy.label, language), write(energy.value, language)),
        (w("Electricity price"), electricity_price(est, language)),
    )
    return Table("power", w("Power and energy"), ("", ""), rows)


def assumptions_table(est: Estimate, mine: Option, w: Words, sources: SourceList) -> Table:
    """The editable defaults as the command line writes them (:func:`assumptions_section`), less the
    servers' own power (the power table has it), then the price book's rates with their sources."""
    e, language = est.scenario.economics, w.language
    book = price_book_for(e)
    section = assumptions_section(est)
    dated = book.rates.get(currency_rate_id(e.currency)) if e.currency != PRICE_FILE_CURRENCY else None  # CNY, EUR
    cite_rate = dated is not None and is_dated_rate(e.currency, e.usd_to_currency)
    rows = [(label(r.label, language), write(r.value, language)) for r in section.rows
            if r.key != "host_watts" and not (cite_rate and r.key == "exchange_rate")]  # cited below instead
    for rate_id, name in (("support_share_per_year", "Support per year"), ("residual_value_share", "Residual value"),
                           ("air_cooled_rack_kw", "Air-cooled rack"), ("gpu_failure_rate_per_gpu_hour",
                                                                        "Failure rate")):
        rate = book.rates.get(rate_id)
        if rate is None:
            continue
        value = {"support_share_per_year": percent(rate.value, language),
                 "residual_value_share": percent(rate.value, language),
                 "air_cooled_rack_kw": f"{num(rate.value)} kW",
                 "gpu_failure_rate_per_gpu_hour": w("{n} interruptions per million GPU-hours",
                                                     n=num(rate.value * 1e6))}[rate_id]
        rows.append((w(name), f"{value} {sources.cite(rate.source)}".strip()))
    if cite_rate:
        cited = sources.cite(dated.source)
        rate = write(exchange_rate(e.currency, e.usd_to_currency), language)  # the window's words, in either language
        rows.append((w("Exchange rate"), f"{rate} {cited}".strip()))
    if e.currency == "CNY" and "electricity_cny_per_kwh" in book.rates \
            and abs(e.electricity_per_kwh - book.rates["electricity_cny_per_kwh"].value) < 1e-9:  # the tariff, not yours
        rows.append((w("Electricity price"), f"{electricity_price(est, language)} "
                                             f"{sources.cite(book.rates['electricity_cny_per_kwh'].source)}"))
    return Table("assumptions", label(section.title, language), ("", ""), tuple(rows))


APPROVED = ("Configuration", "Capex", "New spend (capex)", "Cloud rent")
"""The first page's rows (label ids) the sign-off repeats above its fields: what is bought or rented and what it
costs."""


def approval_table(w: Words, prepared_by: str, today: date, state: str = "",
                   headline: tuple[tuple[str, str], ...] = ()) -> Table:
    """The sign-off rows an approver fills in: who prepared it and when, who approves, the date, a signature;
    above them what is signed for: the verdict in one line (``state``, the status under its title) and the
    ``headline``'s configuration and spend (:data:`APPROVED`). The fields stand on a page of their own where the
    summary fills the one before (six of fourteen persona summaries, session 47, look), and read as a
    signature under nothing there."""
    named = {w(name) for name in APPROVED}
    signed = ((w("State"), state),) if state else ()
    signed += tuple((name, value) for name, value in headline if name in named)
    rows = signed + ((w("Prepared by"), prepared_by or ""), (w("Date"), today.isoformat()), (w("Approved by"), ""),
                     (w("Date"), ""), (w("Signature"), ""))
    return Table("approval", w("Approval"), ("", ""), rows)
