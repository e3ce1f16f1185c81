"""Session 24 persona findings on wording (/tmp/persona/findings.md #6, #8, #12, #19): one phrase,
both languages, declared once; per card why it is unranked; one rounding per quantity."""

from __future__ import annotations

from configurator.core.messages import TERMS, msg
from configurator.core.messages_offers import OFFER_CHINESE
from configurator.core.view.words_catalog import ZH_CN_OFFER


def test_a_rent_elsewhere_names_its_provider_in_chinese():
    """#6: "median of 3 providers" was English inside the Chinese note (the provider passed raw)."""
    note = msg("cloud-price-abroad-only", card="X", provider="median of 3 providers", amount="2 USD")
    assert "3 家服务商的中位数" in note.text_in("zh_CN")
    assert "median of" not in note.text_in("zh_CN")
    assert "median of 3 providers" in note.text


def test_the_offer_words_are_declared_once():
    """The catalog's price rows and the messages read the one table."""
    assert ZH_CN_OFFER is OFFER_CHINESE
    assert all(TERMS["zh_CN"][english] == chinese for english, chinese in OFFER_CHINESE.items())
