"""A card sold only as a cloud service (Cloud TPU v5e, v6e, TPU7x; AWS Trainium2: the catalog's form factor
"Cloud-only") is no purchase option where the buyer buys (:func:`~configurator.core.cloud_only.purchase_refused`):
not ranked, not "without a price (enter a quote)", not below the line with a bill of NICs "without the cards", not
the nearest over budget, not "another card" that would fit; it is left out with why and named in one line "also
available to rent" (text, JSON, the window's panel). Ranked by rent it ranks as before. A summary of one says it is
rented, in no server.

Before (persona51): a 300k USD capex budget for Llama 3 8B pre-training on 1T tokens in 30 days listed
32 × Cloud TPU7x Ironwood first below the line, "Capex at least 332,715 USD without the cards"."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.cloud_only import CLOUD_ONLY_LEFT_OUT, cloud_only, purchase_refused
from configurator.core.estimate import estimate
from configurator.core.fit_suggestions import what_would_fit
from configurator.core.scenario import LAYOUT_FIELDS, Scenario, updated
from configurator.core.scenario_ranking import Objective

PRETRAIN = ("recommend", "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1T", "--deadline", "720",
            "--budget", "300k USD", "--cards", "tpu-v7,trainium2,gaudi3,mi300x")
"""persona51's pre-training under a capex budget, over two cloud-only cards and two that are sold."""
CLOUD_ONLY = {"tpu-v5e", "tpu-v6e", "tpu-v7", "trainium2"}


def _run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(list(argv)) == 0, err.getvalue()
    return out.getvalue()


def _listed(document: dict) -> set[str]:
    rows = (*document["ranked"], *document["unpriced"], *document["below_the_line"])
    return {row["card"]["id"] if isinstance(row["card"], dict) else row["card"] for row in rows}


def test_the_catalog_marks_the_cloud_only_cards_by_their_form_factor():
    catalog = load_catalog()
    assert {card.id for card in catalog.cards if cloud_only(card)} == CLOUD_ONLY
    for card_id in CLOUD_ONLY:  # their only prices are rents
        assert {p.kind for p in catalog.get(card_id).prices} == {"cloud-hourly"}


def test_buying_leaves_them_out_and_names_them_to_rent():
    document = json.loads(_run(*PRETRAIN, "--json"))
    assert not _listed(document) & CLOUD_ONLY
    assert {"gaudi3", "mi300x"} <= _listed(document)  # the cards sold are listed as before
    assert document["rejected_ids"]["tpu-v7"]["id"] == CLOUD_ONLY_LEFT_OUT.id
    assert document["also_to_rent"] == ["tpu-v7", "trainium2"]
    too_small = document["budget_too_small"]
    assert too_small is None or "tpu" not in json.dumps(too_small)


@pytest.mark.parametrize("argv", [("--budget-basis", "rent"), ("--objective", "cloud")])
def test_renting_ranks_them(argv):
    document = json.loads(_run(*PRETRAIN, *argv, "--json"))
    assert {"tpu-v7", "trainium2"} <= _listed(document)
    assert document["also_to_rent"] == []


@pytest.mark.parametrize(("lang", "said"), [("en", "Also available to rent, not sold: "),
                                            ("zh_CN", "另有仅供租用、不单独出售的卡：")])
def test_the_text_says_them_once(lang, said):
    text = _run(*PRETRAIN[:-2], "--lang", lang)  # every card
    assert text.count(said) == 1
    line = next(line for line in text.splitlines() if said in line)
    assert "Ironwood" in line and "Trainium2" in line
    assert text.count("Ironwood") == 1  # nowhere else: not below the line "without the cards", not the nearest
    named = _run(*PRETRAIN, "--lang", lang)  # the cards named: each said with why, not again in the line
    assert said not in named
    assert named.count("Ironwood") == 2  # the cards compared, then it with why


def test_what_would_fit_offers_no_cloud_only_card_to_a_buyer():
    """A LoRA of Llama 3 70B on 1 × L4 (does not fit): another card that fits is one to buy (B300); renting,
    the cloud TPU is offered (the persona's window said "Another card: 1 × Cloud TPU7x Ironwood")."""
    catalog = load_catalog()
    base = Scenario(auto_layout=LAYOUT_FIELDS, model=preset("llama3-70b"), workload="lora", card_id="l4", count=1,
                    training={"tokens": 1e8})
    offered = {}
    for basis in ("capex", "rent"):
        est = estimate(updated(base, constraints={"budget_basis": basis}), catalog.get("l4"))
        offered[basis] = {s.estimate.card.id for s in what_would_fit(est, catalog) if s.kind == "other-card"}
    assert offered["capex"] and not offered["capex"] & CLOUD_ONLY
    assert offered["rent"] & CLOUD_ONLY


def test_the_rule_reads_the_basis_and_the_objective():
    catalog = load_catalog()
    tpu, h100 = catalog.get("tpu-v7"), catalog.get("h100-sxm")
    base = Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="tpu-v7", count=8)
    rent = updated(base, constraints={"budget_basis": "rent"})
    assert purchase_refused(tpu, base, Objective.TCO) == CLOUD_ONLY_LEFT_OUT
    assert purchase_refused(tpu, base, Objective.FASTEST) == CLOUD_ONLY_LEFT_OUT
    assert purchase_refused(tpu, base, Objective.CLOUD) is None
    assert purchase_refused(tpu, rent, Objective.TCO) is None
    assert purchase_refused(h100, base, Objective.TCO) is None
    assert purchase_refused(tpu, base) == CLOUD_ONLY_LEFT_OUT  # no objective: the scenario's question's
    assert purchase_refused(tpu, updated(base, ranking={"objective": "cloud"})) is None
    assert purchase_refused(tpu, rent) is None


@pytest.mark.parametrize(("lang", "said"), [("en", ", sold only as a cloud service: rented, no server to buy"),
                                            ("zh_CN", "，仅以云服务提供：只能租用，无服务器可购")])
def test_a_summary_of_one_houses_it_in_no_server(lang, said):
    from configurator.core.procurement.deployment import deployment_cost
    from configurator.report.language import Words
    from configurator.report.summary import configuration_text

    catalog = load_catalog()
    s = Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="tpu-v7", count=32,
                 training={"tokens": 1e12})
    est = estimate(s, catalog.get("tpu-v7"))
    text = configuration_text(est, deployment_cost(est), Words(lang))
    assert text.endswith(said) and "server (" not in text and "台服务器" not in text


@pytest.mark.parametrize(("lang", "said"), [("en", "Also available to rent, not sold: "),
                                            ("zh_CN", "另有仅供租用、不单独出售的卡：")])
def test_what_a_budget_buys_names_them_to_rent_not_to_quote(lang, said):
    """``what-fits --budget`` listed the four "Not priced (…; enter a quote)" until December 2026."""
    text = _run("what-fits", "--budget", "300k USD", "--lang", lang)
    line = next(line for line in text.splitlines() if line.startswith(said))
    assert "Ironwood" in line and "Trainium2" in line and text.count("Ironwood") == 1
    document = json.loads(_run("what-fits", "--budget", "300k USD", "--json"))
    reasons = {row["card"]: row["reason"]["id"] for row in document["left_out"]}
    assert {card for card, why in reasons.items() if why == "budget-fits-cloud-only"} == CLOUD_ONLY
