"""The field registry's unit scales against what the units mean (tools/mutate.py found them
unpinned): a value shown in per cent is a hundredth of the field's share, as ``FieldSpec.scale``
documents ("0.01 for %"); shown in billions of tokens, 1e9 tokens."""

from __future__ import annotations

from configurator.core.fields import FIELDS


def _shown_in(unit: str) -> list:
    """Fields whose suffix on screen is ``unit``, alone or followed by more words (" % of a step")."""
    return [f for f in FIELDS if f.suffix is not None and (f.suffix.source == unit or f.suffix.source.startswith(unit + " "))]


def test_every_field_shown_in_per_cent_is_scaled_by_a_hundredth():
    percent = _shown_in(" %")
    assert len(percent) >= 5  # memory share, prefix hits, draft acceptance, two efficiencies …
    assert {f.path for f in percent} >= {"serving.engine_memory_fraction", "assumptions.matmul_efficiency",
                                         "assumptions.decode_bandwidth_efficiency"}
    for f in percent:
        assert f.scale == 0.01, f.path


def test_billions_of_tokens_are_scaled_by_1e9():
    billions = _shown_in(" B tokens")
    assert billions and all(f.scale == 1e9 for f in billions)
    millions = _shown_in(" M tokens")
    assert all(f.scale == 1e6 for f in millions)
