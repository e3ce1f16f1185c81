"""What a training process holds at its high-water mark: never more than the card when the run fits
(``MemoryBreakdown.held``), and the card a held-out row states keeps no other card's usable memory."""

from configurator.core.memory_breakdown import MemoryBreakdown
from configurator.core.units import GIB


def _breakdown(total_gib: float, needed_gib: float | None, budget_gib: float = 79.2) -> MemoryBreakdown:
    return MemoryBreakdown(weights=0.0, gradients=0.0, optimizer=0.0, activations=0.0, kv_cache=0.0, overhead=0.0,
                           not_concurrent=0.0, total=total_gib * GIB, capacity=budget_gib * GIB,
                           budget=budget_gib * GIB, needed=None if needed_gib is None else needed_gib * GIB)


def test_a_run_that_fits_holds_no_more_than_the_card():
    # the H100 rig's 1B at 32k tokens with full recomputation: 80.9 GiB usual cache, 67.8 GiB needed
    b = _breakdown(80.91, 67.8)
    assert b.fits and b.cache_given_back
    assert b.held == b.budget


def test_a_run_below_the_card_holds_its_usual_cache():
    b = _breakdown(60.0, 50.0)
    assert b.held == b.total


def test_a_run_that_does_not_fit_keeps_its_figure():
    b = _breakdown(90.0, 85.0)
    assert not b.fits
    assert b.held == b.total


def test_the_stated_card_has_its_own_usable_memory():
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from heldout_card import card_as_run

    card = card_as_run({"card": "h100-sxm", "card_as_run": {
        "id": "h100-96", "name": "H100 96GB", "memory_gb": 96, "memory_type": "HBM2e", "bandwidth_gbps": 2400,
        "power_limit_w": 500, "source": "test"}})
    assert card.usable_memory_gib is None
    assert card.memory_gb == 96
