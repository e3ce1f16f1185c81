"""Every percentage in a message goes through the one percent writer
(configurator.core.message_numbers.percent_text): a template writes ``{share:.0%}`` for a fraction
or ``{mfu:.0pct}`` for a value already in percent, never a "%" of its own ("{mfu:.0f} %"), so that
the sign is the language's (en "44 %" with a no-break space, zh "44%") on every page."""

from __future__ import annotations

import importlib
import pkgutil
import string

import pytest

import configurator.core
from configurator.core.message_numbers import PERCENT_SIGNS, count_param, fraction_param
from configurator.core.messages import msg
from configurator.core.view.numbers import percent

NBSP = "\u00a0"


def _message_modules():
    for info in pkgutil.iter_modules(configurator.core.__path__):
        if info.name.startswith("messages"):
            yield importlib.import_module(f"configurator.core.{info.name}")


def _templates():
    """(module, catalogue, id, template) of every message template of every messages*.py."""
    for module in _message_modules():
        for name, value in vars(module).items():
            if isinstance(value, dict) and value and all(isinstance(k, str) and isinstance(v, str)
                                                         for k, v in value.items()):
                for key, template in value.items():
                    yield module.__name__, name, key, template


def test_the_scan_sees_the_catalogues():
    seen = {(module, name) for module, name, _, _ in _templates()}
    assert ("configurator.core.messages", "ENGLISH") in seen
    assert ("configurator.core.messages_prices", "PRICE_CHINESE") in seen


def test_no_template_writes_a_percent_sign_by_hand():
    """A "%" outside a replacement field is a percentage written by hand ("{x:.0f} %", "{x:.1f}%")."""
    by_hand = []
    for module, name, key, template in _templates():
        for literal, field, spec, _ in string.Formatter().parse(template):
            if "%" in literal:
                by_hand.append(f"{module}.{name}[{key!r}]: {literal!r}")
            if field is not None and spec and "%" in spec[:-1]:
                by_hand.append(f"{module}.{name}[{key!r}]: {{{field}:{spec}}}")
    assert not by_hand, "\n".join(by_hand)


@pytest.mark.parametrize("language, sign", [("en", NBSP + "%"), ("zh_CN", "%")])
def test_each_language_writes_its_sign(language, sign):
    assert PERCENT_SIGNS[language] == sign
    assert format(fraction_param(0.44, language), ".0%") == "44" + sign
    assert format(fraction_param(44.0, language), ".0pct") == "44" + sign
    assert format(count_param(44, language), ".0pct") == "44" + sign
    assert percent(0.44, language, 0) == "44" + sign


def test_a_value_in_percent_rounds_as_before():
    """The same decimals as the templates' own ``.1f`` and ``.2f`` wrote."""
    assert format(fraction_param(12.34), ".1pct") == "12.3" + NBSP + "%"
    assert format(fraction_param(0.0512), ".2pct") == "0.05" + NBSP + "%"
    assert format(fraction_param(-3.0), "+.1pct") == "-3.0" + NBSP + "%"


def test_a_value_in_percent_keeps_the_share_rules():
    """Not zero never reads "0 %"; past :data:`SHARE_WRITTEN_UP_TO` reads ">1,000 %"."""
    assert format(fraction_param(0.3), ".0pct") == "<1" + NBSP + "%"
    assert format(fraction_param(0.0), ".0pct") == "0" + NBSP + "%"
    assert format(fraction_param(250_000.0), ".0pct") == ">1,000" + NBSP + "%"


def test_messages_write_the_sign_of_their_language():
    message = msg("reason-compute-bound", card="H100", mfu=44.2, headroom=12.34)
    assert message.text == "H100 computes at 44" + NBSP + "% MFU and fits with 12.3" + NBSP + "% memory headroom"
    assert message.text_in("zh_CN") == "H100 算力利用率 44%，显存余量 12.3%"
    share = msg("misses-throughput", rate=900.0, short=100.0, share=0.1, target=1000.0)
    assert "(10" + NBSP + "%)" in share.text
    assert "（10%）" in share.text_in("zh_CN")
