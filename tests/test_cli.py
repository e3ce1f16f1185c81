"""The command line contract: JSON keys, tables, scenario files and one-line errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal

import pytest

from configurator.cli import main, quantity
from configurator.core.architecture import preset
from configurator.core.scenario import Scenario
from configurator.core.scenario_io import write_scenario


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_estimate_json(capsys):
    code, out, err = run(capsys, "estimate", "--json", "--model", "llama3-8b", "--card", "h100-sxm",
                         "--count", "8", "--zero", "3", "--workload", "finetune", "--batch", "2", "--seq", "2048",
                         "--tokens", "10B")
    assert code == 0, err
    result = json.loads(out)
    assert result["card"]["id"] == "h100-sxm" and result["count"] == 8
    assert result["memory"]["fits"] is True
    assert result["performance"]["tokens_per_s"] > 0
    assert result["time"]["hours"] > 0
    assert result["scenario"]["training"]["tokens"] == 1e10
    assert "matmul_efficiency" in result["assumptions"]


def test_estimate_inference_json(capsys):
    code, out, _ = run(capsys, "estimate", "--json", "--workload", "inference", "--model", "llama3-8b",
                       "--card", "l4", "--precision", "fp8", "--context", "8192", "--concurrency", "8",
                       "--prompt-tokens", "2000", "--output-tokens", "500", "--kv-precision", "fp8")
    assert code == 0
    perf = json.loads(out)["performance"]
    assert perf["ttft_s"] > 0 and perf["tpot_s"] > 0 and perf["step_time_s"] is None


def test_estimate_table_has_units(capsys):
    code, out, _ = run(capsys, "estimate", "--model", "llama3.2-1b", "--card", "t4", "--workload", "lora")
    assert code == 0
    assert "GiB" in out and "tokens/s" in out
    assert "T4 has no BF16 rate (unsupported or not published): FP16 used" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["estimate", "--card", "h999"], "unknown card"),
        (["estimate", "--model", "llama9"], "unknown model preset"),
        (["estimate", "--batch", "-4"], "--batch"),
        (["estimate", "--seq", "999999999"], "--seq"),
        (["estimate", "--params", "lots"], "not a number"),
        (["estimate", "--count", "3", "--tp", "2"], "cannot be split"),
        (["estimate", "--workload", "mining"], "invalid choice"),
        (["catalog", "show", "nope"], "unknown card"),
    ],
)
def test_bad_input_is_one_line_on_stderr(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code != 0
    assert fragment in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_malformed_model_config(capsys, tmp_path):
    bad = tmp_path / "config.json"
    bad.write_text("{oops")
    code, _, err = run(capsys, "estimate", "--model-config", str(bad))
    assert code == 2 and "not valid JSON" in err


def test_model_config_and_params(capsys, tmp_path):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps({"num_hidden_layers": 16, "hidden_size": 2048, "num_attention_heads": 32,
                               "num_key_value_heads": 8, "head_dim": 64, "intermediate_size": 8192,
                               "vocab_size": 128256, "tie_word_embeddings": True}))
    code, out, _ = run(capsys, "estimate", "--json", "--model-config", str(cfg))
    assert code == 0 and json.loads(out)["scenario"]["model"]["n_layers"] == 16
    code, out, _ = run(capsys, "estimate", "--json", "--params", "13B")
    assert code == 0 and json.loads(out)["scenario"]["model"]["hidden"] == 5120


def test_scenario_file_with_flag_override(capsys, tmp_path):
    path = tmp_path / "job.gpuconf.json"
    write_scenario(path, Scenario(model=preset("llama3.2-1b"), card_id="a100-sxm-80gb", count=4))
    code, out, _ = run(capsys, "estimate", "--json", "--scenario", str(path), "--count", "8")
    result = json.loads(out)
    assert code == 0 and result["card"]["id"] == "a100-sxm-80gb" and result["count"] == 8


def test_corrupt_scenario_file(capsys, tmp_path):
    path = tmp_path / "bad.gpuconf.json"
    path.write_text('{"format": "gpu-configurator-scenario", "version": 99, "scenario": {}}')
    code, _, err = run(capsys, "estimate", "--scenario", str(path))
    assert code == 2 and "newer" in err


def test_catalog_list_and_show(capsys):
    code, out, _ = run(capsys, "catalog", "list")
    assert code == 0 and "h200-sxm" in out and "mtt-s80" in out
    code, out, _ = run(capsys, "catalog", "list", "--json", "--class", "graphics")
    listed = json.loads(out)  # the graphics class, and the L40S its vendor also positions for graphics (classes47)
    assert {c["category"] for c in listed} == {"graphics", "inference"}
    assert all(c["category"] == "graphics" or "graphics" in {p["card_class"] for p in c["also_classes"]} for c in listed)
    code, out, _ = run(capsys, "catalog", "show", "h100-pcie")
    assert code == 0 and "2,000 GB/s" in out and "Sources" in out


def test_catalog_show_of_a_non_product_explains(capsys):
    code, out, _ = run(capsys, "catalog", "show", "gb100")
    assert code == 1 and "Blackwell" in out


def test_quantity_suffixes():
    assert quantity("7B") == 7e9 and quantity("1.5T") == 1.5e12 and quantity("500m") == 5e8


def test_console_script_runs_headless():
    out = subprocess.run([sys.executable, "-m", "configurator.cli", "catalog", "models"], capture_output=True,
                         text=True, check=True).stdout
    assert "llama3.1-405b" in out


def test_no_arguments_without_display_is_a_clear_error(capsys, monkeypatch):
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    code, _, err = run(capsys)
    assert code == 1 and "no display" in err


def test_estimate_table_in_chinese_speaks_as_the_window(capsys):
    """The CLI's table is the estimate's view model: the same rows as the results panel, in Chinese."""
    code, out, _ = run(capsys, "estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "l40s",
                       "--lang", "zh_CN")
    assert code == 0
    assert "每卡显存" in out and "首词元延迟" in out and "每百万词元成本" in out and "余量" in out
    assert "\u00a0GiB" in out and "词元/秒" in out  # numbers held to their units, units in Chinese
    sections = out.split("计算假设")[0]  # the estimate's own sections (the assumptions follow, in Chinese too)
    assert not re.findall(r"\b(?:Memory|Throughput|Headroom|per card|fits)\b", sections)


ZH_TABLES = [
    (["estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "l40s"], ["效率假设", "价格区间取中值"]),
    (["recommend", "--workload", "vdi", "--limit", "3"], ["按总拥有成本最低排名", "每用户·月成本——总拥有成本：加速卡、服务器、网络、存储、电力、维保、vGPU 许可——4 年", "排名第一的理由"]),
    (["plan", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8", "--top", "3"],
     ["落后原因", "单步时间分解", "已选"]),
    (["catalog", "list"], ["硬件目录", "训练卡", "数据可信度"]),
    (["catalog", "show", "mi300x"], ["稠密峰值算力", "软件栈", "对华出口：需要许可证", "规格数据可信度"]),
]


_CNY = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:–(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?)?[ \u00a0]CNY(?![A-Za-z/])")


def _wan(amount: Decimal) -> Decimal:
    """``amount`` [CNY] in 万: to two decimals, under 1万 to three significant digits (355 -> 0.0355)."""
    wan = amount / 10_000
    if wan == 0 or abs(wan) >= 1:
        return wan.quantize(Decimal("0.01"), ROUND_HALF_UP)
    return wan.quantize(Decimal(1).scaleb(wan.adjusted() - 2), ROUND_HALF_UP)


def _in_wan(text: str) -> str:
    """``text`` (English) with its amounts in CNY as a Chinese reader counts them, 10,000 and more in 万
    to two decimals ('61,422 CNY' -> '6.14 万元'): the test's own oracle of the money writer's rule; a
    ranking's price column (an amount before ", street 2025-08") in one unit, its largest's (zhmoney2)."""
    def amount(match: re.Match) -> list[Decimal]:
        low, low_point, high, high_point = match.groups()
        return [Decimal((whole + (point or "")).replace(",", "")) for whole, point in ((low, low_point),
                                                                                          (high, high_point)) if whole]

    prices = [m for m in _CNY.finditer(text) if text[m.end():m.end() + 2] == ", "]
    price_top = max((abs(e) for m in prices for e in amount(m)), default=Decimal(0))

    def rewrite(match: re.Match) -> str:
        ends = amount(match)
        top = price_top if text[match.end():match.end() + 2] == ", " else max(abs(e) for e in ends)
        if top < 10_000:
            return match.group(0)
        return "–".join(f"{_wan(e):,f}" for e in ends) + " 万元"
    return _CNY.sub(rewrite, text)


@pytest.mark.parametrize(("argv", "chinese"), ZH_TABLES, ids=[" ".join(a[:1 + (a[0] == "catalog")]) for a, _ in ZH_TABLES])
def test_every_table_takes_lang_with_the_same_numbers(capsys, argv, chinese):
    """Issue 14 part 5: the assumptions, ranking, plan and card tables are view models written in the
    language asked for; the numbers are the same in both languages (money in the Chinese tables'
    currency, CNY, issue 30 part 7; counted in 万元 from 10,000 up in Chinese, session 38)."""
    code, english, _ = run(capsys, *argv, *(["--currency", "CNY"] if argv[0] != "catalog" else []))
    assert code == 0
    code, out, _ = run(capsys, *argv, "--lang", "zh_CN")
    assert code == 0 and all(word in out for word in chinese), out
    numbers = re.compile(r"\d+(?:[,.]\d+)*")
    in_wan = _in_wan(english)  # the English amounts as Chinese counts them: 61,422 CNY -> 6.14 万元
    assert sorted(numbers.findall(out)) == sorted(numbers.findall(in_wan))  # reasons may order them otherwise
