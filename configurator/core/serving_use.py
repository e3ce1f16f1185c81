"""What a serving deployment is for, and the latency targets each use holds it to unless the
buyer types their own (``Serving.use``; issue 24, part 2).

A chat nobody can read along with is not a chat: a recommendation for people who read the
answer as it streams must keep the first token and every next one faster than they read. The
figures, each with its source:

* **Interactive chat or assistant** (the default: what a buyer serving "500 staff" means):
  time per output token ≤ 100 ms and first token ≤ 1,000 ms, held for 90 % of requests.
  Adults read English non-fiction silently at 238 words/min on average, most at 175–300
  (Brysbaert 2019, *J. Memory and Language* 109:104047, a meta-analysis of 190 studies); a
  token is about ¾ of an English word (OpenAI's tokenizer guide), so a fast reader takes
  300 / 60 / 0.75 ≈ 6.7 tokens/s, 150 ms a token. 100 ms (10 tokens/s) stays ahead of that
  reader with a margin, and is MLPerf Inference's TPOT limit for Llama 3.1 8B's server scenario
  (mlcommons/inference ``mlperf.conf``). One second is the limit for a user's flow of thought
  to stay uninterrupted (Nielsen 1993, *Usability Engineering* §5.5, after Miller 1968 and
  Card et al. 1991); MLPerf's interactive Llama 2 70B scenario is stricter (450 ms, 40 ms at
  p99), NVIDIA aiconfigurator's default SLA looser on the first token (2,000 ms) and stricter
  on the next (30 ms).
* **API for other programs**: the MLPerf Inference server scenario's limits for Llama 2 70B,
  first token ≤ 2,000 ms and time per output token ≤ 200 ms at p99 (mlcommons/inference
  ``mlperf.conf``, ``llama2-70b.Server``): a program waits for the whole answer and the tail
  decides its timeouts.
* **Offline batch**: no latency target; the ranking is by cost per token.

A target the buyer types wins over the use's; so does a percentile they choose.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.frozen_record import fast_init
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario, ServingUse, Workload, updated, updated_or_none


@dataclass(frozen=True)
class UseTargets:
    """The default latency targets of one use [ms], the percentile they hold at, and their source."""

    ttft_ms: float | None
    tpot_ms: float | None
    percentile: int
    source: str


USE_TARGETS: dict[ServingUse, UseTargets] = {
    ServingUse.CHAT: UseTargets(
        1000.0, 100.0, 90,
        "reading speed 175-300 words/min (Brysbaert 2019) at ~0.75 words/token: 100 ms/token stays ahead; "
        "1 s keeps the flow of thought (Nielsen 1993); held for 90 % of requests"),
    ServingUse.API: UseTargets(
        2000.0, 200.0, 99, "MLPerf Inference server scenario, Llama 2 70B (mlcommons/inference mlperf.conf)"),
    ServingUse.BATCH: UseTargets(None, None, 50, "offline work: no latency target, ranked by cost per token"),
}
"""Each use's default targets (the module docstring gives the figures' sources)."""

SET = "set"
"""Origin of a target the buyer typed (:attr:`LatencyTargets.ttft_origin`)."""


@fast_init
@dataclass(frozen=True)
class LatencyTargets:
    """The latency targets a serving scenario is held to: the buyer's, else its use's.

    ``ttft_origin`` and ``tpot_origin`` say where each came from: :data:`SET` (typed) or the
    use's value (``"chat"``, ``"api"``); ``percentile`` is the buyer's or the use's."""

    ttft_ms: float | None
    tpot_ms: float | None
    percentile: int
    ttft_origin: str
    tpot_origin: str
    use: ServingUse

    @property
    def any(self) -> bool:
        """Whether there is a latency target at all."""
        return bool(self.ttft_ms or self.tpot_ms)


def latency_targets(scenario: Scenario) -> LatencyTargets:
    """The targets ``scenario`` is held to: each typed target, else the use's default; the
    typed percentile, else the use's."""
    c, use = scenario.constraints, scenario.serving.use
    default = USE_TARGETS[use]
    ttft, tpot = c.ttft_ms, c.tpot_ms  # each typed target wins, else the use's default (read once per layout
    # a search weighs: no helper call per target)
    ttft, ttft_origin = (ttft, SET) if ttft else (default.ttft_ms, use.value)
    tpot, tpot_origin = (tpot, SET) if tpot else (default.tpot_ms, use.value)
    percentile = c.latency_percentile if c.latency_percentile is not None else default.percentile
    return LatencyTargets(ttft, tpot, percentile, ttft_origin, tpot_origin, use)


BATCH_FILLED = "serving-batch-filled"
"""The id of the planner's message saying an offline batch job with no volume was planned at a full
batch within the engine's cap (``BATCH_FILLED + "-memory"``: memory alone decided): the views read
it off an estimate whose scenario holds the users the planner filled in."""


def unsized_batch(scenario: Scenario) -> bool:
    """Whether ``scenario`` is an offline batch job given no volume — neither a request rate nor
    users at once: the serving planner then fills its copies, the largest batch that fits in
    memory within the engine's default cap (:mod:`configurator.core.workloads.serving.batch_fill`)."""
    return scenario.serving.use is ServingUse.BATCH and scenario.serving.concurrency is None and \
        scenario.constraints.requests_per_s is None


def load_not_given(scenario: Scenario) -> bool:
    """Whether ``scenario`` is a serving question asked without a load — neither users at once nor a
    request rate (per second or a day): a chat or API service is then sized for one user
    (``Serving.users``), an offline batch for one full batch per model copy (:func:`unsized_batch`)."""
    return _no_rate(scenario) and scenario.serving.concurrency is None


def _no_rate(scenario: Scenario) -> bool:
    """Whether ``scenario`` is a serving question given no request rate (per second or a day)."""
    return scenario.workload is Workload.INFERENCE and scenario.constraints.requests_per_s is None


def load_note(scenario: Scenario) -> Message | None:
    """What every screen says first of a question asked without a load (:func:`load_not_given`): what
    was assumed and what to give, with the command-line flag and the editor's or wizard's field; None
    where a load was given or the work is not serving."""
    if not load_not_given(scenario):
        return None
    return msg("load-not-given-batch" if scenario.serving.use is ServingUse.BATCH else "load-not-given")


def users_read(scenario: Scenario, flags: bool = False) -> Message | None:
    """What a chat or API question sized by its users alone says of how it read them: as users at once, with
    the way to give users a day instead (the requests a day: the Request rate, with ``flags`` the command line's
    flag); None where a request rate was given, no users were, the work is an offline batch or not serving. An
    operator's "2,000 users" is usually daily users, and ``--users 2000`` read as 2,000 at once said so only in
    the job line (persona51); the reading stays. Said last, after the answer, as the other hints are."""
    if not _no_rate(scenario) or scenario.serving.use is ServingUse.BATCH or scenario.serving.concurrency is None:
        return None
    return msg("users-read-at-once-flags" if flags else "users-read-at-once", users=scenario.serving.concurrency)


def batch_filled(est) -> bool:
    """Whether ``est`` answers an offline batch asked without a volume, which the planner filled with
    users at once (its scenario holds them; its :data:`BATCH_FILLED` message says so)."""
    return any(m.id.startswith(BATCH_FILLED) for m in est.messages)


def estimate_load_note(est) -> Message | None:
    """:func:`load_note` of the question ``est`` answers: an offline batch the planner filled
    (:func:`batch_filled`) was asked without a volume."""
    if batch_filled(est):
        return msg("load-not-given-batch")
    return load_note(est.scenario)


def asked_scenario(est) -> Scenario:
    """The question ``est`` answers: its scenario, but for an offline batch asked without a volume
    (:func:`batch_filled`) the scenario without the users the planner filled in (a summary's title,
    and the ranking its alternatives come from, answer the question as asked), and for a training job
    whose planner moved the global batch to split it over the count, the job's batch (session 36: the
    summary of 232 × Gaudi 3 ranked the other cards on the 4,276,224 tokens widened for 232 cards, not
    the job's 4,194,304, and its alternatives' times were not the command line's: 408 × MI300X in 24.4
    days beside recommend's 392 in 25.4)."""
    moved = next((m for m in getattr(est, "messages", ()) if _moves_batch(m)), None)
    if moved is not None:
        return updated_or_none(est.scenario, training={"global_batch_tokens": moved.params["batch"]}) or est.scenario
    if not batch_filled(est):
        return est.scenario
    return updated_or_none(est.scenario, serving={"concurrency": None}) or est.scenario


def short_note(note: Message) -> Message:
    """The few words of a :func:`load_note` (a title's, a panel cell's)."""
    return msg(f"{note.id}-short")


def _moves_batch(message: Message) -> bool:
    """Whether ``message`` says the planner moved the job's global batch: each such message
    (:data:`~configurator.core.workloads.training.deployment.BATCH_MOVES`, whose planner imports this
    module) names the job's batch (``batch``) and the one used (``used``)."""
    return message.id.startswith("batch-") and {"batch", "used"} <= message.params.keys()


def as_asked(found: Scenario, question: Scenario) -> Scenario:
    """``found`` (a ranked configuration's scenario) with the load ``question`` was asked with: where
    no load was given, the users at once the planner filled an offline batch with are left unset
    again, so that what the configuration is applied to, or summarised as, still says no volume was
    given (the summary's title read "Serve Llama 3 70B to 1,024 users" for an unsized batch); the
    planner fills them again on its card and count. A training job's global batch is the question's
    too, not the one the planner moved to split it over the count (it moves it again on the same card
    and count; the summary of the recommendation ranked the other cards on the moved one, session 36)."""
    asked_batch = question.training.global_batch_tokens
    if found.training.global_batch_tokens != asked_batch:
        found = updated(found, training={"global_batch_tokens": asked_batch})
    if not load_not_given(question) or load_not_given(found):
        return found
    return updated(found, serving={"concurrency": None})
