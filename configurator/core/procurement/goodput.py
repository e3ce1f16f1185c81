"""Time lost to failures at scale: interruptions, checkpoints, restarts and the spare servers
that keep a job at full width."""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.formulas import reliability
from configurator.core.formulas.reliability import checkpoint_interval_hours, poisson_tail, servers_out_at_once
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.procurement.servers import server_type, servers_needed

FAILURES_PER_GPU_HOUR = 419 / (54 * 24 * 16384)
"""Unexpected job interruptions per GPU-hour: 419 in 54 days on 16,384 H100s (Dubey et al. 2024,
"The Llama 3 Herd of Models", §3.3.4; 78 % of them hardware) — 1.97e-5 [1/GPU-h]. Used when the
price file has no ``gpu_failure_rate_per_gpu_hour``."""

RESTART_HOURS = 0.5
"""Time from an interruption to training again (detect, replace or drain the node, reload the
last checkpoint) when the price file has no ``checkpoint_restart_minutes`` [h]."""

CHECKPOINT_WRITE_GBPS_PER_SERVER = 2.0
"""Checkpoint write bandwidth each server reaches to shared storage [GB/s] (a stated
assumption: one 200 Gb/s storage port at ~80 %)."""

REPAIR_HOURS = 48.0
"""Time a failed server is out for repair before it can return as a spare [h] (assumption)."""

CHECKPOINT_BYTES_PER_PARAM = 16.0
"""Bytes per parameter of a resumable mixed-precision checkpoint: fp32 master weights and two
Adam moments, 16-bit weights (Rajbhandari et al. 2020 §3: 16 B/param) [B]."""

SPARE_CONFIDENCE = 0.99
"""Probability that no more servers are in repair at once than there are spares: the most spares
bought (:func:`spare_servers`); fewer where a spare would cost more than the waiting it saves
(:func:`spares_that_pay`)."""


@dataclass(frozen=True)
class Goodput:
    """Share of wall-clock time that trains, and what it costs."""

    fraction: float
    """Useful share of the wall-clock time (1 = no interruptions)."""
    interruptions_per_day: float
    checkpoint_interval_h: float
    """Young's optimal interval between checkpoints [h]."""
    checkpoint_write_s: float
    spare_servers: int
    waiting_share: float = 0.0
    """Share of the time the job waits for a server's repair because more servers are out than
    there are spares (:func:`waiting_share`) [fraction]."""
    repair_h: float = REPAIR_HOURS
    """How long a failed server is out for repair [h]."""


def spares_that_pay(servers: int, mean_out: float) -> int:
    """Spare servers whose price the waiting they save repays [count].

    Without a ``k``-th spare the job waits for a repair whenever ``k`` or more of its servers are
    out at once, a share ``P(X ≥ k)`` of its time (``X ~ Poisson(mean_out)``,
    :func:`servers_out_at_once`). **Assumption**: an hour the job waits costs the working servers'
    and cards' price spread over their life, and a spare server with its cards costs ``1/servers``
    of that price, so the ``k``-th spare pays when ``P(X ≥ k) × servers ≥ 1`` (the life cancels).
    With Llama 3's failure rate (1.97e-5 per GPU-hour) and a 48 h repair this buys a first spare
    from 12 servers of 8 cards up (96 GPUs; 0.0076 servers out a server): 2 Atlas 800T A2 servers for a
    16-NPU fine-tune buy none (a 50 % spare for a 1.5 % wait), 128 HGX servers buy 4 as before.
    """
    k = 0
    while servers > 1 and poisson_tail(mean_out, k + 1) * servers >= 1.0:
        k += 1
    return k


def waiting_share(mean_out: float, spares: int) -> float:
    """Share of the time a job with ``spares`` spare servers waits for a repair: more servers out
    at once than there are spares, ``P(X ≥ spares + 1)`` for ``X ~ Poisson(mean_out)`` [fraction]."""
    return poisson_tail(mean_out, spares + 1)


def spare_servers(servers: int, gpus_per_server: int, failure_rate: float, repair_h: float,
                  confidence: float = SPARE_CONFIDENCE) -> int:
    """Spares so that, with servers failing as a Poisson process at ``failure_rate`` per GPU-hour
    and out for ``repair_h``, the job finds a replacement with probability ``confidence``
    (:func:`configurator.core.formulas.reliability.spare_servers`), but none that costs more than
    the waiting it saves (:func:`spares_that_pay`: a 2-server job buys no 50 % spare) [count]."""
    covered = reliability.spare_servers(servers, gpus_per_server, failure_rate, repair_h, confidence)
    return min(covered, spares_that_pay(servers, servers_out_at_once(servers, gpus_per_server, failure_rate,
                                                                    repair_h)))


def training_goodput(gpus: int, servers: int, gpus_per_server: int, checkpoint_bytes: float,
                     failure_rate: float = FAILURES_PER_GPU_HOUR, restart_h: float = RESTART_HOURS) -> Goodput:
    """Goodput of a training job on ``gpus`` cards: each interruption loses half a checkpoint
    interval of work plus the restart; checkpoints cost their write time (Young 1974)."""
    rate_per_h = failure_rate * gpus
    write_s = checkpoint_bytes / (CHECKPOINT_WRITE_GBPS_PER_SERVER * 1e9 * max(servers, 1))
    if rate_per_h <= 0:
        return Goodput(1.0, 0.0, math.inf, write_s, 0)
    mtbf_h = 1.0 / rate_per_h
    interval = checkpoint_interval_hours(write_s, mtbf_h)
    lost_per_hour = reliability.lost_hours_per_hour(rate_per_h, interval, restart_h, write_s)
    spares = spare_servers(servers, gpus_per_server, failure_rate, REPAIR_HOURS)
    waiting = waiting_share(servers_out_at_once(servers, gpus_per_server, failure_rate, REPAIR_HOURS), spares)
    return Goodput(reliability.goodput_fraction(lost_per_hour), rate_per_h * 24, interval, write_s, spares,
                   waiting, REPAIR_HOURS)


def deployment_goodput(scenario, card, book: PriceBook | None = None) -> Goodput | None:
    """Goodput of a training scenario on its servers, with the failure and restart figures of
    the price book ``book`` (None: the scenario's own,
    :func:`~configurator.core.procurement.prices.price_book_for` its economics; None for one server or a workload that is not training)."""
    if not scenario.workload.is_training:
        return None
    kind = server_type(card, scenario.parallelism.cards_per_node, scenario.count)
    servers = servers_needed(card, scenario.parallelism.cards_per_node, scenario.count)
    if servers <= 1:
        return None
    book = price_book_for(scenario.economics) if book is None else book
    checkpoint = CHECKPOINT_BYTES_PER_PARAM * scenario.model.total_params()
    return training_goodput(scenario.count, servers, kind.cards_each, checkpoint,
                            book.rate("gpu_failure_rate_per_gpu_hour", FAILURES_PER_GPU_HOUR),
                            book.rate("checkpoint_restart_minutes", RESTART_HOURS * 60) / 60.0)
