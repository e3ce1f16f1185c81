"""The optimizer kernel a fine-tune runs where the user names none (``default_job.DEFAULT_OPTIMIZER_KERNEL``):
one default, read alike by a new scenario, a file that does not state it and the command line, for every
training workload (the wizard builds on the editor's scenario, so it keeps the same default)."""

from __future__ import annotations

import pytest

from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.default_job import DEFAULT_OPTIMIZER_KERNEL
from configurator.core.scenario import Scenario, Workload, updated

TRAINING = ("pretrain", "finetune", "lora", "qlora")


def test_the_default_is_fused_as_the_trainer_runs_it_under_pytorch_2_8():
    assert DEFAULT_OPTIMIZER_KERNEL == "fused"


@pytest.mark.parametrize("workload", TRAINING)
def test_a_new_scenario_and_a_file_without_the_key_read_the_one_default(workload):
    s = Scenario(model=preset("llama3-8b"), card_id="a100-sxm-80gb", workload=Workload(workload))
    assert s.training.optimizer_kernel == DEFAULT_OPTIMIZER_KERNEL
    written = s.model_dump(mode="json")
    assert "optimizer_kernel" not in written["training"]
    assert Scenario.model_validate(written).training.optimizer_kernel == DEFAULT_OPTIMIZER_KERNEL
    foreach = updated(s, training={"optimizer_kernel": "foreach"})
    assert foreach.model_dump(mode="json")["training"]["optimizer_kernel"] == "foreach"


@pytest.mark.parametrize("workload", TRAINING)
def test_the_command_line_reads_the_same_default(workload):
    args = build_parser().parse_args(["estimate", "--workload", workload, "--model", "llama3-8b",
                                      "--card", "a100-sxm-80gb"])
    assert scenario_from_args(args, load_catalog()).training.optimizer_kernel == DEFAULT_OPTIMIZER_KERNEL
