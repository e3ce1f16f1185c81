"""The reverse question: what can I run on the cards I own? (issue 24, part 7). Qt-free.

Given a card and a count (a :class:`~configurator.core.scenario.Scenario` that holds them, with
the sequence, token budget, context and engine), every model of a ladder of sizes is planned for
pre-training, full fine-tuning, LoRA and QLoRA at the precisions the card computes, and for
serving at each weight format that makes sense, with the project's own planner
(:func:`configurator.core.estimate.estimate`: the training layout search, the serving planner).
A training row says whether a layout fits, the layout, tokens/s and the time for the token
budget; a serving row says how many users the cards hold within latency targets (interactive
chat by default), how fast one of them is served and what the whole deployment produces.

This is the question llmfit (github.com/AlexsJones/llmfit) and the web VRAM calculators answer
for one machine; here the numbers are the planner's, with its layouts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from configurator.core.architecture import ArchitectureError, ModelArchitecture, load_presets
from configurator.core.bounds import field_bounds
from configurator.core.catalog import Card, Catalog
from configurator.core.default_job import DEFAULT_MODEL
from configurator.core.estimate import Estimate, estimate, messages_for_serving_targets
from configurator.core.formats import WeightFormat, default_format
from configurator.core.memo import LruMemo, scenario_key
from configurator.core.model_size import model_for_size
from configurator.core.workloads.training.search import plan_training_layout
from configurator.core.precision import default_precision
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, Serving, ServingUse, Training, Workload, updated
from configurator.core.serving_use import USE_TARGETS
from configurator.core.units import GIB, Precision
from configurator.core.workloads import FAMILIES
from configurator.core.workloads.serving.plan import serving_tensor_parallel_options
from configurator.core.architecture import preset

# ---- the question ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ServingTargets:
    """Latency a serving row must meet for its users to count: time to first token and time per
    output token, both at ``percentile`` of requests under the load [ms]."""

    ttft_ms: float
    tpot_ms: float
    percentile: int


INTERACTIVE_TARGETS = ServingTargets(ttft_ms=USE_TARGETS[ServingUse.CHAT].ttft_ms,
                                     tpot_ms=USE_TARGETS[ServingUse.CHAT].tpot_ms,
                                     percentile=USE_TARGETS[ServingUse.CHAT].percentile)
"""Interactive chat: the chat use's default targets (:data:`configurator.core.serving_use.USE_TARGETS`,
where their sources are), the targets this view holds a row to where the user states none; every
target is editable."""

TRAINING_SEQ_LEN = 4096
"""Tokens per training sequence the question starts with (Llama 2's pre-training context,
Touvron et al. 2023; the window's fine-tuning default) [tokens]."""


@dataclass(frozen=True)
class ModelChoice:
    """One rung of the ladder: a preset, or a size for which the closest preset or a Llama-like
    shape is used (:func:`configurator.core.model_size.model_for_size`)."""

    size: str
    """How the rung is named ('8B', '8×7B MoE') [text]."""
    preset_id: str | None = None
    params: float | None = None
    """The size asked for when there is no preset [parameters]."""

    def architecture(self) -> ModelArchitecture:
        if self.preset_id is not None:
            presets = load_presets()
            if self.preset_id not in presets:
                raise ArchitectureError(f"unknown model preset '{self.preset_id}'")
            return presets[self.preset_id]
        return model_for_size(float(self.params or 0)).model

    @property
    def name(self) -> str:
        """The preset id, or the size for a built shape."""
        return self.preset_id or self.size


LADDER: tuple[ModelChoice, ...] = (
    ModelChoice("1B", "llama3.2-1b"), ModelChoice("3B", "llama3.2-3b"), ModelChoice("8B", "llama3-8b"),
    ModelChoice("13B", "llama2-13b"), ModelChoice("32B", "qwen2.5-32b"), ModelChoice("70B", "llama3-70b"),
    ModelChoice("405B", "llama3.1-405b"), ModelChoice("8×7B MoE", "mixtral-8x7b"),
    ModelChoice("671B MoE", "deepseek-v3"))
"""The sizes buyers ask about, each a published model's preset (Llama 3.2 1B and 3B, Llama 3 8B,
Llama 2 13B, Qwen2.5 32B, Llama 3 70B, Llama 3.1 405B) and the two mixture-of-experts presets
(Mixtral 8×7B, DeepSeek-V3). 32 B was a Llama-like shape of that size, named "32B" alone on the
ladder, until session 42: Qwen2.5 32B, the preset a typed "32B" takes (:func:`model_choice`), is it."""


def model_choice(text: str) -> ModelChoice:
    """A preset id ('qwen2.5-72b') or a size ('32B', '7e9') as a rung — the preset within 10 % of
    the size where there is one (:func:`~configurator.core.model_size.model_for_size`); ValueError
    otherwise."""
    text = text.strip()
    if text in load_presets():
        return ModelChoice(text, text)
    scale = {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}
    try:
        number = float(text[:-1]) * scale[text[-1].lower()] if text and text[-1].lower() in scale else float(text)
    except ValueError:
        raise ValueError(f"'{text}' is neither a model preset nor a size such as 32B") from None
    if not 1e6 <= number <= 1e13:
        raise ValueError(f"'{text}': a size between 1M and 10T parameters")
    size = f"{number / 1e9:g}B"
    sized = model_for_size(number)
    return ModelChoice(size, sized.preset_id) if sized.preset_id else ModelChoice(size, params=number)


def _family_workloads(name: str) -> tuple[Workload, ...]:
    """The workloads of the family called ``name``, in the order the enum lists them."""
    family = next(family for family in FAMILIES if family.name == name)
    return tuple(w for w in Workload if w in family.workloads)


TRAINING_TASKS: tuple[Workload, ...] = _family_workloads("training")
"""Pre-training, full fine-tuning, LoRA and QLoRA: the training family's workloads."""

SERVING_TASK: Workload = _family_workloads("serving")[0]
"""Serving: the serving family's workload."""

TASKS: tuple[Workload, ...] = (*TRAINING_TASKS, SERVING_TASK)
"""What a row can be for: the training workloads, then serving."""

QUANTISED_BASE = {"qlora": "nf4"}
"""Training workloads whose frozen base is stored quantised, by workload: QLoRA's 4-bit NF4
(Dettmers et al. 2023); their adapters train at 16-bit."""

TOKENS_PER_PARAM = {"pretrain": 20.0}
"""Training workloads timed for a budget per parameter rather than the scenario's token budget,
by workload: pre-training at the compute-optimal 20 tokens per parameter (Hoffmann et al. 2022,
"Training Compute-Optimal Large Language Models", Table 3) [tokens/param]."""


# ---- the answer ------------------------------------------------------------------------------


class Verdict(StrEnum):
    """What a row says."""

    FITS = "fits"
    """Training: a layout fits. Serving: at least one user within the targets."""
    TOO_SLOW = "too-slow"
    """Serving: fits in memory, but one user alone already misses a latency target."""
    NO_FIT = "no-fit"
    """No layout holds the model and its work in the cards' memory."""
    UNKNOWN = "unknown"
    """The card publishes no rate or bandwidth for this precision: nothing can be said."""


class Limit(StrEnum):
    """What stops a serving row from holding more users."""

    MEMORY = "memory"
    TPOT = "tpot"
    TTFT = "ttft"
    SEARCH = "search"
    """The most users the scenario allows were held."""


@dataclass(frozen=True)
class ServingLoad:
    """A serving row's load: the users held within the targets and what they get."""

    users: int
    """Users (sequences at once) the cards hold within the targets; 0 when one alone misses them."""
    users_in_memory: int
    """Users whose key/value cache fits at the planned layout, latency aside."""
    limited_by: Limit
    tokens_per_s_per_user: float
    """Output tokens one user receives per second (1 / median time per output token) [tokens/s]."""
    tokens_per_s: float
    """Output tokens of the whole deployment at that load [tokens/s]."""
    ttft_s: float
    """Time to first token at the targets' percentile [s]."""
    tpot_s: float
    """Time per output token at the targets' percentile [s]."""


@dataclass(frozen=True)
class TrainingRun:
    """A training row's speed: tokens/s and the time for its token budget."""

    tokens_per_s: float
    tokens: float
    """The token budget timed [tokens]."""
    hours: float
    mfu: float


@dataclass(frozen=True)
class FitRow:
    """One model, task and precision on the owned cards."""

    model: ModelChoice
    params: float
    """Parameters of the model used [parameters]."""
    active_params: float
    """Parameters a token uses (all but the unused experts of a mixture of experts) [parameters]."""
    task: Workload
    precision: str
    """The precision or weight format: a ``Precision`` value for training (``nf4`` for the QLoRA
    base), a ``WeightFormat`` value for serving."""
    verdict: Verdict
    memory_bytes: float
    """Memory per card the planned layout needs; for a no-fit row, the lightest layout's (training)
    or one copy's at one user spread over every card (serving) [B]."""
    usable_bytes: float
    """What one card allows for it (serving: the engine's share of usable memory) [B]."""
    estimate: Estimate | None
    """The estimate of the row (at the users held, for serving); None when nothing was estimated."""
    training: TrainingRun | None = None
    serving: ServingLoad | None = None
    cards_used: int | None = None
    """Serving: the cards the row uses when no copy divides all of them (None: all) [cards]."""

    @property
    def fits(self) -> bool:
        return self.verdict in (Verdict.FITS, Verdict.TOO_SLOW)

    @property
    def timed_at(self) -> str | None:
        """A training row's math precision where the card publishes no rate for the one it is planned at
        (BF16 on a DGX Spark: timed at its FP32 rate, :func:`training_sixteen`), as a ``Precision`` value;
        None where it is timed at its own (and for serving)."""
        if not self.task.is_training or self.estimate is None or self.estimate.plan.math is None:
            return None
        planned = training_sixteen(self.estimate.card).value if self.precision in QUANTISED_BASE.values() \
            else self.precision
        used = self.estimate.plan.math.value
        return used if used != planned else None


@dataclass(frozen=True)
class WhatFits:
    """The whole answer for ``count`` × ``card``."""

    card: Card
    count: int
    base: Scenario
    """The question: cards per server, sequence, token budget, context, prompt, answer, engine."""
    targets: ServingTargets
    rows: tuple[FitRow, ...]
    seconds: float
    """Time the answer took [s]."""


# ---- planning the rows -----------------------------------------------------------------------


SERVING_AUTO = tuple(f for f in LAYOUT_FIELDS if f not in ("disaggregated", "max_batched_tokens"))
"""Serving rows let the planner choose tensor and pipeline parallelism, experts and the batch, and
keep the engine's step (8,192 tokens) with prefill and decode on the same copies: how an engine
runs out of the box, and several times quicker to search than also comparing pools and chunks
(measured on 8 × L40S: 1–7 ms per estimate against 9–35 ms)."""

USERS_STEP = 4
"""Growth of the users tried while they still fit within the targets [1]."""

USERS_STEP_AT_MEMORY_EDGE = 2
"""The same where memory at the layout tried is full: another layout or an FP8 key/value cache
(half the bytes) holds about twice as many [1]."""

USERS_PRECISION = 0.1
"""The users held are found to this share: the largest tried that meets the targets, the
smallest that misses no more than 10 % above it [1]."""

COPY_SIZES = (16, 32, 64, 128, 256)
"""Cards of one model copy tried when the owned count divides into none the planner lays out
(1,000 cards hold Llama 3.1 405B in BF16, but every copy the planner tries is 8 cards: 992 of
them make 62 copies of 16) [cards]."""

MAX_USERS = int(field_bounds(Serving, "concurrency").high or 1)
"""The most users the serving model takes [users]."""


def training_sixteen(card: Card) -> Precision:
    """The 16-bit precision a training row on ``card`` is planned at: BF16 where the card has a BF16 rate,
    else FP16 where it has that, else BF16 — what training on it runs in, though the catalog publishes no
    16-bit rate (a DGX Spark: FP4 and FP32 only), so the estimate times it at the FP32 rate and says so
    (:func:`~configurator.core.precision.plan_training`, :attr:`FitRow.timed_at`). Until December 2026 such a
    row was planned in FP32 and read "Pre-train Llama 3.2 3B, FP32" as though FP32 were the recipe (persona44)."""
    found = default_precision(card)
    return Precision.BF16 if found is Precision.FP32 else found


def training_precisions(card: Card, task: Workload) -> tuple[str, ...]:
    """The precisions a training row is planned at: 16-bit (:func:`training_sixteen`), and FP8
    where the card computes it (pre-training and full fine-tuning with Transformer Engine or
    torchao float8); LoRA at 16-bit, QLoRA on its 4-bit NF4 base."""
    if task.value in QUANTISED_BASE:
        return (QUANTISED_BASE[task.value],)
    sixteen = training_sixteen(card).value
    if task.is_adapter or not card.supports(Precision.FP8):
        return (sixteen,)
    return (sixteen, Precision.FP8.value)


def serving_formats(card: Card) -> tuple[WeightFormat, ...]:
    """Weight formats a serving row is planned at: 16-bit; FP8 where the card computes it, else
    INT8 (W8A8, SmoothQuant: the 8-bit format of cards without FP8, which takes the same memory);
    AWQ INT4 (group-128 scales); and where the card computes FP4, its vendor's 4-bit float format
    (:func:`~configurator.core.formats.default_format`: NVFP4 on NVIDIA, MXFP4 on AMD)."""
    sixteen = WeightFormat.BF16 if default_precision(card) is Precision.BF16 else WeightFormat.FP16
    formats = [sixteen, WeightFormat.FP8 if card.supports(Precision.FP8) else WeightFormat.INT8,
               WeightFormat.AWQ_INT4]
    if card.supports(Precision.FP4):
        formats.append(default_format(Precision.FP4, card.vendor))
    return tuple(formats)


def _budget_tokens(base: Scenario, task: Workload, params: float) -> float:
    """Pre-training: 20 tokens per parameter (:data:`TOKENS_PER_PARAM`); fine-tuning: the
    scenario's token budget [tokens]."""
    per_param = TOKENS_PER_PARAM.get(task.value)
    if per_param is None:
        return base.training.tokens
    bounds = field_bounds(Training, "tokens")
    return min(max(per_param * params, bounds.low or 0.0), bounds.high or math.inf)


def _training_row(base: Scenario, card: Card, choice: ModelChoice, model: ModelArchitecture,
                  task: Workload, precision: str) -> FitRow:
    params = float(model.total_params())
    math_precision = training_sixteen(card).value if precision in QUANTISED_BASE.values() else precision
    scenario = updated(base, workload=task.value, model=model, precision=math_precision,
                       training={"tokens": _budget_tokens(base, task, params)}, auto_layout=LAYOUT_FIELDS)
    est = estimate(scenario, card)
    if not est.fits:
        plan = plan_training_layout(scenario, card)
        nearest = plan.problem_values.get("nearest") if plan.problem == "batch-does-not-divide" else None
        if nearest:  # the default global batch, to the nearest that splits
            closest = min(nearest, key=lambda b: abs(b - plan.global_batch_tokens))
            scenario = updated(scenario, training={"global_batch_tokens": closest})
            est = estimate(scenario, card)
    common = {"model": choice, "params": params, "active_params": float(model.active_params()), "task": task,
              "precision": precision}
    if est.training is None:
        return FitRow(**common, verdict=Verdict.UNKNOWN, memory_bytes=est.memory.total,
                      usable_bytes=est.memory.budget, estimate=est)
    if not est.fits:
        plan = plan_training_layout(scenario, card)
        need = plan.problem_values.get("need_gib")
        memory = need * GIB if need is not None else est.memory.total
        return FitRow(**common, verdict=Verdict.NO_FIT, memory_bytes=memory, usable_bytes=est.memory.budget,
                      estimate=est)
    t = est.training
    return FitRow(**common, verdict=Verdict.FITS, memory_bytes=est.memory.total, usable_bytes=est.memory.budget,
                  estimate=est,
                  training=TrainingRun(t.tokens_per_s, scenario.training.tokens, t.hours, t.mfu))


def _serving_base(base: Scenario, model: ModelArchitecture, fmt: WeightFormat, card: Card,
                  targets: ServingTargets) -> Scenario:
    return updated(base, workload=SERVING_TASK.value, model=model, precision=default_precision(card).value,
                   serving={"weight_format": fmt.value, "weight_bpw": None, "disaggregated": False,
                            "max_batch": None, "concurrency": 1, "prefill_cards": None},
                   constraints={"ttft_ms": targets.ttft_ms, "tpot_ms": targets.tpot_ms,
                                "latency_percentile": targets.percentile, "requests_per_s": None},
                   auto_layout=SERVING_AUTO)


def _missed(est: Estimate) -> list[str]:
    """Why ``est`` does not count: 'memory', or the latency targets it misses."""
    if not est.fits:
        return ["memory"]
    if est.serving is None:
        return ["unknown"]
    return messages_for_serving_targets(est.scenario, est.serving)


def _limit(missed: list[str]) -> Limit:
    if "memory" in missed:
        return Limit.MEMORY
    return Limit.TPOT if "misses-tpot" in missed else Limit.TTFT


def _load(est: Estimate, users: int, limited_by: Limit, targets: ServingTargets) -> ServingLoad:
    i = est.serving
    return ServingLoad(users=users, users_in_memory=est.limits.max_concurrency or 0, limited_by=limited_by,
                       tokens_per_s_per_user=1.0 / i.tpot_s if i.tpot_s > 0 else 0.0, tokens_per_s=i.tokens_per_s,
                       ttft_s=i.ttft_at(targets.percentile), tpot_s=i.tpot_at(targets.percentile))


def _serving_row(base: Scenario, card: Card, choice: ModelChoice, model: ModelArchitecture, fmt: WeightFormat,
                 targets: ServingTargets) -> FitRow:
    """The most users (to :data:`USERS_PRECISION`) the cards hold within the targets: first tried
    at what memory holds at one user's layout, then ×2 where memory is full, else ×4, while the
    targets are met; then the gap between the most that meet them and the fewest that miss
    halved on a log scale.

    The planner lays the deployment out again for every number of users, so the layout (and the
    key/value precision) at the users found may differ from the one at one user."""
    scenario = _serving_base(base, model, fmt, card, targets)

    def at(users: int) -> Estimate:
        return estimate(updated(scenario, serving={"concurrency": users}), card)

    common = {"model": choice, "params": float(model.total_params()), "active_params": float(model.active_params()),
              "task": SERVING_TASK, "precision": fmt.value}
    one = at(1)
    if one.serving is None:
        return FitRow(**common, verdict=Verdict.UNKNOWN, memory_bytes=one.memory.total,
                      usable_bytes=one.memory.budget, estimate=one)
    if not one.fits:
        spread = _spread_over_all(scenario, card) or one
        if spread.fits:  # the cards hold a copy, but no copy the planner lays out divides them: use fewer
            for group in COPY_SIZES:
                used = base.count // group * group
                if used < group:
                    break
                if used < base.count:
                    fewer = _serving_row(updated(base, count=used), card, choice, model, fmt, targets)
                    if fewer.fits:
                        return replace(fewer, cards_used=used)
        return FitRow(**common, verdict=Verdict.NO_FIT, memory_bytes=spread.memory.total,
                      usable_bytes=spread.memory.budget, estimate=spread)
    missed = _missed(one)
    if missed:
        return FitRow(**common, verdict=Verdict.TOO_SLOW, memory_bytes=one.memory.total,
                      usable_bytes=one.memory.budget, estimate=one, serving=_load(one, 0, _limit(missed), targets))
    good, good_est, bad, bad_missed = 1, one, None, []
    users = min(max(one.limits.max_concurrency or 1, 2), MAX_USERS)  # first: what memory holds at one user's layout
    while bad is None and good < MAX_USERS:
        est = at(users)
        missed = _missed(est)
        if missed:
            bad, bad_missed = users, missed
        else:
            good, good_est = users, est
            at_memory_edge = users * (1 + USERS_PRECISION) > (est.limits.max_concurrency or 0)
            users = min(users * (USERS_STEP_AT_MEMORY_EDGE if at_memory_edge else USERS_STEP), MAX_USERS)
    while bad is not None and bad - good > max(1, good * USERS_PRECISION):
        users = min(max(round(math.sqrt(good * bad)), good + 1), bad - 1)
        est = at(users)
        missed = _missed(est)
        if missed:
            bad, bad_missed = users, missed
        else:
            good, good_est = users, est
    limited_by = Limit.SEARCH if bad is None else _limit(bad_missed)
    return FitRow(**common, verdict=Verdict.FITS, memory_bytes=good_est.memory.total,
                  usable_bytes=good_est.memory.budget, estimate=good_est,
                  serving=_load(good_est, good, limited_by, targets))


def _spread_over_all(scenario: Scenario, card: Card) -> Estimate | None:
    """One copy at one user spread over every card — tensor parallel as wide as the fast link
    allows, pipeline stages for the rest — the lightest it can be per card; None where the
    cards do not split into such stages."""

    tp = max(serving_tensor_parallel_options(scenario, card))
    pp = scenario.count // tp
    if scenario.count % tp or pp > scenario.model.n_layers:
        return None
    pinned = updated(scenario, parallelism={"tp": tp, "pp": pp, "ep": 1, "virtual_stages": 1, "cp": 1},
                     auto_layout=[f for f in SERVING_AUTO if f not in ("tp", "pp", "ep")])
    return estimate(pinned, card)


def fit_rows(base: Scenario, card: Card, targets: ServingTargets = INTERACTIVE_TARGETS,
             models: Sequence[ModelChoice] = LADDER, tasks: Sequence[Workload] = TASKS) -> Iterator[FitRow]:
    """Every row of :func:`what_fits`, one at a time (models in order; for each, the training tasks
    then the serving formats)."""
    for choice in models:
        model = choice.architecture()
        for task in tasks:
            if task is SERVING_TASK:
                for fmt in serving_formats(card):
                    yield _serving_row(base, card, choice, model, fmt, targets)
            elif task.is_training:
                for precision in training_precisions(card, task):
                    yield _training_row(base, card, choice, model, task, precision)


ANSWERS_KEPT = 16
"""Whole answers kept (the dialog reopened, a card picked again), least recently used dropped."""

_NOT_ASKED = frozenset({"name", "workload", "model", "precision", "auto_layout", "constraints", "graphics"})
"""Fields of the base scenario each row replaces: answers for bases differing only in them are one."""

_ANSWERS: LruMemo[WhatFits] = LruMemo(ANSWERS_KEPT)


def clear_what_fits_memo() -> None:
    """Forget every kept answer."""
    _ANSWERS.clear()


def what_fits(base: Scenario, catalog: Catalog, targets: ServingTargets = INTERACTIVE_TARGETS,
              models: Sequence[ModelChoice] = LADDER, tasks: Sequence[Workload] = TASKS,
              progress: Callable[[tuple[FitRow, ...]], None] | None = None) -> WhatFits:
    """What fits on ``base.count`` × ``base.card_id``: every model of ``models`` for every task of
    ``tasks`` at each precision that makes sense (:func:`training_precisions`,
    :func:`serving_formats`).

    ``base`` holds the cards and the question (cards per server, training sequence, fine-tuning
    token budget, serving context, prompt, answer and engine, prices and efficiencies); its
    workload, model, layout and goals are replaced per row. ``progress`` receives the rows so far
    after each row (a worker shows them, or stops by raising). The last :data:`ANSWERS_KEPT`
    answers are kept.
    """
    card = catalog.get(base.card_id)
    key = (scenario_key(base, _NOT_ASKED), targets, tuple(models), tuple(tasks))
    kept = _ANSWERS.get(key, held=(card,))
    if kept is not None:
        if progress is not None:
            progress(kept.rows)
        return kept
    start = time.perf_counter()
    rows: list[FitRow] = []
    for row in fit_rows(base, card, targets, models, tasks):
        rows.append(row)
        if progress is not None:
            progress(tuple(rows))
    answer = WhatFits(card, base.count, base, targets, tuple(rows), time.perf_counter() - start)
    return _ANSWERS.put(key, answer, held=(card,))


def owned_scenario(card_id: str, count: int, like: Scenario | None = None) -> Scenario:
    """The question's starting scenario for ``count`` × ``card_id``: ``like``'s prices, efficiencies,
    cards per server, token budget and serving load where given, a training sequence of
    :data:`TRAINING_SEQ_LEN`; ValidationError for an impossible count."""

    data = like.model_dump() if like is not None else {"model": preset(DEFAULT_MODEL).model_dump()}
    data.update(card_id=card_id, count=count, workload=TRAINING_TASKS[0].value, auto_layout=list(LAYOUT_FIELDS),
                parallelism={"cards_per_node": (like.parallelism.cards_per_node if like else 8)})
    data["training"] = {**data.get("training", {}), "seq_len": TRAINING_SEQ_LEN}
    return Scenario.model_validate(data)


def with_serving_load(base: Scenario, context: int | None = None, prompt_tokens: int | None = None,
                      output_tokens: int | None = None) -> Scenario:
    """``base`` with the serving load given: a context not given grows to hold the prompt and
    answer; a prompt and answer not given shrink to fit a context given (in their ratio; one given,
    the other takes the rest). ValidationError where the values given contradict each other."""
    serving = base.serving
    prompt = serving.prompt_tokens if prompt_tokens is None else prompt_tokens
    output = serving.output_tokens if output_tokens is None else output_tokens
    if context is None:
        context = max(serving.context_tokens, prompt + output)
    elif prompt + output > context:
        if prompt_tokens is None and output_tokens is None:  # both shrink, in the same ratio
            prompt = max(1, min(context - 1, prompt * context // (prompt + output)))
            output = max(1, context - prompt)
        elif prompt_tokens is None:
            prompt = max(1, context - output)
        elif output_tokens is None:
            output = max(1, context - prompt)
    return updated(base, serving={"context": context, "prompt_tokens": prompt, "output_tokens": output})
