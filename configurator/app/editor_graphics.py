"""The editor's graphics groups: virtual desktops, video and rendering (one shown, for the workload).

Two groups may ask for one field's control; it is built once and moved to the group shown
(:meth:`GraphicsEditorMixin._place_shared_rows`): the resolution (each desktop display's under the monitors, a
stream's under the streams) and the "monitor attached" box (``graphics.local_display``: workstations at the
users' desks for virtual desktops, a workstation that shows the render for rendering), its text (the field's
label) and help the field registry's (``core/fields.py``), as the wizard's desktops question has them. Every control is named by its scenario field path and built from the
registry. The strings keep the editor's context ("ScenarioEditor")."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QWidget

from configurator.app import labels
from configurator.app.binders import fill_combo, name_control
from configurator.app.field_help import accessible_label, field_help
from configurator.app.i18n import current_language, tc as _tc
from configurator.app.narrow_form import NarrowForm, WrappingCheckBox
from configurator.core.graphics import rt_generation
from configurator.core.graphics_desktops import desktop_profile_gib, vgpu_profile_gib
from configurator.core.scenario import RESOLUTIONS, VGPU_PROFILES_GIB, Scenario
from configurator.core.view.card_names import card_name


class GraphicsEditorMixin:
    """The desktops, video and rendering groups, mixed into the editor (which supplies ``controller`` and the
    bound-control builders of :class:`~configurator.app.editor_controls.BoundControls`)."""

    def _desktops_group(self) -> QGroupBox:
        group = QGroupBox(_tc("ScenarioEditor", "Virtual desktops"))
        form = NarrowForm(group)
        self.users = self._number("graphics.users")
        self._row(form, "graphics.users", self.users)
        self.profile = self._combo({p: _tc("ScenarioEditor", "{0} GiB per user").format(p) for p in VGPU_PROFILES_GIB},
                                   "graphics.profile_gib")
        self._row(form, "graphics.profile_gib", self.profile)
        self.profile_used = QLabel()  # the profile the answer uses where larger than the box's (_show_profile_used)
        self.profile_used.setObjectName("vgpu-profile-used")
        self.profile_used.setWordWrap(True)
        form.addRow("", self.profile_used)
        self.user_class = self._combo(labels.desktop_class_names(), "graphics.user_class")
        self._row(form, "graphics.user_class", self.user_class)
        self.monitors = self._number("graphics.monitors")
        self._row(form, "graphics.monitors", self.monitors)
        # one control for graphics.resolution, the pixels of each picture the card makes and encodes: each desktop
        # display's here, a stream's in the video group (moved there by _place_shared_rows when that group shows)
        self.resolution = self._combo({r: r for r in RESOLUTIONS}, "graphics.resolution")
        self.desktop_resolution = self.resolution
        self._row(form, "graphics.resolution", self.resolution)
        self._desktops_form = form
        self.shading = self._number("graphics.shading_tflops_per_user")
        self._row(form, "graphics.shading_tflops_per_user", self.shading)
        # one control for graphics.local_display: the users' desks here (the data-centre fields greyed while it is
        # checked, _show_desks), the render's workstation in the rendering group (moved there when it shows)
        self.local_display = self._check(accessible_label("graphics.local_display"), "graphics.local_display")
        form.addRow("", self.local_display)
        return group

    def _show_profile_used(self, scenario: Scenario) -> None:
        """Under the vGPU profile, the profile each desktop gets in the answer where it is larger than the box's:
        the kind of user and the displays need more (:func:`~configurator.core.graphics_desktops.desktop_profile_gib`:
        a designer on one HD display 4 GiB), or the card's next vGPU size holds the profile
        (:func:`~configurator.core.graphics_desktops.vgpu_profile_gib`: 5 GiB on a 48 GB L40S is its 6 GB type).
        Until December 2026 the box read "1 GiB per user" beside the answer's 4 GiB for designers (small51). A row
        the desks disable (no vGPU there) says nothing."""
        catalog = self.controller.catalog
        needed = desktop_profile_gib(scenario)
        used = vgpu_profile_gib(scenario, catalog.get(scenario.card_id)) if scenario.card_id in catalog else needed
        shown_here = self.profile.isEnabled() and used > scenario.graphics.profile_gib + 1e-9
        text = ""
        if shown_here and used > needed + 1e-9:
            text = _tc("ScenarioEditor", "Used: {used} GiB per user (the card's next vGPU size)")
        elif shown_here:
            text = _tc("ScenarioEditor", "Used: {used} GiB per user (the kind of user and the displays need at least "
                                         "that)")
        self.profile_used.setText(text.format(used=f"{used:g}"))
        self._desktops_form.setRowVisible(self.profile_used, shown_here)

    def _video_group(self) -> QGroupBox:
        group = QGroupBox(_tc("ScenarioEditor", "Video"))
        form = NarrowForm(group)
        self.streams = self._number("graphics.streams")
        self._row(form, "graphics.streams", self.streams)
        self._video_form = form  # the resolution row goes under the streams (_place_shared_rows)
        self.fps = self._number("graphics.fps")
        self._row(form, "graphics.fps", self.fps)
        self.codec = self._combo(labels.codec_names(), "graphics.codec")
        self._row(form, "graphics.codec", self.codec)
        self.preset = self._combo(labels.preset_names(), "graphics.preset")
        self._row(form, "graphics.preset", self.preset)
        self.decode = self._check(_tc("ScenarioEditor", "Decode the input on the card too"), "graphics.decode")
        form.addRow("", self.decode)
        return group

    def _place_shared_rows(self) -> None:
        """Move each control two groups share to the group shown: the resolution under the monitors while the
        desktops group shows, else under the streams (the video group's, or hidden with both); the "monitor
        attached" box last in the desktops group, or in the rendering group while that shows."""
        desktops = not self.desktops_group.isHidden()
        moved = self._move_row(self.resolution, *((self._desktops_form, self.monitors) if desktops
                                                  else (self._video_form, self.streams)))
        if desktops or not self.render_group.isHidden():
            moved |= self._move_row(self.local_display, *((self._desktops_form, self.shading) if desktops
                                                          else (self._render_form, self.layers)))
        if moved:
            QTimer.singleShot(0, self, self._refit_rows)  # once the groups show; tied to the editor's life

    @staticmethod
    def _move_row(control: QWidget, to: QFormLayout, after: QWidget) -> bool:
        """Move ``control``'s row (its label with it, where it has one) into ``to``, under ``after``'s row;
        False where it is there already."""
        if to.getWidgetPosition(control)[0] >= 0:
            return False
        taken = control.parentWidget().layout().takeRow(control)
        label = taken.labelItem.widget() if taken.labelItem is not None else None
        at = to.getWidgetPosition(after)[0] + 1
        if label is None:
            to.insertRow(at, "", taken.fieldItem.widget())
        else:
            to.insertRow(at, label, taken.fieldItem.widget())
        QWidget.setTabOrder(after, control)  # Tab down the screen (it went … → resolution → streams, back up)
        return True

    def _refit_rows(self) -> None:
        """Ask every wrapping row its height again at the width it now has (a row moved between the
        desktops and video groups left the video group's check box one line short at 1366 px)."""
        for box in self.widget().findChildren(WrappingCheckBox):
            box.updateGeometry()
        self.widget().layout().activate()

    def _render_group(self) -> QGroupBox:
        group = QGroupBox(_tc("ScenarioEditor", "Rendering"))
        form = NarrowForm(group)
        self.scene = self._number("graphics.scene_gib")
        self._row(form, "graphics.scene_gib", self.scene)
        self.frames = self._number("graphics.frames")
        self._row(form, "graphics.frames", self.frames)
        self.reference = QComboBox()
        self.reference.setToolTip(field_help("graphics.reference_card"))
        self.reference.currentIndexChanged.connect(self._on_reference_chosen)
        self._row(form, "graphics.reference_card", self.reference)
        name_control(self.reference, "graphics.reference_card")  # not bound: choosing one sets three fields
        self.minutes = self._number("graphics.reference_minutes_per_frame")
        self._row(form, "graphics.reference_minutes_per_frame", self.minutes)
        self.render_width = self._number("graphics.render_width")
        self.render_height = self._number("graphics.render_height")
        self._row(form, "graphics.render_width", self.render_width)
        self._row(form, "graphics.render_height", self.render_height)
        self.layers = self._number("graphics.render_layers")
        self._row(form, "graphics.render_layers", self.layers)
        self._render_form = form  # the "monitor attached" box goes under the layers (_place_shared_rows)
        return group

    def _fill_references(self) -> None:
        items = [(f"{card_name(c.name, current_language())} · {c.fp32_tflops:g} TFLOP/s", c.id)
                 for c in self.controller.catalog.cards
                 if c.fp32_tflops]
        fill_combo(self.reference, items)

    def _on_reference_chosen(self, index: int) -> None:
        card_id = self.reference.itemData(index)
        if card_id in self.controller.catalog:
            card = self.controller.catalog.get(card_id)
            self.controller.apply_many({"graphics.reference_card": card_id,
                                        "graphics.reference_fp32_tflops": card.fp32_tflops,
                                        "graphics.reference_rt_generation": rt_generation(card)},
                                       label="graphics.reference_card")

    def _show_reference(self, scenario: Scenario) -> None:
        if self.reference.count() == 0:
            self._fill_references()
        self.reference.blockSignals(True)
        self.reference.setCurrentIndex(self.reference.findData(scenario.graphics.reference_card))
        self.reference.blockSignals(False)
