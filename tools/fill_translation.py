"""Set translations in a .ts file from a JSON mapping {source text: translation}.

``.venv/bin/python tools/fill_translation.py zh_CN new.json`` — for translators working without
Qt Linguist (the file is then rewritten by lupdate, in its own layout, so it changes only where a
translation did); then run ``.venv/bin/python tools/build_translations.py --compile-only``.
``.venv/bin/python tools/fill_translation.py zh_CN`` lists the texts still untranslated.
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def unfinished(language: str) -> list[str]:
    tree = ET.parse(ROOT / "resources" / "i18n" / f"gpu_configurator_{language}.ts")
    return sorted({m.find("source").text for m in tree.getroot().iter("message")
                   if m.find("translation").get("type") == "unfinished"
                   or not (m.find("translation").text or "".join(f.text or "" for f in m.iter("numerusform")))})


def fill(language: str, mapping: dict[str, str]) -> int:
    path = ROOT / "resources" / "i18n" / f"gpu_configurator_{language}.ts"
    tree = ET.parse(path)
    count = 0
    for message in tree.getroot().iter("message"):
        source, translation = message.find("source").text, message.find("translation")
        if source in mapping:
            forms = translation.findall("numerusform")
            if forms:  # a plural message: one text per form of the language (zh_CN 1, en 2)
                texts = mapping[source] if isinstance(mapping[source], list) else [mapping[source]]
                for form, text in zip(forms, texts + texts[-1:] * len(forms)):
                    form.text = text
            else:
                translation.text = mapping[source]
            translation.attrib.pop("type", None)
            count += 1
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return count


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("language", help="the .ts file's language, e.g. zh_CN")
    parser.add_argument("mapping", nargs="?", type=Path,
                        help="JSON {source text: translation}; without it, list the untranslated texts")
    args = parser.parse_args(argv)
    if args.mapping is None:
        print("\n".join(unfinished(args.language)))
        return 0
    print(fill(args.language, json.loads(args.mapping.read_text(encoding="utf-8"))), "translations set")
    sys.path.insert(0, str(ROOT / "tools"))
    from build_translations import update_sources

    update_sources()  # back to lupdate's own layout, so the file changes only where a translation did
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
