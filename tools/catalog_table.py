"""Write the README's table of catalog cards per vendor and class, with how many have prices.

``.venv/bin/python tools/catalog_table.py`` rewrites the table between the markers in README.md;
``--check`` exits 1 when README.md is out of date (a test runs it). ``tools/readme_blocks.py``
writes it with the README's other generated blocks.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from configurator.core.catalog import CARD_CLASSES as CLASSES  # noqa: E402
from configurator.core.catalog import load_bundled_catalog  # noqa: E402
from configurator.core.procurement.card_price import price_entry, purchase_entry  # noqa: E402

START, END = "<!-- catalog-table:start -->", "<!-- catalog-table:end -->"


def table() -> str:
    """Markdown: one row per vendor, cards per class, and how many have a purchase or a cloud price."""
    catalog = load_bundled_catalog()
    vendors = sorted({c.vendor for c in catalog.cards}, key=lambda v: (-sum(c.vendor == v for c in catalog.cards), v))
    head = ["vendor", *CLASSES, "cards", "purchase price", "cloud price", "price note only"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]

    def row(name: str, cards: list) -> str:
        per_class = Counter(c.category for c in cards)
        values = [per_class.get(k, 0) or "" for k in CLASSES]
        values += [len(cards), sum(purchase_entry(c) is not None for c in cards),
                   sum(price_entry(c, "cloud-hourly") is not None for c in cards), sum(not c.prices for c in cards)]
        return "| " + " | ".join([name, *map(str, values)]) + " |"

    for vendor in vendors:
        lines.append(row(vendor, [c for c in catalog.cards if c.vendor == vendor]))
    lines.append(row(f"**all** (catalog {catalog.version})", list(catalog.cards)))
    return "\n".join(lines)


def readme_with_table(text: str) -> str:
    before, rest = text.split(START, 1)
    _, after = rest.split(END, 1)
    return f"{before}{START}\n{table()}\n{END}{after}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when README.md is out of date")
    args = parser.parse_args(argv)
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    updated = readme_with_table(text)
    if args.check:
        if updated != text:
            print("README.md catalog table is out of date: run .venv/bin/python tools/catalog_table.py",
                  file=sys.stderr)
            return 1
        return 0
    readme.write_text(updated, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
