"""The engine step's token budget where the user names none: the serving engine's own default.

The tokens one engine step carries, decode tokens included (``Serving.max_batched_tokens``: vLLM's
``max_num_batched_tokens``, SGLang's ``--chunked-prefill-size``, TensorRT-LLM's ``max_num_tokens``), bound
the prefill chunk and the sequences that keep decoding (:func:`configurator.core.load_step.steady_batch`).
Left unset (None), each engine profile's default on the card applies (:func:`~configurator.core.engines.
default_step_tokens`: vLLM by card memory and by entry point, its OpenAI-compatible server for chat and API
use and its LLM class for offline batch; SGLang by card memory; TensorRT-LLM 8,192). It is settled once,
where a serving estimate starts from a scenario and a card (:func:`with_engine_step`), so every formula
reads a number; a value the user typed is kept. Until session 42 every engine took 8,192.
"""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.engine_defaults import default_step_tokens
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario, ServingUse
from configurator.core.view.names import ENGINES


def engine_default_step(scenario: Scenario, card: Card) -> int:
    """The engine profile's default step on ``card`` for the scenario's use (:func:`~configurator.core.engines.
    default_step_tokens`: its marketed memory [GB] and its name, as the batch cap reads them,
    :func:`~configurator.core.workloads.serving.batch_fill.engine_batch_cap`; offline batch use takes the
    engine's offline default) [tokens]."""
    serving = scenario.serving
    return default_step_tokens(serving.profile, card.memory_gb * 1e9, card.name, serving.use is ServingUse.BATCH)


def engine_step_tokens(scenario: Scenario, card: Card) -> int:
    """The engine step's tokens of ``scenario`` on ``card``: the value given, else :data:`PLANNER_SEED_STEP`
    where the planner chooses the step, else the engine's default there (:func:`engine_default_step`) [tokens]."""
    given = scenario.serving.max_batched_tokens
    if given is not None:
        return given
    return PLANNER_SEED_STEP if "max_batched_tokens" in scenario.auto_layout else engine_default_step(scenario, card)


PLANNER_SEED_STEP = 8192
"""The engine step a planner sizes and lays out a deployment at where the step is its own to choose
(``max_batched_tokens`` in ``auto_layout``) [tokens]: TensorRT-LLM's ``max_num_tokens`` and, before vLLM
split its default by entry point, every engine's 8,192. The planner then searches the step at the count
found (:data:`~configurator.core.workloads.serving.step_search.CHUNK_SIZES`) and the launch settings write the
step chosen (``--max-num-batched-tokens``), so the engine's own default does not bind a planned deployment;
sizing the card count at a small default (vLLM's 2,048 on a 24 GB card) bought twice the cards the chosen
step needs (session 42 review)."""


def with_engine_step(scenario: Scenario, card: Card, step: int | None = None) -> Scenario:
    """``scenario`` with its engine step settled on ``card``; itself when given. Unset, it takes ``step``
    where one is passed (a deployment's walk takes its plan's), else :data:`PLANNER_SEED_STEP` where the
    planner chooses the step, else the engine's default (:func:`engine_step_tokens`)."""
    if scenario.serving.max_batched_tokens is not None:
        return scenario
    tokens = engine_step_tokens(scenario, card) if step is None else step
    serving = scenario.serving.model_copy(update={"max_batched_tokens": tokens})
    return scenario.model_copy(update={"serving": serving})


STEP_FLAGS = {"vllm": "--max-num-batched-tokens", "sglang": "--chunked-prefill-size",
              "tensorrt-llm": "--max_num_tokens"}
"""The launch flag that sets the engine step, by engine id (vLLM ``vllm serve``, SGLang
``sglang.launch_server``, ``trtllm-serve``: each engine's flag table, :mod:`configurator.core.launch.flags`);
an engine without launch settings has none."""


def engine_step_notes(scenario: Scenario, card: Card) -> tuple[Message, ...]:
    """The assumption said about the engine step on ``card`` (an assumption, not a warning: the estimate's
    assumptions list it, :func:`configurator.core.view.assumptions_view.assumption_notes`). Where the step is
    the engine's default (unset, or set to it): its tokens, the engine and, for an engine with an offline
    default of its own, which entry point's. Where the planner chose another (``max_batched_tokens`` in
    ``auto_layout``: :data:`PLANNER_SEED_STEP` kept, or the step searched): the planned step, the engine's
    default beside it and the launch flag that sets it. None where the user set another."""
    serving = scenario.serving
    default = engine_default_step(scenario, card)
    engine, memory = ENGINES[serving.engine.value], f"{card.memory_gb:,.0f}"
    step = serving.max_batched_tokens
    if step in (None, default):
        own_offline = serving.profile.offline_step_tokens is not None
        key = "engine-step-default" if not own_offline else \
            "engine-step-default-offline" if serving.use is ServingUse.BATCH else "engine-step-default-served"
        return (msg(key, tokens=default, engine=engine, memory=memory),)
    if "max_batched_tokens" not in scenario.auto_layout:
        return ()
    said = {"tokens": step, "default": default, "engine": engine, "memory": memory}
    flag = STEP_FLAGS.get(serving.engine.value)
    return (msg("engine-step-planned", **said, flag=flag) if flag else msg("engine-step-planned-no-flag", **said),)
