"""The estimate's JSON with a missed latency target: its serving-target suggestion carries the missed
targets as messages, written as dicts (review, session 40: ``estimate --json`` raised "Object of type
Message is not JSON serializable")."""

import json

from configurator import cli


def test_serving_target_suggestion_is_json(capsys):
    code = cli.main(["estimate", "--json", "--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm",
                     "--count", "8", "--concurrency", "64", "--tpot-ms", "5", "--power-cap", "1"])
    out = capsys.readouterr().out
    assert code == 0
    suggestions = json.loads(out)["what_would_fit"]
    missed = [m for s in suggestions for m in s["params"].get("missed", [])]
    assert missed and all(isinstance(m, dict) and m["id"].startswith("misses-") for m in missed)
