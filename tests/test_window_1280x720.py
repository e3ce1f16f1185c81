"""A 1280 × 720 window with the bill of materials open, in English and Chinese (ui46): nothing cut. The
memory chart's legend, too wide and too tall for its short view, is named under its title instead (it was cut
at the right, "Cache (given bac", and covered the counts over the bars); the counts are written short where
'1,024 cards' ran into the next bar's, with their unit still ('×1,024', '1,024 张'; ui46 wrote a bare '1,024');
the bill's panel fits its dock, so the rent-against-buy chart's utilisation axis and its title are in view (the
panel scrolled them below the dock's edge)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset

BILL = {"workload": "pretrain", "card_id": "h100-sxm", "count": 1024, "precision": "bf16"}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_nothing_is_cut_at_1280x720_with_the_bill_open(qtbot, tmp_path, monkeypatch, language):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox, QScrollArea

    from configurator.app import i18n
    from configurator.app.main import build_main_window

    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: QMessageBox.StandardButton.Discard)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", language)
    window = build_main_window(settings)
    qtbot.addWidget(window)
    try:
        window.resize(1280, 720)
        window.show()
        controller = window.controller
        controller.apply_many({**BILL, "model": preset("llama3-70b").model_dump()})
        controller.set_compared(["rtx-6000-ada", "a40", "h100-pcie"])
        bill = window.toggle_bill_of_materials(True)
        controller.recompute()
        qtbot.waitUntil(lambda: controller.analysis is not None and controller.analysis.complete, timeout=60_000)
        qtbot.waitUntil(lambda: bill.cost is not None, timeout=10_000)
        qtbot.wait(300)
        area = next(w for w in _ancestors(bill) if isinstance(w, QScrollArea))
        assert area.verticalScrollBar().maximum() == 0  # the whole panel in the dock
        axis = bill.chart.getPlotItem().getAxis("bottom")
        assert axis.isVisible() and bill.chart.mapTo(area.viewport(), bill.chart.rect().bottomLeft()).y() <= \
            area.viewport().height()
        chart = window.memory_chart
        view = chart.getPlotItem().vb.sceneBoundingRect()
        if chart.legend.isVisible():
            assert view.contains(chart.legend.sceneBoundingRect())
        else:
            title = chart.getPlotItem().titleLabel.text.replace("\u00a0", " ").replace("\u2060", "")
            assert ("Usable capacity" if language == "en" else "可用容量") in title
        counts = sorted((c.sceneBoundingRect() for c in chart.counts if c.isVisible()), key=lambda r: r.left())
        assert counts and all(a.right() <= b.left() for a, b in zip(counts, counts[1:], strict=False))
        unit = ("×", "card") if language == "en" else ("张",)  # '×1,024' / '1,024 张', never the bare '1,024'
        assert all(any(u in c.textItem.toPlainText() for u in unit) for c in chart.counts if c.isVisible())
    finally:
        window.controller.undo_stack.setClean()
        i18n.install_language("en")


def _ancestors(widget):
    while widget is not None:
        yield widget
        widget = widget.parentWidget()
