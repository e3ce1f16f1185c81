"""Which cards each launched server process uses: model copies laid on servers in order, a
process's cards inside one server where they fit (``CUDA_VISIBLE_DEVICES``), and servers that
run the same processes listed once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Slot:
    """One server process on one server: its role, its cards there and its port."""

    role: str
    """``serving``, ``prefill`` or ``decode``."""
    gpus: tuple[int, ...]
    """Card indices inside the server."""
    port: int


@dataclass(frozen=True)
class ServerGroup:
    """Consecutive servers that run the same processes [server numbers from 1]."""

    first: int
    last: int
    slots: tuple[Slot, ...]


FIRST_PORT = 8000
"""Port of a server's first process; the next ones count up from it."""


def server_groups(units: int, cards_per_unit: int, cards_per_node: int, prefill_units: int) -> list[ServerGroup]:
    """The processes of ``units`` launch units of ``cards_per_unit`` cards each, laid in order on
    servers of ``cards_per_node`` cards, grouped where consecutive servers run the same ones; the
    first ``prefill_units`` units prefill when the deployment splits prefill from decode.
    Requires ``cards_per_unit <= cards_per_node`` (a unit spanning servers is launched per node)."""
    per_server: dict[int, list[Slot]] = {}
    for unit in range(units):
        first = unit * cards_per_unit
        server, local = divmod(first, cards_per_node)
        if local + cards_per_unit > cards_per_node:  # a unit never straddles two servers: start the next
            server, local = server + 1, 0
        role = "serving" if prefill_units == 0 else ("prefill" if unit < prefill_units else "decode")
        slots = per_server.setdefault(server, [])
        slots.append(Slot(role, tuple(range(local, local + cards_per_unit)), FIRST_PORT + len(slots)))
    groups: list[ServerGroup] = []
    for server in sorted(per_server):
        slots = tuple(per_server[server])
        if groups and groups[-1].slots == slots and groups[-1].last == server:
            groups[-1] = ServerGroup(groups[-1].first, server + 1, slots)
        else:
            groups.append(ServerGroup(server + 1, server + 1, slots))
    return groups


def gpu_list(gpus: tuple[int, ...]) -> str:
    """``CUDA_VISIBLE_DEVICES`` value: '0,1,2,3'."""
    return ",".join(str(g) for g in gpus)
