"""The chosen serving layout as a server command per engine (vLLM, SGLang, TensorRT-LLM): one
command per model copy (or per group of copies sharing experts), its cards named by
``CUDA_VISIBLE_DEVICES``; every flag from :mod:`configurator.core.launch.flags`, every setting
without one a comment line."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.engine_step import STEP_FLAGS
from configurator.core.engine_formats import serves
from configurator.core.engine_defaults import default_kv_precision
from configurator.core.engines import PROFILES, Engine
from configurator.core.formats import WeightFormat
from configurator.core.launch.flags import SGLANG, TENSORRT_LLM, VLLM, FlagTable
from configurator.core.launch.model_id import model_id as base_model_id
from configurator.core.launch.notes import Note, note
from configurator.core.launch.placement import gpu_list, server_groups
from configurator.core.launch.script import ConfigFile, Step, command
from configurator.core.published_format import published_format
from configurator.core.units import Precision
from configurator.core.workloads.base import Estimate

SERVING_TABLES: dict[str, FlagTable] = {"vllm": VLLM, "sglang": SGLANG, "tensorrt-llm": TENSORRT_LLM}
"""The serving engines a launch command is written for."""

ENGINE_NAMES = {"vllm": "vLLM", "sglang": "SGLang", "tensorrt-llm": "TensorRT-LLM"}

_DTYPE = {WeightFormat.BF16: "bfloat16", WeightFormat.FP16: "float16"}
"""--dtype of 16-bit weights (vLLM and SGLang spell them alike)."""

_QUANTIZATION = {"vllm": {WeightFormat.FP8: "fp8", WeightFormat.AWQ_INT4: "awq", WeightFormat.GPTQ_INT4: "gptq"},
                 "sglang": {WeightFormat.FP8: "fp8", WeightFormat.AWQ_INT4: "awq", WeightFormat.GPTQ_INT4: "gptq"},
                 "tensorrt-llm": {}}
"""--quantization values for the weight formats each engine names by flag (vLLM and SGLang
quantise an FP8 model on load from a 16-bit checkpoint; AWQ and GPTQ need such a checkpoint)."""

_KV_FP8 = {"vllm": "fp8", "sglang": "fp8_e4m3", "tensorrt-llm": "fp8"}
"""The FP8 KV-cache value of each engine (vLLM ``fp8`` = E4M3; TensorRT-LLM's YAML
``kv_cache_config.dtype``)."""


@dataclass(frozen=True)
class ServingLayout:
    """What the serving plan implies for a launch (read from the estimate's scenario)."""

    model: str
    model_is_placeholder: bool
    tp: int
    pp: int
    experts_group: int
    """Copies that share one set of experts (the plan's expert-parallel degree over the tensor-parallel
    one; 1 for dense models)."""
    experts_split: int
    """Cards one set of experts is split over (the plan's expert-parallel degree; 1: no expert parallelism)."""
    copies: int
    prefill_copies: int
    batch: int
    """Sequences one copy decodes together."""
    step_tokens: int
    context: int
    kv: Precision
    weight_format: WeightFormat | None
    memory_fraction: float
    cuda_graphs: bool | None
    speculative_tokens: int
    cards_per_node: int
    """Cards one server holds (:attr:`~configurator.core.scenario.Scenario.cards_in_node`: 4 GH200 or
    MI250X a node) [count]."""
    count: int
    card: str
    model_name: str
    chat_checkpoint_of: str = ""
    """The base repository where :attr:`model` is its instruction-tuned checkpoint (a chat service); '' otherwise."""
    as_published: bool = False
    """The weights are served in the format the checkpoint is published in (DeepSeek-V3's FP8): no
    quantisation flag, the checkpoint's ``quantization_config`` says it (SGLang's DeepSeek page: "should
    not run it with any quantization arguments like ``--quantization fp8``")."""


def serving_layout(est: Estimate, model_id: tuple[str, bool]) -> ServingLayout:
    """The layout of a serving estimate (``model_id``: the model's id and whether it is a placeholder)."""
    s, plan = est.scenario, est.plan
    kv = s.serving.kv_precision or default_kv_precision(s.serving.profile, plan.weights is Precision.FP8,
                                                          plan.math) or plan.math or s.precision
    return ServingLayout(
        model=model_id[0], model_is_placeholder=model_id[1], tp=s.parallelism.tp, pp=s.parallelism.pp,
        experts_group=s.expert_copies if s.model.is_moe else 1,
        experts_split=s.parallelism.ep if s.model.is_moe else 1, copies=s.data_parallel,
        prefill_copies=s.prefill_copies, batch=s.sequences_per_replica, step_tokens=s.serving.max_batched_tokens,
        context=s.serving.context_tokens, kv=kv, weight_format=plan.weight_format,
        memory_fraction=s.serving.engine_memory_fraction, cuda_graphs=s.serving.cuda_graphs,
        speculative_tokens=s.serving.speculative_tokens, cards_per_node=s.cards_in_node,
        count=s.count, card=est.card.name, model_name=s.model.name,
        chat_checkpoint_of=base if (base := base_model_id(s.model.name)[0]) != model_id[0] else "",
        as_published=(found := published_format(s.model)) is not None and plan.weight_format is found.weight_format)


def serving_steps(layout: ServingLayout, engine: str) -> tuple[Step, ...]:
    """The launch script of ``layout`` for ``engine`` (``vllm``, ``sglang`` or ``tensorrt-llm``)."""
    table = SERVING_TABLES[engine]
    name = ENGINE_NAMES[engine]
    per_copy = layout.tp * layout.pp
    steps: list[Step] = [
        note("header", engine=name, version=table.version, url=table.url,
             what=note("serving-what", model=layout.model_name, count=layout.count, card=layout.card,
                       copies=layout.copies, per_copy=per_copy, tp=layout.tp, pp=layout.pp))]
    if layout.model_is_placeholder:
        steps.append(note("model-path", model=layout.model))
    if layout.chat_checkpoint_of:
        steps.append(note("chat-checkpoint", model=layout.model, base=layout.chat_checkpoint_of))
    steps.extend(_setting_notes(layout, engine, name))
    flags, files = _engine_flags(layout, engine)
    steps.extend(files)
    group = layout.experts_group
    unit_cards = per_copy * group
    if group > 1:
        steps.append(note("experts-shared", ep=group, cards=unit_cards))
        steps.append(note("batch-per-copy"))
        if engine == "sglang":
            steps.append(note("sglang-running-total", total=layout.batch * group, ranks=group, batch=layout.batch))
    units = layout.copies // group
    prefill_units = -(-layout.prefill_copies // group) if layout.prefill_copies else 0
    if layout.prefill_copies:
        steps.append(note(f"disagg-{'trtllm' if engine == 'tensorrt-llm' else engine}"))
    if unit_cards > layout.cards_per_node:
        steps.extend(_spanning(layout, engine, flags, unit_cards, units, prefill_units))
        return tuple(steps)
    for grp in server_groups(units, unit_cards, layout.cards_per_node, prefill_units):
        steps.append(note("servers-each", first=grp.first, last=grp.last, n=grp.last - grp.first + 1)
                     if grp.last > grp.first else note("server-one", first=grp.first))
        for slot in grp.slots:
            steps.append(note("copy", role=note(f"role-{slot.role}"), gpus=gpu_list(slot.gpus), port=str(slot.port)))
            steps.append(_server_command(layout, engine, flags, slot.role, slot.port,
                                         {"CUDA_VISIBLE_DEVICES": gpu_list(slot.gpus)}))
    return tuple(steps)


def _spanning(layout: ServingLayout, engine: str, flags: list[str], unit_cards: int, units: int,
              prefill_units: int) -> list[Step]:
    """Copies larger than a server: how the engine spans servers, then one command per copy (per
    node of the copy for SGLang)."""
    nodes = -(-unit_cards // layout.cards_per_node)
    steps: list[Step] = [note("spans-servers", copies=units, n=nodes, cards=unit_cards, per_node=layout.cards_per_node),
                         note(f"spans-{'trtllm' if engine == 'tensorrt-llm' else engine}")]
    roles = ["serving"] if prefill_units == 0 else ["prefill", "decode"]
    for role in roles:
        if prefill_units:
            steps.append(note("copy", role=note(f"role-{role}"), gpus="0-" + str(layout.cards_per_node - 1),
                              port="8000"))
        if engine == "sglang":
            extra = ["--nnodes", str(nodes), "--node-rank", "$NODE_RANK", "--dist-init-addr", "HEAD:5000"]
            steps.append(_server_command(layout, engine, flags + extra, role, 8000, {}))
        else:
            steps.append(_server_command(layout, engine, flags, role, 8000, {}))
    return steps


def _server_command(layout: ServingLayout, engine: str, flags: list[str], role: str, port: int,
                    env: dict[str, str]):
    words = list(flags)
    if engine == "sglang" and role != "serving":
        words += ["--disaggregation-mode", role]
    if engine == "vllm":
        return command(("vllm", ["vllm", "serve", layout.model, *words, "--port", str(port)]), env=env)
    if engine == "sglang":
        return command(("sglang", ["python", "-m", "sglang.launch_server", "--model-path", layout.model, *words,
                                   "--port", str(port)]), env=env)
    return command(("tensorrt-llm", ["trtllm-serve", layout.model, *words, "--port", str(port)]), env=env)


def _engine_flags(layout: ServingLayout, engine: str) -> tuple[list[str], list[Step]]:
    """The flags of one server process, and the configuration files they name."""
    group = layout.experts_group
    fmt = None if layout.as_published else layout.weight_format
    kv_fp8 = layout.kv is Precision.FP8
    files: list[Step] = []
    if engine == "vllm":
        flags = ["--tensor-parallel-size", str(layout.tp)]
        if layout.pp > 1:
            flags += ["--pipeline-parallel-size", str(layout.pp)]
        if group > 1:
            flags += ["--data-parallel-size", str(group), "--enable-expert-parallel"]
        elif layout.experts_split > 1:  # TP × EP in one copy: the experts whole on its ranks
            flags.append("--enable-expert-parallel")
        flags += ["--max-num-seqs", str(layout.batch), STEP_FLAGS["vllm"], str(layout.step_tokens),
                  "--max-model-len", str(layout.context)]
        flags += _weight_flags(engine, fmt)
        if kv_fp8:
            flags += ["--kv-cache-dtype", _KV_FP8[engine]]
        flags += ["--gpu-memory-utilization", f"{layout.memory_fraction:g}"]
        if layout.cuda_graphs is False:
            flags.append("--enforce-eager")
        return flags, files
    if engine == "sglang":
        tp = layout.tp * group
        flags = ["--tp-size", str(tp)]
        if layout.pp > 1:
            flags += ["--pp-size", str(layout.pp)]
        if group > 1:  # attention data parallel inside the TP group, the experts over all of it
            flags += ["--attn-dp-size", str(group), "--ep-size", str(tp)]
        elif layout.experts_split > 1:
            flags += ["--ep-size", str(tp)]
        # the server's total: SGLang gives each attention-DP rank max_running_requests // attn_dp_size
        flags += ["--max-running-requests", str(layout.batch * group), STEP_FLAGS["sglang"],
                  str(layout.step_tokens), "--context-length", str(layout.context)]
        flags += _weight_flags(engine, fmt)
        if kv_fp8:
            flags += ["--kv-cache-dtype", _KV_FP8[engine]]
        flags += ["--mem-fraction-static", f"{layout.memory_fraction:g}"]
        if layout.cuda_graphs is False:
            flags += ["--cuda-graph-backend-decode", "disabled", "--cuda-graph-backend-prefill", "disabled"]
        return flags, files
    tp = layout.tp * group
    flags = ["--backend", "pytorch", "--tp_size", str(tp)]
    if layout.pp > 1:
        flags += ["--pp_size", str(layout.pp)]
    if group > 1 or layout.experts_split > 1:
        flags += ["--ep_size", str(tp)]
    flags += ["--max_batch_size", str(layout.batch), STEP_FLAGS["tensorrt-llm"], str(layout.step_tokens),
              "--max_seq_len", str(layout.context), "--enable_chunked_prefill"]
    entries: list[tuple[str, object]] = []
    if kv_fp8:
        entries.append(("kv_cache_config.dtype", _KV_FP8[engine]))
    if group > 1 and layout.tp == 1:
        entries.append(("enable_attention_dp", True))
    if entries:
        files.append(note("yaml-file", engine="TensorRT-LLM", flag="--extra_llm_api_options"))
        files.append(ConfigFile("tensorrt-llm", "llm_api_options.yaml", "yaml", tuple(entries)))
        flags += ["--extra_llm_api_options", "llm_api_options.yaml"]
    return flags, files


def _weight_flags(engine: str, fmt: WeightFormat | None) -> list[str]:
    if fmt in _DTYPE:
        return ["--dtype", _DTYPE[fmt]]
    value = _QUANTIZATION[engine].get(fmt)
    return ["--quantization", value] if value else []


def _setting_notes(layout: ServingLayout, engine: str, name: str) -> list[Note]:
    """Comment lines for the plan's settings ``engine`` has no flag for."""
    notes: list[Note] = []
    fmt = layout.weight_format
    if fmt is not None and fmt not in _DTYPE and fmt not in _QUANTIZATION[engine]:
        why = ("weights-unsupported" if not serves(PROFILES[Engine(engine)], fmt)
               else "weights-trtllm" if engine == "tensorrt-llm" else "weights-checkpoint")
        notes.append(note("no-flag", engine=name, setting=note("set-weights", format=fmt.value),
                          what=note(why, format=fmt.value)))
    if fmt in (WeightFormat.AWQ_INT4, WeightFormat.GPTQ_INT4):
        notes.append(note("quantized-checkpoint", format=fmt.value, model=layout.model_name))
    if layout.kv not in (Precision.FP8, Precision.BF16, Precision.FP16, Precision.FP32, Precision.TF32):
        notes.append(note("no-flag", engine=name, setting=note("set-kv", precision=layout.kv.value.upper()),
                          what=note(f"kv-{'trtllm' if engine == 'tensorrt-llm' else engine}")))
    if layout.cuda_graphs is False and engine == "tensorrt-llm":
        notes.append(note("no-flag", engine=name, setting=note("set-eager"), what=note("eager-trtllm")))
    if layout.speculative_tokens:
        notes.append(note("speculative", tokens=layout.speculative_tokens))
    return notes

