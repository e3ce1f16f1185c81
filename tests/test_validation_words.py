"""A value the models refuse is said in our words in both languages (session 39, zhrest): a
scenario file with a bad field, a config.json with a wrong type, a user's card with a bad memory
size — never pydantic's English ("Input should be a valid integer") inside a Chinese sentence; in
the window, a Chinese message names a scenario field by its label too ("卡数（count）")."""

from __future__ import annotations

import json

import pytest

from configurator.core.architecture import ArchitectureError, preset
from configurator.core.bounds import KIND_MESSAGES
from configurator.core.catalog import load_bundled_catalog, load_catalog
from configurator.core.hf_config import load_hf_config
from configurator.core.messages import CATALOGUES
from configurator.core.scenario import Scenario
from configurator.core.scenario_io import ScenarioFileError, read_scenario, scenario_to_document
from configurator.core.scenario_salvage import salvage_scenario

PYDANTIC = ("Input should", "Field required", "Extra inputs", "valid integer", "greater than")
LANGUAGES = ("en", "zh_CN")

BAD_FIELDS = {  # (section or None, field, value) -> what each language says of it
    "text count": (None, "count", "eight", ('the text "eight" is not a whole number', "文本“eight” 不是整数")),
    "unknown workload": (None, "workload", "juggling", ('is not one of the values this field takes: "pretrain"',
                                                        "不是此字段可取的值：\"pretrain\"")),
    "unknown field": (None, "colour", "red", ("not a field this version knows", "此版本没有这一字段")),
    "text PUE": ("economics", "pue", "high", ('the text "high" is not a number', "文本“high” 不是数字")),
    "half a micro-batch": ("training", "micro_batch", 1.5, ("1.5 is not a whole number", "1.5 不是整数")),
    "number as name": (None, "name", 5, ("5 is not a text", "5 不是文本")),
    "section not an object": (None, "economics", 3, ("3 is not a group of fields", "3 不是一组字段")),
}


def _said(error: BaseException, language: str) -> str:
    return (getattr(error, "said", None) or getattr(error, "message")).text_in(language)


def _bad_file(tmp_path, section, field, value):
    document = scenario_to_document(Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8))
    (document["scenario"][section] if section else document["scenario"])[field] = value
    path = tmp_path / "bad.gpuconf.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize("case", BAD_FIELDS, ids=list(BAD_FIELDS))
def test_a_scenario_file_with_a_bad_field_is_refused_in_our_words(tmp_path, case):
    section, field, value, expected = BAD_FIELDS[case]
    with pytest.raises(ScenarioFileError) as caught:
        read_scenario(_bad_file(tmp_path, section, field, value))
    for language, words in zip(LANGUAGES, expected):
        text = _said(caught.value, language)
        assert words in text and not any(p in text for p in PYDANTIC), text
        assert field in text  # where: the path, as the file writes it


def test_every_kind_is_said_in_both_languages():
    for message_id in {*KIND_MESSAGES.values(), "field-not-a-choice-here", "field-named"}:
        assert message_id in CATALOGUES["en"] and message_id in CATALOGUES["zh_CN"]
        assert CATALOGUES["en"][message_id] != CATALOGUES["zh_CN"][message_id]


def test_a_range_problem_outside_a_known_field_states_its_own_bound():
    from pydantic import BaseModel, Field, ValidationError

    from configurator.core.bounds import error_message

    class Inner(BaseModel):
        x: int = Field(gt=0)

    class Outer(BaseModel):  # the root a message is read against, without the inner field
        y: int = 0

    with pytest.raises(ValidationError) as caught:
        Inner.model_validate({"x": -2})
    _loc, message = error_message(caught.value, Outer)
    assert message.text == "-2 is outside the range above 0" and message.text_in("zh_CN") == "-2 超出范围大于 0"


@pytest.mark.parametrize("key, value, words", [
    ("hidden_size", "big", ("hidden_size must be a whole number", "hidden_size 必须是整数")),
    ("rope_theta", "x", ('rope_theta must be a number, not the text "x"', "rope_theta 必须是数字，而不是文本“x”")),
])
def test_a_config_json_with_a_wrong_type_is_refused_in_our_words(tmp_path, key, value, words):
    config = {"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
              "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256, key: value}
    folder = tmp_path / "my-model"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ArchitectureError) as caught:
        load_hf_config(folder / "config.json")
    for language, expected in zip(LANGUAGES, words):
        text = _said(caught.value, language)
        assert expected in text and not any(p in text for p in PYDANTIC), text


@pytest.mark.parametrize("memory, words", [
    (-1, ("-1 is outside the range", "-1 超出范围")),
    ("80", ('the text "80" is not a number', "文本“80” 不是数字")),
])
def test_a_users_card_with_a_bad_memory_is_skipped_in_our_words(tmp_path, memory, words):
    card = json.loads(load_bundled_catalog().get("h100-sxm").model_dump_json())
    card.update(id="my-card", name="My card", memory_gb=memory, prices=[])
    path = tmp_path / "user_catalog.json"
    path.write_text(json.dumps({"cards": [card], "prices": {}}), encoding="utf-8")
    problems = load_catalog(path).problems
    assert len(problems) == 1
    for language, expected in zip(LANGUAGES, words):
        text = problems[0].text_in(language)
        assert expected in text and "memory_gb" in text and not any(p in text for p in PYDANTIC), text


def test_a_damaged_autosave_says_why_in_the_readers_language():
    salvage = salvage_scenario(b'{"format": "gpu-configurator-scenario", "version": 1, "scenario": {"name": "x"}}')
    assert salvage.scenario is None and salvage.reason == "invalid"
    assert salvage.detail.text == "model: not given; it is required"
    assert salvage.detail.text_in("zh_CN") == "model：未给出；此项为必填"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_window_names_the_field_by_its_label_in_chinese(qtbot, tmp_path, language):
    from configurator.app.i18n import install_language

    install_language(language)
    with pytest.raises(ScenarioFileError) as caught:
        read_scenario(_bad_file(tmp_path, None, "count", "eight"))
    text = _said(caught.value, language)
    if language == "zh_CN":
        assert text == "场景文件：卡数（count）：文本“eight” 不是整数"
    else:
        assert text == 'scenario file: count: the text "eight" is not a whole number'  # the path, as typed
    assert caught.value.said.to_dict()["params"]["problem"]["params"]["where"] == "count"  # JSON: the path
