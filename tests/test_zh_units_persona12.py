"""Units the Chinese procurement officer of session 42 (persona 12) read two ways: the window's
what-fits dialog wrote its latency boxes in "毫秒" above a table in "ms", and the serving notes said
"每个词元 21.7 毫秒" beside "每输出词元时间 63.1 ms" — one unit, one word: "ms" (as every Chinese
table, chart axis and box of the app writes it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from configurator.core.messages import CHINESE, TERMS, msg
from configurator.core.view.words import ZH_CN

I18N = Path(__file__).resolve().parents[1] / "resources" / "i18n"


def test_chinese_texts_write_milliseconds_as_ms():
    texts = [*CHINESE.values(), *TERMS["zh_CN"].values(), *ZH_CN.values()]
    for catalogue in I18N.glob("*zh_CN.ts"):
        texts += [t.text or "" for t in ET.parse(catalogue).iter("translation")]
    assert [t for t in texts if "毫秒" in t] == []


def test_the_kv_transfer_note_in_chinese_says_ms():
    note = msg("serving-disaggregated", prefill=2, decode=6, transfer_ms=3.4)
    assert note.text_in("zh_CN").endswith("需 3.4 ms")
    assert "ms" in note.text
