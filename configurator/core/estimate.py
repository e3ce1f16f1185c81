"""estimate(scenario, card) -> Estimate, and sweeps over card counts and cards: the dispatcher.

Each workload family assembles its own estimate (:mod:`configurator.core.workloads`: a package per
family, family → deployment → plan → estimate); this module asks ``family_of(workload)`` for it
through the shared memo, and re-exports the names the rest of the program reads here: the
:class:`Estimate` type, the layout edits and the serving-targets test.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from configurator.core.architecture import clear_counts_memo
from configurator.core.catalog import Card
from configurator.core.constraints import missed_serving_targets
from configurator.core.economics import clear_price_basis_memo
from configurator.core.matmul_shapes import clear_shape_caches
from configurator.core.memo import clear_last_asked
from configurator.core.procurement.prices import clear_quoted_books
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import ServingSpeed
from configurator.core.workloads import families, family_of
from configurator.core.workloads import layout as _layout
from configurator.core.workloads.base import Estimate, Limits
from configurator.core.workloads.checks import verdict_messages
from configurator.core.workloads.layout import with_layout
from configurator.core.workloads.memo import MEMO_SIZE, clear_memo, remembered

__all__ = ["MEMO_SIZE", "Estimate", "Limits", "carrying_whole_load", "clear_estimate_memo", "estimate",
           "messages_for_serving_targets", "pinned_model_parallel", "sweep_catalog", "sweep_counts", "valid_counts",
           "verdict_messages", "with_count", "with_layout"]


def estimate(scenario: Scenario, card: Card) -> Estimate:
    """Memory, speed, power and cost of ``scenario`` on ``scenario.count`` × ``card``.

    Layout fields left to the planner (``scenario.auto_layout``) are chosen first, so the
    estimate is of the layout a practitioner would run; its scenario holds the values chosen.
    The last :data:`MEMO_SIZE` estimates are kept and given again for the same scenario and
    card (:func:`configurator.core.workloads.memo.remembered`); bills are priced from the scenario's
    own price book (:func:`configurator.core.procurement.prices.price_book_for`).
    """
    return remembered(scenario, card, family_of(scenario.workload).assemble)


def clear_estimate_memo() -> None:
    """Forget every kept estimate, every family's kept layout searches, the kept price bases and
    price books with quotes, the models' parameter counts and matrix-product shapes and every
    function's last answer (:class:`~configurator.core.memo.LastAsked`): the next
    :func:`estimate` of each scenario computes it again."""
    clear_memo()
    clear_counts_memo()
    clear_price_basis_memo()
    clear_quoted_books()
    clear_shape_caches()
    clear_last_asked()
    for family in families():
        family.clear_memos()


def messages_for_serving_targets(scenario: Scenario, speed: ServingSpeed) -> list[str]:
    """Serving targets the deployment misses (request rate, first token, time per token), as the
    message ids of the one checker's verdicts (:func:`configurator.core.constraints.missed_serving_targets`)."""
    return missed_serving_targets(scenario, speed)


# ---- counts and sweeps ------------------------------------------------------------------


def pinned_model_parallel(scenario: Scenario) -> int:
    """Cards a valid count must be a multiple of: the pinned tensor × pipeline × context degrees
    and the pinned expert degree (1 for a family without a parallel layout)."""
    return _layout.pinned_model_parallel(scenario, family_of(scenario.workload).has_layout)


def valid_counts(scenario: Scenario, counts: Iterable[int]) -> list[int]:
    """The counts the scenario's pinned tensor × pipeline layout can be split into."""
    return _layout.valid_counts(scenario, counts, family_of(scenario.workload).has_layout)


def with_count(scenario: Scenario, count: int) -> Scenario:
    """The scenario at another card count (Auto layout degrees back to 1 for the planner to
    choose again; :func:`configurator.core.workloads.layout.at_count`)."""
    return _layout.at_count(scenario, count, family_of(scenario.workload).has_layout)


def sweep_counts(scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
    """Estimates of ``scenario`` on ``card`` at each valid count of ``counts``.

    What does not depend on the count (precision plan, stage memory, micro-batch time,
    per-replica speed) is worked out once.
    """
    return family_of(scenario.workload).sweep(scenario, card, valid_counts(scenario, counts))


def carrying_whole_load(est: Estimate) -> Estimate:
    """Desktops and transcoding: the same scenario on as many cards as every user or stream
    needs (``est`` itself when it already has that count, or for other workloads)."""
    return family_of(est.scenario.workload).carrying_whole_load(est)


def sweep_catalog(scenario: Scenario, cards: Iterable[Card], counts: Sequence[int]) -> dict[str, list[Estimate]]:
    """``sweep_counts`` for every card: card id -> estimates by count."""
    return {card.id: sweep_counts(scenario, card, counts) for card in cards}
