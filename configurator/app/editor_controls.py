"""Controls of the scenario editor bound to scenario fields: number boxes, combos, check boxes
and the "Auto" rows of the fields the planner may choose.

Each control is named by its field path and kept in sync by one binder (``binders``). A number
box is built whole from the field registry (``core/fields.py``): range (the model's bounds),
unit on screen, scale, step, decimals, "none" text, tooltip and accessible name; combos and
check boxes take their tooltip from it too, and the binders name every control after it
(``binders.name_control``). Nothing here writes a bound.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QSpinBox,
    QWidget,
)

from configurator.app.binders import AutoBinder, CheckBinder, ComboBinder, SpinBinder, fill_combo
from configurator.app.field_help import field_help, row_label, shown
from configurator.app.i18n import current_language, tc as _tc
from configurator.app.inputs import StrictDoubleSpinBox, StrictSpinBox
from configurator.app.narrow_form import ElidingLabel, TextKeptWhole, WrappingCheckBox
from configurator.core.desks import at_desks
from configurator.core.graphics import host_cards_per_server, server_gpu_places
from configurator.core.graphics_desktops import vdi_desktops_per_host
from configurator.core.fields import Kind, spec
from configurator.core.procurement.host import in_office
from configurator.core.scenario import Scenario
from configurator.core.view.card_names import counts_chips
from configurator.core.view.numbers import currency_word

# the strings keep the editor's context ("ScenarioEditor", the class name ``self.tr`` used there)


def dspin(minimum: float, maximum: float, decimals: int, suffix: str = "", tip: str = "",
          step: float = 1.0) -> QDoubleSpinBox:
    """A decimal box for a number that is not a scenario field (the model size typed in); a
    field's box is :meth:`BoundControls._number`, whose range is the model's."""
    box = StrictDoubleSpinBox()
    box.trimmed = True  # "7 B params", not "7.000"
    box.setRange(minimum, maximum)
    box.setDecimals(decimals)
    box.setSingleStep(step)
    box.setSuffix(suffix)
    box.setToolTip(tip)
    box.setAccelerated(True)
    return box


class BoundControls:
    """Builders of bound controls, mixed into the editor (which supplies ``controller``,
    ``_binders``, ``_own_tips`` and ``auto_checks``)."""

    def _row(self, form: QFormLayout, path: str, widget: QWidget) -> None:
        """Add ``widget`` to ``form`` under the field's row label from the registry (with its ``&`` shortcut)."""
        self._add_row(form, row_label(path), widget)

    def _add_row(self, form: QFormLayout, text: str, widget: QWidget) -> None:
        """Add ``widget`` to ``form`` under ``text`` (its ``&`` shortcut moves the focus to ``widget``);
        the label ends in "…" where the panel is too narrow for it and the control side by side."""
        label = ElidingLabel(text)
        label.setBuddy(widget)
        form.addRow(label, widget)

    def _auto_field(self, form: QFormLayout, control: QWidget, path: str, auto_tip: str = "") -> QWidget:
        """Add ``control`` with its "Auto" box (:meth:`_auto_row`) to ``form`` under the field's row label."""
        row = self._auto_row(control, path, auto_tip)
        self._row(form, path, row)
        return row

    def _enable_row(self, row: QWidget, enabled: bool, reason: str) -> None:
        """Enable ``row``, or disable it with ``reason`` as every part's tooltip."""
        tips = self._own_tips.setdefault(row, {w: w.toolTip() for w in (row, *row.findChildren(QWidget))})
        row.setEnabled(enabled)
        for widget, tip in tips.items():
            widget.setToolTip(tip if enabled else reason)

    def _auto_row(self, control: QWidget, path: str, auto_tip: str = "") -> QWidget:
        """``control`` with an "Auto" check box beside it: checked, the planner chooses the value
        (``auto_tip`` says how; the training layout's words by default)."""
        row = QWidget()
        box = QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(control, 1)
        if isinstance(control, QAbstractSpinBox):
            TextKeptWhole(control)  # its value and unit whole; the row label gives way (NarrowForm)
        else:
            control.setMinimumWidth(64)  # a choice elides ("…"); a long one must not widen the editor
        check = QCheckBox(_tc("ScenarioEditor", "Auto"))
        auto_tip = auto_tip or _tc("ScenarioEditor",
                                   "Auto: chosen by the planner — the fastest layout that fits, global batch kept. "
                                   "Uncheck, or edit the value, to pin it.")
        check.setToolTip(auto_tip)
        check.setAccessibleName(_tc("ScenarioEditor", "Auto: {0}").format(
            control.accessibleName() or path.rpartition(".")[2]))
        control.setToolTip(control.toolTip() + "\n\n" + auto_tip)
        box.addWidget(check)
        row.setFocusProxy(control)
        binder = next((b for b in reversed(self._binders) if b.widget is control), None)
        self._binders.append(AutoBinder(check, control, self.controller, path, binder))
        self.auto_checks[path] = check
        return row

    def _bind_combo(self, widget: QComboBox, path: str) -> QComboBox:
        widget.setToolTip(widget.toolTip() or field_help(path))
        self._binders.append(ComboBinder(widget, self.controller, path))
        return widget

    def _combo(self, names: dict, path: str) -> QComboBox:
        """A combo box of ``names`` (value -> text) for the field, its tooltip from the registry."""
        box = QComboBox()
        fill_combo(box, [(label, value) for value, label in names.items()])
        return self._bind_combo(box, path)

    def _number(self, path: str, binder: type[SpinBinder] = SpinBinder) -> QSpinBox | QDoubleSpinBox:
        """A strict number box for the field, built from its registry entry: the model's range in
        the unit shown (value ÷ scale, in the language's unit: ``FieldSpec.in_language``), the
        suffix, step and decimals (written as the value needs them: "20 亿词元", not "20.00"; a
        money box keeps its cents, :meth:`_name_currency`), the value one step below the range
        standing for None where the entry has a "none" text, the tooltip and the name."""
        entry = spec(path).in_language(current_language())
        if entry.kind not in (Kind.INT, Kind.FLOAT):
            raise ValueError(f"{path} is edited with a {entry.kind.value}, not a number box")
        box = StrictSpinBox() if entry.kind is Kind.INT else StrictDoubleSpinBox()
        box.setGroupSeparatorShown(True)  # "8,192 tokens" as the wizard and the results write it (was "8192 tokens")
        if isinstance(box, QDoubleSpinBox):
            box.setDecimals(entry.decimals)
            box.trimmed = True
        if entry.none_text is not None:
            box.setSpecialValueText(shown(entry.none_text))
        low, high = entry.display_range()
        box.setRange(*((int(low), int(high)) if entry.kind is Kind.INT else (low, high)))
        box.setSingleStep(entry.step)
        box.setSuffix(shown(entry.suffix))
        box.setToolTip(field_help(path, unit=shown(entry.suffix).strip()))  # the unit the box shows
        box.setAccelerated(True)
        self._binders.append(binder(box, self.controller, path, entry.scale, integer=entry.whole,
                                    decimals=entry.decimals))  # the tooltip's range as the box takes it
        return box

    def _name_currency(self, boxes: dict[str, QAbstractSpinBox], currency: str) -> None:
        """Money boxes say their currency ('0.086 USD/kWh', '2.50 CNY/h', '25,000 USD'; in Chinese 元 as the
        pages write it, '0.630 元/kWh', which read '0.630 CNY/kWh' beside the summary's '0.630 元/kWh' until
        December 2026): the registry's suffix is the amount's unit after the currency, which the scenario holds."""
        word = currency_word(currency, current_language())
        for path, box in boxes.items():
            box.trimmed = False  # money keeps its cents: 2.50, not 2.5
            box.setSuffix(f" {word}{shown(spec(path).suffix).strip()}")

    def _name_measure(self, box: QAbstractSpinBox, scenario: Scenario) -> None:
        """The cards-per-server box counts a product counted by the chip (its Chinese name counts 颗: the 昇腾 910C
        server) in its own measure word, '8 颗/服务器' (:func:`~configurator.core.view.card_names.counts_chips`, the
        rule every line counts by; '8 张/服务器' until December 2026, persona50b); every other card '8 张/服务器'."""
        catalog = self.controller.catalog
        chips = scenario.card_id in catalog and counts_chips(catalog.get(scenario.card_id).name)
        suffix = _tc("ChipsPerServer", " per server") if chips else shown(spec("parallelism.cards_per_node").suffix)
        if box.suffix() != suffix:
            box.setSuffix(suffix)

    def _check(self, text: str, path: str) -> QCheckBox:
        """A check box for the field, its text wrapping in a narrow editor, its tooltip from the registry."""
        box = WrappingCheckBox(text)
        box.setToolTip(field_help(path))
        self._binders.append(CheckBinder(box, self.controller, path))
        return box


    def _show_desks(self, scenario: Scenario) -> None:
        """At the users' desks (``--local-display``: a workstation each, the monitors cabled to its card;
        :func:`~configurator.core.desks.at_desks`) the fields of a data centre's virtual
        desktops do not count — the vGPU profile and the vGPUs per GPU (the user has the whole card), the
        cards per server and the desktop host's vCPUs, memory and overcommit (no server): each is disabled,
        its tooltip saying why (until December 2026 they stayed editable, "8 per server" beside 4 desks); and
        the cloud price, no rent applying there (:func:`~configurator.core.procurement.workstations.without_rent`).
        In an office (:func:`~configurator.core.procurement.host.in_office`: the desks, or one deskside
        workstation of one or two desktop boards) the PUE and the cards per server are disabled too: an office's
        energy takes no PUE (:func:`~configurator.core.desks.applied_pue`) and no server is bought (until December
        2026 both stayed editable for ``--card rtx-4090 --count 2``, billed in one deskside workstation)."""
        desks = at_desks(scenario)
        catalog = self.controller.catalog
        office = scenario.card_id in catalog and in_office(scenario, catalog.get(scenario.card_id))
        why = _tc("ScenarioEditor", "Not used at the desks: each user has a workstation with its own card "
                                    "(no vGPU, no server)")
        for control in (self.profile, self.max_vgpus, *self.desktop_host.values()):
            self._enable_row(control, not desks, why)
        self._enable_row(self.cloud_price, not desks, _tc(
            "ScenarioEditor", "Not used at the desks: the cards are bought into workstations, never rented"))
        if desks:
            no_server, no_pue = why, _tc(
                "ScenarioEditor", "Not used at the desks: workstations in an office, no data hall's facility overhead")
        else:
            no_server = _tc("ScenarioEditor", "Not used in a deskside workstation: one or two desktop cards in one "
                                              "tower, no server")
            no_pue = _tc("ScenarioEditor", "Not used in a deskside workstation: it draws from an office socket, no "
                                           "data hall's facility overhead")
        self._enable_row(self.per_node, not office, no_server)
        self._enable_row(self.pue, not office, no_pue)

    def _show_used(self, scenario: Scenario) -> None:
        """Under the cards per server, the cards a server holds in the answer where it is fewer than the box says
        (:func:`~configurator.core.graphics.host_cards_per_server`): virtual desktops count the servers by the
        desktops a server's processors and memory carry, so 40 designers on RTX A6000 read "8 per server" in the
        box beside the answer's "4 per server" until December 2026 (persona51). A multi-GPU board (A16), whose
        box counts boards and the answer GPUs, and a row the desks disable say nothing."""
        catalog = self.controller.catalog
        card = catalog.get(scenario.card_id) if scenario.card_id in catalog else None
        used = host_cards_per_server(scenario, card) if card is not None and card.gpus_per_board == 1 else None
        shown_here = used is not None and self.per_node.isEnabled() and used < server_gpu_places(scenario, card)
        self.per_node_used.setText(_tc("ScenarioEditor", "Used: {used} per server (a server's processors and memory "
                                                         "carry {desktops} desktops)").format(
            used=used, desktops=vdi_desktops_per_host(scenario.assumptions)) if shown_here else "")
        self.cards_form.setRowVisible(self.per_node_used, shown_here)
