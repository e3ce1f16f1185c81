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

Version 5 → 6: the time to first token reads ``assumptions.prompt_efficiency`` (a prompt prefilled alone on
an idle copy), no longer the serving steps' ``prefill_efficiency``, which older files carried and which
then set both. A file without a prompt efficiency is read by what its serving-step value was:

* one of the defaults the shape-rate efficiency has had (:data:`OLD_PREFILL_DEFAULTS`, 0.85 to 0.936 since
  2026-12-02), which every file saved then carried: not the user's choice, so the prompt takes today's
  default, as it would have;
* any other value, the user's (or version 1's 0.55, a share of dense peak that no migration rewrote, read
  as the file's own like version 1's matrix efficiency): it stays on the serving steps and is carried to
  the prompt at the ratio of today's defaults, value × ``PROMPT_EFFICIENCY`` / ``PREFILL_EFFICIENCY``
  (0.837 / 0.958 since session 49), so the first token keeps the share of the steps' efficiency it has by
  default, said on open for a serving scenario (``scenario-prefill-carried``). The value as it is would price the prompt
  above what the fits give beside it (the two regimes differ by the weight stream a step adds,
  ``formulas/efficiency.py``); dropping it would ignore what the file asks. The serving steps are not
  touched: the file's own value keeps pricing them, as before.

A file that names its prompt efficiency keeps both values as written.

Version 6 → 7: the ranking's objective (``ranking.objective``) became None unless asked, the budget basis then
deciding (:func:`~configurator.core.scenario_ranking.objective_for`: by rent where the budget is rent, session 50);
files of versions 5 and 6 wrote 'tco', the single default then, into every scenario whose panel was left as it
opened, so that value is dropped as not asked. A file that caps capex ranks as before; one whose budget is rent now
ranks by rent. Any other objective was the buyer's and is kept.
"""

from __future__ import annotations

from configurator.core.formulas.efficiency import PREFILL_EFFICIENCY, PROMPT_EFFICIENCY
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

PROMPT_EFFICIENCY_SINCE = 6
"""The schema version from which the time to first token reads the prompt efficiency."""

OLD_PREFILL_DEFAULTS = (0.85, 0.871, 0.908, 0.921, 0.927, 0.928, 0.936)
"""Every default ``prefill_efficiency`` has had as a share of the GEMM rate by shape (``PREFILL_EFFICIENCY``
in ``formulas/efficiency.py``'s history since 2026-12-02); files wrote the one in force into every
scenario."""


OBJECTIVE_BY_BASIS_SINCE = 7
"""The schema version from which the ranking's objective is None unless asked."""

OLD_OBJECTIVE_DEFAULT = "tco"
"""The ranking objective every scenario file of versions 5 and 6 carried unless the buyer picked another."""


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
    if version < PROMPT_EFFICIENCY_SINCE:
        body = _prompt_efficiency_split(body, notes if body.get("workload") == _SERVING_WORKLOAD else None)
    if version < OBJECTIVE_BY_BASIS_SINCE:
        body = _objective_by_basis(body)
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


def _objective_by_basis(body: dict) -> dict:
    """``body`` with a ranking objective of the old default dropped (version 6 → 7)."""
    ranking = body.get("ranking")
    if not isinstance(ranking, dict) or ranking.get("objective") != OLD_OBJECTIVE_DEFAULT:
        return body
    return {**body, "ranking": {k: v for k, v in ranking.items() if k != "objective"}}


def _attention_by_kernel(body: dict) -> dict:
    """``body`` with an attention efficiency of the old default dropped (version 2 → 3)."""
    assumptions = body.get("assumptions")
    if not isinstance(assumptions, dict) or assumptions.get("attention_efficiency") != OLD_ATTENTION_DEFAULT:
        return body
    return {**body, "assumptions": {k: v for k, v in assumptions.items() if k != "attention_efficiency"}}


def _prompt_efficiency_split(body: dict, notes: list[Message] | None) -> dict:
    """``body`` with its serving-step efficiency read as the module docstring's version 5 → 6 says."""
    assumptions = body.get("assumptions")
    if not isinstance(assumptions, dict) or "prompt_efficiency" in assumptions:
        return body
    old = assumptions.get("prefill_efficiency")
    if isinstance(old, bool) or not isinstance(old, (int, float)):
        return body  # absent, or a bad value that validation refuses
    if any(abs(old - default) < 5e-7 for default in OLD_PREFILL_DEFAULTS):
        return body  # the default then in force: the prompt takes today's
    prompt = carried_prompt_efficiency(old)
    if notes is not None:
        notes.append(msg("scenario-prefill-carried", old=old, prompt=prompt,
                         ratio=f"{PROMPT_EFFICIENCY / PREFILL_EFFICIENCY:.3f}"))
    return {**body, "assumptions": {**assumptions, "prompt_efficiency": prompt}}


def carried_prompt_efficiency(prefill_efficiency: float) -> float:
    """The prompt efficiency an older file's own serving-step efficiency comes to (version 5 → 6).

    Parameters
    ----------
    prefill_efficiency : float
        The file's ``assumptions.prefill_efficiency`` [share of the GEMM rate by shape, 0–1].

    Returns
    -------
    float
        ``prefill_efficiency`` × ``PROMPT_EFFICIENCY`` / ``PREFILL_EFFICIENCY``, rounded to 0.001 and kept
        inside the field's range 0.01–1 [share of the GEMM rate by shape].
    """
    return min(1.0, max(0.01, round(prefill_efficiency * PROMPT_EFFICIENCY / PREFILL_EFFICIENCY, 3)))
