"""The interface languages, declared once: the codes the window, the command line, the summary
and the tools accept, and each language's name in itself."""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "zh_CN")
"""Interface languages by code (Qt locale names); the first is the default."""

DEFAULT_LANGUAGE = LANGUAGES[0]
"""The language the command line and a fresh window start in (English)."""

LANGUAGE_NAMES = {"en": "English", "zh_CN": "简体中文"}
"""Each language's name, written in that language (the language menu)."""
