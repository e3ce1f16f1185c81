"""The summary's configuration in one line: the cards, and what holds them — servers, rack-scale systems,
racks — or, for a desktop unit (a DGX Spark), that it is one and needs neither."""

from __future__ import annotations

from configurator.core.cloud_only import cloud_only
from configurator.core.desks import at_desks
from configurator.core.estimate import Estimate
from configurator.core.messages import msg
from configurator.core.procurement.deployment import DeploymentCost
from configurator.core.procurement.servers import server_type
from configurator.core.view.card_names import card_name, counts_chips
from configurator.report.language import Words
from configurator.report.parts import count


def _racks(n: int, w: Words) -> str:
    """The racks a configuration fills: none for a desktop unit (DGX Spark: "1 server (1 card each), 0 racks"
    until December 2026), else how many."""
    return w("no rack") if n == 0 else w("1 rack") if n == 1 else w("{n} racks", n=count(n))


def desktop_unit(est: Estimate) -> bool:
    """Whether ``est``'s cards are each a desktop unit bought whole, in no server and no rack (a DGX Spark:
    the catalog's form factor 'Desktop system …', which :func:`~configurator.core.procurement.servers.server_type`
    houses in no server); a cloud-only part (housed in none either) is rented, never bought, so not one."""
    return ("desktop" in (est.card.form_factor or "").lower()
            and server_type(est.card, est.scenario.count, est.scenario.count).item_id is None)


def configuration_text(est: Estimate, cost: DeploymentCost, w: Words) -> str:
    """'1,024 × H100 SXM5 80GB in 128 servers (8 cards each), 66 racks', '144 × Vera Rubin NVL72 as 2 rack-scale systems
    of 72 cards each, 3 racks' (until December 2026 "in 1 server (384 cards each)" for a CloudMatrix 384 supernode);
    servers not all full hold "up to" their cards ('19 × T4 in 7 servers (up to 3 cards each)'); the spare servers are
    counted with the servers ('in 34 servers (8 cards each; 2 of them spare), 13 racks': after the racks, ', 2 of them
    spare servers' read as two of the racks); the modules a full baseboard brings beyond the layout's are said after
    them ('1 × H100 SXM5 80GB in 1 server (8 cards each), 1 rack; 7 more cards bought with the servers, unused');
    a board of several GPUs by its boards and their GPUs ('8 × Atlas 300I Duo (one of its 2 Ascend 310P) in 1 server
    (4 boards, 8 NPUs each), 1 rack', in the vendor's chip word; until December 2026 "(8 cards each)", which a buyer
    reads as 8 boards);
    a desktop unit as what it is ('1 × DGX Spark (…), a desktop unit: no server, no rack', '桌面整机：无需服务器，
    无需机柜'; until December 2026 "in 1 server (1 card each), no rack", a server the bill does not have); one or two
    desktop boards in their deskside workstation ('1 × GeForce RTX 4090, in 1 deskside workstation: no server, no
    rack'; until December 2026 "in 1 server (1 card each), 1 rack"); a card sold only as a cloud service as rented
    ('32 × Cloud TPU7x Ironwood (per chip, reference), sold only as a cloud service: rented, no server to buy':
    :func:`~configurator.core.cloud_only.cloud_only`)."""
    s, bom = est.scenario, cost.bom
    text = f"{count(s.count)} × {card_name(est.card.name, w.language)}"
    if cloud_only(est.card):  # rented by the chip: no server of a bill (until December 2026 "in 32 servers, 1 rack")
        return text + w(", sold only as a cloud service: rented, no server to buy")
    if desktop_unit(est) and not bom.system:
        return text + (w(", a desktop unit: no server, no rack") if s.count == 1 else
                       w(", {n} desktop units: no server, no rack", n=count(s.count)))
    if at_desks(s):  # the monitors cabled to the card at each desk: workstations (procurement/workstations.py)
        return text + w(", in {n} deskside workstations (1 card each): no server, no rack", n=count(bom.servers))
    if bom.host == "workstation":  # one or two desktop boards in one deskside workstation (procurement/host.py)
        return text + w(", in 1 deskside workstation: no server, no rack")
    idle = sum(line.quantity for line in bom.lines if line.role == "idle")  # a baseboard is sold full
    spares = bom.spare_servers  # those bought: a rack-scale system's goodput spares are not (144 × Vera Rubin
    # in 2 racks read "1 of them spare" until December 2026)
    if bom.servers and bom.system is not None:  # a rack-scale system is bought whole: said as systems, not servers
        racks = _racks(bom.racks, w)
        chips = "-chips" if counts_chips(est.card.name) else ""  # 'per Blackwell GPU': 72 GPUs, not 72 cards
        systems = msg("in-system" + chips, per=bom.gpus_per_server, racks=racks, chip=est.card.chip_word) \
            if bom.servers == 1 else msg("in-systems" + chips, n=bom.servers, per=bom.gpus_per_server, racks=racks,
                                         chip=est.card.chip_word)
        text += w.message(systems)
    elif bom.servers:
        servers = w("1 server") if bom.servers == 1 else w("{n} servers", n=count(bom.servers))
        racks = _racks(bom.racks, w)
        if spares:
            each = " in {servers} (1 card each; {spares} of them spare), {racks}" if bom.gpus_per_server == 1 else \
                " in {servers} ({per} cards each; {spares} of them spare), {racks}"
        else:
            each = " in {servers} (1 card each), {racks}" if bom.gpus_per_server == 1 else \
                " in {servers} ({per} cards each), {racks}" if s.count + idle >= bom.servers * bom.gpus_per_server \
                else " in {servers} (up to {per} cards each), {racks}"
        per_board, boards = est.card.gpus_per_board, -(-bom.gpus_per_server // est.card.gpus_per_board)
        if per_board > 1 and bom.gpus_per_server > 1:  # a board of several GPUs: the boards, then their GPUs
            each = each.replace("{per} cards each", "{boards}, {per} {chip}s each")
        elif counts_chips(est.card.name) and bom.gpus_per_server > 1:  # counted as its name counts: '（每台 8 颗）'
            each = each.replace("{per} cards each", "{per} {chip}s each")  # beside '2 台服务器（每台 8 张卡）' until
            # December 2026 (persona49b)
        text += w(each, servers=servers, per=bom.gpus_per_server, racks=racks, spares=count(spares),
                  chip=est.card.chip_word,
                  boards=w("1 board") if boards == 1 else w("{n} boards", n=count(boards)))
    elif spares:
        text += w(", {n} of them spare servers", n=count(spares))
    if idle:
        text += w("; {n} more cards bought with the servers, unused", n=count(idle))
    return text


