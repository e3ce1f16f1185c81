"""The chosen training layout as Megatron-LM ``pretrain_gpt.py`` arguments or a torchtitan job
file, each started by ``torchrun`` on every server, or for LoRA and QLoRA a torchtune ``tune run``
command; every flag and key from :mod:`configurator.core.launch.flags`, every setting without one a
comment line (:mod:`.megatron`, :mod:`.torchtitan`, :mod:`.torchtune`)."""

from __future__ import annotations

from configurator.core.launch.flags import MEGATRON, TORCHTITAN, TORCHTUNE
from configurator.core.launch.megatron import megatron_env, megatron_flags
from configurator.core.launch.notes import note
from configurator.core.launch.script import ConfigFile, Step, command
from configurator.core.launch.torchtitan import torchtitan_job
from configurator.core.launch.torchtune import torchtune_config, torchtune_overrides, torchtune_recipe
from configurator.core.launch.training_layout import TrainingLayout
from configurator.core.workloads.base import Estimate

TRAINING_TARGETS = ("megatron", "torchtitan", "torchtune")
"""The trainers a launch script is written for."""

ADAPTER_TARGETS = ("torchtune", "megatron", "torchtitan")
"""The trainers offered for LoRA and QLoRA, the first the default: torchtune trains the adapters alone,
the other two every weight (a note says so)."""

FULL_TARGETS = ("megatron", "torchtitan")
"""The trainers offered for pre-training and full fine-tuning (torchtune's recipes written here are LoRA's)."""

MASTER_PORT = "6000"
"""torchrun rendezvous port of the first server (any free port)."""


def training_steps(est: Estimate, target: str, model: tuple[str, bool]) -> tuple[Step, ...]:
    """The launch script of a training estimate for ``megatron``, ``torchtitan`` or ``torchtune``."""
    layout = TrainingLayout(est.scenario, est.plan.math or est.scenario.precision, est.card.name)
    s = layout.scenario
    par = s.parallelism
    table = {"megatron": MEGATRON, "torchtitan": TORCHTITAN, "torchtune": TORCHTUNE}[target]
    name = {"megatron": "Megatron-LM"}.get(target, target)
    steps: list[Step] = [note("header", engine=name, version=table.version, url=table.url,
                              what=note("training-what", workload=s.workload.value, model=s.model.name,
                                        count=s.count, card=layout.card, tp=par.tp, pp=par.pp, cp=par.cp,
                                        ep=par.ep, dp=s.data_parallel)),
                         note("train-steps", steps=layout.steps, batch=layout.global_sequences,
                              seq=s.training.seq_len, tokens=layout.steps * layout.global_sequences
                              * s.training.seq_len)]
    if target == "torchtune":
        return tuple(steps) + _torchtune_steps(layout, model)
    nodes, per_node = s.nodes, s.cards_in_node  # 8 GH200 or MI250X: 2 nodes of 4
    if nodes > 1:
        steps.append(note("torchrun-nodes", nodes=nodes, last=nodes - 1))
        if s.count % per_node:
            steps.append(note("uneven-nodes", last=s.count % per_node))
    steps.append(note("training-data"))
    if s.training.offload_optimizer and min(s.count, per_node) > 1:  # offload51: the host step's CPU threads
        steps.append(note("offload-threads", ranks=min(s.count, per_node)))
    launcher = ["torchrun", "--nproc-per-node", str(min(s.count, per_node)), "--nnodes", str(nodes)]
    if nodes > 1:
        launcher += ["--node-rank", "$NODE_RANK", "--master-addr", "$MASTER_ADDR", "--master-port", MASTER_PORT]
    if target == "megatron":
        flags, notes = megatron_flags(layout)
        steps.extend(notes)
        steps.append(command(("torchrun", launcher), ("megatron", ["pretrain_gpt.py", *flags]),
                             env=megatron_env(s, flags)))
        return tuple(steps)
    entries, notes = torchtitan_job(layout, model)
    steps.extend(notes)
    steps.append(note("toml-file"))
    steps.append(ConfigFile("torchtitan", "job.toml", "toml", tuple(entries)))
    steps.append(command(("torchrun", launcher),
                         ("torchtitan", ["-m", "torchtitan.train", "--job.config_file", "job.toml"])))
    return tuple(steps)


def _torchtune_steps(layout: TrainingLayout, model: tuple[str, bool]) -> tuple[Step, ...]:
    """torchtune's part of the script: where the config reads the model from, the notes, then ``tune run``
    with torchrun's options on more than one card (a c10d rendezvous at the first server across servers),
    the recipe, the config and its overrides (:mod:`.torchtune`)."""
    s = layout.scenario
    config = torchtune_config(s)
    steps: list[Step] = [note("tt-config", config=config, model=model[0]) if config
                         else note("tt-no-config", model=s.model.name)]
    words, notes = torchtune_overrides(layout)
    steps.extend(notes)
    launcher = ["tune", "run"]
    if s.count == 1:
        steps.append(note("tt-single"))
    else:
        launcher += ["--nnodes", str(s.nodes), "--nproc_per_node", str(min(s.count, s.cards_in_node))]
        if s.nodes > 1:
            steps.append(note("tt-nodes", nodes=s.nodes))
            if s.count % s.cards_in_node:
                steps.append(note("uneven-nodes", last=s.count % s.cards_in_node))
            launcher += ["--rdzv_backend", "c10d", "--rdzv_endpoint", "$MASTER_ADDR:" + MASTER_PORT]
    recipe = [torchtune_recipe(s), "--config", config or "lora.yaml", *words]
    return (*steps, command(("torchtune", launcher), ("torchtune", recipe)))
