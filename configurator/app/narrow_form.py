"""A form that must fit a narrow panel: a check box whose text wraps onto further lines, a row
label that ends in "…" (its whole text in its tooltip), a form layout whose labels give way to its
controls, and number boxes kept as wide as their text.

A plain ``QCheckBox`` asks for its whole text on one line and a plain row label for its whole
width: "Tensor-parallel traffic overlapped with compute" needs 308 px, and the scenario editor at
1,280 px had a 314 px viewport less 42 px of group frames and margins (272 px), so the form grew
past the viewport and every "Auto" box at its right edge was cut (the editor's horizontal scroll
bar is off). Nothing here changes a font; each changes only where the room is short. (A row label
that wraps instead would be simpler, but ``QFormLayout`` does not give a wrapped label the height
of its lines: the second line was cut.)
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QFormLayout,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStyleOptionSpinBox,
    QStylePainter,
    QWidget,
)

from configurator.app.i18n import without_mnemonic

TEXT_FLAGS = Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextShowMnemonic
"""How the text is laid out: wrapped at spaces (anywhere between CJK characters), ``&`` underlined."""


class WrappingCheckBox(QCheckBox):
    """A ``QCheckBox`` whose text wraps when the box is given less width than the text needs.

    Its size hint is the plain check box's (one line); its minimum width is the indicator and
    the longest word [px], and its height follows its width (``heightForWidth``). Clicking
    anywhere on it, its shortcut (``&``) and its accessible name behave as a plain check box's.
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        policy = self.sizePolicy()
        policy.setHeightForWidth(True)
        # a plain check box's (Minimum, Fixed) would hold its text on one line
        policy.setHorizontalPolicy(QSizePolicy.Policy.Preferred)
        policy.setVerticalPolicy(QSizePolicy.Policy.Preferred)
        self.setSizePolicy(policy)

    def _option(self, width: int | None = None) -> QStyleOptionButton:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        if width is not None:
            option.rect = QRect(0, 0, width, super().sizeHint().height())
        return option

    def _text_left(self) -> int:
        """Where the text begins, after the indicator and its spacing [px]."""
        option = self._option(super().sizeHint().width())
        return self.style().subElementRect(QStyle.SubElement.SE_CheckBoxContents, option, self).left()

    def _text_height(self, text_width: int) -> int:
        """The wrapped text's height in ``text_width`` px [px]."""
        return self.fontMetrics().boundingRect(QRect(0, 0, max(text_width, 1), 1 << 20), TEXT_FLAGS,
                                               self.text()).height()

    def _one_line(self) -> bool:
        return self.width() >= super().sizeHint().width()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        words = without_mnemonic(self.text()).split()
        longest = max((self.fontMetrics().horizontalAdvance(word) for word in words), default=0)
        plain = super().sizeHint()
        return QSize(min(plain.width(), self._text_left() + longest + 2), plain.height())

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        plain = super().sizeHint()
        if width >= plain.width():
            return plain.height()
        lines = self._text_height(width - self._text_left())
        return plain.height() + lines - self.fontMetrics().height()

    def hitButton(self, pos: QPoint) -> bool:  # noqa: N802 (Qt's name)
        return self.rect().contains(pos)  # the second line toggles it too

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self._one_line():
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        option = self._option(self.width())
        text = option.text
        option.text = ""  # the indicator (and its focus frame) on the first line's height
        painter.drawControl(QStyle.ControlElement.CE_CheckBox, option)
        top = (option.rect.height() - self.fontMetrics().height()) // 2
        left = self._text_left()
        area = QRect(left, top, self.width() - left, self.height() - top)
        painter.drawItemText(area, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(TEXT_FLAGS),
                             self.palette(), self.isEnabled(), text, QPalette.ColorRole.WindowText)


LABEL_MIN_CHARS = 6
"""Characters (average width) a row label keeps however short its room, "…" included [count]."""


class ElidingLabel(QLabel):
    """A one-line row label that ends in "…" when its form gives it less than its width, its
    whole text then in its tooltip; its shortcut (``&``) and buddy work as a plain label's."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._whole_tip = ""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        whole = super().minimumSizeHint()
        return QSize(min(whole.width(), self.fontMetrics().averageCharWidth() * LABEL_MIN_CHARS), whole.height())

    def is_elided(self) -> bool:
        """Whether the label is narrower than its text (drawn ending in "…")."""
        return self.width() < super().sizeHint().width()

    def shown_text(self) -> str:
        """The text as drawn: whole, or cut to the label's width and ended with "…" (``&`` kept)."""
        if not self.is_elided():
            return self.text()
        room = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, room,
                                             Qt.TextFlag.TextShowMnemonic)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        whole = without_mnemonic(self.text())
        if self.is_elided() and not self.toolTip():
            self._whole_tip = whole
            self.setToolTip(whole)
        elif not self.is_elided() and self.toolTip() == self._whole_tip:
            self.setToolTip("")

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not self.is_elided():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        flags = int(self.alignment()) | int(Qt.TextFlag.TextShowMnemonic)
        self.style().drawItemText(painter, self.contentsRect(), flags, self.palette(), self.isEnabled(),
                                  self.shown_text(), self.foregroundRole())



class NarrowForm(QFormLayout):
    """A ``QFormLayout`` whose row labels never take the room of its controls.

    ``QFormLayout`` sizes the label column for the widest label that fits beside its *own*
    field, so a long label beside a small box left a wide box of another row narrower than its
    text ("2.10 M tokens" in 50 px), and squeezed a label too long for its own row to the
    others' width though there was more room. Here each row label is held to the form's width
    less the widest field's minimum and the spacing [px]; an :class:`ElidingLabel` then ends
    in "…".
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._room = -1
        """The widest a row label may be, as last laid out [px] (-1: not yet)."""

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 (Qt's name)
        room = self._label_room(rect.width())
        if room != self._room:
            self._room = room
            for row in range(self.rowCount()):
                item = self.itemAt(row, QFormLayout.ItemRole.LabelRole)
                label = item.widget() if item is not None else None
                if isinstance(label, ElidingLabel):
                    label.setMaximumWidth(room)
            self.invalidate()
        super().setGeometry(rect)

    def _label_room(self, width: int) -> int:
        """The widest a row label may be in a form ``width`` px wide [px]."""
        margins = self.contentsMargins()
        fields = [self.itemAt(row, QFormLayout.ItemRole.FieldRole) for row in range(self.rowCount())
                  if self.itemAt(row, QFormLayout.ItemRole.LabelRole) is not None]
        widest = max((item.minimumSize().width() for item in fields if item is not None and not item.isEmpty()),
                     default=0)
        return max(0, width - margins.left() - margins.right() - max(self.horizontalSpacing(), 0) - widest)


TEXT_PAD_PX = 6
"""Room a number box's line edit keeps beside its text: its margins and the cursor [px]."""


class TextKeptWhole(QObject):
    """Holds a number box no narrower than the text it shows — value, unit or "none" text [px].

    A box beside an "Auto" check box was held at 64 px so that the pair did not widen the
    editor; with the labels giving way instead (:class:`NarrowForm`), the box keeps room for
    "2.10 M tokens" or "users ÷ copies" whole, and follows its text as it changes.
    """

    def __init__(self, box: QAbstractSpinBox, least: int = 64) -> None:
        super().__init__(box)
        self._box = box
        self._least = least
        box.lineEdit().textChanged.connect(self.fit)
        self.fit()

    def needed_width(self) -> int:
        """The box's width that shows its text whole [px]."""
        box = self._box
        option = QStyleOptionSpinBox()
        box.initStyleOption(option)
        option.rect = QRect(0, 0, 200, box.sizeHint().height())
        field = box.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option,
                                           QStyle.SubControl.SC_SpinBoxEditField, box)
        text = box.fontMetrics().horizontalAdvance(box.lineEdit().text())
        return max(self._least, 200 - field.width() + text + TEXT_PAD_PX)

    def fit(self, _text: str = "") -> None:
        need = self.needed_width()
        if self._box.minimumWidth() != need:
            self._box.setMinimumWidth(need)
