"""Consumer graphics cards left out of a ranking are said to be left out, with how to rank them:
a render farm's buyer whose reference card is an RTX 4090 saw it nowhere, only "59 cards left out"."""

from __future__ import annotations

import pytest

RENDER = ["recommend", "--workload", "render", "--frames", "2000", "--reference-card", "rtx-4090",
          "--minutes-per-frame", "5", "--deadline", "24h"]


def test_the_ranking_says_how_many_consumer_cards_it_left_out(capsys):
    from configurator.cli import main

    assert main(RENDER) == 0
    out = capsys.readouterr().out
    assert "consumer graphics cards among them" in out and "--consumer ranks them" in out
    assert main([*RENDER, "--lang", "zh_CN"]) == 0
    assert "种为消费级图形卡" in capsys.readouterr().out


@pytest.mark.parametrize("flags", [["--classes", "graphics,workstation"], ["--consumer"]])
def test_picking_the_classes_ranks_them_and_says_nothing(capsys, flags):
    from configurator.cli import main

    assert main([*RENDER, *flags]) == 0
    out = capsys.readouterr().out
    assert "GeForce RTX" in out.split("Why the first")[0] and "consumer graphics cards among them" not in out


def test_a_card_left_out_for_its_class_is_not_called_a_consumer_card(catalog):
    from configurator.core.recommend import CONSUMER_LEFT_OUT
    from configurator.core.recommend_card import rank_card
    from golden_scenarios import GOLDEN

    render = GOLDEN["render-2000-frames-rtx6000ada"]
    assert rank_card(render, catalog.get("rtx-4090")).why == CONSUMER_LEFT_OUT
    assert rank_card(render, catalog.get("h100-sxm")).rejected == "filtered out"  # a training card: its class
