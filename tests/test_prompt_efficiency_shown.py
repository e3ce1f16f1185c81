"""The prompt's efficiency is shown and editable where its siblings are (session 48): ``prompt_efficiency``
sets every time to first token (a prompt prefilled alone, ``prefill_time.prefill_seconds``), yet the
assumptions list named only the training and serving-step shares. It is said in the efficiencies row of the
command line and the summary in both languages, declared once in the field registry (label, unit, range,
help with its rule), edited in the window's Assumptions group and kept through save and open.
``prompt_overlap``, held at the roofline by its derivation, stays unlisted like ``comm_overlap``."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.fields import BY_PATH
from configurator.core.scenario import Scenario
from configurator.report.text import estimate_table

PATH = "assumptions.prompt_efficiency"


def _chat(**assumptions) -> Scenario:
    return Scenario(model=preset("llama3-8b"), workload="inference", card_id="l40s", count=1,
                    serving={"concurrency": 8}, assumptions=assumptions)


def _efficiencies(text: str, heading: str) -> str:
    (line,) = [line for line in text.splitlines() if line.strip().startswith(heading)]
    return line


@pytest.mark.parametrize("language, heading, said", [
    ("en", "Efficiencies", "61.5 % (a prompt alone, to its first token)"),
    ("zh_CN", "效率假设", "61.5%（单独预填充一个提示至首词元）")])
def test_the_efficiencies_row_says_the_prompts_share(language, heading, said):
    card = load_bundled_catalog().get("l40s")
    est = estimate(_chat(prompt_efficiency=0.615), card)
    line = _efficiencies(estimate_table(est, language), heading).replace("\N{NO-BREAK SPACE}", " ")
    assert said in line
    assert "100 %" not in line and "100%" not in line  # prompt_overlap (1, the roofline) is not listed


def test_the_summary_lists_it_among_the_assumptions():
    from configurator.report.render import to_markdown
    from configurator.report.summary import build_summary

    catalog = load_bundled_catalog()
    est = estimate(_chat(prompt_efficiency=0.615), catalog.get("l40s"))
    for language, said in (("en", "61.5 % (a prompt alone"), ("zh_CN", "61.5%（单独预填充")):
        assert said in to_markdown(build_summary(est, catalog, language)).replace("\N{NO-BREAK SPACE}", " ")


def test_declared_once_as_a_share_with_its_rule():
    entry = BY_PATH[PATH]
    assert entry.suffix.source.strip() == "%" and entry.scale == pytest.approx(0.01)
    assert "time to first token" in entry.help.source and "PREFILL_RULE" in entry.help.source
    assert "assumptions.prompt_overlap" not in BY_PATH  # a held constant of the formula, like comm_overlap


def test_the_editor_sets_it_and_a_saved_file_keeps_it(qtbot, window, tmp_path):
    from configurator.app.field_help import field_help, field_range, row_label

    editor = window.editor
    assert window.controller.apply("workload", "inference")
    assert editor.prompt_eff.isVisibleTo(window) and editor.prompt_eff.suffix().strip() == "%"
    assert field_range(PATH).low == pytest.approx(0.01) and field_range(PATH).high == pytest.approx(1)
    assert row_label(PATH) == "Prompt efficiency" and "first token" in field_help(PATH)
    editor.prompt_eff.setValue(70.0)
    assert window.controller.scenario.assumptions.prompt_efficiency == pytest.approx(0.70)
    path = tmp_path / "chat.gpuconf.json"
    assert window.save_to(path)
    window.controller.apply(PATH, 0.5)
    window.controller.undo_stack.setClean()
    assert window.open_path(path)
    assert window.controller.scenario.assumptions.prompt_efficiency == pytest.approx(0.70)
    assert editor.prompt_eff.value() == pytest.approx(70.0)


def test_graphics_work_hides_it(qtbot, window):
    assert window.controller.apply("workload", "render")
    assert not window.editor.prompt_eff.isVisibleTo(window)


def test_the_json_carries_it():
    from configurator.core.estimate_json import estimate_to_dict
    from configurator.core.procurement.deployment import deployment_cost

    est = estimate(_chat(prompt_efficiency=0.615), load_bundled_catalog().get("l40s"))
    assert estimate_to_dict(est, deployment_cost(est))["assumptions"]["prompt_efficiency"] == pytest.approx(0.615)
