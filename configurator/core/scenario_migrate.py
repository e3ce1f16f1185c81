"""Scenario files written by an older schema, brought to the current one before validation.

Version 1 → 2: a serving scenario's ``parallelism.ep`` counted the model copies that share one set
of routed experts; since version 2 it counts the cards the experts are split over, as the engines
count it (vLLM ``--enable-expert-parallel`` over TP × DP, SGLang ``--ep-size``), so the old value is
multiplied by the tensor-parallel size (``Scenario.expert_copies`` = ep / tp is the old value).
Training's ``ep`` (data-parallel ranks) kept its meaning.
"""

from __future__ import annotations

from configurator.core.messages import Message, msg
from configurator.core.scenario import SCENARIO_SCHEMA_VERSION

EP_IN_CARDS_SINCE = 2
"""The schema version from which a serving scenario's ``ep`` counts cards."""

_SERVING_WORKLOAD = "inference"


def migrated_body(body: dict, version: int, notes: list[Message] | None = None) -> dict:
    """``body`` (a scenario document's ``scenario`` part, written by schema ``version``) in the
    current schema; ``notes`` receives a message for each value that changed its spelling."""
    if version >= SCENARIO_SCHEMA_VERSION:
        return body
    body = {**body, "schema_version": SCENARIO_SCHEMA_VERSION} if "schema_version" in body else body
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
