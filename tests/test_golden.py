"""Golden outputs: the whole `estimate --json` of a dozen canonical scenarios, compared to three
significant figures; a changed number fails with the paths that changed (issue: tests that pin
the numbers). Refresh deliberately: `python tools/refresh_golden.py`."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from golden_scenarios import GOLDEN

from configurator.core.estimate import estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost

DATA = Path(__file__).parent / "data" / "golden"
SIGNIFICANT = 3


def _json(est):
    """The estimate's JSON with its deployment cost."""
    return estimate_to_dict(est, deployment_cost(est))


def _same_number(a: float, b: float) -> bool:
    if a == b:
        return True
    if not (math.isfinite(a) and math.isfinite(b)):
        return False
    scale = max(abs(a), abs(b))
    return abs(a - b) <= 0.5 * 10 ** (math.floor(math.log10(scale)) - SIGNIFICANT + 1) + 1e-12


def differences(old, new, path: str = "") -> list[str]:
    """Readable differences between two JSON values, numbers to ``SIGNIFICANT`` figures."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for key in sorted(set(old) | set(new)):
            if key not in new:
                out.append(f"{path}/{key}: removed (was {old[key]!r:.80})")
            elif key not in old:
                out.append(f"{path}/{key}: added ({new[key]!r:.80})")
            else:
                out += differences(old[key], new[key], f"{path}/{key}")
        return out
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return [f"{path}: {len(old)} items -> {len(new)}"]
        return [d for i, (a, b) in enumerate(zip(old, new)) for d in differences(a, b, f"{path}[{i}]")]
    numbers = (int, float)
    if isinstance(old, numbers) and isinstance(new, numbers) and not isinstance(old, bool) \
            and not isinstance(new, bool):
        return [] if _same_number(float(old), float(new)) else [f"{path}: {old:.4g} -> {new:.4g}"]
    return [] if old == new else [f"{path}: {old!r:.80} -> {new!r:.80}"]


def test_differences_reads_like_a_diff():
    assert differences({"a": 1.234, "b": [1, 2]}, {"a": 1.2341, "b": [1, 2]}) == []
    assert differences({"a": 1.23}, {"a": 1.25}) == ["/a: 1.23 -> 1.25"]
    assert differences({"a": {"b": "x"}}, {"a": {"b": "y"}}) == ["/a/b: 'x' -> 'y'"]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_output(name, catalog):
    scenario = GOLDEN[name]
    new = json.loads(json.dumps(_json(estimate(scenario, catalog.get(scenario.card_id)))))
    path = DATA / f"{name}.json"
    assert path.exists(), f"no golden file for {name}: run python tools/refresh_golden.py"
    old = json.loads(path.read_text(encoding="utf-8"))
    changed = differences(old, new)
    assert not changed, (f"{name}: {len(changed)} value(s) changed (refresh deliberately with "
                         "python tools/refresh_golden.py):\n  " + "\n  ".join(changed[:40]))
