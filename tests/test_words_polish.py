"""Words the screenshots of session 14 showed wrong: a space between two Chinese characters
("瓶颈在 显存带宽": a template's space before a parameter that turned out a Chinese word), and
price figures in the recommendation's reasoning without what they are per ("price range
(0.15 USD)")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from configurator.core.cjk_spacing import CJK, cjk_joined
from configurator.core.messages import CHINESE, ENGLISH, TERMS, msg
from configurator.core.view.rows import Amount, Phrase, write
from configurator.core.view.words import ZH_CN, words

SPACE_BETWEEN = re.compile(f"[{CJK}] +[{CJK}]")
I18N = Path(__file__).resolve().parents[1] / "resources" / "i18n"


def _spaced(texts) -> list[str]:
    return [t for t in texts if SPACE_BETWEEN.search(t)]


def test_no_chinese_text_has_a_space_between_two_chinese_characters():
    assert _spaced(CHINESE.values()) == []
    assert _spaced(TERMS["zh_CN"].values()) == []
    assert _spaced(ZH_CN.values()) == []
    for catalogue in I18N.glob("*zh_CN.ts"):
        assert _spaced(t.text or "" for t in ET.parse(catalogue).iter("translation")) == [], catalogue.name


def test_a_chinese_word_in_a_parameter_joins_its_sentence():
    bound = msg("reason-decode-bound", card="H100", concurrency=32, bound="memory bandwidth")
    assert bound.text_in("zh_CN") == "H100 同时解码 32 条序列，瓶颈在显存带宽"
    assert bound.text == "Decoding 32 sequences at once on H100 is limited by memory bandwidth"
    assert cjk_joined("在 H100 上 运行", "zh_CN") == "在 H100 上运行"  # a space beside a Latin name stays
    assert cjk_joined("a b", "en") == "a b"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_phrases_and_labels_join_chinese_words(language):
    w = words(language)
    assert not SPACE_BETWEEN.search(w("Latency targets: {targets}", targets=w.label("compute")))
    assert not SPACE_BETWEEN.search(write(Phrase("Layout: {layout}", {"layout": "compute"}), language))


PRICE_MESSAGES = ("price-decides", "price-holds", "price-decides-challenger", "price-winner-limit",
                  "price-decides-ends-limit", "price-challenger")


@pytest.mark.parametrize("message_id", PRICE_MESSAGES)
def test_every_price_in_the_reasoning_says_what_it_is_per(message_id):
    money = r"\{\w+:[^}]*money[^}]*\}"  # an amount, written by the one money writer (test_money_spec.py)
    assert len(re.findall(money, ENGLISH[message_id])) == len(re.findall(money + " {per}", ENGLISH[message_id])) > 0
    assert len(re.findall(money, CHINESE[message_id])) == CHINESE[message_id].count("{per}")
    text = msg("price-decides-ends-limit", card="T4", rival="V100", high=0.15, price=0.17, other="V100",
               currency="USD", per="per card-hour")
    assert "(0.15 USD per card-hour)" in text.text
    assert "（每卡每小时 0.15 USD）" in text.text_in("zh_CN")


def test_a_likely_range_in_full_width_brackets_takes_no_space_before_it():
    from configurator.core.uncertainty import Band

    speed = Amount(100.0, "tokens/s", band=Band(100.0, 90.0, 110.0, "train-throughput", "x", ()))
    assert write(speed, "zh_CN").startswith("100\u00a0词元/秒（可能 ")  # was '词元/秒 （可能'
    assert write(speed, "en").startswith("100\u00a0tokens/s (likely ")
