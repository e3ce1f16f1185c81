"""The configuration summary: PDF pages and text in both languages, exports, CLI and menu."""

from __future__ import annotations

import csv
import io
import json
import shutil
import re
import subprocess

import pytest
from PySide6.QtWidgets import QMessageBox

from configurator.app.main import default_scenario
from configurator.app.report_export import export
from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import Economics, Scenario, updated
from configurator.report.render import to_csv, to_json, to_markdown
from configurator.report.summary import build_summary, gib, num

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def inference_scenario() -> Scenario:
    return Scenario(name="Chat service", model=preset("llama3-8b"), card_id="l40s", count=2, workload="inference",
                    serving={"concurrency": 16, "context": 4096, "prompt_tokens": 1024, "output_tokens": 256})


def pdf_text(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def pdf_pages(path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


@needs_poppler
@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("make", [default_scenario, inference_scenario])
def test_pdf_has_the_estimates_numbers(qapp, tmp_path, catalog, language, make):
    scenario = make()
    path = tmp_path / f"summary-{language}.pdf"
    export(scenario, catalog, path, language)
    assert 2 <= pdf_pages(path) <= 7  # 7 since December 2026: 2 × L40S's English summary ran to 6 full pages,
    # and its alternatives grew a row (8 × Ascend 910C A3 server, modules bought by the server) and a
    # longer "price decides" sentence, which put the approval block on a 7th
    text = " ".join(pdf_text(path).split())  # split() also splits at the no-break space of "53.8 GiB"
    est = estimate(scenario, catalog.get(scenario.card_id))
    assert est.card.name in text
    assert f"{scenario.count} × {est.card.name}" in text
    assert " ".join(gib(est.memory.total).split()) in text
    if est.training:
        assert num(est.training.gpu_hours, 4) in text
        summary = build_summary(est, catalog, language)
        assert " ".join(dict(summary.headline)[list(dict(summary.headline))[1]].split()) in text  # the capex
    else:
        assert num(est.serving.tpot_s * 1000) in text
    if language == "zh_CN":
        assert "配置方案摘要" in text and "每卡显存" in text and "物料清单" in text


@needs_poppler
def test_pdf_embeds_cjk_font(qapp, tmp_path, catalog):
    path = tmp_path / "zh.pdf"
    export(default_scenario(), catalog, path, "zh_CN")
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    assert "WenQuanYi" in fonts and " yes " in fonts


def test_markdown_csv_json_round_trip_numbers(catalog):
    est = estimate(default_scenario(), catalog.get("h100-sxm"))
    summary = build_summary(est, catalog, "en")
    md = to_markdown(summary)
    assert gib(est.memory.total) in md and summary.recommendation in md
    rows = list(csv.reader(io.StringIO(to_csv(summary))))
    memory_rows = {r[1]: r[2] for r in rows if r[0] == "memory"}
    assert memory_rows["Total"].startswith(gib(est.memory.total) + " (likely ")  # with its likely range
    data = json.loads(to_json(summary))
    assert data["estimate"]["memory"]["total"] == _json(est)["memory"]["total"]
    assert data["estimate"]["time"]["gpu_hours"] == pytest.approx(est.training.gpu_hours, rel=1e-5)
    assert data["estimate"]["scenario"]["count"] == 8
    assert 1 <= len(data["alternatives"]) <= 6 and data["bom"]["capex"] > 0


def test_alternatives_are_other_cards_that_fit(catalog):
    est = estimate(default_scenario(), catalog.get("h100-sxm"))
    summary = build_summary(est, catalog, "en")
    assert all(a.card.id != "h100-sxm" and a.fits for a in summary.alternatives)
    assert 3 <= len(summary.alternatives) <= 6


def test_chinese_warnings_come_from_the_message_catalogue(catalog):
    scenario = Scenario(model=preset("llama3-70b"), card_id="rtx-4090", workload="inference")
    summary = build_summary(estimate(scenario, catalog.get("rtx-4090")), catalog, "zh_CN")
    assert any("显存不足" in text for text in summary.warnings)


def test_existing_file_survives_failed_export(tmp_path, catalog, monkeypatch):
    path = tmp_path / "summary.md"
    path.write_text("old")
    import configurator.app.report_export as report_export

    def broken(summary):
        raise OSError("disk full")

    monkeypatch.setitem(report_export.TEXT_FORMATS, ".md", broken)
    with pytest.raises(OSError):
        export(default_scenario(), catalog, path)
    assert path.read_text() == "old"


def test_cli_report_from_file_and_flags(tmp_path, capsys):
    from configurator.core.scenario_io import write_scenario

    scenario_path = tmp_path / "job.gpuconf.json"
    write_scenario(scenario_path, default_scenario())
    out = tmp_path / "s.json"
    assert main(["report", str(scenario_path), "-o", str(out)]) == 0
    assert json.loads(out.read_text())["estimate"]["card"]["id"] == "h100-sxm"
    out_md = tmp_path / "s.md"
    assert main(["report", "-o", str(out_md), "--model", "llama3-8b", "--card", "l4", "--workload", "inference",
                 "--lang", "zh_CN"]) == 0
    assert "物料清单" in out_md.read_text() and "USD" not in out_md.read_text().replace("CNY/USD", "")
    assert main(["report", "-o", str(tmp_path / "missing" / "x.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_menu_exports_and_preview(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings

    from configurator.app.controller import ScenarioController
    from configurator.app.main_window import MainWindow

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    controller = ScenarioController(load_catalog(), default_scenario())
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.export_summary(tmp_path / "menu.pdf")
    assert (tmp_path / "menu.pdf").stat().st_size > 10_000
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    assert not window.export_summary(tmp_path / "nowhere" / "x.pdf")
    assert shown
    document = window.summary_document()
    assert "Configuration summary" in document.toPlainText()
    preview = window.print_preview()
    qtbot.addWidget(preview)
    preview.close()


# ---- the summary for approval (issue 12) ----------------------------------------------------

from datetime import date  # noqa: E402

from configurator.core.currency import in_language_currency  # noqa: E402
from configurator.core.scenario import LAYOUT_FIELDS  # noqa: E402
from configurator.report.language import Words  # noqa: E402
from configurator.report.summary import job_description, summary_title  # noqa: E402
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost


def _json(est):
    """The estimate's JSON with its deployment cost."""
    return estimate_to_dict(est, deployment_cost(est))


def training_70b() -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1024, workload="pretrain",
                    training={"tokens": 2e12, "seq_len": 8192}, auto_layout=LAYOUT_FIELDS)


def serving_70b() -> Scenario:
    return Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                    serving={"concurrency": 200}, auto_layout=LAYOUT_FIELDS)


def vdi() -> Scenario:
    return Scenario(model=preset("llama3-8b"), card_id="l40s", count=4, workload="vdi", graphics={"users": 64})


def test_title_is_the_name_or_a_description_of_the_job():
    en, zh = Words("en"), Words("zh_CN")
    assert summary_title(serving_70b(), en) == "Serve Llama 3 70B to 200 users at once"
    assert summary_title(serving_70b(), zh) == "为 200 位同时在线用户提供 Llama 3 70B 推理服务"
    assert summary_title(training_70b(), en) == "Pre-train Llama 3 70B on 2T tokens"  # numbers.token_count
    assert job_description(vdi(), en) == "Virtual desktops for 64 users, 1 GiB vGPU each (knowledge worker, 1\u00a0×\u00a01080p)"
    designers = updated(vdi(), graphics={"users": 40, "user_class": "designer", "resolution": "2160p"})
    assert job_description(designers, zh) == "为 40 位用户提供虚拟桌面，每个 8 GiB vGPU（设计人员，1\u00a0×\u00a02160p）"
    assert summary_title(inference_scenario(), en) == "Chat service"


def test_headline_bom_and_tco_agree(catalog):
    est = estimate(training_70b(), catalog.get("h100-sxm"))
    summary = build_summary(est, catalog, "en", today=date(2026, 12, 1))
    headline = dict(summary.headline)
    cost = summary.cost
    # held together by a no-break space, then what it covers (issue 24 part 4)
    assert headline["Capex"].startswith(f"{cost.ownership.capex:,.0f}\u00a0USD — accelerators, servers")
    assert headline["Total cost of ownership over 4 years"] == f"{cost.ownership.tco:,.0f}\u00a0USD"
    assert cost.bom.capex == pytest.approx(sum(line.total for line in cost.bom.purchases if line.total is not None))
    bom = next(t for t in summary.tables if t.key == "bom")
    assert len(bom.rows) >= len(cost.bom.lines)  # every line, then the sums
    unpriced = [row for row in bom.rows if row[3] == "no price — enter a quote"]
    assert len(unpriced) == len(cost.bom.unpriced)
    tco = dict(next(t for t in summary.tables if t.key == "tco").rows)
    assert tco["Break-even utilisation"].endswith("\u00a0%")
    assert summary.charts and summary.charts[0].marker == pytest.approx(100 * cost.break_even_utilisation)
    assert dict(summary.approval).keys() >= {"Prepared by", "Approved by", "Signature"}
    assert not any("shared/" in s or "reference/" in s.split("://")[0] for s in summary.sources)


def test_your_choice_beside_recommended_with_the_saving(catalog):
    est = estimate(serving_70b(), catalog.get("h100-sxm"))
    summary = build_summary(est, catalog, "en")
    assert summary.recommendation.startswith("Your choice: 8 × H100")
    assert "Recommended by lowest total cost of ownership" in summary.recommendation
    assert "less over 4 years" in summary.recommendation
    alternatives = next(t for t in summary.tables if t.key == "alternatives")
    ranked = [row for row in alternatives.rows if row[0] != "—"]
    per_unit = [float(row[6].split()[0].replace(",", "")) for row in ranked]
    assert per_unit == sorted(per_unit)  # ranked by the objective, one basis
    assert any("(your choice)" in row[1] for row in ranked)


def test_chinese_summary_is_in_cny_with_the_chinese_electricity_price(catalog):
    scenario = in_language_currency(serving_70b(), "zh_CN")
    assert scenario.economics.currency == "CNY" and scenario.economics.usd_to_currency > 7
    assert scenario.economics.electricity_per_kwh == pytest.approx(0.63)
    summary = build_summary(estimate(scenario, catalog.get("h100-sxm")), catalog, "zh_CN")
    text = to_markdown(summary)
    assert "USD" not in text.replace("CNY/USD", "")
    assert in_language_currency(scenario, "en").economics.electricity_per_kwh == pytest.approx(Economics().electricity_per_kwh)
    user_set = Scenario.model_validate({**serving_70b().model_dump(), "economics": {"currency": "EUR",
                                                                                    "usd_to_currency": 0.9}})
    assert in_language_currency(user_set, "zh_CN") == user_set


ALLOWED_ASCII = re.compile(
    r"^(?:[\d.,%×/+−-]+|[A-Z0-9][A-Za-z0-9.+/-]*|[a-z]?[A-Z0-9]+[a-z]*|GiB|GB|TB|kW|kWh|W|s|ms|h|px|fps|"
    r"CNY(?:/kWh|/USD)?|TFLOP/s|TOPS|Gb/s|GB/s|GPU-h|arXiv|[\w.-]+\.[a-z]{2,}(?:/\S*)?)$")


WORD = r"[A-Za-z][A-Za-z0-9.+/_:-]*"


def ascii_words_outside_allow_list(text: str, catalog, addresses: set[str] = frozenset()) -> set[str]:
    """English words in ``text`` other than units, card names, ids, numbers and addresses (web
    addresses cited as sources; ``addresses`` are their pieces where the PDF wraps them)."""
    names = {word for card in catalog.cards for word in re.findall(WORD, f"{card.vendor} {card.name} {card.id}")}
    words = set(re.findall(WORD, text))
    return {w for w in words if w not in names and not any(w in a for a in addresses)
            and not ALLOWED_ASCII.match(w) and "." not in w}


def calibration_row_words(words: set[str]) -> set[str]:
    """Those of ``words`` that are the calibration rows' ids or names (model and cards) the summary
    names behind its likely ranges ('h200:train b4 s2048 amp_bf16 adamw', 'published:tp-korth-22b'): identifiers, not text to
    translate — a whole word of an id, or an id-like piece of one (with a digit, '-', ':' or '_')
    where the PDF wraps it."""
    from configurator.core.uncertainty import error_bands

    ids = [row for kind in error_bands()["kinds"].values() for row in kind["all"]["row_ids"]]
    ids += list(error_bands()["row_names"].values())  # the summary names them: model and cards
    whole = {word for row in ids for word in re.findall(WORD, row)}
    return {w for w in words if w in whole or (re.search(r"[\d:_-]", w) and any(w in row for row in ids))}


def typed_identifiers(words: set[str]) -> set[str]:
    """Those of ``words`` a buyer types as they are, named by the bill of materials' note on quotes
    (session 24): the price file's item ids (a whole id, or an id-like piece of one where the PDF
    wraps it), the quotes file's column names and the command line's option."""
    from configurator.core.procurement.prices import QUOTE_COLUMNS, bundled_price_book

    ids = list(bundled_price_book().items)
    typed = {*QUOTE_COLUMNS, "--quotes", "quotes", "FILE"}
    return {w for w in words if w in typed or w in ids or ("-" in w and any(w in item for item in ids))
            or any(item.endswith(f"-{w}") for item in ids)}  # the last piece of an id the PDF wraps at its '-'


@needs_poppler
@pytest.mark.parametrize("make", [training_70b, serving_70b, vdi])
def test_chinese_pdf_has_no_english_words(qapp, tmp_path, catalog, make):
    from configurator.report.language import _ADDRESS

    path = tmp_path / "zh.pdf"
    summary = export(in_language_currency(make(), "zh_CN"), catalog, path, "zh_CN")
    markdown = to_markdown(summary)
    assert summary.sources
    for source in summary.sources:  # cited by address only, nothing to translate
        assert all(_ADDRESS.fullmatch(part) for part in source.split("; ")), source
    pieces = set(_ADDRESS.findall(markdown))
    english = ascii_words_outside_allow_list(markdown, catalog, pieces)
    assert english - calibration_row_words(english) - typed_identifiers(english) == set()
    text = pdf_text(path)
    english = ascii_words_outside_allow_list(text, catalog, pieces)
    assert english - calibration_row_words(english) - typed_identifiers(english) == set()
    # a dated rate is named by its currency pair (CNY/USD; EUR/USD where a euro quote is converted): no amount in USD
    assert "USD" not in re.sub(r"\b[A-Z]{3}/USD\b", "", text) and "shared/" not in text


@needs_poppler
def test_pdf_keeps_headings_with_what_they_head(qapp, tmp_path, catalog):
    from configurator.app.report_export import chart_images, summary_for
    from configurator.report.document import _body_size, build_document

    summary, analysis = summary_for(training_70b(), catalog, "en")
    document = build_document(summary, chart_images(analysis))
    height, layout = _body_size().height(), document.documentLayout()
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() >= 2 and block.next().isValid():
            top = layout.blockBoundingRect(block).top()
            below = layout.blockBoundingRect(block.next()).bottom()
            assert top // height == (below - 1) // height, block.text()
        block = block.next()


@needs_poppler
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_heading_of_the_pdf_is_printed(qapp, tmp_path, catalog, language):
    """A page break set on one heading left every block after it unlaid: the Chinese serving
    summary printed its tables from page 3 on without their headings (价格何时决定排名, 加速卡 …
    missing from the PDF's text)."""
    from configurator.app.report_export import chart_images, summary_for
    from configurator.report.document import build_document, write_pdf

    summary, analysis = summary_for(serving_70b(), catalog, language)
    document = build_document(summary, chart_images(analysis))
    headings, block = [], document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() >= 2:
            assert block.layout().lineCount() == 1, block.text()
            headings.append(block.text())
        block = block.next()
    path = tmp_path / "summary.pdf"
    write_pdf(document, path)
    text = "".join(pdf_text(path).split())
    missing = [h for h in headings if "".join(h.split()) not in text]
    assert missing == []


def test_cli_report_in_chinese_is_in_cny(tmp_path):
    out = tmp_path / "s.json"
    assert main(["report", "-o", str(out), "--model", "llama3-8b", "--card", "l4", "--workload", "inference",
                 "--lang", "zh_CN", "--name", "推理集群"]) == 0
    data = json.loads(out.read_text())
    assert data["estimate"]["scenario"]["economics"]["currency"] == "CNY"
    assert data["bom"]["currency"] == "CNY"
    md = tmp_path / "s.md"
    assert main(["report", "-o", str(md), "--model", "llama3-8b", "--card", "l4", "--workload", "inference",
                 "--name", "Inference pod"]) == 0
    assert md.read_text().startswith("# Inference pod")


def test_switching_language_is_not_an_edit(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings

    from configurator.app import i18n
    from configurator.app.controller import ScenarioController
    from configurator.app.main_window import MainWindow

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    controller = ScenarioController(load_catalog(), default_scenario())
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    try:
        controller.apply("count", 16)
        steps = controller.undo_stack.count()
        controller.mark_saved(tmp_path / "x.gpuconf.json")
        window.set_language("zh_CN")
        assert controller.scenario.economics.currency == "CNY"
        assert controller.scenario.economics.electricity_per_kwh == pytest.approx(0.63)
        assert not controller.is_modified and controller.undo_stack.count() == steps
        controller.undo_stack.undo()  # history is in the new currency too
        assert controller.scenario.count == 8 and controller.scenario.economics.currency == "CNY"
    finally:
        i18n.install_language("en")


@pytest.mark.parametrize("make", [training_70b, vdi])
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_summary_card_table_is_the_card_view(catalog, make, language):
    """The summary's card table writes the card's view model (what the card browser and `catalog show`
    write): each of its rows is the card view's row of that key, in the same words (issue 14, part 5)."""
    from configurator.core.view.card_view import card_view
    from configurator.core.view.rows import label, write
    from configurator.report.technical import card_keys

    scenario = make()
    est = estimate(scenario, catalog.get(scenario.card_id))
    table = next(t for t in build_summary(est, catalog, language).tables if t.key == "card")
    view = card_view(est.card)
    rows = {row.key: row for section in view.sections for row in section.rows}
    expected = [(label("Card", language), write(view.heading, language))]
    expected += [(label(rows[k].label, language), write(rows[k].value, language)) for k in card_keys(est)
                 if write(rows[k].value, language) != "—" or k not in ("link_gbps", "usable_memory_gib")]
    estimated = rows["usable_memory_gib"].value is None  # the estimate's own figure instead (not the card's)
    shown = [row for row in table.rows if not (estimated and row[0] == label("Usable memory", language))]
    assert shown[:len(expected)] == expected
    assert [r[0] for r in shown[len(expected):]] == [label("Confidence", language), label("Sources", language)]
