"""Issue 24 part 8, the smaller defects: names the command line does not know are refused,
'--flag=--' and junk values are one line (never a traceback), the "faster option" reason is true,
counts are grouped by thousands, a missing bundled file is an installation error, a name keeps a
table's rows on one line each, pattern fields say what they take, a scenario name is bounded,
and the command line's refusals are said in Chinese with ``--lang zh_CN``."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from configurator import cli
from configurator.core import resources
from configurator.core.architecture import load_presets, preset
from configurator.core.catalog import CARD_CLASSES, load_bundled_catalog
from configurator.core.message_numbers import fraction_param
from configurator.core.messages import msg
from configurator.core.recommend import Objective, fastest_option, recommend
from configurator.core.scenario import MAX_NAME_CHARS, Scenario
from configurator.core.scenario_io import ScenarioFileError, read_scenario, scenario_to_document

CATALOG = load_bundled_catalog()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err


# ---- 1. unknown names are refused, naming the valid values -----------------------------------------


def test_an_unknown_card_class_is_refused_with_the_classes(capsys):
    """Was: "No card meets the scenario's constraints." and exit 0."""
    code, out, err = run(capsys, "recommend", "--classes", "trainig")
    assert code == 2 and out == ""
    assert one_line(err)
    assert "--classes: unknown card class 'trainig' (did you mean 'training'?); choose from " in err
    assert ", ".join(CARD_CLASSES) in err


@pytest.mark.parametrize(("argv", "says"), [
    (["recommend", "--classes", "inference,gaming"], "unknown card class 'gaming'"),
    (["recommend", "--classes", ","], "--classes: name at least one; choose from training"),
    (["recommend", "--classes="], "--classes: name at least one"),
    (["recommend", "--vendor", "nvidai"], "no card in the catalog is made by 'nvidai' (did you mean 'NVIDIA'?)"),
    (["recommend", "--software", "vlm"], "--software: unknown framework 'vlm' (did you mean 'vllm'?)"),
    (["recommend", "--region", "mars"], "argument --region: invalid choice: 'mars'"),
    (["estimate", "--model", "llama3-8"], "unknown model preset 'llama3-8' (did you mean 'llama3-8b'?); presets: "),
    (["estimate", "--workload", "interference"], "invalid choice: 'interference' (did you mean 'inference'?); choose from"),
    (["what-fits", "--owned", "l40s:8", "--tasks", "lora,trainig"], "--tasks: unknown task 'trainig'"),
    (["what-fits", "--owned", "l40s:8", "--tasks="], "--tasks: name at least one; choose from pretrain"),
    (["what-fits", "--owned", "l40s:8", "--models="], "--models: name at least one model preset"),
])
def test_unknown_names_are_refused_in_one_line(capsys, argv, says):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and one_line(err) and says in err, err


def test_known_names_are_taken_as_the_catalog_spells_them(capsys):
    """'nvidia' is NVIDIA; 'Inference' is the inference class."""
    code, out, _ = run(capsys, "recommend", "--workload", "inference", "--vendor", "nvidia", "--classes",
                       "Inference", "--limit", "3", "--json")
    assert code == 0
    ranked = json.loads(out)["ranked"]
    assert ranked and all(CATALOG.get(r["card"]["id"]).vendor == "NVIDIA" for r in ranked)
    assert all(CATALOG.get(r["card"]["id"]).category == "inference" for r in ranked)


# ---- 2. '--flag=--' and junk: one line, never a traceback ------------------------------------------


def _options(command: str) -> list[str]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices[command]
    if command == "catalog":
        sub = next(a for a in sub._actions if a.dest == "catalog_command").choices["list"]
    return [a.option_strings[-1] for a in sub._actions if a.option_strings and a.nargs is None]


@pytest.mark.parametrize("command", ["estimate", "recommend", "plan", "report", "what-fits", "catalog"])
def test_a_double_dash_as_a_value_is_refused_for_every_flag(capsys, command):
    """Was: ``--global-batch=--`` crashed with a TypeError (argparse gave the flag an empty list)."""
    head = {"catalog": ["catalog", "list"]}.get(command, [command])
    for flag in _options(command):
        code, out, err = run(capsys, *head, f"{flag}=--")
        assert code == 2 and out == "" and one_line(err), (flag, err)
        assert f"argument {flag}: '--' is not a value" in err or f"argument -o/{flag}" in err, (flag, err)


@pytest.mark.parametrize("junk", ["abc", "", "1e999", "-1", "--", "nan"])
def test_junk_in_every_flag_of_estimate_is_one_line(capsys, junk):
    """Every value is either taken (exit 0) or refused in one line (exit 2)."""
    for flag in _options("estimate"):
        code, _, err = run(capsys, "estimate", f"{flag}={junk}")
        assert code in (0, 2) and "Traceback" not in err, (flag, junk, err)
        if code == 2:
            assert one_line(err) and err.startswith("gpu-configurator: error: "), (flag, junk, err)


# ---- 3. the fastest-option reason is true ----------------------------------------------------------------


def test_the_fastest_option_reason_names_the_recommendations_time_not_zero_hours():
    """Was: "With a deadline under 0 h, 1 × Instinct MI355X would win" for a job the winner does in
    57 min: a deadline under the fastest option's own time rules out every option. Now: the fastest
    option's time and the recommendation's, and that a deadline under the latter changes the answer."""
    from configurator.core.recommend_filters import Filters

    scenario = Scenario(model=preset("llama3-8b"), workload="lora", card_id="l40s", count=1,
                        training={"tokens": 1e7})
    # data-centre cards only: since session 44 one workstation board in a deskside workstation (its price
    # unknown, ranked on its card) ranks first, and nothing within twice its cost is faster
    result = recommend(scenario, CATALOG, Objective.TCO, Filters(classes=("training", "inference")), limit=1000)
    best = result.ranked[0]
    fastest = fastest_option(best, result.ranked, Objective.TCO)  # at most twice the first's cost
    assert fastest is not None and best.speed_figure < 1  # under an hour: said in minutes
    reason = next(m for m in best.reasons if m.id.startswith("reason-deadline-changes"))
    assert reason.id == "reason-deadline-changes-minutes"
    assert reason.params["chosen_minutes"] == pytest.approx(best.speed_figure * 60, rel=5e-3)
    assert reason.params["minutes"] == pytest.approx(fastest.speed_figure * 60, rel=5e-3)
    assert 0 < reason.params["minutes"] < reason.params["chosen_minutes"]
    for language in ("en", "zh_CN"):
        text = reason.text_in(language)
        assert not re.search(r"(?<![\d.])0 (h|min|小时|分钟)", text), text  # "13.0 min" is not zero
    written = format(fraction_param(reason.params["chosen_minutes"]), "sig")  # three digits, as the tables
    assert f"a deadline under {written} min changes the answer" in reason.text


def test_a_long_job_is_said_in_days_with_three_digits():
    """Above 48 h in days, as the deadline messages (messages.DAYS_ABOVE_HOURS: one rule); a day's
    job in hours."""
    from configurator.core.workloads.base import deadline_alternative

    said = deadline_alternative(1234.5, CATALOG.get("h100-sxm"), 1024, 20_000.4)
    assert said.id == "reason-deadline-changes-days"
    assert said.params["days"] == pytest.approx(1234.5 / 24) and said.params["chosen_days"] == pytest.approx(20_000.4 / 24)
    assert said.text.startswith("The fastest option at up to twice the first's cost, 1,024 × H100")
    assert "takes 51.4 days (the recommendation 833 days): a deadline under 833 days changes the answer" in said.text
    hours = deadline_alternative(12.34, CATALOG.get("h100-sxm"), 1024, 30.04)
    # three significant digits as the tables write 30.04 h ("30 h" was the {x:,g} of a rounded figure)
    assert hours.id == "reason-deadline-changes" and "a deadline under 30.0 h changes the answer" in hours.text


# ---- 4. counts are grouped by thousands, in both languages -----------------------------------------


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_card_counts_in_headings_are_grouped(capsys, language):
    """Was: "100000 × H100 SXM5 80GB" in the estimate's and the plan's headings."""
    argv = ["--card", "h100-sxm", "--count", "100000", "--workload", "finetune", "--tokens", "1T", "--lang", language]
    for command in ("estimate", "plan"):
        code, out, _ = run(capsys, command, *argv)
        assert code == 0
        assert "100,000 × H100" in out.splitlines()[0], out.splitlines()[0]  # the heading names the work first
        assert "100000" not in out


def test_a_count_in_a_message_is_grouped_unless_the_template_formats_it():
    message = msg("misses-users", count=100_000, served=10.0, demand=20.0, needed=250_000)
    assert message.text.startswith("100,000 cards serve")
    assert message.text_in("zh_CN").startswith("100,000 张卡")
    assert msg("reason-comm-bound", card="H100", share=25).text == msg("reason-comm-bound", card="H100",
                                                                       share=25.0).text
    assert message.to_dict()["params"]["count"] == 100_000  # the JSON keeps the number


# ---- 5. a missing bundled file is an installation error --------------------------------------------------


@pytest.fixture
def without_models_json(tmp_path, monkeypatch):
    """An installation whose resources/models.json is gone (everything else in place)."""
    root = tmp_path / "install"
    (root / "resources").mkdir(parents=True)
    source = Path(resources._SOURCE_ROOT)
    os.symlink(source / "catalog.json", root / "catalog.json")
    for entry in (source / "resources").iterdir():
        if entry.name != "models.json":
            os.symlink(entry, root / "resources" / entry.name)
    monkeypatch.setattr(resources, "_WHEEL_DATA", root)
    monkeypatch.setattr(resources, "_SOURCE_ROOT", root)
    load_presets.cache_clear()
    yield root
    load_presets.cache_clear()


@pytest.mark.parametrize("argv", [["catalog", "models"], ["estimate"], ["report", "-o", "summary.md"]])
def test_a_missing_bundled_file_is_an_installation_error(capsys, without_models_json, tmp_path, argv, monkeypatch):
    """Was: "cannot write the output: bundled file 'resources/models.json' is missing …" (exit 1):
    every FileNotFoundError was taken for a failed write."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and one_line(err)
    assert "cannot write" not in err
    assert err.startswith("gpu-configurator: error: the installation is incomplete: the bundled file "
                          "resources/models.json is missing")
    assert "reinstall gpu-configurator" in err
    assert not (tmp_path / "summary.md").exists()


def test_a_missing_bundled_file_is_said_in_chinese(capsys, without_models_json):
    code, _, err = run(capsys, "estimate", "--lang", "zh_CN")
    assert code == 2 and "安装不完整" in err and "resources/models.json" in err


# ---- 6. a name never adds a line to a table ---------------------------------------------------------------


@pytest.fixture
def overlay(tmp_path):
    def make(name: str) -> str:
        raw = CATALOG.get("l40s").model_dump(mode="json")
        path = tmp_path / f"user-{len(name)}-{abs(hash(name))}.json"
        path.write_text(json.dumps({"cards": [{**raw, "id": "my-card", "name": name}]}), encoding="utf-8")
        return str(path)
    return make


@pytest.mark.parametrize("argv", [
    ["catalog", "list", "--class", "inference"],
    ["catalog", "show", "my-card"],
    ["estimate", "--card", "my-card", "--count", "2", "--workload", "inference"],
    ["recommend", "--workload", "inference", "--classes", "inference", "--limit", "40"],
    ["plan", "--card", "my-card", "--count", "2", "--workload", "finetune"],
    ["what-fits", "--owned", "my-card:2", "--tasks", "inference", "--models", "8B"],
])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_line_break_in_a_cards_name_adds_no_line(capsys, overlay, argv, language):
    """A user card named "My\\nTwo\\r\\nLine card" prints on as many lines as one named
    "My Two Line card": every cell, heading and reason is one line."""
    broken = overlay("My\nTwo\r\nLine\x0bcard")
    plain = overlay("My Two Line card")
    code, out, _ = run(capsys, "--catalog-overlay", broken, *argv, "--lang", language)
    assert code == 0
    code, expected, _ = run(capsys, "--catalog-overlay", plain, *argv, "--lang", language)
    assert code == 0
    assert out.count("\n") == expected.count("\n")
    assert "My Two Line card" in out


# ---- 8. fields with a pattern say what they take ---------------------------------------------------------


@pytest.mark.parametrize(("argv", "says"), [
    (["estimate", "--currency", "yuan"], "--currency: 'yuan' is not a currency code: three capital letters (ISO 4217)"),
    (["estimate", "--currency", "EURO"], "'EURO' is not a currency code"),
])
def test_a_currency_code_is_refused_in_words(capsys, argv, says):
    """Was: "String should match pattern '^[A-Z]{3}$'"."""
    code, _, err = run(capsys, *argv)
    assert code == 2 and one_line(err) and says in err and "pattern" not in err


def test_a_catalog_date_is_refused_in_words(capsys, tmp_path):
    """A user card whose price is dated 2025/01: the skipped card's warning says the form."""
    raw = CATALOG.get("l40s").model_dump(mode="json")
    raw["prices"] = [{**raw["prices"][0], "date": "2025/01"}]
    path = tmp_path / "user.json"
    path.write_text(json.dumps({"cards": [{**raw, "id": "my-card"}]}), encoding="utf-8")
    run(capsys, "--catalog-overlay", str(path), "catalog", "list")
    code, _, err = run(capsys, "--catalog-overlay", str(path), "catalog", "list")
    assert code == 0
    assert "'2025/01' is not a date: write it year first, as YYYY-MM-DD, YYYY-MM or YYYY" in err
    assert "pattern" not in err


def test_every_pattern_the_models_declare_is_said_in_words():
    """A new ``Field(pattern=…)`` needs its words in core/bounds.py (PATTERN_MESSAGES)."""
    from pydantic import BaseModel

    from configurator.core import catalog as catalog_module
    from configurator.core import scenario as scenario_module
    from configurator.core.bounds import PATTERN_MESSAGES

    patterns = set()
    for module in (catalog_module, scenario_module):
        for model in vars(module).values():
            if isinstance(model, type) and issubclass(model, BaseModel):
                for info in model.model_fields.values():
                    patterns |= {m.pattern for m in info.metadata if getattr(m, "pattern", None)}
    assert patterns and patterns <= set(PATTERN_MESSAGES)


# ---- 9. the scenario name is bounded in the model ----------------------------------------------------------


def test_a_name_longer_than_the_bound_is_refused_on_the_command_line(capsys):
    code, _, err = run(capsys, "estimate", "--name", "x" * (MAX_NAME_CHARS + 1))
    assert code == 2 and one_line(err)
    assert f"--name: {MAX_NAME_CHARS + 1} characters, more than the {MAX_NAME_CHARS} this field takes" in err
    with pytest.raises(ValueError):
        Scenario(model=preset("llama3-8b"), name="x" * (MAX_NAME_CHARS + 1))
    assert Scenario(model=preset("llama3-8b"), name="x" * MAX_NAME_CHARS).name == "x" * MAX_NAME_CHARS


def test_an_old_file_with_a_longer_name_still_opens_with_the_name_cut_and_a_note(tmp_path, capsys):
    """Refusing it would lock the buyer out of the work in the file over a title; the name is cut
    to the bound and the command line says so."""
    document = scenario_to_document(Scenario(model=preset("llama3-8b"), count=8))
    document["scenario"]["name"] = "N" * 250
    path = tmp_path / "old.gpuconf.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    notes = []
    scenario = read_scenario(path, notes)
    assert scenario.name == "N" * MAX_NAME_CHARS and scenario.count == 8
    assert [n.id for n in notes] == ["scenario-name-shortened"] and notes[0].params["length"] == 250
    code, out, err = run(capsys, "estimate", "--scenario", str(path))
    assert code == 0 and out
    assert "warning: The scenario's name has 250 characters, more than the 200 a name may have" in err
    code, _, err = run(capsys, "estimate", "--scenario", str(path), "--lang", "zh_CN")
    assert "警告：场景名称有 250 个字符" in err


def test_a_file_that_is_not_a_scenario_is_still_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(ScenarioFileError, match="not a GPU Configurator scenario file"):
        read_scenario(path)


# ---- 11. the command line's refusals in Chinese -----------------------------------------------------------


def _quotes(tmp_path: Path, text: str) -> str:
    path = tmp_path / "quotes.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("make_argv", "english", "chinese"), [
    (lambda tmp: ["recommend", "--classes", "trainig"], "unknown card class", "未知的卡类别"),
    (lambda tmp: ["estimate", "--card", "nosuchcard"], "unknown card 'nosuchcard'", "未知的卡 'nosuchcard'"),
    (lambda tmp: ["estimate", "--count", "0"], "--count: 0 is outside the range 1 to 1,000,000",
     "--count：0 超出范围 1 至 1,000,000"),
    (lambda tmp: ["estimate", "--scenario", str(tmp / "missing.gpuconf.json")], "No such file or directory",
     "文件不存在"),
    (lambda tmp: ["estimate", "--scenario", str(tmp)], "it is a folder, not a file", "它是文件夹，不是文件"),
    (lambda tmp: ["estimate", "--quotes", _quotes(tmp, "")], "no quotes in the file (it is empty)",
     "文件中没有报价（文件为空）"),
    (lambda tmp: ["estimate", "--quotes", _quotes(tmp, "item,unit_price,currency,date,vendor\n")],
     "no quotes in the file (only a header)", "文件中没有报价（只有表头）"),
    (lambda tmp: ["estimate", "--quotes", _quotes(tmp, "item,unit_price\n")], "the header must name",
     "表头必须包含"),
    (lambda tmp: ["estimate", "--quotes", _quotes(tmp, "item,unit_price,currency,date,vendor\nh100-sxm,abc,USD,"
                                                       "2026-01-15,x\n")],
     "row 2, column B (unit_price): 'abc' is not an amount", "第 2 行第 B 列（unit_price）：'abc' 不是用数字"),
    (lambda tmp: ["recommend", "--global-batch=--"], "'--' is not a value", "'--' 不是取值"),
    (lambda tmp: ["estimate", "--currency", "yuan"], "is not a currency code", "不是货币代码"),
    (lambda tmp: ["recommend", "--limit", "0"], "--limit: between 1 and 10,000, not 0", "应在 1 到 10,000 之间"),
    # argparse's own refusals and the argument types' (were English whatever --lang said)
    (lambda tmp: ["estimate", "--global-batch", "abc"], "argument --global-batch: 'abc' is not a number",
     "参数 --global-batch：'abc' 不是数字"),
    (lambda tmp: ["recommend", "--deadline", "soon"], "'soon' is not a duration (examples: 30min, 720h, 90d, 6w, 3mo)",
     "'soon' 不是时长"),
    (lambda tmp: ["recommend", "--deadline", "-1h"], "argument --deadline: a value is missing after it (a value "
     "that starts with '-' is written --deadline=-1h)", "参数 --deadline：其后缺少取值"),
    (lambda tmp: ["estimate", "--count", "1,000.5"], "argument --count: '1,000.5' is not a whole number",
     "参数 --count：'1,000.5' 不是整数"),
    (lambda tmp: ["estimate", "--pue", "high"], "argument --pue: 'high' is not a number", "参数 --pue：'high' 不是数字"),
    (lambda tmp: ["estimate", "--tp", "x"], "'x' is neither 'auto' nor a valid value", "既不是 'auto' 也不是有效取值"),
    (lambda tmp: ["estimate", "--offload", "gpu"], "'gpu': choose from optimizer", "'gpu'：可选 optimizer"),
    (lambda tmp: ["estimate", "--workload", "x"], "argument --workload: invalid choice: 'x'; choose from pretrain",
     "参数 --workload：无效的选项 'x'；可选：pretrain"),
    (lambda tmp: ["estimate", "--model", "nope"], "unknown model preset 'nope'", "未知的模型预设 'nope'"),
    (lambda tmp: ["estimate", "--no-such-flag"], "unrecognized arguments: --no-such-flag", "无法识别的参数：--no-such-flag"),
    (lambda tmp: ["report"], "the following arguments are required: -o/--output", "缺少必需的参数：-o/--output"),
])
def test_refusals_are_said_in_the_language_asked_for(capsys, tmp_path, make_argv, english, chinese):
    argv = make_argv(tmp_path)
    code, _, err = run(capsys, *argv)
    assert code == 2 and one_line(err) and err.startswith("gpu-configurator: error: ") and english in err, err
    code, _, err = run(capsys, *argv, "--lang", "zh_CN")
    assert code == 2 and one_line(err) and err.startswith("gpu-configurator：错误：") and chinese in err, err
    assert english not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_in_chinese(capsys, tmp_path):
    fifo = tmp_path / "quotes.csv"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "estimate", "--quotes", str(fifo), "--lang", "zh_CN")
    assert code == 2 and "--quotes：无法读取" in err and "它是命名管道（FIFO），不是文件" in err


def test_the_language_is_found_even_when_the_arguments_do_not_parse(capsys):
    code, _, err = run(capsys, "estimate", "--lang", "zh_CN", "--count", "many")
    assert code == 2 and err.startswith("gpu-configurator：错误：")


@pytest.mark.parametrize("category", CARD_CLASSES)
def test_a_cards_class_reads_as_english(category):
    """Was: "T4 is a inference card" (the article fixed before any class)."""
    for message_id in ("class-mismatch", "mismatch-wrong-class-for-graphics", "mismatch-card-cannot-do-graphics",
                       "mismatch-wrong-class-for-graphics-lacks"):
        text = msg(message_id, card="T4", category=category, workload="pretrain", expected="training", count=2,
                   other="L40S", ratio=2.0, cheaper=0.5, unit="stream", lacks="no display outputs").text
        assert f"T4 is in the {category} class" in text
        assert msg(message_id, card="T4", category=category, workload="pretrain", expected="training", count=2,
                   other="L40S", ratio=2.0, cheaper=0.5, unit="stream", lacks="no display outputs"
                   ).text_in("zh_CN") != text
