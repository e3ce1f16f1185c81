"""The constraints a buyer set and whether a configuration meets each, as view rows (issue 24):
what the window's panel, the wizard, the command line and the summary's first page say about
budget, region, deadline, power and latency. Built from the one checker's verdicts
(``Estimate.verdicts``; :mod:`configurator.core.verdicts`), never from a check of its own.

* :func:`constraints_section` — one row per constraint the buyer set: its name, the verdict in
  words (what breaks and by how much, the margin left, or why it cannot be checked), and
  ``met`` / ``not met`` / ``cannot be checked`` as the note.
* :func:`latency_targets_phrase` — the latency targets a serving scenario is held to and whose
  they are (shown for serving work only: :func:`targets_held` of an estimate says None for other work) ("first token ≤ 1 s and ≤ 100 ms per token at p90 (default for interactive chat)").
* :func:`verdict_state` — ``met``, ``not met`` or ``cannot be checked`` (a label id);
  :func:`overall_state` the worst of them (a headline's colour).
Qt-free.
"""

from __future__ import annotations

from collections.abc import Iterable

from configurator.core.scenario import Scenario
from configurator.core.serving_use import SET, latency_targets
from configurator.core.verdicts import Verdict
from configurator.core.view.names import CONSTRAINT_NAMES
from configurator.core.view.rows import Amount, Phrase, Row, Section

ORIGIN_LABELS = {"chat": "default for interactive chat", "api": "default for an API", SET: "your targets"}
"""Label ids of whose latency targets they are (``LatencyTargets.*_origin``)."""


def verdict_state(verdict: Verdict) -> str:
    """``met``, ``not met`` or ``cannot be checked`` (label ids)."""
    if verdict.met is None:
        return "cannot be checked"
    return "met" if verdict.met else "not met"


def overall_state(verdicts: Iterable[Verdict]) -> str | None:
    """The worst of the verdicts: ``not met`` when any constraint is broken, else ``cannot be
    checked`` when any is unknown, else ``met``; None when the buyer set none (a headline's
    colour: red, amber, green)."""
    states = {verdict_state(v) for v in verdicts}
    for state in ("not met", "cannot be checked", "met"):
        if state in states:
            return state
    return None


def constraints_section(verdicts: Iterable[Verdict]) -> Section | None:
    """The constraints set, one row each (label: the constraint's name; value: the verdict in
    words; note: met / not met / cannot be checked; key: ``constraint.<id>``); None when the
    buyer set none."""
    rows = tuple(Row(CONSTRAINT_NAMES[v.id], v.message, verdict_state(v), key=f"constraint.{v.id}")
                 for v in verdicts)
    return Section("constraints", "Constraints", rows) if rows else None


def targets_held(est) -> Phrase | str | None:
    """The latency targets an estimate's serving deployment is held to (:func:`latency_targets_phrase`);
    None for other work."""
    from configurator.core.workloads import family_of  # loaded with the estimate (the editor imports this module first)

    return latency_targets_phrase(est.scenario) if family_of(est.scenario.workload).name == "serving" else None


def latency_targets_phrase(scenario: Scenario) -> Phrase | str:
    """The latency targets a serving scenario is held to, and whose (the buyer's or the use's
    default); a label id for a use without targets. The caller shows it for serving work only."""
    targets = latency_targets(scenario)
    if not targets.any:
        return "none (offline batch: ranked by cost per token)"
    origin = targets.tpot_origin if targets.tpot_ms else targets.ttft_origin
    return Phrase("first token ≤ {ttft} and ≤ {tpot} per token at {percentile} ({origin})",
                  {"ttft": Amount(targets.ttft_ms / 1000, "s") if targets.ttft_ms else None,
                   "tpot": Amount(targets.tpot_ms / 1000, "s") if targets.tpot_ms else None,
                   "percentile": f"p{targets.percentile}", "origin": ORIGIN_LABELS.get(origin, origin)})
