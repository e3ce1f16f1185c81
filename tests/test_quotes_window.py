"""File ▸ Load Price Quotes… and Clear Price Quotes: the buyer's quotes go into the scenario as one
undoable step, the bill of materials is priced from them ("your quote: vendor"), the status bar
says how many were applied and which were ignored, in English and Chinese."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from configurator.app import i18n

SHOTS = Path("/tmp/shots/book")
QUOTES = ("item,unit_price,currency,date,vendor\n"
          "server-hgx-8,45000,USD,2026-11,Acme\n"
          "no-such-item,1,USD,2026-11,Acme\n")


def _quotes_file(tmp_path, text: str = QUOTES) -> Path:
    path = tmp_path / "quotes.csv"
    path.write_text(text, encoding="utf-8")
    return path


def _choose_file(monkeypatch, path: Path | None) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path) if path else "", ""))


def _load(qtbot, window, monkeypatch, path: Path) -> None:
    _choose_file(monkeypatch, path)
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=30_000):
        window.load_quotes_action.trigger()


def _bom_sources(window) -> dict[str, str]:
    panel = window.toggle_bill_of_materials(True)
    panel.update_from(window.controller.analysis)
    table = panel.lines
    return {table.item(row, 0).text(): table.item(row, 4).text() for row in range(table.rowCount())}


def _shot(window, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    window.resize(1500, 950)  # a laptop's window: the status bar's message whole
    window.grab().save(str(SHOTS / name))


def _file_menu(window):
    return window.menuBar().actions()[0].menu()


def test_loading_quotes_prices_the_bill_from_them_as_one_undoable_step(qtbot, window, monkeypatch, tmp_path):
    assert not window.clear_quotes_action.isEnabled()
    assert window.load_quotes_action in _file_menu(window).actions()
    steps = window.controller.undo_stack.count()
    _load(qtbot, window, monkeypatch, _quotes_file(tmp_path))
    quotes = window.controller.scenario.economics.quotes
    assert [q.item for q in quotes] == ["server-hgx-8", "no-such-item"]
    assert window.controller.undo_stack.count() == steps + 1
    assert window.controller.undo_stack.undoText() == "Load price quotes from quotes.csv"
    said = window.statusBar().currentMessage()
    assert said == ("Price quotes from quotes.csv: 1 of 2 applied; "
                    "quote for unknown item 'no-such-item' ignored")
    assert window.clear_quotes_action.isEnabled()
    sources = _bom_sources(window)
    assert "your quote: Acme (2026-11)" in sources.values()
    server = next(line for line in window.bom_panel.cost.bom.lines if line.item_id == "server-hgx-8")
    assert server.unit_price == 45000.0
    _shot(window, "window-quotes-en.png")
    window.controller.undo_stack.undo()
    assert window.controller.scenario.economics.quotes == () and not window.clear_quotes_action.isEnabled()
    window.controller.undo_stack.redo()
    assert len(window.controller.scenario.economics.quotes) == 2


def test_clear_price_quotes_goes_back_to_the_price_file(qtbot, window, monkeypatch, tmp_path):
    _load(qtbot, window, monkeypatch, _quotes_file(tmp_path))
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=30_000):
        window.clear_quotes_action.trigger()
    assert window.controller.scenario.economics.quotes == ()
    assert window.statusBar().currentMessage().startswith("Price quotes cleared")
    assert not any("your quote" in source for source in _bom_sources(window).values())
    window.controller.undo_stack.undo()
    assert len(window.controller.scenario.economics.quotes) == 2


def test_a_file_that_cannot_be_read_is_refused_and_the_scenario_kept(qtbot, window, monkeypatch, tmp_path):
    refusals = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: refusals.append((title, text)))
    before, steps = window.controller.scenario, window.controller.undo_stack.count()
    _choose_file(monkeypatch, _quotes_file(tmp_path, "item,unit_price\nnic-400g,1\n"))
    window.load_quotes_action.trigger()
    assert refusals and refusals[0][0] == "Cannot load price quotes" and "the header must name" in refusals[0][1]
    assert window.controller.scenario is before and window.controller.undo_stack.count() == steps
    _choose_file(monkeypatch, None)  # cancelled
    assert window.load_quotes_dialog() is False and window.controller.undo_stack.count() == steps


def test_saved_and_opened_with_the_scenario(qtbot, window, monkeypatch, tmp_path):
    _load(qtbot, window, monkeypatch, _quotes_file(tmp_path))
    from configurator.core.scenario_io import read_scenario, write_scenario

    path = tmp_path / "quoted.gpuconf.json"
    write_scenario(path, window.controller.scenario)
    assert read_scenario(path).economics.quotes == window.controller.scenario.economics.quotes
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=30_000):
        window.new_scenario()
    assert window.controller.scenario.economics.quotes == () and not window.clear_quotes_action.isEnabled()
    with qtbot.waitSignal(window.controller.analysis_changed, timeout=30_000):
        assert window.open_path(path)
    assert len(window.controller.scenario.economics.quotes) == 2 and window.clear_quotes_action.isEnabled()
    assert window.statusBar().currentMessage().startswith("Price quotes from quoted.gpuconf.json: 1 of 2 applied")


def test_in_chinese(qtbot, window, monkeypatch, tmp_path):
    window.set_language("zh_CN")
    try:
        assert window.load_quotes_action.text() == "载入报价(&U)…"
        assert window.clear_quotes_action.text() == "清除报价(&L)"
        _load(qtbot, window, monkeypatch, _quotes_file(tmp_path))
        assert window.statusBar().currentMessage() == \
            "quotes.csv 中的报价：已采用 1 条，共 2 条；未知项目 'no-such-item' 的报价已忽略"
        assert window.controller.undo_stack.undoText() == "从 quotes.csv 载入报价"
        assert "您的报价：Acme（2026-11）" in _bom_sources(window).values()  # Chinese brackets (session 28)
        _shot(window, "window-quotes-zh.png")
        menu = _file_menu(window)
        menu.adjustSize()
        menu.grab().save(str(SHOTS / "file-menu-zh.png"))
    finally:
        window.set_language("en")
        i18n.install_language("en")
    menu = _file_menu(window)
    menu.adjustSize()
    menu.grab().save(str(SHOTS / "file-menu-en.png"))


SKIPPING = ("item,unit_price,currency,date,vendor\n"
            "server-hgx-8,45000,USD,2026-11,Acme\n"
            "nic-400g,1O00,USD,2026-11,Acme\n"  # a letter O for a zero
            "switch-400g,900,USD,15.11.2026,Acme\n")


def _skipped_box(window) -> QMessageBox:
    boxes = [box for box in window.findChildren(QMessageBox, "skipped-quotes") if box.isVisible()]
    assert len(boxes) == 1
    return boxes[0]


def test_rows_with_a_problem_are_skipped_named_in_a_dialog_and_the_rest_loaded(qtbot, window, monkeypatch, tmp_path):
    _load(qtbot, window, monkeypatch, _quotes_file(tmp_path, SKIPPING))
    assert [q.item for q in window.controller.scenario.economics.quotes] == ["server-hgx-8"]
    box = _skipped_box(window)
    assert box.windowTitle() == "Some price quotes were skipped"
    assert box.text() == "quotes.csv: 1 of 3 quotes loaded; rows skipped for a problem: 2"
    assert box.informativeText().splitlines() == [
        "row 3, column B (unit_price): '1O00' is not an amount in digits 0-9 (e.g. 12500 or 12500.50)",
        "row 4, column D (date): '15.11.2026' is not a date; write it year first: 2026-01-15, 2026-01 or 2026"]
    assert box.detailedText() == box.informativeText()
    SHOTS.mkdir(parents=True, exist_ok=True)
    box.grab().save(str(SHOTS / "quotes-skipped-en.png"))
    box.close()


def test_the_skipped_rows_past_ten_are_counted_and_all_in_the_details(qtbot, window, monkeypatch, tmp_path):
    bad = "".join(f"item-{n},x{n},USD,2026-11,V\n" for n in range(14))
    _load(qtbot, window, monkeypatch, _quotes_file(tmp_path, SKIPPING.split("nic", 1)[0] + bad))
    box = _skipped_box(window)
    shown = box.informativeText().splitlines()
    assert len(shown) == 11 and shown[-1] == "… and 4 more (every one under Show Details)"
    assert len(box.detailedText().splitlines()) == 14
    box.close()


def test_no_dialog_where_no_row_was_skipped(qtbot, window, monkeypatch, tmp_path):
    _load(qtbot, window, monkeypatch, _quotes_file(tmp_path))
    assert not [box for box in window.findChildren(QMessageBox, "skipped-quotes") if box.isVisible()]


def test_the_skipped_rows_in_chinese(qtbot, window, monkeypatch, tmp_path):
    window.set_language("zh_CN")
    try:
        _load(qtbot, window, monkeypatch, _quotes_file(tmp_path, SKIPPING))
        box = _skipped_box(window)
        assert box.windowTitle() == "部分报价已跳过"
        assert box.text() == "quotes.csv：已载入 3 条中的 1 条报价；因有问题跳过 2 行"
        assert box.informativeText().splitlines()[0] == \
            "第 3 行第 B 列（unit_price）：'1O00' 不是用数字 0-9 写的金额（例如 12500 或 12500.50）"
        SHOTS.mkdir(parents=True, exist_ok=True)
        box.grab().save(str(SHOTS / "quotes-skipped-zh.png"))
        box.close()
    finally:
        window.set_language("en")
        i18n.install_language("en")
