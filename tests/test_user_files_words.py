"""What the user gives that the program cannot use, said in the reader's language (session 38, zhleft):
a skipped row of ``user-catalog.json``, the file skipped whole, its lock held by another window, a
model's ``config.json`` that cannot be imported and a currency with no rate were English-only strings,
shown as they were in a Chinese window and on ``--lang zh_CN``."""

from __future__ import annotations

import json
import re

import pytest

from configurator import cli
from configurator.core.catalog import (
    CatalogError,
    default_overlay_path,
    load_bundled_catalog,
    load_catalog,
    overlay_lock_path,
    read_overlay,
)
from configurator.core.files import exclusive_lock
from configurator.core.messages_said import said_in

ENGLISH_WORDS = re.compile(r"\b(skipped|must|held|window|appears|unknown|top level|try again)\b")
"""English words of the problems' templates that a Chinese text must not hold."""


def _own_card(card_id: str, **changes) -> dict:
    data = load_bundled_catalog().get("l40s").model_dump(mode="json")
    data.update(id=card_id, name=f"{card_id} card", prices=[], origin="user", **changes)
    return data


BAD_FILES = {
    "bad field": {"cards": [_own_card("lab-bad", memory_gb="lots")]},
    "card twice": {"cards": [_own_card("lab-one"), _own_card("lab-one")]},
    "cards not a list": {"cards": {"id": "x"}},
    "prices not an object": {"prices": [1]},
    "unknown card's prices": {"prices": {"nosuch": []}},
    "prices not a list": {"prices": {"h100-sxm": 5}},
    "top level a list": [1, 2],
}


@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_each_problem_of_the_user_catalog_is_said_in_both_languages(tmp_path, content):
    path = tmp_path / "user-catalog.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    problems = load_catalog(path).problems
    assert problems
    for problem in problems:
        english, chinese = problem.text, problem.text_in("zh_CN")
        assert english.startswith(f"user catalog {path}") and ENGLISH_WORDS.search(english), english
        assert chinese.startswith(f"用户加速卡目录 {path}") and not ENGLISH_WORDS.search(chinese), chinese


def test_a_bad_field_names_the_card_and_field_in_chinese(tmp_path):
    path = tmp_path / "user-catalog.json"
    path.write_text(json.dumps(BAD_FILES["bad field"]), encoding="utf-8")
    (problem,) = load_catalog(path).problems
    assert "card 'lab-bad': field 'memory_gb'" in problem.text and "this card is skipped" in problem.text
    assert "卡“lab-bad”的字段“memory_gb”" in problem.text_in("zh_CN") and "已跳过这张卡" in problem.text_in("zh_CN")


def test_an_overlay_that_cannot_be_added_to_is_refused_in_both_languages(tmp_path):
    path = tmp_path / "user-catalog.json"
    path.write_text(json.dumps({"cards": {"id": "x"}}), encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        read_overlay(path)
    assert "correct or remove the file" in str(caught.value)
    assert "请先更正或删除该文件" in said_in(caught.value, "zh_CN")


def test_a_lock_held_too_long_is_said_in_both_languages(tmp_path):
    lock = tmp_path / ".user-catalog.json.lock"
    with exclusive_lock(lock), pytest.raises(OSError) as caught:
        with exclusive_lock(lock, wait_s=0.05):
            pass
    assert str(lock) in str(caught.value) and "held by another window for more than 0.05 s" in str(caught.value)
    assert said_in(caught.value, "zh_CN") == f"{lock} 已被另一个窗口占用超过 0.05 秒，请稍后重试"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_command_line_warns_in_its_language(capsys, tmp_path, language):
    path = tmp_path / "user.json"
    path.write_text(json.dumps({"prices": {"nosuch": []}}), encoding="utf-8")
    code = cli.main(["--catalog-overlay", str(path), "estimate", "--card", "h100-sxm", "--count", "8",
                     "--lang", language])
    err = capsys.readouterr().err
    assert code == 0
    words = {"en": "prices for unknown card 'nosuch' are skipped", "zh_CN": "未知卡“nosuch”的价格已跳过"}
    assert words[language] in err, err


@pytest.mark.gui
def test_the_chinese_window_says_a_skipped_row_in_chinese(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from configurator.app import i18n
    from configurator.app.main import build_main_window

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    path = default_overlay_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(BAD_FILES["bad field"]), encoding="utf-8")
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", "zh_CN")
    try:
        window = build_main_window(settings)
        qtbot.addWidget(window)
        shown = window.statusBar().currentMessage()
        assert "已跳过这张卡" in shown and "skipped" not in shown, shown
        window.controller.undo_stack.setClean()
    finally:
        i18n.install_language("en")


@pytest.mark.gui
def test_the_card_dialog_says_a_held_lock_in_chinese(chinese_window, qtbot, monkeypatch):
    from configurator.app.card_dialog import CardDialog

    monkeypatch.setattr(exclusive_lock.__wrapped__, "__defaults__", (0.05,))  # wait 50 ms, not 20 s
    path = default_overlay_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    controller = chinese_window.controller
    dialog = CardDialog(controller, controller.catalog.get("h100-sxm"))
    qtbot.addWidget(dialog)
    with exclusive_lock(overlay_lock_path(path)):  # another window is adding a card
        assert not dialog.save()
    shown = dialog.problem.text()
    assert "已被另一个窗口占用超过 0.05 秒" in shown and "held" not in shown, shown


# ---- a model's config.json that cannot be imported (the wizard's and the editor's Import) ------------

SIZES = {"num_hidden_layers": 12, "hidden_size": 768, "num_attention_heads": 12, "vocab_size": 32000}
BAD_CONFIGS = {
    "lacks sizes": ({"hidden_size": 768}, "lacks", "缺少"),
    "text as a size": ({**SIZES, "num_hidden_layers": "lots"}, "num_hidden_layers", "num_hidden_layers"),
    "text_config a number": ({"text_config": 5}, "text_config must be an object", "text_config 必须是一个对象"),
    "a list": ([1], "must hold a JSON object", "必须是一个 JSON 对象"),
    "encoder-decoder": ({**SIZES, "is_encoder_decoder": True}, "encoder-only model (this model)",
                        "编码器-解码器或仅编码器模型（该模型）"),
}


@pytest.mark.parametrize(("config", "english", "chinese"), BAD_CONFIGS.values(), ids=BAD_CONFIGS.keys())
def test_a_config_json_that_cannot_be_imported_is_said_in_both_languages(tmp_path, config, english, chinese):
    from configurator.core.architecture import ArchitectureError
    from configurator.core.hf_config import load_hf_config

    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ArchitectureError) as caught:
        load_hf_config(path)
    assert english in str(caught.value) and str(caught.value).startswith("config.json")
    said_zh = said_in(caught.value, "zh_CN")
    assert chinese in said_zh and said_zh.startswith("config.json") and not re.search(r"\bmust\b|\blacks\b", said_zh)


@pytest.mark.gui
def test_the_chinese_editor_says_why_a_config_json_is_not_imported(chinese_window, tmp_path):
    path = tmp_path / "config.json"
    path.write_text(json.dumps({**SIZES, "num_hidden_layers": "lots"}), encoding="utf-8")
    assert not chinese_window.editor.import_config(path)
    shown = chinese_window.editor.error_label.text()
    assert shown.startswith("config.json：") and "num_hidden_layers" in shown and "must" not in shown, shown


# ---- a currency the program cannot convert to --------------------------------------------------------


def test_a_rate_for_the_price_files_currency_is_refused_in_both_languages(llama8b):
    from configurator.core.currency import CurrencyError, with_currency
    from configurator.core.scenario import Scenario

    with pytest.raises(CurrencyError) as caught:
        with_currency(Scenario(model=llama8b, card_id="h100-sxm", count=8), "USD", 7.0)
    assert str(caught.value) == "USD is the price file's currency: its rate is 1, not 7"
    assert said_in(caught.value, "zh_CN") == "USD 是价格文件的货币：其汇率为 1，而不是 7"


@pytest.mark.gui
def test_the_chinese_window_refuses_a_dollar_rate_in_chinese(chinese_window):
    controller = chinese_window.controller
    assert controller.apply("economics.currency", "USD")
    said = []
    controller.error_changed.connect(said.append)
    assert not controller.apply("economics.usd_to_currency", 7.0)
    assert said and "价格文件的货币" in said[-1] and "currency" not in said[-1], said


# ---- a layout the scenario cannot take (the editor's refusal) -----------------------------------------


def test_a_layout_the_cards_cannot_take_is_said_in_both_languages(llama8b):
    from pydantic import ValidationError

    from configurator.core.bounds import error_line_message
    from configurator.core.scenario import Scenario

    with pytest.raises(ValidationError) as caught:
        Scenario(model=llama8b, card_id="h100-sxm", count=8, parallelism={"tp": 3})
    said = error_line_message(caught.value, Scenario)
    assert said.text == ("8 cards cannot be split into tensor-parallel 3 × pipeline-parallel 1 groups (the product "
                         "must divide the card count)")
    assert said.text_in("zh_CN") == "8 张卡无法分成张量并行 3 × 流水线并行 1 的组（乘积必须整除卡数）"


@pytest.mark.gui
def test_the_chinese_window_refuses_a_layout_in_chinese(chinese_window):
    controller = chinese_window.controller
    said = []
    controller.error_changed.connect(said.append)
    assert not controller.apply_many({"auto_layout": (), "count": 8, "parallelism.tp": 3})
    assert said and "张卡无法分成" in said[-1] and "cannot" not in said[-1], said


@pytest.mark.gui
def test_the_chinese_card_dialog_refuses_an_id_in_chinese(chinese_window, qtbot):
    from configurator.app.card_dialog import CardDialog

    controller = chinese_window.controller
    dialog = CardDialog(controller, controller.catalog.get("h100-sxm"))
    qtbot.addWidget(dialog)
    dialog.id.setText("My Card")
    assert not dialog.save()
    shown = dialog.problem.text()
    assert "编号必须是小写短名" in shown and "must" not in shown, shown
