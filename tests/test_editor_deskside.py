"""A scenario billed in one deskside workstation (:func:`~configurator.core.procurement.host.in_office`: one or two
desktop boards) greys the editor's PUE and cards per server, each tooltip saying why; a third card (a rack server)
makes them editable again. Until December 2026 both stayed editable for ``--card rtx-4090 --count 2``, whose bill
holds no server and whose energy takes no PUE (ws44)."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.scenario import Scenario

pytestmark = pytest.mark.gui

WHY = "Not used in a deskside workstation"


@pytest.fixture
def editor(editor_on):
    return editor_on(Scenario(workload="lora", model=preset("qwen2.5-7b"), card_id="rtx-4090", count=2))


def test_pue_and_cards_per_server_are_greyed_at_a_deskside_workstation(editor):
    controls = (editor.pue, editor.per_node)
    assert not any(c.isEnabled() for c in controls) and all(WHY in c.toolTip() for c in controls)
    assert "office socket" in editor.pue.toolTip() and "no server" in editor.per_node.toolTip()
    assert editor.cloud_price.isEnabled()  # a workstation's cards can still be compared with rent
    editor.controller.apply("count", 3)  # a third board: a rack server's slots, a data hall's PUE
    assert all(c.isEnabled() and WHY not in c.toolTip() for c in controls)
    editor.controller.apply("card_id", "l40")  # a passive data-centre board: a server even for two
    editor.controller.apply("count", 2)
    assert all(c.isEnabled() for c in controls)
    editor.controller.apply("card_id", "rtx-a6000")
    assert not any(c.isEnabled() for c in controls)
