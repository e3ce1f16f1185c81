"""The README's accuracy statement splits the held-out serving rows by engine generation (session 50): the
headline and footnote ⁶ of the accuracy table say what ``benchmarks/accuracy.py --summary`` prints under "Held out
by engine generation", through the same function (``accuracy_sections.held_out_by_generation``), and the paragraph
for buyers names what it rests on. The app's "likely range" claims, the only accuracy figures a screen or the
summary states, say the bands file's percentiles.

These read the generator's output, not README.md's blocks (the lead regenerates those after merging;
``tests/test_readme.py`` keeps them equal to the generator's).
"""

from __future__ import annotations

import math
import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from golden_scenarios import GOLDEN

from configurator.core.engine_generations import GENERATIONS, TODAY, label_of
from configurator.core.estimate import estimate
from configurator.core.uncertainty import band_for, error_bands
from configurator.core.view.rows import band_note
from configurator.core.view.words import words
from configurator.report.technical import bands_table

ROOT = Path(__file__).resolve().parents[1]
for folder in (ROOT / "tools", ROOT / "benchmarks"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import readme_blocks  # noqa: E402

SUPERSEDED = GENERATIONS[0].key


@lru_cache(maxsize=1)
def _outside():
    import accuracy

    return accuracy.held_out()


@lru_cache(maxsize=1)
def _split():
    from accuracy_sections import held_out_by_generation

    return held_out_by_generation(_outside())


def test_the_split_covers_every_held_out_row_of_its_kinds():
    """Today's engines and the superseded generation together are the kind's held-out rows, whatever the
    count: the README's split loses or doubles no row."""
    split = _split()
    assert "serving-throughput" in split
    for kind, by in split.items():
        assert list(by)[0] == TODAY and SUPERSEDED in by
        assert sum(count for count, *_ in by.values()) == sum(r.kind == kind for r in _outside())


def test_the_headline_splits_serving_throughput_with_the_summarys_figures():
    headline = readme_blocks.accuracy_out_of_sample()
    part = next(p for p in headline.split("; ") if p.startswith("serving throughput"))
    total = sum(r.kind == "serving-throughput" for r in _outside())
    assert re.match(rf"serving throughput \d+ % \({total} rows\): ", part), part  # the table's figure first
    for key, (count, _, median, _) in _split()["serving-throughput"].items():
        assert f"{median:.0f} % on {label_of(key)} ({count} rows)" in part, (key, part)


def test_footnote_six_gives_each_generation_its_rows_median_and_signed_median():
    """What the accuracy table appends as footnote ⁶ (``accuracy_table`` itself runs leave one source out, minutes:
    ``tests/test_readme.py`` compares it with the README), and the table rows that point to it."""
    split = _split()
    note = readme_blocks.generation_note(split)
    for kind, by in split.items():
        assert readme_blocks.kind_cell(kind, split) == f"{readme_blocks.KIND_NAMES[kind]} ⁶"
        for key, (count, _, median, signed) in by.items():
            figure = (f"{label_of(key)} {readme_blocks._words(count)} rows, {median:.1f} % "
                      f"({readme_blocks._signed(signed)}")
            assert figure in note, figure
    assert readme_blocks.kind_cell("memory", split) == readme_blocks.KIND_NAMES["memory"]  # no held-out split
    assert "`benchmarks/accuracy.py --summary`" in note and "engine_generations.py" in note


def test_a_headline_without_a_superseded_generation_is_not_split(monkeypatch):
    monkeypatch.setattr(readme_blocks, "_by_generation", lambda outside: {})
    assert "on today's engines" not in readme_blocks.accuracy_out_of_sample()
    assert readme_blocks.kind_cell("serving-throughput", {}) == readme_blocks.KIND_NAMES["serving-throughput"]


def test_the_footnote_writes_misses_and_signs_as_the_table_does():
    note = readme_blocks.generation_note({"serving-latency": {TODAY: (148, 24, 37.5, -0.8),
                                                             SUPERSEDED: (1, 1, math.inf, math.inf)}})
    assert "today's engines 148 rows, 37.5 % (−0.8 %, 24 capacity misses)" in note
    assert f"{label_of(SUPERSEDED)} one row, miss (miss, one capacity miss)" in note
    assert note.startswith("⁶ Held out, by engine generation") and "TTFT and TPOT under a request rate:" in note


def test_the_buyers_paragraph_names_the_setting_its_source_and_what_the_product_does():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## How good are the numbers?"):readme.index("<!-- accuracy-table:start -->")]
    paragraph = " ".join(section[section.index("**Serving on AMD cards with vLLM"):].split("\n\n")[0].split())
    assert "VLLM_ROCM_USE_AITER" in paragraph and "f8c9a3852" in paragraph  # the setting, cited as the notes do
    notes = re.search(r"benchmarks/data/(notes-rocm-generation-[\d-]+\.md)", paragraph)
    assert notes and (ROOT / "benchmarks" / "data" / notes.group(1)).is_file()
    assert "footnote ⁶" in paragraph and "reported apart" in paragraph
    assert "nothing about it in the estimate" in paragraph


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_likely_range_states_the_bands_files_percentiles(language, catalog):
    """The only accuracy figure a screen or the summary states is the likely range's: "80 % … 10th to 90th
    percentile", written in the words catalogue; it must be the bands file's (``resources/error_bands.json``,
    which the JSON's definition reads)."""
    bands = error_bands()
    low, high = bands["low_percentile"], bands["high_percentile"]
    scenario = GOLDEN["serve-70b-8xh100"]
    est = estimate(scenario, catalog.get(scenario.card_id))
    texts = (band_note(band_for("serving-throughput", 100.0, 8), language).partition("\n")[0],
             bands_table(est, words(language)).note)
    for text in texts:
        if language == "en":
            assert f"{high - low} % of" in text and f"{low}th to {high}th percentile" in text, text
        else:
            assert f"{high - low}%" in text and f"第 {low} 至第 {high} 百分位" in text, text
