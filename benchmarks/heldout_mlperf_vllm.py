"""AMD's MLPerf Inference v4.1 vLLM harness as the held-out MI300X rows ran it, and v5.1's settings (split from
``accuracy_heldout.py``): the harness's engine settings, vLLM's profile at them, and a TTFT behind the
harness's batcher; the rows themselves are read in :func:`accuracy_heldout._mlperf_vllm`."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
from accuracy_base import CATALOG, part_of_the_benchmark, scenario
from mlperf_datasets import MLPERF_ANSWER_SHARES

from configurator.core.architecture import preset
from configurator.core.precision import plan_serving
from configurator.core.scenario import updated
from configurator.core.serving_step_costs import step_costs

AMD_VLLM_HARNESS = {
    "offline": {"max_batched_tokens": 65536, "cuda_graphs": False},
    "server": {"max_batched_tokens": 49152, "cuda_graphs": False},
}
"""The vLLM engine settings of AMD's MLPerf v4.1 Llama 2 70B harness (closed/AMD/code/llama2-70b-99 of
mlcommons/inference_results_v4.1, 198fc467; Dell's copy is the same), beside the FP8 KV cache and the batch
(``max_num_seqs``) the rows state: Offline, ``mainVllmFp8_Offline.py``'s ``max_num_batched_tokens`` 65,536 and
``--enforce-eager True`` (``test_VllmFp8_Offline_perf.sh``); Server, ``mainVllmFp8_SyncServer.py``'s argument
defaults, ``max_num_batched_tokens`` 49,152 without chunked prefill and HIP graphs with ``max_seq_len_to_capture``
512. vLLM's V0 model runner replays a decode step from a graph only when ``batch_size <=
_BATCH_SIZES_TO_CAPTURE[-1]`` (256) and ``max_decode_seq_len <= max_seq_len_to_capture`` (vllm/worker/
model_runner.py, ``use_captured_graph``, read in stored 0.5-series copies; vLLM 0.4.3's rule is of the same
form): at the Server rows' load (200-400 sequences decoding, OpenOrca prompts up to 1,021 tokens and answers up
to 1,024, so nearly every step holds a sequence past 512 tokens) the steps run eager, so both scenarios are
predicted eager."""

AMD_VLLM_PROFILE = {"prefill_with_decodes": False}
"""What AMD's harness's vLLM (0.4.3+rocm614, a V0 engine) does beside the vllm profile (the V1 engine with chunked
prefill): a prompt's prefill is a forward pass of its own that the running sequences wait through
(:attr:`~configurator.core.engines.EngineProfile.prefill_with_decodes` False). Neither harness turns chunked prefill
on (``mainVllmFp8_Offline.py``: ``enable_chunked_prefill: bool = False``; ``mainVllmFp8_SyncServer.py``: the field
commented out, so vLLM's ``EngineArgs`` default, False), and V0's default scheduler then runs no decodes in a step that
holds prefills ("Don't schedule decodes if prefills are scheduled", vllm/core/scheduler.py ``_schedule_default``, the
same rule as the v0.6.0 lines ``_sglang_copy`` cites for the SGLang table's vLLM rows)."""

AMD_BATCHER_THRESHOLD_S = 0.3
"""How long the AMD harness's batcher gathers the queries loadgen issues before it hands them to one copy:
``mainVllmFp8_SyncServer.py --batcher-threshold`` (default 0.3, 'Maximum time to wait before sending a batch
to vLLM'; ``--enable-batcher`` is passed by ``test_VllmFp8_SyncServer_perf.sh``) [s]. ``sync_sut.py``
``batch_samples_loop`` sends what it holds when it holds ``--gpu-batch-size`` (96) queries or this long has
passed since its last send, each batch to the next copy in turn (``next_device_id``, round robin)."""


HARNESS_OVERRIDES = ("max_batched_tokens",)
"""Engine settings a later round's vLLM row states where its harness differs from :data:`AMD_VLLM_HARNESS` (AMD's
v5.1 harness: ``max_num_batched_tokens`` 65,536 Offline, 40,960 Server, eager in both; its
harness_llm/models/llama2-70b/*.yaml); with ``scheduler_steps`` (vLLM ``num_scheduler_steps``) on the profile."""


def _mlperf_vllm_copy(setup: dict, prompt: int, output: int, server: bool):
    """One copy of an MLPerf v4.1 vLLM submission (AMD's harness, :data:`AMD_VLLM_HARNESS`, or the settings a
    later round's row states, :data:`HARNESS_OVERRIDES`): the scenario and the load model's step costs at the
    row's batch (``max_num_seqs``), its answers spread as the dataset's
    (:data:`~mlperf_datasets.MLPERF_ANSWER_SHARES`)."""
    batch = setup["batch"]
    serving = {"context": prompt + output + 1, "prompt_tokens": prompt, "output_tokens": output,
               "concurrency": batch, "max_batch": batch, "kv_precision": "fp8", "engine": "vllm",
               **AMD_VLLM_HARNESS["server" if server else "offline"],
               **{key: setup[key] for key in HARNESS_OVERRIDES if key in setup}}
    s = scenario(preset("llama2-70b"), setup["card"], setup["tp"], workload="inference", precision=setup["precision"],
                 parallelism={"tp": setup["tp"]}, serving=serving)
    profile = AMD_VLLM_PROFILE | {"scheduler_steps": setup.get("scheduler_steps", 1)}
    s = updated(s, serving={"engine_profile": s.serving.profile.model_copy(update=profile)})
    card = CATALOG.get(setup["card"])
    return s, dataclasses.replace(step_costs(s, card, plan_serving(s, card), batch), answer_shares=MLPERF_ANSWER_SHARES)


def _batcher_ttft(costs, point, rate_total: float, prompt: int, quantile: float) -> float:
    """A TTFT quantile behind AMD's harness batcher (:data:`AMD_BATCHER_THRESHOLD_S`, ``W``): a query waits
    for the batch it joins to be sent (uniform over the batch's window ``W'``), then for the copy's running
    decode step to end (uniform over the step ``T_d(n)`` at the load point's population), and gets its first
    token when the step that prefills its whole batch ends: vLLM's V0 scheduler without chunked prefill runs
    every waiting prompt in one prefill step when they fit its token budget (49,152 tokens: a batch of the
    run's ~23 OpenOrca prompts does). The others in its batch are Poisson with mean ``Λ·W'`` (``Λ`` the whole
    system's arrival rate: every copy's queries pass the one batcher), each of the mean prompt; its own is
    ``prompt``. The window: ``batch_samples_loop`` sends when, on waking, ``W`` has passed since its last
    send, and wakes at each arrival or ``W`` after its last wake, so a window lasts ``W`` and then to the next
    arrival, at most a further ``W``: ``W' = W + E[min(Exp(Λ), W)] = W + (1 − e^(−ΛW))/Λ`` (0.31 s at the
    8-GPU runs' 70 queries/s, 0.40 s at the one-GPU run's 8.6). At these rates (``Λ·W`` ≥ 2.6) nearly every
    window holds queries; a query arriving when none is open is sent at once, which this leaves out (it
    matters at a few queries a second). The quantile of the two uniforms' sum (a trapezoid) mixed over that
    count, by bisection [s]. Harness translation: nothing here is fitted."""
    step = costs.decode_s(point.decoding)
    window = AMD_BATCHER_THRESHOLD_S + -math.expm1(-rate_total * AMD_BATCHER_THRESHOLD_S) / rate_total
    mean_others = rate_total * window
    counts = np.arange(int(mean_others + 12 * math.sqrt(mean_others) + 12))
    weights = np.exp(counts * math.log(mean_others) - mean_others - np.array([math.lgamma(k + 1) for k in counts]))
    fixed = (prompt + counts * costs.prompt_tokens) * costs.prompt_token_s + costs.chunk_s
    short, long = min(window, step), max(window, step)

    def uniform_sum_cdf(x):  # the sum of U(0, short) and U(0, long)
        x = np.clip(x, 0.0, short + long)
        rising = x * x / (2 * short * long)
        flat = (x - short / 2) / long
        falling = 1 - (short + long - x) ** 2 / (2 * short * long)
        return np.where(x < short, rising, np.where(x < long, flat, falling))

    low, high = 0.0, float(fixed[-1]) + short + long
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if float(weights @ uniform_sum_cdf(middle - fixed)) < quantile else (low, middle)
    return high


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
