"""Numbers as people type them: with a magnitude (``7B``, ``1.5T``, ``500k``, ``2M``; in Chinese
``50万``, ``1.2亿``), with their thousands grouped (``500,000``) or in full-width digits
(``５０万``). Read by the command line's number flags and by the budget boxes of the window."""

from __future__ import annotations

import re
import unicodedata

MAGNITUDES = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12, "万": 1e4, "亿": 1e8}
"""What a suffix multiplies by, case-insensitive: thousand (k), million (M), billion (B or G),
trillion (T); the Chinese 万 (ten thousand) and 亿 (a hundred million)."""

_NUMBER = re.compile(r"\s*(?P<digits>[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)"
                     r"\s*(?P<magnitude>[kKmMbBgGtT万亿]?)\s*")


def with_magnitude(text: str) -> float | None:
    """The number ``text`` writes (see the module docstring); None when it writes none; infinity
    for one too large to hold (``1e999``).

    Parameters
    ----------
    text : str
        What was typed: digits with an optional decimal point or exponent, optionally grouped by
        threes with commas, then optionally one magnitude of :data:`MAGNITUDES`. Full-width
        digits and commas (``５０，０００``) are read as their ASCII forms (Unicode NFKC).
    """
    match = _NUMBER.fullmatch(unicodedata.normalize("NFKC", text))
    if not match:
        return None
    return float(match["digits"].replace(",", "")) * MAGNITUDES.get(match["magnitude"].lower(), 1.0)
