"""The editor's vGPU profile beside the answer's (small51b): 40 designers read "1 GiB per user" in the box while
the answer gave each desktop 4 GiB (a designer on one HD display needs it); the editor now says under the box
what the answer uses, and why."""

from __future__ import annotations

import pytest

from configurator.app.i18n import language_for_a_while
from configurator.core.architecture import preset
from configurator.core.scenario import Scenario

pytestmark = pytest.mark.gui

DESIGNERS = Scenario(workload="vdi", model=preset("llama3-8b"), card_id="l40s", count=4,
                     graphics={"users": 40, "user_class": "designer", "profile_gib": 1})


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Used: 4 GiB per user (the kind of user and the displays need at least that)"),
    ("zh_CN", "实际每用户 4 GiB（该类用户和显示器至少需要这么多）"),
])
def test_the_editor_says_the_profile_the_answer_uses(editor_on, language, said):
    with language_for_a_while(language):
        editor = editor_on(DESIGNERS)
        assert editor.profile.currentData() == 1 and editor.profile_used.text() == said
        assert editor._desktops_form.isRowVisible(editor.profile_used)


def test_the_cards_next_vgpu_size_is_said(editor_on):
    editor = editor_on(DESIGNERS)
    editor.controller.apply("graphics.user_class", "knowledge")
    editor.controller.apply("card_id", "t4")
    editor.controller.apply("graphics.profile_gib", 3)  # a 16 GB T4 has no 3 GB type: its 4 GB one
    assert editor.profile_used.text() == "Used: 4 GiB per user (the card's next vGPU size)"


def test_nothing_is_said_where_the_box_is_what_the_answer_uses(editor_on):
    editor = editor_on(DESIGNERS)
    editor.controller.apply("graphics.profile_gib", 4)
    assert editor.profile_used.text() == "" and not editor._desktops_form.isRowVisible(editor.profile_used)
    editor.controller.apply("graphics.profile_gib", 1)
    editor.controller.apply("graphics.local_display", True)  # at the desks: no vGPU, nothing to say
    assert not editor._desktops_form.isRowVisible(editor.profile_used)
