"""Scenario files (``.gpuconf.json``): versioned, validated, written atomically."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from configurator.core.bounds import error_text
from configurator.core.files import write_text_atomically
from configurator.core.scenario import SCENARIO_SCHEMA_VERSION, Scenario

FILE_FORMAT = "gpu-configurator-scenario"
FILE_SUFFIX = ".gpuconf.json"


class ScenarioFileError(ValueError):
    """A scenario file cannot be read; the message says why in one line."""


def scenario_to_document(scenario: Scenario) -> dict:
    return {"format": FILE_FORMAT, "version": SCENARIO_SCHEMA_VERSION, "scenario": scenario.model_dump(mode="json")}


def scenario_from_document(document: object) -> Scenario:
    """Validate a parsed scenario document."""
    if not isinstance(document, dict) or document.get("format") != FILE_FORMAT:
        raise ScenarioFileError("not a GPU Configurator scenario file")
    version = document.get("version")
    if not isinstance(version, int) or version < 1:
        raise ScenarioFileError("scenario file has no valid version")
    if version > SCENARIO_SCHEMA_VERSION:
        raise ScenarioFileError(
            f"scenario file version {version} is newer than this program understands "
            f"({SCENARIO_SCHEMA_VERSION}); update GPU Configurator"
        )
    try:
        return Scenario.model_validate(document.get("scenario"))
    except ValidationError as error:
        loc, text = error_text(error, Scenario)
        raise ScenarioFileError(f"scenario file: {'.'.join(loc) or 'scenario'}: {text}") from None


def read_scenario(path: Path) -> Scenario:
    """Load a scenario file; ScenarioFileError on any problem."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioFileError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise ScenarioFileError(f"{path} is corrupt (line {error.lineno}: {error.msg})") from None
    return scenario_from_document(document)


def write_scenario(path: Path, scenario: Scenario) -> None:
    """Save a scenario file atomically."""
    text = json.dumps(scenario_to_document(scenario), indent=1, ensure_ascii=False)
    write_text_atomically(Path(path), text + "\n")
