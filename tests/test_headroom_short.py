"""A configuration that does not fit says what it lacks per card in its headroom row ("short 45.1 GiB",
"缺 45.1 GiB"), as its headline does, in the full tables and the window's key numbers alike (until
December 2026 "Headroom -203.3 %", "余量 -203.3%": persona11ml)."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import write


def test_a_no_fit_says_its_shortfall_not_a_negative_headroom():
    s = Scenario(model=preset("llama3-70b"), workload="inference", card_id="l4", count=2)
    est = estimate(s, load_catalog().get("l4"))
    assert not est.fits
    short = est.memory.shortfall / 2**30
    memory = estimate_view(est).section("memory")
    for details in (False, True):
        row = {r.label: r for r in memory.shown(details=details)}["Headroom"]
        en, zh = (write(row.value, lang).replace("\u00a0", " ") for lang in ("en", "zh_CN"))
        number = en.removeprefix("short ").removesuffix(" GiB")
        assert abs(float(number) - short) < 0.01 * short and zh == f"缺 {number} GiB"
        assert "%" not in en and "-" not in en
