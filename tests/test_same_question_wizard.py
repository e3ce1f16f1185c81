"""The same pre-train asked of the wizard and of ``recommend`` gets the same answer (session 49, same49): until
December 2026 the wizard set Megatron's recipe for every pre-train while the command line kept the scenario's
default, and Llama 3 70B on 100B tokens in 14 days came out 48 × Gaudi 3 in the wizard and 56 on the command line
(benchmarks/data/notes-persona-ml-2026-12-06.md, left item 4). Real widgets, the command line's JSON."""

from __future__ import annotations

import contextlib
import io
import json

from configurator.app.wizard import WorkloadWizard
from configurator.cli import main
from configurator.core.architecture import preset

ASKED = ["recommend", "--workload", "pretrain", "--model", "llama3-70b", "--tokens", "100B", "--deadline", "14d",
         "--budget", "5M USD", "--json", "--limit", "1"]


def _command_line_first() -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(ASKED) == 0
    return json.loads(out.getvalue())["ranked"][0]


def test_the_wizard_and_recommend_answer_a_pretrain_alike(qtbot, controller):
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.goal.set_workload("pretrain")
    for path, value in (("model", preset("llama3-70b")), ("tokens", 1e11), ("deadline_hours", 14 * 24.0),
                        ("budget", 5e6)):
        wizard.answers.set(path, value)
    decided = wizard.decision_job()()
    first = _command_line_first()
    assert decided.scenario.training.recipe.value == "torch-amp"  # the scenario's one default, as recommend's
    assert (decided.scenario.card_id, decided.scenario.count) == (first["card"]["id"], first["count"])
