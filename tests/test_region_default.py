"""The card a window starts on follows the region (a Chinese buyer's first start): where the
region's buyers cannot simply buy the default card, the window starts on the region's declared
card (configurator/app/defaults.py, DEFAULT_CARD_FOR_REGION); English stays on the default card."""

from __future__ import annotations

import json

import pytest

from configurator.app.defaults import (DEFAULT_CARD, DEFAULT_CARD_FOR_REGION, default_scenario, start_card,
                                       start_card_in, start_notice)
from configurator.core.catalog import load_bundled_catalog, parse_catalog
from configurator.core.estimate import estimate
from configurator.core.resources import bundled_path
from configurator.core.region import REGION_FOR_LANGUAGE, delivery_problem
from configurator.core.view.estimate_view import headline_verdict


@pytest.fixture(scope="module")
def bundled():
    return load_bundled_catalog()


@pytest.mark.parametrize("region", sorted(DEFAULT_CARD_FOR_REGION))
def test_a_region_has_its_own_card_only_where_its_buyers_cannot_buy_the_default(bundled, region):
    assert delivery_problem(bundled.get(DEFAULT_CARD), region) is not None  # else the declaration is not needed
    own = bundled.get(DEFAULT_CARD_FOR_REGION[region])
    assert own.category == "training" and delivery_problem(own, region) is None


def test_every_language_region_without_the_default_card_is_declared(bundled):
    for region in set(REGION_FOR_LANGUAGE.values()):
        if delivery_problem(bundled.get(DEFAULT_CARD), region) is not None:
            assert region in DEFAULT_CARD_FOR_REGION


def test_the_chinese_start_is_on_a_card_deliverable_to_china_with_a_green_headline(bundled):
    scenario = default_scenario("zh_CN", bundled)
    assert scenario.constraints.region == "cn" and scenario.economics.currency == "CNY"
    card = bundled.get(scenario.card_id)
    assert scenario.card_id == start_card("cn") == "ascend-910b" and delivery_problem(card, "cn") is None
    est = estimate(scenario, card)
    region_verdicts = [v for v in est.verdicts if v.id == "region"]
    assert region_verdicts and all(v.met for v in region_verdicts)  # no export violation
    _, state = headline_verdict(est)
    assert state == "met"  # fits, and the one constraint set (delivery to mainland China) is met
    assert est.fits
    assert card.software is not None and card.software.stack  # the software stack is named
    assert any(p.currency == "CNY" and p.date for p in card.prices)  # priced in CNY with a date
    assert default_scenario("zh_CN") == scenario  # with or without the catalog


def test_english_is_unchanged(bundled):
    for language in ("en", None):
        scenario = default_scenario(language, bundled)
        assert scenario.card_id == DEFAULT_CARD == "h100-sxm" and scenario.constraints.region is None
        assert start_notice(scenario, bundled) is None
    assert default_scenario("en").economics.currency == "USD"


def test_the_chinese_start_says_why_in_both_languages(bundled):
    notice = start_notice(default_scenario("zh_CN", bundled), bundled)
    assert notice is not None and notice.id == "default-card-for-region"
    said_zh, said_en = notice.text_in("zh_CN"), notice.text  # the cause first, then the card it made the start
    assert said_zh.startswith("由于 H100 SXM5 80GB 向中国大陆交付需要美国出口许可")
    assert said_zh.endswith("，起始加速卡改为昇腾 910B")
    assert said_en.startswith("H100 SXM5 80GB needs a US export licence")
    assert said_en.endswith(", so the window starts on Ascend 910B")


def test_a_catalog_without_the_regions_card_starts_on_a_card_deliverable_there(bundled):
    document = json.loads(bundled_path("catalog.json").read_text(encoding="utf-8"))
    damaged = parse_catalog({**document, "cards": [c for c in document["cards"] if c["id"] != "ascend-910b"]})
    card_id = start_card_in(damaged, "cn")
    assert damaged.get(card_id).category == "training" and delivery_problem(damaged.get(card_id), "cn") is None
    scenario = default_scenario("zh_CN", damaged)
    assert scenario.card_id == card_id
    notice = start_notice(scenario, damaged)
    assert notice.id == "default-card-missing" and "ascend-910b" in notice.text_in("zh_CN")
    assert start_card_in(damaged, None) == DEFAULT_CARD  # English does not notice


@pytest.mark.parametrize("language", ["zh_CN", "en"])
def test_the_window_starts_on_the_regions_card_and_file_new_goes_back_to_it(qtbot, tmp_path, monkeypatch, language):
    """A fresh start (no saved session) and File > New: the language's region, currency and start
    card; the Chinese window says why in the status bar; a later language switch keeps the card."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app import i18n
    from configurator.app.main import build_main_window

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", language)
    window = build_main_window(settings)
    qtbot.addWidget(window)
    try:
        controller = window.controller
        expected = default_scenario(language, controller.catalog)
        assert controller.scenario == expected
        said = window.statusBar().currentMessage()
        if language == "zh_CN":
            assert controller.scenario.card_id == "ascend-910b"
            assert said.startswith("由于 H100") and said.endswith("昇腾 910B")
            assert window.statusBar().toolTip() == said  # whole where a computing window cuts the line
        else:
            assert controller.scenario.card_id == DEFAULT_CARD and said == ""
        other = "en" if language == "zh_CN" else "zh_CN"
        window.set_language(other)  # a default is only a start: the card and region stay, the notice follows
        assert controller.scenario.card_id == expected.card_id
        assert controller.scenario.constraints.region == expected.constraints.region
        assert window.statusBar().currentMessage().endswith("the window starts on Ascend 910B" if said else "")
        window.set_language(language)
        assert window.statusBar().currentMessage() == said
        controller.apply_many({"card_id": "a100-sxm-80gb", "count": 4})
        assert window.statusBar().currentMessage() == ""  # the notice explained the card now gone
        assert window.statusBar().toolTip() == ""
        window.new_scenario()  # File > New: the same start, region and currency included, and its notice
        assert controller.scenario == expected
        assert window.statusBar().currentMessage() == said
    finally:
        window.controller.undo_stack.setClean()
        i18n.install_language("en")


def test_recovered_work_whose_card_is_gone_goes_on_the_languages_start_card(qtbot, window):
    """The crash recovery's placeholder card (and the name its dialog gives) is the card a new
    window starts on in the language shown: Ascend 910B in Chinese, the default card in English."""
    from configurator.core.scenario import updated

    gone = updated(window.controller.scenario, card_id="a100-sxm-80gb")
    assert window.start_card() == DEFAULT_CARD
    assert window.placeholder_card(gone)[0].card_id == DEFAULT_CARD
    window.set_language("zh_CN")
    assert window.start_card() == "ascend-910b"
    placed, name = window.placeholder_card(gone)
    assert placed.card_id == "ascend-910b" and name == "Ascend 910B"
