"""A flag the work does not read is refused, naming the flag that work reads for it (``--users 100``
for a chat service was the virtual desktops' users: the answer was sized for one user); and every
field :mod:`configurator.core.view.fields_read` calls unread by a workload leaves that workload's
estimate as it was — the refusal never turns away a value that would change the answer."""

from __future__ import annotations

import enum
import typing

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import clear_estimate_memo, estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.fields import FIELDS
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import Scenario
from configurator.core.scenario_choices import Workload
from configurator.core.view.fields_read import instead, reads, readers

CATALOG = load_bundled_catalog()

CARD_OF = {"inference": "l40s", "vdi": "l40s", "transcode": "l4", "render": "l40"}


def test_users_for_work_that_reads_no_users_is_refused_naming_who_reads_it(capsys):
    # --users for a chat service is its users served at once (tests/test_users_flag.py, users50); not for training
    assert main(["estimate", "--workload", "pretrain", "--users", "100"]) == 2
    err = capsys.readouterr().err
    assert "--users" in err and "--workload pretrain" in err and "--workload inference, vdi" in err
    assert main(["recommend", "--workload", "transcode", "--users", "100", "--lang", "zh_CN"]) == 2
    assert "--workload inference, vdi" in capsys.readouterr().err


def test_flags_of_other_work_and_goals_it_does_not_check_are_refused(capsys):
    assert main(["estimate", "--workload", "vdi", "--lora-rank", "8"]) == 2
    assert "--lora-rank" in capsys.readouterr().err
    assert main(["recommend", "--workload", "pretrain", "--tpot-ms", "50"]) == 2
    assert "--deadline" in capsys.readouterr().err  # what training reads for a time target
    assert main(["recommend", "--workload", "transcode", "--deadline", "3d"]) == 2
    assert main(["recommend", "--workload", "inference", "--mlperf", "llama2-70b", "--model", "llama2-70b",
                 "--card", "h100-sxm", "--limit", "1"]) == 0  # serving reads the MLPerf targets
    capsys.readouterr()


def test_readers_and_the_field_read_instead():
    assert readers("graphics.users") == (Workload.VDI,)
    assert instead(Workload.INFERENCE, "graphics.users") == "serving.concurrency"
    assert reads(Workload.RENDER, "constraints.deadline_hours") and not reads(Workload.VDI, "constraints.deadline_hours")
    assert reads(Workload.QLORA, "training.lora_rank") and not reads(Workload.FINETUNE, "training.lora_rank")
    assert reads(Workload.VDI, "economics.pue") and reads(Workload.INFERENCE, "count")


def _annotation_choices(annotation) -> list:
    """The values a Literal or Enum annotation (``X | None`` included) allows."""
    for arg in (annotation, *typing.get_args(annotation)):
        if typing.get_origin(arg) is typing.Literal:
            return list(typing.get_args(arg))
        if isinstance(arg, type) and issubclass(arg, enum.Enum):
            return list(arg)
    return []


def _other_value(model, name: str):
    """A value of ``model``'s field ``name`` other than its own, or None where none is picked."""
    value, info = getattr(model, name), type(model).model_fields[name]
    if value is None:  # an unset target or limit: one that any work reading it would have to check
        kinds = {arg for arg in typing.get_args(info.annotation) if arg in (int, float)}
        return 10 if kinds else None
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)) and not isinstance(value, enum.Enum):
        return type(value)(value * 2) if value else type(value)(1)
    choices = [c for c in _annotation_choices(info.annotation) if c != value]
    return choices[0] if choices else None


def _answer(scenario: Scenario) -> dict:
    clear_estimate_memo()
    est = estimate(scenario, CATALOG.get(scenario.card_id))
    document = estimate_to_dict(est, deployment_cost(est))
    for echoed in ("layout", "count", "card", "error_bands", "scenario", "assumptions"):  # what the scenario states,
        # not what was worked out (the assumptions' echo: a VDI host's desktop, read by VDI alone, is echoed for all)
        document.pop(echoed, None)
    return document


@pytest.mark.parametrize("workload", [w.value for w in Workload])
def test_a_field_the_work_does_not_read_leaves_its_answer(workload):
    base = Scenario(model=preset("llama3-8b"), workload=workload, card_id=CARD_OF.get(workload, "h100-sxm"), count=8)
    before = _answer(base)
    checked = 0
    for entry in FIELDS:
        section, _, name = entry.path.rpartition(".")
        if reads(Workload(workload), entry.path) or not section or section == "parallelism":
            continue  # a layout field is echoed in the estimate's scenario: the editor hides it instead
        part = getattr(base, section)
        other = _other_value(part, name)
        if other is None:
            continue
        try:
            changed = base.model_copy(update={section: part.model_copy(update={name: other})})
            changed = Scenario.model_validate(changed.model_dump())
        except ValueError:
            continue
        assert _answer(changed) == before, (workload, entry.path, other)
        checked += 1
    assert checked >= 10


def test_a_budget_takes_a_suffix_as_a_buyer_writes_it(capsys):
    """``--budget 2M`` is two million in the scenario's currency (it was refused: not a number)."""
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args, with_constraints

    args = build_parser().parse_args(["recommend", "--workload", "inference", "--budget", "2M"])
    assert with_constraints(scenario_from_args(args, CATALOG), args).constraints.budget == 2_000_000
