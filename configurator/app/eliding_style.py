"""The application's style: the platform's own, except that a closed choice box whose choice is
longer than the box ends it with "…" instead of cutting it mid-character (the editor's boxes at
1,280 px showed "Megatron-LM 交错（每轮" and "PyTorch AMP（fp32 权" with nothing to say more was
there). The open list still shows every choice whole. A closed choice box with the keyboard focus is
framed in the highlight colour: Fusion drew it as every other box, so a keyboard user could not see
which question Tab had reached (the wizard's first question, session 47)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QApplication, QComboBox, QProxyStyle, QStyle, QStyleOptionComboBox

TEXT_MARGIN_PX = 4
"""Room kept between the elided choice and the box's arrow [px]."""

FOCUS_FRAME_PX = 2
"""Width of the focus frame drawn around a closed choice box with the keyboard focus [px]."""


def shown_choice(style: QStyle, option: QStyleOptionComboBox, widget=None) -> str:
    """The choice a closed box draws: its text, elided on the right to the box's text field [px]."""
    if option.editable:
        return option.currentText
    field = style.subControlRect(QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField,
                                 widget)
    room = field.width() - TEXT_MARGIN_PX - (option.iconSize.width() if not option.currentIcon.isNull() else 0)
    return option.fontMetrics.elidedText(option.currentText, Qt.TextElideMode.ElideRight, max(room, 0))


def combo_shows(combo: QComboBox) -> str:
    """What ``combo`` shows while closed, as :class:`ElidingComboStyle` draws it."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    return shown_choice(combo.style(), option, combo)


class ElidingComboStyle(QProxyStyle):
    """The platform style, with closed choice boxes eliding their choice on the right."""

    def drawControl(self, element, option, painter, widget=None) -> None:  # noqa: N802 (Qt's name)
        if element == QStyle.ControlElement.CE_ComboBoxLabel and isinstance(option, QStyleOptionComboBox):
            shown = shown_choice(self, option, widget)
            if shown != option.currentText:
                option = QStyleOptionComboBox(option)
                option.currentText = shown
        super().drawControl(element, option, painter, widget)

    def drawComplexControl(self, control, option, painter, widget=None) -> None:  # noqa: N802 (Qt's name)
        super().drawComplexControl(control, option, painter, widget)
        if control == QStyle.ComplexControl.CC_ComboBox and isinstance(option, QStyleOptionComboBox) \
                and not option.editable and option.state & QStyle.StateFlag.State_HasFocus:
            painter.save()
            painter.setPen(QPen(option.palette.highlight().color(), FOCUS_FRAME_PX))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            half = FOCUS_FRAME_PX // 2
            painter.drawRoundedRect(option.rect.adjusted(half, half, -half, -half), 2, 2)
            painter.restore()


def use_eliding_style() -> None:
    """Make :class:`ElidingComboStyle` the application's style (once; later calls keep it)."""
    if not isinstance(QApplication.style(), ElidingComboStyle):
        QApplication.setStyle(ElidingComboStyle())
