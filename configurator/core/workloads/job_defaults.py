"""A scenario's job defaults carried across a change of its job: the one rule the window's editor and
the workload wizard follow when the workload or the model changes under a field the user left at its
default (the command line reads the same default, :meth:`WorkloadFamily.default_seq_len`, where no
``--seq-len`` is given)."""

from __future__ import annotations

from configurator.core.scenario import Scenario, updated
from configurator.core.workloads import family_of


def default_sequence(scenario: Scenario) -> int:
    """Tokens per sequence ``scenario``'s job takes where the user gives none [tokens]: its family's
    ``default_seq_len`` (a pre-training's the model's published context, Llama 3 8,192; a fine-tune's
    2,048), as the command line defaults it."""
    return family_of(scenario.workload).default_seq_len(scenario)


def with_default_sequence(changed: Scenario, before: Scenario, typed: bool = False) -> Scenario:
    """``changed`` on its job's default sequence (:func:`default_sequence`) where ``before``'s sequence
    was its own job's default and not ``typed`` by the user; else ``changed`` as it is, the user's
    sequence kept. A fine-tune of Llama 3 on the default 2,048 switched to pre-training reads 8,192;
    a 4,096 the user set stays 4,096. Until December 2026 the window's editor kept 2,048 on a switch
    to pre-training, and the wizard alone moved it."""
    if typed or before.training.seq_len != default_sequence(before):
        return changed
    seq_len = default_sequence(changed)
    return changed if seq_len == changed.training.seq_len else updated(changed, training={"seq_len": seq_len})
