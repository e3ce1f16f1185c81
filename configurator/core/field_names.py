"""A scenario field named in a refusal: by its dotted path (``training.micro_batch``, as the file
and the flags write it) and, said in a language whose labels the window can read, by its registry
label too (``微批量（training.micro_batch）``), so a Chinese sentence does not name a field by its
English key alone (session 39, zhrest).

The labels' translations live in the window's translation files (the registry marks its texts for
Qt's translator, ``core/fields.py``); the window lends its reader here (:func:`read_labels_with`).
Without one (the command line), and in English, a field is named by its path, as before: what a
user types and finds in the file. Qt-free."""

from __future__ import annotations

from collections.abc import Callable

from configurator.core.field_spec import Text

_READER: list[Callable[[Text, str], str | None]] = []
"""The reader of a registry text in a language (None where it cannot say it in that language)."""


def read_labels_with(reader: Callable[[Text, str], str | None]) -> None:
    """Name fields by ``reader(text, language)`` from now on: the registry label ``text`` in
    ``language``, or None where the reader cannot say it in that language."""
    _READER[:] = [reader]


class FieldName(str):
    """A field's dotted path (what JSON output and English text write) that a message says in
    its language as :meth:`text_in` does."""

    def text_in(self, language: str) -> str:
        """The path, named by its label where ``language`` is not English and the lent reader
        says the label in it (:data:`~configurator.core.messages_validation.VALIDATION_ENGLISH`'s
        ``field-named``: ``{label}（{path}）``)."""
        from configurator.core.fields import BY_PATH
        from configurator.core.messages import CATALOGUES

        entry = BY_PATH.get(str(self))
        if entry is None or language == "en" or not _READER:
            return str(self)
        label = _READER[0](entry.label, language)
        if not label:
            return str(self)
        return CATALOGUES.get(language, CATALOGUES["en"])["field-named"].format(label=label, path=str(self))
