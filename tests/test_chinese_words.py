"""One word for one thing in Chinese (issue 30, part 7): 词元 for "token" everywhere, the
calibration rows behind a likely range by name, not id, and a price that was searched for and
not found said in Chinese."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.messages import CATALOGUES
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.scenario import Scenario
from configurator.core.uncertainty import error_bands, headline_bands, row_name
from configurator.report.language import ZH_CN, searched, searched_note
from configurator.report.render import to_markdown
from configurator.report.summary import build_summary

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "i18n" / "gpu_configurator_zh_CN.ts"


def chinese_texts() -> list[str]:
    texts = list(ZH_CN.values()) + list(CATALOGUES["zh_CN"].values())
    for message in ET.parse(TS).getroot().iter("message"):
        translation = message.find("translation")
        texts += [translation.text or ""] + [form.text or "" for form in translation.iter("numerusform")]
    return texts


def test_token_is_ci_yuan_in_every_chinese_text():
    """"每百万 token" beside "每百万词元": one word. Engine option names (max_num_batched_tokens,
    --chunked-prefill-size) are code and stay."""
    code = re.compile(r"\{[^}]*\}|\S*_\S*|--[\w-]+")  # placeholders and option names
    mixed = [t for t in chinese_texts() if re.search(r"(?<![A-Za-z])tokens?(?![A-Za-z])", code.sub(" ", t), re.I)]
    assert mixed == []
    assert any("每百万词元" in t for t in chinese_texts())


def test_every_calibration_row_behind_a_band_has_a_name():
    bands = error_bands()
    ids = {row for kind in bands["kinds"].values() for row in kind["all"]["row_ids"]}
    assert ids <= set(bands["row_names"])
    assert row_name("published:it-trt06-70b-h100") == "LLaMA 70B · 2 × H100 SXM5 80GB"
    assert row_name("h200:train b4 s2048 bf16 adamw") == "llama3.2-1b · 1 × H200 SXM 141GB"


def test_the_summary_names_the_calibration_rows():
    catalog = load_bundled_catalog()
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id="h100-sxm", count=8,
                        serving={"concurrency": 200}, parallelism={"tp": 8})  # fits: a no-fit shows no speed bands
    est = estimate(scenario, catalog.get("h100-sxm"))
    assert est.fits
    for language in ("en", "zh_CN"):
        text = to_markdown(build_summary(est, catalog, language))
        table = text[text.index("| Rows behind the range" if language == "en" else "| 范围所依据的数据"):]
        assert not re.search(r"published:|h200:|h100:|held-out:", table)  # ids before
        assert "LLaMA 70B · 4 × H100 SXM5 80GB" in table
    assert "（2 行）" in text
    band = next(iter(headline_bands(est).values()))
    assert sum(n for _, n in band.row_names) == band.rows


def test_a_price_searched_for_and_not_found_is_said_in_chinese():
    notes = [searched_note(item.source, "zh_CN") for item in bundled_price_book().items.values()
             if searched(item.source)]
    assert notes, "the price file records no search: nothing to check"
    for note in notes:
        assert note.startswith("未找到价格")
        prose = re.sub(r"(?:[\w-]+\.)+[a-z]{2,}(?:/\S*)?|\bInvesting\.com", " ", note)
        assert not re.search(r"[A-Za-z]{4,}", prose), note  # addresses only, no English prose
    english = next(item.source for item in bundled_price_book().items.values() if searched(item.source))
    assert searched_note(english, "en") == english
