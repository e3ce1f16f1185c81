"""Chinese of the catalog's notes on each card (``Card.notes``: which figures are dense or sparse,
derived or unverified; the Chinese interface, session 18). Keyed by the notes' exact English text, as
:mod:`configurator.core.view.words_catalog` is, and merged with it into the one catalogue; a catalog
edit that changes a note fails ``tests/test_catalog_chinese.py`` until its Chinese is written, in
:mod:`~configurator.core.view.words_catalog_notes_nvidia` for an NVIDIA card and in
:mod:`~configurator.core.view.words_catalog_notes_other_vendors` for any other vendor's.
Every figure of a note is kept as the note writes it (the test compares them); dates are written
the Chinese way (2023 年 10 月).
"""

from __future__ import annotations

from configurator.core.view.words_catalog_notes_nvidia import ZH_CN_NOTES_NVIDIA
from configurator.core.view.words_catalog_notes_other_vendors import ZH_CN_NOTES_OTHER_VENDORS

ZH_CN_NOTES: dict[str, str] = {**ZH_CN_NOTES_NVIDIA, **ZH_CN_NOTES_OTHER_VENDORS}
"""A card's notes in Chinese, by their English text (every vendor's)."""
