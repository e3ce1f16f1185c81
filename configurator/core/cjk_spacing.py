"""No space between two Chinese characters in a text put together from a template and its words.

A Chinese template keeps a space before a parameter where the parameter is a number or a Latin
name ("在 H100 上", "同时解码 32 条序列"), but the same slot may take a Chinese word ("瓶颈在
{bound}" with 显存带宽): Chinese is written without spaces between its characters, so the space is
taken out where the text is formatted (:func:`configurator.core.messages.render`, the view's
phrases and labels), not guessed in each template.
"""

from __future__ import annotations

import re

CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
"""Chinese characters, CJK punctuation and full-width forms (（），：；)."""

FULL_WIDTH_PUNCTUATION = "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
"""CJK punctuation and the full-width forms' punctuation (（），：；！？、。《》「」【】): each carries its
own half-em of space, so a space beside one is one too many — beside a digit or a Latin letter too
("云租用（每卡每小时） 2026-08" read so in a price's label until session 38, persona 6)."""

_SPACE_BETWEEN = re.compile(f"(?<=[{CJK}]) +(?=[{CJK}])"
                            f"|(?<=[{FULL_WIDTH_PUNCTUATION}]) +| +(?=[{FULL_WIDTH_PUNCTUATION}])")


def cjk_joined(text: str, language: str) -> str:
    """``text`` without the spaces between two Chinese characters in Chinese ('瓶颈在 显存带宽' ->
    '瓶颈在显存带宽') nor beside full-width punctuation (:data:`FULL_WIDTH_PUNCTUATION`: '（每卡每小时） 2026-08'
    -> '（每卡每小时）2026-08'); as it is in another language, and where a space stands between a Chinese
    character and a digit or a Latin letter ('在 H100 上')."""
    return _SPACE_BETWEEN.sub("", text) if language.startswith("zh") else text
