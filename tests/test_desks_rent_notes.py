"""At the users' desks no rent applies (``desks-no-rent``), so why a card's rent is not ranked is not said beside
it (persona44b: 30 designers in China read "RTX A6000: its rents in the catalog are sold outside mainland China
only ... not ranked" above "No cloud rent applies at the desks", in the window's warnings and the estimate).
Off the desks (virtual desktops in a data hall) the rent's market is still said."""

from __future__ import annotations

import pytest

from configurator.cli import main

DESKS = ["estimate", "--workload", "vdi", "--users", "30", "--card", "rtx-a6000", "--count", "30", "--region", "cn"]
ABROAD = {"en": "sold outside mainland China only", "zh_CN": "仅在中国大陆以外销售"}
NO_RENT = {"en": "No cloud rent applies at the desks", "zh_CN": "工位上不适用云租用价格"}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_at_the_desks_only_the_no_rent_sentence_is_said(capsys, language):
    assert main([*DESKS, "--local-display", "--lang", language]) == 0
    out = capsys.readouterr().out
    assert NO_RENT[language] in out and ABROAD[language] not in out


def test_off_the_desks_the_rents_market_is_still_said(capsys):
    assert main([*DESKS[:-4], "--count", "4", "--region", "cn"]) == 0
    out = capsys.readouterr().out
    assert ABROAD["en"] in out and NO_RENT["en"] not in out
