"""How each workload family is shown: the axes, series, units and labels of the window's charts,
the recommendation panel's speed column and Pareto chart, and the printed summary's job line and
workload table (issue 26, part 2). Qt-free.

The window's charts (``app/charts.py``), the recommendation panel (``app/recommend_panel.py``), the
card browser's comparison and the summary (``report/``) ask :func:`view_of` for the family's
:class:`FamilyView` and lay out what it says; none of them compares a workload's name. A new
family adds its view here (one :class:`FamilyView` in :data:`VIEWS`); a family without one is
shown by :func:`generic_view`, built from the units the family declares.

Labels are label ids of the one catalogue (:mod:`configurator.core.view.words`, Chinese in
:mod:`configurator.core.view.words_charts`); values are :data:`~configurator.core.view.rows.Value`
(a number with its unit, a phrase), written in a language by :func:`~configurator.core.view.rows.write`.

This module imports only the light view modules (no estimator, no pydantic): the window builds
its charts from :data:`FIRST_SHOWN` before the estimator loads (tests/test_startup.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from configurator.core.view import numbers
from configurator.core.view.card_names import card_name
from configurator.core.view.names import (
    CODECS,
    OFFLOADED,
    OPTIMIZERS,
    RECIPES,
    RECOMPUTE,
    SELECTIVE_POLICY,
    WORKLOADS,
    work_unit,
    model_name,
)
from configurator.core.view.rows import Amount, Phrase, Value, counted, in_deadline_unit
from configurator.core.view.words import Words

if TYPE_CHECKING:  # the estimator loads after the window has painted (tests/test_startup.py)
    from configurator.core.estimate import Estimate
    from configurator.core.scenario import Scenario, Workload
    from configurator.core.workloads.base import WorkloadFamily

TableRows = list[tuple[str, str]]
"""(label, value) lines of a summary table, already in the summary's language."""


@dataclass(frozen=True)
class ChartView:
    """The window's four charts for one family (label ids; values in the units named)."""

    throughput_axis: str
    """The scaling chart's left axis: what the deployment carries (tokens/s, users, streams, frames/h)."""
    second_axis: str
    """The scaling chart's right axis, with its unit."""
    second_legend: str
    """The right-axis series' name in the legend."""
    second_value: Callable[[Estimate], float | None]
    """One estimate's right-axis value, in the unit :attr:`second_axis` names (h, ms, kW)."""
    shows_demand: bool
    """Whether the scaling chart draws the load needed (users, streams) as a line."""
    curve_title: str
    """The memory curve's title: memory against the load that drives it."""
    curve_axis: str
    """The memory curve's x axis (:attr:`~configurator.core.workloads.base.MemoryCurve.variable`, with its unit)."""
    cost_title: str
    """The cost chart's title."""
    cost_axis: str
    """The cost chart's x axis, with its unit."""
    cost_x_scale: float
    """Axis units in one :attr:`~configurator.core.workloads.base.CatalogPoint.x_value` unit (1000 ms per s)."""
    cost_x_text: Callable[[float], Value]
    """A cost-chart point's x value (in the family's ``x_unit``) in words: a time, a latency, a card count."""
    short_legend: str | None = None
    """The legend's name for the scaling chart's marker of a count that fits but whose copies cannot
    carry the load asked for; None for a family where every count that fits carries its load."""
    short_of_load: Callable[[Estimate], bool] = lambda est: False
    """Whether an estimate that fits cannot carry the load asked for (:attr:`short_legend`): its
    :attr:`second_value` is then the copies' latency at their own full load with the queue growing
    without end, not an operating point, and the scaling chart marks the count instead of drawing it."""
    other_legend: str | None = None
    """The legend's name for the scaling chart's marker of a count whose own plan lays the cards out otherwise
    than its lines (:attr:`~configurator.core.analysis.Analysis.by_layout`); None for a family whose lines are
    each count's own plan. Short: the legend lies inside the plot, and "Another layout, planned for that count" was
    cut at "planned for th" by the right axis of the window at 1280 × 800 (session 51, look51)."""
    line_caption: Callable[[Estimate], Value] | None = None
    """The scaling chart's words under its title naming the layout its lines keep (the chosen estimate's);
    None where the lines are each count's own plan."""


@dataclass(frozen=True)
class RankingView:
    """The recommendation panel's speed column and Pareto chart for one family."""

    speed_heading: str
    """The speed column's heading."""
    speed_text: Callable[[Estimate], Value]
    """One ranked configuration's speed, with its unit."""
    pareto_title: str
    pareto_axis: str
    """The Pareto chart's x axis, with its unit."""
    pareto_x: Callable[[float], float]
    """A recommendation's ``speed_figure`` (in the family's ``speed_unit``) as the Pareto chart's x value."""
    latency_targets: bool = False
    """Whether the panel states the latency targets held (the serving use's defaults, named)."""
    at_target_percentile: bool = False
    """Whether the speed column is a latency at the targets' percentile, its heading naming it
    (:mod:`configurator.core.view.latency_column`: 'Time per token (p90)')."""
    serving_tradeoff: bool = False
    """Whether the panel draws the serving trade-off of the selected deployment (every layout the
    serving planner weighed: :mod:`configurator.core.view.tradeoff_view`)."""


@dataclass(frozen=True)
class FamilyView:
    """Everything the window, the panel and the summary show differently for one family."""

    family: str
    """The family's :attr:`~configurator.core.workloads.base.WorkloadFamily.name`."""
    charts: ChartView
    ranking: RankingView
    job: Callable[[Scenario, Words], str]
    """The job in a few words, in the summary's language ('Serve Llama 3 70B to 200 users at once'): the
    summary's title while the scenario has no name of its own."""
    workload_title: str
    """The summary's workload table's heading."""
    workload_rows: Callable[[Estimate, Words], TableRows]
    """The summary's workload table: the model and its layout, or the graphics load."""
    card_specs: str
    """Which card specifications matter to the work: ``compute`` (memory, bandwidth, the dense peak)
    or ``graphics`` (FP32 shading, video engines, vGPU); the summary's card table and the browser's
    comparison list those."""


# ---- words shared by the families ---------------------------------------------------------


def _listed(w: Words, *parts: str) -> str:
    """``parts`` joined as a list in the summary's language (", " in English, "、" in Chinese)."""
    return w(", ").join(parts)


def _cards(value: float) -> Phrase:
    """'1 card', '12 cards' (:func:`~configurator.core.view.rows.counted`)."""
    return counted("card", value)


def _hours(est: Estimate) -> float | None:
    return est.hours


def _facility_kw(est: Estimate) -> float | None:
    return est.power.facility_watts / 1000 if est.power else None


def _rate_not_carried(est: Estimate) -> bool:
    """Serving: the stated request rate is above what the count's copies carry — the estimate says so
    with ``serving-overloaded`` (:func:`~configurator.core.serving_speed.replica_speed`, the pools' speed),
    and its latencies are then at the copies' own capacity, for a batch as large as the memory holds
    (24 × MI300X, Llama 3 70B, 40 requests/s: 409-663 ms per token at 2-12 cards, 12-125 ms where the
    rate is carried; chartjump50)."""
    return est.serving is not None and any(m.id == "serving-overloaded" for m in est.messages)


def _copies_caption(est: Estimate) -> Phrase:
    """The serving scaling chart's lines named: the chosen layout, more or fewer copies of it
    (:mod:`configurator.core.workloads.serving.scaled_copies`), in the layout's words of the results panel."""
    from configurator.core.view.layout_view import serving_layout  # reads the estimate: loaded with it

    return Phrase("Lines: this scenario's layout ({layout}) with more or fewer copies", {"layout": serving_layout(est)})


# ---- AI families: the model, its layout and its speed ----------------------------------------


def _precision_text(est: Estimate, w: Words) -> str:
    """The precision asked, and the one it runs in where the card has not that one ("BF16 → BF16" read as a
    conversion; session 47, persona)."""
    asked, math = est.plan.requested.value.upper(), est.plan.math
    if math is None:
        return w("{asked} asked, no published rate to run it", asked=asked)
    return asked if math.value.upper() == asked else w("{asked} asked, run in {math}", asked=asked,
                                                         math=math.value.upper())


def _architecture(est: Estimate, w: Words) -> str:
    m = est.scenario.model
    text = w("{layers} layers, hidden size {hidden}, {heads} attention heads ({kv} KV), FFN {ffn}, vocabulary {vocab}",
             layers=m.n_layers, hidden=m.hidden, heads=m.n_heads, kv=m.kv_heads, ffn=m.ffn, vocab=f"{m.vocab:,}")
    if m.is_moe:
        text += w(", ") + w("{n} experts, {k} per token", n=m.n_experts, k=m.experts_per_token)
    return text


def _training_parallelism(est: Estimate, w: Words) -> str:
    """A training layout's degrees: tensor, context (where split), pipeline and data parallel, expert
    parallel (where split) and the ZeRO stage, so that their product reads as the card count (160 cards
    read "tensor parallel 2, pipeline parallel 5, data parallel 8", the context-parallel 2 left out;
    session 47, look), then what is offloaded to host memory, if anything."""
    s, p = est.scenario, est.scenario.parallelism
    parts = [f"{w('tensor parallel')} {p.tp}"]
    if p.cp > 1:
        parts.append(f"{w('context parallel')} {p.cp}")
    parts += [f"{w('pipeline parallel')} {p.pp}", f"{w('data parallel')} {s.data_parallel}"]
    if p.ep > 1:
        parts.append(f"{w('expert parallel')} {p.ep}")
    parts.append(f"{w('ZeRO stage')} {p.zero}")
    offloaded = [w(name) for field, name in OFFLOADED.items() if getattr(s.training, field)]
    if offloaded:  # what the layout line says too: the planner may have put the optimizer in host memory
        parts.append(w("CPU offload: {what}", what=w(", ").join(offloaded)))
    return _listed(w, *parts)


def _serving_parallelism(est: Estimate, w: Words) -> str:
    """A serving layout's degrees: tensor and pipeline parallel and the model copies (split into
    prefill and decode copies when disaggregated), as ``estimate`` writes them; no ZeRO stage nor
    "data parallel", which a serving engine does not have (the summary read "ZeRO stage 0", session 43)."""
    s, p = est.scenario, est.scenario.parallelism
    copies = s.data_parallel
    if s.prefill_copies:
        copied = w("{prefill} prefill + {decode} decode copies", prefill=s.prefill_copies,
                   decode=copies - s.prefill_copies)
    else:
        copied = w("1 copy") if copies == 1 else w("{n} copies", n=numbers.count(copies))
    parts = [f"{w('tensor parallel')} {p.tp}", f"{w('pipeline parallel')} {p.pp}", copied]
    if p.ep > 1:  # copies sharing one set of experts said so, as estimate's layout says it
        parts.append(w("EP {n}, experts shared by {k} copies (attention data parallel)", n=p.ep, k=s.expert_copies)
                     if s.expert_copies > 1 else f"{w('expert parallel')} {p.ep}")
    return _listed(w, *parts)


def _model_rows(est: Estimate, w: Words, parallelism: Callable[[Estimate, Words], str]) -> TableRows:
    """The workload, the model and how it is laid out (training and serving: ``parallelism``
    writes the layout)."""
    s, m = est.scenario, est.scenario.model
    return [
        (w("Workload"), w(WORKLOADS[s.workload.value])),
        (w("Model"), model_name(m.name)),
        (w("Parameters"), w("{total} B ({n} B active)", total=numbers.significant(m.total_params() / 1e9, 4),
                            n=numbers.significant(m.active_params() / 1e9)) if m.is_moe
         else f"{numbers.significant(m.total_params() / 1e9, 4)} B"),
        (w("Architecture"), _architecture(est, w)),
        (w("Precision"), _precision_text(est, w)),
        (w("Parallelism"), parallelism(est, w)),
    ]


def _training_rows(est: Estimate, w: Words) -> TableRows:
    t = est.scenario.training
    return [
        *_model_rows(est, w, _training_parallelism),
        (w("Token budget"), w("{n} tokens", n=numbers.token_count(t.tokens, w.language))),
        (w("Recipe"), _listed(w, w(RECIPES[t.recipe.value]), w(OPTIMIZERS[t.optimizer.value]))),
        (w("Recomputation"), _recompute_text(t, w)),
        (w("Batch"), _listed(w, f"{w('micro-batch')} {t.micro_batch}", f"{w('sequence')} {t.seq_len:,} {w('tokens')}",
                             f"{w('gradient accumulation')} {t.grad_accum}")),
    ]


def _recompute_text(t, w: Words) -> str:
    """The recomputation row: the setting, with the selective policy or the layers recomputed of each stage."""
    if t.recompute.value == "selective":
        return _listed(w, w(RECOMPUTE[t.recompute.value]), w(SELECTIVE_POLICY[t.selective_policy.value]))
    if t.recompute.value == "full" and t.recompute_layers is not None:
        first = w("the first {n} layers of each stage", n=t.recompute_layers)
        return _listed(w, w(RECOMPUTE[t.recompute.value]), first)
    return w(RECOMPUTE[t.recompute.value])


def _serving_rows(est: Estimate, w: Words) -> TableRows:
    v = est.scenario.serving
    rate = est.scenario.constraints.requests_per_s
    # no user count given: the rate sizes the batch ("users 1" read as one user, and in Chinese as "个用户 1")
    users = users_at_once(v.users, w) if v.concurrency is not None or rate is None else \
        w("users from the request rate, {rate} requests/s", rate=f"{rate:g}")
    return [*_model_rows(est, w, _serving_parallelism),
            (w("Serving load"), _listed(w, f"{w('context')} {v.context_tokens:,} {w('tokens')}",
                                        users, f"{w('prompt')} {v.prompt_tokens:,} {w('tokens')}",
                                        f"{w('answer')} {v.output_tokens:,} {w('tokens')}"))]


TRAINING_METHODS = {"pretrain": None, "finetune": "Fine-tune", "lora": "LoRA fine-tune", "qlora": "QLoRA fine-tune"}
"""How the summary's title names each training workload's method (label ids; pre-training has a
phrase of its own)."""


def _training_job(scenario: Scenario, w: Words) -> str:
    method = TRAINING_METHODS[scenario.workload.value]
    model, tokens = model_name(scenario.model.name), numbers.token_count(scenario.training.tokens, w.language)
    if method is None:
        return w("Pre-train {model} on {tokens} tokens", model=model, tokens=tokens)
    return w("{method} {model} on {tokens} tokens", method=w(method), model=model, tokens=tokens)


def _tpot_at_target(est: Estimate) -> float | None:
    """The time per output token at the percentile the targets hold for (the ranking column's,
    :func:`~configurator.core.view.latency_column.column_percentile`) [s]; the median where the
    estimate keeps no percentiles."""
    if est.serving is None:
        return None
    from configurator.core.view.latency_column import column_percentile  # reads the scenario: after the estimate

    return est.serving.tpot_percentiles_s.get(column_percentile(est.scenario), est.serving.tpot_s)


def _serving_job(scenario: Scenario, w: Words) -> str:
    model = model_name(scenario.model.name)
    rate = scenario.constraints.requests_per_s
    from configurator.core.serving_use import load_not_given  # here: the editor's frame paints before the scenario

    if load_not_given(scenario):  # "Serve Llama 3 70B to 1 users" read as a load the buyer gave (session 35)
        batch = scenario.serving.use.value == "batch"
        return w("Serve {model}: no volume given, one full batch per model copy" if batch else
                 "Serve {model}: no load given, sized for 1 user at once", model=model)
    if scenario.serving.concurrency is None and rate:  # users is 1 here: the rate is the load given
        return w("Serve {model} at {rate} requests/s", model=model, rate=f"{rate:,.4g}")
    return w("Serve {model} to {users}", model=model, users=users_at_once(scenario.serving.users, w))


def users_at_once(users: int, w: Words) -> str:
    """The users a serving load is sized for, as every title and row names them: at once (the
    users streaming answers at the same time, ``serving.concurrency``), never the bare "users" a
    buyer reads as everyone the service has (page 1 read "to 100 users", session 35)."""
    return w("1 user at once") if users == 1 else w("{n} users at once", n=numbers.count(users))


TRAINING = FamilyView(
    family="training",
    charts=ChartView(
        throughput_axis="Throughput [tokens/s]", second_axis="Time to finish [h]", second_legend="Time to finish",
        second_value=_hours, shows_demand=False,
        curve_title="Memory against micro-batch", curve_axis="Micro-batch [sequences]",
        cost_title="Cost against time, every card that fits", cost_axis="Time to finish [h]", cost_x_scale=1.0,
        cost_x_text=lambda hours: Amount(hours, "h")),
    ranking=RankingView(
        speed_heading="Time to finish",
        speed_text=lambda est: in_deadline_unit(est.training.hours if est.training else None,
                                                est.scenario.constraints.deadline_hours),
        pareto_title="Cost against time: the Pareto front", pareto_axis="Time to finish [h]",
        pareto_x=lambda hours: hours),
    job=_training_job, workload_title="Workload and model", workload_rows=_training_rows, card_specs="compute")

SERVING = FamilyView(
    family="serving",
    charts=ChartView(
        throughput_axis="Throughput [tokens/s]", second_axis="Time per output token [ms]",
        second_legend="Time per token",
        second_value=lambda est: est.serving.tpot_s * 1000 if est.serving is not None else None,
        shows_demand=False,
        curve_title="Memory against context", curve_axis="Context [tokens]",
        cost_title="Cost against latency, every card that fits", cost_axis="Time per output token [ms]",
        cost_x_scale=1000.0, cost_x_text=lambda seconds: Amount(seconds, "s"),
        short_legend="Rate not carried", short_of_load=_rate_not_carried,
        other_legend="Own layout at that count", line_caption=_copies_caption),
    ranking=RankingView(
        speed_heading="Per token",  # the window's narrow column: "Per token (p90)", ms in its cells
        speed_text=lambda est: Amount(_tpot_at_target(est), "s"),
        pareto_title="Cost against latency: the Pareto front", pareto_axis="Time per token [ms]",
        pareto_x=lambda seconds: seconds * 1000.0, latency_targets=True, at_target_percentile=True,
        serving_tradeoff=True),
    job=_serving_job, workload_title="Workload and model", workload_rows=_serving_rows, card_specs="compute")


# ---- graphics families: the load and what one card carries -------------------------------------


def _graphics_rows(rows: Callable[[Scenario, Words], TableRows]) -> Callable[[Estimate, Words], TableRows]:
    """A graphics family's workload table: the workload, then its own rows of the load."""
    def table(est: Estimate, w: Words) -> TableRows:
        return [(w("Workload"), w(WORKLOADS[est.scenario.workload.value])), *rows(est.scenario, w)]
    return table


def _desktop_rows(scenario: Scenario, w: Words) -> TableRows:
    g = scenario.graphics
    from configurator.core.graphics import desktop_profile_gib  # the estimator's, loaded by then (no import at start)
    profile = w("{gib} GiB ({monitors} × {resolution})", gib=f"{desktop_profile_gib(scenario):g}",  # as the
                monitors=g.monitors, resolution=g.resolution)  # displays need; Chinese brackets in Chinese
    if g.local_display:  # at the desks: the card's own frame buffer for the desk's monitors, no vGPU slice
        return [(w("Users"), numbers.count(g.users)), (w("Frame buffer for the desk's monitors"), profile),
                (w("Shading load per user"), f"{numbers.significant(g.shading_tflops_per_user)} TFLOP/s FP32")]
    return [(w("Users"), numbers.count(g.users)), (w("vGPU profile"), profile),
            (w("Shading load per user"), f"{numbers.significant(g.shading_tflops_per_user)} TFLOP/s FP32")]


def _desktop_job(scenario: Scenario, w: Words) -> str:
    """The desktops and what each gets, the summary's title: 'Virtual desktops for 300 users, 2 GiB
    vGPU each (knowledge worker, 2 × 1080p)'. Page 1 named no profile, kind of user or displays, so a
    buyer of 40 CAD desktops on 4K could not see they were sized at 8 GiB (persona 7, session 38). On a
    bundled card without graphics vGPU profiles (an H100: passthrough, as the estimate sizes it), one card
    each: the title said '4 GiB vGPU each' of a card that has none until December 2026 (persona12gfx)."""
    from configurator.core.catalog import load_bundled_catalog  # parsed once
    from configurator.core.formulas.graphics import DESKTOP_CLASS_MESSAGES  # no estimator import at start
    from configurator.core.graphics import desktop_profile_gib
    from configurator.core.messages import msg

    g = scenario.graphics
    card = next((c for c in load_bundled_catalog().cards if c.id == scenario.card_id), None)
    if g.local_display:  # the monitors cabled to the card at each desk: workstations (procurement/workstations.py)
        return w("Workstations at the desks of {users} users, the monitors cabled to the card ({user_class}, "
                 "{monitors}\u00a0×\u00a0{resolution})", users=numbers.count(g.users),
                 user_class=w.message(msg(DESKTOP_CLASS_MESSAGES[g.user_class])), monitors=g.monitors,
                 resolution=g.resolution)
    if card is not None and card.vgpu != "graphics":
        return w("Virtual desktops for {users} users, a whole card each in passthrough, no vGPU ({user_class}, "
                 "{monitors}\u00a0×\u00a0{resolution})", users=numbers.count(g.users),
                 user_class=w.message(msg(DESKTOP_CLASS_MESSAGES[g.user_class])), monitors=g.monitors,
                 resolution=g.resolution)
    return w("Virtual desktops for {users} users, {profile} vGPU each ({user_class}, {monitors}\u00a0×\u00a0{resolution})",
             users=numbers.count(g.users), profile=f"{desktop_profile_gib(scenario):g} GiB",
             user_class=w.message(msg(DESKTOP_CLASS_MESSAGES[g.user_class])), monitors=g.monitors,
             resolution=g.resolution)


def _video_rows(scenario: Scenario, w: Words) -> TableRows:
    g = scenario.graphics
    video = f"{g.resolution} {numbers.significant(g.fps)} fps {g.codec.value.upper()} {g.preset.value.upper()}"
    return [(w("Streams"), numbers.count(g.streams)), (w("Video"), video),
            (w("Decoded on the card"), w("yes") if g.decode else w("no"))]


def _render_rows(scenario: Scenario, w: Words) -> TableRows:
    """The render job; the reference card by its name (the summary said "on rtx-4090", persona s25 #4)."""
    from configurator.core.graphics import reference_card_name  # the catalog: loaded once a render is shown

    g = scenario.graphics
    return [(w("Scene"), f"{numbers.significant(g.scene_gib)} GiB"), (w("Frames"), numbers.count(g.frames)),
            (w("Reference"), w("{minutes} per frame on {card} ({tflops} TFLOP/s FP32)",
                               minutes=f"{numbers.significant(g.reference_minutes_per_frame)} {w('min')}",
                               card=card_name(reference_card_name(scenario), w.language),
                               tflops=numbers.significant(g.reference_fp32_tflops))),
            (w("Output"), f"{g.render_width} × {g.render_height} px, {g.render_layers} {w('layers')}")]


def _carried(est: Estimate) -> Phrase:
    """What one card carries: '25 streams'."""
    g = est.graphics
    return Phrase("{n} {unit}", {"n": Amount(g.per_card, "count"), "unit": work_unit(g.unit, g.per_card)})


DESKTOPS = FamilyView(
    family="desktops",
    charts=ChartView(
        throughput_axis="Users carried", second_axis="Facility power [kW]", second_legend="Facility power",
        second_value=_facility_kw, shows_demand=True,
        curve_title="Memory against users on a card", curve_axis="Users per card",
        cost_title="Cost per user against cards needed", cost_axis="Cards for all users", cost_x_scale=1.0,
        cost_x_text=_cards),
    ranking=RankingView(
        speed_heading="FP32 per user",
        speed_text=lambda est: Phrase("{tflops} TFLOP/s", {"tflops": Amount(est.graphics.tflops_per_user or 0)}),
        pareto_title="Cost against FP32 per user: the Pareto front", pareto_axis="FP32 per user [TFLOP/s]",
        pareto_x=lambda speed: 1.0 / speed),
    job=_desktop_job,
    workload_title="Workload", workload_rows=_graphics_rows(_desktop_rows), card_specs="graphics")

VIDEO = FamilyView(
    family="video",
    charts=ChartView(
        throughput_axis="Streams carried", second_axis="Facility power [kW]", second_legend="Facility power",
        second_value=_facility_kw, shows_demand=True,
        curve_title="Memory against streams on a card", curve_axis="Streams per card",
        cost_title="Cost per stream against cards needed", cost_axis="Cards for all streams", cost_x_scale=1.0,
        cost_x_text=_cards),
    ranking=RankingView(
        speed_heading="Per card", speed_text=_carried,
        pareto_title="Cost against cards: the Pareto front", pareto_axis="Cards", pareto_x=lambda cards: cards),
    # the codec the streams are encoded to, named in the title: page 1 of a summary for "400 streams to AV1"
    # said nothing of AV1 (session 37, persona 5)
    job=lambda s, w: w("Transcode {streams} {resolution} video streams to {codec}",
                       streams=numbers.count(s.graphics.streams), resolution=s.graphics.resolution,
                       codec=CODECS[s.graphics.codec]),
    workload_title="Workload", workload_rows=_graphics_rows(_video_rows), card_specs="graphics")

def _render_time(est: Estimate) -> Amount:
    """The job's time in its deadline's unit (:func:`~configurator.core.view.rows.in_deadline_unit`)."""
    return in_deadline_unit(est.graphics.hours, est.scenario.constraints.deadline_hours)


RENDERING = FamilyView(
    family="rendering",
    charts=ChartView(
        throughput_axis="Throughput [frames/h]", second_axis="Time to finish [h]", second_legend="Time to finish",
        second_value=_hours, shows_demand=False,
        curve_title="Memory against scene size", curve_axis="Scene [GiB]",
        cost_title="Cost against time, every card that fits", cost_axis="Time to finish [h]", cost_x_scale=1.0,
        cost_x_text=lambda hours: Amount(hours, "h")),
    ranking=RankingView(
        speed_heading="Time to finish", speed_text=_render_time,
        pareto_title="Cost against time: the Pareto front", pareto_axis="Time to finish [h]",
        pareto_x=lambda hours: hours),
    job=lambda s, w: w("Render {frames} frames", frames=numbers.count(s.graphics.frames)),
    workload_title="Workload", workload_rows=_graphics_rows(_render_rows), card_specs="graphics")


VIEWS: dict[str, FamilyView] = {view.family: view for view in (TRAINING, SERVING, DESKTOPS, VIDEO, RENDERING)}
"""Each family's view, by the family's name. A new family adds its view here."""

FIRST_SHOWN = TRAINING
"""The view the charts are built with before the first estimate (the default scenario pre-trains)."""


def generic_view(family: WorkloadFamily) -> FamilyView:
    """The view of a family that brings none: its own units on the axes (``x_unit``, ``speed_unit``),
    the time to finish a job that ends or the facility power of a service that runs on, and the
    workload named in the summary."""
    job = family.one_off_job
    return FamilyView(
        family=family.name,
        charts=ChartView(
            throughput_axis="Throughput", second_axis="Time to finish [h]" if job else "Facility power [kW]",
            second_legend="Time to finish" if job else "Facility power", second_value=_hours if job else _facility_kw,
            shows_demand=family.carries_load, curve_title="Memory per card", curve_axis="Load per card",
            cost_title="Cost, every card that fits", cost_axis=family.x_unit, cost_x_scale=1.0,
            cost_x_text=lambda value: Amount(value, family.x_unit)),
        ranking=RankingView(speed_heading="Speed",
                            speed_text=lambda est: Amount(family.speed_figure(est), family.speed_unit),
                            pareto_title="Cost, every card that fits", pareto_axis=family.speed_unit,
                            pareto_x=lambda speed: speed),
        job=lambda s, w: w(WORKLOADS.get(s.workload.value, s.workload.value)),
        workload_title="Workload",
        workload_rows=lambda est, w: [(w("Workload"), w(WORKLOADS.get(est.scenario.workload.value,
                                                                       est.scenario.workload.value)))],
        card_specs="compute")


AT_DESKS = replace(DESKTOPS, charts=replace(DESKTOPS.charts, second_axis="Power at the desks [kW]",
                                             second_legend="Power at the desks"))
"""The desktops' view at the users' desks (``--local-display``): the scaling chart's right axis is the desks'
draw, an office's without PUE (:func:`~configurator.core.desks.applied_pue`), not a data hall's facility power."""


def view_for(scenario: Scenario) -> FamilyView:
    """The view of ``scenario``: :data:`AT_DESKS` at the users' desks (:func:`~configurator.core.desks.at_desks`),
    else its family's (:func:`view_of`)."""
    from configurator.core.desks import at_desks  # start-up deferral, as view_of

    return AT_DESKS if at_desks(scenario) else view_of(scenario.workload)


def view_of(workload: Workload) -> FamilyView:
    """The view of the family that handles ``workload`` (:func:`~configurator.core.workloads.family_of`)."""
    from configurator.core.workloads import family_of  # start-up deferral: the window's charts import this module

    family = family_of(workload)
    return VIEWS.get(family.name) or generic_view(family)

