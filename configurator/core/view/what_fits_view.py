"""The view of "what fits on the cards I own" (:mod:`configurator.core.what_fits`): a heading, the
question in sentences and two tables — training and serving — as label ids and amounts, written
by the command line (``what-fits``) and the window's dialog alike, in English or Chinese. Qt-free.
"""

from __future__ import annotations

from configurator.core.memory import usable_capacity_bytes
from configurator.core.view.constraints_view import target_amounts
from configurator.core.view.estimate_view import joined
from configurator.core.view.layout_view import serving_experts
from configurator.core.view.names import ENGINES, PERCENTILES, WORKLOADS, model_name, weight_format_name
from configurator.core.view.rows import Amount, Columns, Phrase, Value
from configurator.core.what_fits_types import INTERACTIVE_TARGETS, TOKENS_PER_PARAM, FitRow, Limit, Verdict, WhatFits

VERDICTS = {Verdict.FITS: "yes", Verdict.TOO_SLOW: "fits, too slow",
            Verdict.NO_FIT: "does not fit", Verdict.UNKNOWN: "no published rate"}
"""Label ids of a row's verdict (the 'Fits' column; 'too slow': one user alone already misses a
latency target)."""

LIMITS = {Limit.MEMORY: "memory", Limit.TPOT: "time per output token", Limit.TTFT: "time to first token",
          Limit.SEARCH: "most users tried"}
"""Label ids of what stops a serving row from holding more users."""

TRAINING_PRECISIONS = {"bf16": "BF16", "fp16": "FP16", "fp32": "FP32", "fp8": "FP8 (linear layers)",
                       "nf4": "NF4 base, BF16 adapters"}
"""Label ids of a training row's precision (FP8 training runs the linear layers at FP8,
attention at 16-bit; QLoRA keeps its base in 4-bit NF4)."""


TIMED_AT = "{precision} (no published {wanted} rate)"
"""Label id of a training row whose card publishes no rate for the precision it is planned at
(:attr:`~configurator.core.what_fits.FitRow.timed_at`): what its memory and time are computed at, and
why ('FP32 (no published BF16 rate)' on a DGX Spark: NVIDIA publishes its FP4 and FP32 rates only)."""

FALLBACK_NAMES = {"nf4": "NF4 base, {used} adapters"}
"""Label ids of a QLoRA row's precision where its adapters' math falls back (``{used}``: the precision used)."""


def training_precision(row: FitRow) -> Value:
    """A training row's precision ('BF16', 'FP8 (linear layers)'); where the card publishes no rate for the
    one it is planned at, the one its memory and time are computed at, and why ('FP32 (no published BF16
    rate)'): until December 2026 such a row read 'FP32' as though it were the recipe (persona44)."""
    used = row.timed_at
    if used is None:
        return TRAINING_PRECISIONS.get(row.precision, row.precision.upper())
    shown = Phrase(FALLBACK_NAMES[row.precision], {"used": used.upper()}) if row.precision in FALLBACK_NAMES \
        else used.upper()
    wanted = row.estimate.plan.requested.value.upper() if row.estimate is not None else row.precision.upper()
    return Phrase(TIMED_AT, {"precision": shown, "wanted": wanted})


OFFLOADED = {False: "fits only with the optimizer in host memory: {host} of host RAM per server; slower",
             True: "fits only with the optimizer and parameters in host memory: {host} of host RAM per server; "
                   "slower"}
"""Label ids of a training row that fits only with the CPU offload (:attr:`Verdict.OFFLOADED`), by whether the
parameters went too (PyTorch's recipes, FSDP2): the 'Fits' column's value, neither "yes" nor "does not fit"."""


def fits_cell(row: FitRow, answer: WhatFits) -> Value:
    """A row's 'Fits' column: :data:`VERDICTS`, "fits, over the deadline" (:data:`OVER_DEADLINE`), or for a
    training row that fits only with the CPU offload the host RAM each server needs (:data:`OFFLOADED`)."""
    if row.verdict is Verdict.OFFLOADED:
        params = row.estimate is not None and row.estimate.scenario.training.offload_params
        return Phrase(OFFLOADED[params], {"host": Amount(row.host_bytes_per_server or 0.0, "B")})
    return OVER_DEADLINE if within_deadline(row, answer) is False else VERDICTS[row.verdict]


def training_rows(answer: WhatFits) -> list[FitRow]:
    """The training table's rows in the order shown: the answer's (model by model), the rows that fit only with
    the CPU offload moved after the others, so that those the cards hold alone come first."""
    rows = [r for r in answer.rows if r.task.is_training]
    return sorted(rows, key=lambda r: r.verdict is Verdict.OFFLOADED)


OVER_DEADLINE = "fits, over the deadline"
"""Label id of a training row that fits but does not finish its token budget within the deadline
(``what-fits --deadline``): "the biggest model I can LoRA-tune in a week" on the cards owned."""


def within_deadline(row: FitRow, answer: WhatFits) -> bool | None:
    """Whether a training row that fits finishes its token budget within the question's deadline
    (``constraints.deadline_hours``); None where there is no deadline, or no time to judge
    (a serving row, a row that does not fit)."""
    deadline = answer.base.constraints.deadline_hours
    if deadline is None or row.training is None or not row.runs:
        return None
    return row.training.hours <= deadline


def heading(answer: WhatFits) -> Phrase:
    """'What fits on 8 × L40S'."""
    return Phrase("What fits on {count} × {card}", {"count": answer.count, "card": answer.card.name})


def question(answer: WhatFits) -> tuple[Phrase, ...]:
    """The question the tables answer, in sentences: memory, training and serving settings, and
    the latency targets with their basis."""
    base, t = answer.base, answer.targets
    usable = usable_capacity_bytes(answer.card, base.assumptions)
    lines = [Phrase("{usable} usable per card, {total} in all",
                    {"usable": Amount(usable, "B"), "total": Amount(usable * answer.count, "B")})]
    lines.append(Phrase("Training: {seq}-token sequences, the planner's layout; pre-training timed for {ratio} "
                        "tokens per parameter (compute-optimal, Hoffmann et al. 2022), fine-tuning for {tokens} "
                        "tokens",
                        {"seq": Amount(base.training.seq_len, "count"),
                         "ratio": Amount(TOKENS_PER_PARAM["pretrain"], digits=2),
                         "tokens": Amount(base.training.tokens, "token-count")}))
    lines.append(Phrase("Serving with {engine}: {context}-token context ({prompt}-token prompts, {output}-token "
                        "answers), prefill and decode on the same copies, users asking back to back",
                        {"engine": ENGINES.get(base.serving.engine.value, base.serving.engine.value),
                         "context": Amount(base.serving.context_tokens, "count"),
                         "prompt": Amount(base.serving.prompt_tokens, "count"),
                         "output": Amount(base.serving.output_tokens, "count")}))
    basis = ("default for interactive chat: MLPerf's server limits, faster than a person reads"
             if t == INTERACTIVE_TARGETS else "the targets given")
    ttft, tpot = target_amounts(t)  # in ms, as the table's latency columns and the constraint rows write them
    lines.append(Phrase("A user counts while the first token comes within {ttft} and each next one within {tpot} "
                        "for {p} of requests ({basis})",
                        {"ttft": ttft, "tpot": tpot, "p": PERCENTILES.get(t.percentile, f"p{t.percentile}"),
                         "basis": basis}))
    if base.constraints.deadline_hours is not None:
        lines.append(Phrase("Deadline: {deadline}; a training row that takes longer for its token budget reads "
                            "\"fits, over the deadline\"", {"deadline": Amount(base.constraints.deadline_hours, "h")}))
    return tuple(lines)


def billions(value: float) -> Phrase:
    """A count in billions (10^9): parameters ('8.03 B'; a count of tokens is
    :func:`~configurator.core.view.numbers.token_count`'s)."""
    return Phrase("{n} B", {"n": Amount(value / 1e9)})


def _params(row: FitRow) -> Phrase:
    if row.active_params < 0.99 * row.params:
        return Phrase("{n}, {active} active", {"n": billions(row.params), "active": billions(row.active_params)})
    return billions(row.params)


def _memory(row: FitRow) -> Phrase:
    """'59.4 GiB of 63.4 GiB'; a training row that fits only as the allocator gives its cache back near the
    limit says the peak its fit is judged on ('71.3 GiB of 63.4 GiB' read as a fit beside "Yes")."""
    need, allowed = Amount(row.memory_bytes, "B"), Amount(row.usable_bytes, "B")
    if row.fits and row.estimate is not None and row.memory_bytes > row.usable_bytes:
        return Phrase("{need} of {allowed}; fits at its {peak} peak, the cache given back near the limit",
                      {"need": need, "allowed": allowed, "peak": Amount(row.estimate.memory.fit_total, "B")})
    return Phrase("{need} of {allowed}", {"need": need, "allowed": allowed})


def layout(row: FitRow) -> Value:
    """The planned layout in a few words ('TP 1 · PP 4 · DP 2 · ZeRO 1', 'TP 8 · PP 1 · 1 copy');
    None where nothing fits."""
    est = row.estimate
    if est is None or not row.runs:
        return None
    s, par = est.scenario, est.scenario.parallelism
    parts: list = [Phrase("TP {n}", {"n": par.tp}), Phrase("PP {n}", {"n": par.pp})]
    if row.task.is_training:
        parts += [Phrase(f"{name} {{n}}", {"n": value})
                  for name, value in (("CP", par.cp), ("EP", par.ep)) if value > 1]
        parts += [Phrase("DP {n}", {"n": s.data_parallel}), Phrase("ZeRO {n}", {"n": par.zero})]
    else:
        parts.append(Phrase("1 copy" if s.data_parallel == 1 else "{n} copies", {"n": s.data_parallel}))
        if par.ep > 1:
            parts.append(serving_experts(s))
        if row.cards_used is not None:
            parts.append(Phrase("on {used} of the cards", {"used": row.cards_used}))
    return joined(parts)


def _model(row: FitRow) -> str:
    """The model as people write it ('Llama 3 70B', not the preset id 'llama3-70b'; a size without a
    preset as asked, '32B')."""
    return model_name(row.model.name)


def training_columns(answer: WhatFits) -> Columns:
    """One line per model, training task and precision (:func:`training_rows`' order): fits, memory per card,
    layout, tokens/s and the time for the token budget."""
    headings = ("Model", "Parameters", "Task", "Precision", "Fits", "Memory per card", "Layout", "Throughput",
                "Time for the token budget")
    rows = []
    for row in training_rows(answer):
        t = row.training
        time = None if t is None else Phrase("{time} for {tokens} tokens",
                                             {"time": Amount(t.hours, "h"), "tokens": Amount(t.tokens, "token-count")})
        rows.append((_model(row), _params(row), WORKLOADS[row.task.value],
                     training_precision(row), fits_cell(row, answer),
                     _memory(row), layout(row), None if t is None else Amount(t.tokens_per_s, "tokens/s"), time))
    return Columns(headings, frozenset({1, 5, 7}), tuple(rows))


def serving_columns(answer: WhatFits) -> Columns:
    """One line per model and weight format: fits, memory per card, layout, the users held within
    the targets, what one of them and all of them get, the latencies at the targets' percentile
    and what stops more users."""
    p = answer.targets.percentile
    headings = ("Model", "Parameters", "Weights", "Fits", "Memory per card", "Layout", "Users within the targets",
                "Per user", "All users", Phrase("First token (p{p})", {"p": p}), Phrase("Per token (p{p})", {"p": p}),
                "Limited by")
    rows = []
    for row in answer.rows:
        if row.task.is_training:
            continue
        s = row.serving
        rows.append((_model(row), _params(row), weight_format_name(row.precision, answer.card.vendor),
                     VERDICTS[row.verdict], _memory(row), layout(row),
                     None if s is None else s.users,
                     None if s is None else Amount(s.tokens_per_s_per_user, "tokens/s"),
                     None if s is None else Amount(s.tokens_per_s, "tokens/s"),
                     None if s is None else Amount(s.ttft_s, "s"),
                     None if s is None else Amount(s.tpot_s, "ms"),
                     None if s is None else LIMITS[s.limited_by]))
    return Columns(headings, frozenset({1, 4, 6, 7, 8, 9, 10}), tuple(rows))


SECTIONS = (("Training and fine-tuning", training_columns), ("Serving", serving_columns))
"""The answer's two tables: (title label id, the function that builds it)."""
