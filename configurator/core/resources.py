"""Where bundled data files and the user's data directory are."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from configurator.core.messages import msg
from configurator.core.messages_said import said

_PACKAGE_DIR = Path(__file__).resolve().parents[1]
_WHEEL_DATA = _PACKAGE_DIR / "_bundled"
_SOURCE_ROOT = _PACKAGE_DIR.parent


class MissingBundledFile(FileNotFoundError):
    """A data file the program ships with is not where the installation put it: the
    installation is incomplete (not a file of the user's, and nothing to do with output).
    Its message (``said``) names the file and says to reinstall."""


def bundled_path(relative: str) -> Path:
    """Path of a bundled data file (``catalog.json``, ``resources/...``).

    A wheel carries them in ``configurator/_bundled``; a source checkout (editable
    install) has them at the repository root.

    Raises
    ------
    MissingBundledFile
        The file is in neither place (a FileNotFoundError, named as an installation problem).
    """
    for root in (_WHEEL_DATA, _SOURCE_ROOT):
        candidate = root / relative
        if candidate.exists():
            return candidate

    shown = _WHEEL_DATA if _WHEEL_DATA.is_dir() else _SOURCE_ROOT
    error = said(MissingBundledFile, msg("installation-incomplete", file=relative, path=str(shown / relative)))
    error.filename = relative
    raise error


def user_data_dir() -> Path:
    """The user's data directory (overridable with ``GPU_CONFIGURATOR_DATA_DIR``)."""
    override = os.environ.get("GPU_CONFIGURATOR_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("gpu-configurator", appauthor=False))
