"""The one number formatter and the view model of an estimate (issue 14, part 5): Qt-free,
the same words in the window, the command line and the summary, every label in Chinese."""

from __future__ import annotations

import re

import pytest
from golden_scenarios import GOLDEN

from configurator.core.estimate import estimate
from configurator.core.view import numbers
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.names import model_name
from configurator.core.view.rows import Amount, Phrase, band_note, write
from configurator.core.view.words import Words, words

NBSP = "\u00a0"


def test_numbers_group_thousands_round_half_away_and_keep_the_unit_attached():
    assert numbers.significant(1234.5) == "1,235"
    assert numbers.significant(0.012345) == "0.012"
    assert numbers.significant(None) == "—"
    assert numbers.number(2.5, 0) == "3" and numbers.number(-2.5, 0) == "-3"  # as QLocale writes them
    assert numbers.number(-0.01, 1) == "0.0"  # never "-0.0"
    assert numbers.count(1_234_567.4, "zh_CN") == "1,234,567"
    assert numbers.gib(3.5 * 2**30) == f"3.50{NBSP}GiB"
    assert numbers.money(12.5, "USD") == f"12.50{NBSP}USD" and numbers.money(1234.4, "CNY") == f"1,234{NBSP}CNY"
    assert numbers.percent(0.1234) == f"12.3{NBSP}%" and numbers.percent(0.1234, decimals=0) == f"12{NBSP}%"
    assert numbers.seconds(0.0123) == f"12.3{NBSP}ms" and numbers.seconds(2.0) == f"2.00{NBSP}s"
    assert numbers.watts(9_999) == f"9,999{NBSP}W" and numbers.watts(12_000) == f"12.0{NBSP}kW"


@pytest.mark.parametrize(("hours", "en", "zh"), [
    (0.5, f"30.0{NBSP}min", f"30.0{NBSP}分钟"), (5, f"5.00{NBSP}h", f"5.00{NBSP}小时"),
    (100, f"4.17{NBSP}days", f"4.17{NBSP}天")])
def test_durations_in_both_languages(hours, en, zh):
    assert numbers.duration(hours) == en and numbers.duration(hours, "zh_CN") == zh
    assert numbers.duration(100, with_hours=True) == f"4.17{NBSP}days (100.0{NBSP}h)"


def test_a_range_writes_a_shared_unit_once():
    assert numbers.span(numbers.duration(8.5), numbers.duration(11.2)) == f"8.50–11.2{NBSP}h"
    assert numbers.span(numbers.duration(47), numbers.duration(50)) == f"47.0{NBSP}h – 2.08{NBSP}days"


def test_values_are_written_through_the_one_catalogue():
    assert write(Amount(7200.0, "tokens/s"), "zh_CN") == f"7,200{NBSP}词元/秒"
    assert write(Phrase("{need} of {allowed}", {"need": Amount(2**31, "B"), "allowed": Amount(2**32, "B")}),
                 "zh_CN") == f"2.00{NBSP}GiB / 4.00{NBSP}GiB"
    assert write(None) == "—" and write(3) == "3"
    assert Words("zh_CN").label("a name {with braces}") == "a name {with braces}"  # a name is written as it is


def _texts(view, language):
    yield write(view.heading, language)
    yield write(view.verdict, language)
    for section in view.sections:
        yield write(section.title, language)
        for row in section.rows:
            yield write(row.label, language)
            yield write(row.value, language)
            for value in (row.value, *getattr(row.value, "params", {}).values()):
                if isinstance(value, Amount) and value.band is not None:
                    yield band_note(value.band, language).partition("\n")[0]  # then the rows' ids


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_label_of_every_family_is_in_chinese(name, catalog):
    """No label of the view model falls through to English in Chinese (names, units and ids aside)."""
    scenario = GOLDEN[name]
    view = estimate_view(estimate(scenario, catalog.get(scenario.card_id)))
    english = set()
    for text in _texts(view, "zh_CN"):
        english |= {w for w in re.findall(r"[A-Za-z][a-z]{3,}", text)}
    card_words = set(re.findall(r"[A-Za-z]+", " ".join(c.name + " " + c.vendor for c in catalog.cards)))
    shown = model_name(scenario.model.name)  # the heading's 'DeepSeek V3', read as 'Deep' and 'Seek' below
    card_words |= set(re.findall(r"[A-Za-z]+", scenario.model.name)) | set(re.findall(r"[A-Za-z][a-z]{3,}", shown))
    allowed = {"vLLM", "Hugging", "Face", "transformers", "Poisson", "llama", "Llama", "None"}
    assert english - card_words - allowed == set(), english


@pytest.mark.parametrize("name", ["pretrain-8b-1xh100", "serve-70b-8xh100", "vdi-200-users-l40s",
                                  "transcode-300-streams-l4", "render-2000-frames-rtx6000ada"])
def test_each_family_builds_memory_speed_and_cost(name, catalog):
    scenario = GOLDEN[name]
    est = estimate(scenario, catalog.get(scenario.card_id))
    view = estimate_view(est)
    assert [s.key for s in view.sections] == ["memory", "speed", "cost"]
    memory = {row.label: row for row in view.section("memory").rows}
    assert write(memory["Memory per card"].value).startswith(numbers.gib(est.memory.fit_total))  # what the run needs
    assert all(row.value is not None or row.label == "Weights" for s in view.sections for row in s.shown(False)
               if row.key not in ("cards_needed", "servers_needed", "boards_needed", "weight_format"))
    assert words("en").label("Memory per card") == "Memory per card"


def test_every_card_view_is_worded_in_chinese(catalog):
    """The card browser's details and `catalog show` (issue 14, part 5): every heading, label, level and
    template of every card's view is in the one catalogue's Chinese; names (frameworks, links, PCIe, ECC)
    and free text from the catalog (sources, notes, rules) are written as they are."""
    from configurator.core.view import card_view as cv

    chinese = Words("zh_CN")._labels
    names = {"PCIe", "ECC", "vGPU", "ECCN 3A090", "", "NVLink", "Infinity Fabric", "ICI", "HCCS", "MLU-Link", "BLink",
             "MTLink", "Gen{gen} x{lanes}", "{name} [{id}]", "{low} – {high}", "{n} {type}"}
    ids = set()
    from configurator.core.view import card_classes_view as ccv
    from configurator.core.view.names import CLASSES

    for mapping in (CLASSES, ccv.FURTHER_CLASSES, ccv.FURTHER_WORK, cv.LINKS, cv.EXPORT, cv.VGPU, cv.CONFIDENCE,
                    cv.PRICE_KINDS, cv.SUPPORT):
        ids |= set(mapping.values())
    for card in catalog.cards:
        view = cv.card_view(card)
        templates = [view.heading, view.verdict] + [s.title for s in view.sections] + [
            row.label for s in view.sections for row in s.rows if not row.key.startswith("software.")]
        templates += [row.value for s in view.sections for row in s.rows if isinstance(row.value, Phrase)]
        ids |= {t.template if isinstance(t, Phrase) else t for t in templates}
    assert {i for i in ids if i not in chinese} - names == set()


def test_a_card_view_keeps_the_catalog_numbers(catalog):
    from configurator.core.view.card_view import card_view

    rows = {row.key: row for section in card_view(catalog.get("h100-sxm")).sections for row in section.rows}
    assert write(rows["bf16_tflops"].value) == f"990{NBSP}TFLOP/s" and write(rows["memory_gb"].value).startswith(
        f"80{NBSP}GB")
    assert write(rows["tdp_w"].value, "zh_CN") == f"700{NBSP}W"
    assert write(rows["bandwidth_gbps"].value) == f"3,350{NBSP}GB/s"
