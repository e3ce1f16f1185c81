"""The preset a name a buyer types means: Hugging Face repository names ("meta-llama/Llama-3.1-8B-Instruct"),
spellings with or without the hyphen after the family ("llama-3.1-8b"), and a release's date or version
suffix ("DeepSeek-R1-0528", "Mixtral-8x7B-Instruct-v0.1") read as the preset they name, for the
"did you mean" of an unknown preset (:func:`configurator.core.architecture.preset`)."""

from __future__ import annotations

import difflib
import math
import re

_SUFFIXES = re.compile(r"[-_ ](instruct|chat|hf|base|it|v\d+(\.\d+)*|\d{4})$")
"""A trailing part that names a checkpoint of the same architecture, not another model: the
instruction-tuned or base checkpoint (-Instruct, -Chat, -Base, -it), the transformers copy (-hf),
a version (-v0.1) or a release date (-0528, -2507)."""

_PREFIXES = ("meta-",)
"""A leading part of a repository's model name that preset ids leave out (Meta-Llama-3-8B)."""


_SIZED = re.compile(r"(?P<family>.+?)[-_ ](?P<size>(?:(?P<experts>\d+)x)?(?P<billions>\d+(?:\.\d+)?)b)(?:[-_ ]a\d+(?:\.\d+)?b)?")
"""A name that ends in its size: the family, a separator, the size token in billions of parameters
("4b", "1.1b", "8x7b" for eight experts of 7B) and, for a mixture of experts, its active size ("-a3b")."""

NEAREST_SIZES = 2
"""How many presets of the family a name of a size no preset has is pointed to [count]."""


def _checkpoint(name: str) -> str:
    """``name`` in lower case without its repository owner, the prefixes (:data:`_PREFIXES`) and the
    checkpoint suffixes (:data:`_SUFFIXES`), its separators kept."""
    key = name.strip().lower().rpartition("/")[2]
    for prefix in _PREFIXES:
        key = key.removeprefix(prefix)
    while (shorter := _SUFFIXES.sub("", key)) != key:
        key = shorter
    return key


def name_key(name: str) -> str:
    """``name`` reduced to what tells models apart: lower case, the repository owner and the
    checkpoint suffixes (:data:`_SUFFIXES`) dropped, hyphens, underscores and spaces removed
    ("meta-llama/Llama-3.1-8B-Instruct" and "llama3.1-8b" are both "llama3.18b")."""
    return re.sub(r"[-_ ]", "", _checkpoint(name))


def _family_size(name: str) -> tuple[str, str, float] | None:
    """(family, size token, billions of parameters) of a name that ends in its size
    (:data:`_SIZED`: "qwen3-4b" is ("qwen3", "4b", 4.0), "mixtral-8x7b" ("mixtral", "8x7b", 56.0));
    None for a name without one ("deepseek-v3")."""
    found = _SIZED.fullmatch(_checkpoint(name))
    if found is None:
        return None
    billions = float(found["billions"]) * int(found["experts"] or 1)
    return re.sub(r"[-_ ]", "", found["family"]), found["size"], billions


def _kin(name: str, preset_ids: list[str]) -> tuple[tuple[str, str, float] | None, list[tuple[float, str, str]]]:
    """``name``'s :func:`_family_size` and the presets of its family as (billions, size token, id)."""
    typed = _family_size(name)
    if typed is None:
        return None, []
    return typed, [(found[2], found[1], preset_id) for preset_id in preset_ids
                   if (found := _family_size(preset_id)) is not None and found[0] == typed[0]]


def _point_release(name: str, preset_ids: list[str]) -> str | None:
    """The one preset of a point release of ``name``'s family with the size ``name`` writes ("llama3-405b":
    llama3.1-405b, the family "llama3" having no 405B preset of its own); None where there is none or more
    than one."""
    typed = _family_size(name)
    if typed is None:
        return None
    found = [preset_id for preset_id in preset_ids if (kin := _family_size(preset_id)) is not None
             and kin[0].startswith(typed[0] + ".") and kin[1] == typed[1]]
    return found[0] if len(found) == 1 else None


def nearest_sizes(name: str, preset_ids: list[str]) -> list[str]:
    """The presets of ``name``'s family nearest in size (at most :data:`NEAREST_SIZES`, smallest
    first) where ``name`` writes a size none of them has ("qwen3-4b": qwen3-8b, qwen3-14b — the
    nearest by spelling, qwen3-14b, is another size); empty where the family has that size, where
    one point release of it has (:func:`_point_release`: "llama3-405b" read "no preset of that size;
    nearest sizes: llama3-8b, llama3-70b" beside llama3.1-405b until December 2026), where no preset
    is of the family, or where ``name`` writes no size."""
    typed, family = _kin(name, preset_ids)
    if typed is None or not family or any(token == typed[1] for _, token, _ in family) \
            or _point_release(name, preset_ids):
        return []
    distance = (lambda kin: abs(math.log(kin[0] / typed[2]))) if typed[2] > 0 else (lambda kin: kin[0])  # noqa: E731
    return [preset_id for _, _, preset_id in sorted(sorted(family, key=distance)[:NEAREST_SIZES])]


def closest_preset(name: str, preset_ids: list[str]) -> str | None:
    """The preset ``name`` most likely means: the one whose :func:`name_key` is ``name``'s, else the
    one key that begins with ``name``'s, else the one preset of ``name``'s family and size token, else the nearest by :func:`name_key` (``difflib``, ratio 0.6 or more), else the nearest id as typed; None
    where none is near, and where ``name`` writes a size its family has no preset of (:func:`nearest_sizes`
    names those instead: "qwen3-4b" suggested qwen3-14b, another size, until December 2026)."""
    keys = {name_key(preset_id): preset_id for preset_id in preset_ids}
    key = name_key(name)
    if key in keys:
        return keys[key]
    longer = [k for k in keys if k.startswith(key)]  # "qwen3-30b": qwen3-30b-a3b, the model with more to its name
    if len(longer) == 1:
        return keys[longer[0]]
    typed, family = _kin(name, preset_ids)  # the same family and the same size before the nearest spelling
    same = [preset_id for _, token, preset_id in family if token == typed[1]] if typed else []
    if len(same) == 1:
        return same[0]
    if (release := _point_release(name, preset_ids)) is not None:
        return release
    if nearest_sizes(name, preset_ids):
        return None
    close = difflib.get_close_matches(key, list(keys), n=1)
    if close:
        return keys[close[0]]
    close = difflib.get_close_matches(name.lower(), preset_ids, n=1)
    return close[0] if close else None


def same_architecture(name: str, shared: dict[str, tuple[str, ...]]) -> tuple[str, str] | None:
    """(preset id, the model's name as its repository writes it) where ``name`` is one of the models
    ``shared`` lists (preset id -> repositories of other models with its architecture), compared by
    :func:`name_key` ("deepseek-r1-distill-qwen-32b" is deepseek-ai/DeepSeek-R1-Distill-Qwen-32B, Qwen 2.5
    32B's shape); None otherwise."""
    key = name_key(name)
    return next(((preset_id, repository.rpartition("/")[2]) for preset_id, repositories in shared.items()
                 for repository in repositories if name_key(repository) == key), None)
