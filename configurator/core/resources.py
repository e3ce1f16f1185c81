"""Where bundled data files and the user's data directory are."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

_PACKAGE_DIR = Path(__file__).resolve().parents[1]
_WHEEL_DATA = _PACKAGE_DIR / "_bundled"
_SOURCE_ROOT = _PACKAGE_DIR.parent


def bundled_path(relative: str) -> Path:
    """Path of a bundled data file (``catalog.json``, ``resources/...``).

    A wheel carries them in ``configurator/_bundled``; a source checkout (editable
    install) has them at the repository root.
    """
    for root in (_WHEEL_DATA, _SOURCE_ROOT):
        candidate = root / relative
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"bundled file '{relative}' is missing from the installation")


def user_data_dir() -> Path:
    """The user's data directory (overridable with ``GPU_CONFIGURATOR_DATA_DIR``)."""
    override = os.environ.get("GPU_CONFIGURATOR_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("gpu-configurator", appauthor=False))
