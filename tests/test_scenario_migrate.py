"""Scenario files from schema 1 open in schema 2: a serving ``ep`` counted model copies and now
counts cards (core/scenario_migrate.py)."""

from __future__ import annotations

import json

from configurator.core.architecture import preset
from configurator.core.scenario import SCENARIO_SCHEMA_VERSION, Scenario
from configurator.core.scenario_io import scenario_from_document, scenario_to_document
from configurator.core.scenario_salvage import salvage_scenario


def _old_document(scenario: Scenario, ep_copies: int) -> dict:
    """``scenario`` as a schema-1 file wrote it: ``ep`` in model copies."""
    document = scenario_to_document(scenario)
    document["version"] = 1
    body = document["scenario"]
    body["schema_version"] = 1
    body["parallelism"]["ep"] = ep_copies
    return document


def _serving(tp: int, ep: int) -> Scenario:
    return Scenario(model=preset("deepseek-v3"), card_id="h200-sxm", count=16, workload="inference",
                    precision="fp8", parallelism={"tp": tp, "ep": ep})


def test_a_schema_1_serving_ep_in_copies_opens_as_cards_and_says_so():
    notes = []
    opened = scenario_from_document(_old_document(_serving(8, 16), 2), notes)
    assert opened.parallelism.ep == 16 and opened.expert_copies == 2 and opened.schema_version == SCENARIO_SCHEMA_VERSION
    (note,) = notes
    assert "16 cards" in note.text_in("en") and "16 张卡" in note.text_in("zh_CN")


def test_tensor_parallel_1_and_training_keep_their_ep():
    assert scenario_from_document(_old_document(_serving(1, 8), 8)).parallelism.ep == 8
    training = Scenario(model=preset("mixtral-8x7b"), card_id="h100-sxm", count=64, parallelism={"tp": 2, "ep": 8})
    assert scenario_from_document(_old_document(training, 8)).parallelism.ep == 8


def test_a_current_file_is_read_as_written_and_an_autosave_is_migrated_too():
    current = _serving(8, 16)
    assert scenario_from_document(scenario_to_document(current)) == current
    salvage = salvage_scenario(json.dumps(_old_document(current, 2)).encode())
    assert salvage.scenario is not None and salvage.scenario.parallelism.ep == 16
