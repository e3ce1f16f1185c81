"""Every default of the estimate has its provenance (issue 27, part 1): a fitted default has a
registered fit (rows, rule, cross-validated error), every other numeric default a source
(benchmarks/defaults_registry.py)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import defaults_registry  # noqa: E402
import loso  # noqa: E402


def test_every_default_has_its_provenance():
    assert defaults_registry.problems() == []


def test_a_fitted_default_without_a_registered_fit_is_reported():
    """Dropping the allocator fit leaves ALLOCATOR_OVERHEAD marked **Measured** with no fit; dropping
    llama.cpp's prompt fit leaves its prefill_share neither fitted nor sourced."""
    kept = [f for f in loso.FITS if f.name not in ("allocator reserve (training)", "llama.cpp prompt processing")]
    found = defaults_registry.problems(kept)
    assert any("ALLOCATOR_OVERHEAD (allocator_overhead)" in p for p in found)
    assert any(p.startswith("llama.cpp.prefill_share") for p in found)


def test_a_fit_without_a_cross_validated_error_is_reported():
    renamed = [dataclasses.replace(f, name="unregistered") if f.name == "transformers decode profile" else f
               for f in loso.FITS]
    found = defaults_registry.problems(renamed)
    assert any("'unregistered': no cross-validated error" in p for p in found)
    assert any("'transformers decode profile' names no fit" in p for p in found)


def test_every_fit_of_one_source_says_why_its_rows_are_n_a():
    """A fit whose rows are all one source's leaves that source's dependent rows n/a; its record says
    why and what would lift it (route (c)); a fit over two or more sources says nothing of the kind."""
    import accuracy

    for fit in loso.FITS:
        record = defaults_registry.FIT_RECORDS[fit.name]
        rows = accuracy.rows_for_keys(fit.rows, kinds={fit.kind, *fit.other_kinds.values()})
        sources = {r.publication for r in rows}
        assert rows and sources, fit.name
        if len(sources) == 1:
            assert record.alone.startswith("n/a: "), fit.name
        else:
            assert not record.alone, fit.name
