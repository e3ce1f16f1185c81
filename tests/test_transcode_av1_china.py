"""An AV1 transcoding question asked for mainland China (found by persongfx, session 34) gets a
precise answer: no card is ranked, and each card that could encode AV1 says why it is not — a US
export licence (below the line), no video encoder (Hopper), or encoders whose count the catalog
has not found published (L20, L2, the domestic MTT S3000) — never a bare "nothing fits".
"""

from __future__ import annotations

import json

import pytest

from configurator.cli import main

AV1_CN = ("recommend", "--json", "--workload", "transcode", "--streams", "2000", "--resolution", "720p",
          "--codec", "av1", "--region", "cn")
"""2,000 live 720p streams encoded to AV1, the cards delivered to mainland China."""


@pytest.fixture(scope="module")
def answer() -> dict:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(AV1_CN)) == 0
    return json.loads(out.getvalue())


def test_no_card_is_ranked_and_each_licensed_encoder_card_says_it_needs_a_licence(answer):
    assert answer["ranked"] == []
    below = answer["below_the_line"]
    assert {"l4", "l40", "l40s"} <= {entry["card"] for entry in below}
    for entry in below:
        assert [v["actual"] for v in entry["violations"] if v["id"] == "region"] == ["licence-required"]


@pytest.mark.parametrize(("card", "why"), [
    ("l20", "video encoders not verified"),
    ("l2", "video encoders not verified"),
    ("mtt-s3000", "video encoders not verified"),
    ("h20", "no video encoder"),
])
def test_the_china_market_cards_say_why_they_carry_no_stream(answer, card, why):
    assert answer["rejected"][card] == why


def test_the_china_market_video_engines_say_what_is_known(catalog):
    """Null where nothing is published, with a note; the known facts filled."""
    for card_id in ("l20", "l2", "mtt-s4000", "br104", "bi-v100"):
        video = catalog.get(card_id).video
        assert video.nvenc is None and "not published" in video.description
    h20 = catalog.get("h20").video
    assert h20.nvenc == 0 and h20.av1_encode is False and h20.nvdec is None
    s3000 = catalog.get("mtt-s3000").video
    assert s3000.av1_encode is True and s3000.nvenc is None  # AV1 encode claimed, encoder count not published
    assert any("moore-threads-unveils-chunxiao-gpu" in s for s in catalog.get("mtt-s3000").sources)
