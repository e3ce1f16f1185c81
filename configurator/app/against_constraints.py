"""A configuration against the constraints the buyer set, as the window says it: the wizard's answer
and the recommendation panel's selected row give the lines the command line prints under 'The first
against the constraints you set' (``[met] Capex 284,915 CNY (cards, servers, network, storage,
racks), 215,085 CNY under the budget of 500,000 CNY``), in the core's words
(:func:`~configurator.core.view.constraints_view.constraints_section`,
:func:`~configurator.core.view.constraints_view.verdict_line`), each state in its colour; and what a
configuration costs to buy (:func:`capex_line`: the summary's capex with what it covers)."""

from __future__ import annotations

from html import escape

from configurator.app import format as fmt
from configurator.core.view.card_names import card_name
from configurator.core.view.constraints_view import constraints_section, does_not_run, verdict_line
from configurator.core.view.words import words

STATE_COLOURS = {"met": "#1b5e20", "not met": "#b00020", "cannot be checked": "#8a6d00"}
"""The colour of a constraint's state (:func:`~configurator.core.view.constraints_view.verdict_state`):
green met, red not met, amber cannot be checked."""


def verdict_items(est, language: str) -> list[str]:
    """Each constraint the buyer set as an HTML line (escaped): its state in brackets, in its colour,
    then the verdict in words — met, or by how much it misses, or why it cannot be checked; a speed
    constraint of a configuration that does not fit says it does not run. No lines when none was set."""
    section = constraints_section(est.verdicts, runs=not does_not_run(est))
    items = []
    for row in section.rows if section is not None else ():
        state, verdict = verdict_line(row, language)
        colour = STATE_COLOURS.get(row.note, STATE_COLOURS["cannot be checked"])
        items.append(f"<span style='color:{colour}'>{escape(state)}</span> {escape(verdict)}")
    return items


def against_html(rec, first: bool, language: str) -> str:
    """The recommendation ``rec`` against the constraints the buyer set: a bold heading ('The first
    against the constraints you set:' for the first ranked, ``first``; else named: '4 × BR100 against
    the constraints you set:') and one line each, the first on the heading's line — under the table at
    1366 × 768 the panel's dock shows one line of them, and so the capex against the budget (the first
    verdict) rather than the heading alone; empty when none was set."""
    items = verdict_items(rec.estimate, language)
    if not items:
        return ""
    w = words(language)
    heading = w.label("The first against the constraints you set:") if first else \
        w("{config} against the constraints you set:",
          config=f"{fmt.count(rec.count)} × {card_name(rec.card.name, language)}")
    return f"<b>{escape(heading)}</b> " + "<br>".join(items)


def capex_line(rec, book, language: str) -> str:
    """What ``rec`` costs to buy, as a line: 'Capex: 1,383,433 CNY — accelerators, servers, storage,
    racks' (the summary's words, :func:`configurator.report.summary_headline.capex_text`: what it covers and
    the items without a price), from the bill of materials priced from ``book`` (the ranking's; None:
    the estimate scenario's own) — the capex the budget is held against."""
    from configurator.core.procurement.deployment import deployment_cost  # loads the estimator: after painting
    from configurator.report.summary_headline import capex_text

    w = words(language)
    return w.label("{label}: {value}").format(label=w("Capex"), value=capex_text(deployment_cost(rec.estimate, book), w))
