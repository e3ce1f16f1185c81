"""The card browser in Chinese over EVERY catalog card (session 18): the details pane, the table's
cells and the compare dialog write no English sentence or status word.

The rule: after dropping identifiers (web addresses with or without their scheme, e-mail, file
paths with ``_``, JSON file names, and the lowercase names of :data:`NAMES`), a text is untranslated when
it holds an English word of three or more lowercase ASCII letters. Names, units and acronyms
(NVLink, PCIe Gen5 x16, GDDR7, TFLOP/s, sm_90, gfx942) are capitalised or carry digits; a
sentence or a status word ("Not verified", "dual-slot, passive") always holds a lowercase word.
A lone capitalised English word ("Module") would pass: no catalog text is one today.

Quoted text is not held to the rule: the citations (a card's sources, a price's source and offer,
a framework's source, the export rule's source, where the usable memory was measured) are quoted
as their source writes them; every other catalog text is translated, in
:mod:`configurator.core.view.words_catalog` and :mod:`configurator.core.view.words_catalog_notes`.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from configurator.core.catalog import load_catalog
from configurator.core.view.card_view import card_view
from configurator.core.view.rows import label, write
from configurator.core.view.words_catalog import ZH_CN_CATALOG
from configurator.core.view.words_catalog_notes import ZH_CN_NOTES
from configurator.core.view.words_export import ZH_CN_EXPORT_NOTES

NAMES = ("llama.cpp", "tpu-inference", "vllm-ascend", "vllm-mlu", "vllm-gaudi", "vllm-project", "libtpu",
         "torch-neuronx", "llm-analysis", "open-gpu-kernel-modules", "hmc-tech", "codesota", "fpsbench", "itkb",
         "svethardware", "tweakers", "dontleaveit", "hiascend.com", "npu-smi", "ascend-dmi", "boardor",
         "claude.ai", "gpuresource.com", "spotwire.ai", "openclawradar.com")
"""Lowercase names written as their owners spell them: packages (llama.cpp, vLLM plugins, the TPU
runtime, llm-analysis), a repository, Huawei's tools (npu-smi, ascend-dmi), and the web sites a card's
notes cite."""

CITATIONS = {("prices", "note"), ("software", "note"), ("source", "value"), ("export.source", "value"),
             ("import.source", "value"), ("export.fee.source", "value"), ("export.history.source", "value"),
             ("import.held.source", "value"), ("availability.source", "value"),
             ("usable_memory_gib", "note"), ("cooling.source", "value"), ("also_classes", "note")}
"""(row, part) quoted as the source writes it: sources, a price's offer and source, a framework's
source, the export rule's source, the reports of China's import stance, where the usable memory was measured,
where the cooler is stated, the vendor's positioning sentence (``Card.also_classes``, quoted as written); the sources of a licence fee, of each earlier export status, of the cards held in
mainland China and of the production status."""

PROSE_NOT_YET: set[tuple[str, str]] = set()
"""(row, part) of the catalog's prose not yet in Chinese (none since the card's notes were
translated). Listed, so that no other text can fall back to English."""


def english_words(text: str) -> set[str]:
    """The English words of ``text`` by the rule of this module (identifiers dropped)."""
    text = re.sub(r"https?://[!-~]+|[\w.-]+\.(?:com|org|net|io|ai|cn)/[!-~]*|[\w.-]+\.json|[\w.-]+@[\w.-]+"
                  r"|[\w./-]*_[\w./-]*", " ", text, flags=re.ASCII)  # ASCII only: never a run of Chinese
    for name in NAMES:
        text = text.replace(name, " ")
    return set(re.findall(r"\b[a-z]{3,}\b", text, flags=re.ASCII))


def _row_name(section: str, key: str) -> str:
    if key.startswith("price."):
        return "prices"
    if key.startswith("software."):
        return "software"
    if key.startswith("export.history.") and key.endswith(".source"):
        return "export.history.source"
    if key.startswith("also_classes."):
        return "also_classes"
    return "source" if key.startswith("source.") else key


def untranslated_details(card) -> dict[str, set[str]]:
    """Each text of ``card``'s details in Chinese that holds English, with its words."""
    view = card_view(card)
    texts = [write(view.heading, "zh_CN"), write(view.verdict, "zh_CN")]
    for section in view.sections:
        texts.append(label(section.title, "zh_CN"))
        for row in section.rows:
            name = _row_name(section.key, row.key)
            texts.append(label(row.label, "zh_CN"))
            for part, value in (("value", row.value), ("note", row.note)):
                if value is not None and (name, part) not in CITATIONS | PROSE_NOT_YET:
                    texts.append(write(value, "zh_CN"))
    names = english_words(f"{card.name} {card.vendor} {card.id}")  # the card's name and id may hold one
    return {text: found for text in texts if (found := english_words(text) - names)}


def test_the_rule_finds_sentences_and_status_words_not_names():
    assert english_words("Not verified (VCN video decode)") == {"verified", "video", "decode"}
    assert english_words("PCIe (dual-slot, passive)") == {"dual", "slot", "passive"}
    assert english_words("NVLink 4 900 GB/s; PCIe Gen5 x16 128 GB/s; 16 GB GDDR6X; sm_90; gfx942") == set()
    assert english_words("支持（tpu-inference 插件；https://docs.vllm.ai/en/latest/）") == set()
    assert english_words("见 cloud.google.com/tpu/pricing。") == set()
    assert english_words("（fp16_acc16_tflops）not read，出自") == {"not", "read"}


def figures(text: str) -> list[str]:
    """The figures of ``text`` with three or more digits or a decimal point ('1,299', '2.9', '2026')."""
    return sorted(f for f in re.findall(r"\d[\d,.]*\d", text) if len(re.sub(r"\D", "", f)) >= 3 or "." in f)


def test_a_translation_keeps_every_figure_of_the_catalog_text():
    """A translated note must not change a number: every figure of three digits or more (or with a
    decimal point) of the English is in the Chinese ('77B' may become '770 亿')."""
    wrong = {english: sorted((Counter(figures(english)) - Counter(figures(chinese))).elements())
             for english, chinese in {**ZH_CN_CATALOG, **ZH_CN_NOTES, **ZH_CN_EXPORT_NOTES}.items()}
    assert {english: lost for english, lost in wrong.items() if lost} == {}


def test_every_card_s_details_are_chinese():
    found = {card.id: words for card in load_catalog().cards if (words := untranslated_details(card))}
    assert found == {}


def test_the_mi300x_video_engines_are_translated_on_screen(qtbot, controller):
    from configurator.app import i18n
    from configurator.app.browser import CardBrowser

    i18n.install_language("zh_CN")
    browser = CardBrowser(controller)
    qtbot.addWidget(browser)
    browser.select_ids(["mi300x"])
    shown = browser.details.toPlainText()
    assert "未核实（VCN 视频解码）" in shown and "Not verified" not in shown


@pytest.mark.parametrize("part", ["table", "compare"])
def test_the_browser_s_table_and_compare_dialog_are_chinese_for_every_card(qtbot, controller, part):
    from PySide6.QtCore import Qt

    from configurator.app import i18n
    from configurator.app.browser import CARD_ROLE, CardBrowser, ranked_price_tip
    from configurator.core.procurement.card_price import purchase_price

    i18n.install_language("zh_CN")
    browser = CardBrowser(controller)
    qtbot.addWidget(browser)
    model, proxy = browser.model, browser.proxy
    cards = [proxy.index(r, 0).data(CARD_ROLE) for r in range(proxy.rowCount())]
    names = set().union(*(english_words(f"{c.name} {c.vendor}") for c in cards))
    texts = []
    if part == "table":
        texts += [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
        texts += [proxy.index(r, c).data() for r in range(proxy.rowCount()) for c in range(1, proxy.columnCount())]
        texts += [ranked_price_tip(c) for c in cards if purchase_price(c) is None]  # the price note, no citation
    else:
        for start in range(0, len(cards), 4):
            group = cards[start:start + 4] if len(cards) - start >= 2 else cards[start - 1:]
            browser.select_ids([c.id for c in group])
            dialog = browser.compare_selected()
            assert dialog.wait()
            table = dialog.table
            texts += [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
            texts += [table.item(r, c).text() for r in range(table.rowCount()) for c in range(table.columnCount())
                      if table.item(r, c)]
            dialog.close()
    found = {t: w for t in texts if t and (w := english_words(str(t)) - names)}
    assert found == {}


def test_every_price_file_item_a_warning_names_has_chinese():
    """``no-price-items`` names an unpriced line by its item's name up to the first colon: each has
    its Chinese, so the recommendation panel does not write the price file's English."""
    from configurator.core.messages import CATALOGUES, TERMS, msg, render
    from configurator.core.procurement.prices import bundled_price_book

    names = {item.name.split(":")[0].strip() for item in bundled_price_book().items.values()}
    assert names - set(TERMS["zh_CN"]) == set()
    text = render(msg("no-price-items", card="B200", items=sorted(names)[0]), CATALOGUES["zh_CN"])
    assert english_words(text) == set()


def test_a_warning_naming_several_unpriced_items_is_all_chinese():
    """A bill with two unpriced lines: each item named in Chinese, joined by the Chinese separator
    (it stayed in English, the two names being looked up as one text); the English is unchanged."""
    from configurator.core.messages import msg
    from configurator.core.procurement.prices import bundled_price_book

    names = sorted({item.name.split(":")[0].strip() for item in bundled_price_book().items.values()})[:2]
    message = msg("no-price-items", card="B200", items=tuple(names))
    chinese = message.text_in("zh_CN")
    assert english_words(chinese) == set() and "；" in chinese
    assert message.text == f"B200: no price for {'; '.join(names)} — enter a quote to compare its total cost of ownership"
