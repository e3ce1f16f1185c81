"""Session 49's review (review49): a source address with a comma in its path cited whole in Chinese, the tools
that need packages the application does not (pandas, pyarrow, scipy) printing their --help without them, and
the decode-attention fit reading each card's bandwidth from the catalog."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from configurator.core.catalog import load_catalog
from configurator.report.language import reference

ROOT = Path(__file__).resolve().parents[1]

OPTIONAL = ("pandas", "pyarrow", "scipy", "matplotlib")
"""Packages some fitting tools read data with that the application does not depend on (``pyproject.toml``)."""

NEEDING = sorted(p for p in (*ROOT.glob("tools/*.py"), *ROOT.glob("benchmarks/*.py"))
                 if re.search(rf"^\s*(?:import|from) (?:{'|'.join(OPTIONAL)})\b", p.read_text(encoding="utf-8"),
                              re.MULTILINE))
"""The tools and benchmarks that import one of :data:`OPTIONAL`."""


def test_an_address_with_a_comma_in_its_path_is_cited_whole_in_chinese():
    """Gaudi 3's price source "https://y-ic.de/news/…-nvidia-h100,but-at-a-lower-cost.html ; https://www.next…"
    was cited in the Chinese summary as "y-ic.de/news/…-nvidia-h100; but-at-a-lower-cost.html; www.next…": an
    address cut at its comma and a second that is none."""
    source = ("https://y-ic.de/news/intel-officially-launches-gaudi3-ai-chip-slower-than-nvidia-h100,"
              "but-at-a-lower-cost.html ; https://www.nextplatform.com/2024/06/13/stacking-up/")
    assert reference(source, "zh_CN") == ("y-ic.de/news/intel-officially-launches-gaudi3-ai-chip-slower-than-"
                                          "nvidia-h100,but-at-a-lower-cost.html; www.nextplatform.com/2024/06/13/"
                                          "stacking-up/")
    # a comma after an address still ends it
    assert reference("https://a.example.com/x, https://b.example.org/y,", "zh_CN") == ("a.example.com/x; "
                                                                                      "b.example.org/y")
    gaudi = next(p for p in load_catalog().get("gaudi3").prices if "y-ic.de" in (p.source or ""))
    assert "nvidia-h100,but-at-a-lower-cost.html" in reference(gaudi.source, "zh_CN")


def test_the_tools_that_need_other_packages_are_found():
    assert ROOT / "tools" / "fit_decode_attention.py" in NEEDING


@pytest.mark.parametrize("tool", NEEDING, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_tool_prints_its_help_without_the_packages_it_reads_data_with(tool):
    """``--help`` needs only the application's packages, even where the packages the fit reads its tables with are
    installed (here they are made unimportable)."""
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in OPTIONAL)
    code = f"import runpy, sys; {blocked}; sys.argv = [{str(tool)!r}, '--help']; runpy.run_path({str(tool)!r}, " \
           "run_name='__main__')"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage:"), result.stdout[:200]


def test_the_decode_attention_fit_reads_each_cards_bandwidth_from_the_catalog():
    spec = importlib.util.spec_from_file_location("fit_decode_attention", ROOT / "tools" / "fit_decode_attention.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    catalog = load_catalog()
    assert {folder: tool.bandwidth_gbps(folder) for folder in tool.CARDS} == {
        folder: catalog.get(card).bandwidth_gbps for folder, card in tool.CARDS.items()}
    assert tool.bandwidth_gbps("h100_sxm") == 3350.0  # H100 SXM5's datasheet [GB/s]
