"""A scenario's job defaults carried across a change of its job: the one rule the window's editor and
the workload wizard follow when the workload or the model changes under a field the user left at its
default (the command line reads the same default, :meth:`WorkloadFamily.default_seq_len`, where no
``--seq-len`` is given); and a virtual desktop's shading load where its user class changes under a load
the user left at the class's starting point (:func:`with_class_load`)."""

from __future__ import annotations

from collections.abc import Container

from configurator.core.formulas.graphics import DESKTOP_CLASS_LOAD_TFLOPS
from configurator.core.scenario import Graphics, Scenario, updated
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


def class_load(user_class: str) -> float:
    """The average FP32 shading load a desktop user class starts at [TFLOP/s]
    (:data:`~configurator.core.formulas.graphics.DESKTOP_CLASS_LOAD_TFLOPS`: a designer 2, a knowledge
    worker 0.25): the one starting point the wizard, the window's editor and the command line read."""
    return DESKTOP_CLASS_LOAD_TFLOPS[user_class]


def with_class_load(changed: Scenario, before: Graphics, typed: bool = False) -> Scenario:
    """``changed`` at its desktop user class's starting shading load (:func:`class_load`) where its class
    is not ``before``'s, ``before``'s load was its own class's starting point and the user has not
    ``typed`` a load; else ``changed`` as it is, the user's load kept. ``--user-class designer`` reads
    2 TFLOP/s per user, as the wizard's designer does; with ``--shading 1`` it reads 1. Until December
    2026 the command line and the editor kept the office desktop's 0.25 and only warned that a designer's
    is 2 (the profile is the class's already: :func:`~configurator.core.graphics.desktop_profile_gib`)."""
    g = changed.graphics
    if typed or g.user_class == before.user_class or before.shading_tflops_per_user != class_load(before.user_class):
        return changed
    load = class_load(g.user_class)
    return changed if load == g.shading_tflops_per_user else updated(changed, graphics={"shading_tflops_per_user": load})


def default_card(scenario: Scenario) -> str:
    """The card ``scenario``'s work starts on where the user names none (a catalog id): its family's
    :attr:`~configurator.core.workloads.base.WorkloadFamily.default_card` (virtual desktops and
    rendering an L40S, transcoding an L4, training and serving the H100), as the command line defaults it."""
    return family_of(scenario.workload).default_card


def region_default_card(scenario: Scenario) -> str:
    """The card ``scenario``'s work starts on for its buyer's region (a catalog id): its family's
    :attr:`~configurator.core.workloads.base.WorkloadFamily.default_card_for_region` there (mainland
    China: training and serving the Ascend 910B, desktops and rendering the RTX A6000, transcoding the
    T4), else :func:`default_card`."""
    family = family_of(scenario.workload)
    return family.default_card_for_region.get(scenario.constraints.region or "", family.default_card)


def with_default_card(changed: Scenario, before: Scenario, typed: bool = False,
                      known: Container[str] | None = None, named: bool = False) -> Scenario:
    """``changed`` on a card for its work where its workload is not ``before``'s: on the new work's
    :func:`region_default_card` (else :func:`default_card`, the first of them ``known`` holds: the
    catalog's ids; None: any) where ``before`` sat on its own work's default card and the user has not
    ``typed`` a card, or where the card is not one for the new work (``known`` a catalog:
    :meth:`~configurator.core.workloads.base.WorkloadFamily.can_run`); else ``changed`` as it is. A card
    ``named`` in the same change (the wizard's answer) is kept.

    A new window's fine-tune on the H100 switched to virtual desktops reads the L40S, and back to
    training the H100; a Chinese window's Ascend 910B reads the RTX A6000 (the L40S needs an export
    licence there), and back the Ascend 910B; an A100 the user chose for training reads the L40S for
    desktops (no display outputs, no desktop vGPU), an RTX 6000 Ada stays. Until December 2026 the
    editor and the wizard kept the H100 for desktops, a card with no display outputs, and until
    session 46 a Chinese window kept its Ascend 910B, as every card but the family's default.
    """
    if named or changed.workload == before.workload:
        return changed
    on_default = before.card_id in (default_card(before), region_default_card(before))
    wanted = next((c for c in (region_default_card(changed), default_card(changed)) if known is None or c in known),
                  None)
    if wanted is None or wanted == changed.card_id:
        return changed
    if (typed or not on_default) and _can_run(changed, known):
        return changed
    return updated(changed, card_id=wanted)


def _can_run(scenario: Scenario, known: Container[str] | None) -> bool:
    """Whether ``scenario``'s card is one for its work (True where ``known`` cannot say: not a catalog,
    or without the card)."""
    get = getattr(known, "get", None)
    if get is None or scenario.card_id not in known:
        return True
    return family_of(scenario.workload).can_run(get(scenario.card_id), scenario.workload)
