"""What the cards already owned carry alone, where the ranking needs more of them (session 35).

``recommend --owned h20:8`` for 200 users at once ranked (or listed below the line) 32 × H20 and
said nothing of the 8 the buyer has: whether they serve 10 users or 190, and what the 24 more
would be for. Here the owned cards alone are planned again (the same planner, the same latency
targets, the load's users at once lowered until they are met) and the note says what they
carry, what all the users need of the same card, and what became of that top-up in the ranking
(its rank, or the constraint it breaks: a US export licence for the cards still to buy, a budget).
Only a serving question sized by its users at once (``serving.concurrency``) with both latency
targets is answered so; a job that ends (training, session 36; a render job, session 37) is answered
with the time the owned cards alone take, and by how much they miss its deadline; running graphics work
(desktops, video streams) with the users or streams the owned cards carry alone (session 37: the
wizard's sentence was asked of serving questions only). :func:`asks_owned_alone` says which questions.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.estimate import Estimate, estimate
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario, updated
from configurator.core.serving_use import asked_scenario
from configurator.core.workloads import family_of

LATENCY_TARGETS = ("ttft", "tpot")
"""The verdicts a number of users at once must meet on the owned cards alone: first token and time
per output token (memory must hold them too); the budget, region and power of the whole
deployment are the top-up's to meet, not the owned cards'."""


@dataclass(frozen=True)
class UsersCarried:
    """The most users at once ``count`` cards carry within the latency targets [users] (0: not
    one), with the estimate at that load (at one user where none is carried)."""

    users: int
    estimate: Estimate


def _within_targets(est: Estimate) -> bool:
    if not est.fits or est.serving is None:
        return False
    return not any(v.id in LATENCY_TARGETS and v.blocks for v in est.verdicts)


def users_carried(scenario: Scenario, card: Card, count: int, most: int) -> UsersCarried:
    """The most users at once, up to ``most`` [users], that ``count`` [cards] of ``card``
    serve within its latency targets, the layout planned again at each load tried (the scenario's
    own automatic layout fields): bisection on the users, latency and memory growing with them."""

    def at(users: int) -> Estimate:
        return estimate(updated(scenario, count=count, serving={"concurrency": users}), card)

    one = at(1)
    if not _within_targets(one):
        return UsersCarried(0, one)
    good, good_est, bad = 1, one, most + 1
    while bad - good > 1:
        users = (good + bad) // 2
        est = at(users)
        if _within_targets(est):
            good, good_est = users, est
        else:
            bad = users
    return UsersCarried(good, good_est)


def _targets(est: Estimate) -> Message | None:
    found = {v.id: v for v in est.verdicts if v.id in LATENCY_TARGETS}
    if len(found) < len(LATENCY_TARGETS):
        return None
    ttft, tpot = found["ttft"], found["tpot"]
    return msg("owned-alone-targets", basis=ttft.basis, ttft=ttft.target, tpot=tpot.target)


def asks_users_at_once(scenario: Scenario) -> bool:
    """Whether ``scenario`` is a question :func:`owned_alone` speaks of: a model served on and on (its
    family runs a model and is no one-off job: serving) to more than one user at once
    (``serving.concurrency``)."""
    family, serving = family_of(scenario.workload), scenario.serving
    return family.runs_model and not family.one_off_job and serving is not None and (serving.concurrency or 0) > 1


def asks_a_job(scenario: Scenario) -> bool:
    """Whether ``scenario`` is a job that ends (its family's ``one_off_job``: training, rendering), whose
    owned cards alone :func:`owned_alone` times (session 36: the ML engineer's ``recommend --owned
    h100-sxm:64`` for Llama 3 70B on 1T tokens in 30 days ranked 400 × H100 ninth, past the rows shown,
    and said nothing of what the 64 do alone: 184 days)."""
    return family_of(scenario.workload).one_off_job


def asks_demand_carried(scenario: Scenario) -> bool:
    """Whether ``scenario`` is running work that runs no model (its family neither runs a model nor ends:
    desktops, video streams), whose owned cards alone :func:`owned_alone` sizes by the users or streams
    they carry."""
    family = family_of(scenario.workload)
    return not family.runs_model and not family.one_off_job


def asks_owned_alone(scenario: Scenario) -> bool:
    """Whether :func:`owned_alone` speaks of ``scenario``'s owned cards: a job that ends, running graphics
    work, or a model served to more than one user at once (the wizard asks this before it plans the
    top-up)."""
    return asks_a_job(scenario) or asks_demand_carried(scenario) or asks_users_at_once(scenario)


def _job_alone(est: Estimate, owned: int, then: Message) -> Message | None:
    """How long the ``owned`` [cards] alone take for ``est``'s job (the layout planned again for them),
    by how much they miss its deadline where one is set and missed, and what ``est``'s count takes:
    None where ``est`` has no time."""
    if est.hours is None:
        return None
    alone = estimate(updated(asked_scenario(est), count=owned), est.card)  # the job's batch, not one moved for the count
    said = {"owned": owned, "card": est.card.name, "count": est.scenario.count,
            "extra": est.scenario.count - owned, "time": est.hours, "then": then}
    if not alone.fits or alone.hours is None:
        return msg("owned-alone-job-memory", **said)
    late = next((v for v in alone.verdicts if v.id == "deadline" and v.met is False and v.by is not None), None)
    if late is not None:
        return msg("owned-alone-job-late", alone=alone.hours, over=late.by, **said)
    return msg("owned-alone-job", alone=alone.hours, **said)


def owned_alone(est: Estimate, owned: int, then: Message) -> Message | None:
    """What the ``owned`` [cards] carry alone, where ``est`` (the owned card's configuration in the
    ranking, for the load asked) needs more of them: the users at once they serve within the
    latency targets, the cards all the users need (the owned and the top-up) and ``then``, what
    the ranking made of that top-up. None where the owned cards are enough, or the question is
    not sized by its users at once with both latency targets."""
    scenario = est.scenario
    count = scenario.count
    if not owned or count <= owned:
        return None
    if asks_a_job(scenario):
        return _job_alone(est, owned, then)
    if asks_demand_carried(scenario):
        return _demand_alone(est, owned, then)
    if asks_a_rate(scenario):
        return _rate_alone(est, owned, then)
    if not asks_users_at_once(scenario):
        return None
    load = scenario.serving.concurrency
    targets = _targets(est)
    if targets is None:
        return None
    carried = users_carried(scenario, est.card, owned, load - 1)
    said = {"owned": owned, "card": est.card.name, "load": load, "count": count, "extra": count - owned,
            "targets": targets, "then": then}
    if carried.users:
        return msg("owned-alone", users=carried.users, **said)
    return msg("owned-alone-none" if carried.estimate.fits else "owned-alone-none-memory", **said)


def asks_a_rate(scenario: Scenario) -> bool:
    """Whether ``scenario`` is a model served at a request rate (``constraints.requests_per_s``: ``--requests-per-s``)
    rather than to users at once: persona11ml's DeepSeek-V3 at 50 requests/s on the 16 H200 she owns ranked 24 ×
    H200 and said nothing of the 16 (which carried the load alone)."""
    family = family_of(scenario.workload)
    return family.runs_model and not family.one_off_job and scenario.constraints.requests_per_s is not None \
        and not (scenario.serving is not None and (scenario.serving.concurrency or 0) > 1)


def _rate_alone(est: Estimate, owned: int, then: Message) -> Message | None:
    """The requests/s the ``owned`` [cards] alone carry of ``est``'s rate (the ``request-rate`` verdict's figure,
    the one its constraint line says, the layout planned again for them), whether that is the whole rate within
    the latency targets, and what ``est``'s count is: None without both latency targets."""
    targets = _targets(est)
    if targets is None:
        return None
    scenario = est.scenario
    alone = estimate(updated(asked_scenario(est), count=owned), est.card)
    said = {"owned": owned, "card": est.card.name, "rate": scenario.constraints.requests_per_s,
            "count": scenario.count, "extra": scenario.count - owned, "targets": targets, "then": then}
    if not alone.fits:
        return msg("owned-alone-rate-none", **said)
    rate = next((v for v in alone.verdicts if v.id == "request-rate" and isinstance(v.actual, (int, float))), None)
    if rate is None:
        return None
    if not _within_targets(alone):
        return msg("owned-alone-rate-slow", **said)
    return msg("owned-alone-rate-enough" if rate.met else "owned-alone-rate", carried=rate.actual, **said)


def _demand_alone(est: Estimate, owned: int, then: Message) -> Message | None:
    """The users or streams the ``owned`` [cards] alone carry of ``est``'s demand, and what all of it needs
    (``est``'s count): None where ``est`` has no graphics figure."""
    alone = estimate(updated(est.scenario, count=owned), est.card).graphics
    if est.graphics is None or alone is None:
        return None
    return msg("owned-alone-carried", owned=owned, card=est.card.name, served=alone.served, demand=alone.demand,
               unit=alone.unit, count=est.scenario.count, extra=est.scenario.count - owned, then=then)
