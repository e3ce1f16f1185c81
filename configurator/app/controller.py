"""The one object that holds the current scenario, validates changes and recomputes.

Widgets call :meth:`ScenarioController.apply` with dotted field paths; the controller
validates through pydantic, records the change on a QUndoStack, and — once per burst of
changes, on the next pass of the event loop — starts the analysis on a worker thread. The
chosen card's estimate arrives first (``analysis_step``, a few ms), the sweeps after it
(``analysis_changed``); a change made meanwhile drops the older request's results.
:meth:`ScenarioController.recompute` is the synchronous path (tests, the summary).
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from pydantic import ValidationError
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from configurator.core.bounds import error_line_message
from configurator.core.catalog import Catalog
from configurator.core.currency import CurrencyError, with_currency
from configurator.core.fields import LAYOUT_PATHS
from configurator.core.messages_said import said_in
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated
from configurator.app.error_boundary import guarded
from configurator.app.field_help import field_label
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.app.worker import JobContext, LatestJob

if TYPE_CHECKING:  # the estimator is loaded by the first analysis, after the window has painted
    from configurator.core.analysis import Analysis



def field_name(path: str) -> str:
    """What an undo entry calls the field at ``path`` ("Change micro-batch"): its registry label
    (``core/fields.py``), translated."""
    return field_label(path)


def nested_changes(path: str, value: Any) -> dict:
    """``"training.micro_batch", 4`` -> ``{"training": {"micro_batch": 4}}``."""
    head, _, rest = path.partition(".")
    return {head: nested_changes(rest, value) if rest else value}


def validation_message(error: ValidationError) -> str:
    """One readable line for the first problem of a validation error, in the window's language."""
    return error_line_message(error, Scenario).text_in(current_language())


CURRENCY_PATH, RATE_PATH = "economics.currency", "economics.usd_to_currency"
"""A change of either converts the scenario's money (core/currency.py ``with_currency``): every
amount keeps its value, the electricity default becomes the new currency's."""

SEQ_LEN_PATH = "training.seq_len"
"""The sequence length: on its job's default where the user has not typed one (:meth:`ScenarioController._with_job_defaults`)."""

SHADING_PATH = "graphics.shading_tflops_per_user"
"""A desktop's shading load: on its user class's where the user has not typed one (:meth:`ScenarioController._with_job_defaults`)."""

UNDO_LIMIT = 500
"""Undo steps kept; older ones are dropped (a slider drag merges into one step)."""

UndoText = str | tuple[str, str] | Callable[[], str]
"""What an undo step is called: a ``(context, text)`` pair or a function rendered in the current
language whenever the language changes (``lambda: _tc("Editor", "Use {0}").format(name())``), or
a fixed string (shown as given in every language)."""


def _renderer(text: UndoText) -> Callable[[], str]:
    if callable(text):
        return text
    if isinstance(text, tuple):
        context, source = text
        return lambda: _tc(context, source)
    return lambda: text


_HELD_STEPS: dict[int, list[_ScenarioCommand]] = {}
"""The steps each live undo stack holds (by its controller's key), kept alive from here until the
stack is destroyed. A step is a Python object whose C++ part the QUndoStack owns and deletes, in a
plain list that no deletion elsewhere updates. Held only by the stack's Python wrapper, the steps
became garbage with their controller, and the collector cleared them in whatever order its list
had: Shiboken's clear of a step's wrapper hands the step back to Python, which deleted its C++
part while the stack still listed it, and the stack's destructor, later in the same collection,
deleted it again: a segmentation fault in ``QUndoStack::clear`` (a clean clone's CI, twice, in a
test teardown's collection; tests/test_undo_steps_collected.py makes it happen on purpose). Held
from here, a step is never garbage while its stack lives: the stack's destructor deletes it (its
wrapper is told), then the stack's ``destroyed`` drops the list. A step holds its controller
weakly, so this does not keep controllers alive."""

_STACK_KEYS = itertools.count()


def _forget_steps(key: int) -> Callable[..., None]:
    """What the stack's ``destroyed`` calls: drop its steps' list (holds the key only, no object)."""
    def forget(*_destroyed) -> None:
        _HELD_STEPS.pop(key, None)
    return forget


class _ScenarioCommand(QUndoCommand):
    """One scenario change; consecutive changes of the same field (a slider drag) merge."""

    _ids: dict[str, int] = {}

    def __init__(
        self, controller: ScenarioController, before: Scenario, after: Scenario, text: UndoText, field: str = ""
    ) -> None:
        self._render = _renderer(text)
        super().__init__(self._render())
        self._controller = weakref.ref(controller)  # weakly: _HELD_STEPS holds the step
        self._before, self._after = before, after
        self._id = self._ids.setdefault(field, len(self._ids) + 1) if field else -1

    def retranslate(self) -> None:
        """Name the step in the current language (after a language switch)."""
        self.setText(self._render())

    def id(self) -> int:  # noqa: A003 - Qt's name
        return self._id

    @guarded
    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt's name
        if not isinstance(other, _ScenarioCommand) or other.id() != self._id:
            return False
        self._after = other._after
        other._before = other._after = None  # Qt deletes `other`; its Python wrapper may linger
        return True

    @guarded
    def redo(self) -> None:
        self._show(self._after)

    @guarded
    def undo(self) -> None:
        self._show(self._before)

    def _show(self, scenario: Scenario) -> None:
        controller = self._controller()
        if controller is not None:
            controller._show(scenario)


class ScenarioController(QObject):
    """Holds the scenario; emits it and its analysis whenever it changes."""

    scenario_changed = Signal(object)
    analysis_step = Signal(object)
    """An early, incomplete analysis of the current scenario (``complete`` False): draw what it has."""
    analysis_changed = Signal(object)
    analysis_failed = Signal(str)
    busy_changed = Signal(bool)
    """True while the current scenario's analysis is being computed."""
    error_changed = Signal(str)
    problem = Signal(str, str)
    """(field path, message): an input refused, to be shown next to the control of that field."""
    notice = Signal(str)
    """Words for the status bar about a change the user did not make themselves: the card a change of
    workload moved (:func:`~configurator.app.card_notice.card_moved_notice`)."""
    path_changed = Signal(object)
    catalog_changed = Signal(object)

    def __init__(self, catalog: Catalog, scenario: Scenario, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._catalog = catalog
        self._scenario = scenario
        self._compared: tuple[str, ...] = ()
        self._analysis: Analysis | None = None
        self._latest: Analysis | None = None
        self._asked: Scenario | None = None
        """The scenario of the newest analysis asked for (the worker's results are its only)."""
        self._path: Path | None = None
        self._saved = scenario
        self._typed: set[str] = set()
        """The fields the user changed since the scenario was started or opened (dotted paths): kept
        when the job changes under them (:meth:`_with_job_defaults`)."""
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(UNDO_LIMIT)
        self._steps_key = next(_STACK_KEYS)
        self.undo_stack.destroyed.connect(_forget_steps(self._steps_key))
        self._job = LatestJob(self)
        self._job.step.connect(self._on_step)
        self._job.finished.connect(self._on_finished)
        self._job.failed.connect(self._on_failed)
        self._job.busy_changed.connect(self.busy_changed)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._start_analysis)
        self._held = False
        self._timer.start()

    # ---- state ----------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        return self._scenario

    @property
    def typed(self) -> frozenset[str]:
        """The fields the user changed since the scenario was started or opened (dotted paths): what the job line
        never calls a default (:func:`~configurator.core.view.job_view.asked_defaults`)."""
        return frozenset(self._typed)

    @property
    def catalog(self) -> Catalog:
        return self._catalog

    @property
    def analysis(self) -> Analysis | None:
        return self._analysis

    @property
    def latest_analysis(self) -> Analysis | None:
        """The newest analysis of the current scenario, complete or not (its estimate comes first)."""
        return self._latest

    @property
    def latest_is_current(self) -> bool:
        """:attr:`latest_analysis` is of the current scenario (no change since its analysis was asked for)."""
        return self._asked is self._scenario and not self._timer.isActive() and not self._held

    @property
    def busy(self) -> bool:
        """An analysis is waiting to start or being computed."""
        return self._timer.isActive() or self._held or self._job.busy

    @property
    def compared(self) -> tuple[str, ...]:
        return self._compared

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def saved_scenario(self) -> Scenario:
        """The scenario as it was last opened, started or saved (what "Discard" goes back to)."""
        return self._scenario if not self.is_modified else self._saved

    # ---- changes --------------------------------------------------------------------
    def apply(self, path: str, value: Any) -> bool:
        """Change one field (dotted path); False, with ``error_changed``, if it is invalid."""
        return self.apply_many({path: value}, label=path)

    def apply_many(self, changes: dict[str, Any], label: str = "", text: UndoText = "", merge: bool = True) -> bool:
        """Change several fields as one undoable step (``text`` names it, else "Change <the field at
        ``label``>"; ``merge=False`` keeps it apart)."""
        where = label if label in changes else next(iter(changes), "")
        changes = dict(changes)
        currency = changes.pop(CURRENCY_PATH, None)
        rate = changes.pop(RATE_PATH, None)
        merged: dict = {}
        for path, value in changes.items():
            _merge(merged, nested_changes(path, value))
        try:  # a new currency or rate first, so the other amounts of this step are in the new currency
            start = self._scenario if currency is None and rate is None else \
                with_currency(self._scenario, currency or self._scenario.economics.currency, rate)
            candidate = self._with_job_defaults(updated(start, **merged), changes)
        except ValidationError as error:
            self.refuse(where, validation_message(error))
            return False
        except CurrencyError as error:  # in the window's language
            self.refuse(where, said_in(error, current_language()))
            return False
        if candidate.card_id not in self._catalog:
            self.refuse("card_id", self._catalog.explain_unknown(candidate.card_id))
            return False
        self.error_changed.emit("")
        self._typed.update(changes)
        if candidate == self._scenario:
            return True
        text = text or (lambda: _tc("ScenarioController", "Change {0}").format(field_name(label)))
        before = self._scenario
        self._push(_ScenarioCommand(self, self._scenario, candidate, text, label if merge else ""))
        if "card_id" not in changes and candidate.card_id != before.card_id:
            from configurator.app.card_notice import card_moved_notice

            said = card_moved_notice(before, candidate, self._catalog)
            if said:
                self.notice.emit(said)
        return True

    def _with_job_defaults(self, candidate: Scenario, changes: dict[str, Any]) -> Scenario:
        """``candidate`` with the fields the user has not typed on its job's defaults where the
        workload or the model changes (the sequence of a switch to pre-training: Llama 3 8,192, as
        the command line defaults it), by the one rule the wizard follows
        (:func:`~configurator.core.workloads.job_defaults.with_default_sequence`); the card on the new work's
        (:func:`~configurator.core.workloads.job_defaults.with_default_card`); a desktop's shading load on
        its new user class's (:func:`~configurator.core.workloads.job_defaults.with_class_load`)."""
        from configurator.core.workloads.job_defaults import (  # the estimator's
            with_class_load,
            with_default_card,
            with_default_sequence,
        )

        typed = SEQ_LEN_PATH in self._typed or SEQ_LEN_PATH in changes
        candidate = with_default_sequence(candidate, self._scenario, typed=typed)
        # desktops on an L40S, as the CLI's; a card chosen before that cannot do the new work moved too
        candidate = with_default_card(candidate, self._scenario, typed="card_id" in self._typed,
                                      known=self._catalog, named="card_id" in changes)
        typed = SHADING_PATH in self._typed or SHADING_PATH in changes  # a designer's 2 TFLOP/s, as the CLI's
        return with_class_load(candidate, self._scenario.graphics, typed=typed)

    def refuse(self, path: str, message: str) -> None:
        """Say that an input for the field at ``path`` was not taken, and why (the scenario stays)."""
        self.problem.emit(path, message)
        self.error_changed.emit(message)

    def set_auto(self, layout_field: str, auto: bool, changes: dict[str, Any] | None = None) -> bool:
        """Let the planner choose a layout field (``auto``), or pin it, with ``changes`` (e.g. the
        value the planner chose, so pinning keeps what the window shows) as one undoable step."""
        current = self._scenario.auto_layout
        fields = tuple(f for f in LAYOUT_FIELDS if f in current and f != layout_field or auto and f == layout_field)
        path = next((p for p, f in LAYOUT_PATHS.items() if f == layout_field), layout_field)
        if auto:
            def text() -> str:
                return _tc("ScenarioController", "Let the planner choose {0}").format(field_name(path))
        else:
            def text() -> str:
                return _tc("ScenarioController", "Pin {0}").format(field_name(path))
        return self.apply_many({**(changes or {}), "auto_layout": fields}, text=text, merge=False)

    def pin(self, path: str, value: Any) -> bool:
        """Set a layout field to ``value`` and take it out of the planner's hands (one step that
        merges with further edits of the same field, so one undo restores Auto)."""
        layout_field = LAYOUT_PATHS.get(path)
        if layout_field is None or layout_field not in self._scenario.auto_layout:
            return self.apply(path, value)
        fields = tuple(f for f in self._scenario.auto_layout if f != layout_field)
        return self.apply_many({path: value, "auto_layout": fields}, label=path)

    def replace(self, scenario: Scenario, path: Path | None = None) -> None:
        """Start afresh from ``scenario`` (new or opened file): clears undo history."""
        self.undo_stack.clear()
        self._typed.clear()
        self._path = path
        self.path_changed.emit(path)
        self._show(scenario)
        self._saved = scenario
        self.undo_stack.setClean()

    def restate(self, transform: Callable[[Scenario], Scenario]) -> None:
        """Show the same scenario stated otherwise (its money in another currency): no undo step
        and no change to the modified state. The saved scenario and every step of the undo
        history are restated alike, so undo, redo and "Discard" stay in the same currency."""
        for index in range(self.undo_stack.count()):
            command = self.undo_stack.command(index)
            if isinstance(command, _ScenarioCommand) and command._before is not None:
                command._before, command._after = transform(command._before), transform(command._after)
        self._saved = transform(self._saved)
        restated = transform(self._scenario)
        if restated != self._scenario:
            self._show(restated)

    def retranslate_history(self) -> None:
        """Name every undo and redo step in the current language (the undo menu's "Undo …")."""
        for index in range(self.undo_stack.count()):
            command = self.undo_stack.command(index)
            if isinstance(command, _ScenarioCommand):
                command.retranslate()

    def replace_undoable(self, scenario: Scenario, text: UndoText) -> None:
        """Swap in a whole scenario (wizard result) as one undoable step."""
        if scenario != self._scenario:
            self._push(_ScenarioCommand(self, self._scenario, scenario, text))

    def _push(self, step: _ScenarioCommand) -> None:
        """Push ``step`` on the undo stack, held from :data:`_HELD_STEPS` (which says why) until the
        stack deletes it (a merged step at once, the oldest beyond :data:`UNDO_LIMIT`, a clear)."""
        held = _HELD_STEPS.setdefault(self._steps_key, [])
        held[:] = [kept for kept in held if shiboken6.isValid(kept)]
        held.append(step)
        self.undo_stack.push(step)

    def mark_saved(self, path: Path) -> None:
        self._path = path
        self._saved = self._scenario
        self.path_changed.emit(path)
        self.undo_stack.setClean()

    def set_compared(self, card_ids: Sequence[str]) -> None:
        """Cards drawn beside the chosen one (at most four)."""
        self._compared = tuple(dict.fromkeys(i for i in card_ids if i in self._catalog))[:4]
        self._schedule()

    def set_catalog(self, catalog: Catalog) -> None:
        """Use a new catalog (after the user edited their own cards)."""
        self._catalog = catalog
        self.catalog_changed.emit(catalog)
        self._schedule()

    # ---- recomputation --------------------------------------------------------------
    def _show(self, scenario: Scenario) -> None:
        self._scenario = scenario
        self.scenario_changed.emit(scenario)
        self._schedule()

    def _schedule(self) -> None:
        self._held = False
        if not self._timer.isActive():
            self._timer.start()

    def hold_first_analysis(self) -> None:
        """Keep the pending first analysis from starting until :meth:`release_first_analysis`
        (start-up: its worker would otherwise load the estimator while the window first paints,
        and the two share one interpreter). A change, :meth:`wait` or :meth:`recompute` starts it."""
        if self._timer.isActive() and self._analysis is None:
            self._timer.stop()
            self._held = True

    def release_first_analysis(self) -> None:
        """Start the analysis held by :meth:`hold_first_analysis` (on the next pass of the event loop)."""
        if self._held:
            self._schedule()

    def _start_analysis(self) -> None:
        """Analyse the current scenario on a worker thread (its estimate first)."""
        scenario, catalog, compared = self._scenario, self._catalog, self._compared
        self._asked = scenario

        def job(context: JobContext) -> Analysis:
            from configurator.core.analysis import analysis_steps

            analysis = None
            # between two cards of the catalog pass, the ranking a panel shows for the same edit goes first
            for analysis in analysis_steps(scenario, catalog, compared, context.give_way):
                if not analysis.complete:
                    context.step(analysis)
            context.check()  # a catalog pass cut short is not a result
            return analysis

        self._job.submit(job)

    def _on_step(self, analysis: Analysis) -> None:
        self._latest = analysis
        self.analysis_step.emit(analysis)

    def _on_finished(self, analysis: Analysis) -> None:
        self._analysis = self._latest = analysis
        self.analysis_changed.emit(analysis)

    def _on_failed(self, error: Exception) -> None:
        self._fail(error)

    def wait(self, timeout_ms: int = 30_000) -> Analysis | None:
        """Wait (processing events) until the current scenario's analysis has arrived (tests)."""
        if self._timer.isActive() or self._held:
            self._held = False
            self._timer.stop()
            self._start_analysis()
        self._job.wait(timeout_ms)
        return self._analysis

    def recompute(self) -> Analysis | None:
        """Analyse the current scenario now, on this thread, and emit it (any analysis under way
        on the worker is dropped).

        If the analysis fails (a bug), the failure is reported through the error boundary, the
        analysis becomes None and ``analysis_failed`` tells the window, so the results of the
        previous scenario are not shown as if they were this one's.
        """
        from configurator.core.analysis import analyse

        self._timer.stop()
        self._held = False
        self._job.cancel()
        self._asked = self._scenario
        try:
            self._analysis = self._latest = analyse(self._scenario, self._catalog, self._compared)
        except Exception as error:  # noqa: BLE001 - reported by the error boundary
            self._fail(error)
            return None
        self.analysis_changed.emit(self._analysis)
        return self._analysis

    def _fail(self, error: Exception) -> None:
        from configurator.app.error_boundary import report

        self._analysis = self._latest = None
        report(error, "ScenarioController.recompute", _tc("ErrorBoundary", "Computing the results"))
        self.analysis_failed.emit(f"{type(error).__name__}: {error}")


def _merge(target: dict, source: dict) -> None:
    for key, value in source.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = value
