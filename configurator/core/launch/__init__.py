"""Launch settings: the chosen layout of an estimate in a serving engine's or a trainer's own
words (:func:`launch_text`), every flag from the cited table of :mod:`.flags`.
"""

from __future__ import annotations

from configurator.core.launch.model_id import model_id
from configurator.core.launch.flags import TABLES
from configurator.core.launch.script import Step, render, steps_to_dict
from configurator.core.launch.serving import SERVING_TABLES, serving_layout, serving_steps
from configurator.core.launch.training import ADAPTER_TARGETS, FULL_TARGETS, TRAINING_TARGETS, training_steps
from configurator.core.messages import msg
from configurator.core.messages_said import said
from configurator.core.workloads.base import Estimate

LAUNCH_TARGETS: tuple[str, ...] = (*SERVING_TABLES, *TRAINING_TARGETS)
"""Every engine or trainer a launch script is written for: vllm, sglang, tensorrt-llm, megatron, torchtitan,
torchtune."""

TARGET_NAMES: dict[str, str] = {"vllm": "vLLM", "sglang": "SGLang", "tensorrt-llm": "TensorRT-LLM",
                                "megatron": "Megatron-LM", "torchtitan": "torchtitan", "torchtune": "torchtune"}
"""The name each target goes by."""


class LaunchError(ValueError):
    """No launch script for this estimate and target; ``said`` carries the message."""


def launch_targets(est: Estimate) -> tuple[str, ...]:
    """The targets an estimate can be launched with, the first the default: the serving engines for
    serving; torchtune first for LoRA and QLoRA (it trains the adapters alone), then Megatron-LM and
    torchtitan (every weight, a note says so); Megatron-LM and torchtitan for pre-training and full
    fine-tuning; none for graphics work."""
    workload = est.scenario.workload
    if workload.is_graphics:
        return ()
    if workload.is_adapter:
        return ADAPTER_TARGETS
    return FULL_TARGETS if workload.is_training else tuple(SERVING_TABLES)


def launch_steps(est: Estimate, target: str) -> tuple[Step, ...]:
    """The launch script of ``est`` for ``target`` as steps (comments, commands, files).

    Raises
    ------
    LaunchError
        When ``target`` does not launch this kind of work (a trainer for serving, anything for
        graphics).
    """
    targets = launch_targets(est)
    if target not in targets:
        names = ", ".join(targets) or "—"
        raise said(LaunchError, msg("launch-not-for-workload", target=TARGET_NAMES.get(target, target),
                                    workload=est.scenario.workload.value, choices=names))
    if target in SERVING_TABLES:
        return serving_steps(serving_layout(est, model_id(est.scenario.model.name, est.scenario.serving.use)), target)
    return training_steps(est, target, model_id(est.scenario.model.name))


def launch_text(est: Estimate, target: str, language: str = "en") -> str:
    """The launch script of ``est`` for ``target`` as shell text, its comments in ``language``."""
    return render(launch_steps(est, target), language)


def launch_to_dict(est: Estimate, target: str, language: str = "en") -> dict:
    """The launch script of ``est`` for ``target`` as JSON: the target, its name, the flag table's
    version and source, each command's environment and ``argv``, the files, the comment lines
    and the whole text (:func:`~configurator.core.launch.script.steps_to_dict`).

    Raises
    ------
    LaunchError
        As :func:`launch_steps`.
    """
    table = TABLES[target]
    return {"target": target, "engine": TARGET_NAMES[target], "program": table.program, "version": table.version,
            "source": table.source, "url": table.url, **steps_to_dict(launch_steps(est, target), language)}
