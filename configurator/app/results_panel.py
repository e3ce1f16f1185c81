"""Headline numbers and warnings of the current estimate: the core's view model of the estimate
(:mod:`configurator.core.view.estimate_view`) laid out as a form, in the window's language."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGroupBox,
    QLabel,
    QListWidget,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from configurator.app.i18n import current_language, message_text
from configurator.app.slow_end_line import with_slow_end_line
from configurator.core.cjk_spacing import CJK
from configurator.core.view.rows import Amount, Phrase, Row, band_note, label, write

if TYPE_CHECKING:  # the estimator (and the view model built from it) loads with the first analysis
    from configurator.core.analysis import Analysis
    from configurator.core.estimate import Estimate
    from configurator.core.messages import Message

GOOD, CAUTION, BAD = "#1b7f3b", "#9a5800", "#b00020"
"""The verdict's colours: it fits, carries the load and meets every constraint set (green); a
constraint cannot be checked (amber); it does not fit or carry the load, or breaks a constraint (red)."""


class ClassCheck(NamedTuple):
    """What the window shows of the class rule's check on the hand-picked card (the recommendation panel's red
    line, :func:`~configurator.core.mismatch.mismatch`), read by :meth:`ResultsPanel.show_warnings` as
    :func:`~configurator.core.mismatch.said_beside` reads it."""

    shown: bool
    """Whether the check is on screen (the recommendation panel, in its dock when shown): until it is, the
    generic class line stays in the warnings (``said_beside``'s ``checked``)."""
    verdict: Message | None = None
    """The red line shown, or None (no mistake found, or not shown): what it says in full (the card lacks a
    card-to-card link) is not said again (``said_beside``'s ``mismatched``)."""


NOT_SHOWN = ClassCheck(shown=False)
"""No class check on screen (a results panel on its own, the window with its recommendation dock closed)."""


def verdict_colour(view) -> str:
    """The headline's colour of an estimate's view model (``good``, ``caution``)."""
    return BAD if not view.good else CAUTION if view.caution else GOOD


def _unbroken_units(text: str) -> str:
    """``text`` with no line break inside a hyphenated unit ("GPU-h"): a no-break hyphen (U+2011)
    between letters; the formatter already joins numbers to their units with no-break spaces."""
    return _UNIT_HYPHEN.sub("\u2011", text)


_UNIT_HYPHEN = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")
"""A hyphen between letters (a unit such as GPU-h), not a minus sign."""


_CHINESE = re.compile(f"[{CJK}]")
"""A Chinese character or full-width punctuation mark, where Qt may break a line."""


UNBROKEN_RUN_CHARS = 12
"""Widest run without a space that a value keeps on one line, in characters of its font [count]."""


def unbroken_width(field: QLabel, text: str) -> int:
    """The width of ``text``'s widest run between spaces, at most :data:`UNBROKEN_RUN_CHARS` wide, with a pixel
    to spare, and never less than the label's own minimum (its margins) [px]: a value breaks only where an English one
    would. Qt breaks Chinese between any two characters, so a wrapped value's minimum width was one character
    and the form kept "瓶颈 帧缓冲" beside its name, one character a line (persona s25 #12); with this
    minimum the row goes below its name instead. A value with Chinese in it breaks between any two of its
    characters, not at its spaces, so its run is the whole value: "24 个用户" kept beside "每卡" was cut
    "24 个用" / "户", and "5 台（每台 2 张卡）" one or two characters a line; and a short value in any language
    is one run: "96 of 200 users" and "48.0 GiB of 48.0 GiB" stood three lines tall in a 60 px column beside
    their names at 1280x720 (look46, 2026-12-06)."""
    metrics = field.fontMetrics()
    most = UNBROKEN_RUN_CHARS * metrics.horizontalAdvance("\u4e00")
    whole = metrics.horizontalAdvance(text)
    runs = [text] if _CHINESE.search(text) or whole <= most else text.split(" ")
    widest = max((metrics.horizontalAdvance(run) for run in runs), default=0)
    return max(min(widest, most) + 1, field.minimumSizeHint().width())  # + 1: at its exact advance Qt wraps it


NAME_COLUMN_CHARS = 14
"""Widest the form's name column grows, in characters of its font [count]: a longer name wraps within it
(the render job's "Cost per frame — this job alone, its cards and servers bought for it (capex + its
energy)" set the column to 528 px in a panel 248 px wide, and the headline, every name and every value
were cut at its edge)."""


class _NumbersArea(QScrollArea):
    """Asks for the whole height of its contents, so it scrolls only when the window is short."""

    def sizeHint(self):  # noqa: N802 - Qt's name
        hint = super().sizeHint()
        inner = self.widget()
        if inner is not None:  # wrapped labels are taller at the panel's width than their plain hint
            height = max(inner.sizeHint().height(), inner.heightForWidth(self.viewport().width()))
            hint.setHeight(height + 2 * self.frameWidth())
        return hint


def _one_line_width(name: QLabel) -> int:
    """The width ``name`` takes on one line, at most :data:`NAME_COLUMN_CHARS` characters of its
    font, with the label's margins [px] (a word-wrapped label's size hint is a wrapped one)."""
    metrics = name.fontMetrics()
    margins = name.contentsMargins().left() + name.contentsMargins().right() + 2 * name.margin()
    most = NAME_COLUMN_CHARS * metrics.horizontalAdvance("\u4e00")
    return min(metrics.horizontalAdvance(name.text()), most) + margins


def _sentences_group(title: str = "") -> tuple[QGroupBox, QLabel]:
    """A box of sentences under the verdict or the numbers (what would fit, the assumptions): one wrapped,
    selectable plain-text label, the box hidden until it has something to say."""
    group = QGroupBox(title)
    text = QLabel()
    text.setWordWrap(True)
    text.setTextFormat(Qt.TextFormat.PlainText)
    text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    QVBoxLayout(group).addWidget(text)
    group.setVisible(False)
    return group, text


class ResultsPanel(QWidget):
    """Right-hand panel: does it fit, how fast, how much power and money, and what to watch."""

    def __init__(self, parent: QWidget | None = None,
                 class_check: Callable[[], ClassCheck] = lambda: NOT_SHOWN) -> None:
        """``class_check``: what the window shows of the class rule's check on the hand-picked card
        (:class:`ClassCheck`), asked each time the warnings are said."""
        super().__init__(parent)
        self.class_check = class_check
        self._estimate = None  # the estimate whose warnings are shown (show_warnings says them again)
        outer = QVBoxLayout(self)
        # the numbers scroll rather than being squeezed: a long training estimate has more rows
        # (the exposed-communication breakdown) than a short window has room for
        numbers = QWidget()
        layout = QVBoxLayout(numbers)
        layout.setContentsMargins(0, 0, 0, 0)
        self.numbers_area = _NumbersArea()
        self.numbers_area.setWidget(numbers)
        self.numbers_area.setWidgetResizable(True)
        self.numbers_area.setFrameShape(QFrame.Shape.NoFrame)
        self.numbers_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Preferred, not Maximum: a Maximum item beside the warnings' stretch was squeezed to a line or two
        self.numbers_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        outer.addWidget(self.numbers_area, 3)  # the numbers first, up to their height; then the warnings
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        font = self.verdict.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.verdict.setFont(font)
        layout.addWidget(self.verdict)
        self.layout_label = QLabel()
        self.layout_label.setWordWrap(True)
        self.layout_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.layout_label.setToolTip(self.tr("The parallel layout of this estimate: the planner's choices where "
                                             "a field is Auto, your values where you pinned them"))
        layout.addWidget(self.layout_label)
        # what would fit, when the configuration does not (core.fit_suggestions): each change with its
        # number, under the verdict where the buyer reads first
        self.fixes_group, self.fixes = _sentences_group()  # titled as each estimate's fixes are
        layout.addWidget(self.fixes_group)
        self.values: dict[str, QLabel] = {}
        """The value of each row shown, by its label id (the label's English text)."""
        self._rows: list[tuple[QLabel, QLabel]] = []  # (name, value) of each row made, shown or hidden
        self._visible_rows = 0  # the first rows of the form are shown, the others hidden (rows just made aside)
        self.form_group = QGroupBox(self.tr("Key numbers"))
        self.form = QFormLayout(self.form_group)
        # a value too wide beside its label (a likely range) goes below it instead of past the panel's edge
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        layout.addWidget(self.form_group)
        # what the numbers assume that is not an editable default (the serving engine's step): said under the
        # numbers, apart from the warnings (core.view.assumptions_view.assumption_notes)
        self.assumed_group, self.assumed = _sentences_group(self.tr("Assumptions"))
        layout.addWidget(self.assumed_group)
        layout.addStretch(1)
        warnings_group = QGroupBox(self.tr("Warnings"))
        warnings_layout = QVBoxLayout(warnings_group)
        self.warnings = QListWidget()
        self.warnings.setWordWrap(True)
        self.warnings.setAccessibleName(self.tr("Warnings"))
        warnings_layout.addWidget(self.warnings)
        self.warnings.setMinimumHeight(4 * self.warnings.fontMetrics().height())
        self.warnings.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)  # what the numbers leave
        outer.addWidget(warnings_group, 1)
        self.setMinimumWidth(280)

    def layout_text(self, est: Estimate) -> str:
        """The layout the estimate uses (the planner's choices where Auto), on one line."""
        from configurator.core.view.estimate_view import estimate_view

        return write(estimate_view(est).layout, current_language())

    def _tooltip(self, row: Row, language: str) -> str:
        """What stands behind a row's number: its basis or source, and its likely range's rows."""
        tips = [write(row.note, language)] if row.note is not None else []
        for value in (row.value, *getattr(row.value, "params", {}).values()):
            if isinstance(value, Amount) and value.band is not None:
                tips.append(band_note(value.band, language))
        return "\n\n".join(dict.fromkeys(filter(None, tips)))

    def _constraints_tip(self, est: Estimate, language: str) -> str:
        """Each constraint set, its state and its verdict in full words (the headline says them briefly)."""
        from configurator.core.view.constraints_view import constraints_section, verdict_line

        section = constraints_section(est.verdicts)
        if section is None:
            return ""
        return "\n".join(" ".join(verdict_line(r, language)) for r in section.rows)

    def _show_fixes(self, analysis: Analysis, language: str) -> None:
        """"What would fit": the analysis's suggestions (none while it fits, or before they are computed)."""
        from configurator.core.view.suggestions_view import suggestions_section

        section = suggestions_section(getattr(analysis, "suggestions", ()))
        self.fixes_group.setVisible(section is not None)
        if section is None:
            return
        self.fixes_group.setTitle(label(section.title, language))
        colon = label(":", language)
        self.fixes.setText("\n".join(
            f"• {label(r.label, language)}{colon} {_unbroken_units(write(r.value, language))}" for r in section.rows))

    def _show_assumed(self, est: Estimate) -> None:
        """The estimate's assumptions in sentences (:func:`assumption_notes`; none: the group hidden)."""
        from configurator.core.view.assumptions_view import assumption_notes

        notes = "\n".join(f"• {message_text(m)}" for m in assumption_notes(est))
        if notes != self.assumed.text():
            self.assumed.setText(notes)
            self.assumed_group.setVisible(bool(notes))

    def _show_rows(self, rows: list[tuple[str, str]]) -> None:
        """Name the form's rows (label id, its text in the language), in order: the rows made before
        are named again and those left over hidden, so that a change of rows (a count at which the
        layout has a pipeline) makes no widgets, rich-text documents and tooltips afresh (issue 28:
        rebuilding the form was a third of the window's work after a card-count change)."""
        while len(self._rows) < len(rows):
            name, field = QLabel(), QLabel()
            name.setWordWrap(True)  # within NAME_COLUMN_CHARS
            field.setWordWrap(True)
            field.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            name.setBuddy(field)
            self.form.addRow(name, field)
            self._rows.append((name, field))
        self.values = {}
        for index, (name, field) in enumerate(self._rows):
            shown = index < len(rows)
            if shown:  # keyed by the label id (its English text), shown in the language
                self.values[rows[index][0]] = field
            else:
                field.setText("")
                field.setToolTip("")
            name.setText(rows[index][1] if shown else "")
            if min(len(rows), self._visible_rows) <= index < max(len(rows), self._visible_rows):
                self.form.setRowVisible(index, shown)  # only where it changes (a row just made is in this range too)
        self._visible_rows = len(rows)
        self._align_wrapping(len(rows))

    def _align_wrapping(self, shown: int) -> None:
        """Give every shown name the label column's width as its minimum, so that the form's
        ``WrapLongRows`` decision matches its layout: Qt wraps a row when *its own* label and value
        are wider than the form, but lays the value out beside the *widest* label, so a short
        name with a value of one unbreakable run ("5,600 W", "175 USD") was kept beside it and
        clipped at the panel's edge. Each value now goes below its name whenever it would not fit
        beside the label column. The column is at most :data:`NAME_COLUMN_CHARS` wide: a longer
        name wraps in it."""
        names = [name for name, _ in self._rows[:shown]]
        widest = max((_one_line_width(name) for name in names), default=0)
        for name, _ in self._rows:
            if name.minimumWidth() != widest:
                name.setMinimumWidth(widest)

    def update_from(self, analysis: Analysis) -> None:
        from configurator.core.view.estimate_view import estimate_view

        language = current_language()
        est = with_slow_end_line(self, analysis.estimate, language)  # a deadline its slow end misses: how many meet it
        view = estimate_view(est)
        text, colour = write(view.verdict, language), verdict_colour(view)
        self.verdict.setText(text)
        self.verdict.setToolTip(self._constraints_tip(est, language))
        self.layout_label.setVisible(view.layout is not None)
        if view.layout is not None:
            self.layout_label.setText(write(Phrase("Layout: {layout}", {"layout": view.layout}), language))
        if self.verdict.property("colour") != colour:  # a style sheet re-polishes the label: only on change
            self.verdict.setProperty("colour", colour)
            self.verdict.setStyleSheet(f"color: {colour};")
        rows = [(write(row.label, "en"), write(row.label, language), _unbroken_units(write(row.value, language)),
                 self._tooltip(row, language)) for section in view.sections for row in section.shown(details=False)]
        if [row[0] for row in rows] != list(self.values):
            self._show_rows([(key, shown) for key, shown, *_ in rows])
        for key, _shown, value, tip in rows:
            self.values[key].setText(value)
            if self.values[key].minimumWidth() != (least := unbroken_width(self.values[key], value)):
                self.values[key].setMinimumWidth(least)
            self.values[key].setToolTip(tip)
        self._show_fixes(analysis, language)
        self._show_assumed(est)
        self._estimate = est
        self.show_warnings()
        self.numbers_area.updateGeometry()  # its height follows the rows

    def show_warnings(self) -> None:
        """The shown estimate's warnings, the generic class line as :attr:`class_check` says (called again
        when the recommendation panel opens or closes, or its check changes)."""
        from configurator.core.mismatch import said_beside  # the class line as the ranking's check judges it
        from configurator.core.serving_use import estimate_load_note, users_read

        est = self._estimate
        if est is None:
            return
        check = self.class_check()
        beside = said_beside(est, check.verdict, check.shown)  # less what the red check says
        # a serving question without a load first: every number above is for 1 user, or one full batch (an
        # offline batch's scenario holds the users the planner filled: core.serving_use.estimate_load_note)
        said = [m for m in (estimate_load_note(est),) if m is not None] + beside
        said += [m for m in (users_read(est.scenario),) if m is not None]  # last: users read as at once
        warnings = [message_text(m) for m in said] or [self.tr("No warnings")]
        if warnings != [self.warnings.item(i).text() for i in range(self.warnings.count())]:
            self.warnings.clear()
            self.warnings.addItems(warnings)
