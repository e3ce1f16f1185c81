"""Typing into the window's number boxes as a user does (shared by the box tests)."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication


def type_and_return(qtbot, box, text: str) -> None:
    """Type ``text`` over ``box``'s selected text and press Return; what is not ASCII comes, as from an
    input method, in one committed string (QTest's key clicks take Latin-1 only)."""
    box.setFocus()
    box.lineEdit().selectAll()
    if text.isascii():
        qtbot.keyClicks(box.lineEdit(), text)
    else:
        event = QInputMethodEvent()
        event.setCommitString(text)
        QApplication.sendEvent(box.lineEdit(), event)
    qtbot.keyClick(box, Qt.Key.Key_Return)
