"""recommend --json names the percentile its "speed" is at (finds44): in ``pareto``, ``below_the_line`` and
``unpriced`` a serving entry's speed is the median time per output token (50.1 ms) while the text's column shows
the targets' percentile (p90, 59.5 ms); ``speed_percentile`` (declared once, by the family) says 50, and None for
a figure that is not a latency (hours for a training job). The existing keys stay."""

from __future__ import annotations

import json

from configurator.cli import main


def _document(capsys, args: list[str]) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_serving_speed_is_the_median_and_says_so(capsys):
    document = _document(capsys, ["recommend", "--workload", "inference", "--model", "llama3.1-8b",
                                  "--concurrency", "16"])
    entries = [*document["pareto"], *document["below_the_line"], *document["unpriced"]]
    assert document["pareto"] and entries
    for entry in entries:
        assert entry["speed_unit"] == "s per output token" and entry["speed_percentile"] == 50
        assert entry["speed"] > 0


def test_training_speed_has_no_percentile(capsys):
    document = _document(capsys, ["recommend", "--workload", "lora", "--model", "llama3-8b", "--tokens", "1B"])
    assert document["pareto"]
    assert all(p["speed_unit"] == "h" and p["speed_percentile"] is None for p in document["pareto"])
