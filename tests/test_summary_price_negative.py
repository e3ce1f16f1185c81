"""The summary never says a card is first "while its own price is below" a negative price (look51, session 51:
an 8B fine-tune on 2 x RTX 4090 read "A100 PCIe 80GB is first while its own price is below -12,668 USD per card"):
where the summary's order is not the price scores' order it makes no price claim."""

from __future__ import annotations

import re

from configurator.cli import main


def test_no_first_place_below_a_negative_price(tmp_path):
    out = tmp_path / "summary.md"
    assert main(["report", "-o", str(out), "--workload", "finetune", "--model", "llama3-8b",
                 "--card", "rtx-4090", "--count", "2"]) == 0
    summary = out.read_text(encoding="utf-8")
    assert "Fine-tune Llama 3 8B" in summary
    assert not re.search(r"below −?-\d|below −\d", summary), re.findall(r"below [^ ]+ [A-Z]{3}", summary)
