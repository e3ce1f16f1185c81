"""Dump the complete analysis of a few scenarios at several card counts, every float exact, so
that a change meant to leave the numbers alone (issue 28: a faster catalog pass) can be checked
byte for byte: run it before and after and ``diff`` the two files.

Dumped per scenario and count, cold (every memo cleared first) and again warm: the chosen card's
estimate, the compared cards, the sweep over counts, the memory curve, the suggestions and the
cost chart's points (card, x, cost, fits, basis, units). Cards are named by id; floats by ``repr``.

Usage: ``.venv/bin/python tools/dump_analysis.py OUT.txt``
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import sys

import numpy as np
from pydantic import BaseModel

from configurator.core.analysis import analyse
from configurator.core.catalog import Card, load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo
from configurator.core.scenario import Scenario, updated

SCENARIOS = {
    "training": ({"workload": "finetune", "card_id": "h100-sxm"}, (1, 8, 9, 32, 48, 64, 96, 256)),
    "lora": ({"workload": "lora", "card_id": "a100-sxm-80gb"}, (8, 64, 512)),
    "serving": ({"workload": "inference", "card_id": "l40s"}, (1, 4, 8, 32, 48, 64, 96)),
    "vdi": ({"workload": "vdi", "card_id": "l40s", "parallelism": {"zero": 0}}, (1, 4, 16)),
    "transcode": ({"workload": "transcode", "card_id": "l4", "parallelism": {"zero": 0}}, (2, 8)),
    "render": ({"workload": "render", "card_id": "l40s", "parallelism": {"zero": 0}}, (1, 8)),
}
"""Edits of the window's default scenario, with the counts dumped for each."""
COMPARED = ("a100-sxm-80gb", "rtx-4090", "mi300x")


def plain(value, depth: int = 0):
    """``value`` as nested lists and dicts of exact text (floats by ``repr``; a card by its id)."""
    if isinstance(value, Card):
        return f"card:{value.id}"
    if isinstance(value, Scenario):
        return value.model_dump_json()
    if isinstance(value, BaseModel):
        return plain(value.model_dump(), depth + 1)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, dict):
        return {str(k): plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v, depth + 1) for v in value]
    if isinstance(value, np.ndarray):
        return [repr(v) for v in value.tolist()]
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, (np.integer,)):
        return int(value)
    return value if isinstance(value, (str, int, bool, type(None))) else repr(value)


def lines(name: str, analysis) -> list[str]:
    out = [f"== {name}"]
    for field in ("estimate", "compared", "by_count", "memory_curve", "catalog_points", "suggestions", "complete"):
        out.append(f"-- {field}: {plain(getattr(analysis, field))!r}")
    out.append(f"-- scaling_limit: {analysis.scaling_limit!r}")
    return out


def main(path: str) -> int:
    from configurator.app.defaults import default_scenario

    catalog = load_bundled_catalog()
    base = default_scenario(catalog=catalog)
    out: list[str] = []
    for name, (changes, counts) in SCENARIOS.items():
        scenario = updated(base, **changes)
        compared = tuple(c for c in COMPARED if c in catalog)
        for count in counts:
            at = updated(scenario, count=count)
            clear_estimate_memo()
            out += lines(f"{name} count {count} cold", analyse(at, catalog, compared))
            out += lines(f"{name} count {count} warm", analyse(at, catalog, compared))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(out)} lines to {path}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the text file to write the dump to")
    sys.exit(main(parser.parse_args().out))
