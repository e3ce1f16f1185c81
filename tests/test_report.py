"""The configuration summary: PDF pages and text in both languages, exports, CLI and menu."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess

import pytest
from PySide6.QtWidgets import QMessageBox

from configurator.app.main import default_scenario
from configurator.app.report_export import export
from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario
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
    assert 1 <= pdf_pages(path) <= 3
    text = " ".join(pdf_text(path).split())
    est = estimate(scenario, catalog.get(scenario.card_id))
    assert est.card.name in text
    assert f"{scenario.count} × {est.card.name}" in text
    assert gib(est.memory.total) in text
    if est.training:
        assert num(est.training.gpu_hours, 4) in text
        assert num(est.costs.cloud) in text.replace(",", ",")
    else:
        assert num(est.inference.tpot_s * 1000) in text
    if language == "zh_CN":
        assert "配置方案摘要" in text and "每卡显存" in text


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
    assert memory_rows["Total"] == gib(est.memory.total)
    data = json.loads(to_json(summary))
    assert data["estimate"]["memory"]["total"] == est.to_dict()["memory"]["total"]
    assert data["estimate"]["time"]["gpu_hours"] == pytest.approx(est.training.gpu_hours, rel=1e-5)
    assert data["estimate"]["scenario"]["count"] == 8
    assert 1 <= len(data["alternatives"]) <= 5


def test_alternatives_are_other_cards_that_fit(catalog):
    est = estimate(default_scenario(), catalog.get("h100-sxm"))
    summary = build_summary(est, catalog, "en")
    assert all(a.card.id != "h100-sxm" and a.fits for a in summary.alternatives)
    assert 3 <= len(summary.alternatives) <= 5


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
    assert "配置方案摘要" in out_md.read_text()
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
