"""``gpu-configurator catalog list|show|models``: the cards of the catalog (with the user's own), one
card with its sources, or the model presets; as a table in English or Chinese, or as JSON."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from configurator.cli_filters import software_from_args
from configurator.cli_usage import UsageError
from configurator.core.catalog import Card, Catalog
from configurator.report.text import card_details, catalog_table


def card_json(card: Card) -> dict:
    """A card as the catalog holds it, plus the ECCN 3A090 figures computed from its rates, whether
    it is the user's own, and the purchase price and rent a ranking uses with their flags (issue 25)."""
    from configurator.core.export_control import card_classification
    from configurator.core.procurement.card_price import cloud_price, price_to_dict, purchase_price

    tpp, density, paragraph = card_classification(card)
    return {**card.model_dump(mode="json"),
            "export_control_computed": {"tpp": tpp, "performance_density": density, "eccn_3a090": paragraph},
            "user": card.is_user, "ranked_price": price_to_dict(purchase_price(card)),
            "ranked_rent": price_to_dict(cloud_price(card))}


def run_catalog(args: argparse.Namespace, catalog: Catalog, print_json: Callable[[object], None]) -> int:
    """``catalog list``, ``catalog models`` or ``catalog show ID`` (printed with the command line's one JSON
    writer ``print_json`` where ``--json`` asks); the exit status."""
    if args.catalog_command == "list":
        from configurator.core.software import runs_software

        software = software_from_args(args.software)
        cards = [c for c in catalog.cards if (args.card_class is None or c.positioned_for((args.card_class,)))
                 and runs_software(c, software)]
        if args.json:
            print_json([card_json(c) for c in cards])
        else:
            print(catalog_table(cards, catalog, args.lang))
        return 0
    if args.catalog_command == "models":
        from configurator.core.architecture import load_presets

        for preset_id, model in load_presets().items():
            print(f"{preset_id:16} {model.total_params() / 1e9:8.2f} B params  {model.summary()}")
        return 0
    if args.card_id not in catalog:
        fake = catalog.not_a_product(args.card_id)
        if fake is None:
            raise UsageError(catalog.unknown_message(args.card_id))
        print(catalog.unknown_message(args.card_id).text_in(args.lang))
        return 1
    card: Card = catalog.get(args.card_id)
    if args.json:
        print_json(card_json(card))
    else:
        print(card_details(card, args.lang))
    return 0
