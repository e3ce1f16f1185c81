"""The card browser's details pane: a card's view model (:func:`configurator.core.view.card_view.card_view`)
as HTML in the window's language, its prices a ranking uses in the scenario's money as the table's price
column has them (session 43: the pane read the quoted "33,500 USD" beside the column's 万元)."""

from __future__ import annotations

import html

from configurator.app.i18n import current_language
from configurator.core.catalog import Card
from configurator.core.scenario import Economics
from configurator.core.view.card_view import card_view
from configurator.core.view.rows import View, label, write


def card_details_html(card: Card, accept_used: bool = False, economics: Economics | None = None) -> str:
    """Every spec of a card with its sources, prices and confidence, as HTML: the card's view model
    (:func:`configurator.core.view.card_view.card_view`) in the window's language; ``accept_used``:
    the buyer takes used cards, so a used card's price is the one ranked, labelled used; ``economics``:
    the scenario's money, the prices a ranking uses in its currency with the quote and the rate beside
    them (None: as quoted)."""
    return view_html(card_view(card, accept_used, economics), current_language())


def view_html(view: View, language: str) -> str:
    """A view model as HTML: the heading, the verdict (amber where not ``good``), then each section
    as a heading over a table of its rows (a row's note, such as a price's source, in small type
    after its value); rows without a label, such as the sources, as a list."""
    e = html.escape
    verdict = e(write(view.verdict, language))
    parts = [f"<h3>{e(write(view.heading, language))}</h3>",
             f"<p>{verdict}</p>" if view.good else f"<p style='color:#a05a00'><b>{verdict}</b></p>"]
    for section in view.sections:
        parts.append(f"<h4>{e(label(section.title, language))}</h4>")
        cells, items = [], []
        for row in section.rows:
            value, note = _said_once(write(row.value, language), write(row.note, language) if row.note else "")
            value = e(value) + (f" — <small>{e(note)}</small>" if note else "")
            name = label(row.label, language)
            if name:
                cells.append(f"<tr><td style='padding-right:12px'><b>{e(name)}</b></td><td>{value}</td></tr>")
            else:
                items.append(f"<li>{value}</li>")
        parts += [f"<table cellspacing='0' cellpadding='1'>{''.join(cells)}</table>" if cells else "",
                  f"<ul>{''.join(items)}</ul>" if items else ""]
    return "".join(parts)


def _said_once(value: str, note: str) -> tuple[str, str]:
    """A row's value and note, the note alone where it starts with the value (a card's link,
    'NVLink' over 'NVLink 4 (18 links) + NVSwitch; …', read 'NVLink — NVLink 4 …')."""
    if value and note.startswith(value):
        return note, ""
    return value, note
