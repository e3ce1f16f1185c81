"""Fine-tuning data given in examples (buyers say "10 万条数据"): ``--examples N [--tokens-per-example T]``
sets the token budget N × T in one place (``core/examples.py``), and the answer says so, in English and
Chinese (session 38, persona 6)."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.examples import DEFAULT_TOKENS_PER_EXAMPLE, example_tokens, examples_said
from configurator.core.fields import BY_PATH
from configurator.core.scenario import Scenario

BASE = ["estimate", "--workload", "finetune", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8"]


def test_the_conversion_and_its_default():
    assert DEFAULT_TOKENS_PER_EXAMPLE == 512
    assert example_tokens(100_000) == 51.2e6
    assert example_tokens(100_000, 1024) == 102.4e6


def test_the_answer_says_examples_as_tokens_in_both_languages(capsys):
    assert main([*BASE, "--examples", "10万"]) == 0
    out = capsys.readouterr().out.replace("\xa0", " ")
    assert "100,000 examples × 512 tokens = 51.2M tokens" in out.splitlines()[0]  # the one token writer
    assert main([*BASE, "--examples", "100k", "--tokens-per-example", "1024", "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "训练数据：100,000 条样本 × 每条 1,024 词元 = 1.02 亿词元"


def test_the_json_budget_is_the_examples_tokens(capsys):
    import json

    assert main([*BASE, "--examples", "100000", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert "51200000" in json.dumps(document).replace(".0", "")  # the budget travels as tokens


@pytest.mark.parametrize("extra, words", [
    (["--examples", "100", "--tokens", "1B"], "--examples or --tokens, not both"),
    (["--tokens-per-example", "300"], "give --examples or --packed with it"),
    (["--examples", "100"], "100 examples × 512 tokens = 51,200 tokens, under the least token budget"),
])
def test_refusals(capsys, extra, words):
    assert main([*BASE, *extra]) != 0
    assert words in capsys.readouterr().err


def test_nothing_said_once_the_budget_was_changed():
    assert examples_said(100_000, 512, 51.2e6) is not None
    assert examples_said(100_000, 512, 1e9) is None
    assert examples_said(None, 512, 1e9) is None


def test_the_fields_are_declared_once_with_their_range():
    examples, per = BY_PATH["training.examples"], BY_PATH["training.tokens_per_example"]
    assert examples.flag == "--examples" and per.flag == "--tokens-per-example"
    assert examples.bounds.low == 1 and per.bounds.low == 1
    saved = Scenario(workload="finetune", model=preset("llama3-8b")).model_dump(mode="json")
    assert "examples" not in saved["training"]  # written to files only when given


def test_the_editor_sets_the_budget_from_examples_in_one_step(qtbot):
    from configurator.app.controller import ScenarioController
    from configurator.app.editor import ScenarioEditor
    from configurator.app.i18n import language_for_a_while
    from configurator.core.catalog import load_bundled_catalog

    start = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="finetune")
    controller = ScenarioController(load_bundled_catalog(), start)
    editor = ScenarioEditor(controller)
    qtbot.addWidget(editor)
    assert editor.examples.value() == editor.examples.minimum()  # None: the budget given in tokens
    editor.examples.setValue(100_000)
    t = controller.scenario.training
    assert t.examples == 100_000 and t.tokens == 51.2e6
    editor.tokens_per_example.setValue(1024)
    assert controller.scenario.training.tokens == 102.4e6
    controller.undo_stack.undo()
    assert controller.scenario.training.tokens == 51.2e6  # one undo step per edit, the budget with it
    with language_for_a_while("zh_CN"):
        chinese = ScenarioEditor(controller)
        qtbot.addWidget(chinese)
        assert "样本" in chinese.examples.suffix()


def test_the_wizard_takes_examples_and_sets_the_data_to_train_on(qtbot):
    from configurator.app.controller import ScenarioController
    from configurator.app.wizard import WorkloadWizard
    from configurator.app.wizard_answers import answers_scenario
    from configurator.core.catalog import load_bundled_catalog

    catalog = load_bundled_catalog()
    start = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="finetune")
    wizard = WorkloadWizard(ScenarioController(catalog, start))
    qtbot.addWidget(wizard)
    assert wizard.answered.examples is None
    wizard.load.examples.setValue(100_000)
    assert wizard.answered.examples == 100_000 and wizard.answered.tokens == pytest.approx(51.2e6, rel=0.01)
    answered = answers_scenario(wizard.answered, start, catalog)
    assert answered.training.tokens == 51.2e6  # the one conversion, exact (the box shows 0.051 B)
    said = examples_said(answered.training.examples, answered.training.tokens_per_example, answered.training.tokens)
    assert said is not None and "100,000 examples × 512 tokens" in said.text
    wizard.load.examples.setValue(0)  # 'given in tokens'
    assert wizard.answered.examples is None
