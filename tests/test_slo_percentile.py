"""The latency targets buyers write (slo95, session 39): a p95 target (the SLO serving contracts and
NVIDIA's genai-perf write) end to end, and the ranking's latency column at the percentile the targets
are checked at, its heading naming it (it showed the median, 37.3 ms, beside a p90 38.2 ms checked)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.recommend import Objective, recommend
from configurator.core.scenario import Scenario
from configurator.core.ttft_grid import PERCENTILES
from configurator.core.view.ranking_view import below_line_columns, ranking_columns
from configurator.core.view.rows import Amount, write

CATALOG = load_bundled_catalog()
AUTO = ("cp", "disaggregated", "ep", "grad_accum", "max_batch", "max_batched_tokens", "micro_batch", "pp",
        "recompute", "tp", "vp", "zero")


def _chat(percentile=None, **constraints) -> Scenario:
    c = {"latency_percentile": percentile, **constraints}
    return Scenario(model=preset("llama3-8b"), workload="inference", serving={"concurrency": 200},
                    constraints=c, auto_layout=AUTO)


def test_p95_is_a_target_percentile_and_old_files_keep_theirs():
    assert 95 in PERCENTILES and list(PERCENTILES) == sorted(PERCENTILES)
    assert _chat(95).constraints.latency_percentile == 95
    old = _chat(99).model_dump(mode="json")  # a file saved before p95 existed: its 99 stays 99
    assert Scenario.model_validate(old).constraints.latency_percentile == 99
    with pytest.raises(ValidationError):
        _chat(97)  # a level the tails keep none of is refused, not rounded


def test_the_p95_tails_lie_between_p90_and_p99_and_the_verdicts_are_at_p95():
    est = estimate(_chat(95, tpot_ms=100.0, ttft_ms=1000.0).model_copy(update={"card_id": "h100-sxm", "count": 1}),
                   CATALOG.get("h100-sxm"))
    for tail in (est.serving.ttft_percentiles_s, est.serving.tpot_percentiles_s):
        assert tail[90] <= tail[95] <= tail[99]
    tpot = next(v for v in est.verdicts if v.id == "tpot")
    assert tpot.basis == "p95" and tpot.actual == pytest.approx(est.serving.tpot_percentiles_s[95] * 1000)


def test_the_command_line_takes_p95_and_refuses_p97():
    from configurator.cli import build_parser
    from configurator.cli_scenario import UsageError

    parser = build_parser()
    args = parser.parse_args(["recommend", "--workload", "inference", "--latency-percentile", "95"])
    assert args.latency_percentile == 95
    with pytest.raises(UsageError, match="choose from 50, 90, 95, 99"):
        parser.parse_args(["recommend", "--workload", "inference", "--latency-percentile", "97"])


@pytest.fixture(scope="module")
def p95_result():
    return recommend(_chat(95, tpot_ms=30.0), CATALOG, Objective.TCO)


@pytest.mark.parametrize(("language", "heading"), [("en", "Time per output token (p95)"),
                                                   ("zh_CN", "每输出词元时间（p95）")])
def test_the_ranking_column_shows_and_names_the_targets_percentile(p95_result, language, heading):
    columns = ranking_columns(p95_result)
    assert write(columns.headings[4], language) == heading
    for rec, row in zip(p95_result.ranked, columns.rows, strict=True):
        assert row[4].value == rec.estimate.serving.tpot_percentiles_s[95]  # the figure the verdict checks
        assert row[4].value == pytest.approx(next(v for v in rec.estimate.verdicts if v.id == "tpot").actual / 1000)
    below = below_line_columns(p95_result)
    if below.headings:
        assert write(below.headings[3], language) == heading


def test_the_default_chat_column_is_at_p90_and_the_median_says_median():
    result = recommend(_chat(), CATALOG, Objective.TCO)
    columns = ranking_columns(result)
    assert write(columns.headings[4]) == "Time per output token (p90)"
    assert columns.rows[0][4].value == result.ranked[0].estimate.serving.tpot_percentiles_s[90]
    median = ranking_columns(recommend(_chat(50), CATALOG, Objective.TCO))
    assert write(median.headings[4]) == "Time per output token (median)"


@pytest.mark.parametrize(("language", "heading"), [("en", "Per token (p95)"), ("zh_CN", "每词元时间（p95）")])
def test_the_windows_ranking_table_names_and_shows_the_targets_percentile(qtbot, window, language, heading):
    from configurator.app.i18n import language_for_a_while

    controller = window.controller
    controller.apply_many({"workload": "inference", "model": preset("llama3-8b").model_dump(),
                           "serving.concurrency": 200, "constraints.latency_percentile": 95})
    with language_for_a_while(language):
        panel = window.toggle_recommendations(True)
        result = panel.refresh()
        assert panel.table.horizontalHeaderItem(2).text() == heading
        first = result.ranked[0].estimate.serving.tpot_percentiles_s[95]
        assert panel.table.item(0, 2).text() == write(Amount(first, "s"), language)



def test_the_windows_deadline_box_takes_minutes_and_leaves_a_bare_m_unfinished(qtbot):
    from PySide6.QtGui import QValidator

    from configurator.app.inputs import DurationSpinBox

    box = DurationSpinBox()
    qtbot.addWidget(box)
    box.setRange(0.0, 1e6)
    assert box.validate("30min", 0)[0] == QValidator.State.Acceptable and box.valueFromText("30分钟") == 0.5
    assert box.validate("1m", 0)[0] == QValidator.State.Intermediate  # minutes or months: not guessed


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_editor_and_wizard_offer_p95(qtbot, controller, language):
    from PySide6.QtWidgets import QComboBox

    from configurator.app.editor import ScenarioEditor
    from configurator.app.i18n import language_for_a_while
    from configurator.app.wizard import WorkloadWizard

    with language_for_a_while(language):
        editor, wizard = ScenarioEditor(controller), WorkloadWizard(controller)
        qtbot.addWidget(editor)
        qtbot.addWidget(wizard)
        for combo in (editor.latency_percentile, wizard.findChild(QComboBox, "wizard:constraints.latency_percentile")):
            assert combo.findData(95) >= 0 and combo.itemText(combo.findData(95)) == "p95"
