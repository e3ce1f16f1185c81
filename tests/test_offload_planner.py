"""The planner's CPU optimizer offload (offload50): where no layout of a count fits on the cards, the job
with the optimizer in host memory (ZeRO-Offload), said first with the host memory each server needs; never
where the user pinned the offload, and never in place of a count that fits on the cards alone."""

from __future__ import annotations

from numpy.testing import assert_allclose

from cli_estimates import estimate_from_cli
from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.formulas.states import offloaded_optimizer_host_bytes
from configurator.core.scenario import LAYOUT_FIELDS, Scenario
from configurator.core.scenario_choices import OFFLOAD_LAYOUT
from configurator.core.workloads.layout import unpinned
from configurator.core.workloads.training.deployment import training_deployments
from configurator.core.workloads.training.offload import OFFLOAD_PLANNED_PARAMS, offload_planned_in

ON_CARD = tuple(f for f in LAYOUT_FIELDS if f != OFFLOAD_LAYOUT)


def _finetune(model: str, card: str, count: int, auto=LAYOUT_FIELDS) -> Scenario:
    return Scenario(workload="finetune", model=preset(model), card_id=card, count=count, auto_layout=auto)


def test_host_bytes_per_parameter():
    """16 B per parameter with AdamW (DeepSpeed's estimate_zero2_model_states_mem_needs: fp32 weight,
    gradient and two moments), 12 with SGD's one momentum, 10 with 8-bit AdamW's one-byte moments."""
    assert_allclose(offloaded_optimizer_host_bytes(1e9, "adamw"), 16e9)
    assert_allclose(offloaded_optimizer_host_bytes(1e9, "sgd"), 12e9)
    assert_allclose(offloaded_optimizer_host_bytes(1e9, "adamw-8bit"), 10e9)


def test_offload_planned_where_nothing_fits_on_the_cards(catalog):
    """Full fine-tuning of Llama 3 8B on 2 × RTX 4090: no layout fits on 24 GB cards; with the training states
    on the host (the default torch-amp recipe: FSDP2's CPU offload, parameters too, ZeRO 3) it runs, said first
    with the host memory of the server: 8.03 B × (4 + 4 + 8) B = 119.7 GiB (offloadlaunch50)."""
    est = estimate(_finetune("llama3-8b", "rtx-4090", 2), catalog.get("rtx-4090"))
    assert est.fits and est.training is not None
    assert est.scenario.training.offload_optimizer and est.scenario.training.offload_params
    first = est.messages[0]
    assert first.id == OFFLOAD_PLANNED_PARAMS
    assert_allclose(first.params["host_gib"], 8_030_261_248 * 16 / 2**30, rtol=1e-9)
    assert est.training.offload_s > 0  # the host link and the CPU update are charged


def test_pinned_offload_is_kept(catalog):
    """With the offload pinned (off), the planner does not turn it on: the shortfall is said instead."""
    est = estimate(_finetune("llama3-8b", "rtx-4090", 2, ON_CARD), catalog.get("rtx-4090"))
    assert not est.fits and not est.scenario.training.offload_optimizer
    assert not offload_planned_in(est)
    pinned = _finetune("llama3-8b", "rtx-4090", 2, ON_CARD)
    assert OFFLOAD_LAYOUT not in unpinned(pinned).auto_layout  # another card or count keeps the pin


def test_cli_offload_flag_pins(catalog):
    """``--offload none`` pins the offload; without the flag the planner may choose it."""
    line = "--workload finetune --model llama3-8b --card rtx-4090 --count 2"
    assert offload_planned_in(estimate_from_cli(catalog, line))
    est = estimate_from_cli(catalog, line + " --offload none")
    assert not est.fits and OFFLOAD_LAYOUT not in est.scenario.auto_layout


def test_no_offload_where_a_layout_fits(catalog):
    """Llama 3.2 1B fits on one RTX 4090: no offload."""
    est = estimate(_finetune("llama3.2-1b", "rtx-4090", 1), catalog.get("rtx-4090"))
    assert est.fits and not est.scenario.training.offload_optimizer and not offload_planned_in(est)


def test_deployments_try_counts_that_fit_on_the_cards(catalog):
    """An offloaded count does not stop the count search: the counts that fit on the cards alone are
    deployments too, so a ranking weighs them (Llama 3 8B on RTX 4090: 1 to 4 offloaded, 8 on the cards)."""
    deployments = training_deployments(_finetune("llama3-8b", "rtx-4090", 1), catalog.get("rtx-4090"))
    offloaded = [e.scenario.count for e in deployments if offload_planned_in(e)]
    on_card = [e.scenario.count for e in deployments if not e.scenario.training.offload_optimizer]
    assert offloaded and on_card and max(offloaded) < min(on_card)


def test_plan_and_json_say_the_offload(capsys):
    """``plan`` shows the search the layout was chosen from (the offloaded one: layouts fit) and says why;
    ``--json`` carries the message with the host memory per server [GiB]."""
    import json

    from configurator.cli import main

    assert main(["plan", "--card", "t4", "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert "none fits" not in out and "CPU offload" in out and "GiB of host memory" in out
    assert main(["estimate", "--workload", "finetune", "--model", "llama3-8b", "--card", "rtx-4090", "--count", "2",
                 "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    first = said["warning_ids"][0]
    assert first["id"] == OFFLOAD_PLANNED_PARAMS and first["params"]["host_gib"] > 100
    assert said["scenario"]["training"]["offload_optimizer"] is True
