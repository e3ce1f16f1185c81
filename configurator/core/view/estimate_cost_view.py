"""The power, energy and cost section of an estimate's view model: board and facility power, energy,
purchase, rent and electricity for the job or the hour, the cost per unit of work, a job's own cost
bought for it, and the dates of the prices used. Split from :mod:`configurator.core.view.estimate_view`
(which adds this section to every family's view). Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.procurement.host import in_office
from configurator.core.view.constraints_view import does_not_run
from configurator.core.view.cost_bases import PER_UNIT, per_unit_label, purchase_label
from configurator.core.view.rows import Amount, Phrase, Row, Section
from configurator.core.workloads import MILLION_TOKENS, family_of

if TYPE_CHECKING:
    from configurator.core.estimate import Estimate
    from configurator.core.workloads import WorkloadFamily


FACILITY_POWER = {False: "Facility power", True: "Power at the desks (average)"}
"""The facility power row's label (a label id) in a data hall, and at the users' desks (:func:`at_desks`): an
office's draw, no PUE (:func:`~configurator.core.desks.applied_pue`)."""


def cost_section(est: Estimate) -> Section:
    """Power, energy and money for the job (training, rendering) or the hour (the rest)."""
    c, family = est.costs, family_of(est.scenario.workload)
    period = "job" if family.one_off_job else "hour"
    per_unit = c.per_million_tokens if family.cost_unit == MILLION_TOKENS else c.per_unit
    runs = not does_not_run(est)
    if not runs:  # no work done, so no cost per unit of it (its speed row says none: 0.23 USD per
        per_unit = None  # million tokens was shown under 2 × L4 that cannot hold 1,000 users' caches)
    job_figure = runs or not family.one_off_job  # a job that does not run has no length, so no energy or rent for it
    power = est.power

    def money(value: float | None) -> Amount:
        return Amount(value, c.currency, money=True)

    def per_unit_money(value: float | None) -> Amount:
        return Amount(value, c.currency, money=True, per_unit=True)

    rows = (
        Row("Board power", Amount(power.board_watts if power else None, "W"), key="board_watts"),
        Row(FACILITY_POWER[in_office(est.scenario, est.card)], Amount(power.facility_watts if power else None, "W"),
            key="facility_watts", detail=True),
        Row(Phrase("Energy per {period}", {"period": period}), Amount(est.energy_kwh if job_figure else None, "kWh"),
            key="energy_kwh"),
        Row(purchase_label(est.card), money(c.purchase), key="purchase"),
        Row(Phrase("Cloud per {period}", {"period": period}), money(c.cloud if job_figure else None), key="cloud"),
        Row(Phrase("Electricity per {period}", {"period": period}), money(c.energy if job_figure else None),
            key="energy"),
        # three significant digits below one unit, as the ranking and the summary write it (this row read
        # "0.21 USD" beside the ranking's "0.192 USD", the window's "0.09 EUR" beside the summary's "0.093")
        Row(per_unit_label(family.cost_unit, c.basis, licence=c.licence_per_unit,
                           desks=in_office(est.scenario, est.card)),
            Amount(per_unit, c.currency, money=True, per_unit=True), key="per_unit"),
        # per unit as the row above (it read "0.33 USD" here, "0.335 USD" in the summary: persona 10)
        *_job_alone_rows(est, family, per_unit_money if runs else None),
        price_dates_row(c.prices),
    )
    return Section("cost", "Power, energy and cost", rows)


JOB_ALONE = "Cost {per} — this job alone, its cards and servers bought for it (capex + its energy)"
"""The row of a job that ends (the family's ``one_off_job``) that says what the job costs on its own, bought
(:mod:`configurator.core.job_alone`), beside its rent per unit and the TCO spread over the years."""
JOB_ALONE_SHORT = "Cost {per} — this job alone"
JOB_ALONE_BASIS = "its cards and servers bought for it (capex + its energy)"
""":data:`JOB_ALONE` in two, for the summary's first page: the row's label and, beside the figure, what it covers."""


def _job_alone_rows(est: Estimate, family: WorkloadFamily, money) -> tuple[Row, ...]:
    """The job's own cost per unit of its work, its bill bought for it; none for work that runs on, a job
    that does not run (``money`` None) or a bill with an unpriced line."""
    if money is None or not family.one_off_job:
        return ()
    from configurator.core.job_alone import job_alone  # the bill of materials: loaded with a job's costs
    from configurator.core.procurement.deployment import deployment_cost

    job = job_alone(est, deployment_cost(est))
    if job is None:
        return ()
    return (Row(job_alone_label(family), money(job.bought_per_unit), key="job_alone_per_unit"),)


def job_alone_label(family: WorkloadFamily) -> Phrase:
    """The name of a job's own cost per unit of its work (:data:`JOB_ALONE`): 'Cost per frame — this job
    alone, …', for the estimate's row and the summary's."""
    return Phrase(JOB_ALONE, {"per": PER_UNIT[family.cost_unit]})


def price_dates_row(prices) -> Row:
    """'card 2024 *, cloud 2026-03': the dates of the prices used, a * where the buyer must be told
    something about the price (list or launch price, older than 18 months); the note says what
    (issue 25: :mod:`configurator.core.procurement.card_price`)."""
    def marked(day: str | None, flags) -> str:
        return (day or "—") + (" *" if any(f.id != "price-user" for f in flags) else "")

    told = [Phrase(template, {"flags": _joined_flags(flags)}) for template, flags in
            (("card price: {flags}", prices.card_flags), ("cloud price: {flags}", prices.cloud_flags)) if flags]
    note = None if not told else told[0] if len(told) == 1 else Phrase("{a}{sep}{b}", {"a": told[0], "b": told[1],
                                                                                        "sep": "; "})
    return Row("Prices dated", Phrase("card {card}, cloud {cloud}", {
        "card": marked(prices.card_price_date, prices.card_flags),
        "cloud": marked(prices.cloud_price_date, prices.cloud_flags)}), note=note, key="price_dates")


def _joined_flags(flags) -> Phrase:
    """Flags one after another with '; ' (a label id) between them."""
    return Phrase("{sep}".join(f"{{f{i}}}" for i in range(len(flags))),
                  {"sep": "; ", **{f"f{i}": f for i, f in enumerate(flags)}})
