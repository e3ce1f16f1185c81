"""What persona49 found and left (session 49, persona49b): the summary's alternatives and "Price decides?" in the
ranking's order, a partial total after every complete one; "default" in the job line meaning not typed; one Chinese
measure word before the card's name in the wizard's buy line."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from configurator.cli import main

RENDER = ("--workload", "render", "--frames", "10000", "--minutes-per-frame", "5", "--reference-card", "rtx-4090",
          "--scene", "40")


def _run(*argv: str) -> str:
    """stdout of the command line run with ``argv`` (exit status 0)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(list(argv)) == 0
    return out.getvalue().replace("\xa0", " ")


@pytest.fixture(scope="module")
def render_summary(tmp_path_factory):
    """The render farm's summary (10,000 frames, 5 min each on an RTX 4090, 40 GiB scene) as Markdown, en."""
    path = tmp_path_factory.mktemp("summary") / "render.md"
    _run("report", *RENDER, "-o", str(path))
    return path.read_text(encoding="utf-8").replace("\xa0", " ")


def test_the_render_summary_prices_and_ranks_as_the_command_line(render_summary):
    """It recommended 8 × L40 while its 'Price decides?' put 1 × RTX PRO 6000 Blackwell Workstation Edition first
    and its alternatives ranked that workstation (its workstation unpriced) #1; the command line ranks it #7."""
    cli = _run("recommend", *RENDER)
    said = next(line for line in cli.splitlines() if "Price does not decide the winner" in line)
    assert "L40 stays first" in said
    decides = next(line for line in render_summary.splitlines() if line.startswith("- **Price decides?**"))
    assert said.strip(" -") in decides  # the command line's words, in the summary
    rows = [line for line in render_summary.splitlines() if line.startswith("| ") and " × " in line
            and "against" not in line.lower()]
    alternatives = [r for r in rows if r.split("|")[1].strip().isdigit()]
    assert "8 × L40 (recommended)" in alternatives[0]
    workstation = next(r for r in alternatives if "Workstation Edition" in r)
    assert workstation is alternatives[-1] and "incomplete total: ranked after every complete one" in workstation


def test_a_typed_default_token_budget_is_not_called_the_default():
    """`--tokens 1B` typed read "(default token budget)" (1B being the default): default means not typed."""
    typed = _run("recommend", "--workload", "lora", "--tokens", "1B", "--limit", "2").splitlines()[0]
    assert typed.startswith("Job: LoRA fine-tune Llama 3 8B on 1B tokens (default model); ")
    job = json.loads(_run("recommend", "--workload", "lora", "--tokens", "1B", "--model", "llama3-8b",
                          "--limit", "2", "--json"))["job"]
    assert (job["tokens_default"], job["model_default"]) == (False, False)
    assert "(default" not in job["text"]
    untyped = _run("recommend", "--workload", "lora", "--limit", "2", "--lang", "zh_CN").splitlines()[0]
    assert "训练词元数）" in untyped


def test_the_windows_job_line_reads_the_fields_typed(qtbot, controller):
    """The window's job line (the recommendation panel's) calls the token budget a default only until the buyer
    types one, the default's value included (:attr:`ScenarioController.typed`)."""
    from configurator.app.recommend_panel import RecommendationPanel

    controller.apply("workload", "lora")
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    panel.refresh()
    assert "(default model and token budget)" in panel.job_label.text()
    controller.apply("training.tokens", 2e9)
    controller.apply("training.tokens", 1e9)  # typed back to the default's value
    assert "training.tokens" in controller.typed
    panel.refresh()
    assert "on 1B tokens (default model);" in panel.job_label.text()


@pytest.mark.parametrize(("name", "count", "said"), [
    ("T4", 50, "50 张"), ("Ascend 910C server — Atlas 800T/800I A3 (8 per server)", 16, "16 颗"),
])
def test_the_buy_line_counts_before_the_name_with_one_measure_word(qtbot, name, count, said):
    """The wizard's buy line read "T4 50 张卡" (a number between the name and 张卡) and "昇腾 910C 服务器……（每台 8 颗）
    16 张卡" (张 beside 颗): the count comes first, in the measure word the card's Chinese name uses."""
    from configurator.app import i18n
    from configurator.app.wizard_result import SummaryPage

    i18n.install_language("zh_CN")  # English again after the test (conftest)
    page = SummaryPage(None)  # _cards reads only its translations
    qtbot.addWidget(page)
    assert page._cards(count, name) == said


@pytest.mark.parametrize(("language", "said"), [
    ("en", "16 × Ascend 910C server — Atlas 800T/800I A3 (8 per server) in 2 servers (8 NPUs each)"),
    ("zh_CN", "16 × 昇腾 910C 服务器——Atlas 800T/800I A3（每台 8 颗），2 台服务器（每台 8 颗 NPU）"),
])
def test_the_summary_counts_a_chip_counted_card_in_its_chips(tmp_path, language, said):
    """'（每台 8 颗），2 台服务器（每台 8 张卡）': 颗 of the card's name beside 张 of the servers' count."""
    path = tmp_path / "s.md"
    _run("report", "--workload", "finetune", "--model", "qwen2.5-7b", "--card", "ascend-910c-a3-server", "--count",
         "16", "--region", "cn", "--lang", language, "-o", str(path))
    assert said in path.read_text(encoding="utf-8").replace("\xa0", " ")


def test_display_outputs_shipped_off_are_sourced_in_the_catalog(catalog):
    """A40 and L40S ship with their display outputs off; the L40's default is not stated (null, with a note)."""
    for card_id in ("a40", "l40s"):
        default = catalog.get(card_id).display_default
        assert default.enabled is False and "displaymodeselector" in default.how and default.source and default.date
    assert catalog.get("l40").display_default.enabled is None and catalog.get("l40").display_default.note


@pytest.mark.parametrize(("card_id", "local", "said"), [("a40", True, True), ("l40s", True, True),
                                                         ("a40", False, False), ("l40", True, False)])
def test_desks_on_a_card_whose_outputs_ship_off_are_told_how_to_switch_them_on(catalog, card_id, local, said):
    """200 designers at their desks on an A40 (monitors cabled to it): nothing said its outputs ship off."""
    from configurator.core.estimate import estimate
    from configurator.core.messages import msg
    from configurator.core.scenario import Scenario

    scenario = Scenario.model_validate({"workload": "vdi", "card_id": card_id, "count": 200, **_default_model(),
                                        "graphics": {"users": 200, "user_class": "designer", "local_display": local}})
    messages = estimate(scenario, catalog.get(card_id)).messages
    assert any(m.id == "display-outputs-off" for m in messages) is said
    if said:
        text = msg("display-outputs-off", card="A40").text_in("zh_CN")
        assert "Display Mode Selector" in text and "出厂时显示输出处于关闭状态" in text


def _default_model() -> dict:
    from configurator.app.main import default_scenario

    return {"model": default_scenario().model.model_dump()}
