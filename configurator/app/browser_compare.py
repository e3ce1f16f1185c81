"""The card browser's comparison (:mod:`configurator.app.browser`): 2–4 cards side by side, the specs the
work needs and, for the current scenario, each card's memory, speed and cost (the estimates' view models,
as the results panel words them), worked out on a worker thread."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from configurator.app.browser_columns import china_text, confidence_names, price_confidence_text, stack_text
from configurator.app.column_fit import tab_leaves
from configurator.app.controller import ScenarioController
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.core.catalog import Card
from configurator.core.estimate import estimate
from configurator.core.view.card_names import card_name
from configurator.core.view.card_view import card_view, rate_unit
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.family_view import view_of
from configurator.core.view.names import model_name
from configurator.core.view.rows import Amount, label, side_by_side, write


class ComparisonDialog(QDialog):
    """Specs and, for the current scenario, memory/speed/cost of 2–4 cards side by side.

    The cards' estimates and the rows' texts are worked out on a worker thread (cold, three planned
    training estimates were 30-45 ms of the GUI thread in the click's pass, the rows' texts 20 ms more,
    issue 28; Qt's translate is thread-safe): the dialog opens at once with the cards' names and a
    line saying so, and its rows are filled when they arrive."""

    def __init__(self, controller: ScenarioController, cards: list[Card], parent: QWidget | None = None) -> None:
        from configurator.app.worker import LatestJob, show_busy

        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare cards"))
        self.resize(900, 600)
        scenario = controller.scenario
        self.table = tab_leaves(QTableWidget(0, len(cards)))
        self.table.setHorizontalHeaderLabels([card_name(c.name, current_language()) for c in cards])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("For the current scenario: {cards} each, {model}").format(
            cards=self.tr("%n card(s)", "", scenario.count), model=model_name(scenario.model.name))))
        self.busy_label = QLabel()
        self.busy_label.setStyleSheet("color: #555;")
        layout.addWidget(self.busy_label)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._job = LatestJob(self)
        self._job.busy_changed.connect(lambda busy: show_busy(
            self.busy_label, self.table, self.tr("Working out each card for this scenario…"), busy))
        self._job.busy_changed.connect(self.busy_label.setVisible)  # no empty line over the rows after
        self._job.finished.connect(self._fill)
        self._job.failed.connect(self._on_failed)
        self._job.submit(lambda _context: comparison_rows([estimate(scenario, card) for card in cards]))

    @property
    def busy(self) -> bool:
        """The cards' estimates are still being worked out."""
        return self._job.busy

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Process events until the rows are filled (tests; False on timeout)."""
        return self._job.wait(timeout_ms)

    def _fill(self, rows: list[tuple[str, list[str]]]) -> None:
        """The rows (:func:`comparison_rows`): a label and each card's value."""
        self.table.setRowCount(len(rows))
        self.table.setVerticalHeaderLabels([label for label, _ in rows])
        for r, (_, values) in enumerate(rows):
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value)  # a long value (latency percentiles with their range) in full
                self.table.setItem(r, c, item)
        # rows as high as their contents, measured once filled: measured as each label and cell came
        # (the mode set first), the filling was 20-45 ms of the GUI thread rather than 1-7 ms
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def _on_failed(self, error: Exception) -> None:
        from configurator.app.error_boundary import report

        report(error, "ComparisonDialog", self.tr("Comparing the cards"))


def video_engines_text(card: Card) -> str:
    """'3 NVENC / 3 NVDEC', with '—' for a count that is not verified."""
    v = card.video
    return f"{'—' if v.nvenc is None else v.nvenc} NVENC / {'—' if v.nvdec is None else v.nvdec} NVDEC"


def _card_rows(estimates, keys: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """Rows of the cards' views (the details pane's labels and values) for these keys, side by side."""
    language = current_language()
    views = [{row.key: row for section in card_view(e.card, e.scenario.economics.accept_used,
                                                     e.scenario.economics).sections for row in section.rows}
             for e in estimates]
    return [(label(views[0][key].label, language), [write(view[key].value, language) for view in views])
            for key in keys]


def _board_power(estimates) -> list[tuple[str, list[str]]]:
    """Each card's board power, named apart from the deployment's board power below it."""
    return [(_tc("browser", "Board power per card"),
             [write(Amount(e.card.tdp_w, "W"), current_language()) for e in estimates])]


def _buying(estimates) -> list[tuple[str, list[str]]]:
    """How far the prices can be trusted and whether the card can be delivered to China."""
    return [(_tc("browser", "Price confidence"),
             [price_confidence_text(e.card, e.scenario.economics.accept_used) for e in estimates]),
            (_tc("browser", "Export to China"), [china_text(e.card) for e in estimates])]


def _graphics_specs(estimates) -> list[tuple[str, list[str]]]:
    """The graphics specs of each card: FP32 shading, the video engines' counts, vGPU, outputs, ECC."""
    return (_card_rows(estimates, ("category", "memory_gb", "fp32_tflops"))
            + [(_tc("browser", "Video engines"), [video_engines_text(e.card) for e in estimates])]
            + _card_rows(estimates, ("av1_encode", "rt_cores", "vgpu", "display_outputs", "ecc"))
            + _board_power(estimates) + _buying(estimates))


def _compute_specs(estimates) -> list[tuple[str, list[str]]]:
    """The compute specs of each card, its peak at the estimate's precision."""
    language = current_language()
    peak = [write(Amount(e.card.peak_tflops(e.plan.math), rate_unit(e.plan.math)) if e.plan.math else None,
                  language) for e in estimates]
    return (_card_rows(estimates, ("category", "memory_gb", "bandwidth_gbps"))
            + [(_tc("browser", "Peak at this precision"), peak)] + _board_power(estimates)
            + _card_rows(estimates, ("link",))
            + [(_tc("browser", "Confidence"), [confidence_names()[e.card.confidence] for e in estimates]),
               (_tc("browser", "Software stack"), [stack_text(e.card) for e in estimates])]
            + _buying(estimates))


SPECS = {"compute": _compute_specs, "graphics": _graphics_specs}
"""The card specs that matter to each kind of work (the family view's ``card_specs``)."""


def comparison_rows(estimates) -> list[tuple[str, list[str]]]:
    """Rows of the comparison table: the specs the work needs, then this scenario's key numbers on
    each card (the estimates' view models side by side, as the results panel words them)."""
    if not estimates:
        return []
    specs = SPECS[view_of(estimates[0].scenario.workload).card_specs](estimates)
    return specs + side_by_side([estimate_view(e) for e in estimates], current_language())
