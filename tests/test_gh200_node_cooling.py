"""A node of four GH200 superchips is bought liquid-cooled, as its makers build it (HPE Cray EX254n
blades in liquid-cooled cabinets with no fans: CSCS Alps documentation, docs/alps/hardware.md), not
in an air-cooled rack because its power per node is under the air-cooled rack's limit. The 1- and
2-superchip nodes (air-cooled MGX servers in NVIDIA's MLPerf systems) keep the power rule."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.scenario import Scenario


def _bill(catalog, per_node: int, count: int):
    scenario = Scenario(model=preset("llama3-70b"), workload="inference", card_id="gh200-144gb", count=count)
    scenario = scenario.model_copy(update={"parallelism": scenario.parallelism.model_copy(
        update={"cards_per_node": per_node})})
    return bill_of_materials(scenario, catalog.get("gh200-144gb"), bundled_price_book())


def test_the_four_superchip_node_is_published_liquid_cooled_with_its_source():
    node = bundled_price_book().item("server-gh200-4")
    assert node.cooling == "liquid" and "direct liquid cooling" in node.source and "cscs-docs" in node.source


def test_four_superchip_nodes_stand_in_liquid_cooled_racks(catalog):
    bom = _bill(catalog, 4, 8)
    racks = [line.item_id for line in bom.lines if line.kind == "rack" and line.role != "network-rack"]
    assert bom.liquid_cooled is True and racks == ["rack-liquid"]


def test_smaller_nodes_keep_the_power_rule(catalog):
    bom = _bill(catalog, 2, 8)  # 4 NVL2 nodes of about 2 kW each: air
    assert bom.liquid_cooled is False
    assert [line.item_id for line in bom.lines if line.kind == "rack" and line.role != "network-rack"] == ["rack-air"]
