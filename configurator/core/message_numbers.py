"""How a message's numbers are written: whole numbers grouped in the reader's language, shares
that are not zero never written "0%" (:mod:`configurator.core.messages` renders with these)."""

from __future__ import annotations

from configurator.core.digit_groups import grouped


class _Count(int):
    """A whole-number parameter: written with its thousands grouped by the one count formatter
    (:func:`configurator.core.digit_groups.grouped`, as the view's counts) where the template gives no format of its own
    (``{count} × {card}`` reads "100,000 × H100"); a template's own format (``{count:,}``,
    ``{n:d}``) is applied as written."""

    language = "en"

    def __format__(self, spec: str) -> str:
        if spec:
            return format(int(self), spec)
        return grouped(int(self), self.language)


def count_param(value: int, language: str) -> _Count:
    """A whole number as a message template takes it in ``language``."""
    whole = _Count(value)
    whole.language = language
    return whole


class _Fraction(float):
    """A real-valued parameter: a template's percent format (``{share:.0%}``) of a value that is
    not zero but rounds to zero reads "<1%" ("<0.1%" at ``.1%``) rather than "0%" - a budget
    missed by 0.3 % is missed; every other format is float's own."""

    def __format__(self, spec: str) -> str:
        text = float.__format__(self, spec)
        if spec.endswith("%") and self != 0 and not text.strip("-+ ").rstrip("%").strip("0.,"):
            places = int(spec.rsplit(".", 1)[1][:-1] or 0) if "." in spec else 6
            return "<" + float.__format__(10.0 ** -(places + 2), spec.lstrip("+- "))
        return text


def fraction_param(value: float) -> _Fraction:
    """A real number as a message template takes it (percent formats never read 0 % for a
    value that is not zero)."""
    return _Fraction(value)
