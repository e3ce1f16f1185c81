"""An estimate as the JSON the command line prints (sizes in GiB per card, times in s or h), with
its deployment cost (bill of materials, TCO) passed in: the JSON is written, never priced, here."""

from __future__ import annotations

from dataclasses import asdict

from configurator.core.constraints import users_in_flight
from configurator.core.estimate import Estimate
from configurator.core.job_alone import job_alone
from configurator.core.layout_json import scenario_layout_to_dict
from configurator.core.procurement.deployment import DeploymentCost, deployment_cost_to_dict
from configurator.core.desks import at_desks
from configurator.core.procurement.workstations import workstations_needed
from configurator.core.recommend_costs import rented_not_bought
from configurator.core.serving_use import latency_targets
from configurator.core.stated import significant
from configurator.core.uncertainty import NO_CALIBRATION, Band, band_definition, error_bands, headline_bands
from configurator.core.units import GIB
from configurator.core.verdicts import violations_to_dicts
from configurator.core.view.assumptions_view import assumption_notes
from configurator.core.workloads import MILLION_TOKENS, family_of


def _gib(value: float) -> float:
    return round(value / GIB, 3)


def _round(value: float | None, digits: int = 6) -> float | None:
    return None if value is None else significant(value, digits)


def _job_alone(est: Estimate, cost: DeploymentCost) -> dict | None:
    """What a job that ends costs on its own (:func:`configurator.core.job_alone.job_alone`): bought for it
    (capex + its energy) and rented, each per unit of its work; None for work that runs on."""
    job = job_alone(est, cost)
    if job is None:
        return None
    return {"work": _round(job.work), "capex": _round(job.capex), "energy": _round(job.energy),
            "bought_per_unit": _round(job.bought_per_unit), "rented_per_unit": _round(job.rented_per_unit)}


def refused_bom(est: Estimate, bom: dict) -> dict:
    """The ``bom`` block (:func:`~configurator.core.procurement.deployment.deployment_cost_to_dict`) and
    ``buying_refused``: where ``est``'s cards could be rented but not bought
    (:func:`~configurator.core.recommend_costs.rented_not_bought`), the housing verdict's message (id, parameters,
    English text) and the break-evens null, as the rent-or-buy line says no purchase; None and the block as it is
    for a bill that can be built. 48 × RTX PRO 6000 Blackwell Workstation Edition rented carried
    "break_even_utilisation" 0.2848 of a bill that cannot be built until December 2026 (refusedbill51)."""
    refused = rented_not_bought(est)
    if refused is None:
        return {"bom": bom, "buying_refused": None}
    compared = bom["rent_against_buy"]
    nulled = {"break_even_utilisation": None, "break_even_month": None}
    return {"bom": {**bom, "break_even_utilisation": None,
                    "rent_against_buy": None if compared is None else {**compared, **nulled}},
            "buying_refused": refused.message.to_dict()}


def estimate_to_dict(est: Estimate, cost: DeploymentCost) -> dict:
    """JSON-ready dict with the keys of the command-line contract; ``cost`` is ``est``'s deployment
    cost (:func:`configurator.core.procurement.deployment.deployment_cost`), its ``bom`` block."""
    family = family_of(est.scenario.workload)
    bands = headline_bands(est)
    return {
        **refused_bom(est, deployment_cost_to_dict(cost)),
        "card": {"id": est.card.id, "name": est.card.name, "category": est.card.category,
                 "confidence": est.card.confidence},
        "count": est.scenario.count,
        "precision": _precision_to_dict(est),
        "memory": _memory_to_dict(est, bands),
        "limits": asdict(est.limits),
        "performance": _performance_to_dict(est, bands),
        "layout": scenario_layout_to_dict(est.scenario) if family.has_layout else None,
        "carries": carries_to_dict(est) if est.serving else None,
        "time": _time_to_dict(est, bands),
        "error_bands": error_bands_to_dict(bands),
        "power": _power_to_dict(est),
        "cost": _cost_to_dict(est, cost),
        "graphics": graphics_to_dict(est),
        "constraints": [v.to_dict() for v in est.verdicts],
        "violations": violations_to_dicts(est.verdicts),
        "warnings": est.warnings,
        "warning_ids": [mm.to_dict() for mm in est.messages],
        "assumption_notes": [mm.to_dict() for mm in assumption_notes(est)],  # said apart from the warnings
        "scenario": est.scenario.model_dump(mode="json"),
        "assumptions": est.scenario.assumptions.model_dump(mode="json")
        | est.scenario.economics.model_dump(mode="json"),
    }


def _precision_to_dict(est: Estimate) -> dict:
    """The precision asked for, the math's and the weights', the weights' format and bits per weight [bit]."""
    plan = est.plan
    return {"requested": plan.requested.value, "math": plan.math.value if plan.math else None,
            "weights": plan.weights.value, "weight_format": plan.weight_format.value if plan.weight_format else None,
            "bits_per_weight": _round(plan.weight_bits, 4)}


def _memory_to_dict(est: Estimate, bands: dict[str, Band]) -> dict:
    """The memory per card by part, its total with its likely range, the capacity, the need and the
    budget [GiB per card]; whether it fits, the headroom [share] and whether cache was given back."""
    m = est.memory
    return {
        "weights": _gib(m.weights), "gradients": _gib(m.gradients), "optimizer": _gib(m.optimizer),
        "activations": _gib(m.activations), "kv_cache": _gib(m.kv_cache), "overhead": _gib(m.overhead),
        "not_concurrent": _gib(m.not_concurrent), "total": _gib(m.total),
        "total_range": _range(bands, "memory_total", _gib), "capacity": _gib(m.capacity),
        "needed": _gib(m.fit_total), "budget": _gib(m.budget), "fits": m.fits,
        "headroom": round(m.headroom, 4), "cache_given_back": m.cache_given_back, "unit": "GiB per card",
    }


def _performance_to_dict(est: Estimate, bands: dict[str, Band]) -> dict:
    """The speed, each with its likely range: tokens per second [tokens/s] (all and per card), a training
    step [s], MFU, pipeline bubble and exposed communication [share]; serving's first token and each next
    one [s], requests and goodput [requests/s] and the latency by percentile."""
    t, i = est.training, est.serving
    speed = t or i or est.speed  # est.speed: a family added as a package (workloads.base.FamilySpeed)
    return {
        "tokens_per_s": _round(speed.tokens_per_s) if speed else None,
        "tokens_per_s_range": _range(bands, "tokens_per_s"),
        "tokens_per_s_per_card": _round(speed.tokens_per_s_per_card) if speed else None,
        "tokens_per_s_per_card_range": _range(bands, "tokens_per_s_per_card"),
        "step_time_s": _round(t.step_time_s) if t else None,
        "step_time_s_range": _range(bands, "step_time_s"),
        "mfu": _round(t.mfu, 4) if t else None,
        "ttft_s": _round(i.ttft_s) if i else None,
        "ttft_s_range": _range(bands, "ttft_s"),
        "tpot_s": _round(i.tpot_s) if i else None,
        "tpot_s_range": _range(bands, "tpot_s"),
        "requests_per_s": _round(i.requests_per_s) if i else None,
        "requests_per_s_range": _range(bands, "requests_per_s"),
        # the goodput: the rate served times the share of its requests within both latency targets
        # (None without a target — on the users' load alone, without a typed one;
        # ReplicaSpeed.goodput_taken_per_s), the share, and the percentile the verdict checks
        "goodput_requests_per_s": _round(i.goodput_taken_per_s) if i else None,
        "goodput_share_within_targets": _round(i.share_within_targets, 4) if i else None,
        "goodput_percentile": latency_targets(est.scenario).percentile
        if i and i.goodput_taken else None,
        "latency": latency_to_dict(est) if i else None,
        "bubble_fraction": _round(t.bubble_fraction, 4) if t else None,
        "exposed_comm_fraction": _round(t.exposed_comm_fraction, 4) if t else None,
        "exposed_comm_by_kind": {k: _round(v, 4) for k, v in t.exposed_comm_by_kind.items()} if t else None,
    }


def _time_to_dict(est: Estimate, bands: dict[str, Band]) -> dict:
    """A job's time [h] and GPU-hours [GPU·h], each with its likely range; None for work that runs on."""
    job = est.training or est.speed
    return {"hours": _round(job.hours) if job else None, "hours_range": _range(bands, "hours"),
            "gpu_hours": _round(job.gpu_hours) if job else None, "gpu_hours_range": _range(bands, "gpu_hours")}


def _power_to_dict(est: Estimate) -> dict:
    """The boards' and the facility's power [W] and the energy [kWh] of the job, or of an hour where the
    work runs on."""
    return {
        "watts": _round(est.power.board_watts) if est.power else None,
        "facility_watts": _round(est.power.facility_watts) if est.power else None,
        "energy_kwh": _round(est.energy_kwh),
        "energy_period": "job" if est.hours is not None else "hour",
    }


def _cost_to_dict(est: Estimate, cost: DeploymentCost) -> dict:
    """The estimate's own cost in its currency: the cards' purchase, energy, cloud rent, per million tokens or
    per the family's unit of work, the card's price and rent per hour with their dates, and what a job that
    ends costs alone (:func:`_job_alone`, from ``cost``)."""
    c, family = est.costs, family_of(est.scenario.workload)
    return {
        "currency": c.currency,
        "purchase": _round(c.purchase),
        "energy": _round(c.energy),
        "cloud": _round(c.cloud),
        "per_million_tokens": _round(c.per_million_tokens),
        "per_unit": _round(c.per_unit),
        "per_unit_basis": None if family.cost_unit == MILLION_TOKENS else family.cost_unit,
        "basis": c.basis,
        "period": "job" if est.hours is not None else "hour",
        "card_price": _round(c.prices.card_price),
        "card_price_date": c.prices.card_price_date,
        "cloud_price_per_hour": _round(c.prices.cloud_per_hour),
        "cloud_price_date": c.prices.cloud_price_date,
        "job_alone": _job_alone(est, cost),
    }


def _range(bands: dict[str, Band], name: str, scale=_round) -> list | None:
    """``[low, high]`` of the headline number ``name`` in its sibling's unit (None: no band)."""
    b = bands.get(name)
    return None if b is None else [scale(b.low), scale(b.high)]


def error_bands_to_dict(bands: dict[str, Band]) -> dict:
    """What the ``…_range`` keys mean and the rows behind each, calibration and held out (issue 14, part 9)."""
    data = error_bands()
    return {
        "definition": band_definition(), "low_percentile": data["low_percentile"],
        "high_percentile": data["high_percentile"], "data_date": data["data_date"], "command": data["command"],
        "bands": {name: {"kind": b.kind, "scale_cards": b.scale, "rows": b.rows, "held_out_rows": b.held_out_rows,
                         "row_ids": list(b.row_ids),
                         "note": b.note or None} for name, b in bands.items()},
        "not_calibrated": None if bands else NO_CALIBRATION,
    }


def latency_to_dict(est: Estimate) -> dict:
    """Serving latency under the load: percentiles of TTFT and TPOT [s], the load they are for,
    the engine and its batching, and the first token on an idle copy."""
    i, serving = est.serving, est.scenario.serving
    return {"engine": serving.engine.value, "batching": i.batching,
            "cuda_graphs": serving.profile.cuda_graphs if serving.cuda_graphs is None else serving.cuda_graphs,
            "load_requests_per_s": _round(i.load_per_s),
            "ttft_s": {f"p{k}": _round(v) for k, v in i.ttft_percentiles_s.items()},
            "tpot_s": {f"p{k}": _round(v) for k, v in i.tpot_percentiles_s.items()},
            "idle_ttft_s": _round(i.idle_ttft_s),
            "target_percentile": latency_targets(est.scenario).percentile,
            "max_batched_tokens": serving.max_batched_tokens,
            "prefill_copies": est.scenario.prefill_copies,
            "decode_copies": est.scenario.data_parallel - est.scenario.prefill_copies}


def carries_to_dict(est: Estimate) -> dict:
    """The load a serving deployment carries: places for users at once (batch × decoding copies),
    requests per second, and the users in flight at the load (Little's law)."""
    s = est.scenario
    return {"concurrency": s.sequences_per_replica * (s.data_parallel - s.prefill_copies),
            "requests_per_s": _round(est.serving.requests_per_s),
            "users_in_flight": _round(users_in_flight(s, est.serving), 4)}


def graphics_to_dict(est: Estimate) -> dict | None:
    """The graphics part of the JSON contract (None for AI workloads); ``workstations``: the deskside
    workstations of local-display desktops, one card each (``--local-display``; null elsewhere, where the
    cards are in servers), as the capacity table's "Workstations" row."""
    g = est.graphics
    if g is None:
        return None
    desks = at_desks(est.scenario) and g.cards_needed
    return {
        "workload": g.workload.value, "unit": g.unit, "per_card": _round(g.per_card),
        "per_card_unit": family_of(g.workload).per_card_unit,
        "limited_by": g.limiting, "capacities": {k: _round(v) for k, v in g.capacities},
        "demand": g.demand, "served": _round(g.served), "cards_needed": g.cards_needed,
        "meets_demand": g.meets_demand, "hours": _round(g.hours), "minutes_per_frame": _round(g.minutes_per_frame),
        "fp32_tflops_per_user": _round(g.tflops_per_user), "vgpu_profile_gib": g.vgpu_profile_gib,
        "workstations": workstations_needed(g.cards_needed) if desks else None,
    }
