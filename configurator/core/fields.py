"""One declaration per user-editable scenario field: how it is named, shown, stepped and typed.

The pydantic models (``core/scenario.py``) hold what a field *is*: its type, its range
(``Field(ge=…, le=…)``) and its description, whose bracketed tail is its unit. This registry
holds what the models do not: the name an undo entry and an accessible name use, the unit on
screen (a spin box's suffix) and its scale (``1e9`` for "B tokens", ``0.01`` for "%"), the step,
the decimals, the widget kind, the command-line flag and whether it takes ``auto``. The editor's
number boxes, the undo labels, the CLI's flags and the wizard's answers are all built from it,
and nothing here repeats a bound: :meth:`FieldSpec.bounds` reads them from the model.

Texts are ``(context, English source)`` pairs, marked with :func:`_t` so that pyside6-lupdate
(told ``QT_TRANSLATE_NOOP+=_t`` by tools/build_translations.py) collects them; the app
translates them with its Qt catalogue, under the contexts the editor and the undo stack used
before, so their Chinese carries over. The core itself never translates (no Qt here).
"""

from __future__ import annotations

import re

from configurator.core.field_spec import FieldSpec, Kind, Text  # the entry's schema (re-exported: see __all__)
from configurator.core.field_marks import FPS, _f, _plain, _t
from configurator.core.fields_graphics import GRAPHICS_FIELDS
from configurator.core.magnitudes import MAGNITUDES

__all__ = ["BY_FLAG", "BY_PATH", "FIELDS", "REQUESTS_PER_DAY", "SECONDS_PER_DAY", "LAYOUT_PATHS", "NUMBER_FORMS", "FieldSpec", "Kind", "Text", "cli_help",
           "entry_for", "spec"]


_TOKENS = _t("ScenarioEditor", " tokens")
_SV_TOKENS = _t("ServingEditor", " tokens")
_PERCENT = _plain(" %")
_PER_SERVER = _t("ScenarioEditor", " per server")
_UNIT_TAIL = re.compile(r"\s*\[[^\[\]]+\]\s*$")

FIELDS: tuple[FieldSpec, ...] = (
    # ---- what and where
    _f("workload", _t("ScenarioController", "workload"), flag="--workload", help=_t(
        "ScenarioEditor", "What the cards will do. Training needs memory for gradients and optimizer states; "
                          "inference needs memory for the KV cache and is usually limited by memory bandwidth."),
       row_label=_t("ScenarioEditor", "&Task")),
    _f("name", _t("ScenarioController", "name"), flag="--name", cli_type="text", editor=False,
       cli_help="the scenario's name (the summary's title; default: a description of the job)"),
    _f("model", _t("ScenarioController", "model"), widget=Kind.CHOICE, help=_t(
        "ScenarioEditor", "A known model, or one imported from a Hugging Face config.json"),
       row_label=_t("ScenarioEditor", "&Preset")),
    _f("precision", _t("ScenarioController", "precision"), flag="--precision", help=_t(
        "ScenarioEditor", "Number format for the math (and the weights when serving). The card's support decides "
                          "what runs: an unsupported choice falls back and a warning says so."),
       row_label=_t("ScenarioEditor", "P&recision")),
    _f("card_id", _t("ScenarioController", "card"), row_label=_t("ScenarioEditor", "C&ard"), flag="--card",
       cli_type="text", metavar="ID", cli_help="card id (see 'catalog list')"),
    _f("count", _t("ScenarioController", "card count"), help=_t("ScenarioEditor", "Total number of cards"),
       flag="--count",
       row_label=_t("ScenarioEditor", "&Number of cards")),
    # ---- layout
    _f("parallelism.cards_per_node", _t("ScenarioController", "cards per server"), _PER_SERVER, help=_t(
        "ScenarioEditor", "Cards in one server. Traffic between servers goes over the network, which is slower than NVLink."),
        flag="--per-node", cli_help="cards per server", row_label=_t("ScenarioEditor", "Car&ds per node")),
    _f("parallelism.tp", _t("ScenarioController", "tensor parallel"), help=_t(
        "ScenarioEditor", "Tensor parallel (TP): each layer's matrices are split across this many cards. It exchanges "
             "activations four times per layer, so it belongs inside one NVLink domain."),
        flag="--tp", layout="tp", row_label=_t("ScenarioEditor", "&Tensor parallel")),
    _f("parallelism.pp", _t("ScenarioController", "pipeline stages"), help=_t(
        "ScenarioEditor", "Pipeline parallel (PP): the layers are split into this many stages; the pipeline idles "
             "(p−1)/m of the time for m micro-batches."), flag="--pp", layout="pp",
       row_label=_t("ScenarioEditor", "&Pipeline stages")),
    _f("parallelism.virtual_stages", _t("ScenarioController", "interleaved stages"), help=_t(
        "ScenarioEditor", "Interleaved (virtual) stages: model chunks per pipeline stage. More chunks shrink the pipeline's "
             "idle time by that factor, at the cost of more point-to-point traffic."), flag="--vp", layout="vp",
       row_label=_t("ScenarioEditor", "&Interleaved stages")),
    _f("parallelism.pipeline_schedule", _t("ScenarioController", "pipeline schedule"), flag="--schedule", help=_t(
        "ScenarioEditor", "Order of micro-batches with interleaved stages. Megatron-LM runs as many micro-batches "
             "through each model chunk as there are stages; Llama 3's flexible schedule (PyTorch's, as torchtitan "
             "runs it) runs the micro-batches in rounds of any size, so their number need not be a multiple of "
             "the stages."), row_label=_t("ScenarioEditor", "Pipeline &schedule")),
    _f("parallelism.tp_comm_overlap", _t("ScenarioController", "tensor-parallel communication overlap"),
       flag="--tp-comm-overlap", cli_type="switch"),
    _f("parallelism.tp_comm_overlap_cfg", _t("ScenarioController", "userbuffers table"),
       flag="--tp-comm-overlap-cfg", row_label=_t("ScenarioEditor", "Overlap ta&ble")),
    _f("parallelism.cp", _t("ScenarioController", "context parallel"), flag="--cp", layout="cp",
       row_label=_t("ScenarioEditor", "Conte&xt parallel")),
    _f("parallelism.cp_comm_type", _t("ScenarioController", "context-parallel communication"),
       flag="--cp-comm-type", row_label=_t("ScenarioEditor", "CP co&mmunication")),
    _f("parallelism.ep", _t("ScenarioController", "expert parallel"), flag="--ep", layout="ep",
       row_label=_t("ScenarioEditor", "Expe&rt parallel")),
    _f("parallelism.zero", _t("ScenarioController", "ZeRO stage"), widget=Kind.CHOICE, help=_t(
        "ScenarioEditor", "ZeRO / FSDP: split optimizer states, gradients and weights across the data-parallel copies "
             "to save memory, at the cost of more communication."), flag="--zero", layout="zero",
       row_label=_t("ScenarioEditor", "&ZeRO stage")),
    _f("parallelism.zero3_implementation", _t("ScenarioController", "ZeRO-3 implementation"),
       flag="--zero3-implementation", editor=False,
       cli_help="training with ZeRO 3: bucketed (FSDP, DeepSpeed since 2022: per-unit collectives overlapped "
                "with compute; default) or deepspeed-2021 (DeepSpeed v0.3.13: one synchronised list-form "
                "collective per tensor, weights released by reuse distance)"),
    # ---- training
    _f("training.recipe", _t("ScenarioController", "recipe"), flag="--recipe", help=_t(
        "ScenarioEditor", "How numbers are kept: AMP keeps fp32 weights; Megatron keeps 16-bit weights plus an fp32 master copy."),
       row_label=_t("ScenarioEditor", "&Recipe")),
    _f("training.fp8_scaling", _t("ScenarioController", "FP8 scaling"), flag="--fp8-scaling", editor=False,
       cli_help="FP8 training: how the products are scaled, which sets their speed: dynamic (per-tensor current "
                "scaling, each product quantizes its input first: torchao, Transformer Engine current scaling; "
                "default), delayed (Transformer Engine delayed scaling in Megatron-Core: casts fused into other "
                "kernels) or block (1x128 blocks, DeepSeek-V3)"),
    _f("training.optimizer", _t("ScenarioController", "optimizer"), flag="--optimizer", help=_t(
        "ScenarioEditor", "AdamW keeps two states per parameter; 8-bit AdamW stores them in one byte each; SGD keeps one."),
       row_label=_t("ScenarioEditor", "&Optimizer")),
    _f("training.loss", _t("ScenarioController", "cross-entropy kernel"), flag="--loss",
       row_label=_t("ScenarioEditor", "Cross-entrop&y")),
    _f("training.activation_kernels", _t("ScenarioController", "layer kernels"), flag="--kernels",
       cli_help="layer kernels, which decide the activations kept for backward: eager (PyTorch modules), fused "
                "(Megatron-Core + Transformer Engine), fused-norm (torchtitan's fused RMSNorm) or hand-written (a "
                "layer backward that keeps the linear outputs and recomputes the norms and the SwiGLU product, "
                "Meta's LLaMA); default: fused under --recipe megatron-mixed, else eager",
       help=_t("ScenarioEditor", "How the training framework runs each layer, which decides the activations it keeps "
               "for backward. Eager PyTorch keeps fp32 norm inputs and every SwiGLU tensor; Megatron-Core with "
               "Transformer Engine fuses the norm into the next linear and the SwiGLU into one kernel and keeps about "
               "a third less. A hand-written layer backward (Meta's LLaMA) keeps the linear layers' outputs and "
               "recomputes the norms and the SwiGLU product: about a third less again. Auto: fused under the "
               "Megatron recipe, eager otherwise."),
       row_label=_t("ScenarioEditor", "Layer ker&nels")),
    _f("training.attention_kernel", _t("ScenarioController", "attention kernel"), flag="--attention-kernel",
       cli_help="fused attention kernel, which sets attention's share of peak by card architecture: "
                "flash-attention-2 (flash-attn, PyTorch SDPA) or hopper-fused (FlashAttention-3, cuDNN); default: "
                "hopper-fused under fused layer kernels (Transformer Engine), else flash-attention-2",
       help=_t("ScenarioEditor", "The attention kernel the training framework runs, which sets how fast attention "
               "runs on each card. FlashAttention-2 reaches about 47 % of peak on an A100 but about 27 % on an "
               "H100; FlashAttention-3 and cuDNN, written for Hopper, about 48 % there. Auto: Transformer Engine's "
               "(cuDNN on Hopper) under the fused layer kernels, FlashAttention-2 otherwise."),
       row_label=_t("ScenarioEditor", "Attent&ion kernel")),
    _f("training.recompute", _t("ScenarioController", "recomputation"), layout="recompute", flag="--recompute",
       cli_help="activation recomputation", help=_t(
        "ScenarioEditor", "Activation recomputation: keep fewer activations and compute them again in the backward pass "
             "(full: about a third more compute, much less memory)."),
       row_label=_t("ScenarioEditor", "Recomp&utation")),
    _f("training.recompute_layers", _t("ScenarioController", "recomputed layers"), _t("ScenarioEditor", " layers"),
       none_text=_t("ScenarioEditor", "every layer"), flag="--recompute-layers", metavar="N", help=_t(
        "ScenarioEditor", "With full recomputation, how many layers of each pipeline stage are recomputed (the first "
                          "ones, as Megatron-LM's block method runs them); the others keep their activations. Fewer "
                          "layers: less compute, more memory."),
       cli_help="with --recompute full, the layers of each pipeline stage recomputed (Megatron-LM "
                "--recompute-method block --recompute-num-layers; default: every layer)",
       row_label=_t("ScenarioEditor", "Layers recomputed in full")),
    _f("training.selective_policy", _t("ScenarioController", "selective recomputation policy"), flag="--selective",
       row_label=_t("ScenarioEditor", "Selective &keeps")),
    _f("training.expert_overlap", _t("ScenarioController", "expert all-to-all overlap"), flag="--expert-overlap",
       cli_type="switch"),
    _f("training.moe_dispatcher", _t("ScenarioController", "MoE token dispatcher"), flag="--moe-dispatcher",
       row_label=_t("ScenarioEditor", "MoE dispatcher")),
    _f("training.cuda_graphs", _t("ScenarioController", "CUDA graphs in training"), flag="--train-cuda-graphs",
       cli_type="switch"),
    _f("training.pipeline_algorithm", _t("ScenarioController", "pipeline algorithm"), flag="--pipeline-algorithm",
       editor=False, cli_help="training with pipeline stages: 1f1b (plain or interleaved; default) or dualpipe "
                              "(DeepSeek-V3's bidirectional DualPipe: even pipeline degrees, two copies of the "
                              "parameters, the expert all-to-all overlapped)"),
    _f("training.grad_reduce", _t("ScenarioController", "gradient reduction beside pipeline stages"),
       flag="--grad-reduce", row_label=_t("ScenarioEditor", "Gradient reduction")),
    _f("training.offload_optimizer", _t("ScenarioController", "CPU offload of optimizer states"), layout="offload"),
    _f("training.offload_params", _t("ScenarioController", "CPU offload of parameters")),
    _f("training.offload_activations", _t("ScenarioController", "CPU offload of activations")),
    _f("training.micro_batch", _t("ScenarioController", "micro-batch"), _t("ScenarioEditor", " seq"), help=_t(
        "ScenarioEditor", "Sequences each data-parallel copy processes at once (micro-batch)"), flag="--batch", layout="micro_batch",
        unit="[sequences]", row_label=_t("ScenarioEditor", "&Micro-batch")),
    _f("training.seq_len", _t("ScenarioController", "sequence length"), _TOKENS, step=512,
       help=_t("ScenarioEditor", "Tokens per training sequence"), flag="--seq", unit="[tokens]",
       row_label=_t("ScenarioEditor", "&Sequence length")),
    _f("training.grad_accum", _t("ScenarioController", "gradient accumulation"), help=_t(
        "ScenarioEditor", "Micro-batches per optimizer step (gradient accumulation); also the pipeline's micro-batches"),
        flag="--grad-accum", layout="grad_accum", row_label=_t("ScenarioEditor", "&Gradient accumulation")),
    _f("training.global_batch_tokens", _t("ScenarioController", "global batch"), _t("ScenarioEditor", " M tokens"), scale=1e6, decimals=2,
       step=0.5, scales=(("zh_CN", MAGNITUDES["万"]),),  # "419 万词元" as the command line says it, not "4.19 M 词元"
       help=_t(
        "ScenarioEditor", "Tokens per optimizer step (micro-batch × accumulation × data-parallel copies × sequence length). "
             "Auto: the published batch for the model's size; the planner keeps it when the card count changes."),
       flag="--global-batch", cli_type="quantity", metavar="TOKENS", unit="[tokens]",
       cli_help="tokens per optimizer step, kept at every card count (e.g. 4M; default by model size)",
       row_label=_t("ScenarioEditor", "Global b&atch")),
    _f("training.lora_rank", _t("ScenarioController", "LoRA rank"), flag="--lora-rank",
       row_label=_t("ScenarioEditor", "&LoRA rank")),
    _f("training.lora_targets", _t("ScenarioController", "LoRA targets"), flag="--lora-targets", help=_t(
        "ScenarioEditor", "Which frozen weights get LoRA adapters. All linear layers: q, k, v and the output "
             "projection of attention and every MLP matrix (QLoRA's setting). Attention only: those four projections "
             "(the LoRA paper's); fewer adapter weights, and on a 16-bit base the frozen MLP keeps no inputs for "
             "backward. q, k, v only: the query, key and value projections alone (NeMo's PEFT default, "
             "attention_qkv)."), row_label=_t("ScenarioEditor", "LoRA &targets"),
       cli_help="weights that get LoRA adapters: all-linear (attention and MLP, QLoRA's setting; the default), "
                "attention (q, k, v and output projections only) or qkv (q, k and v projections only: NeMo's "
                "default)"),
    _f("training.fp8_base", _t("ScenarioController", "FP8 frozen base"), flag="--fp8-base", cli_type="switch",
       editor=False, cli_help="LoRA with FP8 math: the frozen base's block linears kept in FP8 only, no 16-bit copy "
                              "(Transformer Engine fp8_model_init, as NeMo's fp8_params sets it); default off"),
    _f("training.paged_optimizer", _t("ScenarioController", "paged optimizer"), flag="--paged-optimizer",
       cli_type="switch", editor=False,
       cli_help="optimizer states in CUDA unified memory (bitsandbytes' paged optimizers, as the QLoRA paper runs "
                "paged AdamW): paged out to host memory when the card is short, so they need no room on the card; "
                "default off"),
    _f("training.optimizer_in_backward", _t("ScenarioController", "optimizer step in backward"),
       flag="--optimizer-in-backward", cli_type="switch"),
    _f("training.tokens", _t("ScenarioController", "token budget"), _t("ScenarioEditor", " B tokens"), scale=1e9, decimals=3, step=10.0,
       scales=(("zh_CN", MAGNITUDES["亿"]),),  # Chinese counts in 万 and 亿: "20 亿词元", not 2 B (十亿) 词元
       help=_t("ScenarioEditor", "Tokens to train on; sets the time and cost of the job"), flag="--tokens", cli_type="quantity",
       cli_help="training token budget (e.g. 1T)", row_label=_t("ScenarioEditor", "Token &budget")),
    _f("training.examples", _t("ScenarioController", "examples"), _t("ScenarioEditor", " examples"),
       none_text=_t("ScenarioEditor", "given in tokens"), row_label=_t("ScenarioEditor", "&Dataset examples"),
       help=_t("ScenarioEditor", "Fine-tuning examples to train on (10万条 is 100,000); with the tokens per example "
                                 "they set the token budget"),
       flag="--examples", cli_type="quantity", metavar="N",
       cli_help="fine-tuning examples to train on, instead of --tokens (100k, 10万): the token budget is examples × "
                "--tokens-per-example"),
    _f("training.tokens_per_example", _t("ScenarioController", "tokens per example"), _TOKENS,
       row_label=_t("ScenarioEditor", "Tokens per exam&ple"), flag="--tokens-per-example", metavar="T"),
    _f("training.packed", _t("ScenarioController", "packed examples"), flag="--packed", cli_type="switch"),
    # ---- serving
    _f("serving.use", _t("ScenarioController", "use"), flag="--use", help=_t(
        "ServingEditor", "What the service is for. Interactive chat: people read the answer as it streams, so by "
                         "default the first token within 1 s and each next one within 100 ms for 90 % of requests "
                         "(faster than people read). API for other programs: MLPerf's server limits, 2 s and 200 ms "
                         "at p99. Offline batch: no latency target, the cheapest per token. Targets you type win."),
       cli_help="what the service is for: chat (people read as it streams: default targets first token 1,000 ms and "
                "100 ms per token at p90; the default use), api (other programs: 2,000 ms and 200 ms at p99, MLPerf's "
                "server scenario) or batch (no latency target, ranked by cost per token); --ttft-ms, --tpot-ms and "
                "--latency-percentile override",
       row_label=_t("ServingEditor", "&Use")),
    _f("serving.context", _t("ScenarioController", "context length"), _SV_TOKENS, step=1024, help=_t(
        "ServingEditor", "Longest sequence (prompt + answer) the KV cache must hold per request; at its lowest, "
                         "what the prompt and the answer need"), flag="--context",
        none_text=_t("ServingEditor", "prompt + answer"), unit="[tokens]",
        cli_help="max tokens per sequence (default: the prompt and the answer together)",
        row_label=_t("ServingEditor", "Conte&xt length")),
    _f("serving.concurrency", _t("ScenarioController", "concurrency"), _t("ScenarioEditor", " users"), flag="--concurrency",
       none_text=_t("ServingEditor", "from the request rate"),
       cli_help="users served at once by the whole deployment (default: those the request rate implies by "
                "Little's law, else 1; offline batch: the largest batch that fits in memory within the engine's "
                "default cap)", row_label=_t("ServingEditor", "Conc&urrency")),
    _f("serving.prompt_tokens", _t("ScenarioController", "prompt length"), _SV_TOKENS, step=128,
       help=_t("ServingEditor", "Prompt length per request"), flag="--prompt-tokens", unit="[tokens]",
       row_label=_t("ServingEditor", "&Prompt")),
    _f("serving.output_tokens", _t("ScenarioController", "answer length"), _SV_TOKENS, step=64,
       help=_t("ServingEditor", "Answer length per request"), flag="--output-tokens", unit="[tokens]",
       row_label=_t("ServingEditor", "Ans&wer")),
    _f("serving.engine", _t("ScenarioController", "serving engine"), flag="--engine",
       cli_help="serving engine (default vllm; 'ideal' = the roofline)", row_label=_t("ServingEditor", "E&ngine")),
    _f("serving.weight_format", _t("ScenarioController", "weight format"), flag="--weight-format",
       cli_help="stored weight format (GGUF files by their quantisation type, e.g. q4_k_m; default: the precision's "
                "usual one, fp4 the card maker's: nvfp4 on NVIDIA, mxfp4 on AMD and Huawei; or the model's published "
                "checkpoint's where narrower: DeepSeek-V3 fp8)",
       row_label=_t("ServingEditor", "Weight fo&rmat")),
    _f("serving.weight_bpw", _t("ScenarioController", "bits per weight"), _t("ServingEditor", " bit/weight"), decimals=2, step=0.05,
       none_text=_t("ServingEditor", "format's own"), flag="--weight-bpw", metavar="BITS",
       cli_help="bits per weight of the format (EXL2: the bpw it was converted at)",
       row_label=_t("ServingEditor", "&Bits per weight")),
    _f("serving.kv_precision", _t("ScenarioController", "KV cache precision"), flag="--kv-precision", help=_t(
        "ServingEditor", "Number format of the KV cache (the keys and values kept for every token of every request); the "
             "engine's default is the model's own (FP8 beside FP8 weights in TensorRT-LLM)"),
       row_label=_t("ServingEditor", "&KV cache")),
    _f("constraints.ttft_ms", _t("ScenarioController", "first-token target"), _t("ServingEditor", " ms"), decimals=1, step=50,
       none_text=_t("ServingEditor", "use's default"), flag="--ttft-ms", cli_type="milliseconds",
       cli_help="time-to-first-token target [ms] (2s is 2,000; default: the use's, 1,000 ms for chat)",
       row_label=_t("ServingEditor", "First &token within")),
    _f("constraints.tpot_ms", _t("ScenarioController", "time-per-token target"), _t("ServingEditor", " ms/token"), decimals=1, step=5,
       none_text=_t("ServingEditor", "use's default"), flag="--tpot-ms", cli_type="milliseconds",
       cli_help="time-per-output-token target [ms] (default: the use's, 100 ms for chat)",
       row_label=_t("ServingEditor", "Each token &within")),
    _f("constraints.requests_per_s", _t("ScenarioController", "request rate"), _t("ServingEditor", " requests/s"), decimals=3, step=1,
       none_text=_t("ServingEditor", "from the users"), flag="--requests-per-s",
       row_label=_t("ServingEditor", "Request &rate")),
    _f("constraints.latency_percentile", _t("ScenarioController", "latency percentile"), flag="--latency-percentile",
       cli_help="percentile of requests the latency targets hold for at the load (default: the use's, p90 for chat, "
                "p99 for api, p50 for batch)",
       row_label=_t("ServingEditor", "He&ld for")),
    _f("serving.cuda_graphs", _t("ScenarioController", "CUDA graphs"), widget=Kind.CHOICE, flag="--cuda-graphs",
       cli_type="switch", cli_help="decode from captured CUDA graphs (default: the engine's)",
       row_label=_t("ServingEditor", "CUDA &graphs")),
    _f("serving.batching", _t("ScenarioController", "batching"), flag="--batching", cli_help="default: the engine's",
       row_label=_t("ServingEditor", "Batching po&licy")),
    _f("serving.max_batch", _t("ScenarioController", "maximum batch"), _t("ServingEditor", " sequences"), none_text=_t("ServingEditor", "users ÷ copies"),
       flag="--max-batch", layout="max_batch", unit="[sequences]",
       cli_help="serving: sequences one model copy decodes together", row_label=_t("ServingEditor", "&Maximum batch")),
    _f("serving.max_batched_tokens", _t("ScenarioController", "prefill chunk"), _SV_TOKENS, step=512, help=_t(
        "ServingEditor", "Tokens one step may carry: prompts are prefilled in chunks of this size between decode steps "
             "(vLLM max_num_batched_tokens, SGLang --chunked-prefill-size, TensorRT-LLM max_num_tokens). Left at the "
             "engine's default, the engine's own on the card applies (vLLM and SGLang by card memory, vLLM offline "
             "larger), and the estimate says which"),
       none_text=_t("ServingEditor", "engine's default"), flag="--max-batched-tokens", layout="max_batched_tokens",
       metavar="TOKENS", unit="[tokens]",
       cli_help="serving: tokens per engine step, the prefill chunk (default: the engine's on the card; auto: "
                "512-16384 tried under the latency targets)", row_label=_t("ServingEditor", "Prefill &chunk")),
    _f("serving.disaggregated", _t("ScenarioController", "separate prefill and decode pools"), layout="disaggregated",
       flag="--disaggregated", cli_help="serving: separate prefill and decode pools (auto: compared with shared "
                                        "copies under the latency targets)",
       row_label=_t("ServingEditor", "Prefill/&decode")),
    _f("serving.prefill_cards", _t("ScenarioController", "prefill pool"), _t("ServingEditor", " cards"), none_text=_t("ServingEditor", "planner's size"),
       flag="--prefill-cards", metavar="N",
       cli_help="cards of the prefill pool when disaggregated (default: sized by the planner)",
       row_label=_t("ServingEditor", "Prefill p&ool")),
    _f("serving.engine_memory_fraction", _t("ScenarioController", "engine memory share"), _PERCENT, scale=0.01,
       row_label=_t("ServingEditor", "Engine memor&y")),
    _f("serving.prefix_hit_rate", _t("ScenarioController", "prefix-cache hit rate"), _PERCENT, scale=0.01,
       flag="--prefix-hit-rate", metavar="SHARE", unit="[share]",
       cli_help="share of prompt tokens served from the prefix cache",
       row_label=_t("ServingEditor", "Prefix cache h&its")),
    _f("serving.speculative_tokens", _t("ScenarioController", "draft tokens"), _t("ServingEditor", " draft tokens"),
       flag="--speculative-tokens", metavar="K", cli_help="draft tokens per step (0 = off)",
       row_label=_t("ServingEditor", "&Speculative decoding")),
    _f("serving.speculative_acceptance", _t("ScenarioController", "draft acceptance"), _PERCENT, scale=0.01,
       flag="--speculative-acceptance", metavar="ALPHA", unit="[share]",
       cli_help="acceptance rate of a draft token", row_label=_t("ServingEditor", "Draft &acceptance")),
    _f("serving.speculative_draft_cost", _t("ScenarioController", "draft cost"), _t("ServingEditor", " % of a step"), scale=0.01,
       row_label=_t("ServingEditor", "Draft cos&t")),
    # ---- graphics (core/fields_graphics.py)
    *GRAPHICS_FIELDS,
    # ---- prices
    _f("economics.currency", _t("ScenarioController", "currency"), help=_t("ScenarioEditor", "Currency of every amount"),
       row_label=_t("ScenarioEditor", "C&urrency"), flag="--currency", cli_type="text",
       cli_help="ISO code, e.g. USD or CNY (default: a scenario file's own, else the currency the money flags "
                "name, else the language's: USD, CNY with --lang zh_CN); every amount and default is shown in it: "
                "a money flag that names its own (--budget 200万元, ¥200万, 2M USD; --card-price 12万元) is "
                "converted at the price file's dated rate, and one that names none is read in --currency where "
                "given, else in yuan with --region cn, else in a scenario file's currency, else in USD (never by "
                "--lang)"),
    _f("economics.usd_to_currency", _t("ScenarioController", "exchange rate"), decimals=4, step=0.1, help=_t(
        "ScenarioEditor", "Units of the chosen currency per US dollar, applied to catalog prices in USD"), flag="--usd-rate",
       cli_help="units of --currency per USD (default: the price file's dated rate, e.g. for CNY)", row_label=_t("ScenarioEditor", "Rate per USD")),
    _f("economics.card_price", _t("ScenarioController", "card price"), decimals=2, step=100, none_text=_t("ScenarioEditor", "catalog"),
       help=_t("ScenarioEditor", "Price of one card (of a multi-GPU board such as the A16: the whole board); "
                                 "'catalog' uses the latest catalog price"), flag="--card-price",
       cli_type="money", cli_help="purchase price per card (a multi-GPU board such as the A16: per board)", row_label=_t("ScenarioEditor", "Card p&rice")),
    _f("economics.cloud_price_per_hour", _t("ScenarioController", "cloud price"), _t("ScenarioEditor", " /h"), decimals=4, step=0.1,
       none_text=_t("ScenarioEditor", "catalog"), help=_t("ScenarioEditor", "Cloud price per card-hour; 'catalog' uses the latest catalog price"),
       flag="--cloud-price", cli_type="money", cli_help="cloud price per card-hour", row_label=_t("ScenarioEditor", "Cloud price")),
    _f("economics.electricity_per_kwh", _t("ScenarioController", "electricity price"), _t("ScenarioEditor", " /kWh"), decimals=3, step=0.01,
       help=_t("ScenarioEditor", "Electricity price"), flag="--electricity", cli_help="price per kWh",
       row_label=_t("ScenarioEditor", "E&lectricity")),
    _f("economics.pue", _t("ScenarioController", "PUE"), decimals=2, step=0.05, help=_t(
        "ScenarioEditor", "Power usage effectiveness: facility power ÷ IT power (cooling, power conversion)"), flag="--pue",
       row_label=_t("ScenarioEditor", "PUE")),
    _f("economics.accept_used", _t("ScenarioController", "used cards"), flag="--allow-used", cli_type="set"),
    _f("economics.amortisation_years", _t("ScenarioController", "years of use"), decimals=1, flag="--years",
       cli_help="years the hardware is used and depreciated over (the TCO horizon)", editor=False),
    # ---- goals the wizard and the command line set
    _f("constraints.deadline_hours", _t("ScenarioController", "deadline"), flag="--deadline", cli_type="duration",
       metavar="DURATION", editor=False,
       cli_help="training or render job must finish within (30min, 720h, 90d, 6w, 3mo; a bare number is hours)"),
    _f("constraints.budget", _t("ScenarioController", "budget"), flag="--budget", editor=False, cli_type="money",
       cli_help="ceiling on what the deployment costs (2M is 2,000,000; 500k 500,000; 200万元, ¥200万 or 2M USD "
                "name their currency; a bare amount is in --currency, else yuan with --region cn, else a scenario "
                "file's currency, else USD, whatever --lang, and the job line says so where results are shown in "
                "another): buying (--budget-basis capex, the default), "
                "the capex of the bill of materials (cards, servers, network, storage, racks); renting "
                "(--budget-basis rent), the rent for a month of a service or for the whole job"),
    _f("constraints.budget_basis", _t("ScenarioController", "budget basis"), flag="--budget-basis", editor=False,
       cli_help="what --budget caps: capex (buying; default) or rent (a month of a service, or the whole job)"),
    _f("constraints.power_cap_kw", _t("ScenarioController", "power cap (facility power)"), flag="--power-cap",
       metavar="KW", cli_help="facility power the whole deployment may draw: its average draw (cards at the average "
                              "share of TDP, and hosts) × PUE [kW]", editor=False),
    _f("constraints.rack_power_kw", _t("ScenarioController", "power per server (IT, at the rack's PDU)"),
       flag="--rack-power", metavar="KW", cli_help="IT power one server may draw at its rack's PDU: its cards at TDP "
                                                  "and the host, no PUE [kW]", editor=False),
    _f("constraints.min_tokens_per_s", _t("ScenarioController", "training throughput"), flag="--min-tokens-per-s", editor=False),
    _f("constraints.region", _t("ScenarioController", "delivery region"), flag="--region", editor=False,
       cli_help="where the cards are delivered: 'cn' ranks only cards whose US export status for China is "
                "'permitted', lists 'licence required' and 'unknown' below the line and leaves out 'not permitted' "
                "(status, not legal advice), and only rents sold in mainland China; ranked by rent (--objective "
                "cloud, --budget-basis rent), a card rented there from a provider that holds it is ranked, its "
                "status a note; 'other' or none: only rents sold outside it"),
    # ---- assumptions
    _f("assumptions.matmul_efficiency", _t("ScenarioController", "matrix efficiency"), _PERCENT, scale=0.01,
       decimals=1, help=_t(
        "ScenarioEditor", "Share of the measured GEMM rate at each product's shape on this card that training's matrix "
             "products sustain inside a step (default {default})"),
       row_label=_t("ScenarioEditor", "Matrix efficiency")),
    _f("assumptions.decode_bandwidth_efficiency", _t("ScenarioController", "decode bandwidth"), _PERCENT, scale=0.01,
       decimals=1, help=_t(
        "ScenarioEditor", "Share of the datasheet memory bandwidth a streaming kernel reaches on the card while "
             "generating tokens (default {default}, a measured H200 device-to-device copy); each engine reaches its "
             "own share of it"), row_label=_t("ScenarioEditor", "Decode bandwidth")),
    # the prompt's own share sets every time to first token; prompt_overlap, held by its derivation, is not edited
    _f("assumptions.prompt_efficiency", _t("ScenarioController", "prompt efficiency"), _PERCENT, scale=0.01,
       decimals=1, help=_t(
        "ScenarioEditor", "Share of the measured GEMM rate at each product's shape on this card that a prompt's matrix "
             "products sustain when it is prefilled alone, before its first token: it sets the time to first token. "
             "The default, {default}, is fitted to published prefill times (rule PREFILL_RULE of the calibration "
             "fits)"),
       row_label=_t("ScenarioEditor", "Prompt efficiency")),
    _f("assumptions.prefill_efficiency", _t("ScenarioController", "serving-step efficiency"), _PERCENT,
       scale=0.01, decimals=1,
       help=_t("ScenarioEditor", "Share of the measured GEMM rate at each product's shape on this card that a serving "
               "step's matrix products sustain while the engine decodes, prompts batched beside: it sets the "
               "throughput under load. The default, {default}, is fitted to published prefill times priced as a "
               "serving step prices a prompt (rule SERVING_EFFICIENCY_RULE of the calibration fits); a prompt "
               "prefilled alone, the time to first token, reads the prompt efficiency"),
       row_label=_t("ScenarioEditor", "Serving-step efficiency")),
    _f("assumptions.network_gbps_per_card", _t("ScenarioController", "network per card"), _t("ScenarioEditor", " GB/s"), decimals=1, step=5,
       help=_t("ScenarioEditor", "Network bandwidth per card between servers, one way (400 Gb/s NIC = 50 GB/s)"),
       row_label=_t("ScenarioEditor", "Network per card")),
    _f("assumptions.encoder_fps_1080p", _t("ScenarioController", "encoder speed"), FPS, decimals=0, step=10,
       help=_t("ScenarioEditor", "1080p frames one NVENC engine encodes per second at preset P4. Default: one 2160p60 stream "
                    "(8 × 1080p30) per encoder, as video vendors plan; measure yours with ffmpeg for exact figures."),
       row_label=_t("ScenarioEditor", "Encoder speed")),
    _f("assumptions.decoder_fps_1080p", _t("ScenarioController", "decoder speed"), FPS, decimals=0, step=10,
       help=_t("ScenarioEditor", "1080p frames one NVDEC engine decodes per second (no vendor figure found: set equal to the "
                    "encoder; measure yours)"), row_label=_t("ScenarioEditor", "Decoder speed")),
    _f("assumptions.max_vgpus_per_gpu", _t("ScenarioController", "vGPU limit"), _t("ScenarioEditor", " per GPU"),
       help=_t("ScenarioEditor", "Most vGPUs one GPU can host (default {default}, NVIDIA's limit)"),
       row_label=_t("ScenarioEditor", "vGPU limit")),
    _f("assumptions.consumer_encode_sessions", _t("ScenarioController", "consumer encode sessions"),
       _t("EncodeSessions", " per server"), help=_t(  # its own context: zh "路/服务器", not the cards' "张/服务器"
        "ScenarioEditor", "Encode sessions the GeForce driver allows per server, whatever the number of cards "
                          "(default {default}, the "
                          "driver's limit since 2024)"),
       row_label=_t("ScenarioEditor", "Consumer encode sessions")),
    _f("assumptions.vdi_vcpus_per_desktop", _t("ScenarioController", "vCPUs per desktop"),
       _t("ScenarioEditor", " vCPU"),
       help=_t("ScenarioEditor", "Virtual CPUs of one desktop VM (default {default}, NVIDIA's knowledge-worker VM). "
                                 "With the CPU "
                                 "overcommit and the host's 32 cores it sets the desktops one server carries."),
       flag="--desktop-vcpus", metavar="N", row_label=_t("ScenarioEditor", "vCPUs per desktop")),
    _f("assumptions.vdi_ram_gib_per_desktop", _t("ScenarioController", "memory per desktop"),
       _t("ScenarioEditor", " GiB"), decimals=1, step=1,
       help=_t("ScenarioEditor", "Memory of one desktop VM, not overcommitted (default {default}, NVIDIA's "
                                 "knowledge-worker VM); "
                                 "the host's 512 GiB bound the desktops one server carries."),
       flag="--desktop-memory", metavar="GIB", row_label=_t("ScenarioEditor", "Memory per desktop")),
    _f("assumptions.vdi_vcpus_per_core", _t("ScenarioController", "vCPU overcommit"),
       _t("ScenarioEditor", " vCPU per core"), decimals=1, step=0.5,
       help=_t("ScenarioEditor", "Virtual CPUs the host schedules on one physical core (an assumption, default "
                                 "{default}: the middle "
                                 "of the 4–8 commonly planned for knowledge workers)."),
       flag="--vcpus-per-core", metavar="RATIO", row_label=_t("ScenarioEditor", "vCPU overcommit")),
)
"""Every user-editable scenario field, in the editor's order."""

SECONDS_PER_DAY = 86_400.0
"""Seconds in a day: a daily volume is spread over 24 hours [s]."""

REQUESTS_PER_DAY = _f("constraints.requests_per_s", _t("ScenarioController", "requests a day"),
                      _t("ServingEditor", " requests a day"), scale=1 / SECONDS_PER_DAY, flag="--requests-per-day",
                      cli_type="quantity", metavar="N", editor=False, unit="[requests a day]",
                      cli_help="serving load as requests a day, spread over 24 hours (offline batch: documents or "
                               "prompts a day; 400k, 40万); the request rate it comes to")
"""The request rate asked per day, as an offline batch's buyer counts it (the wizard's "Requests a
day", the command line's ``--requests-per-day``): the same field as ``constraints.requests_per_s``
at 1/86,400 of its unit, so not an entry of :data:`FIELDS` (one field, one entry there); its range is
the field's, shown per day (87 to 86,400,000,000 requests a day: :meth:`FieldSpec.display_range`)."""

BY_PATH: dict[str, FieldSpec] = {spec.path: spec for spec in FIELDS}
BY_FLAG: dict[str, FieldSpec] = {spec.flag: spec for spec in FIELDS if spec.flag}
LAYOUT_PATHS: dict[str, str] = {spec.path: spec.layout for spec in FIELDS if spec.layout}
"""Scenario field path -> the layout field (``Scenario.auto_layout``) the planner may choose for it."""


def spec(path: str) -> FieldSpec:
    """The registry entry of the field at ``path`` (KeyError if it has none)."""
    return BY_PATH[path]


def entry_for(model: type, name: str) -> FieldSpec:
    """The registry entry of ``model``'s field ``name`` (``Serving``, ``"context"``); KeyError if none."""
    found = next((f for f in FIELDS if f.model_field == (model, name)), None)
    if found is None:
        raise KeyError(f"no registry entry for {model.__name__}.{name}")
    return found


NUMBER_FORMS = ("number", "quantity", "money", "duration", "milliseconds")
"""The flag forms that read a number (a range applies); the others are lists and on/off flags."""


def cli_help(entry: FieldSpec) -> str | None:
    """The flag's help: its words, then the model's range and unit (``1 to 65,536 [sequences]``); the unit is not repeated where the words carry it.

    The words are the entry's ``cli_help`` where the CLI says something of its own, else the field's
    description (the editor's tooltip where the entry has no ``help``: one text for both). A list
    flag's usage shows its choices (``{none,selective,full}``), so its help is its words alone (None
    where it has none), and where it also takes ``auto`` the words name the choices (``activation
    recomputation: none, selective, full``). An on/off flag has no range.
    """
    form = entry.cli_form
    described = entry.cli_help or _UNIT_TAIL.sub("", entry.description).strip()
    if form == "choice" and not entry.auto:
        return described or None
    words = described or entry.label.source
    if form == "choice":
        return f"{words}: {', '.join(str(value) for value in entry.choices)}"
    if form not in NUMBER_FORMS:
        return words
    bounds = entry.bounds
    if bounds.low is None and bounds.high is None:
        return words
    span = bounds.text()
    if bounds.unit and bounds.unit in words:
        span = span.removesuffix(bounds.unit).rstrip()
    return f"{words}; {span}"
