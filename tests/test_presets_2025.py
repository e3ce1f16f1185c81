"""The presets a 2025-26 buyer types (Llama 3.1/3.3, Qwen3, DeepSeek-R1) against their published sizes,
and the preset a near-miss name is pointed to."""

from __future__ import annotations

import pytest
from numpy.testing import assert_allclose

from configurator.core.architecture import ArchitectureError, load_presets, preset
from configurator.core.launch.model_id import model_id
from configurator.core.preset_names import closest_preset, nearest_sizes
from configurator.core.scenario_choices import ServingUse


@pytest.mark.parametrize(("preset_id", "published"), [
    ("llama3.1-8b", 8.03e9),  # meta-llama/Llama-3.1-8B model card: 8B (8,030,261,248 in safetensors)
    ("llama3.1-70b", 70.6e9),  # Llama-3.1-70B on Hugging Face: 70.6B (safetensors)
    ("llama3.3-70b", 70.6e9),  # Llama-3.3-70B-Instruct: 70.6B
    ("qwen3-8b", 8.2e9),  # Qwen/Qwen3-8B model card: 8.2B
    ("qwen3-14b", 14.8e9),  # Qwen/Qwen3-14B model card: 14.8B
    ("qwen3-32b", 32.8e9),  # Qwen/Qwen3-32B model card: 32.8B
    ("qwen3-30b-a3b", 30.5e9),  # Qwen/Qwen3-30B-A3B model card: 30.5B total
    ("deepseek-r1", 671e9),  # DeepSeek-R1 model card: 671B total
])
def test_the_new_presets_have_their_published_sizes(preset_id, published):
    assert_allclose(preset(preset_id).total_params(), published, rtol=0.005)


def test_the_new_moe_presets_activate_their_published_parameters():
    assert_allclose(preset("qwen3-30b-a3b").active_params(), 3.3e9, rtol=0.02)  # "3.3B activated"
    assert_allclose(preset("deepseek-r1").active_params(), 37e9, rtol=0.03)  # 37B activated


def test_llama_3_1_is_llama_3_with_its_long_context_rope():
    """Same layer shapes as Llama 3 (the same count of parameters); rope_scaling llama3, factor 8."""
    for new, old in (("llama3.1-8b", "llama3-8b"), ("llama3.1-70b", "llama3-70b"), ("llama3.3-70b", "llama3-70b")):
        assert preset(new).total_params() == preset(old).total_params()
        assert (preset(new).rope_scaling, preset(new).rope_scaling_factor, preset(new).rope_theta) == \
            ("llama3", 8.0, 500000.0)


def test_deepseek_r1_has_deepseek_v3s_shape():
    r1, v3 = preset("deepseek-r1"), preset("deepseek-v3")
    assert r1.model_copy(update={"name": "deepseek-v3"}) == v3


def test_a_chat_service_loads_each_new_presets_chat_checkpoint():
    assert model_id("llama3.1-8b", ServingUse.CHAT) == ("meta-llama/Llama-3.1-8B-Instruct", False)
    assert model_id("llama3.3-70b", ServingUse.CHAT) == ("meta-llama/Llama-3.3-70B-Instruct", False)
    assert model_id("qwen3-32b", ServingUse.CHAT) == ("Qwen/Qwen3-32B", False)
    assert model_id("deepseek-r1", ServingUse.CHAT) == ("deepseek-ai/DeepSeek-R1", False)


@pytest.mark.parametrize(("typed", "meant"), [
    ("llama-3.1-8b", "llama3.1-8b"),
    ("meta-llama/Llama-3.1-8B-Instruct", "llama3.1-8b"),
    ("Meta-Llama-3-8B-Instruct", "llama3-8b"),
    ("Llama-3.3-70B-Instruct", "llama3.3-70b"),
    ("deepseek-ai/DeepSeek-R1-0528", "deepseek-r1"),
    ("Qwen3-235B-A22B-Instruct-2507", "qwen3-235b-a22b"),
    ("qwen3-30b", "qwen3-30b-a3b"),
    ("Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b"),
    ("llama3-8", "llama3-8b"),
])
def test_a_near_miss_name_suggests_the_preset_it_names(typed, meant):
    assert closest_preset(typed, list(load_presets())) == meant
    with pytest.raises(ArchitectureError, match=f"did you mean '{meant}'"):
        preset(typed)


def test_a_name_near_no_preset_suggests_none():
    assert closest_preset("gpt-oss-120b", list(load_presets())) is None


@pytest.mark.parametrize(("typed", "sizes"), [
    ("qwen3-4b", ["qwen3-8b", "qwen3-14b"]),  # by spelling qwen3-14b, another size, until December 2026
    ("Qwen/Qwen3-4B-Instruct-2507", ["qwen3-8b", "qwen3-14b"]),
    ("llama-3.1-7b", ["llama3.1-8b", "llama3.1-70b"]),
    ("mixtral-8x22b", ["mixtral-8x7b"]),
])
def test_a_size_no_preset_of_its_family_has_names_the_nearest_sizes_not_another_size(typed, sizes):
    presets = list(load_presets())
    assert closest_preset(typed, presets) is None
    assert nearest_sizes(typed, presets) == sizes
    with pytest.raises(ArchitectureError, match=f"no preset of that size; nearest sizes: {', '.join(sizes)}\\)"):
        preset(typed)


def test_a_size_its_family_has_is_suggested_and_names_no_other_sizes():
    presets = list(load_presets())
    assert (closest_preset("llama-2-13b-chat", presets), nearest_sizes("llama-2-13b-chat", presets)) == ("llama2-13b", [])
    assert nearest_sizes("deepseek-v4", presets) == []  # no size written: the nearest spelling as before


@pytest.mark.parametrize("typed", ["llama3-405b", "meta-llama/Meta-Llama-3-405B-Instruct", "llama-3-405b"])
def test_a_size_only_a_point_release_has_is_suggested(typed):
    """review43b: 'llama3-405b' read 'no preset of that size; nearest sizes: llama3-8b, llama3-70b' beside the
    llama3.1-405b preset."""
    presets = list(load_presets())
    assert (closest_preset(typed, presets), nearest_sizes(typed, presets)) == ("llama3.1-405b", [])
    with pytest.raises(ArchitectureError, match="did you mean 'llama3.1-405b'"):
        preset(typed)
