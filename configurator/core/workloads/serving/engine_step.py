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
from configurator.core.engines import default_step_tokens
from configurator.core.messages import msg
from configurator.core.scenario import Scenario, ServingUse
from configurator.core.view.names import ENGINES
from configurator.core.workloads.serving.edits import with_serving


def engine_step_tokens(scenario: Scenario, card: Card) -> int:
    """The engine step's tokens of ``scenario`` on ``card``: the value given, else the engine profile's
    default there (its marketed memory [GB] and its name, as the batch cap reads them:
    :func:`~configurator.core.workloads.serving.batch_fill.engine_batch_cap`) [tokens]."""
    serving = scenario.serving
    if serving.max_batched_tokens is not None:
        return serving.max_batched_tokens
    return default_step_tokens(serving.profile, card.memory_gb * 1e9, card.name, serving.use is ServingUse.BATCH)


def with_engine_step(scenario: Scenario, card: Card) -> Scenario:
    """``scenario`` with its engine step settled on ``card`` (:func:`engine_step_tokens`); itself when given."""
    if scenario.serving.max_batched_tokens is not None:
        return scenario
    return with_serving(scenario, max_batched_tokens=engine_step_tokens(scenario, card))


def engine_step_note(scenario: Scenario, card: Card) -> str:
    """The assumption said when the engine's default step was used: its tokens, the engine and why."""
    serving = scenario.serving
    offline = serving.use is ServingUse.BATCH and serving.profile.offline_step_tokens is not None
    key = "engine-step-default-offline" if offline else \
        "engine-step-default-served" if serving.profile.offline_step_tokens is not None else "engine-step-default"
    return msg(key, tokens=engine_step_tokens(scenario, card), engine=ENGINES[serving.engine.value],
               memory=f"{card.memory_gb:,.0f}")
