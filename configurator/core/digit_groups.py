"""How each language groups the digits of a number: below both the messages (a count in a
message template) and the view's number formatting (:mod:`configurator.core.view.numbers`)."""

from __future__ import annotations

SEPARATORS = {"en": (",", "."), "zh_CN": (",", ".")}
"""(thousands separator, decimal point) of each language. Both group digits by three with a comma
and write a full stop as the decimal point: Unicode CLDR's number symbols for ``en`` and ``zh``
(https://cldr.unicode.org, common/main/en.xml and zh.xml, ``<symbols numberSystem="latn">``),
which are what Qt's QLocale writes for English (United States) and Chinese (China)."""


def grouped(value: int, language: str = "en") -> str:
    """A whole number with its thousands grouped as ``language`` writes them: '100,000'."""
    group = SEPARATORS.get(language, SEPARATORS["en"])[0]
    return f"{value:,d}".replace(",", group)
