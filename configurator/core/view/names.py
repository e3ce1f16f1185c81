"""Label ids of the core's named choices (engines, batching, weight formats, what limits a card or a
configuration, kinds of exposed communication, what CPU offload moves), written in a language
through the one catalogue (:mod:`configurator.core.view.words`).

Kept apart from the view model of an estimate (:mod:`configurator.core.view.estimate_view`) and free
of the estimator, so the window's editor can name its choices before the estimator loads.
"""

from __future__ import annotations

COMM_KINDS = {"tensor_parallel": "tensor parallel", "data_parallel": "data parallel",
              "pipeline_p2p": "pipeline point-to-point", "context_parallel": "context parallel",
              "expert_parallel": "expert parallel", "offload": "CPU offload"}
"""Label ids of the kinds of exposed communication (``TrainingSpeed.exposed_comm_seconds_by_kind``)."""

LIMITS = {"framebuffer": "framebuffer", "vGPU instances": "vGPU instance limit", "shading load": "shading load",
          "passthrough": "passthrough (one user per card)", "encoders": "video encoders",
          "decoders": "video decoders", "encode sessions": "driver's encode-session limit",
          "unknown": "unknown (video engines not verified)"}
"""Label ids of what can cap users or streams per card (``GraphicsSpeed.limiting``)."""

FACTORS = {"memory": "memory", "compute": "compute", "bandwidth": "memory bandwidth", "network": "network",
           "pipeline bubble": "pipeline bubble", "host link": "host link (CPU offload)",
           "video engines": "video engines", "vGPU limit": "vGPU limit", "driver limit": "driver limit",
           "unknown": "unknown"}
"""Label ids of what limits a configuration (:func:`configurator.core.limiting.limiting_factor`): the
recommendation's column and reasons."""

ENGINES = {"transformers": "Hugging Face transformers", "vllm": "vLLM", "sglang": "SGLang",
           "tensorrt-llm": "TensorRT-LLM", "llama.cpp": "llama.cpp", "ideal": "Ideal (roofline, no overheads)"}
"""Label ids of the serving engines (``core.engines.Engine``)."""

BATCHING = {None: "Engine's way", "continuous": "Continuous (chunked prefill)",
            "static": "Static (batch runs to its end)"}
"""Label ids of the batching policies (``InferenceSpeed.batching``)."""

_GGUF = {"gguf-f16": "F16", "q8_0": "Q8_0", "q6_k": "Q6_K", "q5_k_m": "Q5_K_M", "q5_k_s": "Q5_K_S",
         "q4_k_m": "Q4_K_M", "q4_k_s": "Q4_K_S", "q4_0": "Q4_0", "q3_k_l": "Q3_K_L", "q3_k_m": "Q3_K_M",
         "q3_k_s": "Q3_K_S", "q2_k": "Q2_K"}
WEIGHT_FORMATS = {"int8": "INT8 (W8A8)", "awq-int4": "AWQ INT4", "gptq-int4": "GPTQ INT4", "nvfp4": "NVFP4",
                  "exl2": "EXL2", **{key: f"GGUF {name}" for key, name in _GGUF.items()}}
"""Stored weight formats (``core.formats.WeightFormat``) by their usual names; the rest upper-cased."""

OFFLOADED = {"offload_optimizer": "optimizer states", "offload_params": "parameters",
             "offload_activations": "activations"}
"""What CPU offload can move to host memory, keyed by the training field."""
