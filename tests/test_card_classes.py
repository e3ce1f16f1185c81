"""A card its vendor positions for more than one class (``Card.also_classes``, classes47): each further class carries
the vendor's own sentence, its source and date; the class filters and checks read it, the tables say it."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from configurator.core.card import Card
from configurator.core.recommend_filters import Filters
from configurator.core.scenario import Workload
from configurator.core.view.card_classes_view import class_label, class_label_brief, positioning_rows
from configurator.core.view.rows import write


def test_every_further_class_quotes_its_vendor_with_a_source_and_a_date(catalog):
    positioned = [c for c in catalog.cards if c.also_classes]
    assert {c.id for c in positioned} == {"l40s", "tpu-v5e"}
    for card in positioned:
        for p in card.also_classes:
            assert p.card_class != card.category and len(p.quote) >= 20 and "https://" in p.source and p.date
            assert any(p.source.split("https://")[1][:30] in s for s in card.sources)  # cited among its sources


def test_the_primary_classes_do_not_move(catalog):
    counts = {}
    for card in catalog.cards:
        counts[card.category] = counts.get(card.category, 0) + 1
    assert counts == {"training": 36, "inference": 16, "graphics": 12, "workstation": 6, "edge": 1}


def test_the_l40s_is_positioned_for_fine_tunes_not_pretraining(catalog):
    l40s, tpu = catalog.get("l40s"), catalog.get("tpu-v5e")
    assert l40s.classes == ("inference", "training", "graphics")
    assert l40s.positioned_for(("training",), Workload.FINETUNE) and l40s.positioned_for(("training",), Workload.LORA)
    assert not l40s.positioned_for(("training",), Workload.PRETRAIN)  # 'small-model training': no size named
    assert tpu.positioned_for(("training",), Workload.PRETRAIN)  # Google: 'training, fine-tuning, and serving'
    assert not catalog.get("h100-nvl").positioned_for(("training",))  # no vendor sentence found (notes file)


def test_the_default_classes_rank_what_the_vendor_positions(catalog):
    allowed = Filters()
    assert allowed.allows(catalog.get("l40s"), Workload.FINETUNE)
    assert not allowed.allows(catalog.get("l40s"), Workload.PRETRAIN)
    assert allowed.allows(catalog.get("tpu-v5e"), Workload.PRETRAIN)
    assert not allowed.allows(catalog.get("h20"), Workload.FINETUNE)  # finetune47's rule stands for the rest
    assert not Filters(classes=("graphics",)).allows(catalog.get("h100-sxm"), Workload.RENDER)


def test_a_card_cannot_be_also_its_own_class(catalog):
    data = json.loads(catalog.get("l40s").model_dump_json())
    data["also_classes"][0]["card_class"] = "inference"
    with pytest.raises(ValidationError, match="own category"):
        Card.model_validate(data)
    data["also_classes"] = [data["also_classes"][1], data["also_classes"][1]]
    with pytest.raises(ValidationError, match="a class twice"):
        Card.model_validate(data)


def test_the_class_label_says_the_further_classes_in_both_languages(catalog):
    assert write(class_label(catalog.get("l40s")), "en") == "Inference card (also fine-tuning, graphics)"
    assert write(class_label(catalog.get("l40s")), "zh_CN") == "推理卡（也定位于微调、图形）"
    assert write(class_label(catalog.get("tpu-v5e")), "zh_CN") == "推理卡（也定位于训练）"
    assert write(class_label(catalog.get("h100-sxm")), "zh_CN") == "训练卡"
    brief = [write(class_label_brief(catalog.get(card)), language) for card in ("l40s", "h100-sxm")
             for language in ("en", "zh_CN")]  # where a ranking's column is too narrow for the whole label
    assert brief == ["Inference card …", "推理卡…", "Training card", "训练卡"]
    rows = positioning_rows(catalog.get("tpu-v5e"))
    assert len(rows) == 1 and "training, fine-tuning, and serving" in rows[0].note
    assert write(rows[0].label, "zh_CN") == "厂商也定位于" and write(rows[0].value, "zh_CN") == "训练"
