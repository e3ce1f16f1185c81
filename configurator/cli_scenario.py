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
from configurator.core.fields import BY_FLAG, BY_PATH, FieldSpec, cli_help
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


def _dest(flag: str) -> str:
    """argparse's attribute of a flag: ``--per-node`` -> ``per_node``."""
    return flag.removeprefix("--").replace("-", "_")


_LAYOUT_FLAGS = {
    **{_dest(flag): entry.layout for flag, entry in BY_FLAG.items() if entry.layout},
    "recompute": "recompute", "disaggregated": "disaggregated",
}
"""Layout flags and the scenario layout field each pins (unset or 'auto': the planner chooses):
the registry's, and the two lists written here."""


def _choices(enum: type) -> list[str]:
    return [e.value for e in enum]


def _field_type(entry: FieldSpec):
    """How a registry flag's text is read: a whole or decimal number (``7B``-style quantities and
    ``90d``-style durations where the entry says so), or ``auto`` too for a layout field."""
    kind = {"quantity": quantity, "duration": duration_hours}.get(entry.cli_type, int if entry.whole else float)
    return auto_or(kind) if entry.auto else kind


def add_field_flags(group, *paths: str) -> None:
    """Add the flags of the registry fields at ``paths`` to ``group``: flag name, type, placeholder
    and help (its words, then the model's range and unit) all from ``core/fields.py``."""
    for path in paths:
        entry = BY_PATH[path]
        extra = {"metavar": entry.metavar} if entry.metavar else {}
        group.add_argument(entry.flag, type=_field_type(entry), help=cli_help(entry), **extra)


def add_constraint_flags(parser: argparse.ArgumentParser) -> None:
    c = parser.add_argument_group("goals and limits")
    add_field_flags(c, "constraints.deadline_hours", "constraints.budget", "constraints.power_cap_kw",
                    "constraints.rack_power_kw", "constraints.min_tokens_per_s", "constraints.requests_per_s",
                    "constraints.tpot_ms", "constraints.ttft_ms")
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
    add_field_flags(g, "economics.amortisation_years")
    g.add_argument("--quotes", type=Path, metavar="CSV",
                   help="your quotes (columns item, unit_price, currency, date, vendor) over the bundled prices")
    model = g.add_mutually_exclusive_group()
    model.add_argument("--model", metavar="PRESET", help="model preset id (default llama3-8b; see 'catalog models')")
    model.add_argument("--model-config", type=Path, metavar="PATH", help="local Hugging Face config.json")
    model.add_argument("--params", type=quantity, metavar="N", help="about N parameters (e.g. 7B)")
    g.add_argument("--card", metavar="ID", help="card id (see 'catalog list')")
    add_field_flags(g, "count", "parallelism.cards_per_node")
    g.add_argument("--precision", choices=_choices(Precision))
    g.add_argument("--recipe", choices=_choices(Recipe))
    g.add_argument("--optimizer", choices=_choices(Optimizer))
    add_field_flags(g, "training.global_batch_tokens", "training.seq_len")
    lay = parser.add_argument_group("layout (each 'auto' unless given: the planner chooses)")
    add_field_flags(lay, "training.micro_batch", "training.grad_accum")
    lay.add_argument("--recompute", type=auto_or(Recompute), help="activation recomputation: none, selective, full")
    add_field_flags(lay, "parallelism.zero", "parallelism.tp", "parallelism.pp", "parallelism.virtual_stages",
                    "parallelism.cp", "parallelism.ep")
    lay.add_argument("--loss", choices=_choices(LossKernel),
                     help="cross-entropy kernel (default: fused for pre-training, eager for fine-tuning)")
    lay.add_argument("--offload", type=offload_parts, metavar="PARTS",
                     help="CPU offload: comma-separated optimizer, params, activations (or none)")
    add_field_flags(lay, "serving.max_batch", "serving.max_batched_tokens")
    lay.add_argument("--disaggregated", type=auto_or(on_off), metavar="on|off",
                     help="serving: separate prefill and decode pools (auto: compared with shared copies under "
                          "the latency targets)")
    add_field_flags(g, "training.lora_rank", "training.tokens", "serving.context", "serving.concurrency",
                    "serving.prompt_tokens", "serving.output_tokens")
    g.add_argument("--kv-precision", choices=_choices(Precision))
    g.add_argument("--engine", choices=_choices(Engine), help="serving engine (default vllm; 'ideal' = the roofline)")
    g.add_argument("--cuda-graphs", action=argparse.BooleanOptionalAction, default=None,
                   help="decode from captured CUDA graphs (default: the engine's)")
    g.add_argument("--batching", choices=["continuous", "static"], help="default: the engine's")
    add_field_flags(g, "serving.prefix_hit_rate", "serving.prefill_cards", "serving.speculative_tokens",
                    "serving.speculative_acceptance")
    g.add_argument("--weight-format", choices=_choices(WeightFormat),
                   help="stored weight format: bf16, fp8, awq-int4, gptq-int4, nvfp4, GGUF q8_0 … q2_k, exl2")
    add_field_flags(g, "serving.weight_bpw")
    gr = parser.add_argument_group("graphics (--workload vdi, transcode or render)")
    add_field_flags(gr, "graphics.users", "graphics.profile_gib", "graphics.shading_tflops_per_user",
                    "graphics.streams")
    gr.add_argument("--resolution", choices=list(RESOLUTIONS), help="stream resolution")
    add_field_flags(gr, "graphics.fps")
    gr.add_argument("--codec", choices=_choices(Codec))
    gr.add_argument("--preset", choices=_choices(EncoderPreset), help="NVENC preset, p1 fastest .. p5 better quality")
    gr.add_argument("--no-decode", dest="decode", action="store_false", default=None,
                    help="streams arrive decoded (encode only)")
    gr.add_argument("--local-display", action="store_true", default=None,
                    help="a monitor is attached to the card (workstation)")
    add_field_flags(gr, "graphics.scene_gib", "graphics.frames")
    gr.add_argument("--reference-card", metavar="ID", help="card the time per frame was measured on")
    add_field_flags(gr, "graphics.reference_minutes_per_frame")
    e = parser.add_argument_group("prices")
    e.add_argument("--currency", help="ISO code, e.g. USD or CNY")
    add_field_flags(e, "economics.usd_to_currency", "economics.card_price", "economics.cloud_price_per_hour",
                    "economics.electricity_per_kwh", "economics.pue")


def _section(path: str) -> tuple[str | None, str]:
    head, _, tail = path.rpartition(".")
    return (head or None, tail)


_FLAG_TO_FIELD = {
    **{_dest(flag): _section(entry.path) for flag, entry in BY_FLAG.items() if not entry.path.startswith("constraints.")},
    "loss": ("training", "loss"),
    "disaggregated": ("serving", "disaggregated"),
    "name": (None, "name"),
    "region": ("constraints", "region"),
    "recompute": ("training", "recompute"),
    "recipe": ("training", "recipe"),
    "optimizer": ("training", "optimizer"),
    "kv_precision": ("serving", "kv_precision"),
    "weight_format": ("serving", "weight_format"),
    "engine": ("serving", "engine"),
    "cuda_graphs": ("serving", "cuda_graphs"),
    "batching": ("serving", "batching"),
    "resolution": ("graphics", "resolution"),
    "codec": ("graphics", "codec"),
    "preset": ("graphics", "preset"),
    "decode": ("graphics", "decode"),
    "local_display": ("graphics", "local_display"),
    "currency": ("economics", "currency"),
    "workload": (None, "workload"),
    "card": (None, "card_id"),
    "precision": (None, "precision"),
}
"""Scenario flag -> (section, field): the registry's flags (``core/fields.py``) and the lists and
switches written here."""


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
    entry = BY_PATH.get(".".join(loc))
    if entry is not None and entry.unit and "outside the range" in text and not text.endswith("]"):
        text = f"{text} {entry.unit}"  # the unit the registry states where the model's description has none
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


_CONSTRAINT_FLAGS = {
    **{_dest(flag): entry.path.partition(".")[2] for flag, entry in BY_FLAG.items()
       if entry.path.startswith("constraints.")},
    "latency_percentile": "latency_percentile",
}
"""Goal flag -> Constraints field (applied by :func:`with_constraints`)."""


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
    """Append each numeric flag's declared range (from the scenario models) to its help; the
    registry's flags state theirs already (:func:`add_field_flags`)."""
    fields = {**_FLAG_TO_FIELD, **{flag: ("constraints", field) for flag, field in _CONSTRAINT_FLAGS.items()}}
    registry = {_dest(flag) for flag in BY_FLAG}
    for action in parser._actions:
        if action.dest in registry:
            continue
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
