"""Rent-or-buy lines of one GPU say it in the singular (review, session 40): "the same 1 cards",
"renting only the 1 GPUs", "the 1 cards the configuration needs are already owned" read wrong."""

from configurator.core.messages import msg


def test_one_gpu_rent_lines_are_singular():
    assert msg("rented-same", gpus=1).text == "the same 1 card"
    assert msg("rented-same", gpus=8).text == "the same 8 cards"
    assert msg("rented-server", gpus=1, used=1, chip="GPU").text.startswith("the 1 GPU the bill buys")
    assert msg("rented-beyond-owned", gpus=1, owned=7, chip="GPU").text.startswith(
        "the 1 GPU the bill buys beyond the 7")
    said = {"rent": 1000.0, "currency": "USD", "chip": "GPU"}
    assert msg("rent-only-used", used=1, **said).text.startswith("renting only the 1 GPU the configuration")
    assert msg("rent-only-used-beyond-owned-cheaper", used=1, owned=2, **said).text.startswith(
        "renting only the 1 GPU the configuration uses beyond the 2 owned")
    line = msg("rent-or-buy-all-owned", owned=1, years=4.0, u=0.5, tco=1e5, currency="USD").text
    assert line.startswith("Rent or buy: the 1 card the configuration needs is already owned, so no card")
    assert msg("rent-none-beyond-owned", used=1, owned=1).text.startswith("the 1 card the configuration uses is among")
    assert msg("rent-none-beyond-owned", used=4, owned=4).text == \
        "the 4 cards the configuration uses are among the 4 already owned: it needs none rented"


def test_chinese_rent_lines_carry_no_english_noun():
    said = {"rent": 1000.0, "currency": "USD", "chip": "GPU"}
    for message in (msg("rented-same", gpus=1), msg("rent-only-used", used=1, **said),
                    msg("rent-or-buy-all-owned", owned=1, years=4.0, u=0.5, tco=1e5, currency="USD")):
        zh = message.text_in("zh_CN")
        assert "card" not in zh and "GPUs" not in zh


def test_one_desktop_is_singular_in_the_storage_line():
    for key, noun in (("desktop-storage-clones", "non-persistent desktop "), ("desktop-storage-persistent",
                                                                         "persistent desktop ")):
        one = msg(key, users=1, gb=40.0, versions=3, image=60.0, tb=0.2).text
        assert f"1 {noun}(" in one and "1 non-persistent desktops" not in one and "1 persistent desktops" not in one
        assert f"1,200 {noun.strip()}s (" in msg(key, users=1200, gb=40.0, versions=3, image=60.0, tb=50.0).text


def test_one_count_typed_for_a_ranking_is_singular():
    assert "for 1 card of one card run" in msg("cli-recommend-count-not-kept", count=1).text
    assert "for 1,024 cards of one card run" in msg("cli-recommend-count-not-kept", count=1024).text
