"""The bundled catalog: coverage, sources, validation and the user overlay."""

from __future__ import annotations

import json

import pytest

from configurator.core.catalog import CatalogError, apply_overlay, load_catalog, parse_catalog
from configurator.core.resources import bundled_path
from configurator.core.units import Precision
from configurator.core.procurement.card_price import price_entry, purchase_entry

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
    assert price_entry(merged.get("l40s"), "cloud-hourly").amount == 2.5  # the newest entry wins
    assert all(p.source != "our quote" for p in catalog.get("l40s").prices)  # bundled catalog untouched


def test_broken_overlay_is_reported_and_skipped(tmp_path):
    overlay = tmp_path / "user.json"
    overlay.write_text('{"cards": [{"id": "x", "memory_gb": -1}]}')
    merged = load_catalog(overlay)
    assert len(merged.cards) >= 45
    assert merged.problems and "skipped" in merged.problems[0].text
    overlay.write_text("{not json")
    assert "not valid JSON" in load_catalog(overlay).problems[0].text


# ---- catalog 2026.12: board rule, fixes, new parts, rate ratios, new fields ----------------

NEW_PARTS = """rtx-pro-6000-blackwell rtx-pro-6000-blackwell-maxq rtx-pro-6000-blackwell-server gh200-96gb gh200-144gb
mi350x ascend-950pr dgx-spark-gb10 vera-rubin rtx-6000d l2 rtx-5080""".split()


def test_board_vs_chip_rule_is_documented_and_applied(catalog):
    assert "system table divided by" in raw_catalog()["units"]["board_vs_chip"]
    # HGX systems: both Blackwell HGX parts use the HGX per-GPU figure, NVL72 parts the rack figure / 72
    assert catalog.get("b200").bandwidth_gbps == catalog.get("b300").bandwidth_gbps == 7700
    assert catalog.get("gb200").bandwidth_gbps == catalog.get("gb300").bandwidth_gbps == pytest.approx(576_000 / 72)


def test_audited_values_are_fixed(catalog):
    assert catalog.get("a10").fp64_tflops == pytest.approx(31.2 / 64, rel=0.02)
    assert catalog.get("rtx-a6000").fp64_tflops == pytest.approx(38.7 / 64, rel=0.02)
    assert catalog.get("ascend-910c").bf16_tflops == catalog.get("ascend-910c").fp16_tflops == 752
    assert catalog.get("b300").int8_tops == 125
    for card_id in ("b200", "b300"):
        assert catalog.get(card_id).tf32_tflops == catalog.get(card_id).bf16_tflops / 2
    assert catalog.get("gb300").fp32_tflops == pytest.approx(6000 / 72, rel=0.01)
    assert catalog.get("gb300").fp64_tflops == pytest.approx(100 / 72, rel=0.01)
    assert catalog.get("mi355x").interconnect.link_gbps == pytest.approx(7 * 153.6)
    assert catalog.get("rtx-3090").rt_cores == 82 and catalog.get("rtx-3090").interconnect.link_gbps == 112.5
    assert catalog.get("a2").display_outputs == 0
    assert catalog.get("a40").fp64_tflops and catalog.get("a16-gpu").fp64_tflops
    assert catalog.get("ascend-910b").bandwidth_gbps == 1600
    compute = "a100-sxm-40gb a100-sxm-80gb a100-pcie-80gb a30 h100-sxm h100-pcie h100-nvl h200-sxm h200-nvl h800-sxm h20 b200"
    assert all(catalog.get(c).vgpu == "compute" for c in compute.split() + ["v100-sxm-32gb", "v100-sxm-16gb"])


def test_new_parts_are_listed_with_a_confidence(catalog):
    assert set(NEW_PARTS) <= set(catalog.ids())
    assert catalog.get("vera-rubin").confidence == "preliminary"
    assert catalog.get("dgx-spark-gb10").fp4_tflops == 500  # 1 PFLOP FP4 with sparsity, halved
    assert catalog.get("gh200-144gb").memory_gb == 144 and catalog.get("gh200-96gb").bandwidth_gbps == 4000
    assert "not listed" in catalog.explain_unknown("Kunlunxin P800")


def _ratio(card, high: str, low: str) -> float | None:
    a, b = getattr(card, high), getattr(card, low)
    return None if a is None or b is None else a / b


def test_no_sparse_rate_mixed_with_dense_rates(catalog):
    """A sparse (2:4) vendor figure among dense ones doubles one ratio beyond what any architecture has:
    FP8 at most 2 × BF16 (4 × for INT8 on FP32-accumulate GeForce), FP4 at most 4 × FP8, TF32 at most BF16."""
    for card in catalog.cards:
        for high, low, most in (("fp8_tflops", "bf16_tflops", 2), ("int8_tops", "bf16_tflops", 4),
                                ("fp4_tflops", "fp8_tflops", 4), ("tf32_tflops", "bf16_tflops", 1),
                                ("fp16_tflops", "bf16_tflops", 1), ("bf16_tflops", "fp16_tflops", 1)):
            ratio = _ratio(card, high, low)
            assert ratio is None or ratio <= most * 1.03, (card.id, high, low, ratio)  # L40S datasheet: 733 / 362


GENERATION_RATIOS = {
    # architecture substring: ((rate, of, expected ratio), ...) — dense tensor ratios per generation
    "Hopper": (("tf32_tflops", "bf16_tflops", 0.5), ("fp8_tflops", "bf16_tflops", 2)),
    "GA100": (("tf32_tflops", "bf16_tflops", 0.5), ("int8_tops", "bf16_tflops", 2)),
    "Blackwell (GB100": (),
    "CDNA 3": (("tf32_tflops", "bf16_tflops", 0.5), ("fp8_tflops", "bf16_tflops", 2)),
    "CDNA 4": (("fp8_tflops", "bf16_tflops", 2), ("fp4_tflops", "fp8_tflops", 2)),
}
FP64_PER_FP32 = {"Hopper (GH100": 0.5, "GA100": 0.5, "CDNA 3": 0.5, "CDNA 4": 0.5, "GA102": 1 / 64, "AD10": 1 / 64,
                 "GB20": 1 / 64}
"""FP64 per FP32 of each die: full-rate FP64 on the HPC dies (GH100, GA100, CDNA), 2 FP64 units per SM
on the graphics dies (GA10x, AD10x, GB20x whitepapers)."""


def test_rate_ratios_per_generation(catalog):
    checked = 0
    for card in catalog.cards:
        arch = card.architecture or ""
        for key, ratios in GENERATION_RATIOS.items():
            if key in arch:
                for high, low, expected in ratios:
                    if getattr(card, high) and getattr(card, low):
                        assert _ratio(card, high, low) == pytest.approx(expected, rel=0.02), (card.id, high)
                        checked += 1
        for key, expected in FP64_PER_FP32.items():
            if key in arch and card.fp64_tflops and card.fp32_tflops and card.id not in ("h20", "h800-sxm"):  # FP64 cut
                assert card.fp64_tflops / card.fp32_tflops == pytest.approx(expected, rel=0.06), card.id
                checked += 1
    assert checked >= 40
    # Blackwell datacenter parts: TF32 half of BF16, FP8 twice BF16
    for card_id in ("b200", "b300", "gb200", "gb300"):
        card = catalog.get(card_id)
        assert card.tf32_tflops / card.bf16_tflops == pytest.approx(0.5)
        assert card.fp8_tflops / card.bf16_tflops == pytest.approx(2)


def test_every_card_has_a_price_or_a_price_note(catalog):
    for card in catalog.cards:
        assert card.prices or card.price_note, card.id
        assert all(p.source and p.confidence for p in card.prices), card.id
    purchase = [c for c in catalog.cards if purchase_entry(c)]
    cloud = [c for c in catalog.cards if price_entry(c, "cloud-hourly")]
    assert len(purchase) >= 30 and len(cloud) >= 30


def test_malformed_price_confidence_is_rejected():
    data = raw_catalog()
    data["cards"][0]["prices"][0]["confidence"] = "certain"
    with pytest.raises(CatalogError, match="h100-sxm.*prices"):
        parse_catalog(data)


def test_user_price_file_refreshes_prices(catalog):
    """The user's own prices (the overlay's 'prices') are added to the bundled ones; the newest date wins,
    and a card that had only a price note gets a price."""
    newer = {"amount": 21000, "currency": "USD", "date": "2026-12", "kind": "street", "source": "our quote Q-17",
             "confidence": "high"}
    quote = {"amount": 9000, "currency": "USD", "date": "2026-12", "kind": "street", "source": "distributor quote"}
    merged = apply_overlay(catalog, {"prices": {"h100-sxm": [newer], "l2": [quote]}})  # the L20 has one since prices46b
    assert purchase_entry(merged.get("h100-sxm")).amount == 21000
    assert purchase_entry(merged.get("h100-sxm")).confidence == "high"
    assert purchase_entry(merged.get("l2")).amount == 9000 and purchase_entry(catalog.get("l2")) is None


def test_every_card_has_a_software_stack_with_sources(catalog):
    for card in catalog.cards:
        assert card.software is not None, card.id
        assert all(f.source for f in card.software.frameworks.values()), card.id
    assert catalog.get("mi300x").software.support("vllm") == "supported"
    assert catalog.get("ascend-910b").software.support("tensorrt-llm") == "none"
    assert catalog.get("v100-sxm-32gb").software.support("sglang") == "none"
    data = raw_catalog()
    data["cards"][0]["software"]["frameworks"].pop("vllm")
    with pytest.raises(CatalogError, match="h100-sxm.*software"):
        parse_catalog(data)


def test_every_card_has_an_export_status_with_rule_date_and_source(catalog):
    for card in catalog.cards:
        assert card.export_control is not None, card.id
        assert card.export_control.rule and card.export_control.source and card.export_control.date, card.id
    data = raw_catalog()
    data["cards"][0]["export_control"]["china"] = "maybe"
    with pytest.raises(CatalogError, match="h100-sxm.*export_control"):
        parse_catalog(data)


def test_readme_catalog_table_is_current():
    import importlib.util
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("catalog_table", root / "tools" / "catalog_table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert module.readme_with_table(readme) == readme, "run python tools/catalog_table.py"


def test_every_numeric_card_field_has_a_finite_range():
    """A user catalog cannot give a card an infinite or absurd rate (issue: hardening, bounds)."""
    from configurator.core.catalog import Card, Interconnect, VideoEngines

    for model in (Card, Interconnect, VideoEngines):
        for name, info in model.model_fields.items():
            kind = info.annotation
            if kind in (int, float, int | None, float | None):
                uppers = [m for m in info.metadata if hasattr(m, "le") or hasattr(m, "lt")]
                assert uppers, f"{model.__name__}.{name} has no upper bound"
