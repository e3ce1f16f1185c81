"""Plain-text tables for the command line (every number with its unit), in English or Chinese:
each renders a Qt-free view model of ``core/view`` (an estimate, its assumptions, a card, the
catalog, the ranking, the planner's layouts)."""

from __future__ import annotations

from collections.abc import Iterable

from configurator.core.catalog import Card, Catalog, load_catalog
from configurator.core.cloud_only import also_to_rent
from configurator.core.estimate import Estimate
from configurator.core.mismatch import said_beside
from configurator.core.recommend import RENT_ELSEWHERE, Objective
from configurator.core.recommend_filters import CONSUMER_LEFT_OUT
from configurator.core.view.card_names import card_name
from configurator.core.workloads.graphics.video import NO_AV1_ENCODER
from configurator.core.view.assumptions_view import assumptions_section
from configurator.core.view.card_view import card_view, catalog_columns
from configurator.core.view.constraints_view import constraints_section, does_not_run, targets_held, verdict_line
from configurator.core.view.estimate_view import estimate_view
from configurator.core.recommend_budget import budget_short_message
from configurator.core.serving_use import users_read
from configurator.core.view import price_view
from configurator.core.view.ranking_view import RANKED_AFTER_HEADING, UNRATED_HEADING, below_line_heading
from configurator.core.view.region_left_out_view import HEADING as REGION_HEADING, region_left_out
from configurator.core.view.ranking_view import (
    below_line_columns,
    none_ranked,
    plan_columns,
    plan_heading,
    plan_offload,
    plan_verdict,
    ranking_columns,
    ranking_cost_heading,
    step_breakdown,
)
from configurator.core.view.rows import Columns, Phrase, View, label, write
from configurator.core.view.suggestions_view import suggestions_section
from configurator.core.view.printable import display_width, single_line
from configurator.core.messages import LIST_SEPARATORS, Message
from configurator.core.ranking_basis import heading_said
from configurator.core.view.words import words
from configurator.report.language import OBJECTIVE_LABELS
from configurator.report.summary_filters import filters_note, named_cards
from configurator.report.text_table import INDENT, fitted_widths, table_lines, table_width
from configurator.report.text_wrap import bullet, hanging, terminal_columns


_width = display_width
"""Columns a text takes in a terminal (:func:`~configurator.core.view.printable.display_width`)."""


ALIGNED_LABEL_COLUMNS = 40
"""Widest label [terminal columns] the values of a block line up after; a longer label (a job's own
cost per unit, 95 columns) is followed by its value two spaces on, so one long name does not push
every value of its block off an 80-100 column terminal."""


def _aligned(rows: Iterable[tuple[str, str]]) -> str:
    """Label and value pairs, one line each, the values in one column after the widest label of at
    most :data:`ALIGNED_LABEL_COLUMNS`: a line break inside a label or value (a user card's name) is
    a space, so nothing adds a line."""
    rows = [(single_line(k), single_line(v)) for k, v in rows]
    width = max((_width(k) for k, _ in rows if _width(k) <= ALIGNED_LABEL_COLUMNS), default=0)
    columns = terminal_columns()  # on a terminal a long value folds under its own column (text_wrap)
    return "\n".join(f"  {k}{' ' * max(width - _width(k), 0)}  {hanging(v, 4 + max(width, _width(k)), columns)}"
                     for k, v in rows)


def view_text(view: View, language: str = "en", details: bool = True) -> list[str]:
    """A view model as lines of text: the heading, the verdict, the parallel layout (AI work: what
    to launch, as the results panel and the ranking's first say it; ``estimate`` printed none until
    December 2026, persona 9), and each section's rows."""
    lines = [single_line(write(view.heading, language)), single_line(write(view.verdict, language))]
    if view.layout is not None:
        lines.append(single_line(write(Phrase("Layout: {layout}", {"layout": view.layout}), language)))
    for section in view.sections:
        rows = section.shown(details)
        if rows:
            lines += [label(section.title, language),
                      _aligned((label(r.label, language), write(r.value, language)
                                + (f" ({write(r.note, language)})" if r.key == "per_unit" and r.note else ""))
                               for r in rows)]
            lines += marked_notes(rows, language)
    return lines


def marked_notes(rows, language: str = "en") -> list[str]:
    """What a price date's * means, under its section ('Marked *: card price: launch price; …'), in the
    words the what-fits table explains its * with: the estimate printed 'card 2020-10 *' and nothing
    that said what the mark stood for (session 42; the window says it in the row's tooltip)."""
    return [f"  {single_line(write(Phrase('Marked *: {notes}', {'notes': r.note}), language))}" for r in rows
            if r.key == "price_dates" and r.note is not None and "*" in write(r.value, language)]


def suggestions_text(suggestions, language: str = "en") -> list[str]:
    """"What would fit" as a heading and one line per change (nothing when there is none)."""
    section = suggestions_section(suggestions)
    if section is None:
        return []
    colon = label(": ", language)  # '：' in Chinese, no space after it ("增加卡数： 2 ×" until December 2026)
    return [label(section.title, language), *(f"  - {single_line(label(r.label, language))}{colon}"
                                              f"{single_line(write(r.value, language))}"
                                              for r in section.rows)]


def estimate_table(est: Estimate, language: str = "en", suggestions=(), mismatched=None) -> str:
    """A readable summary of one estimate: its view model (memory, speed or capacity, power and
    cost), what would fit when it does not (``suggestions``), then the assumptions and the warnings:
    first, where the card is of the wrong class for the work, what the mistake costs (``mismatched``,
    :func:`~configurator.core.mismatch.mismatch`'s message, the window's and the summary's), in place
    of what it says in full (:func:`~configurator.core.mismatch.said_beside`: the generic class warning it
    quantifies, the plain no-link line where it gives the link's figures)."""
    w = words(language)
    parts = view_text(estimate_view(est), language) + suggestions_text(suggestions, language)
    parts += constraints_text(est, language)
    assumptions = assumptions_section(est)
    parts += [label(assumptions.title, language),
              _aligned((label(r.label, language), write(r.value, language)) for r in assumptions.rows)]
    said = ([mismatched] if mismatched else []) + said_beside(est, mismatched)
    if said:
        parts += [w("Warnings"), "\n".join(bullet(single_line(w.message(m))) for m in said)]
    return "\n".join(parts)


def constraints_text(est: Estimate, language: str = "en") -> list[str]:
    """The constraints the buyer set, each with its verdict in words (met, or by how much it
    misses), and the latency targets a serving scenario is held to; no lines when there are none."""
    lines = []
    targets = targets_held(est)
    section = constraints_section(est.verdicts, runs=not does_not_run(est))
    if section is None and targets is None:
        return lines
    w = words(language)
    lines.append(w.label("Constraints"))
    if targets is not None:
        lines.append("  " + w("Latency targets: {targets}", targets=write(targets, language)))
    if section is not None:
        lines += ["  " + single_line(" ".join(verdict_line(r, language))) for r in section.rows]
    return lines


def columns_text(table: Columns, language: str = "en") -> list[str]:
    """A table of columns as aligned lines (numbers right-aligned), two spaces between columns;
    the last column is not padded. Each cell is one line (a line break in a card's name is a
    space), so a row is one line whatever it holds; on a terminal too narrow for it, its words fold in
    their columns (:mod:`configurator.report.text_table`), and where even that is too wide its last
    column of words is left out, said under the table."""
    cells = [[single_line(label(h, language)) for h in table.headings]]
    cells += [[single_line(write(v, language)) for v in row] for row in table.rows]
    widths = [max(_width(line[i]) for line in cells) for i in range(len(table.headings))]
    columns = terminal_columns()
    if columns is None or table_width(widths) <= columns:
        return table_lines(cells, table.numeric, widths)
    kept, fitted = cells, fitted_widths(cells, table.numeric, columns)
    while fitted is None and len(kept[0]) > 3 and len(kept[0]) - 1 not in table.numeric:  # the last words out
        kept = [line[:-1] for line in kept]
        fitted = fitted_widths(kept, table.numeric, columns)
    if kept is cells or fitted is None:
        return table_lines(cells, table.numeric, fitted or widths)
    note = words(language)("Left out to fit the terminal's {n} columns: {columns}; a wider terminal or --json "
                           "shows them", n=write(columns, language),
                           columns=LIST_SEPARATORS.get(language, "; ").join(cells[0][len(kept[0]):]))
    return [*table_lines(kept, table.numeric, fitted), INDENT + hanging(note, 2, columns)]


def catalog_table(cards: Iterable[Card], catalog: Catalog, language: str = "en") -> str:
    """One line per card (the catalog's columns), with the catalog's version and date."""
    w = words(language)
    return "\n".join([w("Catalog {version} ({date})", version=catalog.version, date=catalog.date),
                      *columns_text(catalog_columns(list(cards)), language),
                      w.label("— = not published or not supported")])


def card_details(card: Card, language: str = "en") -> str:
    """Every spec of one card, with its prices, software, export status and sources: the card's
    view model (the card browser's details) as text; a row's note (a price's source) follows its
    value."""
    view, w = card_view(card), words(language)
    lines = [single_line(write(view.heading, language)), single_line(write(view.verdict, language))]
    for section in view.sections:
        lines.append(label(section.title, language))
        rows = [(label(r.label, language), w("{value} — {note}", value=write(r.value, language),  # '——' in Chinese
                                             note=write(r.note, language)) if r.note else write(r.value, language))
                for r in section.rows]
        if any(name for name, _ in rows):
            lines.append(_aligned((name, value) for name, value in rows if name))
        lines += [bullet(single_line(value)) for name, value in rows if not name]  # a list: the sources
    return "\n".join(lines)


PRICES_SAID = frozenset({"no-purchase-price", "purchase-in-system-price", "no-cloud-price"})
"""The first's warnings the ranking says otherwise (its price column and the list of cards without a
price): not repeated among the warnings on the first."""


def recommendation_table(result, language: str = "en", basis: Message | None = None) -> str:
    """Ranked configurations, one line each, with the winner's reasons; ``basis``: how the budget basis bears on
    the objective (:func:`~configurator.core.ranking_basis.basis_said`), said in the heading, once."""
    w = words(language)
    heading = w("Ranked by {by} (lower is better)", by=w.label(OBJECTIVE_LABELS[result.objective.value]))
    lines = [single_line(heading if basis is None else w.message(heading_said(heading, basis)))]
    if result.load is not None:  # first, set apart: every figure below is for the load assumed
        lines[:0] = [single_line(w.message(result.load)), ""]
    if result.owned_alone is not None:  # the cards the buyer has, before the ranking that tops them up
        lines[:0] = [single_line(w.message(result.owned_alone)), ""]
    shown = next((r.estimate for r in (*result.ranked, *result.unpriced, *result.below_line)), None)
    compared = filters_note(result.filters, w, shown.scenario.workload if shown is not None else None)
    if compared:  # which cards were compared, as the summary says it (vendors in the reader's language)
        lines.append(single_line(compared))
    if result.ranked:
        columns, key = short_cost_heading(result, ranking_columns(result))
        lines += columns_text(columns, language)
        if key is not None:  # the short heading's full name, under the table it shortens
            lines.append(single_line(f"{label(key[0], language)}{w.label(': ')}{label(key[1], language)}"))
        lines.append(w.label("Why the first:"))
        lines += [bullet(single_line(w.message(m))) for m in result.ranked[0].reasons]
        layout = estimate_view(result.ranked[0].estimate).layout  # what to launch: TP/PP/DP, micro-batch (AI work)
        if layout is not None:  # the ranking named the cards but not the layout (persona 7, session 38)
            lines.append(f"  - {w.label('Layout')}{w.label(': ')}{single_line(write(layout, language))}")
        said = {m.id for m in result.ranked[0].reasons} | PRICES_SAID  # the first's own warnings, those its
        cautions = [m for m in result.ranked[0].estimate.messages if m.id not in said]  # reasons do not say
        if cautions:  # (persona 10: 13 × 32-user cards for 300 desktops, the servers' processors the limit)
            lines.append(w.label("Warnings on the first:"))
            lines += [bullet(single_line(w.message(m))) for m in cautions]
        held = constraints_section(result.ranked[0].estimate.verdicts)  # what it costs against the budget, …
        if held is not None:
            lines.append(w.label("The first against the constraints you set:"))
            lines += ["  " + single_line(" ".join(verdict_line(r, language))) for r in held.rows]
        after = result.ranked_after_unlisted  # ranked after the complete totals, past the listed: still shown
        if after:
            lines.append(w.label(RANKED_AFTER_HEADING))
            lines += columns_text(short_cost_heading(result, ranking_columns(result, after))[0], language)
    else:  # why none is ranked: none meets, or the objective cannot rank at all (desks by rent)
        lines.append(single_line(write(none_ranked(result), language)))
        # the budget alone in the way: said so, with the nearest (not where the objective ranks nothing)
        short = budget_short_message(result) if result.not_ranked is None else None
        if short is not None:
            lines.append(single_line(w.message(short)))
    lines += price_lines(result, language)
    lines += below_line_text(result, language)
    lines += unrated_text(result, language)
    below, left_out = len(result.below_line), len(result.unlisted)  # those listed above are not counted again
    if result.filters is not None and result.filters.cards:  # the buyer's own cards: each said, not counted
        lines += named_left_out(result, w)
    elif below:
        lines.append(w("{n} below the line, {m} left out; see --json for why.", n=write(below, language),
                       m=write(left_out, language)))
    else:
        lines.append(w("{n} cards left out; see --json for why.", n=write(left_out, language)))
    if shown is not None and not (result.filters is not None and result.filters.cards):  # the buyer's region's
        weighed = region_left_out(result, shown.scenario)  # own cards, each with why (persona51: a 设计院)
        if weighed:
            lines.append(w.label(REGION_HEADING))
            lines += [bullet(single_line(write(line, language))) for line in weighed]
    consumer = sum(why == CONSUMER_LEFT_OUT for why in result.left_out.values())
    if consumer:
        lines.append(w("{n} consumer graphics cards among them (no ECC; their licence restricts data-centre use): "
                       "--consumer ranks them", n=write(consumer, language)))
    named = result.filters.cards if result.filters is not None else ()  # each named card is said with why
    rented = also_to_rent(result.left_out, load_catalog(), named)  # cloud-only cards a buyer cannot buy
    if rented is not None:
        lines.append(single_line(w.message(rented)))
    no_av1 = [card_id for card_id, why in result.left_out.items() if why == NO_AV1_ENCODER]
    if no_av1:  # the cheapest transcoders (T4, A10) are the ones without: said, not only in --json
        catalog = load_catalog()
        names = [card_name(catalog.get(i).name, language) if i in catalog else i for i in no_av1]
        lines.append(w("{n} cards without an AV1 encoder among them ({cards}): their encoders do H.264 and HEVC "
                       "only; --codec hevc ranks them", n=write(len(no_av1), language),
                       cards=write(price_view.joined(names, ", "), language)))
    read = users_read(shown.scenario, flags=True) if shown is not None else None
    if read is not None:  # users given without a rate: read as at once, last with how to give users a day
        lines.append(single_line(w.message(read)))
    return "\n".join(lines)


def named_left_out(result, w) -> list[str]:
    """The cards the buyer named (``--cards``) that are neither ranked nor listed above, each with why
    ('GeForce RTX 4090: may not be delivered to mainland China …'); empty where every one is listed."""
    if not result.unlisted:
        return []
    names = named_cards(result.unlisted, w.language)
    return [w.label("Named cards not ranked, and why:"),
            *(bullet(f"{name}{w.label(': ')}{single_line(w.message(result.left_out[i]))}")
              for i, name in zip(result.unlisted, names, strict=True))]


COST_COLUMN = 5
"""Index of the ranking's cost per unit of work in :func:`~configurator.core.view.ranking_view.ranking_columns`."""


def short_cost_heading(result, columns: Columns) -> tuple[Columns, tuple | None]:
    """The ranking's columns with the cost per unit of work headed as the window's ranking heads it
    ('TCO/frame': :func:`~configurator.core.view.ranking_view.ranking_cost_heading`), and (that
    heading, the full name it stands for) to say under the table; ``None`` where the column is not a
    cost. The full name as a heading ('Cost per frame — total cost of ownership: cards, servers,
    network, power, support — over 4 years, if the cards render at this pace all 4 years') made a
    terminal line of 300 columns, the figures 140 columns from their card (session 37, persona 5)."""
    objective = result.objective
    if objective not in (Objective.TCO, Objective.CLOUD, Objective.FASTEST):
        return columns, None
    scenario = result.ranked[0].estimate.scenario
    short = ranking_cost_heading(Objective.TCO if objective is Objective.FASTEST else objective, scenario)
    full = columns.headings[COST_COLUMN]
    headings = (*columns.headings[:COST_COLUMN], short, *columns.headings[COST_COLUMN + 1:])
    return Columns(headings, columns.numeric, columns.rows), (short, full)


def below_line_text(result, language: str = "en") -> list[str]:
    """The configurations that break a constraint the buyer set, each with what it breaks and by
    how much (never ranked); no lines when there are none."""
    if not result.below_line:
        return []
    heading = words(language).label(below_line_heading(result))
    return [heading, *columns_text(below_line_columns(result), language)]


def unrated_text(result, language: str = "en") -> list[str]:
    """The cards the catalog cannot rate (``Result.unrated``: a figure their speed needs is not
    published), each with its region caution; no lines when there are none."""
    if not result.unrated:
        return []
    heading = words(language).label(UNRATED_HEADING)
    return [heading, *(bullet(single_line(write(m, language))) for m in result.unrated.values())]


FIGURE_MISSING = RENT_ELSEWHERE
"""Why a card that meets every constraint is unranked though it has a price: it rents only in a market the buyer
cannot rent in (a card without a published power is ranked, its total without energy: buyer51); listed
under a heading that names a price only where no line is one of these (a Chinese buyer read
'无价格（请输入报价）' above '没有公开的板卡功耗', session 33)."""


def price_lines(result, language: str = "en") -> list[str]:
    """Under the ranking (issue 25): what the marked prices are, the cards that meet every
    constraint but have no price, and when price decides."""
    w, lines = words(language), []
    notes = price_view.flag_footnotes(result)
    if notes:
        lines.append(w.label("Marked *:"))
        lines += [f"  {single_line(write(note, language))}" for note in notes]
    if result.unpriced:  # 'without a price' only where every line lacks one: a power or a local rent may
        priced_only = all(not rec.reasons or rec.reasons[0].id not in FIGURE_MISSING for rec in result.unpriced)
        lines.append(w.label("Without a price (enter a quote):" if priced_only else
                             "Not ranked for want of a figure (a price, a rent where you are):"))
        lines += [bullet(single_line(write(price_view.unpriced_value(rec), language))) for rec in result.unpriced]
    decides = price_view.price_decides(result)
    if decides:
        lines.append(w.label("When price decides:"))
        lines += [bullet(single_line(w.message(m))) for m in decides]
    return lines


def plan_table(plan, chosen: Estimate, language: str = "en", suggestions=()) -> str:
    """The planner's best layouts for one card and count, with the step-time breakdown; when none
    fits, the closest layout said to be that, and what would fit."""
    lines = [single_line(write(plan_heading(plan, chosen), language))]
    verdict = plan_verdict(plan, chosen)
    if verdict is not None:
        lines.append(single_line(write(verdict, language)))
    lines += ["", *columns_text(plan_columns(plan, plan_offload(chosen)), language)]
    breakdown = step_breakdown(chosen)
    if breakdown is not None:
        lines += ["", label(breakdown.title, language) + words(language).label(":"),
                  _aligned((label(r.label, language), write(r.value, language)) for r in breakdown.rows)]
    tips = suggestions_text(suggestions, language)
    return "\n".join(lines + ([""] + tips if tips else []))
