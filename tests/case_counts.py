"""How many generated cases the fuzz and property tests try (tests/test_fuzz.py,
tests/test_properties.py): each names its full count, a run tries :data:`SCALE` of it.

``GPU_CONFIGURATOR_FUZZ_SCALE`` sets the share: unset, :data:`DEFAULT_SCALE`; CI's second
step (scripts/run-tests.sh) runs both modules at ``1``, the full count.
"""

from __future__ import annotations

import os

DEFAULT_SCALE = 0.2
"""Share of each test's full case count a run without ``GPU_CONFIGURATOR_FUZZ_SCALE`` tries: a
fifth (the fuzz suite's 2,946 cases -> 586, the property tests' 150 each -> 30) keeps
``pytest -m "not gui"`` under 30 s (issue 14, part 8); CI runs the full count in a step of its own."""

SCALE = float(os.environ.get("GPU_CONFIGURATOR_FUZZ_SCALE", DEFAULT_SCALE))


def scaled(examples: int) -> int:
    """``examples`` times :data:`SCALE`, at least one."""
    return max(1, int(examples * SCALE))
