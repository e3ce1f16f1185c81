"""Card names on Chinese screens without English fragments (session 25): every catalog card's
Chinese name keeps only its product name's Latin words (:data:`PRODUCT_WORDS`, model names, part
numbers, acronyms, units), Chinese punctuation around the rest; English is unchanged; and the name
reaches the reader through the one lookup (messages, phrases, rows) and :func:`card_name`."""

from __future__ import annotations

import re

import pytest

from configurator.core.catalog import load_catalog
from configurator.core.messages import msg
from configurator.core.view.card_names import PRODUCT_WORDS, ZH_CN_CARD_NAMES, card_name, foreign_words
from configurator.core.view.rows import Phrase, write
from configurator.core.view.words import words

CARDS = load_catalog().cards


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.id)
def test_every_catalog_name_reads_in_chinese(card):
    zh = card_name(card.name, "zh_CN")
    assert not foreign_words(zh), f"{card.id}: {zh!r} keeps English words {sorted(foreign_words(zh))}"
    assert not re.search(r"[(),]|—", zh.replace("——", "")), f"{card.id}: {zh!r} has English punctuation"


def test_names_that_hold_more_than_the_product_are_listed():
    """A catalog name with an aside, a dash or an edition is in the table, so the rule above is not
    met by accident; the table names no card the catalog has not (a renamed card fails here)."""
    names = {c.name for c in CARDS}
    described = {n for n in names if re.search(r"\(| — | per |Edition|Generation|Superchip", n)}
    assert described <= set(ZH_CN_CARD_NAMES)
    assert set(ZH_CN_CARD_NAMES) <= names, sorted(set(ZH_CN_CARD_NAMES) - names)


def test_english_and_unlisted_names_unchanged():
    for card in CARDS:
        assert card_name(card.name, "en") == card.name
    assert card_name("My card (mine)", "zh_CN") == "My card (mine)"  # a user's own card keeps its name
    assert card_name("H100 SXM5 80GB", "zh_CN") == "H100 SXM5 80GB"


def test_the_rule_catches_english():
    assert foreign_words("GB200 NVL72 — per Blackwell GPU") == {"per"}
    assert foreign_words("RTX PRO 6000 Blackwell Workstation Edition") == {"Workstation", "Edition"}
    assert foreign_words("GB200 NVL72——每颗 Blackwell GPU") == set()
    assert "Blackwell" in PRODUCT_WORDS and "Edition" not in PRODUCT_WORDS


def test_the_one_lookup_translates_a_card_name():
    """A message's parameter, a phrase's field and a row's value name the card in Chinese without a
    call at the site: the table is in the message terms and so in the label catalogue."""
    name = "GB200 NVL72 — per Blackwell GPU"
    zh = ZH_CN_CARD_NAMES[name]
    assert words("zh_CN").label(name) == zh
    assert zh in words("zh_CN").message(msg("low-confidence", card=name))
    assert zh in write(Phrase("{count} × {card}", {"count": 4, "card": name}), "zh_CN")
    assert write(name, "zh_CN") == zh
    assert words("en").message(msg("low-confidence", card=name)).startswith(name)
    assert write(name, "en") == name


def test_a_chinese_bill_names_the_card_in_chinese():
    from types import SimpleNamespace

    from configurator.report.language import item_name

    line = SimpleNamespace(kind="accelerator", name="H20 96GB (China export SKU) (spares)", role="spare",
                           unit_price=1.0, source="list", item_id="h20")
    assert item_name(line, words("zh_CN")).startswith("H20 96GB（对华出口版）——")  # the Chinese dash (persona11zh)
    assert item_name(line, words("en")).startswith("H20 96GB (China export SKU) — Accelerator cards (spares)")
    line = SimpleNamespace(kind="accelerator", name="Ascend 910B", role="", unit_price=1.0, source="list",
                           item_id="ascend-910b")
    assert item_name(line, words("zh_CN")) == "昇腾 910B"
