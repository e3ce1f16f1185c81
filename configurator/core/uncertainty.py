"""How far each headline number of an estimate can be trusted: its "likely" range from the
out-of-sample residuals of the accuracy benchmark (issue 14, part 9; issue 27, parts 1 and 6).

The bands are order statistics of ``ln(measured / predicted)`` over rows predicted out of sample:
each calibration row of ``benchmarks/data`` with the defaults set without its own source
(``benchmarks/loso.py``) and each held-out row (published, ``held-out.json``, and the H100 rig),
which set nothing, per kind of number and scale bucket, written to ``resources/error_bands.json``
by ``tools/refresh_error_bands.py``; the package reads only that file. Likely = from the 10th to the
90th percentile of those rows (80 % of them fell inside). Until December 2026 the rows were the
calibration rows in sample, whose residuals the fitted defaults had made small: the serving
throughput band read ×0.78–×1.00 on 2 to 64 cards, held by the guard, while 54 % of the held-out
rows lay outside it (measured 15 % below the estimate at the median).
Graphics numbers (desktops, transcoding, rendering) have no calibration rows and get no band.

A band always holds the estimate it bounds (:func:`holding_estimate`, a guard): where the rows of a
bucket were nearly all off the same way, their percentiles alone lie on one side of the estimate;
the band then reaches from the estimate to the far percentile and still holds at least 80 % of the
rows. The bands file's caveat names each bucket where the guard bit.

A serving number's band is its group's where the file has one (issue 27, part 6; session 50): the rows of
the engine the scenario serves with on a card of the scenario's software stack (:func:`band_group`), at the
scenario's scale, when the tool found enough of them (its rule: ``tools/refresh_error_bands.py``); else the
scale's band over every engine and stack. A group's band names the group and its rows; where the group's
percentiles still lay on one side of the estimate, it keeps the guard and says where the group's median run
was measured (:attr:`Band.off_median`). A number's slow end (a verdict's "may miss it at the slow end") is an
end of the band the number is shown with: both are read through :func:`scenario_band` (slowband50).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from configurator.core.resources import bundled_path

if TYPE_CHECKING:
    from configurator.core.messages import Message


class Estimate(Protocol):
    """What :func:`headline_bands` reads of an estimate (:class:`configurator.core.estimate.Estimate`),
    named by its fields rather than imported: the window reads bands before the estimator loads,
    and the constraint check (below the estimator) reads a deadline's band here (session 24)."""

    scenario: Any
    card: Any
    fits: Any
    memory: Any
    training: Any
    serving: Any
    graphics: Any

BANDS_FILE = "resources/error_bands.json"

HELD_OUT_SOURCES = ("held-out", "h100")
"""First words of the ids of held-out rows (``benchmarks/accuracy_heldout.py``, ``accuracy_rig_heldout.py``)."""

NO_CALIBRATION = "no calibration data"
"""What a number without calibration rows says instead of a band."""


@dataclass(frozen=True)
class Band:
    """The likely range of one headline number, in the number's own unit, and the rows behind it."""

    value: float
    low: float
    high: float
    kind: str
    """Kind of calibration rows (benchmarks/accuracy.py): train-throughput, memory, prefill …"""
    scale: str
    """Scale bucket of the rows: '1', '2-64' or '>64' cards."""
    row_ids: tuple[str, ...]
    """The rows behind the band: calibration rows ('published:tp-korth-22b', 'h200:train b4 …') and
    held-out rows ('held-out:…', 'h100:…'), :data:`HELD_OUT_SOURCES`."""
    note: str = ""
    """Why the band is taken over all scales, or a caveat, in English ('' when none)."""
    scale_rows: int | None = None
    """Rows at the estimate's own scale when they were too few and the band is the kind's over
    all scales (None: the band is the scale's own)."""
    group: tuple[str, str] | None = None
    """(engine, software stack) of the rows when the band is their group's (:func:`band_group`); None: the
    band is over every engine and stack."""
    off_median: float | None = None
    """The median of measured / predicted over the group's rows [-] where the group's 10th and 90th percentiles
    both lay on one side of the estimate (the guard widened the band to hold it); None otherwise."""

    @property
    def rows(self) -> int:
        return len(self.row_ids)

    @property
    def held_out_rows(self) -> int:
        """Rows behind the band that set no default (held out); the others are calibration rows,
        each predicted with the defaults set without its own source."""
        return sum(row_id.split(":", 1)[0] in HELD_OUT_SOURCES for row_id in self.row_ids)

    @property
    def few_rows(self) -> bool:
        """Fewer rows behind the band than a scale needs for a band of its own."""
        return self.rows < error_bands()["min_rows_per_scale"]

    @property
    def row_names(self) -> tuple[tuple[str, int], ...]:
        """The rows by name (model and cards, :func:`row_name`) with how many rows have it, in
        the order they are first met."""
        counts: dict[str, int] = {}
        for row_id in self.row_ids:
            name = row_name(row_id)
            counts[name] = counts.get(name, 0) + 1
        return tuple(counts.items())


def row_name(row_id: str) -> str:
    """A calibration row's name, the model and the cards it ran on ("LLaMA 70B · 4 × H100 SXM5
    80GB", written by tools/refresh_error_bands.py); its id where the bands file has none."""
    return error_bands().get("row_names", {}).get(row_id, row_id)


@lru_cache(maxsize=1)
def error_bands() -> dict:
    """The bundled error bands (``resources/error_bands.json``)."""
    return json.loads(bundled_path(BANDS_FILE).read_text(encoding="utf-8"))


def scale_bucket(cards: int) -> str:
    """Name of the scale bucket ``cards`` falls in ('1', '2-64', '>64')."""
    for name, limits in error_bands()["scales"].items():
        if cards >= limits["fewest_cards"] and (limits["most_cards"] is None or cards <= limits["most_cards"]):
            return name
    raise ValueError(f"no scale bucket holds {cards} cards")


def holding_estimate(low_factor: float, high_factor: float) -> tuple[float, float]:
    """Band factors of measured / predicted widened, where needed, to hold the estimate itself
    (factor 1) [-]: ``(min(low, 1), max(high, 1))``.

    The percentiles of a bucket whose calibration rows were nearly all off the same way lie on one side
    of 1, and a "likely" range that excludes the number it bounds contradicts it; widened to 1 it
    holds the estimate and still at least the 80 % of rows the percentiles held."""
    return min(low_factor, 1.0), max(high_factor, 1.0)


def scaled_range(value: float, low_factor: float, high_factor: float, inverse: bool = False) -> tuple[float, float]:
    """``value``'s likely range from the band factors of measured / predicted.

    Parameters
    ----------
    value : float
        The estimate [any unit].
    low_factor, high_factor : float
        10th and 90th percentile of measured / predicted in the kind's sense [-].
    inverse : bool
        ``value`` is the inverse of the kind's quantity (a time to train from a throughput):
        the range is ``value / high_factor .. value / low_factor``.

    Returns
    -------
    tuple of float
        (low, high) in ``value``'s unit.
    """
    if inverse:
        return value / high_factor, value / low_factor
    return value * low_factor, value * high_factor


def band_group(engine: str | None, stack: str | None) -> str | None:
    """The key of the group of rows run with ``engine`` (``Engine`` value: 'vllm') on cards of the software
    ``stack`` (catalog ``software.stack``: 'ROCm'), as the bands file keys it ('vllm on ROCm'); None where
    either is not known (a row or scenario outside every group)."""
    return f"{engine} on {stack}" if engine and stack else None


def work_group(scenario: Any, card: Any) -> str | None:
    """The group of the rows ``scenario``'s numbers on ``card`` are read against (:func:`band_group`): a serving
    scenario's engine on the card's software stack; None for training or a card whose stack is not rated
    (graphics work reads no band: :func:`headline_bands`)."""
    software = getattr(card, "software", None)
    if scenario.workload.is_training or software is None:
        return None
    engine = scenario.serving.engine
    return band_group(getattr(engine, "value", engine), software.stack)


def band_for(kind: str, value: float, cards: int, inverse: bool = False, group: str | None = None) -> Band:
    """The band of ``value`` [its unit], an estimate of ``kind`` for ``cards`` cards: the band of ``group``
    (:func:`band_group`) at that scale where the file has one, else the scale's over every group."""
    entry = error_bands()["kinds"][kind]
    scale = scale_bucket(cards)
    b = entry["scales"][scale]
    own = b.get("groups", {}).get(group) if group is not None else None
    b = own or b
    low, high = scaled_range(value, *holding_estimate(b["low_factor"], b["high_factor"]), inverse)
    note = "; ".join(filter(None, (b.get("fallback", ""), b.get("caveat", ""))))
    members = (b["engine"], b["stack"]) if own else None
    off = b["median_factor"] if own and "caveat" in b else None
    band = Band(value, low, high, kind, scale, tuple(b["row_ids"]), note, b.get("scale_rows"), members, off)
    if own:  # the group's notes in English say where the guard bit, in place of the caveat's percentiles
        from configurator.core.messages import ENGLISH, render

        said = (*(render(m, ENGLISH) for m in group_notes(band)), b.get("fallback", ""), "" if off else note)
        band = replace(band, note="; ".join(filter(None, said)))
    return band


def scenario_band(kind: str, value: float, scenario: Any, card: Any, inverse: bool = False,
                  cards: int | None = None) -> Band:
    """The band of ``value`` [its unit], an estimate of ``kind`` for ``scenario`` on ``card``: the band of the
    scenario's group (:func:`work_group`) where the file has one, else the scale's over every group
    (:func:`band_for`), at the scale of ``cards`` (None: the scenario's count). The one choice of band a number
    is both shown with (:func:`headline_bands`) and read at its slow end with (:func:`slow_end_hours`,
    :func:`slow_end_rate`, :func:`slow_end_latency`; session 50, slowband50: 24 × MI300X on vLLM showed
    "likely 33.3–56.6 requests/s" beside a slow end of 34.04 read from the band over every group)."""
    count = scenario.count if cards is None else cards
    return band_for(kind, value, count, inverse, group=work_group(scenario, card))


def group_notes(band: Band) -> tuple[Message, ...]:
    """What a group's band says of itself (message ids ``band-group*``, :mod:`configurator.core.messages_bands`):
    that it is the band of the scenario's engine on its software stack alone, with its rows, and where the guard
    bit (:attr:`Band.off_median`), how far below or above the estimate the group's median run was measured.
    Empty for a band over every group."""
    if band.group is None:
        return ()
    from configurator.core.messages import msg
    from configurator.core.view.names import ENGINES

    said = {"engine": ENGINES.get(band.group[0], band.group[0]), "stack": band.group[1], "n": band.rows}
    notes = [msg("band-group", **said)]
    if band.off_median is not None:
        side = "band-group-below" if band.off_median < 1 else "band-group-above"
        notes.append(msg(side, **said, share=abs(1 - band.off_median), what=GROUP_WHAT[band.kind]))
    return tuple(notes)


GROUP_WHAT = {"prefill": "Time to first token", "decode": "Time per output token",
              "serving-throughput": "Serving throughput"}
"""The number a grouped kind's band is of, as its one-sided note names it (``{what}``)."""


def off_notes(est: Estimate) -> tuple[Message, ...]:
    """The estimate's warnings of its grouped bands whose rows were nearly all off the same way
    (``band-group-below`` / ``-above``, :func:`group_notes`), one per kind, said beside the numbers
    (:func:`configurator.core.mismatch.said_beside`: the command line, its JSON, the window and the summary);
    none for a configuration that does not fit (its numbers are not run)."""
    if getattr(est, "serving", None) is None or getattr(est, "scenario", None) is None or not est.fits:
        return ()
    kinds = {band.kind: band for band in headline_bands(est).values() if band.off_median is not None}
    return tuple(group_notes(band)[-1] for band in kinds.values())


def slow_end_hours(hours: float, scenario: Any, card: Any, cards: int | None = None) -> float:
    """The slow end of a training job's ``hours`` [h], ``scenario``'s on ``cards`` of ``card`` (None: the
    scenario's count): the high end of the hours' likely range as it is shown (:func:`scenario_band`), the
    training-throughput band read inverse (1 / the low factor of measured over predicted throughput) [h]. The
    deadline verdict's slow end (:func:`configurator.core.constraints`) and the count that meets a deadline
    there (:mod:`configurator.core.slow_end_count`) read it."""
    return scenario_band("train-throughput", hours, scenario, card, inverse=True, cards=cards).high


def slow_end_rate(requests_per_s: float, scenario: Any, card: Any, cards: int | None = None) -> float:
    """The slow end of a serving deployment's ``requests_per_s`` [requests/s], ``scenario``'s on ``cards`` of
    ``card`` (None: the scenario's count): the low end of the rate's likely range as it is shown
    (:func:`scenario_band`: the serving-throughput band of the scenario's engine on the card's stack where the
    bands file has one; its low factor of measured over predicted) [requests/s]. The request-rate verdict's slow
    end (:func:`configurator.core.constraints.serving_verdicts`) and the count that carries the rate there
    (:mod:`configurator.core.slow_end_count`) read it."""
    return scenario_band("serving-throughput", requests_per_s, scenario, card, cards=cards).low


LATENCY_KINDS = {"ttft": "prefill", "tpot": "decode"}
"""The kind of calibration rows whose band a latency target's verdict is read at (the first token: prefill; the
time per output token: decode), as :func:`headline_bands` reads ``ttft_s`` and ``tpot_s``."""


def slow_end_latency(ms: float, verdict_id: str, scenario: Any, card: Any, cards: int | None = None) -> float:
    """The slow end of a serving deployment's latency ``ms`` [ms], ``scenario``'s on ``cards`` of ``card`` (None:
    the scenario's count), for the verdict ``verdict_id`` ("ttft" or "tpot", :data:`LATENCY_KINDS`): the high
    end of its likely range as it is shown (:func:`scenario_band`: the prefill or decode band's high factor of
    measured over predicted, read at the percentile the target holds: the bands are of the median rows
    measured, their spread taken to scale the tail alike) [ms]. A users-only question's
    latency verdicts (:func:`configurator.core.constraints.serving_verdicts`; small50) and the count that serves
    its users there (:mod:`configurator.core.slow_end_count`) read it."""
    return scenario_band(LATENCY_KINDS[verdict_id], ms, scenario, card, cards=cards).high


def headline_bands(est: Estimate) -> dict[str, Band]:
    """The band of each headline number of ``est``, keyed by the number's JSON name.

    Training: tokens_per_s, tokens_per_s_per_card, step_time_s, hours, gpu_hours (rows of
    kind train-throughput); serving: ttft_s (prefill), tpot_s (decode), tokens_per_s,
    tokens_per_s_per_card, requests_per_s (serving-throughput); both: memory_total [bytes] (memory). Each is
    the scenario's band (:func:`scenario_band`: its group's where the file has one), the band its slow end is
    read at. Graphics estimates: none (:data:`NO_CALIBRATION`)."""
    if est.graphics is not None:
        return {}

    def band(kind: str, value: float, inverse: bool = False) -> Band:
        return scenario_band(kind, value, est.scenario, est.card, inverse)

    bands = {"memory_total": band("memory", est.memory.total)}
    t, i = est.training, est.serving
    if t is not None:
        for name in ("tokens_per_s", "tokens_per_s_per_card"):
            bands[name] = band("train-throughput", getattr(t, name))
        for name in ("step_time_s", "hours", "gpu_hours"):
            bands[name] = band("train-throughput", getattr(t, name), inverse=True)
    elif i is not None:
        bands["ttft_s"] = band("prefill", i.ttft_s)
        bands["tpot_s"] = band("decode", i.tpot_s)
        for name in ("tokens_per_s", "tokens_per_s_per_card", "requests_per_s"):
            bands[name] = band("serving-throughput", getattr(i, name))
    return bands


def band_definition() -> str:
    """What 'likely' means, in English (the JSON's ``error_bands.definition``)."""
    return error_bands()["definition"]
