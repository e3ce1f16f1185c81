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
from dataclasses import replace

from configurator.core.architecture import ModelArchitecture
from configurator.core.bounds import field_bounds
from configurator.core.catalog import Card, Catalog
from configurator.core.default_job import DEFAULT_MODEL
from configurator.core.estimate import Estimate, estimate, messages_for_serving_targets
from configurator.core.formats import WeightFormat, default_format
from configurator.core.memo import LruMemo, scenario_key
from configurator.core.workloads.training.search import plan_training_layout
from configurator.core.precision import default_precision
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, Serving, Training, Workload, updated
from configurator.core.scenario_choices import OFFLOAD_LAYOUT
from configurator.core.workloads.training.offload import host_offload_bytes_per_server, offload_planned_in
from configurator.core.units import GIB, Precision
from configurator.core.workloads.serving.plan import serving_tensor_parallel_options
from configurator.core.architecture import preset
from configurator.core.what_fits_types import (
    INTERACTIVE_TARGETS,
    LADDER,
    QUANTISED_BASE,
    SERVING_TASK,
    TASKS,
    TOKENS_PER_PARAM,
    TRAINING_SEQ_LEN,
    TRAINING_TASKS,
    FitRow,
    Limit,
    ModelChoice,
    ServingLoad,
    ServingTargets,
    TrainingRun,
    Verdict,
    WhatFits,
    training_sixteen,
)


# ---- planning the rows -----------------------------------------------------------------------


ON_CARD_AUTO = tuple(f for f in LAYOUT_FIELDS if f != OFFLOAD_LAYOUT)
"""Training rows let the planner choose every layout field but the optimizer's CPU offload: what fits is
asked of the cards' own memory first; a row that fits only with the offload is asked again with it
(:data:`WITH_OFFLOAD`) where the question allows it, and says so (:attr:`Verdict.OFFLOADED`)."""

WITH_OFFLOAD = (*ON_CARD_AUTO, OFFLOAD_LAYOUT)
"""A training row that does not fit on the cards alone, asked again as ``plan`` and ``estimate`` ask it: the
planner may put the optimizer (and, under PyTorch's recipes, the parameters) in host memory
(:mod:`configurator.core.workloads.training.offload`). Until December 2026 what-fits said "does not fit" for
the Llama 3 8B full fine-tune on 2 × RTX 4090 that ``plan`` gave offloaded, 22.4 GiB per card (persona50b)."""

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
    """A training row: on the cards alone, else (the offload left to the planner in ``base.auto_layout``) with
    the states in host memory (:data:`WITH_OFFLOAD`), else the shortfall of the lightest layout."""
    params = float(model.total_params())
    math_precision = training_sixteen(card).value if precision in QUANTISED_BASE.values() else precision
    scenario = updated(base, workload=task.value, model=model, precision=math_precision,
                       training={"tokens": _budget_tokens(base, task, params)}, auto_layout=ON_CARD_AUTO)
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
    if not est.fits and OFFLOAD_LAYOUT in base.auto_layout:
        off = estimate(updated(scenario, auto_layout=WITH_OFFLOAD), card)
        if off.fits and off.training is not None and offload_planned_in(off):
            t = off.training
            return FitRow(**common, verdict=Verdict.OFFLOADED, memory_bytes=off.memory.total,
                          usable_bytes=off.memory.budget, estimate=off,
                          training=TrainingRun(t.tokens_per_s, scenario.training.tokens, t.hours, t.mfu),
                          host_bytes_per_server=host_offload_bytes_per_server(off.scenario, card))
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
    key = (scenario_key(base, _NOT_ASKED), OFFLOAD_LAYOUT in base.auto_layout, targets, tuple(models), tuple(tasks))
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


def owned_scenario(card_id: str, count: int, like: Scenario | None = None, offload: bool = False) -> Scenario:
    """The question's starting scenario for ``count`` × ``card_id``: ``like``'s prices, efficiencies,
    cards per server, token budget and serving load where given, a training sequence of
    :data:`TRAINING_SEQ_LEN`; with ``offload``, a training row that fits only with the CPU offload says so
    (:data:`WITH_OFFLOAD`), else it reads "does not fit"; ValidationError for an impossible count."""

    data = like.model_dump() if like is not None else {"model": preset(DEFAULT_MODEL).model_dump()}
    data.update(card_id=card_id, count=count, workload=TRAINING_TASKS[0].value,
                auto_layout=list(WITH_OFFLOAD if offload else ON_CARD_AUTO),
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
