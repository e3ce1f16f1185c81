"""The preset a name a buyer types means: Hugging Face repository names ("meta-llama/Llama-3.1-8B-Instruct"),
spellings with or without the hyphen after the family ("llama-3.1-8b"), and a release's date or version
suffix ("DeepSeek-R1-0528", "Mixtral-8x7B-Instruct-v0.1") read as the preset they name, for the
"did you mean" of an unknown preset (:func:`configurator.core.architecture.preset`)."""

from __future__ import annotations

import difflib
import re

_SUFFIXES = re.compile(r"[-_ ](instruct|chat|hf|base|it|v\d+(\.\d+)*|\d{4})$")
"""A trailing part that names a checkpoint of the same architecture, not another model: the
instruction-tuned or base checkpoint (-Instruct, -Chat, -Base, -it), the transformers copy (-hf),
a version (-v0.1) or a release date (-0528, -2507)."""

_PREFIXES = ("meta-",)
"""A leading part of a repository's model name that preset ids leave out (Meta-Llama-3-8B)."""


def name_key(name: str) -> str:
    """``name`` reduced to what tells models apart: lower case, the repository owner and the
    checkpoint suffixes (:data:`_SUFFIXES`) dropped, hyphens, underscores and spaces removed
    ("meta-llama/Llama-3.1-8B-Instruct" and "llama3.1-8b" are both "llama3.18b")."""
    key = name.strip().lower().rpartition("/")[2]
    for prefix in _PREFIXES:
        key = key.removeprefix(prefix)
    while (shorter := _SUFFIXES.sub("", key)) != key:
        key = shorter
    return re.sub(r"[-_ ]", "", key)


def closest_preset(name: str, preset_ids: list[str]) -> str | None:
    """The preset ``name`` most likely means: the one whose :func:`name_key` is ``name``'s, else the
    one key that begins with ``name``'s, else the nearest by :func:`name_key` (``difflib``, ratio 0.6 or more), else the nearest id as typed; None
    where none is near."""
    keys = {name_key(preset_id): preset_id for preset_id in preset_ids}
    key = name_key(name)
    if key in keys:
        return keys[key]
    longer = [k for k in keys if k.startswith(key)]  # "qwen3-30b": qwen3-30b-a3b, the model with more to its name
    if len(longer) == 1:
        return keys[longer[0]]
    close = difflib.get_close_matches(key, list(keys), n=1)
    if close:
        return keys[close[0]]
    close = difflib.get_close_matches(name.lower(), preset_ids, n=1)
    return close[0] if close else None
