"""Scenario files (``.gpuconf.json``): versioned, validated, written atomically."""

from __future__ import annotations

import errno
import json
from pathlib import Path

from pydantic import ValidationError

from configurator.core.bounds import error_line_message
from configurator.core.files import file_digest, write_bytes_atomically
from configurator.core.json_values import JsonFileError, read_json_file
from configurator.core.messages import Message, msg
from configurator.core.messages_said import carried, said
from configurator.core.scenario import MAX_NAME_CHARS, SCENARIO_SCHEMA_VERSION, Scenario
from configurator.core.scenario_migrate import migrated_body

FILE_FORMAT = "gpu-configurator-scenario"
SUMMARY_FORMAT = "gpu-configurator-summary"
"""The ``format`` of a summary's JSON (``report -o x.json``, :func:`configurator.report.render.to_json`)."""
FILE_SUFFIX = ".gpuconf.json"
MAX_SCENARIO_BYTES = 1024 * 1024
"""A scenario file is a few kB; anything above 1 MB is not one. The program never writes a
larger one (:func:`scenario_text`), so every file it saved opens again."""


class ScenarioTooLarge(OSError):
    """The scenario would make a file larger than :data:`MAX_SCENARIO_BYTES`, which could not be
    opened again; nothing was written (an OSError: saving it failed, the old file stays)."""


class ScenarioFileError(ValueError):
    """A scenario file cannot be read; the message says why in one line."""


def scenario_to_document(scenario: Scenario) -> dict:
    return {"format": FILE_FORMAT, "version": SCENARIO_SCHEMA_VERSION, "scenario": scenario.model_dump(mode="json")}


def computed_from(document: object) -> dict | None:
    """The scenario document an answer's JSON holds — ``estimate --json`` (its ``scenario``) or a
    summary's (``report -o x.json``: its ``estimate.scenario``) — else None. An engineer who kept the
    JSON of an answer and gave it back as ``--scenario`` was told "not a GPU Configurator scenario
    file" until December 2026, and the command line writes no other file of a scenario."""
    if not isinstance(document, dict) or "format" in document and document["format"] != SUMMARY_FORMAT:
        return None
    answer = document.get("estimate") if "format" in document else document
    body = answer.get("scenario") if isinstance(answer, dict) else None
    version = body.get("schema_version") if isinstance(body, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or "card" not in answer:
        return None
    return {"format": FILE_FORMAT, "version": version, "scenario": body}


def scenario_from_document(document: object, notes: list[Message] | None = None, answers: bool = False) -> Scenario:
    """Validate a parsed scenario document; with ``answers``, an answer's JSON too (:func:`computed_from`:
    the command line's; the window opens scenario files only, whose Save would write over the answer).

    A name longer than :data:`~configurator.core.scenario.MAX_NAME_CHARS` (a file written by
    hand or before the bound) is cut to that length rather than refused, so the work in the file
    still opens; ``notes``, where given, receives a message saying so.
    """
    carried_body = computed_from(document) if answers else None
    if carried_body is not None:  # an answer's JSON read back: the scenario it answers, said
        document = carried_body
        if notes is not None:
            notes.append(msg("scenario-from-answer"))
    if not isinstance(document, dict) or document.get("format") != FILE_FORMAT:
        raise said(ScenarioFileError, msg("scenario-not-ours"))
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise said(ScenarioFileError, msg("scenario-no-version"))
    if version > SCENARIO_SCHEMA_VERSION:
        raise said(ScenarioFileError, msg("scenario-newer", version=version, known=SCENARIO_SCHEMA_VERSION))
    body = document.get("scenario")
    if not isinstance(body, dict):
        raise said(ScenarioFileError, msg("scenario-no-body"))
    body = migrated_body(body, version, notes)
    name = body.get("name")
    if isinstance(name, str) and len(name) > MAX_NAME_CHARS:
        body = {**body, "name": name[:MAX_NAME_CHARS]}
        if notes is not None:
            notes.append(msg("scenario-name-shortened", length=len(name), limit=MAX_NAME_CHARS))
    try:  # strict: no true as a count, no "false" as a flag, no "8" as a number
        text = json.dumps(body, allow_nan=False)
    except ValueError:
        raise said(ScenarioFileError, msg("scenario-not-finite")) from None
    try:
        return Scenario.model_validate_json(text, strict=True)
    except ValidationError as error:
        raise said(ScenarioFileError, msg("scenario-invalid", problem=error_line_message(error, Scenario, "scenario"))) \
            from None


def read_scenario(path: Path, notes: list[Message] | None = None, answers: bool = False) -> Scenario:
    """Load a scenario file; ScenarioFileError on any problem (``notes``, ``answers``: see
    :func:`scenario_from_document`)."""
    try:
        document = read_json_file(Path(path), MAX_SCENARIO_BYTES)
    except JsonFileError as error:
        raise carried(ScenarioFileError, error) from None
    return scenario_from_document(document, notes, answers)


def document_text(document: dict, limit: int = MAX_SCENARIO_BYTES) -> str:
    """``document`` as JSON text of at most ``limit`` bytes (UTF-8): indented, one key a line,
    where that fits; compact (no spaces, one line) where only that fits.

    A scenario read from a file just under the limit grows past it when indented (a file of
    1,047,992 bytes was saved as 1,048,749 and could not be opened again: issue 30); compact it
    is no larger than it was read, but for numbers written shorter there (``1e5`` is saved as
    ``100000.0``).

    Raises
    ------
    ScenarioTooLarge
        Not even the compact text fits (the message says how large it is and what to shorten).
    """
    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    if len(text.encode("utf-8")) <= limit:
        return text
    text = json.dumps(document, separators=(",", ":"), ensure_ascii=False) + "\n"
    size = len(text.encode("utf-8"))
    if size > limit:
        message = msg("scenario-too-large", size=f"{size:,}", limit=f"{limit:,}")
        error = ScenarioTooLarge(errno.EFBIG, message.text)
        error.said = message  # said in the user's language, not as the disk's "File too large" (core/messages_said.py)
        raise error
    return text


def scenario_text(scenario: Scenario) -> str:
    """The text of ``scenario``'s file (see :func:`document_text`)."""
    return document_text(scenario_to_document(scenario))


def write_scenario(path: Path, scenario: Scenario) -> str:
    """Save a scenario file atomically; ScenarioTooLarge (an OSError) before anything is written
    when it could not be opened again. Returns the SHA-256 (hex) of what was written."""
    import hashlib

    data = scenario_text(scenario).encode("utf-8")
    write_bytes_atomically(Path(path), data)
    return hashlib.sha256(data).hexdigest()


def scenario_digest(path: Path) -> str | None:
    """The SHA-256 (hex) of the scenario file at ``path`` as it is now (None: missing, unreadable
    or too large to be one), to compare with :func:`write_scenario`'s."""
    return file_digest(Path(path), MAX_SCENARIO_BYTES)
