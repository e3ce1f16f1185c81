"""Words said as one series, joined in the language's way ("vLLM, SGLang"; "vLLM、SGLang"): a message parameter
that is a plain string in English (what JSON writes) and says itself in Chinese by :meth:`Series.text_in`, as
:class:`~configurator.core.field_names.FieldName` does. Until December 2026 a Chinese porting risk read
"对 vLLM, SGLang 仅部分支持" (persona46)."""

from __future__ import annotations

from collections.abc import Iterable

SEPARATORS = {"en": ", ", "zh_CN": "、"}
"""Between two words of a series in each language (the enumeration comma in Chinese)."""


class Series(str):
    """Names (frameworks, vendors) said one after another: English with ", ", Chinese with "、"."""

    words: tuple[str, ...]

    def __new__(cls, words: Iterable[str]) -> Series:
        words = tuple(words)
        series = super().__new__(cls, SEPARATORS["en"].join(words))
        series.words = words
        return series

    def text_in(self, language: str) -> str:
        """The series in ``language``: its words joined by that language's separator."""
        return SEPARATORS.get(language, SEPARATORS["en"]).join(self.words)
