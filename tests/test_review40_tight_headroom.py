"""One tight-fit headroom (review, session 40): the share below which a fit is warned tight and the one
below which a family calls memory its limit are one figure, on the same basis (what the run needs)."""

from configurator.core.memory import TIGHT_FIT_HEADROOM
from configurator.core.workloads.base import TIGHT_HEADROOM


def test_tight_headroom_is_the_tight_fit_headroom():
    assert TIGHT_HEADROOM is TIGHT_FIT_HEADROOM
