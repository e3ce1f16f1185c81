"""Each engine's own default step token budget where the user names none (core/engines.py step_tokens,
core/engine_step.py): vLLM by card memory and entry point, SGLang by card memory, TensorRT-LLM 8,192;
a value the user types wins; older scenario files' 8192 opens as unset."""

from __future__ import annotations

import pytest

from configurator.core.catalog import load_bundled_catalog
from configurator.core.engine_step import engine_step_tokens
from configurator.core.engine_defaults import default_step_tokens
from configurator.core.engines import PROFILES, Engine
from configurator.core.estimate import estimate
from configurator.core.architecture import preset
from configurator.core.scenario import Scenario
from configurator.core.scenario_io import scenario_from_document, scenario_to_document
from configurator.core.view.assumptions_view import assumption_notes

GIB = 2**30


@pytest.mark.parametrize("engine, gib, name, offline, tokens", [
    # vllm-project/vllm vllm/engine/arg_utils.py get_batch_defaults
    (Engine.VLLM, 80, "NVIDIA H100 80GB HBM3", False, 8192),
    (Engine.VLLM, 80, "NVIDIA H100 80GB HBM3", True, 16384),
    (Engine.VLLM, 80, "NVIDIA A100-SXM4-80GB", False, 2048),  # the A100 left out (PR #17885)
    (Engine.VLLM, 80, "NVIDIA A100-SXM4-80GB", True, 8192),
    (Engine.VLLM, 48, "NVIDIA L40S", False, 2048),
    # sgl-project/sglang server_args.py _handle_gpu_memory_settings
    (Engine.SGLANG, 24, "NVIDIA GeForce RTX 4090", False, 2048),
    (Engine.SGLANG, 40, "NVIDIA A100-SXM4-40GB", False, 4096),
    (Engine.SGLANG, 80, "NVIDIA A100-SXM4-80GB", False, 8192),
    (Engine.SGLANG, 141, "NVIDIA H200", False, 8192),
    (Engine.SGLANG, 192, "AMD Instinct MI300X", True, 16384),
    (Engine.TENSORRT_LLM, 192, "AMD Instinct MI300X", False, 8192),
    (Engine.TENSORRT_LLM, 24, "NVIDIA L4", True, 8192),
])
def test_each_engine_has_its_own_default_by_card(engine, gib, name, offline, tokens):
    assert default_step_tokens(PROFILES[engine], gib * GIB, name, offline) == tokens


def _serving(engine: str, card: str, **serving) -> Scenario:
    return Scenario(model=preset("llama3-8b"), workload="inference", card_id=card, count=1,
                    serving={"engine": engine, "concurrency": 8, **serving})


def test_the_estimate_settles_the_default_and_says_which():
    catalog = load_bundled_catalog()
    card = catalog.get("a100-sxm-80gb")
    est = estimate(_serving("vllm", card.id), card)
    assert est.scenario.serving.max_batched_tokens == 2048
    (note,) = [m for m in assumption_notes(est) if m.id.startswith("engine-step-default")]
    assert not [m for m in est.messages if m.id.startswith("engine-step")]  # an assumption, not a warning
    assert "2,048" in note.text_in("en") and "vLLM" in note.text_in("en") and "2,048" in note.text_in("zh_CN")
    offline = estimate(_serving("vllm", card.id, use="batch"), card)
    assert offline.scenario.serving.max_batched_tokens == 8192


def test_a_value_the_user_types_wins():
    catalog = load_bundled_catalog()
    card = catalog.get("h100-sxm")
    typed = _serving("sglang", card.id, max_batched_tokens=1024)
    assert engine_step_tokens(typed, card) == 1024
    est = estimate(typed, card)
    assert est.scenario.serving.max_batched_tokens == 1024
    assert not [m for m in (*est.messages, *assumption_notes(est)) if m.id.startswith("engine-step")]


def test_an_older_files_8192_opens_as_the_engines_default_and_another_value_is_kept():
    for written, opened in ((8192, None), (4096, 4096)):
        document = scenario_to_document(_serving("vllm", "h100-sxm", max_batched_tokens=written))
        document["version"] = document["scenario"]["schema_version"] = 3
        notes = []
        assert scenario_from_document(document, notes).serving.max_batched_tokens == opened
        said = [n for n in notes if n.id == "scenario-engine-step-default"]
        assert len(said) == (written == 8192)  # the dropped 8,192 is said (the estimate may move), a kept value not
        for note in said:
            assert "8,192 tokens" in note.text_in("en") and "8,192 词元" in note.text_in("zh_CN")


def test_the_window_says_an_older_files_8192_now_follows_the_engine(qtbot, tmp_path):
    import json

    from PySide6.QtCore import QSettings

    from configurator.app.main import build_main_window

    document = scenario_to_document(_serving("vllm", "a100-sxm-80gb", max_batched_tokens=8192))
    document["version"] = document["scenario"]["schema_version"] = 3
    path = tmp_path / "old.gpuconf.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    window = build_main_window(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    assert window.open_path(path)
    assert window.controller.scenario.serving.max_batched_tokens is None
    assert "8,192 tokens" in window.statusBar().currentMessage()
