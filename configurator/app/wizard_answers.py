"""The workload wizard's answers as one model: :class:`WizardAnswers` holds every answer, in the
scenario's units (tokens, hours, requests/s); the pages' widgets show and edit it through the
bindings declared in :func:`bind_answers` (each in the widget's own unit: days, billion tokens).
The scenario the planner and the recommender start from is built from the model, not read from
widgets (:func:`answers_scenario`), and reopening the wizard starts the model from the current
scenario (:func:`answers_from`).
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.app.binders import ValueModel
from configurator.app.wizard_graphics import DESKTOP_USERS, desktop_start
from configurator.app.wizard_boxes import SCALE
from configurator.core.examples import example_tokens
from configurator.core.formats import DEFAULT_FORMAT, FORMATS, WeightFormat
from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Catalog
from configurator.core.formulas.economics import AMORTISATION_YEARS
from configurator.core.graphics import rt_generation
from configurator.core.published_format import published_format
from configurator.core.scenario import Scenario, Workload, updated
from configurator.core.units import Precision

SECONDS_PER_DAY = 86_400.0
"""Seconds in a day: the wizard asks a batch's request rate per day [s]."""

GRAPHICS_WORK = ("vdi", "transcode", "render")
"""Workloads without a model or a precision to choose."""

TRAINING_PRECISIONS = ("bf16", "fp16", "fp8", "fp32")
"""Precisions offered for training (mixed precision: BF16/FP16 with FP32 master weights, FP8
linear layers as in Transformer Engine)."""

SERVING_PRECISIONS = ("bf16", "fp16", "fp8", "int8", "int4", "fp4")
"""Precisions offered for serving weights (INT4 = AWQ, group size 128, the serving default)."""

AUTO_PRECISION = "bf16"
"""The precision the wizard's 'Auto' stands for where the card has it: a scenario at it reopens at Auto."""

OWNED_START = 8
"""Cards the 'I already own cards' box offers before the buyer says how many [cards]."""


@dataclass(frozen=True)
class WizardAnswers:
    """Every answer of the workload wizard, in the scenario's units; None where the buyer set
    none (no deadline, no target, the planner's batch, Auto precision, the recommender's card)."""

    workload: str
    model: ModelArchitecture
    tokens: float  # [tokens]
    deadline_hours: float | None  # training [h]
    global_batch_tokens: int | None  # [tokens]
    training_precision: str | None
    use: str  # a ServingUse value
    concurrency: int | None  # [sequences]; None: those the request rate implies
    requests_per_s: float | None  # [1/s]
    prompt_tokens: int
    output_tokens: int
    context: int | None  # [tokens]; None: the question and the answer together
    ttft_ms: float | None
    tpot_ms: float | None
    latency_percentile: int | None  # 50, 90, 95 or 99 [%]; None: the use's
    serving_precision: str | None
    desktop_users: int
    user_kind: str  # a DESKTOP_USERS key, or AS_SET: the window's profile and load, kept
    monitors: int  # displays of each desktop
    local_display: bool  # the monitors cabled to the card: a workstation at each user's desk (virtual desktops)
    streams: int
    resolution: str
    fps: float
    codec: str
    scene_gib: float
    frames: int
    minutes_per_frame: float  # [min]
    reference_card: str
    render_deadline_hours: float | None  # rendering [h]
    card: str | None  # None: the recommender chooses
    owned: bool
    owned_count: int  # [cards]
    cards_per_node: int
    budget: float | None  # [currency]
    budget_basis: str  # "capex" or "rent"
    power_cap_kw: float | None  # facility power [kW]
    rack_power_kw: float | None  # IT power per server, at the rack's PDU [kW]
    region: str | None
    examples: int | None = None  # fine-tuning examples the data was given as; None: in tokens
    years: float = AMORTISATION_YEARS  # the TCO horizon: years the cards are used and depreciated over [years]


AS_SET = "as-set"
"""The kind of desktop user whose vGPU profile and load are the window's own: a scenario whose
pair is no kind's (2 GiB at 0.25 TFLOP/s, the first start's until December 2026) keeps it, where the wizard once put
the first kind's 1 GiB in its place and answered 16 × RTX A6000 for 500 desktops where the
window's editor and the command line answer 21."""


def _precision_answer(scenario: Scenario, offered: tuple[str, ...], serving: bool) -> str | None:
    """The scenario's precision as the wizard's answer for its task: one the window set (FP8,
    INT4 …) kept, as the panel and the command line rank with it; the default BF16 as Auto."""
    precision = scenario.precision.value
    if scenario.workload.is_training == serving or scenario.workload.value in GRAPHICS_WORK:  # another task's
        return None
    if serving and precision == AUTO_PRECISION and _upcast_asked(scenario.model, scenario.serving.weight_format):
        return precision  # BF16 named for a model published in fewer bits: not Auto's
    return precision if precision in offered and precision != AUTO_PRECISION else None


def _upcast_asked(model: ModelArchitecture, weight_format: WeightFormat | None) -> bool:
    """Whether ``weight_format`` is the 16-bit one the wizard names for a model published in fewer bits
    (DeepSeek-V3's FP8): BF16 picked, not Auto (which serves the published checkpoint)."""
    return published_format(model) is not None and weight_format is DEFAULT_FORMAT[Precision(AUTO_PRECISION)]


def _serving_format(a: WizardAnswers, current: Scenario) -> dict:
    """The weight format the wizard's serving precision implies: for a model published in fewer bits
    than 16 (DeepSeek-V3: FP8), Auto serves the published checkpoint (no format named) and a 16-bit
    pick names its format, else the precision would stand for the published one; other models keep
    the editor's choice."""
    if a.workload != "inference" or published_format(a.model) is None:
        return {}
    picked = a.serving_precision
    wider = picked is not None and FORMATS[DEFAULT_FORMAT[Precision(picked)]].bits_per_weight > \
        FORMATS[published_format(a.model).weight_format].bits_per_weight
    if wider:
        return {"weight_format": DEFAULT_FORMAT[Precision(picked)].value, "weight_bpw": None}
    return {"weight_format": None} if _upcast_asked(current.model, current.serving.weight_format) else {}


def answers_from(scenario: Scenario, reference_ids: tuple[str, ...]) -> WizardAnswers:
    """The answers that reproduce ``scenario`` (the wizard reopened to adjust it), its precision
    included unless it is Auto's own; the choices the scenario does not hold start at the wizard's
    own (the recommender's card)."""
    t, s, g, c = scenario.training, scenario.serving, scenario.graphics, scenario.constraints
    kind = next((k for k in DESKTOP_USERS
                 if desktop_start(k) == (g.user_class, g.profile_gib, g.shading_tflops_per_user)), AS_SET)
    render = scenario.workload is Workload.RENDER
    return WizardAnswers(
        workload=scenario.workload.value, model=scenario.model, tokens=t.tokens, examples=t.examples,
        deadline_hours=c.deadline_hours,
        global_batch_tokens=t.global_batch_tokens,
        training_precision=_precision_answer(scenario, TRAINING_PRECISIONS, serving=False),
        use=s.use.value, concurrency=s.concurrency, requests_per_s=c.requests_per_s, prompt_tokens=s.prompt_tokens,
        output_tokens=s.output_tokens, context=s.context, ttft_ms=c.ttft_ms, tpot_ms=c.tpot_ms,
        latency_percentile=c.latency_percentile,
        serving_precision=_precision_answer(scenario, SERVING_PRECISIONS, serving=True), desktop_users=g.users, user_kind=kind,
        monitors=g.monitors, local_display=g.local_display, streams=g.streams,
        resolution=g.resolution, fps=g.fps, codec=g.codec.value, scene_gib=g.scene_gib, frames=g.frames,
        minutes_per_frame=g.reference_minutes_per_frame,
        reference_card=g.reference_card if g.reference_card in reference_ids else reference_ids[0],
        render_deadline_hours=c.deadline_hours if render else None, card=None, owned=False,
        owned_count=OWNED_START, cards_per_node=scenario.parallelism.cards_per_node, budget=c.budget,
        budget_basis=c.budget_basis,
        power_cap_kw=c.power_cap_kw, rack_power_kw=c.rack_power_kw, region=c.region,
        years=scenario.economics.amortisation_years)


def chosen_precision(a: WizardAnswers) -> str | None:
    """The precision the buyer picked for this task (None = Auto; graphics work has none)."""
    if a.workload in GRAPHICS_WORK:
        return None
    return a.serving_precision if a.workload == "inference" else a.training_precision


def _desks(a: WizardAnswers) -> dict:
    """The desktops' "at the machine, or remotely" answer as the scenario holds it (``graphics.local_display``):
    asked for virtual desktops only, another workload keeping the scenario's (a render's workstation, the editor's)."""
    return {"local_display": a.local_display} if a.workload == "vdi" else {}


def answers_scenario(a: WizardAnswers, current: Scenario, catalog: Catalog) -> Scenario:
    """The answers as a scenario (over ``current``), before the planner and the recommender decide."""
    g = current.graphics
    user_class, profile, load = desktop_start(a.user_kind) if a.user_kind in DESKTOP_USERS \
        else (g.user_class, g.profile_gib, g.shading_tflops_per_user)
    reference = catalog.get(a.reference_card)
    deadline = a.render_deadline_hours if a.workload == "render" else a.deadline_hours
    answered = updated(
        current,
        workload=a.workload,
        model=a.model.model_dump(),
        card_id=a.card or current.card_id,
        count=a.owned_count if a.owned else current.count,
        precision=chosen_precision(a) or AUTO_PRECISION,
        parallelism={"cards_per_node": a.cards_per_node, "tp": 1, "pp": 1, "zero": 0},
        training={"tokens": a.tokens if a.examples is None else example_tokens(a.examples,  # exact: the box rounds
                                                                                current.training.tokens_per_example),
                  "global_batch_tokens": a.global_batch_tokens, "examples": a.examples},
        serving={"use": a.use, "concurrency": a.concurrency, "prompt_tokens": a.prompt_tokens,
                 "output_tokens": a.output_tokens, "context": a.context, **_serving_format(a, current)},
        graphics={"reference_card": reference.id, "reference_fp32_tflops": reference.fp32_tflops,
                  "reference_rt_generation": rt_generation(reference), "users": a.desktop_users,
                  "profile_gib": profile, "user_class": user_class, "monitors": a.monitors,
                  "shading_tflops_per_user": load, "streams": a.streams, **_desks(a),
                  "resolution": a.resolution, "fps": a.fps, "codec": a.codec, "scene_gib": a.scene_gib,
                  "frames": a.frames, "reference_minutes_per_frame": a.minutes_per_frame},
        constraints={"deadline_hours": deadline, "budget": a.budget, "budget_basis": a.budget_basis,
                     "power_cap_kw": a.power_cap_kw, "rack_power_kw": a.rack_power_kw,
                     "requests_per_s": a.requests_per_s, "tpot_ms": a.tpot_ms, "ttft_ms": a.ttft_ms,
                     "latency_percentile": a.latency_percentile,
                     "region": a.region},
        economics={"amortisation_years": a.years},
        ranking={"objective": None},  # asked how the buyer pays, not what to rank by: the budget basis decides
    )
    from configurator.core.workloads.job_defaults import (  # here: the wizard's pages load before the estimator
        with_default_card,
        with_default_sequence,
    )

    answered = with_default_card(answered, current, known=catalog, named=a.card is not None)
    return with_default_sequence(answered, current)


def bind_answers(answers: ValueModel, goal, model_page, load, limits) -> None:
    """Bind the pages' widgets to ``answers`` (a :class:`ValueModel` of :class:`WizardAnswers`):
    each number box in its own unit (days: 24 h; the data to train on in the box's own scale, a
    billion or a 亿 by language, to whole tokens: the same scenario whichever language typed it), each list by its items'
    data, the model page by the model it stands for (a preset, an import, or the size's model)."""
    g = load.graphics
    answers.bind_choice(goal.buttons, "workload")
    answers.bind("model", model_page.model_changed, model_page.model,
                 lambda model: model == model_page.model() or model_page.select_model(model))
    for box, path, scale, whole in (
            (load.tokens, "tokens", load.tokens.property(SCALE), True), (load.examples, "examples", 1.0, True),
            (load.deadline, "deadline_hours", 1.0, False),
            (load.global_batch, "global_batch_tokens", 1e6, True), (load.users, "concurrency", 1.0, True),
            (load.rate, "requests_per_s", 1.0, False), (load.daily, "requests_per_s", 1 / SECONDS_PER_DAY, False),
            (load.prompt, "prompt_tokens", 1.0, True),
            (load.answer, "output_tokens", 1.0, True), (load.context, "context", 1.0, True),
            (load.ttft, "ttft_ms", 1.0, False), (load.latency, "tpot_ms", 1.0, False),
            (g.desktop_users, "desktop_users", 1.0, True), (g.monitors, "monitors", 1.0, True),
            (g.streams, "streams", 1.0, True),
            (g.fps, "fps", 1.0, False), (g.scene, "scene_gib", 1.0, False), (g.frames, "frames", 1.0, True),
            (g.minutes, "minutes_per_frame", 1.0, False), (g.render_deadline, "render_deadline_hours", 1.0, False),
            (limits.owned_count, "owned_count", 1.0, True), (limits.per_node, "cards_per_node", 1.0, True),
            (limits.budget, "budget", 1.0, False), (limits.power, "power_cap_kw", 1.0, False),
            (limits.rack_power, "rack_power_kw", 1.0, False), (limits.years, "years", 1.0, False)):
        answers.bind_spin(box, path, scale, whole)
    for combo, path in ((load.training_precision, "training_precision"),
                        (load.serving_precision, "serving_precision"), (g.user_kind, "user_kind"),
                        (g.resolution, "resolution"), (g.desktop_resolution, "resolution"), (g.codec, "codec"), (g.reference, "reference_card"),
                        (limits.card, "card"), (limits.region, "region"), (load.use, "use"),
                        (limits.budget_basis, "budget_basis"), (load.percentile, "latency_percentile")):
        answers.bind_combo(combo, path)
    answers.bind_check(limits.owned, "owned")
    answers.bind_combo(g.local_display, "local_display", bool)
