"""The one figure a column of configurations shows of a latency, and which percentile it is at.

A serving estimate's latencies are shown by their percentiles ('p50 65.6 ms · p90 80.0 ms'); where a
table has room for one figure (the command line's ranking, the window's ranking table, the summary's
alternatives) it shows the latency at the percentile the targets hold for — the one the buyer typed
(``--latency-percentile 95``), else the serving use's (p90 for chat, ``core.serving_use``) — and its
heading names it: 'Time per output token (p90)'. Until session 39 the column showed the median beside
a constraint checked at p90 (persona 8: Gaudi 3, median 37.3 ms shown, p90 38.2 ms checked). This
module is the one place that decides that percentile (:func:`column_percentile`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.serving_use import latency_targets
from configurator.core.view.names import PERCENTILES
from configurator.core.view.rows import Amount, Phrase

if TYPE_CHECKING:
    from configurator.core.scenario import Scenario

MEDIAN = 50
"""The percentile that is the median [%]."""


def column_percentile(scenario: Scenario) -> int:
    """The latency percentile a one-figure column shows for ``scenario``: its targets' (typed, else the
    serving use's) [%]."""
    return latency_targets(scenario).percentile


def latency_heading(label: str | Phrase, percentile: int) -> Phrase:
    """``label`` named with the percentile its figure is at: 'Time per output token (p90)', the median
    as '(median)'."""
    if percentile == MEDIAN:
        return Phrase("{label} (median)", {"label": label})
    return Phrase("{label} ({percentile})", {"label": label, "percentile": PERCENTILES[percentile]})


def shown_percentile(value: object, percentile: int | None) -> int | None:
    """The percentile a one-figure column shows of ``value``: ``percentile`` where ``value`` is an
    :class:`Amount` shown by its percentiles and holds that one, the median where it holds others; None
    where it is no latency by percentiles."""
    if not isinstance(value, Amount) or not value.percentiles:
        return None
    return percentile if percentile is not None and percentile in dict(value.percentiles) else MEDIAN


def at_percentile(value: Amount, percentile: int) -> Amount:
    """``value`` (an :class:`Amount` shown by its percentiles) as its one figure at ``percentile``,
    without a likely range (the range is the median's)."""
    figure = dict(value.percentiles).get(percentile, value.value)
    return Amount(figure, value.unit, value.money, None, (), value.digits)
