"""What one registry entry holds and how it reads the model: :class:`FieldSpec` (name, unit on
screen, scale, step, widget, command-line flag of one scenario field), the :class:`Text` it names
things with and the widget :class:`Kind`. The entries themselves are :data:`configurator.core.fields.FIELDS`;
bounds, types and choices are read from the pydantic models, never repeated."""

from __future__ import annotations

import enum
import math
import types
import typing
from dataclasses import dataclass, replace
from functools import cache

from configurator.core.bounds import Bounds, choice_values, field_at, field_bounds
from configurator.core.scenario import Scenario


@cache
def _model_field(path: str):
    """(model class, field name) at a dotted ``path`` of :class:`Scenario`, looked up once: the
    CLI's parser, the editor and the tests ask for it tens of thousands of times a run."""
    found = field_at(Scenario, tuple(path.split(".")))
    if found is None:
        raise KeyError(f"no scenario field at {path!r}")
    return found


@dataclass(frozen=True)
class Text:
    """A user-visible text: its translation context (None: shown as written) and English source."""

    context: str | None
    source: str


class Kind(enum.StrEnum):
    """The widget a field is edited with."""

    INT = "int"  # a whole-number spin box
    FLOAT = "float"  # a decimal spin box (also a whole field shown scaled, e.g. M tokens)
    CHOICE = "choice"  # a combo box
    CHECK = "check"  # a check box


@dataclass(frozen=True)
class FieldSpec:
    """How one scenario field is named, shown and entered.

    Attributes
    ----------
    path : str
        Dotted path in the scenario (``"training.micro_batch"``); the editor control's objectName.
    label : Text
        Lower-case name of the field ("micro-batch"): the undo entry ("Change micro-batch") and,
        capitalised, the control's accessible name.
    suffix : Text or None
        The unit on screen, with its leading space (" tokens").
    scale : float
        Field value per shown unit [field unit / shown unit]: 1e9 for B tokens, 0.01 for %.
    scales : tuple of (str, float)
        ``(language, scale)`` where a language counts the field in another unit than :attr:`scale`
        (Chinese counts training data in 亿 = 10^8 tokens, not in billions); read through
        :meth:`in_language`, by the editor and the wizard alike. The suffix's translation names
        that unit (tests check).
    step : float
        Step of the spin box, in the shown unit.
    decimals : int
        Decimals shown (0 for whole numbers).
    help : Text or None
        The tooltip; None: the field's own description (context ``ScenarioField``).
    none_text : Text or None
        Shown one step below the range where None is a value ("catalog", "none").
    flag : str or None
        The command-line flag (``--batch``); None: no flag.
    layout : str or None
        The layout field (``Scenario.auto_layout``) the planner may choose for this field: the
        editor shows an "Auto" box and the flag takes ``auto``.
    cli_help : str or None
        The flag's help where it is not the field's description (English only; the CLI is
        not translated).
    cli_type : str
        How the flag is given, where the field's type does not decide it (:attr:`cli_form`):
        ``quantity`` (``7B``, ``4M``), ``money`` (an amount that may name its currency:
        ``200万元``, ``2M USD``), ``duration`` (``90d``), ``milliseconds`` (a latency that may
        name its unit: ``2s``, ``1,500 ms``, ``2秒``), ``text`` (taken as written: a
        name, a card id, a currency code); for an on/off field ``switch``
        (``--x`` / ``--no-x``), ``set`` (the flag alone sets True) or ``clear`` (the flag alone,
        named ``--no-x``, sets False).
    metavar : str or None
        The flag's placeholder in ``--help``.
    unit : str
        The unit, bracketed, where the field's description does not end with one (the CLI
        states it); a field that declares its unit must not repeat it here (tests check).
    editor : bool
        Whether the editor shows the field (False: the CLI and the wizard only).
    widget : Kind or None
        The widget where the field's type does not decide it (ZeRO's 0–3 as a list).
    row_label : Text or None
        The editor row's label, its keyboard shortcut after ``&`` ("&Micro-batch"); letters are
        unique within one group of the editor (tests check, in both languages). None: no row of
        its own (a check box that names itself, a field the editor does not show).
    question : Text or None
        The wizard's question for the field where its label says little to a buyer ("monitor
        attached" -> "Do the users sit at the machine …, or connect remotely?"); None: the label.
    answers : tuple of Text
        For an on/off field asked as a :attr:`question`, the two answers the wizard lists: off's,
        then on's (empty: a check box with the label).
    """

    path: str
    label: Text
    suffix: Text | None = None
    scale: float = 1.0
    scales: tuple[tuple[str, float], ...] = ()
    step: float = 1.0
    decimals: int = 0
    help: Text | None = None
    none_text: Text | None = None
    flag: str | None = None
    layout: str | None = None
    cli_help: str | None = None
    cli_type: str = ""
    metavar: str | None = None
    unit: str = ""
    editor: bool = True
    widget: Kind | None = None
    row_label: Text | None = None
    question: Text | None = None
    answers: tuple[Text, ...] = ()

    def in_language(self, language: str) -> FieldSpec:
        """The entry as ``language`` shows it: its :attr:`scales` unit where it declares one, the
        decimals and the step moved to keep the same finest value and step [field unit] (3 decimals
        of a billion tokens are 2 of a 亿: a million either way); else the entry itself."""
        scale = dict(self.scales).get(language, self.scale)
        if scale == self.scale:
            return self
        shift = round(math.log10(self.scale / scale))
        return replace(self, scale=scale, decimals=max(0, self.decimals - shift), step=self.step * self.scale / scale)

    @property
    def texts(self) -> tuple[Text, ...]:
        """The entry's user-visible texts that are translated (label, unit, tooltip, none text, row, the
        wizard's question and answers)."""
        return tuple(t for t in (self.label, self.suffix, self.help, self.none_text, self.row_label, self.question,
                                 *self.answers) if t is not None and t.context)

    @property
    def model_field(self):
        """(model class, field name) of the path in :class:`Scenario`."""
        return _model_field(self.path)

    @property
    def description(self) -> str:
        """The field's declared description (English)."""
        model, name = self.model_field
        return model.model_fields[name].description or ""

    @property
    def bounds(self) -> Bounds:
        """The range the model declares, with the unit (the registry's where the model has none)."""
        bounds = field_bounds(*self.model_field)
        if not bounds.unit and self.unit:
            return Bounds(bounds.low, bounds.high, bounds.low_inclusive, bounds.high_inclusive, self.unit)
        return bounds

    @property
    def kind(self) -> Kind:
        """The widget kind: declared, else from the field's type (bool, number, anything else a list)."""
        if self.widget is not None:
            return self.widget
        model, name = self.model_field
        types_ = _plain_types(model.model_fields[name].annotation)
        if types_ == {bool}:
            return Kind.CHECK
        if types_ == {int}:
            return Kind.FLOAT if self.scale != 1.0 else Kind.INT
        if types_ <= {int, float}:
            return Kind.FLOAT
        return Kind.CHOICE

    @property
    def whole(self) -> bool:
        """The field holds whole numbers (a scaled box still sends an int)."""
        model, name = self.model_field
        return _plain_types(model.model_fields[name].annotation) == {int}

    @property
    def choices(self) -> tuple:
        """The values of a list field, from its enum or ``Literal`` (None left out); () for others."""
        model, name = self.model_field
        return choice_values(model.model_fields[name].annotation)

    @property
    def cli_form(self) -> str:
        """How the flag is given: :attr:`cli_type` where declared, else by the field's type —
        ``choice`` (one of :attr:`choices`), ``on_off`` (a value, on or off) or ``number``."""
        if self.cli_type:
            return self.cli_type
        if self.choices:
            return "choice"
        model, name = self.model_field
        return "on_off" if _plain_types(model.model_fields[name].annotation) == {bool} else "number"

    @property
    def auto(self) -> bool:
        """The planner may choose the field (its flag takes ``auto``)."""
        return self.layout is not None

    @property
    def is_number(self) -> bool:
        return self.kind in (Kind.INT, Kind.FLOAT)

    def display_range(self, scale: float | None = None, decimals: int | None = None,
                      with_none: bool | None = None) -> tuple[float, float]:
        """The spin box's range in the shown unit [shown unit].

        The model's bounds ÷ ``scale`` (the registry's unless given, e.g. the wizard's days),
        rounded inwards to ``decimals`` (an exclusive low bound moves up one shown step), and,
        ``with_none`` (default: where ``none_text`` stands for None), one ``step`` below that
        (not below 0 unless the range is).
        """
        with_none = self.none_text is not None if with_none is None else with_none
        scale = self.scale if scale is None else scale
        decimals = self.decimals if decimals is None else decimals
        bounds = self.bounds
        if bounds.low is None or bounds.high is None:
            raise ValueError(f"{self.path} has an open range; a spin box needs both bounds")
        shown = bounds.shown(scale, decimals)  # rounded inwards to the shown step
        low, high = shown.low, shown.high
        if with_none:
            low = max(0.0, low - self.step) if low > 0 else low - self.step
        return round(low, decimals), round(high, decimals)


def _plain_types(annotation: object) -> set[type]:
    """The Python types an annotation allows, None left out (``int | None`` -> {int})."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return set().union(*(_plain_types(a) for a in typing.get_args(annotation) if a is not type(None)))
    return {annotation} if isinstance(annotation, type) else {object}
