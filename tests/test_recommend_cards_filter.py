"""``recommend --cards``: a buyer compares the cards they name (persona44: H20, Ascend 910B, L20 and
RTX 4090 for Qwen2.5-72B serving in mainland China could not be ranked together: ``--card`` names the card
a price is for, and ``estimate`` plans one card). The ranking, its counts and costs are those cards only;
each named card that cannot serve says why; an id the catalog lacks is refused naming the nearest ids."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main

NAMED = "h20,ascend-910b,l2,rtx-4090"
QUESTION = ["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn"]


def _json(capsys, *flags: str) -> dict:
    assert main([*QUESTION, *flags, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_only_the_named_cards_are_weighed_and_each_is_accounted_for(capsys):
    data = _json(capsys, "--cards", NAMED)
    named = set(NAMED.split(","))
    ranked = {r["card"]["id"] for r in data["ranked"]}
    listed = ranked | {r["card"] for r in (*data["unpriced"], *data["below_the_line"])}
    assert data["cards"] == NAMED.split(",")
    assert ranked == {"ascend-910b"}  # the H20 and RTX 4090 need a licence to mainland China; the L2 has no price
    assert listed | set(data["rejected_ids"]) == named  # every named card is ranked, listed or said why
    assert set(data["rejected_ids"]) <= named and data["left_out"] == []


def test_a_named_consumer_card_is_weighed_though_its_class_is_not_the_default(capsys):
    data = _json(capsys, "--cards", "rtx-4090d,l2")
    assert [r["card"]["id"] for r in data["ranked"]] == ["rtx-4090d"]


@pytest.mark.parametrize("language, heading, sentence", [
    ("en", "Named cards not ranked, and why:", "Only the cards named are compared: H20 96GB (China export SKU), "
                                               "Ascend 910B, GeForce RTX 4090."),
    ("zh_CN", "未排名的指定卡及原因：", "只比较指定的加速卡：H20 96GB（对华出口版）、昇腾 910B、GeForce RTX 4090。"),
])
def test_the_table_names_the_cards_compared_and_why_a_named_card_is_not_ranked(capsys, language, heading, sentence):
    assert main([*QUESTION, "--cards", "h20,ascend-910b,rtx-4090", "--vendor", "nvidia", "--lang", language]) == 0
    out = capsys.readouterr().out
    assert sentence in out
    lines = out.splitlines()
    assert heading in lines
    assert lines[lines.index(heading) + 1].startswith("  - " + ("昇腾 910B" if language == "zh_CN" else "Ascend 910B"))
    assert "left out; see --json" not in out and "被排除；原因见 --json" not in out


def test_an_unknown_id_is_refused_naming_the_nearest(capsys):
    assert main([*QUESTION, "--cards", "h20,ascend910b"]) == 2
    err = capsys.readouterr().err
    assert "--cards" in err and "ascend-910b" in err
