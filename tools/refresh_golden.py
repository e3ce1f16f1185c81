"""Write the pinned JSON of every canonical scenario (tests/golden_scenarios.py) to tests/data/golden.

Run it only after a change meant to move numbers, review ``git diff tests/data/golden``, and say
before -> after in the commit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from golden_scenarios import GOLDEN  # noqa: E402

from configurator.core.catalog import load_catalog  # noqa: E402
from configurator.core.estimate import estimate  # noqa: E402
from configurator.core.estimate_json import estimate_to_dict  # noqa: E402
from configurator.core.procurement.deployment import deployment_cost  # noqa: E402


def golden_json(name: str, catalog) -> dict:
    scenario = GOLDEN[name]
    est = estimate(scenario, catalog.get(scenario.card_id))
    return estimate_to_dict(est, deployment_cost(est))


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    catalog = load_catalog()
    out = ROOT / "tests" / "data" / "golden"
    out.mkdir(parents=True, exist_ok=True)
    for name in GOLDEN:
        (out / f"{name}.json").write_text(json.dumps(golden_json(name, catalog), indent=1, ensure_ascii=False,
                                                     sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(GOLDEN)} golden files to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
