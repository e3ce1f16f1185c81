"""A deskside workstation holding two cards is the price file's ``workstation-2gpu`` (ws44, session 44): until
December 2026 the two-card box reused ``workstation-1gpu``, written for one card at a local-display desk, and every
"excludes the workstation" sentence named that item. One card in a deskside workstation, and each desk's
workstation, stay ``workstation-1gpu``."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.procurement.partial import excluded_message
from configurator.core.procurement.workstations import workstations_unpriced
from configurator.core.scenario import updated

LORA = ["--workload", "lora", "--model", "qwen2.5-7b"]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _scenario(catalog, count: int):
    argv = ["estimate", *LORA, "--card", "rtx-4090", "--count", str(count)]
    return scenario_from_args(build_parser().parse_args(argv), catalog)


def _bom(catalog, scenario):
    return deployment_cost(estimate(scenario, catalog.get("rtx-4090"))).bom


@pytest.mark.parametrize(("count", "item"), [(1, "workstation-1gpu"), (2, "workstation-2gpu")])
def test_the_box_is_the_item_for_its_cards(catalog, count, item):
    bom = _bom(catalog, _scenario(catalog, count))
    box = [line for line in bom.lines if line.item_id.startswith("workstation-")]
    assert [(line.item_id, line.quantity, line.unit_price) for line in box] == [(item, 1, None)]
    assert workstations_unpriced(bom) == 1
    assert item in excluded_message(bom).text  # the sentence names the item a quote completes


def test_the_two_card_item_is_sourced_and_unpriced():
    item = bundled_price_book().item("workstation-2gpu")
    assert item.unit_price is None and item.source and item.date and item.confidence
    assert "two" in item.name and "searched" in item.note.lower()


def test_a_quote_for_the_two_card_box_completes_the_bill(catalog):
    quote = {"item": "workstation-2gpu", "unit_price": 5000.0, "currency": "USD", "date": "2026-12"}
    scenario = _scenario(catalog, 2)
    bom = _bom(catalog, updated(scenario, economics={"quotes": [quote]}))
    assert bom.complete and workstations_unpriced(bom) == 0 and excluded_message(bom) is None


def test_what_fits_names_the_items_of_the_boxes_it_buys(capsys):
    """``what-fits --budget 5万元`` buys two of some cards in one workstation, one of others in another: its
    sentence names both items a quote prices (until December 2026 workstation-1gpu alone)."""
    from configurator.cli import main

    assert main(["what-fits", "--budget", "5万元", "--region", "cn"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("Bought as a desktop"))
    assert "workstation-2gpu" in line
