"""One basis per cost per unit of work, named where it is shown (issue 24, part 6).

Three figures answer "what does a million tokens cost" and each differs on purpose:

- ``tco`` — the ranking's and the summary's: the whole bill of materials owned over the years
  (cards, servers, network, storage, racks, installation, energy, support, licences, less the
  residual value; ``procurement.deployment.DeploymentCost.ranked_per_unit``), per unit of the
  work done in those years; the window's cost chart too, wherever the chosen card has a TCO or no
  price at all (``core.analysis``);
- ``ownership`` — the estimate's own when it has no cloud price: the cards as bought, amortised,
  and their electricity (``economics.job_costs``);
- ``cloud`` — renting the cards by the hour (``Costs.cloud``).

A view names the one it shows; no view mixes them. Qt-free; labels are ids of the one catalogue.
"""

from __future__ import annotations

from configurator.core.messages import Message, pace_msg, period_msg
from configurator.core.view.rows import Phrase

BASES = {"tco": "total cost of ownership: cards, servers, network, power, support — over {period}",
         "tco-licences": "total cost of ownership: cards, servers, network, storage, power, support, vGPU licences — "
                         "over {period}",
         "tco-desks": "total cost of ownership: cards, workstations, power, support — over {period}",
         "tco-paced": "{tco}, if the cards {pace} at this pace all {period}",
         "ownership": "cards and electricity, owned", "cloud": "cloud rent",
         "cloud-licence": "cloud rent + vGPU licence", "cloud-licence-in-rent": "cloud rent, vGPU licence included",
         "cloud-licences": "cloud rent, with each user's vGPU licence where the rent does not include it"}
"""What each basis is called, briefly (label ids; the TCO's with the years it covers; ``tco-licences`` the
TCO of work whose bill always holds licences, :data:`LICENSED_UNITS`; ``tco-desks`` the TCO of desktops at the
users' desks, whose bill holds workstations, not servers, network, storage or licences
(:func:`~configurator.core.desks.at_desks`); ``cloud-licence`` the rent with the
per-user licence added to it, ``cloud-licence-in-rent`` a rent whose price includes it:
:attr:`~configurator.core.economics.Costs.licence_per_unit`; ``cloud-licences`` a ranking of rents by
:data:`LICENSED_UNITS`, each card's own)."""

LICENSED_UNITS = frozenset({"user-month"})
"""Units of work whose TCO always holds software licences: a virtual desktop's vGPU licence per user
(NVIDIA vPC / RTX vWS, in the bill of materials). Until December 2026 the label named "cards, servers,
network, power, support" only, the licences in the total unsaid; "storage" since session 40, when the
desktops' disks joined the bill (core/procurement/desktop_storage.py)."""

PER_UNIT = {"million tokens": "per million tokens", "user-month": "per user-month", "stream-hour": "per stream-hour",
            "frame": "per frame", "job": "per job"}
"""The unit of work a cost is per, by the family's ``cost_unit`` or ``chart_cost_unit`` (label ids;
keyed by their values, not imported: the window's frame draws the cost axis before the families
load, and tests/test_like_for_like.py holds the keys to the families)."""


def basis_label(basis: str, years: float | None = None, cost_unit: str | None = None,
                pace: str | None = None, licence: float | None = None, desks: bool = False) -> str | Phrase:
    """The basis named (a label id, or for the TCO a phrase with the ``years`` it covers [years]; per
    ``cost_unit`` of :data:`LICENSED_UNITS`, the licences named with it; for a job that ends, its family's
    ``pace`` (:func:`~configurator.core.messages.pace_msg`), the TCO's words then "if the cards render at
    this pace all 4 years": its TCO per unit spreads the purchase over every year at the job's pace, and a
    render job's "0.0374 USD per frame" read as what the job costs, where the cards bought for it cost
    11.5 USD a frame of it (:mod:`configurator.core.job_alone` says that figure). Until December 2026 keyed
    on the unit "frame", so a training job's label lacked it; the TCO's words are written once, in
    :data:`BASES`). ``licence``: the per-user licence on the rent
    (:attr:`~configurator.core.economics.Costs.licence_per_unit`; 0: in the rent's price), named with it.
    ``desks``: the cards are in workstations in an office — at the users' desks
    (:func:`~configurator.core.desks.at_desks`) or one deskside workstation
    (:func:`~configurator.core.procurement.host.in_office`) — the TCO's words those of their bill (until
    December 2026 "cards, servers, network, storage, power, support, vGPU licences" of a bill of none of the
    four, and "cards, servers, network" for ``--card rtx-4090 --count 2``, a job's pace kept after them)."""
    if basis == "cloud" and licence is not None:
        return BASES["cloud-licence" if licence else "cloud-licence-in-rent"]
    if basis == "tco":
        key = "tco-desks" if desks else "tco-licences" if cost_unit in LICENSED_UNITS else "tco"
        tco = Phrase(BASES[key], {"period": period(years)})
        if pace is None or key == "tco-licences":
            return tco
        return Phrase(BASES["tco-paced"], {"tco": tco, "pace": pace_msg(pace), "period": period(years)})
    return BASES[basis]


def per_unit_label(cost_unit: str, basis: str | None, years: float | None = None, pace: str | None = None,
                   licence: float | None = None, desks: bool = False) -> Phrase:
    """'Cost per million tokens — cloud rent', 'Cost per million tokens — total cost of ownership:
    cards, servers, network, power, support — over 4 years': the cost per unit of work with its
    basis named (``basis`` None: no price, the basis unknown; ``years``: the TCO's horizon; ``pace``: the
    family's ``pace`` for a job that ends; ``licence``: the licence on the rent; ``desks``: workstations at
    the users' desks, :func:`basis_label`)."""
    if basis is None:
        return Phrase("Cost {per}", {"per": PER_UNIT[cost_unit]})
    named = basis_label(basis, years, cost_unit, pace, licence, desks)
    return Phrase("Cost {per} — {basis}", {"per": PER_UNIT[cost_unit], "basis": named})


SHORT = {"tco": "TCO over {period}", "cloud": "cloud rent"}
"""A basis named briefly (under the Pareto chart's title, on the window's cost axis), the chart's tooltip
holding :func:`per_unit_label` in full; a basis not here is as brief in :data:`BASES`."""


def short_basis_label(basis: str, years: float | None = None) -> str | Phrase:
    """The basis named briefly, 'TCO over 4 years', 'cloud rent' (:data:`SHORT`; ``years``: the TCO's horizon
    [years]), the TCO's bill, a job's pace and the licences left to :func:`basis_label`."""
    if basis == "tco":
        return Phrase(SHORT["tco"], {"period": period(years)})
    return SHORT.get(basis, BASES[basis])


def axis_per_unit_label(cost_unit: str, basis: str | None, years: float | None = None) -> Phrase:
    """'Cost per job — TCO over 4 years': :func:`per_unit_label` short enough for a chart's axis
    (:func:`short_basis_label`), the long form in the chart's tooltip. Session 44: the window's cost axis
    named the basis in full, "Cost per job — total cost of ownership: cards, servers, network, power,
    support — over 4 years, if the cards train at this pace all 4 years [USD]", 5-7 lines along a
    1200 × 700 window's cost chart, its plot squeezed beside them."""
    if basis is None:
        return per_unit_label(cost_unit, None)
    return Phrase("Cost {per} — {basis}", {"per": PER_UNIT[cost_unit], "basis": short_basis_label(basis, years)})


COLUMN_BASIS = {"tco": "TCO", "cloud": "Rent"}
"""A basis named in a word, for the ranking table's cost column."""

PER_UNIT_COLUMN = {"million tokens": "{basis}/M tokens", "user-month": "{basis}/user-month",
                   "stream-hour": "{basis}/stream-hour", "frame": "{basis}/frame", "job": "{basis}/job"}
"""Label ids of a basis per unit of work in a few characters, by the family's ``cost_unit`` (as
:data:`PER_UNIT`)."""


def column_per_unit_label(cost_unit: str, basis: str) -> Phrase:
    """'TCO/M tokens', 'Rent/user-month': the ranking's cost named as short as its figures ('0.44 USD'),
    so that the cost column is as wide as they are and its heading whole at 1280 and 1400 px, in
    both languages (session 28; 'TCO over 4 years, per million tokens' made the column 130 px wider
    than its figures and ran past the table's edge). The column's tooltip holds
    :func:`per_unit_label` in full, the years of the TCO with it."""
    return Phrase(PER_UNIT_COLUMN[cost_unit], {"basis": COLUMN_BASIS[basis]})


def period(years: float | None) -> Message:
    """A period of ``years`` [years] in words: whole months under a year ('3 months', '3 个月'), else
    years ('4 years', '4 年'); 'N years' unknown — :func:`configurator.core.messages.period_msg`, the
    one wording of a period for the summary, the command line, the window and core's messages (the
    support caution's years of ownership)."""
    return period_msg(years)


RANKING_BASIS = "tco"
"""The basis the recommendation, the panel's ranking and the summary rank by when buying (their default objective
where the budget is not rent: :func:`~configurator.core.scenario_ranking.objective_for`)."""


def chart_basis_note(basis: str | None, years: float | None = None, ranking: str = RANKING_BASIS) -> Phrase | None:
    """What the window's cost chart says beside its title when its basis is not the ranking's
    (session 24, persona finding #20: a VDI chart on "cloud rent" put a graphics card's dot below the
    RTX A6000 the TCO ranking chose, so the chart seemed to show a cheaper answer): 'This chart: cloud
    rent. The ranking: total cost of ownership: cards, servers, network, power, support — over 4
    years; a card below yours here may cost more to own.' None on the ranking's basis
    or with no price (``basis`` as the chart's points carry it; ``years``: the TCO's horizon). Ranked by rent
    (``ranking`` 'cloud': a budget that caps rent, session 50) a chart on another basis says so of the rent:
    'This chart: … The ranking: cloud rent; a card below yours here may cost more to rent.'"""
    if basis is None or basis == ranking:
        return None
    if ranking == "cloud":
        return Phrase("This chart: {basis}. The ranking: {rent}; a card below yours here may cost more to rent.",
                      {"basis": basis_label(basis, years), "rent": basis_label(ranking, years)})
    return Phrase("This chart: {basis}. The ranking: {tco}; a card below yours here may cost more to own.", {"basis": basis_label(basis, years), "tco": basis_label(RANKING_BASIS, years)})


PURCHASE = {"per card": "Purchase (cards only)", "per board": "Purchase (boards only)"}
"""The purchase row's label by what the card's price buys (:attr:`configurator.core.card.Card.priced_per`):
an A16 is bought by the board of 4 GPUs, its purchase the boards' (label ids)."""

PRICE_PER = {"per card": "{price}", "per board": "{price}, per board of {n} {chip}s"}
"""A purchase price as what it buys (:attr:`configurator.core.card.Card.priced_per`): a card's as it is,
a multi-GPU board's said per board (label ids; ``{n}`` the board's chips, ``{chip}`` their word,
:attr:`configurator.core.card.Card.chip_word`)."""


PRICE_PER_SHORT = {"per card": "{price}", "per board": "{price}/{n} {chip}s"}
"""The same, short, for an amount in a narrow column (the card browser's price column, whose whole text
stands in view): '1,400 USD/2 NPUs' for an Atlas 300I Duo (label ids; ``{n}``, ``{chip}`` as :data:`PRICE_PER`)."""


def purchase_label(card) -> str:
    """'Purchase (cards only)', or for a card bought by the board (A16) 'Purchase (boards only)'."""
    return PURCHASE[card.priced_per]


def price_as_bought(price, card):
    """``price`` (a value: an amount, a phrase) said per what one price of ``card`` buys: as it is for
    a card, '8,000 USD, your price per board of 4 GPUs' for an A16 (:data:`PRICE_PER`)."""
    if card.priced_per == "per card":
        return price
    return Phrase(PRICE_PER[card.priced_per], {"price": price, "n": card.gpus_per_board, "chip": card.chip_word})


def amount_as_bought(amount, card):
    """``amount`` said per what one price of ``card`` buys, short (:data:`PRICE_PER_SHORT`): as it is
    for a card, '1,400 USD/2 NPUs' for a board of 2 (an Atlas 300I Duo)."""
    if card.priced_per == "per card":
        return amount
    return Phrase(PRICE_PER_SHORT[card.priced_per], {"price": amount, "n": card.gpus_per_board, "chip": card.chip_word})
