"""The view model of one estimate (issue 14, part 5): built once, rendered by the window's
results panel, the command line's ``estimate`` table and the printed summary's memory and
speed tables. Qt-free.

What differs between workloads is each family's :class:`EstimateTables` (reached through
:func:`configurator.core.workloads.family_of`), not a branch on the estimate: the memory
breakdown, the speed or capacity rows, the heading, the layout and the verdict. A family without
an entry in :data:`TABLES` (one added as a package) is shown by :func:`family_tables`, built from
what the family declares and its estimate's ``FamilySpeed``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurator.core.serving_use import latency_targets
from configurator.core.engines import decode_read_factor
from configurator.core.formats import FORMATS
from configurator.core.desks import at_desks
from configurator.core.procurement.host import in_office
from configurator.core.uncertainty import Band, headline_bands
from configurator.core.view.names import (  # noqa: F401 - the name tables, re-exported
    BATCHING,
    CLASS_NOTES,
    COMM_KINDS,
    ENGINES,
    FACTORS,
    LIMITS,  # noqa: F401 - re-exported
    OFFLOADED,
    WEIGHT_FORMATS,
    WORKLOADS,
    model_name,
    tp_overlap_table_label,
    weight_format_name,
    work_unit,
)
from configurator.core.view.constraints_view import constraints_verdict, does_not_run, overall_state, target_amounts
from configurator.core.view.layout_view import (  # noqa: F401 - joined re-exported (what_fits_view)
    joined, no_layout, serving_layout, training_layout)
from configurator.core.view.cost_bases import PER_UNIT, per_unit_label, purchase_label
from configurator.core.view.capacity_view import capacity_section, rendering_section
from configurator.core.view.latency_column import MEDIAN, at_percentile, latency_heading, shown_percentile
from configurator.core.view.memory_view import fits_verdict, gib_amount, memory_section
from configurator.core.view.rows import Amount, Phrase, Row, Section, View, in_deadline_unit
from configurator.core.view.training_rows import job_flops_value, mfu_value
from configurator.core.workloads import MILLION_TOKENS, family_of

if TYPE_CHECKING:  # named for type checking only: the window's labels read these tables before the estimator loads
    from configurator.core.estimate import Estimate
    from configurator.core.verdicts import Verdict
    from configurator.core.workloads import WorkloadFamily

PERCENTILES_SHOWN = (50, 99)
"""Latency percentiles the serving rows show (the median and MLPerf's tail), with the one the
targets hold for when it is another."""

COMM_SHOWN_FROM = 0.001
"""A kind of exposed communication gets a row of its own from this share of a step up."""


# ---- memory ---------------------------------------------------------------------------------


def _model_memory(est: Estimate, never_held: tuple[str, ...] = ()) -> list[Row]:
    """The model's memory parts, but those the work never holds (``MemoryBreakdown`` fields): a serving
    estimate listed "Gradients 0 GiB" and "Optimizer states 0 GiB" (session 42); the JSON keeps every part."""
    m = est.memory
    parts = (("Weights", m.weights, "weights"), ("Gradients", m.gradients, "gradients"),
             ("Optimizer states", m.optimizer, "optimizer"), ("Activations", m.activations, "activations"),
             ("KV cache", m.kv_cache, "kv_cache"), ("Overhead", m.overhead, "overhead"))
    rows = [Row(name, gib_amount(value), key=f"memory.{key}", detail=True) for name, value, key in parts
            if key not in never_held]
    if "not_concurrent" in never_held:
        return rows
    training = est.scenario.training if est.scenario.workload.is_training else None
    label = "Not at the same time, or paged to host memory" if training is not None and training.paged_optimizer \
        and not training.offload_optimizer else "Not at the same time"  # a paged optimizer's states: host when short
    rows.append(Row(label, Phrase("−{n}", {"n": gib_amount(m.not_concurrent)})
                    if m.not_concurrent else gib_amount(0.0), key="memory.not_concurrent", detail=True))
    return rows


def _training_memory(est: Estimate) -> list[Row]:
    return _model_memory(est, never_held=("kv_cache",))  # no cache of keys and values: no decoding


def _serving_memory(est: Estimate) -> list[Row]:
    return _model_memory(est, never_held=("gradients", "optimizer", "not_concurrent"))  # no backward, no step


DESK_FRAME_BUFFER = "Frame buffer for the desk's monitors"
"""What a desk's card keeps for its monitors (``--local-display``: no vGPU slices; a label id)."""


def _graphics_memory(est: Estimate) -> list[Row]:
    """The graphics data and the process' overhead where it has one: virtual desktops have none, their vGPU
    slices hold the hypervisor's share (core.graphics.graphics_memory), and "Overhead 0 GiB" under the frame
    buffers (框架开销 0 GiB) named a part desktops never have (session 47, persona)."""
    m, part = est.memory, DESK_FRAME_BUFFER if at_desks(est.scenario) else tables_of(est).graphics_memory
    rows = [Row(part, gib_amount(m.graphics), key="memory.graphics", detail=True)]
    if m.overhead:
        rows.append(Row("Overhead", gib_amount(m.overhead), key="memory.overhead", detail=True))
    return rows


# ---- speed or capacity, per family ------------------------------------------------------------


def card_hours_row(est: Estimate, hours: float, band: Band | None = None) -> Row:
    """The job's chip-hours [chip·h] in the card's own word for a chip ('NPU-hours', '9,196 NPU-h' on an
    Ascend card, :attr:`~configurator.core.card.Card.chip_word`; 卡时 in Chinese)."""
    chip = est.card.chip_word
    return Row(Phrase("{chip}-hours", {"chip": chip}), Amount(hours, f"{chip}-h", band=band, digits=4), key="gpu_hours")


def _training_speed(est: Estimate) -> Section:
    t, b = est.training, headline_bands(est)
    step = t.step_time_s
    comm = [Row(Phrase("· {kind}", {"kind": COMM_KINDS[kind]}),
                Phrase("{time} ({share})", {"time": Amount(value, "s"), "share": Amount(value / step, "share")}),
                key=f"comm.{kind}")
            for kind, value in t.exposed_comm_seconds_by_kind.items() if value >= COMM_SHOWN_FROM * step]
    rows = (
        Row("Throughput", Amount(t.tokens_per_s, "tokens/s", band=b.get("tokens_per_s")), key="tokens_per_s"),
        Row("Per card", Amount(t.tokens_per_s_per_card, "tokens/s", band=b.get("tokens_per_s_per_card")),
            key="tokens_per_s_per_card"),
        Row("Step time", Amount(step, "s", band=b.get("step_time_s")), key="step_time_s"),
        Row("MFU", mfu_value(est), key="mfu"),
        Row("Exposed communication", Amount(t.exposed_comm_fraction, "share"), key="exposed_comm_fraction"),
        *comm,
        Row("Token budget", Phrase("{n} tokens", {"n": Amount(est.scenario.training.tokens, "token-count")}),
            key="tokens", detail=True),  # the time's job; the window's editor and the summary's workload say it
        Row("Time for the token budget", in_deadline_unit(t.hours, est.scenario.constraints.deadline_hours,
                                                          b.get("hours")), key="hours"),
        card_hours_row(est, t.gpu_hours, b.get("gpu_hours")),
        Row("Model FLOPs for the token budget", job_flops_value(est), key="model_flops"),
        Row("Largest micro-batch that fits", est.limits.max_micro_batch, key="max_micro_batch"),
    )
    return Section("speed", "Speed and time", rows)


def _latency(percentiles: dict[int, float], median: float, target: int, band) -> Amount:
    shown = tuple((p, percentiles[p]) for p in sorted({*PERCENTILES_SHOWN, target}) if p in percentiles)
    return Amount(median, "s", band=band, percentiles=shown)


def _decode_note(est: Estimate) -> Phrase:
    """The decode-bandwidth assumption behind the decode speed, with its source."""
    serving, a = est.scenario.serving, est.scenario.assumptions
    profile = serving.profile
    # the shares multiply as in serving_speed.decode_step_seconds (weights over bandwidth × c × s_w × HBM factor)
    factor = decode_read_factor(profile, est.card.memory_type)
    return Phrase(
        "Decode reads the weights at {share} of the card's peak memory bandwidth ({peak} GB/s): {engine}'s "
        "kernels reach {stream} of the {achievable} a streaming copy achieves on the card (assumption "
        "'Decode bandwidth'); long KV caches are read at {kv}.\nEngine profile source: {source}",
        {"share": Amount(a.decode_bandwidth_efficiency * profile.weight_stream_share * factor, "share"),
         "peak": Amount(est.card.bandwidth_gbps), "engine": ENGINES.get(serving.engine.value, serving.engine.value),
         "stream": Amount(profile.weight_stream_share * factor, "share"),
         "achievable": Amount(a.decode_bandwidth_efficiency, "share"),
         "kv": Amount(profile.kv_read_share * factor, "share"), "source": profile.source})


def _serving_speed(est: Estimate) -> Section:
    i, serving, plan, b = est.serving, est.scenario.serving, est.plan, headline_bands(est)
    engine: str | Phrase = ENGINES.get(serving.engine.value, serving.engine.value)
    if serving.engine_profile is not None:
        engine = Phrase("{engine} (your profile)", {"engine": engine})
    weights = None if plan.weight_format is None else Phrase("{format} · {bits} bit/weight", {
        "format": weight_format_name(plan.weight_format.value, est.card.vendor),
        "bits": f"{plan.weight_bits or 0.0:.3g}"})
    load = Phrase("Under a load of {rate} requests/s (Poisson arrivals); batching: {batching}",
                  {"rate": Amount(i.load_per_s), "batching": BATCHING.get(i.batching, i.batching)}) \
        if i.load_per_s is not None else "On an idle copy"
    decode = _decode_note(est)
    target = latency_targets(est.scenario).percentile
    rows = (
        Row("Engine", engine, note=serving.profile.source, key="engine"),
        Row("Weights", weights, note=FORMATS[plan.weight_format].source if plan.weight_format else None,
            key="weight_format"),
        Row("Time to first token", _latency(i.ttft_percentiles_s, i.ttft_s, target, b.get("ttft_s")), note=load,
            key="ttft_s"),
        Row("Time per output token", _latency(i.tpot_percentiles_s, i.tpot_s, target, b.get("tpot_s")),
            note=Phrase("{load}\n\n{decode}", {"load": load, "decode": decode}), key="tpot_s"),
        Row("Per user", Amount(1.0 / i.tpot_s if i.tpot_s else None, "tokens/s"),
            note=Phrase("What one user reads at this load: one token every {tpot} (the median time per output "
                        "token), after the first token.", {"tpot": Amount(i.tpot_s, "s")}), key="tokens_per_s_per_user"),
        # under a stated request rate the deployment's figure is its capacity (core.serving_speed.replica_speed);
        # else what the users, sent back to back, get out of it
        Row("Output capacity" if est.scenario.constraints.requests_per_s else "Output throughput",
            Amount(i.tokens_per_s, "tokens/s", band=b.get("tokens_per_s")), note=decode, key="tokens_per_s"),
        Row("Requests", Amount(i.requests_per_s, "requests/s", band=b.get("requests_per_s")), key="requests_per_s",
            note=REQUEST_RATES_NOTE if est.scenario.constraints.requests_per_s else None),
        *_goodput_rows(i, est.scenario),
        Row("Largest concurrency that fits", _users_at_once(est.limits.max_concurrency), key="max_concurrency"),
        Row("Largest context that fits", Amount(est.limits.max_context, "tokens"), key="max_context", detail=True),
    )
    return Section("speed", "Speed and time", rows)


def _users_at_once(users: int | None) -> Phrase | None:
    """The most users the cards hold at once, with its unit ("2,568 users at once"; a bare "2,568" until
    December 2026, persona46c)."""
    if users is None:
        return None
    return Phrase("1 user at once" if users == 1 else "{n} users at once", {"n": users})


REQUEST_RATES_NOTE = (
    "Three request rates, one setup: this row is the capacity, the most requests a second the deployment "
    "completes at its planned batch, latencies aside (the figure the request-rate check compares with the rate "
    "you state); Goodput, where a target is set, is the part of the rate served whose requests stay within the "
    "latency targets; the owned-cards line of a recommendation names the rate the cards carry within them.")
"""The note of the Requests row under a stated request rate (where the row, like Output capacity, is
the capacity; without a rate it is what the users sent back to back get): what it counts beside
Goodput and the owned cards' within-targets rate (persona11ml's "three request-rate figures for
one setup", review41)."""


def _goodput_rows(i, scenario) -> tuple[Row, ...]:
    """The goodput where one is taken (``goodput_taken_per_s``: a stated rate and a latency target, or the
    users alone and a typed target): the rate served times the share of its requests within the targets
    (:func:`~configurator.core.within_targets.share_within`), with that share and the targets; else no row."""
    if (good := i.goodput_taken_per_s) is None:
        return ()
    targets = latency_targets(scenario)
    ttft, tpot = target_amounts(targets)  # in ms, as the constraint rows write the same targets
    within = Phrase("TTFT {ttft} and TPOT {tpot}", {"ttft": ttft, "tpot": tpot}) if ttft and tpot else \
        Phrase("TTFT {ttft}", {"ttft": ttft}) if ttft else Phrase("TPOT {tpot}", {"tpot": tpot})
    value = Phrase("{rate} — {share} of requests within {targets}",
                   {"rate": Amount(good, "requests/s"), "share": Amount(i.share_within_targets, "share"),
                    "targets": within})
    note = "Goodput: the requests served each second whose time to first token and time per output token both " \
        "stay within the targets (DistServe, Zhong et al., OSDI 2024) — the rate served (Poisson arrivals, " \
        "queueing counted) times the share of its requests within them, read off the latency distributions " \
        "the percentiles come from (first token and time per token taken as independent). The verdict checks " \
        "the p{p} figures against the targets."
    return (Row("Goodput", value, key="goodput_requests_per_s", note=Phrase(note, {"p": str(targets.percentile)})),)



def _family_speed(est: Estimate) -> Section:
    """A family without tables of its own: its throughput, per card, what limits it and, for a job,
    the time and card-hours (``Estimate.speed``, a :class:`~configurator.core.workloads.base.FamilySpeed`)."""
    sp = est.speed
    if sp is None:
        return _untimed(est)
    rows = [Row("Throughput", Amount(sp.throughput, sp.unit), key="throughput"),
            Row("Per card", Amount(sp.per_card, sp.unit), key="per_card"),
            Row("Limited by", FACTORS.get(sp.limiting, sp.limiting), key="limiting")]
    if sp.hours is not None:
        rows += [Row("Time for the job", in_deadline_unit(sp.hours, est.scenario.constraints.deadline_hours),
                     key="hours"),
                 card_hours_row(est, sp.gpu_hours)]
    return Section("speed", "Speed and time", tuple(rows))


# ---- power and cost ------------------------------------------------------------------------


FACILITY_POWER = {False: "Facility power", True: "Power at the desks (average)"}
"""The facility power row's label (a label id) in a data hall, and at the users' desks (:func:`at_desks`): an
office's draw, no PUE (:func:`~configurator.core.desks.applied_pue`)."""


def cost_section(est: Estimate) -> Section:
    """Power, energy and money for the job (training, rendering) or the hour (the rest)."""
    c, family = est.costs, family_of(est.scenario.workload)
    period = "job" if family.one_off_job else "hour"
    per_unit = c.per_million_tokens if family.cost_unit == MILLION_TOKENS else c.per_unit
    runs = not does_not_run(est)
    if not runs:  # no work done, so no cost per unit of it (its speed row says none: 0.23 USD per
        per_unit = None  # million tokens was shown under 2 × L4 that cannot hold 1,000 users' caches)
    job_figure = runs or not family.one_off_job  # a job that does not run has no length, so no energy or rent for it
    power = est.power

    def money(value: float | None) -> Amount:
        return Amount(value, c.currency, money=True)

    def per_unit_money(value: float | None) -> Amount:
        return Amount(value, c.currency, money=True, per_unit=True)

    rows = (
        Row("Board power", Amount(power.board_watts if power else None, "W"), key="board_watts"),
        Row(FACILITY_POWER[in_office(est.scenario, est.card)], Amount(power.facility_watts if power else None, "W"),
            key="facility_watts", detail=True),
        Row(Phrase("Energy per {period}", {"period": period}), Amount(est.energy_kwh if job_figure else None, "kWh"),
            key="energy_kwh"),
        Row(purchase_label(est.card), money(c.purchase), key="purchase"),
        Row(Phrase("Cloud per {period}", {"period": period}), money(c.cloud if job_figure else None), key="cloud"),
        Row(Phrase("Electricity per {period}", {"period": period}), money(c.energy if job_figure else None),
            key="energy"),
        # three significant digits below one unit, as the ranking and the summary write it (this row read
        # "0.21 USD" beside the ranking's "0.192 USD", the window's "0.09 EUR" beside the summary's "0.093")
        Row(per_unit_label(family.cost_unit, c.basis, licence=c.licence_per_unit,
                           desks=in_office(est.scenario, est.card)),
            Amount(per_unit, c.currency, money=True, per_unit=True), key="per_unit"),
        # per unit as the row above (it read "0.33 USD" here, "0.335 USD" in the summary: persona 10)
        *_job_alone_rows(est, family, per_unit_money if runs else None),
        price_dates_row(c.prices),
    )
    return Section("cost", "Power, energy and cost", rows)


JOB_ALONE = "Cost {per} — this job alone, its cards and servers bought for it (capex + its energy)"
"""The row of a job that ends (the family's ``one_off_job``) that says what the job costs on its own, bought
(:mod:`configurator.core.job_alone`), beside its rent per unit and the TCO spread over the years."""
JOB_ALONE_SHORT = "Cost {per} — this job alone"
JOB_ALONE_BASIS = "its cards and servers bought for it (capex + its energy)"
""":data:`JOB_ALONE` in two, for the summary's first page: the row's label and, beside the figure, what it covers."""


def _job_alone_rows(est: Estimate, family: WorkloadFamily, money) -> tuple[Row, ...]:
    """The job's own cost per unit of its work, its bill bought for it; none for work that runs on, a job
    that does not run (``money`` None) or a bill with an unpriced line."""
    if money is None or not family.one_off_job:
        return ()
    from configurator.core.job_alone import job_alone  # the bill of materials: loaded with a job's costs
    from configurator.core.procurement.deployment import deployment_cost

    job = job_alone(est, deployment_cost(est))
    if job is None:
        return ()
    return (Row(job_alone_label(family), money(job.bought_per_unit), key="job_alone_per_unit"),)


def job_alone_label(family: WorkloadFamily) -> Phrase:
    """The name of a job's own cost per unit of its work (:data:`JOB_ALONE`): 'Cost per frame — this job
    alone, …', for the estimate's row and the summary's."""
    return Phrase(JOB_ALONE, {"per": PER_UNIT[family.cost_unit]})


def price_dates_row(prices) -> Row:
    """'card 2024 *, cloud 2026-03': the dates of the prices used, a * where the buyer must be told
    something about the price (list or launch price, older than 18 months); the note says what
    (issue 25: :mod:`configurator.core.procurement.card_price`)."""
    def marked(day: str | None, flags) -> str:
        return (day or "—") + (" *" if any(f.id != "price-user" for f in flags) else "")

    told = [Phrase(template, {"flags": _joined_flags(flags)}) for template, flags in
            (("card price: {flags}", prices.card_flags), ("cloud price: {flags}", prices.cloud_flags)) if flags]
    note = None if not told else told[0] if len(told) == 1 else Phrase("{a}{sep}{b}", {"a": told[0], "b": told[1],
                                                                                        "sep": "; "})
    return Row("Prices dated", Phrase("card {card}, cloud {cloud}", {
        "card": marked(prices.card_price_date, prices.card_flags),
        "cloud": marked(prices.cloud_price_date, prices.cloud_flags)}), note=note, key="price_dates")


def _joined_flags(flags) -> Phrase:
    """Flags one after another with '; ' (a label id) between them."""
    return Phrase("{sep}".join(f"{{f{i}}}" for i in range(len(flags))),
                  {"sep": "; ", **{f"f{i}": f for i, f in enumerate(flags)}})


# ---- the verdict ---------------------------------------------------------------------------


def _fits_verdict(est: Estimate) -> tuple[Phrase, bool]:
    m, who = est.memory, {"count": est.scenario.count, "card": est.card.name}
    # no rate, or a batch the cards cannot split
    if est.fits and est.training is None and est.serving is None and est.speed is None:
        return Phrase("{count} × {card} fits, but is not timed — see the warnings", who), False
    if est.fits:  # its headroom on what it needs; the allocator's usual cache as a note where it exceeds the card
        return fits_verdict(who, m), True
    return Phrase("{count} × {card} does not fit: {short} short per card",
                  {**who, "short": gib_amount(m.shortfall)}), False


def _carries_verdict(est: Estimate) -> tuple[Phrase, bool]:
    g, who = est.graphics, {"count": est.scenario.count, "card": est.card.name}
    if not est.fits:
        return _fits_verdict(est)
    if not g.meets_demand:
        load = {**who, "served": Amount(g.served, "count"), "demand": Amount(g.demand, "count"), "unit": g.unit}
        if g.cards_needed is None:
            return Phrase("{count} × {card} carries {served} of {demand} {unit}: no number of these cards carries "
                          "it", load), False
        needed = "{count} × {card} carries {served} of {demand} {unit}: 1 card needed" if g.cards_needed == 1 else \
            "{count} × {card} carries {served} of {demand} {unit}: {n} cards needed"
        if g.cards_per_server is not None and g.cards_needed > 1:
            needed = "{count} × {card} carries {served} of {demand} {unit}: {n} cards needed, {per} per server"
        return Phrase(needed, {**load, "n": g.cards_needed, "per": g.cards_per_server}), False
    per_card = Amount(g.per_card, "frames/h") if g.unit == "frames" else \
        Phrase("{n}\u00a0{unit}", {"n": Amount(g.per_card, "count"), "unit": work_unit(g.unit, g.per_card)})
    return Phrase("{count} × {card} carries the load: {per_card} per card", {**who, "per_card": per_card}), True


def _on_cards(est: Estimate) -> dict:
    """The heading's cards and their class ('1 × H100 SXM5 80GB (a training-class card)')."""
    category = est.card.category
    return {"count": est.scenario.count, "card": est.card.name, "card_class": CLASS_NOTES.get(category, category)}


def _heading(est: Estimate) -> Phrase:
    """'Virtual desktops / cloud workstations on 4 × L40S (an inference-class card)': the work as the
    editor names it, not its id ('vdi' until session 42)."""
    workload = est.scenario.workload.value
    return Phrase("{workload} on {count} × {card} ({card_class})", {"workload": WORKLOADS.get(workload, workload),
                                                                     **_on_cards(est)})


def _model_heading(est: Estimate) -> Phrase:
    """'Inference serving: Llama 3 8B (8.03 B parameters) on 1 × H100 SXM5 80GB (a training-class card),
    BF16 math': the work as the editor names it, the model and the precision as the tables and the summary
    write them (:func:`model_name`, upper case), not their ids ('qwen2.5-7b', 'bf16' until December 2026;
    'inference' until session 42)."""
    model, workload = est.scenario.model, est.scenario.workload.value
    return Phrase("{workload}: {model} ({params} B parameters) on {count} × {card} ({card_class}), {math} math", {
        "workload": WORKLOADS.get(workload, workload), "model": model_name(model.name),
        "params": Amount(model.total_params() / 1e9), "math": est.plan.math.value.upper() if est.plan.math else "—",
        **_on_cards(est)})


# ---- the families' tables, and the one builder ---------------------------------------------------

@dataclass(frozen=True)
class EstimateTables:
    """What the view model of one family's estimate is made of."""

    memory: Callable[[Estimate], list[Row]]
    """The memory breakdown."""
    speed: Callable[[Estimate], Section]
    """The speed (AI) or capacity (graphics) section."""
    heading: Callable[[Estimate], Phrase]
    """The configuration in one line, with the model where the family runs one."""
    layout: Callable[[Estimate], Phrase | None]
    """The parallel layout the estimate uses (the planner's choices where Auto), where the family has one."""
    headline: tuple[str, ...]
    """The rows that say the most about the estimate in one sentence."""
    speed_key: str
    """The row that says how fast in a column of alternatives: the time of a job, the time per output
    token, what one card carries."""
    verdict: Callable[[Estimate], tuple[Phrase, bool]]
    """Does it fit (AI), does it carry the load (graphics)."""
    may_be_untimed: bool = False
    """True when an estimate can come without a speed (an AI card without a published rate, a card
    count the global batch cannot be split over): its speed section then says so."""
    graphics_memory: str = ""
    """What a graphics family keeps in the card's memory besides the overhead (a label id)."""


_AI = {"memory": _model_memory, "heading": _model_heading, "verdict": _fits_verdict, "may_be_untimed": True}
_GRAPHICS = {"memory": _graphics_memory, "heading": _heading, "layout": no_layout, "verdict": _carries_verdict}

TABLES: dict[str, EstimateTables] = {
    "training": EstimateTables(speed=_training_speed, layout=training_layout, headline=("hours", "memory.per_card"),
                               speed_key="hours", **{**_AI, "memory": _training_memory}),
    "serving": EstimateTables(speed=_serving_speed, layout=serving_layout,
                              headline=("ttft_s", "tpot_s", "requests_per_s", "goodput_requests_per_s"),
                              speed_key="tpot_s", **{**_AI, "memory": _serving_memory}),
    "desktops": EstimateTables(speed=capacity_section, headline=("per_card", "limiting", "served"),
                               speed_key="per_card", graphics_memory="vGPU frame buffers", **_GRAPHICS),
    "video": EstimateTables(speed=capacity_section, headline=("per_card", "limiting", "served"), speed_key="per_card",
                            graphics_memory="Video surfaces", **_GRAPHICS),
    "rendering": EstimateTables(speed=rendering_section, headline=("minutes_per_frame", "hours"), speed_key="hours",
                                graphics_memory="Scene and output", **_GRAPHICS),
}
"""Each built-in family's tables, by the family's name. A family without an entry is shown by
:func:`family_tables`; one that wants its own rows adds its entry here."""


def family_tables(family: WorkloadFamily) -> EstimateTables:
    """The tables of a family that brings none (one added as a package): the model's memory parts and
    the model in the heading where it runs one (``WorkloadFamily.runs_model``), its ``FamilySpeed``
    (:func:`_family_speed`), no layout, and the time of a job or the throughput of running work as
    its headline and its figure in a column of alternatives."""
    speed_key = "hours" if family.one_off_job else "throughput"
    return EstimateTables(memory=_model_memory, speed=_family_speed,
                          heading=_model_heading if family.runs_model else _heading, layout=no_layout,
                          headline=(speed_key, "memory.per_card"), speed_key=speed_key, verdict=_fits_verdict)


def tables_of(est: Estimate) -> EstimateTables:
    """The tables of ``est``'s family (:func:`family_tables` for a family not in :data:`TABLES`)."""
    family = family_of(est.scenario.workload)
    return TABLES.get(family.name) or family_tables(family)


def speed_row(est: Estimate, view: View | None = None) -> Row | None:
    """The estimate's row of its family's ``speed_key`` (its view built unless given)."""
    rows = (view or estimate_view(est)).rows_of((tables_of(est).speed_key,))
    return rows[0] if rows else None


def speed_heading(row: Row, percentile: int | None = None) -> str | Phrase:
    """The speed row's name where one figure of it stands (a ranking's column, the summary's first page):
    a latency shown by its percentiles elsewhere ('p50 65.6 ms · p90 80.0 ms') is named with the
    percentile its figure is at — ``percentile`` (:func:`~configurator.core.view.latency_column.
    column_percentile`, the targets'), else the median — so that the column is not read against the
    constraints' p90 98.8 ms as a contradiction (:mod:`~configurator.core.view.latency_column`)."""
    shown = shown_percentile(row.value, percentile)
    return row.label if shown is None else latency_heading(row.label, shown)


def plain(value, band: bool = False, percentile: int | None = None):
    """``value`` as one figure: an Amount without its percentiles (and without its likely range
    unless ``band``), for a narrow column; a latency shown by its percentiles at ``percentile`` where
    it holds that one (then without a range: the range is the median's); anything else as it is."""
    if not isinstance(value, Amount):
        return value
    shown = shown_percentile(value, percentile)
    if shown is not None and shown != MEDIAN:
        return at_percentile(value, shown)
    return Amount(value.value, value.unit, value.money, value.band if band else None, (), value.digits)


def _untimed(est: Estimate) -> Section:
    """An AI estimate without a speed (a card without a published rate, a card count the global
    batch cannot be split over): one row that says so; the warnings say why."""
    return Section("speed", "Speed and time", (Row("Speed", "not estimated — see the warnings", key="untimed"),))


def _does_not_run(est: Estimate) -> Section:
    """An AI configuration that does not fit in memory: it does not run, so no speed or latency
    (the estimator's figures for it, a first token of 16,759 s for 1 × H100 with Llama 3 70B, are
    no figures to show a buyer); one row that says so."""
    return Section("speed", "Speed and time",
                   (Row("Speed", "none — it does not fit in memory, so it does not run", key="untimed"),))


def _speed_section(est: Estimate, tables: EstimateTables) -> Section:
    if tables.may_be_untimed and does_not_run(est):
        return _does_not_run(est)
    if tables.may_be_untimed and est.training is None and est.serving is None:
        return _untimed(est)
    return tables.speed(est)


def headline_verdict(est: Estimate, beside: tuple[Verdict, ...] = ()) -> tuple[Phrase, str]:
    """The estimate's verdict in one line and its state: whether it fits (AI) or carries the load
    (graphics), then the constraints the buyer set — each broken one by how much, each that cannot
    be checked and why, or that all are met (:func:`constraints_verdict`) — and the state of the
    whole: ``not met`` (red: it does not fit or carry the load, or breaks a constraint), ``cannot
    be checked`` (amber) or ``met`` (green) (label ids, :func:`overall_state`). ``beside``: verdicts
    checked beside the scenario's, counted with them in one list (the vendors a summary's buyer narrowed the
    cards to: :func:`~configurator.core.recommend_filters.vendors_verdict`)."""
    verdicts = (*est.verdicts, *beside)
    fit, good = tables_of(est).verdict(est)
    state = overall_state(verdicts) or "met"
    if not good:
        state = "not met"
    constraints = constraints_verdict(verdicts, runs=not does_not_run(est))
    if constraints is None:
        return fit, state
    return Phrase("{fit} — {constraints}", {"fit": fit, "constraints": constraints}), state


def estimate_view(est: Estimate) -> View:
    """The view model of ``est``: its memory, its speed or capacity, its power and cost, its verdict
    (:func:`headline_verdict`: green, amber or red) and its warnings."""
    tables = tables_of(est)
    verdict, state = headline_verdict(est)
    layout = tables.layout(est) if est.training is not None or est.serving is not None else None
    return View(tables.heading(est), verdict, state != "not met",
                (memory_section(est, tables.memory(est)), _speed_section(est, tables), cost_section(est)),
                tuple(est.messages), layout, tables.headline, caution=state == "cannot be checked")
