"""An offline batch job given no volume (neither a request rate nor users at once) is planned
for throughput: at the largest batch per model copy that fits in memory, within the serving
engine's default cap on the sequences it schedules together, as a practitioner runs such a job
(all documents queued, the engine kept full). Its cost per token follows from that throughput.

Before (session 34, persona): such a job was planned one sequence at a time (``Serving.users``
is 1 when no users are given), Qwen 2.5 72B at 26.51 USD per million tokens against 0.631 USD
at 256 sequences at once.

The rule (:func:`filled_batch`): plan the job as stated (one user); on the copy it lays out, the
users that fit in memory at the context (``Limits.max_concurrency``, every copy's), at most the
engine's cap (:func:`engine_batch_cap`; the buyer's own ``max_batch`` where pinned) and one
token per running sequence in an engine step (``max_batched_tokens``) per copy; then plan the
job for that many users at once. Chat and API uses keep their default (one user unless given).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from configurator.core.engine_step import engine_step_tokens
from configurator.core.catalog import Card
from configurator.core.engine_defaults import default_max_seqs
from configurator.core.messages import msg
from configurator.core.scenario import Scenario
from configurator.core.serving_use import BATCH_FILLED, unsized_batch
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.serving.edits import with_serving


def engine_batch_cap(scenario: Scenario, card: Card) -> int | None:
    """The most sequences one model copy runs together: the buyer's ``max_batch`` where pinned,
    else the default cap of the engine profile in use on ``card`` (:func:`~configurator.core.engines.
    default_max_seqs`: its marketed memory [GB] and its name; None: memory alone decides) [sequences].
    Until December 2026 the caps were a table here, apart from the profiles the engine-profile dialog
    edits."""
    serving = scenario.serving
    if serving.max_batch is not None and "max_batch" not in scenario.auto_layout:
        return serving.max_batch
    return default_max_seqs(serving.profile, card.memory_gb * 1e9, card.name)


def filled_users(first: Estimate) -> int:
    """The users at once that fill the copies of ``first`` (the job planned at one user): what fits
    in memory at the context, at most the engine's cap and the engine step's tokens a copy [sequences]."""
    scenario = first.scenario
    copies = scenario.data_parallel
    per_copy = engine_step_tokens(scenario, first.card)
    cap = engine_batch_cap(scenario, first.card)
    if cap is not None:
        per_copy = min(per_copy, cap)
    in_memory = first.limits.max_concurrency or 1
    return max(1, min(in_memory, per_copy * copies))


def filled_batch(scenario: Scenario, card: Card, assemble: Callable[[Scenario, Card], Estimate]) -> Estimate:
    """``assemble(scenario, card)``, for an offline batch job with no volume (:func:`unsized_batch`)
    planned again at the users that fill its copies (:func:`filled_users`), with a message saying so;
    the plan at one user where it does not fit or run, or where the fuller plan does not."""
    first = assemble(scenario, card)
    if not unsized_batch(scenario) or not first.fits or first.serving is None:
        return first
    users = filled_users(first)
    full = assemble(with_serving(scenario, concurrency=users), card) if users > 1 else first
    if not full.fits or full.serving is None:
        full, users = first, 1
    cap = engine_batch_cap(scenario, card)
    said = {"users": users, "batch": full.scenario.sequences_per_replica}
    note = msg(BATCH_FILLED + "-memory", **said) if cap is None else msg(BATCH_FILLED, **said, cap=cap)
    return replace(full, messages=(note, *full.messages))
