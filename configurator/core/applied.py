"""What a ranked configuration carries into the buyer's scenario when it is applied — the window's "Use
this configuration", the wizard's proposal, ``report`` without ``--card`` — and so into the question its
summary's alternatives answer (:func:`~configurator.core.training_mistake.comparable_scenario` reads the
applied scenario): the card, its count and its layout, and of the question's settings only what the buyer
asked (the load and the job's batch, :func:`~configurator.core.serving_use.as_asked`; the cards a server
may hold, :func:`cards_per_server_asked`). Qt-free."""

from __future__ import annotations

from configurator.core.graphics import host_cards_per_server
from configurator.core.scenario import Scenario, updated
from configurator.core.serving_use import as_asked
from configurator.core.workloads.base import Estimate


def cards_per_server_asked(found: Estimate, scenario: Scenario, question: Scenario) -> Scenario:
    """``scenario`` (``found``'s, as asked) with the cards a server may hold (``cards_per_node``) the buyer's
    ``question`` set, where ``found``'s deployment only narrowed it to the cards its servers use — the
    desktops a host's processors and memory carry (:func:`~configurator.core.graphics.host_cards_per_server`:
    40 designers on RTX A6000, 12 desktops a card and 48 a host, are 4 cards in a 4-slot server) — and the
    question's setting gives those same servers again; ``scenario`` unchanged where the deployment set it for
    the card itself (a consumer card's encode sessions count per server: one card each) or the question's
    is the same. The summary ranked its alternatives at the chosen card's 4 cards a server the buyer never
    set, 10 × T4 in one server more, 505 元 a user-month where ``recommend`` ranks them at 450 元, the
    order with 7 × A10 flipped, until December 2026 (persona51, nearest51)."""
    asked = question.parallelism.cards_per_node
    if scenario.parallelism.cards_per_node == asked or found.graphics is None:
        return scenario
    at_asked = updated(scenario, parallelism={"cards_per_node": asked})
    same = host_cards_per_server(at_asked, found.card) == host_cards_per_server(scenario, found.card)
    return at_asked if same else scenario


def applied(found: Estimate, question: Scenario) -> Scenario:
    """The scenario that applying ``found`` (a ranked configuration's estimate) to the buyer's ``question``
    makes: ``found``'s scenario with the load and the job's batch asked
    (:func:`~configurator.core.serving_use.as_asked`) and the cards a server may hold asked
    (:func:`cards_per_server_asked`)."""
    return cards_per_server_asked(found, as_asked(found.scenario, question), question)
