"""The estimator's formulas on plain quantities, one formula per function (in the style of pvlib).

Numbers in, numbers out: no Scenario, Card or Assumptions objects, so each formula can be called
and checked on its own against its published value (``tests/test_formulas.py``). Where the
vectorised planner (:mod:`configurator.core.workloads.training.search`) evaluates thousands of layouts at
once, the formula accepts numpy arrays and is written with ``np.where`` / ``np.maximum`` rather
than branches, so the planner and the single estimate run the same function.

Modules by topic:

- :mod:`.parallelism` — pipeline bubble, expert-parallel share, data-parallel ranks per domain,
  balanced pipeline stages
- :mod:`.moe` — mixture of experts: experts touched, tokens per expert, the grouped expert GEMM's
  share of peak, the expert all-to-all under group-limited routing and the overlap that hides it
- :mod:`.collectives` — ring collectives over a fast domain and the network, bus bandwidth
- :mod:`.communication` — per-parallelism traffic times (tensor, data, pipeline, context, expert
  parallel, host offload streams) and the overlap that hides them
- :mod:`.host_offload` — the step time of training states in host memory per trainer (ZeRO-Offload,
  Megatron-LM's hybrid optimizer, FSDP2's CPU offload)
- :mod:`.flops` — training and attention FLOPs, recomputation, MFU
- :mod:`.activations` — activation memory (Korthikanti et al. 2022 and the tensors actually saved)
- :mod:`.states` — model-state memory under ZeRO, optimizer traffic, LoRA adapters
- :mod:`.kv` — KV cache bytes per token
- :mod:`.timing` — roofline seconds, micro-batch and step time, training-memory peak
- :mod:`.graphics` — vGPU slices, encoder/decoder streams, render time
- :mod:`.economics` — amortised cost, facility power and energy
- :mod:`.reliability` — checkpoint interval, goodput, spare servers
- :mod:`.queueing` — the chance an arrival waits in a queue of many servers (Erlang C)
- :mod:`.efficiency` — the efficiency defaults with their sources

Units are in brackets in each docstring: [B] bytes, [GB/s] 10^9 B/s one way, [FLOP], [s], [h],
[W], [count]; a bare ratio is dimensionless.
"""
