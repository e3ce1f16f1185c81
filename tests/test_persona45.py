"""Session 45 personas: a procurement officer, an ML engineer and a graphics buyer typing as they do.

- ``--params 70B`` built its own shape (71 heads, no grouped-query attention: tensor parallel 2, 4 or 8
  cannot split it) while the wizard and ``what-fits`` answered the same size with Llama 3 70B; serving it
  on 8 × Ascend 910B was planned as TP 1 · PP 4 at 116 ms per token, Llama 3 70B TP 8 at about 21 ms.
- ``--model 70b`` listed the presets without saying that a size is given with ``--params``.
- ``--card h2o`` (the letter O for a zero) found nothing; ``--card A100`` offered the A10 first.
- ``--budget 0`` was refused with the range "1 to 1e12 [currency]", the placeholder, not the currency.
"""

from __future__ import annotations

import json

import pytest

from configurator import cli
from configurator.core.model_size import model_for_size


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_typed_size_is_the_preset_the_wizard_takes_and_says_so(capsys):
    code, out, err = _run(capsys, "estimate", "--json", "--workload", "inference", "--params", "70B",
                          "--card", "ascend-910b", "--count", "8", "--concurrency", "1")
    model = json.loads(out)["scenario"]["model"]
    assert code == 0 and model == model_for_size(70e9).model.model_dump(mode="json")
    assert (model["hidden"], model["n_heads"], model["n_kv_heads"]) == (8192, 64, 8)  # Llama 3 70B
    assert "--params 70B: uses Llama 3 70B (preset llama3-70b, 70.6 B parameters)" in err
    assert json.loads(out)["layout"]["tp"] == 8  # was TP 1 · PP 4: 71 heads split no other way


def test_the_size_note_is_said_in_chinese(capsys):
    code, _, err = _run(capsys, "estimate", "--params", "70B", "--lang", "zh_CN")
    assert code == 0 and "--params 70B：采用 Llama 3 70B（预设 llama3-70b，70.6 B 参数）" in err


def test_a_size_no_preset_is_near_is_the_splittable_shape_without_a_note(capsys):
    code, out, err = _run(capsys, "estimate", "--json", "--params", "20B")
    model = json.loads(out)["scenario"]["model"]
    assert code == 0 and err == ""
    assert model["n_heads"] % 8 == 0 and model["n_kv_heads"] == 8 and model["n_layers"] % 4 == 0


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "--model: '70b' is a size, not a model preset: give it as --params 70b"),
    ("zh_CN", "--model：'70b' 是规模而不是模型预设：请写成 --params 70b"),
])
def test_a_size_given_as_a_model_points_to_params(capsys, lang, said):
    code, _, err = _run(capsys, "estimate", "--model", "70b", "--lang", lang)
    assert code != 0 and said in err


def test_a_preset_id_is_still_a_preset(capsys):
    code, out, _ = _run(capsys, "estimate", "--json", "--model", "qwen2.5-72b")
    assert code == 0 and json.loads(out)["scenario"]["model"]["n_layers"] == 80


@pytest.mark.parametrize(("typed", "first"), [
    ("h2o", "h20"), ("l4o", "l40"), ("mi3oox", "mi300x"), ("A100", "a100-sxm-40gb"), ("910b", "ascend-910b"),
])
def test_a_mistyped_card_is_answered_with_the_card_meant(capsys, typed, first):
    code, _, err = _run(capsys, "estimate", "--card", typed)
    assert code != 0 and f"Did you mean: {first}" in err


def test_the_a10_is_still_offered_after_the_a100s(capsys):
    code, _, err = _run(capsys, "recommend", "--cards", "A100")
    assert code != 0 and err.rstrip().endswith("a100-pcie-80gb, a10?")


@pytest.mark.parametrize(("argv", "said"), [
    (("--budget", "0"), "--budget: 0 is outside the range 1 to 10¹² [USD]"),
    # a bare amount is read in the question's currency, never the language's (same49): USD here, as in English
    (("--budget", "0", "--lang", "zh_CN"), "--budget：0 超出范围 1 至 10¹² [USD]"),
    (("--budget", "0", "--lang", "zh_CN", "--region", "cn"), "--budget：0 超出范围 1 至 10¹² [CNY]"),
    (("--region", "cn", "--budget", "0万元"), "--budget: 0 is outside the range 1 to 10¹² [CNY]"),
    (("--electricity=-1",), "--electricity: -1 is outside the range 0 to 1,000,000 [USD/kWh]"),
])
def test_an_amount_out_of_range_names_the_currency(capsys, argv, said):
    code, _, err = _run(capsys, "recommend", "--workload", "inference", *argv)
    assert code != 0 and said in err and "[currency" not in err


@pytest.mark.gui
def test_the_editors_size_box_takes_the_same_model(qtbot, window):
    window.editor.params_spin.setValue(70.0)
    assert window.controller.scenario.model == model_for_size(70e9).model


@pytest.mark.parametrize("command", ["estimate", "report"])
def test_an_answers_json_is_read_back_as_the_scenario_it_answers(capsys, tmp_path, command):
    """An engineer keeps ``estimate --json`` (or a summary's .json) and gives it back as --scenario:
    it was "not a GPU Configurator scenario file", and the command line writes no other scenario file."""
    asked = ("--workload", "inference", "--model", "qwen2.5-72b", "--card", "h20", "--count", "8",
             "--concurrency", "100", "--region", "cn", "--budget", "200万元")
    kept = tmp_path / "answer.json"
    if command == "estimate":
        code, out, _ = _run(capsys, "estimate", "--json", *asked)
        kept.write_text(out, encoding="utf-8")
    else:
        code, _, _ = _run(capsys, "report", *asked, "-o", str(kept))
    first = json.loads(_run(capsys, "estimate", "--json", *asked)[1])
    code, out, err = _run(capsys, "estimate", "--json", "--currency", "CNY", "--scenario", str(kept))
    again = json.loads(out)
    assert code == 0 and "the scenario it answers is read from it" in err
    assert again["scenario"] == first["scenario"] and again["layout"] == first["layout"]
    assert again["bom"]["capex"] == pytest.approx(first["bom"]["capex"])


def test_other_json_is_still_not_a_scenario(capsys, tmp_path):
    other = tmp_path / "other.json"
    other.write_text('{"scenario": {"schema_version": 4}}', encoding="utf-8")
    code, _, err = _run(capsys, "estimate", "--scenario", str(other))
    assert code != 0 and "not a GPU Configurator scenario file" in err


def test_the_window_opens_scenario_files_only(tmp_path):
    """The window keeps the file it opened for Save, which would write a scenario over the answer: an
    answer's JSON is read back on the command line only."""
    from configurator.core.architecture import preset
    from configurator.core.scenario import Scenario
    from configurator.core.scenario_io import ScenarioFileError, read_scenario

    scenario = Scenario(model=preset("llama3-8b"), card_id="l2", count=2)
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"card": {}, "scenario": scenario.model_dump(mode="json")}), encoding="utf-8")
    with pytest.raises(ScenarioFileError):
        read_scenario(answer)
    assert read_scenario(answer, answers=True) == scenario


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "without the cards (L2 24GB (China SKU) has no price: enter a quote): over budget by at least"),
    ("zh_CN", "不含加速卡的资本支出至少"),
])
def test_a_budget_missed_without_the_cards_says_the_cards_are_not_counted(capsys, lang, said):
    """256 × L20 (no card price) below a 1000万元 line read "Capex at least 12,335,215 CNY (bill lines without a
    price: 1)": the servers alone, the cards themselves the line without a price, not said."""
    code, out, _ = _run(capsys, "recommend", "--workload", "inference", "--model", "qwen3-235b-a22b",
                        "--concurrency", "500", "--region", "cn", "--budget", "1000万元", "--cards", "l2",
                        "--lang", lang)
    assert code == 0 and said in out
    assert "bill lines without a price" not in out and "项无价格" not in out


def test_a_budget_missed_with_a_server_unpriced_still_counts_the_lines():
    from configurator.core.messages import msg

    text = msg("over-budget-partly-priced", cost=1e6, over=1e5, share=0.1, unpriced=1, budget=9e5,
               currency="CNY").text
    assert "bill lines without a price: 1" in text


@pytest.mark.gui
def test_the_chinese_money_boxes_write_yuan_as_the_pages_do(qtbot, window):
    """The editor read '0.630 CNY/kWh' beside the summary's '电价 0.630 元/kWh' (persona45 screenshots)."""
    assert window.controller.apply_many({"economics.currency": "CNY", "economics.usd_to_currency": 7.1})
    window.set_language("zh_CN")
    try:
        editor = window.editor
        assert editor.electricity.suffix() == " 元/kWh" and editor.card_price.suffix() == " 元"
        assert editor.cloud_price.suffix() == " 元/小时"
    finally:
        window.set_language("en")
    assert window.editor.electricity.suffix().endswith("/kWh") and "元" not in window.editor.electricity.suffix()
