"""The nodes a card is sold in: the server items of the bundled price file that name their cards
(``for_cards``) and their GPU places (``gpus``), and the cards one node of a layout holds.

Some cards are only sold built into their makers' nodes: the GH200 superchip in nodes of 1, 2 or 4
(no x86 host: the Grace CPU is on the superchip), the MI250X in 4-module liquid-cooled nodes (HPE
Cray EX235a: Frontier, LUMI-G, CSCS Alps). A layout's ``cards_per_node`` (8 by default) cannot put
more of them in one server than the largest such node has places for: 8 GH200 are two 4-superchip
NVLink nodes joined by the scale-out network, not one server. The low-profile single-slot cards
(T4, A2, L4) are named by the 1- and 2-slot servers and by a general-purpose 2U server of eight
such places (``server-slim-2u-8``), not housed as double-width GPUs; the full-length single-slot
A10 (150 W) by the 2-slot 2U (no 1U: ``server-pcie-1`` takes low-profile cards only, since
December 2026), a general-purpose 2U of four full-length places
(``server-fhfl-2u-4``: Lenovo SR650 V2) and the 4U eight-GPU PCIe server (``server-pcie-8``:
MLPerf's Supermicro 4029GP-TRT with 8 A10). The 4U chassis of 20 single-slot places
(``server-dense-4u-20``) names no card: it has no price, and an unpriced server would leave the
bill of a T4 fleet incomplete where a priced 2U holds it. One place says so, for the fabric
(:func:`configurator.core.training_speed.fabric`), the servers a scenario needs
(:attr:`configurator.core.scenario.Scenario.nodes`), the launch scripts' ``--nproc-per-node`` and
the bill of materials (:func:`configurator.core.procurement.servers.server_type`).

Imports only the price file (below the scenario, the speed model and the servers), so any of them
can ask.
"""

from __future__ import annotations

from functools import lru_cache

from configurator.core.procurement.prices import bundled_price_book


def card_nodes(card_id: str) -> tuple[tuple[int, str], ...]:
    """The nodes the bundled price file sells ``card_id`` in: (GPU places, item id), fewest
    places first; empty for a card bought in a general server (HGX, PCIe) or a rack-scale system."""
    return _node_items().get(card_id, ())


def largest_node(card_id: str) -> int | None:
    """GPU places of the largest node the bundled price file sells ``card_id`` in [count]: 4 for
    the GH200 (its 4-superchip NVLink node) and the MI250X (HPE Cray EX235a); None for a card
    bought in a general server or a rack-scale system."""
    nodes = card_nodes(card_id)
    return nodes[-1][0] if nodes else None


def cards_in_node(card_id: str, cards_per_node: int) -> int:
    """Cards one server holds in a layout of ``cards_per_node`` cards a server [count]: the
    layout's figure, at most the places of the largest node ``card_id`` is sold in
    (:func:`largest_node`; 8 GH200 at the default 8 a server are two 4-superchip nodes)."""
    largest = _node_items_largest().get(card_id)
    return cards_per_node if largest is None or cards_per_node <= largest else largest


@lru_cache(maxsize=1)
def _node_items() -> dict[str, tuple[tuple[int, str], ...]]:
    """The server items of the bundled price file that name their cards (``for_cards``) and their
    GPU places (``gpus``), by card id, fewest places first (read once: a buyer's quotes change
    prices, never which items there are)."""
    nodes: dict[str, list[tuple[int, str]]] = {}
    for item in bundled_price_book().items.values():
        if item.kind == "server" and item.gpus:
            for card_id in item.for_cards:
                nodes.setdefault(card_id, []).append((item.gpus, item.item_id))
    return {card_id: tuple(sorted(found)) for card_id, found in nodes.items()}


@lru_cache(maxsize=1)
def _node_items_largest() -> dict[str, int]:
    """:func:`largest_node` of every card the price file names, by card id (read once; the fabric
    asks on every estimate)."""
    return {card_id: found[-1][0] for card_id, found in _node_items().items()}
