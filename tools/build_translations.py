"""Refresh the Qt translation sources and compile them.

``python tools/build_translations.py`` runs ``pyside6-lupdate`` over configurator/app (keeping
existing translations) into ``resources/i18n/gpu_configurator_zh_CN.ts``, then
``pyside6-lrelease`` into the ``.qm`` file the app loads. Run it after adding or changing a
user-visible string; tests fail when a string has no Chinese translation.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"
LANGUAGES = ("zh_CN",)
ALIAS = "translate+=_tc"
"""Helper modules call QCoreApplication.translate through ``_tc(context, text)``."""


def tool(name: str) -> str:
    return str(Path(sys.executable).with_name(name))


def ts_path(language: str) -> Path:
    return I18N / f"gpu_configurator_{language}.ts"


def update_sources() -> None:
    sources = sorted(str(p) for p in (ROOT / "configurator" / "app").glob("*.py"))
    for language in LANGUAGES:
        subprocess.run([tool("pyside6-lupdate"), "-no-obsolete", "-tr-function-alias", ALIAS, *sources,
                        "-ts", str(ts_path(language))], check=True)


def compile_all() -> None:
    for language in LANGUAGES:
        subprocess.run([tool("pyside6-lrelease"), str(ts_path(language)), "-qm",
                        str(ts_path(language).with_suffix(".qm"))], check=True)


def main(argv: list[str]) -> int:
    if "--compile-only" not in argv:
        update_sources()
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
