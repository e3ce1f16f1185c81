"""How the field registry (:mod:`configurator.core.fields`, :mod:`configurator.core.fields_graphics`) marks its
texts and builds its entries.

Texts are ``(context, English source)`` pairs marked with :func:`_t`, which pyside6-lupdate reads as
QT_TRANSLATE_NOOP (tools/build_translations.py passes it every registry module). The contexts are written out in
every ``_t`` call (lupdate reads literals only): field names are "ScenarioController"'s (they were the undo
stack's labels first), units and tooltips the editor's ("ScenarioEditor", "ServingEditor").
"""

from __future__ import annotations

from configurator.core.field_spec import FieldSpec, Text


def _t(context: str, source: str) -> Text:
    """Mark ``source`` for translation under ``context`` (lupdate reads this as QT_TRANSLATE_NOOP)."""
    return Text(context, source)


def _plain(source: str) -> Text:
    """A text shown as written in every language (a symbol such as ``%``)."""
    return Text(None, source)


def _f(path: str, label: Text, suffix: Text | None = None, **facts) -> FieldSpec:
    """One registry entry: the field at ``path``, its name, its unit on screen and its other facts."""
    return FieldSpec(path, label, suffix, **facts)


FPS = _t("ScenarioEditor", " fps")
"""The unit on screen of a frame rate (streams, an encoder's speed)."""
