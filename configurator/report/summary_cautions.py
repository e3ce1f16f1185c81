"""The summary's first-page cautions: a card past vendor support (:func:`support_cautions`) and a
workstation card's flow-through cooler in a rack server (:func:`coolers`), the chosen card's and the
recommended option's where it is another card (split from :mod:`configurator.report.summary`); the recommended
option's runs measured on one side of its estimate (:func:`runs_side`); the alternatives' precision note
(:func:`precision_note`)."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.estimate import Estimate
from configurator.core.precision_risk import precision_risk
from configurator.core.procurement.host import at_a_workstation
from configurator.core.procurement.servers import FLOW_THROUGH_IN_SERVER, flow_through_reason
from configurator.core.recommend import Result
from configurator.core.software import card_cautions
from configurator.core.uncertainty import off_notes
from configurator.core.view.card_names import card_name
from configurator.report.language import Words, sentence, sentences
from configurator.report.parts import count
from configurator.report.summary_money import Option


def support_cautions(est: Estimate, best: Option | None, result: Result, w: Words) -> tuple[str, ...]:
    """The first page's cautions: the chosen card's, as the ranking words it (with the best-ranked
    supported card) where it is ranked, else from the card; then the recommended card's headline
    where it is another card past support, named as the recommended option's (above a choice of
    1 × H100, a bare 'Past vendor support: … Tesla V100' read as the buyer's own card's)."""
    years = est.scenario.economics.amortisation_years
    ranked = {rec.card.id: rec for rec in (*result.considered, *result.ranked)}
    def cautions(card):
        return card_cautions(ranked[card.id].reasons if card.id in ranked else (), card, years)

    found = tuple(w.message(m) for m in cautions(est.card))
    if best is not None and best.estimate.card.id != est.card.id:  # said whose: not the buyer's choice
        config = f"{count(best.estimate.scenario.count)} × {card_name(best.estimate.card.name, w.language)}"
        found += tuple(w("The recommended option, {config}: {caution}", config=config, caution=w.message(m))
                       for m in cautions(best.estimate.card)[:1])
    return found + coolers(est, best, ranked, w) + runs_side(est, best, w)


def coolers(est: Estimate, best: Option | None, ranked: dict, w: Words) -> tuple[str, ...]:
    """The first page's word on a workstation card's flow-through cooler in a rack server
    (:func:`~configurator.core.procurement.servers.flow_through_reason`): the chosen card's, as the
    ranking words it where it is ranked at the chosen count (a rent ranking says none), else from the card (one or
    two in a deskside workstation say none: the ranked row's count may differ from the choice's); then the
    recommended option's where it is another card, said as the recommended option's (the render
    farm's 48 × RTX PRO 6000 Blackwell Workstation Edition); none where the housing rule refuses the bill
    (:func:`~configurator.core.procurement.host.housing_verdict` says it among the verdicts)."""
    def said(option: Estimate):
        card, count = option.card, option.scenario.count
        if any(v.id == "housing" for v in option.violations):  # refused in rack servers: its verdict says why
            return ()
        if card.id in ranked and ranked[card.id].estimate.scenario.count == count:  # the row at this count
            return tuple(m for m in ranked[card.id].reasons if m.id == FLOW_THROUGH_IN_SERVER)
        at_workstation = at_a_workstation(option.scenario, card)
        return tuple(m for m in (flow_through_reason(card, count, at_workstation),) if m is not None)

    found = tuple(w.message(m) for m in said(est))
    if best is not None and best.estimate.card.id != est.card.id:
        config = f"{count(best.estimate.scenario.count)} × {card_name(best.estimate.card.name, w.language)}"
        found += tuple(w("The recommended option, {config}: {caution}", config=config, caution=w.message(m))
                       for m in said(best.estimate))
    return found


def runs_side(est: Estimate, best: Option | None, w: Words) -> tuple[str, ...]:
    """The recommended option's word that its engine's runs on its card's software stack were measured mostly
    on one side of the estimate (:func:`~configurator.core.uncertainty.off_notes`: vLLM on ROCm, a median 22 %
    below), where it is another card than the chosen one; the chosen card's is among its warnings. The
    ranking's order is not changed by it (issue 27, part 6; session 50)."""
    if best is None or best.estimate.card.id == est.card.id:
        return ()
    config = f"{count(best.estimate.scenario.count)} × {card_name(best.estimate.card.name, w.language)}"
    return tuple(w("The recommended option, {config}: {caution}", config=config, caution=w.message(m))
                 for m in off_notes(best.estimate))


def precision_note(options: Sequence[Option], w: Words) -> str | None:
    """The alternatives table's sentence for each card among ``options`` that runs a BF16 training job in another
    format (:func:`~configurator.core.precision_risk.precision_risk`, the ranking rows' one rule and message: "No
    BF16 on Tesla V100 SXM2 16GB: …"), once a card; None where none does. Until December 2026 the ranking's row
    said it and the summary's alternatives did not (buyer51b)."""
    risks = {}
    for option in options:
        risk = precision_risk(option.estimate)
        if risk is not None:
            risks.setdefault(option.estimate.card.id, risk)
    return sentences(w, *(sentence(w, m) for m in risks.values())) if risks else None
