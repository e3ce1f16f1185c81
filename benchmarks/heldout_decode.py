"""Held-out decode steps at a stated static batch (case ``static-decode`` of ``benchmarks/data/held-out.json``).

TensorRT-LLM 0.9.0's ``gptSessionBenchmark`` runs of an NVIDIA DLI course's data file give, per run, the time to the
first token and the whole batch's latency; the file's 'Token-to-token Latency (ms)' column is
``(latency − first token) / (output − 1)``: the mean of the run's ``O − 1`` decode steps of one static batch
(benchmarks/data/notes-heldout-decode-trt09-2026-12-06.md). Predicted as one decode step of the batch half-way through
the answer (:func:`configurator.core.decode_step.decode_step_seconds` at ``prompt + output / 2`` cached tokens), with
the row's CUDA-graph setting; harness translation only, no model of its own.
"""

from __future__ import annotations

from collections.abc import Iterator

from accuracy_base import CATALOG, Row, part_of_the_benchmark, scenario
from accuracy_base import HELD_OUT_SOURCE as SOURCE

from configurator.core.architecture import preset
from configurator.core.precision import plan_serving
from configurator.core.scenario import Scenario
from configurator.core.serving_speed import decode_step_seconds

def static_batch_scenario(setup: dict, output: int) -> Scenario:
    """The serving scenario of one static batch a row's ``setup`` states: ``batch`` prompts of ``prompt_tokens``
    each, answered with ``output`` tokens [tokens], on the engine and CUDA-graph setting it names, the whole batch's
    prompts in one step (at least 2,048 tokens a step)."""
    prompt, batch = setup["prompt_tokens"], setup["batch"]
    serving = {"context": prompt + output, "prompt_tokens": prompt, "output_tokens": output, "concurrency": batch,
               "max_batch": batch, "batching": "static", "engine": setup["engine"],
               "cuda_graphs": setup["cuda_graphs"], "max_batched_tokens": max(batch * prompt, 2048)}
    return scenario(preset(setup["model"]), setup["card"], setup["count"], workload="inference",
                    precision=setup["precision"], parallelism={"tp": setup["tp"]}, serving=serving)


def static_decode(r: dict) -> Iterator[Row]:
    """One static batch's mean decode step [ms per token] against the row's ``token_to_token_ms``."""
    setup = r["setup"]
    prompt, output, batch = setup["prompt_tokens"], setup["output_tokens"], setup["batch"]
    s = static_batch_scenario(setup, output)
    card = CATALOG.get(setup["card"])
    kv_tokens = prompt + output // 2
    step, bound = decode_step_seconds(s, card, plan_serving(s, card), batch, kv_tokens)
    note = (f"{setup['engine']} TP{setup['tp']}, static batch {batch} x {prompt}/{output} tokens; one decode step at "
            f"{kv_tokens:,} cached tokens, {bound}-bound")
    yield Row(SOURCE, r["id"], "decode", f"ms per token at batch {batch}", step * 1000,
              r["values"]["token_to_token_ms"], "; ".join(part for part in (note, r["notes"]) if part), s,
              publication=r["publication"])


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
