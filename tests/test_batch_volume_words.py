"""An offline batch given no volume (neither a request rate nor users at once) is planned at a full
batch, the largest that fits in memory within the engine's default cap (it was one request at a
time until session 34: Qwen 2.5 72B, 26.51 USD per million tokens against 0.631 USD at 256 at
once). Wherever the batch's latency targets are shown — the command line's estimate, the summary,
the window's editor, the recommendation panel and the wizard — that is said, in both languages."""

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


@pytest.mark.parametrize("language, words", [("en", "the batch is planned full"), ("zh_CN", "按满批规划")])
def test_a_batch_without_a_volume_is_said_to_be_planned_at_a_full_batch(language, words):
    assert words in write(latency_targets_phrase(_batch()), language)
    for given in (_batch(concurrency=256), _batch(requests_per_s=5.0)):
        text = write(latency_targets_phrase(given), language)
        assert words not in text and ("offline batch" in text or "离线批处理" in text)


def test_the_estimate_says_it(capsys):
    assert main(["estimate", "--workload", "inference", "--model", "qwen2.5-72b", "--use", "batch",
                 "--card", "h100-sxm", "--count", "2"]) == 0
    assert "no volume given, so the batch is planned full" in capsys.readouterr().out
