"""The card browser names a card's link once (session 28: 'Card-to-card link: NVLink — NVLink 4
(18 links) + NVSwitch; …' and 'Infinity Fabric — Infinity Fabric: 7 links …', 36 cards, both
languages): the catalog's description, which starts with the link's name, stands alone."""

from __future__ import annotations

import re

import pytest

from configurator.app.browser import card_details_html
from configurator.app.i18n import language_for_a_while
from configurator.core.catalog import load_catalog
from configurator.core.view.words import words

LINK_ROW = re.compile(r"<tr><td[^>]*><b>{label}</b></td><td>(.*?)</td></tr>")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_each_card_names_its_link_once(qtbot, language):
    catalog = load_catalog()
    row = re.compile(LINK_ROW.pattern.format(label=re.escape(words(language).label("Card-to-card link"))))
    doubled = []
    with language_for_a_while(language):
        for card in catalog.cards:
            found = row.search(card_details_html(card))
            assert found, card.id
            cell = found.group(1)
            head = re.split(r" — |<small>", cell)[0]
            if " — <small>" in cell and cell.split("<small>", 1)[1].startswith(head):
                doubled.append(card.id)
    assert doubled == []


def test_the_h100_link_reads_as_the_catalog_describes_it(qtbot):
    with language_for_a_while("en"):
        html = card_details_html(load_catalog().get("h100-sxm"))
    assert "<b>Card-to-card link</b></td><td>NVLink 4 (18 links) + NVSwitch; PCIe Gen5 x16 (128 GB/s)</td>" in html
