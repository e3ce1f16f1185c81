"""A mixture-of-experts flag set for a dense model is refused, as an unread flag is (persona44b: ``--moe-dispatcher
hybridep`` on Llama 3 8B gave the same answer without a word; the editor greys the box for a dense model). Its
default (``alltoall``, ``--no-expert-overlap``) changes nothing and is taken; a MoE model takes either."""

from __future__ import annotations

import pytest

from configurator.cli import main

JOB = ["estimate", "--workload", "pretrain", "--card", "h100-sxm", "--count", "16", "--tokens", "1B"]


@pytest.mark.parametrize(("flags", "language", "said"), [
    (["--moe-dispatcher", "hybridep"], "en",
     "--moe-dispatcher is read for a mixture-of-experts model only; Llama 3 8B is dense"),
    (["--expert-overlap"], "en", "--expert-overlap is read for a mixture-of-experts model only; Llama 3 8B is dense"),
    (["--moe-dispatcher", "deepep"], "zh_CN", "--moe-dispatcher 只用于混合专家模型；Llama 3 8B 是稠密模型"),
])
def test_a_moe_flag_on_a_dense_model_is_refused_in_either_language(capsys, flags, language, said):
    assert main([*JOB, "--model", "llama3-8b", *flags, "--lang", language]) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(("model", "flags"), [
    ("llama3-8b", ["--moe-dispatcher", "alltoall"]), ("llama3-8b", ["--no-expert-overlap"]),
    ("qwen3-30b-a3b", ["--moe-dispatcher", "hybridep", "--expert-overlap"]),
])
def test_a_default_on_a_dense_model_or_any_value_on_a_moe_model_is_taken(capsys, model, flags):
    assert main([*JOB, "--model", model, *flags]) == 0
    capsys.readouterr()
