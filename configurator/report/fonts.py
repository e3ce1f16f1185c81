"""Font families used wherever text is drawn: the window, the printed summary and its charts.

One place for the names, so the window, the PDF and the HTML agree.
"""

from __future__ import annotations

CJK_FAMILY = "WenQuanYi Micro Hei"
"""Debian's fonts-wqy-microhei: set explicitly so Chinese never renders as empty boxes; its glyphs are
embedded in the PDF."""

LATIN_FAMILY = "DejaVu Sans"
"""Debian's fonts-dejavu-core: the printed summary's face for English."""

CJK_FALLBACKS: tuple[str, ...] = (CJK_FAMILY, "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC")
"""Chinese faces in order of preference on Debian, Windows and macOS (HTML renderings)."""


def family_for(language: str) -> str:
    """The face a document in ``language`` ("en", "zh_CN") is set in."""
    return CJK_FAMILY if language == "zh_CN" else LATIN_FAMILY


def css_font_stack() -> str:
    """The CSS ``font-family`` value of the HTML rendering: the Chinese faces, then sans-serif."""
    return ", ".join(f"'{name}'" for name in CJK_FALLBACKS) + ", sans-serif"
