"""Scenario files written by an older schema, brought to the current one before validation.

Version 1 → 2: a serving scenario's ``parallelism.ep`` counted the model copies that share one set
of routed experts; since version 2 it counts the cards the experts are split over, as the engines
count it (vLLM ``--enable-expert-parallel`` over TP × DP, SGLang ``--ep-size``), so the old value is
multiplied by the tensor-parallel size (``Scenario.expert_copies`` = ep / tp is the old value).
Training's ``ep`` (data-parallel ranks) kept its meaning.

Version 2 → 3: ``assumptions.attention_efficiency`` became None by default (the attention kernel's
published figure on the card's architecture); older files wrote the single default then in force,
0.45, into every scenario, so that value is taken as "not set" and dropped. Any other value was the
user's and is kept.

Version 3 → 4: ``serving.max_batched_tokens`` became None by default (each engine's own default on the
card, core/engine_step.py); older files wrote 8192, the single default then in force, so that value is
dropped as not set, and said for a serving scenario (``scenario-engine-step-default``: the estimate may
move; one who typed 8,192 on purpose types it again). Any other value was the user's (or an applied plan's)
and is kept.
"""

from __future__ import annotations

from configurator.core.messages import Message, msg
from configurator.core.scenario import SCENARIO_SCHEMA_VERSION

EP_IN_CARDS_SINCE = 2
"""The schema version from which a serving scenario's ``ep`` counts cards."""

_SERVING_WORKLOAD = "inference"

ATTENTION_BY_KERNEL_SINCE = 3
"""The schema version from which the attention efficiency is None unless the user set it."""

OLD_ATTENTION_DEFAULT = 0.45
"""The attention efficiency every scenario file before version 3 carried unless the user changed it."""

ENGINE_STEP_BY_ENGINE_SINCE = 4
"""The schema version from which the engine step's tokens are None unless the user set them."""

OLD_ENGINE_STEP_DEFAULT = 8192
"""The engine step every scenario file before version 4 carried unless the user changed it [tokens]."""


def migrated_body(body: dict, version: int, notes: list[Message] | None = None) -> dict:
    """``body`` (a scenario document's ``scenario`` part, written by schema ``version``) in the
    current schema; ``notes`` receives a message for each value that changed its spelling."""
    if version >= SCENARIO_SCHEMA_VERSION:
        return body
    body = {**body, "schema_version": SCENARIO_SCHEMA_VERSION} if "schema_version" in body else body
    if version < ATTENTION_BY_KERNEL_SINCE:
        body = _attention_by_kernel(body)
    if version < ENGINE_STEP_BY_ENGINE_SINCE:
        stepped = _engine_step_by_engine(body)
        if stepped is not body and notes is not None and body.get("workload") == _SERVING_WORKLOAD:
            notes.append(msg("scenario-engine-step-default", tokens=OLD_ENGINE_STEP_DEFAULT,
                             typed=str(OLD_ENGINE_STEP_DEFAULT)))  # typed: 8192, not grouped
        body = stepped
    if version >= EP_IN_CARDS_SINCE or body.get("workload") != _SERVING_WORKLOAD:
        return body
    par = body.get("parallelism")
    if not isinstance(par, dict):
        return body
    ep, tp = par.get("ep"), par.get("tp", 1)
    if not _count(ep) or not _count(tp) or ep <= 1 or tp <= 1:
        return body  # tp 1: copies and cards are the same number; a bad value is validation's to refuse
    if notes is not None:
        notes.append(msg("scenario-ep-in-cards", old=ep, tp=tp, new=ep * tp))
    return {**body, "parallelism": {**par, "ep": ep * tp}}


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _engine_step_by_engine(body: dict) -> dict:
    """``body`` with an engine step of the old default dropped (version 3 → 4)."""
    serving = body.get("serving")
    if not isinstance(serving, dict) or serving.get("max_batched_tokens") != OLD_ENGINE_STEP_DEFAULT:
        return body
    return {**body, "serving": {k: v for k, v in serving.items() if k != "max_batched_tokens"}}


def _attention_by_kernel(body: dict) -> dict:
    """``body`` with an attention efficiency of the old default dropped (version 2 → 3)."""
    assumptions = body.get("assumptions")
    if not isinstance(assumptions, dict) or assumptions.get("attention_efficiency") != OLD_ATTENTION_DEFAULT:
        return body
    return {**body, "assumptions": {k: v for k, v in assumptions.items() if k != "attention_efficiency"}}
