"""Operators whose monitors are cabled to the card at their desk (``--local-display``) are bought workstations:
until December 2026 their bill was a data centre's — rack servers, a rack, switches, shared storage for virtual
desktops' disks and an NVIDIA vGPU licence per user (classrule, session 43). The price file has no sourced
price of a workstation without its card, so the workstations stand unpriced until the buyer's quote."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.scenario import Scenario, updated
from configurator.report.summary import build_summary

DESKS = ["--workload", "vdi", "--users", "16", "--monitors", "2", "--resolution", "2160p", "--local-display",
         "--user-class", "designer", "--card", "rtx-a6000", "--count", "8"]
"""16 designers at their desks, two 4K monitors each, on 8 × RTX A6000 (4 DisplayPort outputs: 2 users a card)."""

QUOTE = {"item": "workstation-1gpu", "unit_price": 4000.0, "currency": "USD", "date": "2026-12"}
"""A buyer's quote for the workstation (a test figure, not a price on file)."""


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _desks(*more: str) -> Scenario:
    return scenario_from_args(build_parser().parse_args(["estimate", *DESKS, *more]), load_catalog())


def test_the_bill_is_workstations_without_rack_network_or_licence(catalog):
    est = estimate(_desks(), catalog.get("rtx-a6000"))
    bom = deployment_cost(est).bom
    kinds = {line.item_id: line for line in bom.lines}
    assert set(kinds) == {"rtx-a6000", "workstation-1gpu"}  # no server, rack, switch, storage or vGPU licence
    assert kinds["workstation-1gpu"].quantity == 8 and kinds["workstation-1gpu"].unit_price is None
    assert bom.racks == 0 and bom.licences_per_year == 0 and not bom.complete
    assert bom.it_kw == pytest.approx(8 * catalog.get("rtx-a6000").tdp_w / 1000)  # the cards; the rest unknown
    assert est.costs.licence_per_unit in (None, 0.0)
    assert not any(m.id == "vgpu-licence-in-bill" for m in est.messages)
    said = bom.notes[0]
    assert "no rack server, rack" in said.text and "无机架服务器" in said.text_in("zh_CN")


def test_remote_desktops_keep_their_data_centre_bill(catalog):
    remote = updated(_desks(), graphics={"local_display": False})
    items = {line.item_id for line in deployment_cost(estimate(remote, catalog.get("rtx-a6000"))).bom.lines}
    assert "workstation-1gpu" not in items and {"rack-air", "software-vgpu"} <= items


def test_the_price_file_leaves_the_workstation_unpriced_with_its_search_on_record():
    item = bundled_price_book().item("workstation-1gpu")
    assert item.unit_price is None and item.power_w is None
    assert "searched 2026-12-06" in item.note and item.source and item.date and item.confidence


def test_a_quote_prices_the_workstations(catalog):
    quoted = updated(_desks(), economics={"quotes": [QUOTE]})
    bom = deployment_cost(estimate(quoted, catalog.get("rtx-a6000"))).bom
    assert bom.complete and bom.capex == pytest.approx(8 * 4000 + 8 * bom.lines[0].unit_price)


@pytest.mark.parametrize(("language", "said"), [("en", "in 8 deskside workstations (1 card each): no server, no rack"),
                                                ("zh_CN", "装在 8 台桌边工作站中（每台 1 张卡）：无需服务器，无需机柜")])
def test_the_summary_says_workstations(catalog, language, said):
    summary = build_summary(estimate(_desks(), catalog.get("rtx-a6000")), catalog, language)
    configuration = dict(summary.headline)
    assert any(said in value for value in configuration.values())
    title = {"en": "Workstations at the desks of 16 users", "zh_CN": "为 16 位用户的工位配置工作站"}[language]
    assert summary.title.startswith(title) and "vGPU" not in summary.title


def test_the_command_line_bill_names_them(capsys, tmp_path):
    out = tmp_path / "desks.md"
    assert main(["report", *DESKS, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "Deskside workstations (no card)" in text and "vGPU licences (" not in text  # no licence line
