"""The command line's scenario: argument types (quantities, durations, ``auto``), the scenario,
layout, and goal flags, and the scenario they build, validated, with refusals as one line."""

from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path

from pydantic import ValidationError

from configurator.core.architecture import from_param_count, load_hf_config, preset
from configurator.core.bounds import error_text, field_at, field_bounds
from configurator.core.catalog import Catalog
from configurator.core.engines import Engine
from configurator.core.formats import WeightFormat
from configurator.core.load import MLPERF_SERVER_LIMITS
from configurator.core.graphics import rt_generation
from configurator.core.scenario import (
    RESOLUTIONS,
    Codec,
    EncoderPreset,
    LossKernel,
    Optimizer,
    Recipe,
    Recompute,
    Scenario,
    Workload,
    updated,
)
from configurator.core.procurement.prices import PriceFileError, use_quotes
from configurator.core.scenario_io import read_scenario
from configurator.core.units import Precision


class UsageError(Exception):
    """Bad command-line input; reported as one line on stderr."""


class CommandParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line instead of usage + message
        raise UsageError(message)


_SUFFIXES = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12}


def quantity(text: str) -> float:
    """Parse ``7e9``, ``7B``, ``1.5T``, ``500M`` into a number."""
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*([kKmMbBgGtT]?)\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number (examples: 7e9, 7B, 1.5T)")
    value = float(match.group(1)) * _SUFFIXES.get(match.group(2).lower(), 1.0)
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"'{text}' is too large")
    return value


_DURATION_UNITS = {"h": 1.0, "d": 24.0, "w": 168.0, "y": 8766.0}


def duration_hours(text: str) -> float:
    """Parse ``720``, ``720h``, ``90d``, ``6w`` or ``1y`` into hours."""
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([hdwyHDWY]?)\s*", text)
    if not match:
        raise argparse.ArgumentTypeError(f"'{text}' is not a duration (examples: 720h, 90d, 6w)")
    value = float(match.group(1)) * _DURATION_UNITS.get(match.group(2).lower() or "h")
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"'{text}' is too long a duration")
    return value


OFFLOAD_PARTS = ("optimizer", "params", "activations")


"""What ``--offload`` may move to host memory (each a ``training.offload_<part>`` flag)."""


def offload_parts(text: str) -> tuple[str, ...]:
    """``--offload optimizer,params``: the parts to offload (``none`` for nothing)."""
    parts = tuple(p.strip() for p in text.lower().split(",") if p.strip())
    if parts == ("none",):
        return ()
    unknown = [p for p in parts if p not in OFFLOAD_PARTS]
    if unknown or not parts:
        raise argparse.ArgumentTypeError(f"'{text}': choose from {', '.join(OFFLOAD_PARTS)} or none")
    return parts


def auto_or(kind: type):
    """Argument type: ``auto`` (the planner chooses) or a value of ``kind``."""
    def parse(text: str):
        if text.strip().lower() == "auto":
            return AUTO
        try:
            return kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is neither 'auto' nor a valid value") from None
    parse.__name__ = kind.__name__
    return parse


AUTO = "auto"


def on_off(text: str) -> bool:
    """Argument type: ``on``/``off`` (also yes/no, true/false, 1/0)."""
    word = text.strip().lower()
    if word in ("on", "yes", "true", "1"):
        return True
    if word in ("off", "no", "false", "0"):
        return False
    raise ValueError(text)


_LAYOUT_FLAGS = {"tp": "tp", "pp": "pp", "vp": "vp", "cp": "cp", "ep": "ep", "zero": "zero", "recompute": "recompute",
                 "batch": "micro_batch", "grad_accum": "grad_accum", "max_batch": "max_batch",
                 "max_batched_tokens": "max_batched_tokens", "disaggregated": "disaggregated"}


"""Layout flags and the scenario layout field each pins (unset or 'auto': the planner chooses)."""


def _choices(enum: type) -> list[str]:
    return [e.value for e in enum]


def add_constraint_flags(parser: argparse.ArgumentParser) -> None:
    c = parser.add_argument_group("goals and limits")
    c.add_argument("--deadline", type=duration_hours, metavar="DURATION",
                   help="training or render job must finish within (720h, 90d, 6w; a bare number is hours)")
    c.add_argument("--budget", type=float, help="purchase or cloud budget [currency]")
    c.add_argument("--power-cap", type=float, metavar="KW", help="facility power available [kW]")
    c.add_argument("--rack-power", type=float, metavar="KW", help="power one server may draw at the wall [kW]")
    c.add_argument("--min-tokens-per-s", type=float, help="training throughput needed [tokens/s]")
    c.add_argument("--requests-per-s", type=float, help="serving load to carry [1/s]")
    c.add_argument("--tpot-ms", type=float, help="time-per-output-token target [ms]")
    c.add_argument("--ttft-ms", type=float, help="time-to-first-token target [ms]")
    c.add_argument("--latency-percentile", type=int, choices=[50, 90, 99],
                   help="percentile of requests the latency targets hold for at the load (default 50)")
    c.add_argument("--mlperf", choices=sorted(MLPERF_SERVER_LIMITS),
                   help="MLPerf Inference server-scenario latency limits as targets (p99 TTFT and TPOT)")


def add_scenario_flags(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("scenario")
    g.add_argument("--scenario", type=Path, help="start from a .gpuconf.json scenario file")
    g.add_argument("--workload", choices=_choices(Workload))
    g.add_argument("--name", help="the scenario's name (the summary's title; default: a description of the job)")
    g.add_argument("--region", choices=["cn", "other"],
                   help="where the cards are delivered: 'cn' keeps out cards whose US export status for China "
                        "is not 'permitted' (status, not legal advice)")
    g.add_argument("--years", type=float, help="years the hardware is used and depreciated over (the TCO horizon)")
    g.add_argument("--quotes", type=Path, metavar="CSV",
                   help="your quotes (columns item, unit_price, currency, date, vendor) over the bundled prices")
    model = g.add_mutually_exclusive_group()
    model.add_argument("--model", metavar="PRESET", help="model preset id (default llama3-8b; see 'catalog models')")
    model.add_argument("--model-config", type=Path, metavar="PATH", help="local Hugging Face config.json")
    model.add_argument("--params", type=quantity, metavar="N", help="about N parameters (e.g. 7B)")
    g.add_argument("--card", metavar="ID", help="card id (see 'catalog list')")
    g.add_argument("--count", type=int, help="total cards")
    g.add_argument("--per-node", type=int, help="cards per server")
    g.add_argument("--precision", choices=_choices(Precision))
    g.add_argument("--recipe", choices=_choices(Recipe))
    g.add_argument("--optimizer", choices=_choices(Optimizer))
    g.add_argument("--global-batch", type=quantity, metavar="TOKENS",
                   help="tokens per optimizer step, kept at every card count (e.g. 4M; default by model size)")
    g.add_argument("--seq", type=int, help="sequence length [tokens]")
    lay = parser.add_argument_group("layout (each 'auto' unless given: the planner chooses)")
    lay.add_argument("--batch", type=auto_or(int), help="micro-batch per data-parallel rank [sequences]")
    lay.add_argument("--grad-accum", type=auto_or(int), help="gradient accumulation steps")
    lay.add_argument("--recompute", type=auto_or(Recompute), help="activation recomputation: none, selective, full")
    lay.add_argument("--zero", type=auto_or(int), help="ZeRO stage 0-3")
    lay.add_argument("--tp", type=auto_or(int), help="tensor-parallel degree")
    lay.add_argument("--pp", type=auto_or(int), help="pipeline-parallel stages")
    lay.add_argument("--vp", type=auto_or(int), help="interleaved virtual stages per pipeline stage")
    lay.add_argument("--cp", type=auto_or(int), help="context-parallel degree (cards that split one sequence)")
    lay.add_argument("--ep", type=auto_or(int), help="expert-parallel degree (mixture-of-experts models)")
    lay.add_argument("--loss", choices=_choices(LossKernel),
                     help="cross-entropy kernel (default: fused for pre-training, eager for fine-tuning)")
    lay.add_argument("--offload", type=offload_parts, metavar="PARTS",
                     help="CPU offload: comma-separated optimizer, params, activations (or none)")
    lay.add_argument("--max-batch", type=auto_or(int), help="serving: sequences one model copy decodes together")
    lay.add_argument("--max-batched-tokens", type=auto_or(int), metavar="TOKENS",
                     help="serving: tokens per engine step, the prefill chunk (auto: 512-16384 tried under the "
                          "latency targets)")
    lay.add_argument("--disaggregated", type=auto_or(on_off), metavar="on|off",
                     help="serving: separate prefill and decode pools (auto: compared with shared copies under "
                          "the latency targets)")
    g.add_argument("--lora-rank", type=int)
    g.add_argument("--tokens", type=quantity, help="training token budget (e.g. 1T)")
    g.add_argument("--context", type=int, help="serving context length [tokens]")
    g.add_argument("--concurrency", type=int, help="users served at once by the whole deployment")
    g.add_argument("--prompt-tokens", type=int)
    g.add_argument("--output-tokens", type=int)
    g.add_argument("--kv-precision", choices=_choices(Precision))
    g.add_argument("--engine", choices=_choices(Engine), help="serving engine (default vllm; 'ideal' = the roofline)")
    g.add_argument("--cuda-graphs", action=argparse.BooleanOptionalAction, default=None,
                   help="decode from captured CUDA graphs (default: the engine's)")
    g.add_argument("--batching", choices=["continuous", "static"], help="default: the engine's")
    g.add_argument("--prefix-hit-rate", type=float, metavar="SHARE",
                   help="share of prompt tokens served from the prefix cache (0–0.99)")
    g.add_argument("--prefill-cards", type=int, metavar="N",
                   help="cards of the prefill pool when disaggregated (default: sized by the planner)")
    g.add_argument("--speculative-tokens", type=int, metavar="K", help="draft tokens per step (0 = off)")
    g.add_argument("--speculative-acceptance", type=float, metavar="ALPHA", help="acceptance rate of a draft token")
    g.add_argument("--weight-format", choices=_choices(WeightFormat),
                   help="stored weight format: bf16, fp8, awq-int4, gptq-int4, nvfp4, GGUF q8_0 … q2_k, exl2")
    g.add_argument("--weight-bpw", type=float, metavar="BITS",
                   help="bits per weight of the format (EXL2: the bpw it was converted at)")
    gr = parser.add_argument_group("graphics (--workload vdi, transcode or render)")
    gr.add_argument("--users", type=int, help="virtual desktop users")
    gr.add_argument("--profile", type=float, metavar="GIB", help="vGPU framebuffer per user [GiB]: 1, 2, 4, 8 …")
    gr.add_argument("--shading", type=float, metavar="TFLOPS", help="average FP32 load per user [TFLOP/s]")
    gr.add_argument("--streams", type=int, help="concurrent video streams")
    gr.add_argument("--resolution", choices=list(RESOLUTIONS), help="stream resolution")
    gr.add_argument("--fps", type=float, help="frames per second of each stream")
    gr.add_argument("--codec", choices=_choices(Codec))
    gr.add_argument("--preset", choices=_choices(EncoderPreset), help="NVENC preset, p1 fastest .. p5 better quality")
    gr.add_argument("--no-decode", dest="decode", action="store_false", default=None,
                    help="streams arrive decoded (encode only)")
    gr.add_argument("--local-display", action="store_true", default=None,
                    help="a monitor is attached to the card (workstation)")
    gr.add_argument("--scene", type=float, metavar="GIB", help="scene geometry and textures [GiB]")
    gr.add_argument("--frames", type=int, help="frames to render")
    gr.add_argument("--reference-card", metavar="ID", help="card the time per frame was measured on")
    gr.add_argument("--minutes-per-frame", type=float, help="measured time per frame on the reference card [min]")
    e = parser.add_argument_group("prices")
    e.add_argument("--currency", help="ISO code, e.g. USD or CNY")
    e.add_argument("--usd-rate", type=float, help="units of --currency per USD")
    e.add_argument("--card-price", type=float, help="purchase price per card")
    e.add_argument("--cloud-price", type=float, help="cloud price per card-hour")
    e.add_argument("--electricity", type=float, help="price per kWh")
    e.add_argument("--pue", type=float)


_FLAG_TO_FIELD = {
    "per_node": ("parallelism", "cards_per_node"),
    "tp": ("parallelism", "tp"),
    "pp": ("parallelism", "pp"),
    "vp": ("parallelism", "virtual_stages"),
    "cp": ("parallelism", "cp"),
    "ep": ("parallelism", "ep"),
    "loss": ("training", "loss"),
    "max_batch": ("serving", "max_batch"),
    "max_batched_tokens": ("serving", "max_batched_tokens"),
    "disaggregated": ("serving", "disaggregated"),
    "prefill_cards": ("serving", "prefill_cards"),
    "global_batch": ("training", "global_batch_tokens"),
    "name": (None, "name"),
    "region": ("constraints", "region"),
    "years": ("economics", "amortisation_years"),
    "zero": ("parallelism", "zero"),
    "batch": ("training", "micro_batch"),
    "seq": ("training", "seq_len"),
    "grad_accum": ("training", "grad_accum"),
    "recompute": ("training", "recompute"),
    "recipe": ("training", "recipe"),
    "optimizer": ("training", "optimizer"),
    "lora_rank": ("training", "lora_rank"),
    "tokens": ("training", "tokens"),
    "context": ("serving", "context"),
    "concurrency": ("serving", "concurrency"),
    "prompt_tokens": ("serving", "prompt_tokens"),
    "output_tokens": ("serving", "output_tokens"),
    "kv_precision": ("serving", "kv_precision"),
    "weight_format": ("serving", "weight_format"),
    "engine": ("serving", "engine"),
    "cuda_graphs": ("serving", "cuda_graphs"),
    "batching": ("serving", "batching"),
    "prefix_hit_rate": ("serving", "prefix_hit_rate"),
    "speculative_tokens": ("serving", "speculative_tokens"),
    "speculative_acceptance": ("serving", "speculative_acceptance"),
    "weight_bpw": ("serving", "weight_bpw"),
    "users": ("graphics", "users"),
    "profile": ("graphics", "profile_gib"),
    "shading": ("graphics", "shading_tflops_per_user"),
    "streams": ("graphics", "streams"),
    "resolution": ("graphics", "resolution"),
    "fps": ("graphics", "fps"),
    "codec": ("graphics", "codec"),
    "preset": ("graphics", "preset"),
    "decode": ("graphics", "decode"),
    "scene": ("graphics", "scene_gib"),
    "local_display": ("graphics", "local_display"),
    "frames": ("graphics", "frames"),
    "minutes_per_frame": ("graphics", "reference_minutes_per_frame"),
    "currency": ("economics", "currency"),
    "usd_rate": ("economics", "usd_to_currency"),
    "card_price": ("economics", "card_price"),
    "cloud_price": ("economics", "cloud_price_per_hour"),
    "electricity": ("economics", "electricity_per_kwh"),
    "pue": ("economics", "pue"),
    "workload": (None, "workload"),
    "card": (None, "card_id"),
    "count": (None, "count"),
    "precision": (None, "precision"),
}


_FIELD_TO_FLAG = {v: "--" + k.replace("_", "-") for k, v in _FLAG_TO_FIELD.items()}


def _model_from_args(args: argparse.Namespace):
    if args.model_config is not None:
        return load_hf_config(args.model_config)
    if args.params is not None:
        return from_param_count(args.params)
    if args.model is not None:
        return preset(args.model)
    return None


def _validation_line(error: ValidationError) -> str:
    loc, text = error_text(error, Scenario)
    flag = _FIELD_TO_FLAG.get((loc[0], loc[1]) if len(loc) >= 2 else (None, loc[0] if loc else ""))
    if flag is None and len(loc) == 2 and loc[0] == "constraints":
        flag = next((f"--{k.replace('_', '-')}" for k, v in _CONSTRAINT_FLAGS.items() if v == loc[1]), None)
    where = flag or ".".join(loc) or "scenario"
    return f"{where}: {text}"


def scenario_from_args(args: argparse.Namespace, catalog: Catalog) -> Scenario:
    """Build and validate the scenario from a file and/or flags."""
    data = read_scenario(args.scenario).model_dump() if args.scenario else {}
    model = _model_from_args(args)
    if model is not None:
        data["model"] = model.model_dump()
    data.setdefault("model", preset("llama3-8b").model_dump())
    auto = set(data.get("auto_layout", ())) if args.scenario else set(_LAYOUT_FLAGS.values())
    for flag, field in _LAYOUT_FLAGS.items():
        value = getattr(args, flag, None)
        if value == AUTO:
            auto.add(field)
        elif value is not None:
            auto.discard(field)
    data["auto_layout"] = sorted(auto)
    if getattr(args, "offload", None) is not None:
        training = data.setdefault("training", {})
        for part in OFFLOAD_PARTS:
            training[f"offload_{part}"] = part in args.offload
    if getattr(args, "global_batch", None) is not None:
        args.global_batch = int(args.global_batch)
    for flag, (section, field) in _FLAG_TO_FIELD.items():
        value = getattr(args, flag, None)
        if value is None or value == AUTO:
            continue
        if hasattr(value, "value"):
            value = value.value
        if section is None:
            data[field] = value
        else:
            data.setdefault(section, {})[field] = value
    reference = getattr(args, "reference_card", None)
    if reference is not None:
        if reference not in catalog:
            raise UsageError("--reference-card: " + catalog.explain_unknown(reference))
        tflops = catalog.get(reference).fp32_tflops
        if tflops is None:
            raise UsageError(f"--reference-card: {reference} has no published FP32 rate to scale from")
        data.setdefault("graphics", {}).update(reference_card=reference, reference_fp32_tflops=tflops,
                                               reference_rt_generation=rt_generation(catalog.get(reference)))
    if args.currency and args.usd_rate is None and args.currency != "USD":
        raise UsageError("--currency other than USD needs --usd-rate (units of that currency per USD)")
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        raise UsageError(_validation_line(error)) from None
    if scenario.card_id not in catalog:
        raise UsageError(catalog.explain_unknown(scenario.card_id))
    if getattr(args, "quotes", None) is not None:
        e = scenario.economics
        try:
            problems = use_quotes(args.quotes, {e.currency: e.usd_to_currency})
        except PriceFileError as error:
            raise UsageError(f"--quotes: {error}") from None
        for problem in problems:
            print(f"gpu-configurator: warning: {problem}", file=sys.stderr)
    return scenario


_CONSTRAINT_FLAGS = {"deadline": "deadline_hours", "budget": "budget", "power_cap": "power_cap_kw",
                     "rack_power": "rack_power_kw", "min_tokens_per_s": "min_tokens_per_s",
                     "requests_per_s": "requests_per_s", "tpot_ms": "tpot_ms", "ttft_ms": "ttft_ms",
                     "latency_percentile": "latency_percentile"}


def with_constraints(scenario: Scenario, args: argparse.Namespace) -> Scenario:
    """The scenario with the goal and limit flags given (``--deadline``, ``--tpot-ms`` …)."""
    constraints = {}
    if getattr(args, "mlperf", None):
        limits = MLPERF_SERVER_LIMITS[args.mlperf]
        constraints = {"ttft_ms": limits.ttft_ms, "tpot_ms": limits.tpot_ms, "latency_percentile": 99}
    constraints |= {field: getattr(args, flag) for flag, field in _CONSTRAINT_FLAGS.items()
                    if getattr(args, flag, None) is not None}
    if not constraints:
        return scenario
    try:
        return updated(scenario, constraints=constraints)
    except ValidationError as error:
        raise UsageError(_validation_line(error)) from None


def state_ranges(parser: argparse.ArgumentParser) -> None:
    """Append each numeric flag's declared range (from the scenario models) to its help."""
    fields = {**_FLAG_TO_FIELD, **{flag: ("constraints", field) for flag, field in _CONSTRAINT_FLAGS.items()}}
    for action in parser._actions:
        section, name = fields.get(action.dest, (None, None))
        found = field_at(Scenario, (section, name) if section else (name,)) if name else None
        if found is None or action.choices is not None or action.nargs == 0:
            continue
        bounds = field_bounds(*found)
        if bounds.low is None and bounds.high is None:
            continue
        text = bounds.text()
        if bounds.unit and bounds.unit in (action.help or ""):
            text = text.removesuffix(bounds.unit).rstrip()
        action.help = f"{action.help}; {text}" if action.help else text
