"""The model a launch command loads: the Hugging Face repository a preset was read from, or a
placeholder to replace."""

from __future__ import annotations

import re
from functools import cache

from configurator.core.json_values import read_json_file
from configurator.core.resources import bundled_path

_REPOSITORY = re.compile(r"([A-Za-z0-9][\w.-]*/[\w.-]+) config\.json")


@cache
def _preset_repositories() -> dict[str, str]:
    """Preset id -> the Hugging Face repository its ``source`` names (``resources/models.json``)."""
    raw = read_json_file(bundled_path("resources/models.json"))
    found = {}
    for preset_id, entry in raw.get("models", {}).items():
        match = _REPOSITORY.match(str(entry.get("source", "")))
        if match:
            found[preset_id] = match.group(1)
    return found


def model_id(name: str) -> tuple[str, bool]:
    """(what the command loads, whether it is a placeholder): a preset's Hugging Face repository,
    else ``/path/to/<name>``."""
    repository = _preset_repositories().get(name)
    if repository:
        return repository, False
    return f"/path/to/{re.sub(r'[^A-Za-z0-9._-]+', '-', name) or 'model'}", True
