"""What-fits and plan agree on a job that fits only with the CPU offload (session 50, fitsoffload50): persona50b
found ``what-fits --owned rtx-4090:2`` saying the Llama 3 8B full fine-tune "does not fit" where ``plan`` and
``estimate`` give it with the optimizer and parameters in host memory. Such a row now says so, with the host
RAM per server, after the rows the cards hold alone, through the command line (text in both languages, JSON) and
the window's What fits dialog; ``--offload none`` keeps "does not fit"; the plan table shows the offload."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from configurator.cli import main
from configurator.core.messages import msg
from configurator.core.what_fits import clear_what_fits_memo, owned_scenario, what_fits
from configurator.core.what_fits_types import TASKS, Verdict, model_choice

SHOTS = Path(os.environ["FITS_OFFLOAD_SHOTS"]) if os.environ.get("FITS_OFFLOAD_SHOTS") else None
"""Where the dialog's pictures go to be looked at (else the test's own folder)."""

ASKED = ["what-fits", "--owned", "rtx-4090:2", "--models", "llama3-8b,llama3.2-1b", "--tasks", "finetune,lora"]


@pytest.fixture(autouse=True)
def _fresh_answers():
    clear_what_fits_memo()
    yield
    clear_what_fits_memo()


def _training_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if "Full fine-tune" in line or "LoRA fine-tune" in line
            or "全参数微调" in line or "LoRA 微调" in line]


def test_a_row_that_fits_only_offloaded_says_so_after_the_rows_on_the_cards(capsys):
    assert main(ASKED) == 0
    lines = _training_lines(capsys.readouterr().out)
    said = "fits only with the optimizer and parameters in host memory"
    offloaded = [i for i, line in enumerate(lines) if said in line]
    assert offloaded and all("Llama 3 8B" in lines[i] and "Full fine-tune" in lines[i] for i in offloaded)
    assert offloaded == list(range(len(lines) - len(offloaded), len(lines)))  # sorted after the others
    assert all("of host RAM per server; slower" in lines[i] and "GiB" in lines[i] for i in offloaded)
    assert all("TP 1" in lines[i] and ("days for" in lines[i] or " h for" in lines[i]) for i in offloaded)
    assert not any("does not fit" in line for line in lines)


def test_offload_pinned_off_keeps_does_not_fit(capsys):
    assert main([*ASKED, "--offload", "none"]) == 0
    lines = _training_lines(capsys.readouterr().out)
    assert not any("host memory" in line for line in lines)
    assert [line for line in lines if "Llama 3 8B" in line and "Full fine-tune" in line and "does not fit" in line]


def test_chinese_says_it_in_its_own_words(capsys):
    assert main([*ASKED, "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert "仅在优化器和参数放入主机内存时可容纳：每台服务器需" in out and "主机内存；较慢" in out
    assert "optimizer" not in out


def test_the_json_gives_its_verdict_host_memory_and_layout(capsys):
    assert main([*ASKED, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    off = [r for r in rows if r["verdict"] == "fits-offloaded"]
    assert off and all(r["model"] == "llama3-8b" and r["task"] == "finetune" for r in off)
    for r in off:
        assert r["fits"] is False  # not on the cards alone
        assert 50 < r["host_gib_per_server"] < 500  # 8B: 16 B per parameter over 2 cards' shards, ~120 GiB
        assert r["layout"]["offload"] == "optimizer+params" and r["training"]["hours"] > 0
    assert all("host_gib_per_server" not in r for r in rows if r["verdict"] != "fits-offloaded")


def test_what_fits_and_estimate_agree_on_the_offloaded_row(catalog):
    answer = what_fits(owned_scenario("rtx-4090", 2, offload=True), catalog, models=(model_choice("llama3-8b"),),
                       tasks=tuple(t for t in TASKS if t.value == "finetune"))
    row = answer.rows[0]
    assert row.verdict is Verdict.OFFLOADED and row.runs and not row.fits
    assert row.estimate.fits and row.estimate.scenario.training.offload_optimizer
    assert row.memory_bytes <= row.usable_bytes


def test_the_plan_table_shows_the_offload(capsys):
    asked = ["plan", "--workload", "finetune", "--model", "llama3-8b", "--card", "rtx-4090", "--count", "2", "--top",
             "1"]
    assert main(asked) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.strip().startswith("tp"))
    assert "CPU offload" in header and "optimizer states, parameters" in out
    assert main([*asked, "--lang", "zh_CN"]) == 0
    out = capsys.readouterr().out
    assert "CPU 卸载" in out and "优化器状态、参数" in out
    assert main(["plan", "--workload", "finetune", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8",
                 "--top", "1"]) == 0
    assert "CPU offload" not in capsys.readouterr().out.split("\n\n")[1]  # no offload: no column


@pytest.mark.parametrize("key", ["offload-planned", "offload-planned-params"])
def test_the_offload_sentences_end_with_a_full_stop(key):
    message = msg(key, count=2, card="GeForce RTX 4090", host_gib=119.7)
    assert message.text_in("en").endswith(").") and message.text_in("zh_CN").endswith("）。")


def test_the_dialog_shows_the_offloaded_row_in_both_languages(qtbot, window, tmp_path, catalog):
    dialog = window.open_what_fits()
    dialog.card_combo.setCurrentIndex(dialog.card_combo.findData("rtx-4090"))
    dialog.count_spin.setValue(2)
    base = dialog.base_scenario()
    tasks = tuple(t for t in TASKS if t.value in ("finetune", "lora"))
    answer = what_fits(base, catalog, models=(model_choice("llama3-8b"),), tasks=tasks)
    dialog._show(answer)
    table = dialog.training_table
    fits_column = next(c for c in range(table.columnCount()) if table.horizontalHeaderItem(c).text() == "Fits")
    cells = [table.item(r, fits_column).text() for r in range(table.rowCount())]
    assert cells[0] == "yes" and all("host memory" in c and "slower" in c for c in cells[1:]), cells
    assert table.item(1, fits_column).foreground().color().name() == "#9a6700"
    dialog.resize(1280, 640)
    dialog.tabs.setCurrentIndex(1)  # training and fine-tuning
    dialog.grab().save(str(SHOTS / "what-fits-offload-en.png" if SHOTS else tmp_path / "en.png"))
    window.set_language("zh_CN")
    dialog._show(answer)
    cells = [table.item(r, fits_column).text() for r in range(table.rowCount())]
    assert "仅在优化器和参数放入主机内存时可容纳" in cells[-1]
    dialog.grab().save(str(SHOTS / "what-fits-offload-zh.png" if SHOTS else tmp_path / "zh.png"))
    dialog.close()
