"""``loso.Fit.joint``: one fit solves an ``Assumptions`` field and an engine-profile field together, and the
leave-one-source-out check refits both without the held-out publication (issue 27 part 2: the prefill efficiency
with TensorRT-LLM's prompt per-layer time). A toy row source — a prompt's time as its work over the efficiency
plus its layers × the per-layer time, read from the defaults in force as the benchmark's rows read them — checks
the mechanics without building the calibration."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import defaults_registry  # noqa: E402
import loso  # noqa: E402
from accuracy_base import Row, overridden  # noqa: E402
from pydantic import ValidationError  # noqa: E402

from configurator.core.engines import PROFILES, Engine  # noqa: E402
from configurator.core.architecture import preset  # noqa: E402
from configurator.core.scenario import Scenario  # noqa: E402

TRUE_EFFICIENCY, TRUE_LAYER_S, LAYERS = 0.80, 60e-6, 32
ROWS = {  # row id -> (publication, prompt work at efficiency 1 [s])
    "a-short": ("a", 2e-3), "a-long": ("a", 40e-3), "b-short": ("b", 3e-3), "b-long": ("b", 60e-3),
    "c-mid": ("c", 10e-3)}
KEYS = tuple(f"toy:{row_id}" for row_id in ROWS)


def _source(keys, kinds=None) -> list[Row]:
    """The toy rows named by ``keys``, predicted with the defaults in force (``accuracy_base.overridden``)."""
    s = overridden(Scenario(model=preset("llama2-7b"), card_id="h100-sxm", count=1, workload="inference",
                            serving={"engine": "tensorrt-llm"}))
    efficiency, layer_s = s.assumptions.prefill_efficiency, s.serving.profile.prefill_layer_overhead_s
    out = []
    for key in keys:
        row_id = key.split(":", 1)[1]
        publication, work = ROWS[row_id]
        measured = work / TRUE_EFFICIENCY + LAYERS * TRUE_LAYER_S
        out.append(Row("toy", row_id, "prefill", "s", work / efficiency + LAYERS * layer_s, measured,
                       publication=publication))
    return out


FIT = loso.Fit("toy prefill", None, "prefill", ("prefill_efficiency",), KEYS, "toy rule",
               joint={Engine.TENSORRT_LLM: ("prefill_layer_overhead_s",)})
KEY = loso.joint_key(Engine.TENSORRT_LLM, "prefill_layer_overhead_s")


def test_a_joint_fit_names_and_ships_both_kinds_of_default():
    assert FIT.names() == ("prefill_efficiency", "tensorrt-llm.prefill_layer_overhead_s") == ("prefill_efficiency", KEY)
    shipped = FIT.shipped()
    assert shipped[KEY] == PROFILES[Engine.TENSORRT_LLM].prefill_layer_overhead_s
    defaults = FIT.in_force({"prefill_efficiency": 0.7, KEY: 5e-5})
    assert defaults.assumptions == {"prefill_efficiency": 0.7}
    profile = defaults.profiles[Engine.TENSORRT_LLM]
    assert profile.prefill_layer_overhead_s == 5e-5
    assert profile.model_dump(exclude={"prefill_layer_overhead_s"}) == \
        PROFILES[Engine.TENSORRT_LLM].model_dump(exclude={"prefill_layer_overhead_s"})
    with pytest.raises(ValidationError):
        FIT.in_force({"prefill_efficiency": 0.7, KEY: 1.0})  # over the field's 0.1 s bound
    with pytest.raises(ValueError):
        loso.Fit("bad", Engine.VLLM, "prefill", ("prefill_share",), KEYS, "rule",
                 joint={Engine.TENSORRT_LLM: ("prefill_layer_overhead_s",)})


def test_a_joint_fit_solves_both_fields_from_the_rows():
    solved = loso.refit(FIT, KEYS, _source)
    assert solved["prefill_efficiency"] == pytest.approx(TRUE_EFFICIENCY, rel=1e-4)
    assert solved[KEY] == pytest.approx(TRUE_LAYER_S, rel=1e-3)
    assert loso.refit(FIT, KEYS[:1], _source) is None  # one row cannot set two fields


def test_leaving_a_source_out_refits_both_fields():
    """Each publication's rows predicted from the others' with both fields refitted: the toy rows are exact,
    so every held-out row is met, which refitting the efficiency alone beside the shipped per-layer time
    would not do."""
    rows = _source(KEYS)
    held = loso.leave_one_source_out(rows, _source, fits=(FIT,))
    assert len(held) == len(rows)
    for h in held.values():
        assert h.status == "refitted: toy prefill"
        assert h.error_pct == pytest.approx(0.0, abs=0.05)
    alone = loso.Fit("toy efficiency", None, "prefill", ("prefill_efficiency",), KEYS, "toy rule")
    worst = max(abs(h.error_pct) for h in loso.leave_one_source_out(rows, _source, fits=(alone,)).values())
    assert worst > 1.0


def test_the_registry_names_the_joint_profile_field_as_fitted():
    fitted = defaults_registry.fitted_fields()
    assert fitted[("tensorrt-llm", "prefill_layer_overhead_s")] == "prefill efficiency (serving)"
    assert fitted[(None, "prefill_efficiency")] == "prefill efficiency (serving)"
    assert ("vllm", "prefill_layer_overhead_s") not in fitted  # vLLM keeps the assumed figure: no prompt rows
    assert PROFILES[Engine.VLLM].prefill_layer_overhead_s is None
