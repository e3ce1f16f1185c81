"""A value out of its range is refused with the range's unit in the user's language: the Chinese command
line read '超出范围 1 至 2,097,152 [tokens]' and '1M 至 10T [parameters]' until December 2026 (look45)."""

from __future__ import annotations

import pytest

from configurator import cli
from configurator.core.messages_terms import RANGE_UNITS_CHINESE

BASE = ["estimate", "--params", "70B", "--card", "h100-sxm", "--count", "8"]


@pytest.mark.parametrize(("flags", "en", "zh"), [
    (["--seq", "0"], "[tokens]", "[词元]"),
    (["--years", "0"], "[years]", "[年]"),
])
def test_a_range_refusal_names_its_unit_in_the_language(capsys, flags, en, zh):
    for language, unit in (("en", en), ("zh_CN", zh)):
        assert cli.main([*BASE, *flags, "--lang", language]) != 0
        said = capsys.readouterr().err
        assert unit in said, said
    assert en not in said


def test_params_out_of_range_in_chinese(capsys):
    assert cli.main(["estimate", "--params", "70", "--card", "h100-sxm", "--lang", "zh_CN"]) != 0
    said = capsys.readouterr().err
    assert "[参数]" in said and "parameters" not in said


def test_every_chinese_range_unit_is_bracketed_and_chinese():
    for en, zh in RANGE_UNITS_CHINESE.items():
        assert en.startswith(" [") and zh.startswith(" [") and zh.endswith("]") and zh != en
