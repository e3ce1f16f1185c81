"""The Chinese summary's title of a fine-tuning job reads as Chinese: the method after the model
("用 1B 词元对 Qwen 2.5 7B 进行 LoRA 微调"), and QLoRA translated. Before: "用 1B 词元LoRA 微调 Qwen 2.5 7B"
(no space between 词元 and LoRA) and "用 1B 词元QLoRA fine-tune Qwen 2.5 7B" (English in a Chinese title)."""

from __future__ import annotations

import pytest

from configurator.cli import main


@pytest.mark.parametrize(("workload", "title"), [
    ("lora", "用 10 亿词元对 Qwen 2.5 7B 进行 LoRA 微调"),
    ("qlora", "用 10 亿词元对 Qwen 2.5 7B 进行 QLoRA 微调"),
    ("finetune", "用 10 亿词元对 Qwen 2.5 7B 进行全参数微调"),
])
def test_fine_tuning_title_in_chinese(workload, title, tmp_path, capsys):
    path = tmp_path / "summary.md"
    assert main(["report", "--lang", "zh_CN", "--region", "cn", "--workload", workload, "--model", "qwen2.5-7b",
                 "--card", "ascend-910b", "--count", "8", "-o", str(path)]) == 0, capsys.readouterr().err
    assert path.read_text(encoding="utf-8").splitlines()[0] == f"# {title}"


def test_fine_tuning_title_in_english_unchanged(tmp_path, capsys):
    path = tmp_path / "summary.md"
    assert main(["report", "--workload", "qlora", "--model", "qwen2.5-7b", "--card", "h100-sxm", "--count", "1",
                 "-o", str(path)]) == 0, capsys.readouterr().err
    assert path.read_text(encoding="utf-8").splitlines()[0] == "# QLoRA fine-tune Qwen 2.5 7B on 1B tokens"
