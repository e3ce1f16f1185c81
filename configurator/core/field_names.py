"""A scenario field named in a refusal: by its dotted path (``training.micro_batch``, as the file
and the flags write it) and, said in a language whose labels the window can read, by its registry
label too (``微批（training.micro_batch）``), so a Chinese sentence does not name a field by its
English key alone (session 39, zhrest).

The labels' translations live in the window's translation files (the registry marks its texts for
Qt's translator, ``core/fields.py``); the window lends its reader here (:func:`read_labels_with`).
Without one (the command line), and in English, a field is named by its path, as before: what a
user types and finds in the file. Qt-free."""

from __future__ import annotations

from collections.abc import Callable

from configurator.core.messages import CATALOGUES

_READER: list[Callable[[type, str, str], str | None]] = []
"""The reader of a field's label: (root model, dotted path, language) -> the label, or None."""


def read_labels_with(reader: Callable[[type, str, str], str | None]) -> None:
    """Name fields by ``reader(root, path, language)`` from now on: the label of the field at the
    dotted ``path`` of the model ``root`` in ``language``, or None where it has none to say."""
    _READER[:] = [reader]


class FieldName(str):
    """A field's dotted path in the model ``root`` (what JSON output and English text write) that
    a message says in its language as :meth:`text_in` does."""

    root: type

    def __new__(cls, path: str, root: type) -> FieldName:
        name = super().__new__(cls, path)
        name.root = root
        return name

    def __reduce__(self):
        return FieldName, (str(self), self.root)

    def text_in(self, language: str) -> str:
        """The path, named by its label too where ``language`` is not English and the lent reader
        says the label in it (message ``field-named``: ``{label}（{path}）``)."""
        if language == "en" or not _READER:
            return str(self)
        label = _READER[0](self.root, str(self), language)
        if not label:
            return str(self)
        return CATALOGUES.get(language, CATALOGUES["en"])["field-named"].format(label=label, path=str(self))
