"""An offline batch given no volume (neither a request rate nor users at once) is planned one
request at a time, and each of its tokens costs many times a full batch's (persona s34: Qwen 2.5
72B, 26.51 USD per million tokens against 0.631 USD at 256 at once). Wherever the batch's latency
targets are shown — the command line's estimate, the summary, the window's editor, the
recommendation panel and the wizard — that is said, in both languages."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.scenario import Scenario
from configurator.core.view.constraints_view import latency_targets_phrase
from configurator.core.view.rows import write


def _batch(**serving_and_constraints) -> Scenario:
    constraints = {k: v for k, v in serving_and_constraints.items() if k == "requests_per_s"}
    serving = {k: v for k, v in serving_and_constraints.items() if k != "requests_per_s"}
    return Scenario.model_validate({"workload": "inference", "model": preset("qwen2.5-72b").model_dump(),
                                    "card_id": "h100-sxm", "count": 2, "serving": {"use": "batch", **serving},
                                    "constraints": constraints})


@pytest.mark.parametrize("language, words", [("en", "one request at a time"), ("zh_CN", "每次只处理一个请求")])
def test_a_batch_without_a_volume_is_said_to_be_planned_one_request_at_a_time(language, words):
    assert words in write(latency_targets_phrase(_batch()), language)
    for given in (_batch(concurrency=256), _batch(requests_per_s=5.0)):
        text = write(latency_targets_phrase(given), language)
        assert words not in text and ("offline batch" in text or "离线批处理" in text)


def test_the_estimate_says_it(capsys):
    assert main(["estimate", "--workload", "inference", "--model", "qwen2.5-72b", "--use", "batch",
                 "--card", "h100-sxm", "--count", "2"]) == 0
    assert "no volume given, so one request at a time is planned" in capsys.readouterr().out
