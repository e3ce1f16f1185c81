"""What a bill of materials says of the cards already owned (``Economics.owned_cards``): where they run —
modules in servers of the buyer's, cards sold singly in the slots of servers bought — what goes into an
owned server's empty places, and which owned cards the deployment leaves idle or off, with the rule for
their power (:func:`~configurator.core.procurement.servers.housing` counts them)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.messages import Message, msg
from configurator.core.procurement.servers import Housing, ServerType, idle_module_w, sold_in_servers


def owned_notes(card: Card, kind: ServerType, home: Housing) -> tuple[Message, ...]:
    """The bill's notes on the owned cards housed as ``home`` in servers of ``kind``; none without any.

    Modules (:func:`~configurator.core.procurement.servers.sold_in_servers`): the owned servers they come
    in, by the price file's item and places ("The 4 × H100 SXM5 80GB already owned come in one 8-GPU server
    of yours (server-hgx-8), not bought"), the bought modules that go into their empty places or the places
    left empty, the owned modules given no work (at idle power: the server they are in is counted) and
    those in owned servers the deployment leaves off (not counted, neither power nor price). Cards sold
    singly go into the slots of the servers bought, and those the deployment does not use are not counted."""
    if not home.owned_used and not home.owned_left:
        return ()
    name = card.name
    if kind.item_id is None or kind.rack_scale or not sold_in_servers(card):
        loose = home.owned_used if kind.item_id and not kind.rack_scale else 0  # no server of their own
        said = (msg("bill-owned-in-slots", owned=loose, card=name),) if loose else ()
        return said + ((msg("bill-owned-left", left=home.owned_left, card=name),) if home.owned_left else ())
    notes: list[Message] = []
    if home.servers_owned:
        one = home.servers_owned == 1
        notes.append(msg("bill-owned-server" if one else "bill-owned-servers", owned=home.owned_used, card=name,
                         servers=home.servers_owned, places=kind.gpus, item=kind.item_id))
    if home.places_filled:
        notes.append(msg("bill-owned-places-filled", filled=home.places_filled, card=name))
    if home.places_empty:
        notes.append(msg("bill-owned-places-empty", empty=home.places_empty))
    if home.owned_idle:
        notes.append(msg("bill-owned-idle", idle=home.owned_idle, watts=idle_module_w(card)))
    if home.owned_left:
        notes.append(msg("bill-owned-left-servers", left=home.owned_left, card=name, servers=home.servers_left))
    return tuple(notes)
