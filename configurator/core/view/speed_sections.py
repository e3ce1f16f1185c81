"""The speed section of an AI estimate's view model: a training run's throughput, step and time, a
serving deployment's latencies, rates and goodput, a family's own ``FamilySpeed``, and the one row
of an estimate without a speed or one that does not run. Split from
:mod:`configurator.core.view.estimate_view` (whose family tables name these). Qt-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.engines import decode_read_factor
from configurator.core.formats import FORMATS
from configurator.core.serving_use import latency_targets
from configurator.core.uncertainty import Band, headline_bands
from configurator.core.view.constraints_view import target_amounts
from configurator.core.view.names import BATCHING, COMM_KINDS, ENGINES, FACTORS, weight_format_name
from configurator.core.view.rows import Amount, Phrase, Row, Section, in_deadline_unit
from configurator.core.view.training_rows import job_flops_value, mfu_value

if TYPE_CHECKING:
    from configurator.core.estimate import Estimate

PERCENTILES_SHOWN = (50, 99)
"""Latency percentiles the serving rows show (the median and MLPerf's tail), with the one the
targets hold for when it is another."""

COMM_SHOWN_FROM = 0.001
"""A kind of exposed communication gets a row of its own from this share of a step up."""


def card_hours_row(est: Estimate, hours: float, band: Band | None = None) -> Row:
    """The job's chip-hours [chip·h] in the card's own word for a chip ('NPU-hours', '9,196 NPU-h' on an
    Ascend card, :attr:`~configurator.core.card.Card.chip_word`; 卡时 in Chinese)."""
    chip = est.card.chip_word
    return Row(Phrase("{chip}-hours", {"chip": chip}), Amount(hours, f"{chip}-h", band=band, digits=4), key="gpu_hours")


def training_speed(est: Estimate) -> Section:
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


def serving_speed(est: Estimate) -> Section:
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
                        "token), after the first token.", {"tpot": Amount(i.tpot_s, "s")}),
            key="tokens_per_s_per_user"),
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



def family_speed(est: Estimate) -> Section:
    """A family without tables of its own: its throughput, per card, what limits it and, for a job,
    the time and card-hours (``Estimate.speed``, a :class:`~configurator.core.workloads.base.FamilySpeed`)."""
    sp = est.speed
    if sp is None:
        return untimed_section(est)
    rows = [Row("Throughput", Amount(sp.throughput, sp.unit), key="throughput"),
            Row("Per card", Amount(sp.per_card, sp.unit), key="per_card"),
            Row("Limited by", FACTORS.get(sp.limiting, sp.limiting), key="limiting")]
    if sp.hours is not None:
        rows += [Row("Time for the job", in_deadline_unit(sp.hours, est.scenario.constraints.deadline_hours),
                     key="hours"),
                 card_hours_row(est, sp.gpu_hours)]
    return Section("speed", "Speed and time", tuple(rows))



def untimed_section(est: Estimate) -> Section:
    """An AI estimate without a speed (a card without a published rate, a card count the global
    batch cannot be split over): one row that says so; the warnings say why."""
    return Section("speed", "Speed and time", (Row("Speed", "not estimated — see the warnings", key="untimed"),))


def does_not_run_section(est: Estimate) -> Section:
    """An AI configuration that does not fit in memory: it does not run, so no speed or latency
    (the estimator's figures for it, a first token of 16,759 s for 1 × H100 with Llama 3 70B, are
    no figures to show a buyer); one row that says so."""
    return Section("speed", "Speed and time",
                   (Row("Speed", "none — it does not fit in memory, so it does not run", key="untimed"),))
