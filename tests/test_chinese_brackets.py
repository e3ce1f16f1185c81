"""Chinese text brackets a Latin abbreviation or a figure with full-width brackets: '算力利用率（MFU）',
'首词元延迟（TTFT）', '对比所选（2–4）', as '命名管道（FIFO）' and 'INT8（W8A8）' did already (session 29: the
results panel, the editor's tooltips, the wizard and the browser still showed '算力利用率 (MFU)' and the
like). What keeps Latin brackets: an accelerator key ('文件(&F)', Qt's way for Chinese menus), a file
dialog's patterns ('(*.pdf)', which the dialog reads), and a formula ('(p−1)/m')."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from configurator.core.messages import CATALOGUES, TERMS
from configurator.core.view.words import ZH_CN, words

CJK = "\u4e00-\u9fff"
HALF_WIDTH_BESIDE_CHINESE = re.compile(rf"[{CJK}]\s*\(|\)\s*[{CJK}]")
"""A half-width bracket opened after, or closed before, a Chinese character."""
KEPT = re.compile(r"\(&\w\)|\(\*[^)]*\)|\(p−1\)/m|\(config\.json \*\.json\)")
"""Latin brackets kept: an accelerator key, a file dialog's patterns, the pipeline's idle formula."""
TS = Path(__file__).resolve().parents[1] / "resources" / "i18n" / "gpu_configurator_zh_CN.ts"


def half_width(texts) -> list[str]:
    return [text for text in texts if isinstance(text, str) and HALF_WIDTH_BESIDE_CHINESE.search(KEPT.sub("", text))]


def test_the_core_words_bracket_as_chinese():
    assert half_width(ZH_CN.values()) == []
    assert half_width(TERMS["zh_CN"].values()) == []
    assert half_width(CATALOGUES["zh_CN"].values()) == []
    assert words("zh_CN")("MFU") == "算力利用率（MFU）"


def test_the_window_translations_bracket_as_chinese():
    translations = [m.find("translation") for m in ET.parse(TS).getroot().iter("message")]
    texts = [t.text or "" for t in translations] + [f.text or "" for t in translations for f in t.iter("numerusform")]
    assert half_width(texts) == []
    assert "对比所选（2–4）(&C)" in texts and "{card}（{card_class}）" in texts


def test_a_switch_tier_in_the_summary_brackets_as_its_language():
    from types import SimpleNamespace

    from configurator.report.language import item_name

    line = SimpleNamespace(role="", name="scale-out leaf switches (64 × 400G ports)", kind="network", unit_price=1.0,
                           source="", item_id="")
    assert item_name(line, words("zh_CN")) == "横向扩展叶交换机（64 × 400 Gb/s）"
    assert item_name(line, words("en")) == "Scale-out leaf switches (64 × 400 Gb/s)"
