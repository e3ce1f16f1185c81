"""Message templates of a deadline met at the estimate that the likely range's slow end misses
(training: the calibration band of the job's hours, :func:`configurator.core.uncertainty.band_for`),
in both languages; merged into :mod:`configurator.core.messages`' catalogues, keyed by message id.
The other deadline verdicts (met, missed, unknown) are in :mod:`configurator.core.messages`."""

from __future__ import annotations

DEADLINE_ENGLISH: dict[str, str] = {
    "meets-deadline-at-estimate": (
        "Takes {hours:sig} h, {margin:duration} within the {deadline:,g} h deadline at the estimate; may miss it "
        "at the slow end of the likely range ({slow:sig} h)"
    ),
    "meets-deadline-at-estimate-days": (
        "Takes {hours:days}, {margin:duration} within the {deadline:,g}-day deadline at the estimate; may "
        "miss it at the slow end of the likely range ({slow:days})"
    ),
}

DEADLINE_CHINESE: dict[str, str] = {
    "meets-deadline-at-estimate": (
        "按估算需要 {hours:sig} 小时，在 {deadline:,g} 小时的期限内，余 {margin:duration}；"
        "按可能范围的慢端（{slow:sig} 小时）可能超出期限"
    ),
    "meets-deadline-at-estimate-days": (
        "按估算需要 {hours:days}，在 {deadline:,g} 天的期限内，余 {margin:duration}；"
        "按可能范围的慢端（{slow:days}）可能超出期限"
    ),
}
