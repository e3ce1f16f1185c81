"""Why a card is left out of a ranking is a message with an id, in English and Chinese, as the JSON's
other texts are (until December 2026 ``rejected`` held bare English: "no AV1 encoder", "no display
outputs for the attached monitor", "filtered out" …)."""

from __future__ import annotations

import json
import re

from configurator.cli import main
from configurator.core.messages import CATALOGUES, Message
from configurator.core.messages_left_out import LEFT_OUT_CHINESE, LEFT_OUT_ENGLISH

_LATIN_WORD = re.compile(r"\b(?!AV1\b|vGPU\b|GPU\b)[A-Za-z]{3,}\b")


def test_each_reason_is_said_in_both_languages():
    assert LEFT_OUT_ENGLISH.keys() == LEFT_OUT_CHINESE.keys()
    for key, english in LEFT_OUT_ENGLISH.items():
        assert CATALOGUES["zh_CN"][key] == LEFT_OUT_CHINESE[key]
        params = {"objective": "tco", "reasons": [Message("left-out-no-fit")]}
        chinese = Message(key, params).text_in("zh_CN")
        assert not _LATIN_WORD.search(chinese.replace("tco", "")), (key, chinese)
        assert Message(key, params).text.startswith(english.split("{")[0])


def test_the_json_gives_each_left_out_card_its_message(capsys):
    assert main(["recommend", "--workload", "transcode", "--streams", "200", "--codec", "av1", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    ids = answer["rejected_ids"]
    assert ids.keys() == answer["rejected"].keys()
    assert all(ids[card]["text"] == answer["rejected"][card] for card in ids)
    assert ids["t4"] == {"id": "left-out-no-av1", "params": {}, "text": "no AV1 encoder"}
    assert Message(ids["t4"]["id"]).text_in("zh_CN") == "无 AV1 编码器"
    assert {"left-out-filtered", "left-out-consumer"} <= {why["id"] for why in ids.values()}


def test_a_monitor_on_a_datacentre_card_is_said_with_its_id():
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.recommend import recommend
    from configurator.core.scenario import Scenario

    data = {"workload": "vdi", "model": preset("llama3-8b").model_dump(), "card_id": "rtx-a6000", "count": 7,
            "graphics": {"users": 40, "user_class": "designer", "local_display": True}}
    result = recommend(Scenario.model_validate(data), load_catalog())
    assert result.left_out["l4"].id == "left-out-no-display"
    assert result.left_out["l4"].text_in("zh_CN") == "无显示输出，接不了所连的显示器"
