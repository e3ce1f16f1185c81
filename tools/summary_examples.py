"""Write the example configuration summaries in docs/summary/ (PDF, and a PNG of one page each).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/summary_examples.py   # needs poppler's pdftoppm

It overwrites the ten files it writes in docs/summary; ``--help`` writes nothing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from configurator.app.report_export import ensure_application, export  # noqa: E402
from configurator.core.architecture import preset  # noqa: E402
from configurator.core.catalog import load_catalog  # noqa: E402
from configurator.core.currency import in_language_currency  # noqa: E402
from configurator.core.scenario import LAYOUT_FIELDS, Scenario  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "docs" / "summary"

EXAMPLES = {
    "training": Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1024, workload="pretrain",
                         training={"tokens": 2e12, "seq_len": 8192}, auto_layout=LAYOUT_FIELDS),
    "inference": Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                          serving={"concurrency": 200}, auto_layout=LAYOUT_FIELDS),
    "vdi": Scenario(model=preset("llama3-8b"), card_id="l40s", count=4, workload="vdi", graphics={"users": 64}),
    "transcode": Scenario(model=preset("llama3-8b"), card_id="l4", count=4, workload="transcode",
                          graphics={"streams": 100}),
}
FILES = {("training", "en"): 1, ("training", "zh_CN"): 1, ("inference", "en"): 1, ("inference", "zh_CN"): 1,
         ("vdi", "en"): 1, ("vdi", "zh_CN"): 1, ("transcode", "zh_CN"): 2}
"""(example, language) -> the page shown as a PNG."""


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    ensure_application()
    catalog = load_catalog()
    for (name, language), page in FILES.items():
        pdf = OUT / f"{name}-{language}.pdf"
        export(in_language_currency(EXAMPLES[name], language), catalog, pdf, language)
        png = OUT / f"{name}-{language}-page{page}"
        subprocess.run(["pdftoppm", "-r", "70", "-png", "-singlefile", "-f", str(page), "-l", str(page),
                        str(pdf), str(png)], check=True)
        print(pdf)


if __name__ == "__main__":
    main()
