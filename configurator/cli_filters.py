"""Which cards a ranking may list, as the command line's flags say it: ``--owned ID:COUNT``, ``--classes``,
``--vendor``, ``--domestic-only``, ``--software`` and ``--cards`` read into the ranking's
:class:`~configurator.core.recommend.Filters` (``recommend``, ``report``; ``catalog list --software``),
each bad value a usage error naming what the catalog holds."""

from __future__ import annotations

import argparse
import re

from configurator.cli_usage import UsageError, listed, nearest
from configurator.core.catalog import CARD_CLASSES, FRAMEWORKS, Catalog
from configurator.core.messages import msg
from configurator.core.recommend import Filters

MAX_OWNED = 1_000_000
"""Most cards one may say are already owned (the scenario's own card-count bound)."""


def filters_from_args(args: argparse.Namespace, catalog: Catalog) -> Filters:
    """The ranking's filters the flags give: the cards owned, the classes, vendors, frameworks and cards
    it may list (each absent: no filter)."""
    owned_card, owned_count = None, 0
    if args.owned is not None:
        owned_card, colon, count = args.owned.partition(":")
        if not colon or not re.fullmatch(r"-?[0-9]+", count.strip()):
            raise UsageError(msg("cli-owned-form", example="h100-sxm:16", text=args.owned))
        owned_count = int(count)
        if owned_card not in catalog:
            raise UsageError(msg("cli-flag", flag="--owned", problem=catalog.unknown_message(owned_card)))
        if not 1 <= owned_count <= MAX_OWNED:
            raise UsageError(msg("cli-cards-range", flag="--owned", count=owned_count, low=1, high=MAX_OWNED))
    classes = listed("--classes", args.classes, CARD_CLASSES, "cli-unknown-class") if args.classes is not None else ()
    return Filters(vendors=vendors_from_args(args.vendor, catalog), domestic_only=bool(args.domestic_only),
                   classes=classes, owned_card=owned_card, owned_count=owned_count,
                   software=software_from_args(args.software), cards=cards_from_args(args.cards, catalog))


def cards_from_args(text: str | None, catalog: Catalog) -> tuple[str, ...]:
    """'h20, Ascend-910B' -> ('h20', 'ascend-910b'): the catalog ids of ``--cards``, each once, in the order
    given; an id the catalog lacks is a usage error naming the nearest ids (none given: no filter)."""
    if not (text or "").strip(", "):
        return ()
    spelled = {card_id.lower(): card_id for card_id in catalog.ids()}
    names = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    for name in names:
        if name.lower() not in spelled:
            raise UsageError(msg("cli-flag", flag="--cards", problem=catalog.unknown_message(name)))
    return tuple(dict.fromkeys(spelled[n.lower()] for n in names))


def vendors_from_args(given: list[str], catalog: Catalog) -> tuple[str, ...]:
    """The vendors of ``--vendor`` as the catalog spells them ('nvidia' is NVIDIA); one that makes
    no card of the catalog is a usage error naming those that do."""
    vendors = sorted({c.vendor for c in catalog.cards})
    spelled = {v.lower(): v for v in vendors}
    unknown = [v for v in given if v.strip().lower() not in spelled]
    if unknown:
        raise UsageError(msg("cli-unknown-vendor", flag="--vendor", names=", ".join(f"'{v}'" for v in unknown),
                             hint=nearest(unknown[0], vendors), choices=", ".join(vendors)))
    return tuple(spelled[v.strip().lower()] for v in given)


def software_from_args(text: str | None) -> tuple[str, ...]:
    """'vllm,megatron' -> ('vllm', 'megatron'); an unknown framework is a usage error (none
    given, or an empty value: no filter)."""

    if not (text or "").strip(", "):
        return ()
    return listed("--software", text, FRAMEWORKS, "cli-unknown-framework")
