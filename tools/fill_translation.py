"""Set translations in a .ts file from a JSON mapping {source text: translation}.

``python tools/fill_translation.py zh_CN new.json`` — for translators working without Qt
Linguist (the file is then rewritten by lupdate, in its own layout, so it changes only where a
translation did); then run ``python tools/build_translations.py --compile-only``.
"""

from __future__ import annotations

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
    if len(argv) == 1:
        print("\n".join(unfinished(argv[0])))
        return 0
    language, mapping_file = argv
    print(fill(language, json.loads(Path(mapping_file).read_text(encoding="utf-8"))), "translations set")
    sys.path.insert(0, str(ROOT / "tools"))
    from build_translations import update_sources

    update_sources()  # back to lupdate's own layout, so the file changes only where a translation did
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
