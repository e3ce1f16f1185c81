"""A copy's step table: the decode step of one model copy (:class:`~configurator.core.decode_step.DecodeStep`)
at every batch a search asked for (:class:`StepTable`), kept per copy (:func:`copy_step_table`), since
a search asks for the same copy at a doubling batch and the step at one batch does not depend on the
others; and which scenarios are the same copy (:data:`NO_PREFILL_FIELDS`, :func:`same_but_batch`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from itertools import compress
from operator import is_not, itemgetter

from configurator.core.engine_step import engine_step_tokens
from configurator.core.catalog import Card
from configurator.core.decode_step import DecodeStep, with_drafts
from configurator.core.matmul_shapes import clear_with_shapes
from configurator.core.memo import LastAsked
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Scenario


class StepTable:
    """One copy's decode step (speculative drafts included) at the batches asked for, each worked
    out once as a plain number [s] (:meth:`DecodeStep.plain_steps`). A dense model's numbers are
    those of :class:`DecodeStep` over an array of the batches at each element (sums, products,
    quotients and maxima of the same numbers); a MoE's experts touched, a power, may round apart
    from an array's in the last place (``tests/test_decode_step.py``: within 1e-12)."""

    __slots__ = ("step", "k", "draft_cost", "times", "parts", "kept", "costs", "_timer", "sibling", "chunk")

    def __init__(self, step: DecodeStep, sibling: StepTable | None = None, chunk: int | None = None) -> None:
        serving = step.scenario.serving
        self.step, self.k, self.draft_cost = step, serving.speculative_tokens, serving.speculative_draft_cost
        self.sibling, self.chunk = sibling, chunk
        """The table of the same copy at another engine step whose decode step this one shares
        (:func:`_kept_table`), and this table's engine step (``max_batched_tokens``) [tokens]."""
        self.times: dict[int, float] = {} if sibling is None else sibling.times
        """The step at each batch worked out [s] (a sibling's, :func:`_kept_table`: the same step)."""
        self.parts: dict[int, tuple] = {} if sibling is None else sibling.parts
        """The plain step's roofline parts at each batch worked out [s]."""
        self.kept: dict = {}
        """Values of the copy that do not depend on the batch (:meth:`batch_free`), by function, and
        what its callers keep with it (the pools' pure decode steps of a copy's step costs)."""
        self.costs: dict = {}
        """The copy's step costs for the load model by batch
        (:func:`~configurator.core.serving_step_costs.step_costs`)."""
        self._timer = None

    def parts_at(self, batch: int) -> tuple | None:
        """The plain step's roofline parts at ``batch``, one the table worked out [s]."""
        return self.parts.get(batch)

    def batch_free(self, fn, scenario: Scenario, card: Card, plan: PrecisionPlan):
        """``fn(scenario, card, plan)`` for a value of the copy that reads only :data:`DECODE_FIELDS`,
        and of the serving settings not :data:`NO_PREFILL_FIELDS` (a prefill time), worked out once
        per table: the table's scenarios share those, on the same card with an equal plan."""
        kept = self.kept
        value = kept.get(fn)
        if value is None:
            # a table of its own (no sibling, :meth:`_sibling_value`'s None) asks no sibling: no call
            value = kept[fn] = None if self.sibling is None else self._sibling_value(fn, scenario)
            if value is None:
                value = kept[fn] = fn(scenario, card, plan)
        return value

    def _sibling_value(self, fn, scenario: Scenario) -> float | None:
        """What the sibling table (:attr:`sibling`) worked out for ``fn``, where ``fn`` reads the
        engine step only as the prompt's chunk, ``min(P, max_batched_tokens)`` (:data:`PROMPT_CHUNK_READERS`),
        and that chunk is the same at both tables' steps (both steps hold the whole prompt); else None."""
        sibling = self.sibling
        if sibling is None or fn.__name__ not in PROMPT_CHUNK_READERS or fn.__module__ != PROMPT_CHUNK_MODULE:
            return None
        value = sibling.kept.get(fn)
        if value is None or self.chunk is None or sibling.chunk is None:
            return None
        # the same chunk where both steps are equal or both hold the whole prompt (the uncached
        # tokens P are at most the prompt's: a share of it not found in the cache, at least one)
        prompt = scenario.serving.prompt_tokens
        return value if self.chunk == sibling.chunk or min(self.chunk, sibling.chunk) >= prompt else None

    def at(self, batches: list[int]) -> list[float]:
        """The step at each of ``batches`` (whole numbers of sequences) [s], each worked out once as a
        plain number (:meth:`timer`)."""
        time_at = self.timer()
        return [time_at(n) for n in batches]

    def timer(self):
        """A function of a whole number of sequences ``n`` giving the step there [s], worked out once
        as a plain number (:meth:`DecodeStep.plain_step`) and kept in :attr:`times` (its roofline
        parts in :attr:`parts`). It holds the table's dictionaries, not the table: a function kept
        on the table (a step costs' decode step) makes no reference cycle with it. Made once per
        table (a search asks a table for its step costs at many batches)."""
        if self._timer is not None:
            return self._timer
        times, parts, k, draft_cost, step = self.times, self.parts, self.k, self.draft_cost, self.step
        plain = step.plain_step()
        verify = step.plain_step(k + 1) if k else None

        def time_at(n: int) -> float:
            time = times.get(n)
            if time is None:
                time, parts[n] = plain(float(n))
                if k:
                    time = with_drafts(verify(float(n))[0], time, k, draft_cost)
                times[n] = time
            return time

        self._timer = time_at  # the function holds the table's dicts, not the table: no cycle
        return time_at


NO_PREFILL_FIELDS = frozenset({"max_batch", "concurrency", "disaggregated", "prefill_cards"})
"""Serving fields a prompt's prefill on one copy does not read (:func:`prefill_seconds` of the
copy's own layout): the batch per copy, the users, and the split into pools. A copy's decode step
reads none of them either (the batch is its argument)."""


_SERVING_FIELD = frozenset({"serving"})


def _same_objects_but(fields_a: dict, fields_b: dict, but: frozenset[str]) -> bool:
    """Whether two models' field dictionaries name the same fields in the same order and hold the
    same objects in each, apart from the fields in ``but`` (compared by identity, element by
    element in C: a search asks this thousands of times)."""
    names = list(fields_a)
    if names != list(fields_b):
        return False
    return but.issuperset(compress(names, map(is_not, fields_a.values(), fields_b.values())))


def same_but_batch(a: Scenario, b: Scenario) -> bool:
    """Whether two scenarios provably differ at most in :data:`NO_PREFILL_FIELDS`: every other field
    the same object (a search varies the batch and the pools by copying the scenario with those
    fields replaced, which shares the rest)."""
    if a is b:
        return True
    fields_a, fields_b = a.__dict__, b.__dict__
    if fields_a.get("model") is not fields_b.get("model"):  # the field that tells scenarios read apart first
        return False
    if not _same_objects_but(fields_a, fields_b, _SERVING_FIELD):
        return False
    return _same_objects_but(fields_a["serving"].__dict__, fields_b["serving"].__dict__, NO_PREFILL_FIELDS)


_TABLES_KEPT = 64
_TABLES: OrderedDict[int, tuple[tuple, list[StepTable]]] = OrderedDict()
"""The step tables of the last copies asked for, filed under the hash of their key (:func:`_copy_keys`)
with the key itself (compared on a hit; the latest last; held here, so the ids in their keys stay
theirs): each key hashed once per question, not at each lookup and store."""


DECODE_FIELDS = ("model", "assumptions", "serving", "workload", "parallelism")
"""The scenario fields a copy's decode step and its prefill times read (with the card, the precision
plan and the cached tokens): the model, the efficiencies, the serving settings, the workload (its
expert copies) and the layout. Not the card count, the targets, the prices or the names."""


def _copy_keys(scenario: Scenario, card: Card, kv_tokens: int) -> tuple[tuple, tuple, int, int]:
    """What a copy's step table is kept under (:data:`DECODE_FIELDS`), and that key without the engine
    step (:data:`STEP_CHUNK_FIELD`: the decode key, :data:`_DECODE_STEPS`). The decode key: the card's
    id, the cached tokens, the ids of the model and the efficiencies, the workload, the layout's
    degrees (numbers and their types: a search makes a layout anew for each count), the serving
    fields' names in their order and the ids of the serving fields but :data:`NO_PREFILL_FIELDS` and
    the engine step; the key adds the engine step's id. Two scenarios with the same key have the same
    decode step and prefill times. With the two keys, the hashes they are filed under: the decode
    key's, and of that hash with the engine step's id (equal keys, equal hashes)."""
    serving = scenario.serving.__dict__
    names = tuple(serving)
    layout = _SERVING_LAYOUTS.get(names)
    if layout is None:
        layout = _SERVING_LAYOUTS[names] = _serving_layout(names)
    shared_of, chunk = layout
    degrees = tuple(scenario.parallelism.__dict__.values())
    decode = (id(card), kv_tokens, id(scenario.model), id(scenario.assumptions), scenario.workload, degrees,
              tuple(map(type, degrees)), names, tuple(map(id, shared_of(serving))))
    decode_filed = hash(decode)
    if chunk is None:
        return decode, decode, decode_filed, decode_filed
    chunk_id = id(serving[chunk])
    return (*decode, chunk_id), decode, hash((decode_filed, chunk_id)), decode_filed


def _serving_layout(names: tuple[str, ...]) -> tuple:
    """What :func:`_copy_keys` reads of serving fields named ``names`` in that order: a function giving
    the values of those in both keys (all but :data:`NO_PREFILL_FIELDS` and :data:`STEP_CHUNK_FIELD`) as
    a tuple, and the engine step's name (None: not among them)."""
    shared = [name for name in names if name not in NO_PREFILL_FIELDS and name != STEP_CHUNK_FIELD]
    return (lambda fields: tuple(map(fields.__getitem__, shared))) if len(shared) < 2 else itemgetter(*shared), \
        (STEP_CHUNK_FIELD if STEP_CHUNK_FIELD in names else None)


_SERVING_LAYOUTS: dict[tuple[str, ...], tuple] = {}
""":func:`_serving_layout` of each order of serving field names seen (a table of names, no scenario's: kept
across memo clears)."""


def copy_step_table(scenario: Scenario, card: Card, plan: PrecisionPlan, kv_tokens: int) -> StepTable:
    """The step table of one copy of ``scenario`` on ``card`` with ``plan`` at ``kv_tokens``: one kept
    for the same card, an equal plan and a scenario with the same objects in every field the step
    reads but the batch and the pools and the same layout (:func:`_copy_keys`), else a new one."""
    last = _LAST_ASKED.kept
    if last is not None and last[0] is scenario and last[1] is card and last[2] is plan and last[3] == kv_tokens:
        return last[4]  # the same question again (a copy's step costs, then its speed)
    table = _kept_table(scenario, card, plan, kv_tokens)
    _LAST_ASKED.kept = (scenario, card, plan, kv_tokens, table)
    return table


_LAST_ASKED = LastAsked()
"""The last question :func:`copy_step_table` answered: (scenario, card, plan, cached tokens, table),
the objects by identity (held here)."""


def _kept_table(scenario: Scenario, card: Card, plan: PrecisionPlan, kv_tokens: int) -> StepTable:
    """:func:`copy_step_table` worked out: the table kept under the copy's key, else a new one (the
    copy's key and decode key made in one pass, their shared head hashed once)."""
    key, decode_key, filed, decode_filed = _copy_keys(scenario, card, kv_tokens)
    with _TABLES_LOCK:  # the GUI thread and the workers share the tables: a lookup and its reorder as one step
        kept = _TABLES.get(filed)
        if kept is None or kept[0] != key:  # none, or another key of the same hash (replaced: a miss)
            tables: list[StepTable] = []
            _TABLES[filed] = (key, tables)  # a new key goes last
            if len(_TABLES) > _TABLES_KEPT:
                _TABLES.popitem(last=False)
        else:
            _TABLES.move_to_end(filed)
            tables = kept[1]
            for table in tables:
                kept_plan = table.step.plan
                if kept_plan is plan or kept_plan == plan:
                    return table
        sibling = _DECODE_STEPS.get(decode_filed)
    sibling = _plan_sibling(sibling, decode_key, plan)
    table = StepTable(DecodeStep(scenario, card, plan, kv_tokens) if sibling is None else sibling.step, sibling,
                      engine_step_tokens(scenario, card))
    tables.append(table)  # one list append: atomic
    with _TABLES_LOCK:
        _DECODE_STEPS[decode_filed] = (decode_key, table)
        if len(_DECODE_STEPS) > _TABLES_KEPT:
            _DECODE_STEPS.popitem(last=False)
    return table


STEP_CHUNK_FIELD = "max_batched_tokens"
"""The serving field a copy's decode step does not read but its prefill times and step costs do: the
tokens of one engine step (the engine-step search asks one copy at each of its chunks). The decode
step (:class:`~configurator.core.decode_step.DecodeStep`: its constructor, ``plain_step`` and the
speculative drafts' :func:`~configurator.core.decode_step.with_drafts`) reads the serving settings'
engine profile, CUDA graphs, KV precision (``kv_element_bytes``) and speculative tokens, never the
chunk (traced by reading ``decode_step.py`` and the helpers it calls, none of which names it; only
``prefill_time.py``, ``memory.py``'s step working set and ``serving_speed.py``'s step costs do)."""


PROMPT_CHUNK_MODULE = "configurator.core.prefill_time"
PROMPT_CHUNK_READERS = frozenset({"prompt_token_seconds", "prompt_step_read_seconds", "prefill_pass_seconds",
                                  "idle_ttft_seconds"})
"""Prefill times of one copy (in :data:`PROMPT_CHUNK_MODULE`) that read the engine step only as the
prompt's chunk, ``min(P, max_batched_tokens)`` with ``P`` the uncached prompt tokens
(:func:`~configurator.core.prefill_time.uncached_prompt_tokens`), traced in ``prefill_time.py``: the
prompt compute at that chunk, its weight read per chunk, and the idle first token's
``⌈P / step⌉`` chunks of ``min(P, step)`` tokens (one of ``P`` wherever the step holds the prompt).
A table at another step with the same prompt chunk gives the same number, so it is read from its
sibling (``tests/test_step_table_siblings.py`` checks the equality on every card)."""


_DECODE_STEPS: OrderedDict[int, tuple[tuple, StepTable]] = OrderedDict()
"""The last table made for each copy key without the engine step (:func:`_copy_keys`' decode key), filed under the
key's hash with the key (compared on a hit), whose decode step, step times and roofline parts a table of
the same copy at another engine step shares (its step costs and prefill times, which read the step, its
own)."""


def _plan_sibling(kept: tuple | None, decode_key: tuple, plan: PrecisionPlan) -> StepTable | None:
    """The table kept for the same copy at another engine step (``kept``: what :data:`_DECODE_STEPS`
    files under the hash of ``decode_key``), with an equal plan (its decode step the same:
    :data:`STEP_CHUNK_FIELD`), else None: the first made of them (a table holds no longer a chain of
    siblings than one)."""
    if kept is None or kept[0] != decode_key:
        return None
    sibling = kept[1]
    sibling = sibling.sibling or sibling
    kept_plan = sibling.step.plan
    return sibling if kept_plan is plan or kept_plan == plan else None


_TABLES_LOCK = threading.Lock()
"""Held while :data:`_TABLES` is read and reordered: two threads analysing at once (the window's
worker and the recommendation's) raced a lookup against another's eviction (KeyError in
``move_to_end``, seen as an internal error in the window, 2026-12-02)."""


@clear_with_shapes
def clear_step_tables() -> None:
    """Forget the kept step tables (cold benchmarks clear them with the shape caches)."""
    with _TABLES_LOCK:
        _TABLES.clear()
        _DECODE_STEPS.clear()
    _LAST_ASKED.clear()
