"""``loso_refit.Fit.stand_in``: the transformers decode profile, whose rows are the H200 rig's two campaigns, is solved
with the H200 grid left out from the first campaign's two rows and the H100 rig's held-out decode rows (a second
card), so the grid's decode and prefill rows get an out-of-source figure (issue 27, part 1); the shipped fit never
reads the stand-in rows."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import loso  # noqa: E402
import loso_refit  # noqa: E402
from accuracy_base import H200_GRID, H200_RIG  # noqa: E402

FIT = next(f for f in loso.FITS if f.name == "transformers decode profile")


def test_the_stand_in_is_the_h100_rigs_decode_rows_and_not_the_fits_own():
    assert FIT.stand_in and all(key.startswith("h100:decode ") for key in FIT.stand_in)
    assert not set(FIT.stand_in) & set(FIT.rows)
    assert [f.name for f in loso.FITS if f.stand_in] == [FIT.name]


def test_the_first_campaign_alone_cannot_solve_the_profile_with_its_stand_in_it_can():
    rows = accuracy.rows_for_keys(FIT.rows)
    first = [r.key for r in rows if r.publication == H200_RIG]
    assert {r.publication for r in rows} == {H200_RIG, H200_GRID} and len(first) == 2
    assert loso_refit.refit(FIT, first, accuracy.rows_for_keys) is None  # two rows, two shares and a half-context
    solved = loso_refit.refit(FIT, [*first, *FIT.stand_in], accuracy.rows_for_keys)
    assert solved is not None and solved["kv_read_share"] <= 1.0
    assert 0.8 < solved["weight_stream_share"] < 1.2
