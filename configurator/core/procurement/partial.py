"""A total that leaves out an item without a price: the one rule for a bill whose cards are priced but another
line is not — a deskside workstation, a host node (the MI250X's, the GH200's), a rack-scale system's
infrastructure (the CloudMatrix 384's) — (:func:`items_unpriced`, the one place that decides it). Such a bill is
ranked on its priced part after every complete one
(:func:`~configurator.core.recommend_rows.ranked_after_complete`), every surface says what its total excludes
(:func:`excluded_message`), and a budget on it is never said to be met. A bill whose cards lack a price is no
partial total: without the cards it says nothing of them (listed "no price — enter a quote", not ranked).

Until December 2026 only the deskside workstations were treated so; a bill without its host node or its rack-scale
system's price was left out of the ranking ("no price for … — enter a quote"), two treatments of one situation
(persona47). Qt-free."""

from __future__ import annotations

from configurator.core.messages import Message, msg
from configurator.core.procurement.bom_lines import BillOfMaterials, BomLine
from configurator.core.procurement.workstations import WORKSTATION_ITEMS

DESK_ITEMS = frozenset(WORKSTATION_ITEMS.values())
"""The price file's deskside workstations, whose exclusion is said in workstations ("The total excludes
4 workstations") rather than by the item's name."""


def cards_unpriced(bom: BillOfMaterials) -> bool:
    """Whether ``bom``'s cards (an accelerator line) lack a price: its total then says nothing of buying them,
    so no rent-against-buy comparison (break-even, month) is made on it (it read 'buying pays off above 21 %
    utilisation' for 32 unpriced MI325X, persona50b)."""
    return any(line.kind == "accelerator" for line in bom.unpriced)


def items_unpriced(bom: BillOfMaterials) -> tuple[BomLine, ...]:
    """The lines ``bom``'s total leaves out where it is partial: every unpriced line, where none of them is the
    cards (an accelerator line); empty where the bill is complete or its cards lack a price."""
    return () if cards_unpriced(bom) else bom.unpriced


IN_SENTENCE = {"rack-system-of": "rack-system-of-in-sentence"}
"""A line's own name (:attr:`~configurator.core.procurement.bom_lines.BomLine.said`, a bill's cell: "Rack-scale
system of 384 …") and the same name inside a sentence, where English writes a common noun in lower case ("The
total excludes rack-scale system of …"; it read "The total excludes Rack-scale system of …" until December 2026,
persona48). The price file's names start with a proper noun or a figure ("Huawei CloudMatrix 384 supernode",
"4-module MI250X node") and stay as they are."""


def unpriced_names(lines) -> tuple[str | Message, ...]:
    """The names of unpriced ``lines`` as a sentence names them ("The total excludes …", "no price for …"): the
    price file's name up to its first colon, or the line's own message where the program names it, in its
    in-sentence form (:data:`IN_SENTENCE`), in the bill's order, each item once."""
    first: dict[str, str | Message] = {}
    for line in lines:
        said = line.said
        if said is not None and said.id in IN_SENTENCE:
            said = msg(IN_SENTENCE[said.id], **said.params)
        first.setdefault(line.item_id, said or line.name.split(":")[0].strip())
    return tuple(first.values())


def unpriced_item(bom: BillOfMaterials) -> str | None:
    """The first item ``bom``'s partial total leaves out (:func:`items_unpriced`), the one a buyer's quote
    completes it with; None for a complete bill or one whose cards lack a price."""
    lines = items_unpriced(bom)
    return lines[0].item_id if lines else None


def excluded_count(bom: BillOfMaterials) -> int:
    """How many of the items ``bom``'s partial total leaves out it buys (workstations, nodes, systems) [count]:
    0 for a complete bill or one whose cards lack a price."""
    return int(sum(line.quantity for line in items_unpriced(bom)))


ENERGY_EXCLUDED = msg("total-excludes-energy")
"""What a total without its energy leaves out, its bill complete and the cards' board power unpublished
(:func:`excluded_message`)."""


def excluded_message(bom: BillOfMaterials, energy_known: bool = True) -> Message | None:
    """What a partial total leaves out: "The total excludes 4 workstations (not priced: enter a quote for
    workstation-1gpu)", or for another item its names ("The total excludes 4-module MI250X node without the
    modules (not priced: enter a quote for server-mi250x-4)"), or, its bill complete but the cards' board power
    unpublished (``energy_known`` False: :attr:`~configurator.core.procurement.tco.OwnershipCost.energy_per_year`
    None), "The total excludes energy (no published board power)"; None for any other bill.

    A total without its energy is partial as one without a workstation is (session 51, buyer51): procurement.md's
    TCO is capex plus opex, and only the energy line (kW × hours × utilisation × PUE × price, with any colocation
    charged per kW) lacks its figure, so the total is ranked on the rest after every complete one and says so.
    Until December 2026 such a bill was not ranked at all: 16 × Ascend 910C server, capex 414.88 万元 within a
    500 万元 budget and every other constraint, was listed "not ranked" under "No card can be ranked" (persona50b)."""
    lines = items_unpriced(bom)
    if not lines:
        return ENERGY_EXCLUDED if not energy_known and not cards_unpriced(bom) else None
    n, item = excluded_count(bom), lines[0].item_id
    if all(line.item_id in DESK_ITEMS for line in lines):
        return msg("total-excludes-workstation" if n == 1 else "total-excludes-workstations", n=n, item=item)
    named = any(line.said is not None for line in lines)  # "… (quote item rack-cloudmatrix-384)": said once
    return msg("total-excludes-named" if named else "total-excludes-items", items=unpriced_names(lines), item=item)


NO_PURCHASE_PRICE = "no purchase price: enter a quote"
"""Why a bill whose cards have no price has no break-even utilisation (a label id)."""

NO_ENERGY = "none: buying's total has no energy (no published board power)"
"""Why a bill whose total leaves out its energy has no break-even utilisation (a label id)."""


def no_break_even(bom: BillOfMaterials, energy_known: bool = True) -> str | None:
    """Why rent is not compared with buying on ``bom`` (a label id): its cards have no price (:data:`NO_PURCHASE_PRICE`:
    the TCO says nothing of buying them, persona50b), or its total leaves out the energy, the cards' board power
    unpublished (:data:`NO_ENERGY`, ``energy_known`` False); None where the two can be compared. The one rule of the
    rent-or-buy line, the break-even and month rows and the rent chart, in the window and the summary.

    Without its energy, buying's total is a lower bound while the rent is whole, so the break-even utilisation would
    come out too low by the energy's share: until December 2026 16 × Ascend 910C server, ranked on a total without
    energy (buyer51), said 'buying pays off above …' on that total (buyer51b)."""
    if cards_unpriced(bom):
        return NO_PURCHASE_PRICE
    return NO_ENERGY if excluded_message(bom, energy_known) == ENERGY_EXCLUDED else None


def totals_note(boms, rows: str) -> Message | None:
    """The one sentence under a table of totals where any of ``boms`` is partial (:func:`items_unpriced`): the
    capex, TCO and cost per unit of ``rows`` (the partial ones, named in the reader's words) exclude the items
    named; None otherwise. Until December 2026 the sentence named no row and read as if of every one (words49)."""
    items = sorted({item for bom in boms if (item := unpriced_item(bom))})
    if not items:
        return None
    if all(item in DESK_ITEMS for item in items):
        return msg("totals-exclude-workstations", item=", ".join(items), rows=rows)
    return msg("totals-exclude-items", item=", ".join(items), rows=rows)
