"""An unknown card id is answered with the nearest catalog ids, the nearest first (persona44b: a Chinese buyer
typing ``--cards rtx-4090-d`` for the RTX 4090 D was asked 'Did you mean: rtx-4090?', the export-licensed
card, not the permitted ``rtx-4090d``: the first id held in the name came first, whatever its likeness)."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.catalog import load_catalog

QUESTION = ["recommend", "--workload", "inference", "--model", "qwen2.5-72b", "--region", "cn"]


@pytest.mark.parametrize("typed", ["rtx-4090-d", "RTX 4090 D", "rtx4090d", "RTX_4090D"])
def test_an_id_written_with_other_separators_is_answered_with_that_card_alone(typed):
    said = load_catalog().unknown_message(typed)
    assert said.params["close"] == "rtx-4090d"


@pytest.mark.parametrize(("typed", "first"), [("4090", "rtx-4090"), ("910b", "ascend-910b"),
                                              ("ascend910b", "ascend-910b"), ("a6000", "rtx-a6000")])
def test_the_nearest_id_comes_first(typed, first):
    assert load_catalog().unknown_message(typed).params["close"].split(", ")[0] == first


@pytest.mark.parametrize(("language", "asked"), [("en", "Did you mean: rtx-4090d?"),
                                                 ("zh_CN", "是否想写：rtx-4090d？")])
def test_the_cards_flag_names_the_card_meant_in_either_language(capsys, language, asked):
    assert main([*QUESTION, "--cards", "h20,rtx-4090-d", "--lang", language]) == 2
    err = capsys.readouterr().err
    assert "--cards" in err and asked in err and "rtx-4090," not in err and "rtx-4090?" not in err
