"""The card's cooler shown to the buyer (session 36, coolview): every stated cooler cites where it is
stated, every unknown one says why; the card browser's details and ``catalog show`` write a
"Cooling" row in words ("passive (server airflow)", "blower", … or "not published"), in English
and Chinese."""

from __future__ import annotations

import re

import pytest

from configurator.app.browser import card_details_html
from configurator.app.i18n import language_for_a_while
from configurator.cli import main
from configurator.core.catalog import load_catalog
from configurator.core.view.card_view import COOLERS, COOLING_UNPUBLISHED, card_view
from configurator.core.view.rows import write
from configurator.core.view.words import ZH_CN, words


def _rows(card) -> dict:
    return {row.key: row for section in card_view(card).sections for row in section.rows}


def test_every_stated_cooler_cites_where_it_is_stated():
    """A stated kind names a page, a document or a repository, not where it was looked for."""
    unsourced = [c.id for c in load_catalog().cards if c.cooling is not None and c.cooling.kind is not None
                 and (c.cooling.source.startswith("looked for") or not re.search(
                     r"https?://|github\.com|product page|Product Brief|datasheet", c.cooling.source))]
    assert unsourced == []


def test_every_unknown_cooler_says_why_in_both_languages():
    cards = [c for c in load_catalog().cards if c.cooling is not None and c.cooling.kind is None]
    assert cards and all(c.cooling.note for c in cards)
    assert sorted({c.cooling.note for c in cards if c.cooling.note not in ZH_CN}) == []


def test_every_kind_and_the_unknown_have_chinese():
    assert [w for w in (*COOLERS.values(), COOLING_UNPUBLISHED, "Cooling", "Cooling source") if w not in ZH_CN] == []


@pytest.mark.parametrize(("card_id", "en", "zh"), [
    ("l4", "passive (server airflow)", "被动散热（靠服务器风道）"),
    ("rtx-6000-ada", "blower", "涡轮散热"),
    ("rtx-pro-6000-blackwell", "flow-through (workstation)", "穿透式散热（工作站）"),
    ("gb200", "liquid", "液冷"),
    ("l20", "not published", "未公开"),
])
def test_the_cooling_row_in_words(card_id, en, zh):
    row = _rows(load_catalog().get(card_id))["cooling"]
    assert (write(row.value, "en"), write(row.value, "zh_CN")) == (en, zh)


def test_a_stated_cooler_shows_its_source_and_an_unknown_one_its_why():
    catalog = load_catalog()
    passive = _rows(catalog.get("h100-pcie"))
    assert "PB-11133" in passive["cooling.source"].value and passive["cooling"].note is None
    assert "PB-11773" in _rows(catalog.get("h100-nvl"))["cooling.source"].value  # the NVL's own product brief
    unknown = _rows(catalog.get("rtx-4090"))
    assert "cooling.source" not in unknown
    assert write(unknown["cooling"].note, "zh_CN") == ZH_CN[catalog.get("rtx-4090").cooling.note]


def test_a_users_card_without_a_cooler_shows_a_dash():
    card = load_catalog().get("l4").model_copy(update={"cooling": None})
    assert _rows(card)["cooling"].value is None


@pytest.mark.parametrize(("language", "label", "kind", "unknown"), [
    ("en", "Cooling", "passive (server airflow)", "not published"),
    ("zh_CN", "散热方式", "被动散热（靠服务器风道）", "未公开"),
])
def test_catalog_show_writes_the_cooler(capsys, language, label, kind, unknown):
    for card_id, expected in (("l4", kind), ("l20", unknown)):
        assert main(["catalog", "show", card_id, "--lang", language]) == 0
        out = capsys.readouterr().out
        assert re.search(rf"^  {re.escape(label)} +{re.escape(expected)}", out, flags=re.M), out


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_browser_details_have_a_cooling_row(qtbot, language):
    w = words(language)
    with language_for_a_while(language):
        passive = card_details_html(load_catalog().get("a40"))
        unknown = card_details_html(load_catalog().get("mi300x"))
    row = "<b>{label}</b></td><td>{value}"
    assert row.format(label=w.label("Cooling"), value=w.label("passive (server airflow)")) in passive
    assert row.format(label=w.label("Cooling"), value=w.label("not published")) in unknown
