"""The model a launch command loads: the Hugging Face repository a preset was read from (its
instruction-tuned checkpoint for a chat service, where the preset names one), or a placeholder to
replace."""

from __future__ import annotations

import re
from functools import cache

from configurator.core.json_values import read_json_file
from configurator.core.resources import bundled_path
from configurator.core.scenario_choices import ServingUse

_REPOSITORY = re.compile(r"([A-Za-z0-9][\w.-]*/[\w.-]+) config\.json")

CHAT_CHECKPOINT_USES = frozenset({ServingUse.CHAT})
"""The serving uses that load a preset's instruction-tuned checkpoint (``instruct_repo`` in
``resources/models.json``): people chat with it, and a base model only continues text (Mixtral
8x7B's chat model is ``mistralai/Mixtral-8x7B-Instruct-v0.1``, its base ``-v0.1``)."""


@cache
def _preset_repositories() -> dict[str, tuple[str, str]]:
    """Preset id -> (the Hugging Face repository its ``source`` names, its ``instruct_repo`` or '')
    (``resources/models.json``)."""
    raw = read_json_file(bundled_path("resources/models.json"))
    found = {}
    for preset_id, entry in raw.get("models", {}).items():
        match = _REPOSITORY.match(str(entry.get("source", "")))
        if match:
            found[preset_id] = (match.group(1), str(entry.get("instruct_repo", "")))
    return found


def chat_checkpoint(name: str) -> str | None:
    """The repository of preset ``name``'s instruction-tuned (chat) checkpoint; None where it names
    none (its source is the chat model already, or it is no preset)."""
    return _preset_repositories().get(name, ("", ""))[1] or None


def model_id(name: str, use: ServingUse | None = None) -> tuple[str, bool]:
    """(what the command loads, whether it is a placeholder): a preset's Hugging Face repository
    (its chat checkpoint, :func:`chat_checkpoint`, when ``use`` is one of
    :data:`CHAT_CHECKPOINT_USES`), else ``/path/to/<name>``."""
    repository = _preset_repositories().get(name)
    if repository:
        chat = chat_checkpoint(name) if use in CHAT_CHECKPOINT_USES else None
        return chat or repository[0], False
    return f"/path/to/{re.sub(r'[^A-Za-z0-9._-]+', '-', name) or 'model'}", True
