"""The editor's cards per server beside the answer's (small51, persona51 #9): 40 designers on 4 × RTX A6000 read
"8 per server" in the box and "4 per server" in the answer, the servers counted by the desktops a server's
processors and memory carry; the editor now says what the answer uses under the box."""

from __future__ import annotations

import pytest

from configurator.app.i18n import language_for_a_while
from configurator.core.architecture import preset
from configurator.core.scenario import Scenario

pytestmark = pytest.mark.gui

DESIGNERS = Scenario(workload="vdi", model=preset("llama3-8b"), card_id="rtx-a6000", count=4,
                     graphics={"users": 40, "user_class": "designer"})


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Used: 4 per server (a server's processors and memory carry 48 desktops)"),
    ("zh_CN", "实际每台 4 张（一台服务器的处理器和内存可承载 48 个桌面）"),
])
def test_the_editor_says_the_cards_a_server_holds_in_the_answer(editor_on, language, said):
    with language_for_a_while(language):
        editor = editor_on(DESIGNERS)
        assert editor.per_node.value() == 8 and editor.per_node_used.text() == said
        assert editor.cards_form.isRowVisible(editor.per_node_used)


def test_nothing_is_said_where_the_box_is_what_the_answer_uses(editor_on):
    editor = editor_on(DESIGNERS)
    editor.controller.apply("parallelism.cards_per_node", 4)
    assert editor.per_node_used.text() == "" and not editor.cards_form.isRowVisible(editor.per_node_used)
    editor.controller.apply("workload", "lora")  # a training job's servers hold the box's count
    assert not editor.cards_form.isRowVisible(editor.per_node_used)
