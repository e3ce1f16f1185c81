"""The one constraint checker: every goal or limit the buyer set, checked against one
configuration as :class:`~configurator.core.verdicts.Verdict` s (issue 24, part 1).

The estimate calls :func:`check` through its workload family (``constraint_check``); the
serving planner calls :func:`serving_verdicts` for the targets a layout must carry; the
recommendation ranks only configurations none of whose verdicts block, and lists the others
below the line with the verdicts they break. Nothing else decides whether a constraint is met.

What each constraint compares:

* **budget** — buying (``budget_basis`` "capex", the default): the capex of the bill of
  materials (cards, servers, scale-out and management network, storage, racks, installation;
  :func:`configurator.core.procurement.bom.bill_of_materials`), not a cost per hour; renting
  ("rent"): the cloud rent for a month (8,766 h / 12) of a service that runs on (serving,
  desktops, streams), or for the whole job (training, rendering).
* **region** — the card's stored US export status for mainland China is "permitted"; renting
  (``budget_basis`` "rent") at a rent sold in mainland China, cards a provider there already holds:
  met, the status said as a note (:func:`~configurator.core.region.rented_where_held`). A card
  China's customs bar (``china_import`` "barred") is not met, bought or rented, its customs reason
  said first; one Chinese regulators discourage ("discouraged") carries the caution in its words.
* **deadline** — the job's hours (training, rendering) against the deadline.
* **power cap** — the deployment's facility power (average draw × PUE); **power per server** — one
  server's IT power at its rack's PDU (cards at TDP and host, no PUE: a rack's budget is IT power).
* **throughput** — training tokens/s; **request rate** — the requests/s the deployment carries (and
  at the slow end of their likely range, ``slow_requests_per_s``).
* **first token / time per token** — at the percentile held (the buyer's, else the use's), against
  the buyer's target or the serving use's default (:func:`configurator.core.serving_use.latency_targets`); for a
  question sized by its users at once alone, also at the slow end of their likely range (``slow_ms``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.bill_covers import bill_covers
from configurator.core.catalog import Card
from configurator.core.economics import Costs, Power, node_power_kw
from configurator.core.procurement.host import housing_verdict, in_office
from configurator.core.procurement.partial import cards_unpriced
from configurator.core.formulas.economics import HOURS_PER_YEAR
from configurator.core.messages import Message, msg
from configurator.core.procurement.prices import PriceBook, price_book_for
from configurator.core.region import (
    IMPORT_BARRED, delivery_params, delivery_problem, domestic, import_stance, rented_despite_bar)
from configurator.core.scenario import Scenario
from configurator.core.serving_use import latency_targets
from configurator.core.trade_words import fee_params
from configurator.core.verdicts import Verdict, ceiling, floor
from configurator.core.procurement.bom import bill_of_materials

if TYPE_CHECKING:
    from configurator.core.training_speed import TrainingSpeed
    from configurator.core.serving_speed import ServingSpeed

HOURS_PER_MONTH = HOURS_PER_YEAR / 12
"""Hours of a month of service, the period a rent budget caps for work that runs on [h]."""


def check(scenario: Scenario, card: Card, *, costs: Costs, power: Power | None, hours: float | None = None,
          one_off_job: bool = False, training: TrainingSpeed | None = None,
          serving_speed: ServingSpeed | None = None, serving: bool = False,
          book: PriceBook | None = None) -> tuple[Verdict, ...]:
    """A verdict for every constraint ``scenario`` states, in :data:`~configurator.core.verdicts.CONSTRAINTS`
    order: ``hours`` is the job's (training or rendering; None for work that runs on),
    ``one_off_job`` whether the work ends (a rent budget then caps the job, else a month),
    ``serving`` whether it is a serving deployment (its request rate and latency targets are
    checked, unknown without a speed); ``book`` prices the bill of materials (None: the scenario's
    own, :func:`~configurator.core.procurement.prices.price_book_for` its economics)."""
    c = scenario.constraints
    book = price_book_for(scenario.economics) if book is None else book
    verdicts: list[Verdict] = []
    if c.budget:
        verdicts.append(budget_verdict(scenario, card, costs, one_off_job, book))
    if c.region == "cn":
        verdicts.append(region_verdict(card, scenario.economics.owned_cards, scenario.count,
                                       rented_from=costs.rented_from))
    if c.deadline_hours and (hours is not None or one_off_job):
        verdicts.append(ceiling("deadline", c.deadline_hours, hours, "h", params=_slow_end(scenario, card, training)))
    if c.power_cap_kw:
        kw = power.facility_watts / 1000 if power is not None else None
        desks = {"desks": True} if in_office(scenario, card) else {}  # an office's draw, no PUE (applied_pue)
        verdicts.append(ceiling("power-cap", c.power_cap_kw, kw, "kW", params={"card": card.name, **desks}))
    if c.rack_power_kw and not in_office(scenario, card):  # no server: workstations, their own power unknown
        kw = node_power_kw(card, scenario, book) if power is not None else None
        verdicts.append(ceiling("rack-power", c.rack_power_kw, kw, "kW", params={"card": card.name}))
    if c.min_tokens_per_s and scenario.workload.is_training:
        rate = training.tokens_per_s if training is not None else None
        verdicts.append(floor("throughput", c.min_tokens_per_s, rate, "tokens/s"))
    if serving or serving_speed is not None:
        verdicts.extend(serving_verdicts(scenario, serving_speed, slow_end_card=card))
    housing = housing_verdict(scenario, card)  # no limit set: a bill that cannot be built (workstation boards)
    if housing is not None:
        verdicts.append(housing)
    return tuple(verdicts)


def _slow_end(scenario: Scenario, card: Card, training: TrainingSpeed | None) -> dict:
    """The job's hours at the slow end of their likely range, ``{"slow_hours": h}`` [h], for a
    training job on ``card`` (the calibration band of its throughput the hours are shown with,
    :func:`~configurator.core.uncertainty.slow_end_hours`); empty for work without a band (rendering:
    no calibration rows). The deadline verdict says a deadline met at the estimate that this end
    misses (one fact, in :mod:`configurator.core.verdicts`)."""
    if training is None or not training.hours:
        return {}
    from configurator.core.uncertainty import slow_end_hours  # the bands file is read only with a deadline to check

    return {"slow_hours": slow_end_hours(training.hours, scenario, card)}


def _slow_rate(scenario: Scenario, card: Card, rate: float | None) -> dict:
    """The requests/s a serving deployment on ``card`` carries at the slow end of their likely range,
    ``{"slow_requests_per_s": r}`` [requests/s] (the serving-throughput band the rate is shown with,
    :func:`~configurator.core.uncertainty.slow_end_rate`); empty without a rate. The request-rate verdict
    says a rate carried at the estimate that this end does not (one fact, in :mod:`configurator.core.verdicts`)."""
    if not rate:
        return {}
    from configurator.core.uncertainty import slow_end_rate  # the bands file is read only with a rate to check

    return {"slow_requests_per_s": slow_end_rate(rate, scenario, card)}


def budget_verdict(scenario: Scenario, card: Card, costs: Costs, one_off_job: bool, book: PriceBook) -> Verdict:
    """The budget against the capex of the bill of materials priced from ``book`` (buying) or the
    rent (renting).

    Capex with items unpriced: over the budget already on the priced items is a miss (at
    least that much over); within it, the verdict is unknown (``met`` None) with the count of
    items to quote."""
    c = scenario.constraints
    currency = scenario.economics.currency
    if c.budget_basis == "rent":
        basis = "rent-job" if one_off_job else "rent-month"
        rent = costs.cloud
        if rent is not None and not one_off_job:
            rent *= HOURS_PER_MONTH  # costs.cloud of work that runs on is one hour's rent
        return ceiling("budget", c.budget, rent, currency, basis=basis, params={"card": card.name})

    bom = bill_of_materials(scenario, card, book, prices=costs.prices)
    unpriced = len(bom.unpriced)
    verdict = ceiling("budget", c.budget, bom.capex, currency, basis="capex",
                      params={"unpriced": unpriced, "card": card.name, "covers": bill_covers(bom),
                              "cards_unpriced": cards_unpriced(bom)})  # the capex is without the cards
    if unpriced and verdict.met:
        return Verdict("budget", c.budget, bom.capex, currency, None, verdict.by, verdict.share, "capex",
                       params=verdict.params)
    return verdict


REGION_LEFT_OUT = frozenset({"not-permitted"})
"""US export statuses for mainland China that leave a card out of a ranking for the region
altogether (rejected with the verdict's words, never listed below the line): a presumption of
denial is not a constraint a buyer can come closer to meeting."""

REGION_SEVERITY = {"permitted": 0, "licence-required": 1, "unknown": 2, "not-permitted": 4}
"""How far a card's export status is from deliverable, for ordering what is below the line:
a licence to apply for (1) before a status nobody has established (2). A licence-required card
is never ranked: the catalog's status is 'licence-required' for every such card, and where a
note reports licences granted (H20, from 2025-08, with a revenue share and Chinese authorities
discouraging purchases) it is a report, not the stored status, and the 2026 rule reviews each
licence case by case (``core/export_control.py``) — a buyer cannot count on one."""


IMPORT_SEVERITY = {"barred": 3, "discouraged": 0}
"""How far China's import stance (``china_import.status``) puts a card from deliverable, on the
scale of :data:`REGION_SEVERITY`: entry barred by customs (3) after a status nobody has
established (2) — nothing the buyer can apply for — and before a US presumption of denial (4, left
out altogether); a purchase discouraged by regulators (0) is deliverable, ranked with a caution."""


def region_rank(card: Card, region: str | None) -> int:
    """The larger of :data:`REGION_SEVERITY` and :data:`IMPORT_SEVERITY` of ``card`` for delivery
    to ``region`` (0 where no region rule applies: only mainland China is modelled)."""
    if region != "cn":
        return 0
    status = card.export_control.china if card.export_control is not None else "unknown"
    stance = import_stance(card, region)
    return max(REGION_SEVERITY.get(status, REGION_SEVERITY["unknown"]),
               IMPORT_SEVERITY.get(stance, 0) if stance is not None else 0)


def made_for_region(card: Card, region: str | None) -> bool:
    """Whether ``card`` is a version its vendor made for sale in ``region`` (the catalog's
    ``export_control.made_for_china``; only mainland China is modelled)."""
    return region == "cn" and card.export_control is not None and card.export_control.made_for_china


def region_excludes(scenario: Scenario, card: Card) -> Verdict | None:
    """The region verdict that leaves ``card`` out of the ranking altogether (its status is in
    :data:`REGION_LEFT_OUT`), or None when it may be ranked or listed below the line."""
    if scenario.constraints.region != "cn" or scenario.economics.owned_cards:  # owned: delivered already
        return None
    verdict = region_verdict(card)
    return verdict if verdict.actual in REGION_LEFT_OUT else None


def region_verdict(card: Card, owned: int = 0, count: int = 0, rented_from: str | None = None) -> Verdict:
    """Delivery to mainland China: the card's stored export status must be 'permitted' — for the
    cards to be bought. The status governs delivering new cards: the ``owned`` [cards] already
    owned are delivered, so a deployment of ``count`` [cards] within them meets the rule ("owned,
    already delivered"; not legal advice), and one beyond them needs the status for the
    ``count − owned`` more (``params``: ``owned``, ``extra``). Rented from ``rented_from``, a
    provider in mainland China that holds the cards
    (:attr:`~configurator.core.economics.Costs.rented_from`), nothing is delivered: met, the status
    kept as a note (``params``: ``provider``, ``message``).

    China's own import stance (``card.china_import``; ``params``: ``import_status``,
    ``import_date``): entry barred by customs breaks the rule for cards to buy or rent (``message``
    :data:`~configurator.core.region.IMPORT_BARRED`, said first; the US reason, if any, kept as
    ``export_message`` where bought); a purchase discouraged by regulators leaves the verdict as the US status
    makes it, its words carrying the caution (:mod:`configurator.core.verdicts`). A barred card rented
    from a provider whose cards came in lawfully before the bar
    (:func:`~configurator.core.region.rented_despite_bar`) is met, the bar said as a caution; rented
    where the cards came in outside the US licences, not met (``held_date``: when they were reported,
    ``held_by``: the provider).
    The US licence fee, where the catalog holds one (``licence_fee_*``,
    :func:`~configurator.core.trade_words.fee_params`), is carried for the words."""
    status = card.export_control.china if card.export_control is not None else "unknown"
    blocked = delivery_problem(card, "cn")
    params = delivery_params(card)
    stance = import_stance(card, "cn")
    if stance is not None:
        params.update(import_status=stance, import_date=card.china_import.date)
    params.update(fee_params(card.export_control.licence_fee if card.export_control is not None else None))
    held = card.china_import.held_in_country if stance == "barred" else None
    if stance == "barred" and rented_from is not None and rented_despite_bar(card, "cn"):
        return Verdict("region", "cn", status, "", True, params={**params, "provider": rented_from,
                                                                  "message": IMPORT_BARRED})
    if stance == "barred":  # no delivery, bought or rented (region.IMPORT_BARRED); owned cards are in already
        if blocked and rented_from is None:  # bought: the US reason said too; rented, it would not apply
            params["export_message"] = blocked
        elif held is not None:  # rented: why the cards a provider there holds are refused too
            params.update(held_date=held.date, held_by=rented_from)
        blocked, rented_from = IMPORT_BARRED, None
    if blocked and rented_from is not None:
        params.update(provider=rented_from, message=blocked)
        return Verdict("region", "cn", status, "", True, params=params)
    if blocked and owned:
        params.update(owned=owned, count=count, extra=max(count - owned, 0))
        if count <= owned:
            return Verdict("region", "cn", "owned", "", True, params=params)
    if blocked:
        params["message"] = blocked
    elif domestic(card):  # no export: said as such (verdicts._region), not as a US status
        params["vendor"] = card.vendor
        if rented_from is not None:  # rented, not bought: the words say from whom
            params["provider"] = rented_from
    return Verdict("region", "cn", status, "", blocked is None, params=params)


def serving_verdicts(scenario: Scenario, speed: ServingSpeed | None, slow_end_card: Card | None = None
                     ) -> tuple[Verdict, ...]:
    """The request rate and the latency targets (the buyer's, else the serving use's) of a
    serving deployment; unknown (``met`` None) without a speed. ``slow_end_card``: the deployment's card,
    given for the estimate's check (not the planner's thousands of layouts): the request rate's verdict carries
    the rate at the slow end of its likely range on that card (:func:`_slow_rate`; None: no slow end)."""
    c, targets = scenario.constraints, latency_targets(scenario)
    verdicts = []
    if c.requests_per_s:
        rate = speed.requests_per_s if speed is not None else None
        slow = _slow_rate(scenario, slow_end_card, rate) if slow_end_card is not None else {}
        verdicts.append(floor("request-rate", c.requests_per_s, rate, "requests/s", params=slow))
    percentile = f"p{targets.percentile}"
    # more than one user, as the owned cards alone are sized (recommend_owned.asks_users_at_once): one user's slow end
    # said "serve none of the 1 users at once … serves all 1" (review50)
    users_only = slow_end_card is not None and not c.requests_per_s and (scenario.serving.concurrency or 0) > 1
    if targets.ttft_ms:
        ms = speed.ttft_at(targets.percentile) * 1000 if speed is not None else None
        verdicts.append(ceiling("ttft", targets.ttft_ms, ms, "ms", basis=percentile, origin=targets.ttft_origin,
                                params=_slow_latency(scenario, slow_end_card, "ttft", ms) if users_only else None))
    if targets.tpot_ms:
        ms = speed.tpot_at(targets.percentile) * 1000 if speed is not None else None
        verdicts.append(ceiling("tpot", targets.tpot_ms, ms, "ms", basis=percentile, origin=targets.tpot_origin,
                                params=_slow_latency(scenario, slow_end_card, "tpot", ms) if users_only else None))
    return tuple(verdicts)


def _slow_latency(scenario: Scenario, card: Card, verdict_id: str, ms: float | None) -> dict:
    """A users-only question's latency (first token or per token, ``verdict_id``) on ``card`` at the slow end of
    its likely range, ``{"slow_ms": ms}`` [ms] (the prefill or decode band it is shown with,
    :func:`~configurator.core.uncertainty.slow_end_latency`), with the users asked (``users``); empty without a
    latency. A question sized by its users at once, no request rate, has no rate whose slow end to say
    (small50): its slow end is the latency its users see there; the verdict says a target met at the estimate
    that this end misses. Said for more than one user at once (:func:`serving_verdicts`)."""
    if not ms:
        return {}
    from configurator.core.uncertainty import slow_end_latency  # the bands file is read only with a load to check

    return {"slow_ms": slow_end_latency(ms, verdict_id, scenario, card), "users": scenario.serving.concurrency}


def missed_serving_targets(scenario: Scenario, speed: ServingSpeed) -> list[str]:
    """The message ids of the serving targets a deployment misses (the planner's test):
    ``misses-request-rate``, ``misses-ttft``, ``misses-tpot``."""
    return [v.message.id for v in serving_verdicts(scenario, speed) if v.missed]


def users_in_flight(scenario: Scenario, speed: ServingSpeed) -> float:
    """Requests in the system at the deployment's load, by Little's law: the rate times the time
    a request spends, its first token and its other output tokens,
    ``users = λ · (TTFT + (O − 1) · TPOT)`` at the median latencies (Little 1961) [sequences]."""
    rate = speed.load_per_s if speed.load_per_s is not None else speed.requests_per_s
    output = scenario.serving.output_tokens
    return rate * (speed.ttft_s + max(output - 1, 0) * speed.tpot_s)


MISMATCH_SHARE = 0.05
"""Users given this much below those the rate needs are still taken as consistent (rounding)."""


def load_messages(scenario: Scenario, speed: ServingSpeed | None) -> list[Message]:
    """The users and the request rate checked against each other (Little's law): with a rate and
    no users, the users in flight the planner sized for; with both, a warning when the users,
    each sending the next request as the last answer ends, cannot make the rate."""
    c, serving = scenario.constraints, scenario.serving
    if speed is None or not c.requests_per_s:
        return []
    needed = users_in_flight(scenario, speed)
    latency = {"rate": c.requests_per_s, "ttft_ms": speed.ttft_s * 1000, "output": serving.output_tokens,
               "tpot": speed.tpot_s * 1000}  # both in ms, as the verdicts beside them ('首词元 0.35 秒 + … × 69.4 ms')
    if serving.concurrency is None:
        return [msg("users-from-rate", users=needed, **latency)]
    if serving.concurrency < needed * (1 - MISMATCH_SHARE):
        per_request = speed.ttft_s + max(serving.output_tokens - 1, 0) * speed.tpot_s
        most = serving.concurrency / per_request if per_request > 0 else c.requests_per_s
        return [msg("users-rate-mismatch", needed=needed, users=serving.concurrency, most=most, **latency)]
    return []
