"""The wizard decides: the model it uses, card, count and layout from the recommender, cost,
reasons, numbers never changed unseen, "Use this" and "Show alternatives" (real widgets)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QWizard

from configurator.app.wizard import WorkloadWizard
from configurator.app.wizard_decide import Change
from configurator.app.wizard_changes import change_text
from configurator.core.model_size import TENSOR_PARALLEL_DEGREES, closest_preset, model_for_size, splittable_shape
from configurator.core.scenario import Constraints, Serving
from configurator.core.view.names import model_name

DECIDE_MS = 120_000


@pytest.fixture
def wizard(qtbot, controller):
    w = WorkloadWizard(controller)
    qtbot.addWidget(w)
    w.show()
    return w


def _to_result(wizard: WorkloadWizard) -> None:
    while wizard.currentPage() is not wizard.summary:
        wizard.next()
    assert wizard.summary.wait(DECIDE_MS)


def _serving_answers(wizard: WorkloadWizard, users: int = 200) -> None:
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.model_page.presets.setCurrentRow(
        [wizard.model_page.presets.item(r).data(256) for r in range(wizard.model_page.presets.count())]
        .index("llama3-8b"))
    wizard.next()
    wizard.load.users.setValue(users)
    wizard.load.context.setValue(4096)
    wizard.load.prompt.setValue(1024)
    wizard.load.answer.setValue(256)
    wizard.load.latency.setValue(60)
    wizard.next()


# ---- the model for a size typed in -----------------------------------------------------------

def test_typed_size_says_which_preset_it_takes(wizard):
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.model_page.size.setValue(8.0)
    wizard.model_page.size.setValue(7.0)
    note = wizard.model_page.size_note.text()
    picked = wizard.model_page.model()
    assert closest_preset(7e9)[1] == picked
    assert model_name(picked.name) in note  # the name people write, not the preset id (persona s25 #27)
    assert "closest preset" in note and "7 B" in note


def test_typed_size_without_a_preset_builds_a_splittable_shape(wizard):
    wizard.goal.set_workload("pretrain")
    wizard.next()
    wizard.model_page.size.setValue(20.0)
    model = wizard.model_page.model()
    assert model_for_size(20e9).preset_id is None
    assert model.n_layers % 4 == 0
    assert all(model.n_heads % tp == 0 and model.kv_heads % tp == 0 for tp in TENSOR_PARALLEL_DEGREES)
    note = wizard.model_page.size_note.text()
    assert f"{model.n_layers} layers" in note and f"{model.n_heads} heads" in note


@pytest.mark.parametrize("billions", [0.5, 2, 5, 7, 13, 20, 30, 100, 150, 300, 1000])
def test_built_shapes_split_and_come_close(billions):
    model = splittable_shape(billions * 1e9)
    assert model.n_layers % 4 == 0 and model.n_heads % 8 == 0 and model.kv_heads % 8 == 0
    assert model.total_params() == pytest.approx(billions * 1e9, rel=0.10)


# ---- bounds come from the scenario model -----------------------------------------------------

def test_wizard_bounds_are_the_scenario_fields(wizard):
    load = wizard.load
    assert load.prompt.maximum() == Serving.model_fields["prompt_tokens"].metadata[-1].le
    assert load.context.maximum() == Serving.model_fields["context"].metadata[-1].le
    assert load.users.maximum() == Serving.model_fields["concurrency"].metadata[-1].le
    assert load.ttft.maximum() == Constraints.model_fields["ttft_ms"].metadata[-1].le


def test_refused_text_is_said_not_coerced(qtbot, wizard):
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.next()
    box = wizard.load.users
    before = box.value()
    qtbot.waitExposed(wizard)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "-5")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == before
    assert "-5" in wizard.load.problem.text()
    assert wizard.currentPage() is wizard.load  # Return pressed Next: held once, so the message is read
    wizard.next()
    assert wizard.currentPage() is wizard.limits


def test_question_and_answer_must_fit_the_context(wizard):
    wizard.goal.set_workload("inference")
    wizard.next()
    wizard.next()
    wizard.load.context.setValue(1000)
    wizard.load.prompt.setValue(900)
    wizard.load.answer.setValue(200)
    assert not wizard.load.validatePage()
    assert "1,000" in wizard.load.problem.text() or "1000" in wizard.load.problem.text()
    wizard.load.context.setValue(2048)
    assert wizard.load.validatePage()


# ---- the decision ----------------------------------------------------------------------------

def test_recommender_chooses_card_count_and_layout(wizard, controller):
    _serving_answers(wizard, users=200)
    assert wizard.limits.card.currentData() is None  # the recommender chooses
    _to_result(wizard)
    decision = wizard.summary.decision
    text = wizard.summary.text.toPlainText()
    assert "Llama 3 8B" in text and "8.03 B" in text  # the model used, by its name
    assert decision.estimate.card.name in text
    assert decision.chosen_by == "recommender" and decision.ranked >= 1
    own = decision.cost.ownership
    assert own.currency in text and "TCO" in text and decision.price_date in text
    assert decision.reasons and "Why" in text
    assert decision.scenario.serving.concurrency == 200  # never rounded silently
    for change in decision.changes:  # any other spread is said
        assert change_text(change) in text
    assert wizard.button(QWizard.WizardButton.FinishButton).text().replace("&", "") == "Use this"
    undo_before = controller.undo_stack.count()
    wizard.accept()
    assert controller.scenario == decision.scenario
    assert controller.undo_stack.count() == undo_before + 1  # one undoable edit
    controller.undo_stack.undo()
    assert controller.scenario.workload.value == "finetune"


def test_uneven_spread_over_copies_is_said():
    change = Change("serving.concurrency", 200, 201, "spread", {"copies": 3, "each": 67})
    text = change_text(change)
    assert "200" in text and "3 copies" in text and "67" in text and "201" in text


def test_batch_taken_differently_is_said():
    text = change_text(Change("training.global_batch_tokens", 4_000_000, 4_194_304, "batch-layout",
                              {"dp": 8, "seq": 4096}))
    digits = text.replace(",", "").replace("\u00a0", "")  # grouping follows the locale
    assert "4000000" in digits and "4194304" in digits and "8 data-parallel ranks" in text


def test_stale_decision_is_dropped_after_back(wizard):
    _serving_answers(wizard, users=64)
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("l40s"))
    wizard.next()  # result page starts deciding for 64 users
    wizard.back()
    wizard.back()
    wizard.load.users.setValue(32)
    wizard.next()
    wizard.next()
    assert wizard.summary.wait(DECIDE_MS)
    assert wizard.summary.decision.answers.serving.concurrency == 32
    assert wizard.summary.decision.scenario.card_id == "l40s"
    assert wizard.summary.decision.chosen_by == "you"


def test_show_alternatives_opens_the_recommendation_panel(qtbot, controller, tmp_path):
    from configurator.app.main_window import MainWindow

    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    wizard = window.open_wizard()
    _serving_answers(wizard, users=16)
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("l40s"))
    _to_result(wizard)
    assert wizard.summary.alternatives.isEnabled()
    wizard.summary.alternatives.click()
    assert controller.scenario.card_id == "l40s"
    assert window.recommend_dock is not None and window.recommend_dock.isVisible()
    assert window.recommend_panel.wait(DECIDE_MS) is not None  # ranked for the scenario taken
    window.controller.wait()
    controller.undo_stack.setClean()  # closing asks to save a changed scenario otherwise


# ---- plural forms through Qt's %n ------------------------------------------------------------

def test_counts_take_plural_forms_in_both_languages(qtbot, controller):
    from configurator.app.i18n import install_language

    try:
        for language, one, many in (("en", " user at once", " users at once"), ("zh_CN", " 个并发用户", " 个并发用户")):
            install_language(language)
            w = WorkloadWizard(controller)
            qtbot.addWidget(w)
            w.load.users.setValue(1)
            assert w.load.users.suffix() == one
            w.load.users.setValue(200)
            assert w.load.users.suffix() == many
            assert w.summary.tr("%n server(s)", "", 1) == ("1 server" if language == "en" else "1 台服务器")
    finally:
        install_language("en")


# ---- a model that is not a decoder says so -------------------------------------------------

NON_DECODERS = {
    "bert": {"model_type": "bert", "num_hidden_layers": 12, "hidden_size": 768, "num_attention_heads": 12,
             "intermediate_size": 3072, "vocab_size": 30522},
    "t5": {"model_type": "t5", "is_encoder_decoder": True, "num_layers": 12, "num_decoder_layers": 12, "d_model": 768,
           "num_heads": 12, "d_ff": 3072, "vocab_size": 32128},
    "vit": {"model_type": "vit", "num_hidden_layers": 12, "hidden_size": 768, "num_attention_heads": 12,
            "intermediate_size": 3072, "image_size": 224, "patch_size": 16},
}


@pytest.mark.parametrize("family", sorted(NON_DECODERS))
def test_a_non_decoder_import_is_said_next_to_the_button_and_in_the_status_bar(qtbot, controller, tmp_path, family):
    import json

    from configurator.app.main_window import MainWindow

    path = tmp_path / "config.json"
    path.write_text(json.dumps(NON_DECODERS[family]))
    window = MainWindow(controller, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    before = controller.scenario
    assert not window.editor.import_config(path)
    label = window.editor.problem_label
    assert label.isVisible() and family in label.text() and "decoder-only" in label.text()
    assert family in window.statusBar().currentMessage()
    assert controller.scenario == before
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    assert not wizard.model_page.import_file(path)
    assert family in wizard.model_page.problem.text() and "decoder-only" in wizard.model_page.problem.text()


def test_owned_cards_too_few_for_the_load_say_what_they_carry_alone(wizard):
    """The buyer who owns 2 × L40S for 2,000 users at once reads first what those 2 carry alone and
    what all the users need of that card — the command line's sentence (Result.owned_alone) — while
    the answer lays out the 2 owned."""
    from configurator.app.i18n import message_text

    _serving_answers(wizard, users=2000)
    wizard.limits.card.setCurrentIndex(wizard.limits.card.findData("l40s"))
    wizard.limits.owned.setChecked(True)
    wizard.limits.owned_count.setValue(2)
    _to_result(wizard)
    decision = wizard.summary.decision
    assert decision.chosen_by == "owned" and decision.scenario.count == 2
    note = decision.owned_alone
    assert note is not None and note.id.startswith("owned-alone")
    assert note.params["owned"] == 2 and note.params["load"] == 2000 and note.params["count"] > 2
    shown = wizard.summary.text.toPlainText()
    assert message_text(note) in shown and shown.index(message_text(note)) < shown.index("Buy")
