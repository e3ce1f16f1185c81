"""Three facts held as declared fields, not found in words (session 36): a price decision that found
only a used card's price (``PriceBasis.used_only``), a job rented from a provider that holds the cards
in the delivery region (``Costs.rented_from``), and a card's cooler (``Card.cooling``, sourced per
card in the catalog), each read by every screen instead of a message id, a verdict's parameters or
the form factor's text."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from configurator.core.architecture import preset
from configurator.core.card import Card, Cooling
from configurator.core.catalog import load_bundled_catalog
from configurator.core.economics import clear_price_basis_memo, price_basis
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.procurement.servers import flow_through_cooler, flow_through_reason
from configurator.core.recommend import Objective, recommend
from configurator.core.recommend_rows import USED_ONLY, region_rank_of, used_price_reason
from configurator.core.resources import bundled_path
from configurator.core.scenario import Economics, Scenario

CATALOG_FILE = bundled_path("catalog.json")


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _raw(card_id: str) -> dict:
    return next(c for c in json.loads(CATALOG_FILE.read_text(encoding="utf-8"))["cards"] if c["id"] == card_id)


# ---- the cooler -------------------------------------------------------------------------------


def test_every_bundled_card_states_its_cooler_with_a_source_or_says_why_not(catalog):
    document = json.loads(CATALOG_FILE.read_text(encoding="utf-8"))
    assert "flow-through" in document["units"]["cooling"]
    for card in catalog.cards:
        assert card.cooling is not None, card.id
        assert card.cooling.source.strip(), card.id
        assert card.cooling.kind is not None or card.cooling.note, card.id
    flow = {card.id for card in catalog.cards if card.cooling.kind == "flow-through"}
    assert flow == {"rtx-pro-6000-blackwell"}
    kinds = {card.id: card.cooling.kind for card in catalog.cards}
    assert (kinds["rtx-pro-6000-blackwell-server"], kinds["rtx-pro-6000-blackwell-maxq"], kinds["rtx-a6000"],
            kinds["l40s"], kinds["gb200"]) == ("passive", "blower", "blower", "passive", "liquid")


def test_a_cooler_left_unknown_must_say_why():
    with pytest.raises(ValidationError, match="note"):
        Cooling(kind=None, source="looked for in the datasheet")
    with pytest.raises(ValidationError):
        Cooling(kind="water", source="a datasheet")  # not a kind


def test_the_flow_through_rule_reads_the_cooling_field_not_the_form_factor_words():
    """The rule asks the card's sourced cooler: a card whose form factor names no cooler is flagged by
    its field, and the Workstation Edition's words without the field flag nothing."""
    raw = _raw("rtx-pro-6000-blackwell")
    words_only = Card.model_validate({**raw, "id": "ws-words", "cooling": None})
    assert "flow-through" in words_only.form_factor and not flow_through_cooler(words_only)
    assert flow_through_reason(words_only, 8) is None
    field_only = Card.model_validate({**raw, "id": "ws-field", "form_factor": "PCIe Gen5 dual-slot, 600 W"})
    assert flow_through_cooler(field_only)
    assert flow_through_reason(field_only, 8).id == "flow-through-in-server"


# ---- a used-only price ------------------------------------------------------------------------


def test_the_price_decision_holds_a_used_only_price_as_a_field(catalog):
    raw = _raw("rtx-a6000")
    used = Card.model_validate({**raw, "id": "a6000-used-only", "name": "RTX A6000 used",
                                "prices": [p for p in raw["prices"] if p.get("condition") == "used"]})
    clear_price_basis_memo()
    basis = price_basis(used, Economics(), None)
    assert basis.card_price is None and basis.used_only is not None
    assert basis.used_only.entry.condition == "used" and basis.used_only.entry.amount == 2800
    assert price_basis(catalog.get("rtx-a6000"), Economics(), None).used_only is None  # a new card's price
    assert price_basis(catalog.get("tpu-v6e"), Economics(), None).used_only is None  # no purchase price
    assert price_basis(used, Economics(card_price=5000.0), None).used_only is None  # the user's own price
    scenario = Scenario(model=preset("llama3-8b"), card_id=used.id, count=8, workload="vdi",
                        graphics={"users": 100})
    said = used_price_reason(estimate(scenario, used))
    assert said.id == USED_ONLY and "2,800 USD" in said.text


# ---- a rented region --------------------------------------------------------------------------


def test_a_job_rented_from_a_provider_in_china_says_so_in_its_costs(catalog):
    """Ranked by rent in mainland China, the Ascend 910B rented there carries its provider on its
    costs, the region verdict reads it and the ranking's order treats it as nothing to deliver;
    ranked on ownership nothing is rented."""
    clear_estimate_memo()
    question = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                        constraints={"region": "cn", "requests_per_s": 20, "tpot_ms": 50},
                        serving={"concurrency": 200})
    rented = recommend(question, catalog, Objective.CLOUD)
    rows = [r for r in (*rented.ranked, *rented.below_line) if r.estimate.costs.rented_from is not None]
    assert rows
    for rec in rows:
        verdict = next(v for v in rec.estimate.verdicts if v.id == "region")
        if rec.card.china_import is not None and rec.card.china_import.status == "barred":
            # China's customs bar its entry (the H200 SXM): not recommended even rented there
            assert verdict.met is False and region_rank_of(rec.estimate) > 0
            continue
        assert verdict.met and verdict.params["provider"] == rec.estimate.costs.rented_from
        assert region_rank_of(rec.estimate) == 0
    bought = recommend(question, catalog, Objective.TCO)
    assert all(r.estimate.costs.rented_from is None for r in (*bought.ranked, *bought.below_line))
