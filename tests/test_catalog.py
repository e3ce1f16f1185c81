"""The bundled catalog: coverage, sources, validation and the user overlay."""

from __future__ import annotations

import json

import pytest

from configurator.core.catalog import CatalogError, apply_overlay, load_catalog, parse_catalog
from configurator.core.resources import bundled_path
from configurator.core.units import Precision

REQUIRED = """h100-sxm h100-pcie h100-nvl h200-sxm h200-nvl h800-sxm h20 b200 b300 gb200 gb300 a100-sxm-40gb
a100-sxm-80gb a100-pcie-80gb a800-sxm v100-sxm-16gb v100-sxm-32gb t4 a10 a30 a2 l4 l40 l40s l20 rtx-4090
rtx-5090 rtx-3090 rtx-6000-ada rtx-a6000 mi300x mi325x mi355x mi250x gaudi2 gaudi3 ascend-910b br100 br104
mtt-s80 mtt-s4000 mlu370-x8""".split()


def raw_catalog() -> dict:
    return json.loads(bundled_path("catalog.json").read_text(encoding="utf-8"))


def test_catalog_has_enough_real_cards(catalog):
    assert len(catalog.cards) >= 45
    assert set(REQUIRED) <= set(catalog.ids())


def test_every_card_is_sourced_and_classed(catalog):
    for card in catalog.cards:
        assert card.sources, card.id
        assert card.category in ("training", "inference", "graphics", "workstation", "edge")


@pytest.mark.parametrize("fake", ["gb100", "br10", "mt200", "gb200-180w"])
def test_seed_article_non_products_are_not_cards(catalog, fake):
    assert fake not in catalog
    assert "not a real product" in catalog.explain_unknown(fake)


def test_known_precision_gaps(catalog):
    assert not catalog.get("v100-sxm-32gb").supports(Precision.BF16)
    assert not catalog.get("t4").supports(Precision.BF16)
    assert not catalog.get("a100-sxm-80gb").supports(Precision.FP8)
    assert catalog.get("h100-sxm").supports(Precision.FP8)
    assert not catalog.get("h100-sxm").supports(Precision.FP4)
    assert catalog.get("b200").supports(Precision.FP4)


def test_known_specs_are_dense_and_right(catalog):
    h100 = catalog.get("h100-sxm")
    assert h100.bf16_tflops == pytest.approx(989.5)  # 1,979 sparse halved
    assert catalog.get("h100-pcie").bandwidth_gbps == 2000
    assert catalog.get("mtt-s80").memory_gb == 16
    assert catalog.get("h100-sxm").display_outputs == 0
    assert catalog.get("h100-sxm").video.nvenc == 0


def test_low_confidence_cards_are_marked(catalog):
    assert catalog.get("ascend-910b").confidence == "low"


def _with_card_change(change: dict) -> dict:
    data = raw_catalog()
    data["cards"][0] = {**data["cards"][0], **change}
    return data


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"memory_gb": -80}, "memory_gb"),
        ({"fp6_tflops": 10}, "fp6_tflops"),
        ({"sources": []}, "sources"),
        ({"category": "gaming"}, "category"),
    ],
)
def test_malformed_entry_names_card_and_field(change, field):
    with pytest.raises(CatalogError) as error:
        parse_catalog(_with_card_change(change))
    assert "h100-sxm" in str(error.value)
    assert field in str(error.value)


def test_missing_sources_key_is_rejected():
    data = raw_catalog()
    del data["cards"][3]["sources"]
    with pytest.raises(CatalogError, match="h200-sxm.*sources"):
        parse_catalog(data)


def test_duplicate_id_is_rejected():
    data = raw_catalog()
    data["cards"].append(data["cards"][0])
    with pytest.raises(CatalogError, match="duplicate"):
        parse_catalog(data)


def test_overlay_adds_card_and_price(catalog):
    new_card = {**raw_catalog()["cards"][0], "id": "my-card", "name": "My card", "prices": []}
    price = {"amount": 2.5, "currency": "USD", "date": "2026-11", "kind": "cloud-hourly", "source": "our quote"}
    merged = apply_overlay(catalog, {"cards": [new_card], "prices": {"l40s": [price]}})
    assert "my-card" in merged
    assert merged.get("l40s").price("cloud-hourly").amount == 2.5  # the newest entry wins
    assert all(p.source != "our quote" for p in catalog.get("l40s").prices)  # bundled catalog untouched


def test_broken_overlay_is_reported_and_skipped(tmp_path):
    overlay = tmp_path / "user.json"
    overlay.write_text('{"cards": [{"id": "x", "memory_gb": -1}]}')
    merged = load_catalog(overlay)
    assert len(merged.cards) >= 45
    assert merged.problems and "skipped" in merged.problems[0]
    overlay.write_text("{not json")
    assert "not valid JSON" in load_catalog(overlay).problems[0]
