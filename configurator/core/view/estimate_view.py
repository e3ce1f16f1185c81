"""The view model of one estimate (issue 14, part 5): built once, rendered by the window's
results panel, the command line's ``estimate`` table and the printed summary's memory and
speed tables. Qt-free.

What differs between workloads is each family's :class:`EstimateTables` (reached through
:func:`configurator.core.workloads.family_of`), not a branch on the estimate: the memory
breakdown, the speed or capacity rows, the heading, the layout and the verdict. A family without
an entry in :data:`TABLES` (one added as a package) is shown by :func:`family_tables`, built from
what the family declares and its estimate's ``FamilySpeed``. The AI families' speed sections are
:mod:`~configurator.core.view.speed_sections`', the power, energy and cost section every family
shows :mod:`~configurator.core.view.estimate_cost_view`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurator.core.desks import at_desks
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
from configurator.core.view.constraints_view import constraints_verdict, does_not_run, overall_state
from configurator.core.view.layout_view import (  # noqa: F401 - joined re-exported (what_fits_view)
    joined, no_layout, serving_layout, training_layout)
from configurator.core.view.capacity_view import capacity_section, rendering_section
from configurator.core.view.estimate_cost_view import cost_section
from configurator.core.view.latency_column import MEDIAN, at_percentile, latency_heading, shown_percentile
from configurator.core.view.memory_view import fits_verdict, gib_amount, memory_section
from configurator.core.view.rows import Amount, Phrase, Row, Section, View
from configurator.core.view.speed_sections import (does_not_run_section, family_speed, serving_speed,
                                                   training_speed, untimed_section)
from configurator.core.workloads import family_of

if TYPE_CHECKING:  # named for type checking only: the window's labels read these tables before the estimator loads
    from configurator.core.estimate import Estimate
    from configurator.core.verdicts import Verdict
    from configurator.core.workloads import WorkloadFamily


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
    "training": EstimateTables(speed=training_speed, layout=training_layout, headline=("hours", "memory.per_card"),
                               speed_key="hours", **{**_AI, "memory": _training_memory}),
    "serving": EstimateTables(speed=serving_speed, layout=serving_layout,
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
    (:func:`~configurator.core.view.speed_sections.family_speed`), no layout, and the time of a job or
    the throughput of running work as its headline and its figure in a column of alternatives."""
    speed_key = "hours" if family.one_off_job else "throughput"
    return EstimateTables(memory=_model_memory, speed=family_speed,
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



def _speed_section(est: Estimate, tables: EstimateTables) -> Section:
    if tables.may_be_untimed and does_not_run(est):
        return does_not_run_section(est)
    if tables.may_be_untimed and est.training is None and est.serving is None:
        return untimed_section(est)
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


def layout_phrase(est: Estimate) -> Phrase | None:
    """The layout ``est`` runs (what to launch: TP/PP, copies or prefill and decode pools, batch), as its view
    says it (:attr:`View.layout`), without building the view; None for work that lays out no model."""
    return tables_of(est).layout(est) if est.training is not None or est.serving is not None else None


def estimate_view(est: Estimate) -> View:
    """The view model of ``est``: its memory, its speed or capacity, its power and cost, its verdict
    (:func:`headline_verdict`: green, amber or red) and its warnings."""
    tables = tables_of(est)
    verdict, state = headline_verdict(est)
    layout = layout_phrase(est)
    return View(tables.heading(est), verdict, state != "not met",
                (memory_section(est, tables.memory(est)), _speed_section(est, tables), cost_section(est)),
                tuple(est.messages), layout, tables.headline, caution=state == "cannot be checked")
