"""The command line honours a scenario file's saved ranking question (``Scenario.ranking``: what the window's
recommendation panel ranks by, the cards named, domestic vendors only, consumer cards): ``recommend --scenario``,
its JSON, ``report --scenario`` and the window name one first option for one file; a flag typed overrides its part
of the question, and the output says which parts came from the file (session 45: the command line ranked every card
by total cost of ownership where the window ranked the four cards named by speed)."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from configurator.cli import main
from configurator.core.catalog import load_catalog
from configurator.core.scenario import RankingQuestion
from configurator.core.scenario_io import read_scenario, write_scenario

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "serve-llama3-70b.gpuconf.json"
NAMED = ("h100-sxm", "mi300x", "l40s", "h20")
"""The cards the buyer named in the window (the file's ``ranking.cards``), ranked by speed."""


def _saved(tmp_path: Path, **asked) -> Path:
    """The serving example saved with the ranking question ``asked`` (as the window saves it)."""
    scenario = read_scenario(EXAMPLE)
    scenario = scenario.model_validate({**scenario.model_dump(), "ranking": RankingQuestion(**asked).model_dump()})
    path = tmp_path / "asked.gpuconf.json"
    write_scenario(path, scenario)
    return path


def _run(*argv: str) -> tuple[str, str]:
    """stdout and stderr of the command line run with ``argv`` (exit status 0)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(list(argv)) == 0, err.getvalue()
    return out.getvalue(), err.getvalue()


def _json(*argv: str) -> dict:
    return json.loads(_run(*argv, "--json")[0])


def _first_row(text: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith("1 "))


@pytest.fixture(scope="module")
def named_file(tmp_path_factory) -> Path:
    return _saved(tmp_path_factory.mktemp("named"), objective="fastest", cards=NAMED)


def test_the_files_question_gives_one_first_option_everywhere(qtbot, named_file, tmp_path):
    from configurator.app.controller import ScenarioController
    from configurator.app.recommend_panel import RecommendationPanel
    from configurator.core.view.card_names import card_name

    cli = _json("recommend", "--scenario", str(named_file), "--limit", "3")
    assert cli["objective"] == "fastest" and cli["cards"] == list(NAMED)
    assert cli["filters"]["from_scenario_file"] == ["--objective", "--cards"]
    assert cli["filters"]["cards"] == list(NAMED) and not cli["filters"]["domestic_only"]
    first = cli["ranked"][0]
    card_id, count = first["card"]["id"], first["count"]
    assert card_id in NAMED
    assert {e["card"]["id"] for e in cli["ranked"]} <= set(NAMED)

    text, _ = _run("recommend", "--scenario", str(named_file), "--limit", "3")
    job, text = text.split("\n\n", 1)  # the job line comes first (session 48), then how it is ranked
    assert job.startswith("Job: Serve Llama 3 70B")
    assert text.startswith("Ranked as the scenario file asks: by fastest (--objective fastest); only the cards "
                           "named (--cards h100-sxm,mi300x,l40s,h20). A flag typed on the command line overrides each.")
    row = _first_row(text)
    assert row.split()[1] == str(count) and first["card"]["name"] in row

    panel = RecommendationPanel(ScenarioController(load_catalog(), read_scenario(named_file)))
    qtbot.addWidget(panel)
    shown = panel.refresh().ranked[0]
    assert (shown.card.id, shown.count) == (card_id, count)

    for language in ("en", "zh_CN"):
        path = tmp_path / f"summary-{language}.json"
        said, _ = _run("report", str(named_file), "-o", str(path), "--lang", language)
        assert ("Ranked as the scenario file asks" if language == "en" else "按方案文件保存的排名条件") in said
        recommendation = json.loads(path.read_text(encoding="utf-8"))["recommendation"]
        assert f"{count:,} × {card_name(load_catalog().get(card_id).name, language)}" in recommendation
    if shutil.which("pdftotext") is not None:  # the printed summary's page 1 names it too
        pdf = tmp_path / "summary.pdf"
        _run("report", str(named_file), "-o", str(pdf))
        page = subprocess.run(["pdftotext", "-l", "1", str(pdf), "-"], capture_output=True, text=True, check=True)
        # the sentence ends after the name, or goes on ', which fits and meets every constraint set' where the
        # file's own choice breaks one (its 8 cards' time per token since session 49's fitted prefill layer time)
        assert f"Recommended by fastest: {count:,} × {first['card']['name']}" in " ".join(page.stdout.split())


def test_the_window_summary_ranks_as_the_report(window, named_file):
    """The window's summary (its panel not opened) ranks with the objective and filters ``report`` uses."""
    from configurator.cli import build_parser
    from configurator.cli_filters import filters_from_args
    from configurator.cli_ranking import ranking_asked

    assert window.open_path(named_file)
    args = build_parser().parse_args(["report", str(named_file), "-o", "x.json"])
    asked = ranking_asked(args, window.controller.scenario, window.controller.catalog,
                          filters_from_args(args, window.controller.catalog))
    assert window.summary_ranked_by() == (asked.objective, asked.filters)


def test_a_typed_flag_overrides_its_part_of_the_question(named_file):
    by_cost = _json("recommend", "--scenario", str(named_file), "--objective", "tco", "--limit", "2")
    assert by_cost["objective"] == "tco" and by_cost["cards"] == list(NAMED)
    assert by_cost["filters"]["from_scenario_file"] == ["--cards"]

    one = _json("recommend", "--scenario", str(named_file), "--cards", "l40s", "--limit", "2")
    assert one["cards"] == ["l40s"] and one["objective"] == "fastest"
    assert {e["card"]["id"] for e in one["ranked"]} <= {"l40s"}
    assert one["filters"]["from_scenario_file"] == ["--objective"]

    every = _json("recommend", "--scenario", str(named_file), "--cards", "", "--objective", "tco", "--limit", "2")
    assert every["cards"] == [] and every["filters"]["from_scenario_file"] == []
    text, _ = _run("recommend", "--scenario", str(named_file), "--cards", "", "--objective", "tco", "--limit", "2")
    assert "scenario file asks" not in text  # nothing came from the file: nothing said


def test_domestic_and_consumer_come_from_the_file_and_yield_to_a_flag(tmp_path):
    path = _saved(tmp_path, domestic_only=True, consumer=True)
    asked = _json("recommend", "--scenario", str(path), "--limit", "2")
    assert asked["filters"]["from_scenario_file"] == ["--domestic-only", "--consumer"]
    assert asked["filters"]["domestic_only"] and asked["filters"]["consumer"]
    assert "graphics" in asked["filters"]["classes"]  # the window's rule: consumer cards bring their class in
    catalog = load_catalog()
    assert all(catalog.get(e["card"]["id"]).vendor in _domestic() for e in asked["ranked"])
    text, _ = _run("recommend", "--scenario", str(path), "--limit", "2", "--lang", "zh_CN")
    job, text = text.split("\n\n", 1)  # the job line comes first (session 48), then how it is ranked
    assert job.startswith("任务：")
    assert text.startswith("按方案文件保存的排名条件：仅国产厂商（--domestic-only）；包括消费级图形卡（--consumer）。"
                           "命令行输入的选项优先。")

    typed = _json("recommend", "--scenario", str(path), "--no-domestic-only", "--no-consumer", "--limit", "2")
    assert typed["filters"]["from_scenario_file"] == [] and not typed["filters"]["domestic_only"]
    assert typed["filters"]["consumer"] is False


def _domestic():
    from configurator.core.region import DOMESTIC_VENDORS

    return DOMESTIC_VENDORS


def test_without_a_file_the_flags_rank_as_before():
    """No file (or a file without a question): the flags' filters as they were, nothing said of a file."""
    from configurator.cli import build_parser
    from configurator.cli_filters import filters_from_args
    from configurator.cli_ranking import ranking_asked
    from configurator.cli_scenario import scenario_from_args

    catalog = load_catalog()
    for argv in (["recommend"], ["recommend", "--classes", "graphics", "--domestic-only"],
                 ["recommend", "--cards", "l40s,rtx-4090", "--vendor", "NVIDIA"]):
        args = build_parser().parse_args(argv)
        typed = filters_from_args(args, catalog)
        asked = ranking_asked(args, scenario_from_args(args, catalog), catalog, typed)
        assert asked.filters == typed and asked.from_file == () and asked.objective.value == "tco"
    shown = _json("recommend", "--workload", "inference", "--model", "llama3-8b", "--limit", "1")
    assert shown["filters"] == {"objective": "tco", "cards": [], "domestic_only": False, "consumer": None,
                                "vendors": [], "classes": [], "software": [], "owned": None,
                                "from_scenario_file": []}


def test_a_card_the_catalog_no_longer_lists_is_said_and_not_compared(tmp_path):
    path = _saved(tmp_path, cards=("l40s", "no-such-card"))
    out, err = _run("recommend", "--scenario", str(path), "--limit", "2", "--json")
    assert json.loads(out)["cards"] == ["l40s"]
    assert "The scenario file names cards the catalog does not list: no-such-card (not compared)" in err
