"""Names of the printed summary's things (objectives, item kinds, links, recipes, classes …)
as label ids, and how sources are cited.

The labels are translated by the one catalogue, :mod:`configurator.core.view.words`
(re-exported here: ``Words``, ``ZH_CN``, ``LANGUAGES``); core warnings by message id
(:mod:`configurator.core.messages`).
"""

from __future__ import annotations

import re

from configurator.core.procurement.bom import IDLE_WORDS
from configurator.core.view.bom_names import ITEMS, item_label
from configurator.core.view.card_names import card_name, counts_chips
from configurator.core.view.card_view import EXPORT as EXPORT_LABELS  # noqa: F401 - the card view's names
from configurator.core.view.card_view import LINKS as LINK_LABELS  # noqa: F401
from configurator.core.view.names import CLASSES as CLASS_LABELS  # noqa: F401 - the names the window uses too
from configurator.core.view.names import OPTIMIZERS as OPTIMIZER_LABELS  # noqa: F401
from configurator.core.view.names import RECIPES as RECIPE_LABELS  # noqa: F401
from configurator.core.view.names import RECOMPUTE as RECOMPUTE_LABELS  # noqa: F401
from configurator.core.view.names import VGPU as VGPU_LABELS  # noqa: F401
from configurator.core.view.names import WORKLOADS as WORKLOAD_LABELS  # noqa: F401
from configurator.core.view.words import LANGUAGES, ZH_CN, Words  # noqa: F401 - re-exported


OBJECTIVE_LABELS = {"tco": "lowest total cost of ownership", "cloud": "lowest cloud cost", "fastest": "fastest",
                    "energy": "lowest energy", "fewest-cards": "fewest cards"}

ITEM_LABELS = ITEMS
"""Short names of the price file's items (:data:`configurator.core.view.bom_names.ITEMS`, which the
window's BOM panel names them by too)."""

UNIT_NOUNS = {"per card": "cards", "per board": "boards", "per server": "servers", "per port": "ports",
              "per link": "links",
              "per switch": "switches", "per rack": "racks", "per TB": "TB", "per user-year": "users",
              "per GPU-year": "GPU licences", "per deployment": "", "per system": "systems",
              "per workstation": "workstations"}

MEASURED_UNITS = {"per TB": "TB"}
"""The price-file units whose quantity is measured, not counted (13.6 TB of storage), with their symbol: a
unit price per one of them says it ("458 USD/TB"), where one per card, server or switch is per item, as
its quantity's noun says. The bill's storage read "458 USD" beside "13.6 TB" until December 2026."""


def price_per(unit: str) -> str:
    """What follows a unit price in ``unit`` (a price-file item's unit, 'per TB'): '/TB' for a measured
    unit (:data:`MEASURED_UNITS`), nothing for an item counted ('per server')."""
    symbol = MEASURED_UNITS.get(unit)
    return f"/{symbol}" if symbol else ""


TIER_LABELS = {"leaf": "Scale-out leaf switches", "spine": "Scale-out spine switches",
               "core": "Scale-out core switches"}


ITEM_ROLE = "{item} — {role}"
"""A bill-of-materials line's item and what it is there for ('H100 SXM5 80GB — Accelerator cards already
owned (not bought)'), a Chinese dash unspaced in Chinese ('昇腾 910B——已拥有的加速卡（不再采购）'; ' — ' stood
in Chinese summaries until December 2026, where the window's bill wrote '——')."""


def item_name(line, w: Words) -> str:
    """What a bill-of-materials line is called in the summary's language (by its item and role)."""
    role = getattr(line, "role", "")
    spare = role == "spare" or line.name.endswith("(spares)") or line.name.startswith("spare servers")
    if line.kind == "accelerator":
        card = card_name(line.name.removesuffix(" (spares)"), w.language)  # the reader's name of the card
        shown = w(ITEM_ROLE, item=card, role=w('Accelerator cards (spares)')) if spare else card  # the kind column: "Accelerators"
        if line.unit_price == 0.0 and line.source.startswith("included"):
            return w(ITEM_ROLE, item=shown, role=w('Accelerators included in the system price'))
        if role == "owned":
            return w(ITEM_ROLE, item=card, role=w('Accelerator cards already owned (not bought)'))
        if role == "board":  # a multi-GPU board (A16) is bought whole, at a board's price
            return w(ITEM_ROLE, item=card, role=w('whole boards, priced by the board'))
        if role == "idle":  # a baseboard's modules are bought all together (servers.cards_bought)
            idle = card_name(line.name.removesuffix(f' ({IDLE_WORDS})'), w.language)
            return w(ITEM_ROLE, item=idle, role=w(IDLE_WORDS))
        return shown
    if spare:
        return w("Spare servers")
    if role == "owned":  # the servers the owned cards come in
        return w(ITEM_ROLE, item=item_label(line.item_id, w) or line.item_id,
                 role=w('already owned (not bought)'))
    tier = re.match(r"scale-out (leaf|spine|core) switches \((\d+) × 400G ports\)", line.name)
    if role in TIER_LABELS or tier:
        label = w(TIER_LABELS[role if role in TIER_LABELS else tier.group(1)])
        return w("{switches} ({ports} × 400 Gb/s)", switches=label, ports=tier.group(2)) if tier else label
    if role == "network-rack" or line.name.startswith("network racks"):
        return w("Network racks (air-cooled)")
    return item_label(line.item_id, w) or line.item_id


SINGULAR = {"cards": "card", "boards": "board",
            "servers": "server", "ports": "port", "links": "link", "switches": "switch",
            "racks": "rack", "users": "user", "GPU licences": "GPU licence", "systems": "system",
            "workstations": "workstation"}
"""English nouns for a quantity of one."""


def line_card(line) -> str:
    """The catalog name of the card a bill-of-materials ``line`` buys, less its role's suffix (' (spares)', the
    idle words); '' for a line of anything else."""
    if getattr(line, "kind", "") != "accelerator":
        return ""
    return line.name.removesuffix(" (spares)").removesuffix(f" ({IDLE_WORDS})")


def quantity_unit(unit: str, w: Words, quantity: float = 2, card: str = "") -> str:
    """The noun a quantity counts ('per server' -> 'servers', one 'server'); cards of ``card`` (a catalog name,
    :func:`line_card`) whose Chinese name counts chips are counted in the same word in Chinese ('16 颗', not
    '16 张卡': :func:`~configurator.core.view.card_names.counts_chips`, the configuration line's rule; until
    December 2026 the bill said '16 张卡' beside '（每台 8 颗 NPU）', words49). English counts cards as before."""
    noun = UNIT_NOUNS.get(unit, unit.removeprefix("per "))
    if not noun:
        return ""
    if noun == "cards" and w.language != "en" and counts_chips(card):
        noun = "chips"
    return SINGULAR.get(noun, noun) if quantity == 1 and w.language == "en" else w(noun)


_ADDRESS = re.compile(r"(?:https?://)?(?:[\w-]+\.)+[a-z]{2,}(?:/(?:[\w./%#?=&+~-]|,(?=\w))*)?|arXiv:\d{4}\.\d{4,5}",
                      re.IGNORECASE)
"""A web address or an arXiv id in a source; a comma inside an address's path is kept where a word character
follows it (Gaudi 3's y-ic.de page "…-nvidia-h100,but-at-a-lower-cost.html" was cited in Chinese as two
addresses), a comma after one ends it ("…/moore_gpu, offered …")."""
_INTERNAL = re.compile(r"(?:^|[\s(;])(?:shared|reference|resources|docs|tests|configurator)/\S*")


def searched(text: str) -> bool:
    """A price source that records a search without a price ("Searched pages for …; none found")."""
    return (text or "").lower().startswith(("searched", "search"))


def searched_note(text: str, language: str) -> str:
    """Such a source as the bill of materials shows it: in English as written; in Chinese "no
    price found" with the addresses that were searched (the prose is not translated)."""
    if language == "en":
        return text
    w = Words(language)
    where = reference(_SEARCH_WORDS.sub("", text), language)
    return w("No price found; searched: {where}", where=where) if where else w("No price found (searched)")


_SEARCH_WORDS = re.compile(r"^\s*search(?:ed)?\b", re.IGNORECASE)


def reference(text: str, language: str) -> str:
    """A source as the summary cites it: without paths inside this project; in Chinese by its
    addresses (web addresses, arXiv ids), which need no translation."""
    text = _INTERNAL.sub("", text or "").strip(" ;,")
    if not text or searched(text):
        return ""
    if language == "en":
        return text
    found = []
    for match in _ADDRESS.finditer(text):
        address = match.group(0).rstrip(".)").removeprefix("https://").removeprefix("http://")
        if re.search(r"\.(json|py|md|csv)$", address) and "/" not in address:
            continue
        if address not in found:
            found.append(address)
    return "; ".join(found[:3])


def sentences(w: Words, *said: str) -> str:
    """Sentences one after another: a space between them in English, none after a Chinese full stop."""
    return ("" if w.language == "zh_CN" else " ").join(said)


def sentence(w: Words, said) -> str:
    """The message ``said`` in ``w``'s language as a sentence of its own: with its full stop ("." in English,
    "。" in Chinese)."""
    return w.message(said) + ("。" if w.language == "zh_CN" else ".")
