"""The size at which a fast-link domain spans servers, shared by the estimator's links and the bill's
servers (a small module of its own: the window's editor reads the bill's host rule before the estimator
loads, tests/test_startup.py)."""

from __future__ import annotations

RACK_SCALE_DOMAIN = 8
"""Fast-link domains larger than this span servers (NVL72-class racks, CloudMatrix): an HGX or
DGX server holds 8 NVLink-connected GPUs (NVIDIA DGX H100 User Guide, "Hardware Overview")."""
