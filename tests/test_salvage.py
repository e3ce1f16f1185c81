"""What a damaged scenario document still gives: everything certain, nothing guessed."""

from __future__ import annotations

import json

import pytest

from configurator.core.scenario import SCENARIO_SCHEMA_VERSION, updated
from configurator.core.scenario_io import MAX_SCENARIO_BYTES, scenario_to_document
from configurator.core.scenario_salvage import salvage_scenario


@pytest.fixture
def document(training_scenario):
    document = scenario_to_document(updated(training_scenario, name="Plan Q3"))
    document["autosave"] = {"path": "/home/a/plan.gpuconf.json", "saved_at": "2026-12-01T09:30:00"}
    return document


def text_of(document, indent=1) -> bytes:
    return json.dumps(document, indent=indent, ensure_ascii=False).encode("utf-8")


def test_a_whole_document_is_read_as_it_is(document, training_scenario):
    salvage = salvage_scenario(text_of(document))
    assert salvage.scenario == updated(training_scenario, name="Plan Q3") and not salvage.damage.any
    assert salvage.extra["autosave"]["saved_at"] == "2026-12-01T09:30:00"


@pytest.mark.parametrize("share", [0.99, 0.95, 0.9])
def test_a_document_cut_short_keeps_what_was_complete(document, training_scenario, share):
    data = text_of(document)
    salvage = salvage_scenario(data[:int(len(data) * share)])
    assert salvage.scenario is not None and 0 < salvage.damage.cut_at <= int(len(data) * share)
    assert salvage.damage.size == int(len(data) * share)
    assert salvage.scenario.name == "Plan Q3" and salvage.scenario.model == training_scenario.model


def test_a_number_cut_at_the_end_is_not_taken_shorter(training_scenario):
    """``"count": 12`` of ``128`` is not read as 12: the value is dropped (its default used)."""
    body = updated(training_scenario, count=128, parallelism={"zero": 3}).model_dump(mode="json")
    ordered = {k: v for k, v in body.items() if k != "count"} | {"count": 128}
    document = {"format": "gpu-configurator-scenario", "version": SCENARIO_SCHEMA_VERSION, "scenario": ordered}
    data = json.dumps(document).encode()
    cut = data.index(b'"count": 128') + len(b'"count": 12')
    salvage = salvage_scenario(data[:cut])
    assert salvage.scenario is not None and salvage.scenario.count == 1  # the default, not 12


def test_zero_bytes_after_a_power_cut(document, training_scenario):
    data = text_of(document)
    whole = salvage_scenario(data + b"\0" * 4096)
    assert whole.scenario.name == "Plan Q3" and whole.damage.cut_at is None  # nothing lost
    torn = salvage_scenario(data[:len(data) * 3 // 4] + b"\0" * (len(data) // 4))
    assert torn.scenario is not None and 0 < torn.damage.cut_at <= len(data) * 3 // 4
    nothing = salvage_scenario(b"\0" * len(data))
    assert nothing.scenario is None and nothing.reason == "zero-bytes"


def test_a_newer_versions_document_drops_what_this_one_does_not_know(document):
    document["version"] = SCENARIO_SCHEMA_VERSION + 1
    document["scenario"]["economics"]["carbon_price"] = 80
    document["scenario"]["holograms"] = True
    salvage = salvage_scenario(text_of(document))
    assert salvage.scenario.name == "Plan Q3" and salvage.damage.newer_version == SCENARIO_SCHEMA_VERSION + 1
    assert set(salvage.damage.reset) == {"economics.carbon_price", "holograms"}


def test_a_value_out_of_range_is_set_back_to_its_default(document):
    document["scenario"]["economics"]["utilisation"] = 7.5
    salvage = salvage_scenario(text_of(document))
    assert salvage.scenario is not None and salvage.damage.reset == ("economics.utilisation",)


def test_an_oversized_document_is_read_and_said_to_be_oversized(document):
    document["scenario"]["name"] = "x" * MAX_SCENARIO_BYTES
    salvage = salvage_scenario(text_of(document))
    assert salvage.scenario is not None and salvage.damage.too_large


@pytest.mark.parametrize("data, reason, detail", [
    (b"", "empty", ""),
    (b"   \n", "empty", ""),
    (b"\xff\xfe\x00garbage", "not-json", ""),
    (b'{"format": "something else"}', "not-a-scenario", ""),
    (b'{"format": "gpu-configurator-scenario", "version": 1}', "no-scenario-part", ""),
    (b'{"format": "gpu-configurator-scenario", "version": 1, "scenario": {"name": "no model"}}', "invalid",
     "model: not given; it is required"),
])
def test_what_cannot_be_read_says_why(data, reason, detail):
    salvage = salvage_scenario(data)
    said = salvage.detail.text if hasattr(salvage.detail, "text") else salvage.detail
    assert salvage.scenario is None and (salvage.reason, said) == (reason, detail)
