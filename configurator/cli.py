"""Command line: ``gpu-configurator [estimate|catalog] ...``; no arguments opens the app."""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from configurator import __version__
from configurator.core.architecture import ArchitectureError, from_param_count, load_hf_config, preset
from configurator.core.bounds import error_text, field_at, field_bounds
from configurator.core.catalog import Card, Catalog, CatalogError, load_catalog
from configurator.core.estimate import Estimate, estimate
from configurator.core.engines import Engine
from configurator.core.formats import WeightFormat
from configurator.core.load import MLPERF_SERVER_LIMITS
from configurator.core.graphics import rt_generation
from configurator.core.recommend import Filters, Objective, recommend, result_to_dict
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
from configurator.core.scenario_io import ScenarioFileError, read_scenario
from configurator.core.units import Precision
from configurator.report.text import catalog_table, card_details, estimate_table, recommendation_table


class UsageError(Exception):
    """Bad command-line input; reported as one line on stderr."""


class _Parser(argparse.ArgumentParser):
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

_LAYOUT_FLAGS = {"tp": "tp", "pp": "pp", "vp": "vp", "cp": "cp", "ep": "ep", "zero": "zero", "recompute": "recompute",
                 "batch": "micro_batch", "grad_accum": "grad_accum", "max_batch": "max_batch"}
"""Layout flags and the scenario layout field each pins (unset or 'auto': the planner chooses)."""


def _choices(enum: type) -> list[str]:
    return [e.value for e in enum]


def _add_constraint_flags(parser: argparse.ArgumentParser) -> None:
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


def _add_scenario_flags(parser: argparse.ArgumentParser) -> None:
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


def _print_json(obj: object) -> None:
    try:
        text = json.dumps(obj, indent=1, ensure_ascii=False, allow_nan=False)
    except ValueError:  # an infinite or undefined number: a bug, never printed as non-JSON `Infinity`
        raise UsageError("the result holds a number that is not finite; it cannot be written as JSON") from None
    sys.stdout.write(text)
    sys.stdout.write("\n")


_PLAN_PROBLEMS = ("batch-does-not-divide", "no-layout-fits")


def _planned(scenario: Scenario, catalog: Catalog) -> Estimate:
    """The estimate of the planned layout; a global batch that does not divide, or pins that
    leave no layout that fits, are usage errors (without pins the estimate says it does not fit)."""
    result = estimate(scenario, catalog.get(scenario.card_id))
    problem = next((m for m in result.messages if m.id in _PLAN_PROBLEMS), None)
    if problem is not None and (problem.id != "no-layout-fits" or scenario.pinned):
        raise UsageError(problem.text)  # with nothing pinned, "does not fit on this many cards" is the answer
    return result


def _run_estimate(args: argparse.Namespace, catalog: Catalog) -> int:
    scenario = scenario_from_args(args, catalog)
    result: Estimate = _planned(scenario, catalog)
    if args.json:
        _print_json(result.to_dict())
    else:
        print(estimate_table(result))
    return 0


MAX_OWNED = 1_000_000
"""Most cards one may say are already owned (the scenario's own card-count bound)."""
MAX_LIMIT = 10_000
"""Most recommendations listed."""

_CONSTRAINT_FLAGS = {"deadline": "deadline_hours", "budget": "budget", "power_cap": "power_cap_kw",
                     "rack_power": "rack_power_kw", "min_tokens_per_s": "min_tokens_per_s",
                     "requests_per_s": "requests_per_s", "tpot_ms": "tpot_ms", "ttft_ms": "ttft_ms",
                     "latency_percentile": "latency_percentile"}


def _filters_from_args(args: argparse.Namespace, catalog: Catalog) -> Filters:
    owned_card, owned_count = None, 0
    if args.owned:
        owned_card, _, count = args.owned.partition(":")
        try:
            owned_count = int(count)
        except ValueError:
            raise UsageError("--owned takes ID:COUNT, e.g. h100-sxm:16") from None
        if owned_card not in catalog:
            raise UsageError("--owned: " + catalog.explain_unknown(owned_card))
        if not 1 <= owned_count <= MAX_OWNED:
            raise UsageError(f"--owned: the count must be between 1 and {MAX_OWNED:,} cards, not {owned_count}")
    vendors = sorted({c.vendor for c in catalog.cards})
    unknown = [v for v in args.vendor if v not in vendors]
    if unknown:
        raise UsageError(f"--vendor: no card in the catalog is made by {', '.join(unknown)}; "
                         f"vendors: {', '.join(vendors)}")
    classes = tuple(c.strip() for c in args.classes.split(",")) if args.classes else ()
    return Filters(vendors=tuple(args.vendor), domestic_only=args.domestic_only, classes=classes,
                   owned_card=owned_card, owned_count=owned_count, software=_software_from_args(args.software))


def _software_from_args(text: str | None) -> tuple[str, ...]:
    """'vllm,megatron' -> ('vllm', 'megatron'); an unknown framework is a usage error."""
    from configurator.core.catalog import FRAMEWORKS
    from configurator.core.software import unknown_frameworks

    names = tuple(n.strip().lower() for n in (text or "").split(",") if n.strip())
    unknown = unknown_frameworks(names)
    if unknown:
        raise UsageError(f"--software: unknown framework {', '.join(unknown)}; choose from {', '.join(FRAMEWORKS)}")
    return names


def _with_constraints(scenario: Scenario, args: argparse.Namespace) -> Scenario:
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


def _run_recommend(args: argparse.Namespace, catalog: Catalog) -> int:
    scenario = _with_constraints(scenario_from_args(args, catalog), args)
    if not 1 <= args.limit <= MAX_LIMIT:
        raise UsageError(f"--limit: between 1 and {MAX_LIMIT:,}, not {args.limit}")
    filters = _filters_from_args(args, catalog)
    result = recommend(scenario, catalog, Objective(args.objective), filters, args.limit)
    if args.json:
        _print_json(result_to_dict(result))
    else:
        print(recommendation_table(result))
    return 0


def _run_plan(args: argparse.Namespace, catalog: Catalog) -> int:
    from configurator.core.plan.training import plan_to_dict, plan_training_layout
    from configurator.report.text import plan_table

    scenario = scenario_from_args(args, catalog)
    if not scenario.workload.is_training:
        raise UsageError("plan lays out training jobs; for serving use 'estimate' or 'recommend'")
    card = catalog.get(scenario.card_id)
    chosen = _planned(scenario, catalog)
    plan = plan_training_layout(scenario, card, top=max(1, args.top))
    if args.json:
        _print_json(plan_to_dict(plan, chosen))
    else:
        print(plan_table(plan, chosen))
    return 0


def _run_report(args: argparse.Namespace, catalog: Catalog) -> int:
    if args.scenario_file is not None:
        if args.scenario is not None:
            raise UsageError("give the scenario file once (positional or --scenario)")
        args.scenario = args.scenario_file
    scenario = _with_constraints(scenario_from_args(args, catalog), args)
    if not args.currency:  # money in the summary language's currency, as the window shows it
        from configurator.core.currency import in_language_currency

        scenario = in_language_currency(scenario, args.lang)
    from configurator.app.report_export import export

    try:
        export(scenario, catalog, args.output, args.lang)
    except ValueError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror or error}") from None
    print(f"wrote {args.output}")
    return 0


def _card_json(card: Card) -> dict:
    """A card as the catalog holds it, plus the ECCN 3A090 figures computed from its rates."""
    from configurator.core.export_control import card_classification

    tpp, density, paragraph = card_classification(card)
    return {**card.model_dump(mode="json"),
            "export_control_computed": {"tpp": tpp, "performance_density": density, "eccn_3a090": paragraph}}


def _run_catalog(args: argparse.Namespace, catalog: Catalog) -> int:
    if args.catalog_command == "list":
        from configurator.core.software import runs_software

        software = _software_from_args(args.software)
        cards = [c for c in catalog.cards if args.card_class in (None, c.category) and runs_software(c, software)]
        if args.json:
            _print_json([_card_json(c) for c in cards])
        else:
            print(catalog_table(cards, catalog))
        return 0
    if args.catalog_command == "models":
        from configurator.core.architecture import load_presets

        for preset_id, model in load_presets().items():
            print(f"{preset_id:16} {model.total_params() / 1e9:8.2f} B params  {model.summary()}")
        return 0
    if args.card_id not in catalog:
        fake = catalog.not_a_product(args.card_id)
        if fake is None:
            raise UsageError(catalog.explain_unknown(args.card_id))
        print(catalog.explain_unknown(args.card_id))
        return 1
    card: Card = catalog.get(args.card_id)
    if args.json:
        _print_json(_card_json(card))
    else:
        print(card_details(card))
    return 0


def _state_ranges(parser: argparse.ArgumentParser) -> None:
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


SOFTWARE_HELP = ("only cards whose software stack runs these frameworks (fully or in part), comma separated: "
                 "pytorch, vllm, sglang, tensorrt-llm, megatron, deepspeed, llama.cpp")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gpu-configurator", description=__doc__)
    parser.add_argument("--version", action="version", version=f"gpu-configurator {__version__}")
    parser.add_argument("--catalog-overlay", type=Path, help="user catalog file (default: user data dir)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    est = sub.add_parser("estimate", help="memory, speed, power and cost of one configuration")
    _add_scenario_flags(est)
    est.add_argument("--json", action="store_true", help="print one JSON object")
    rec = sub.add_parser("recommend", help="rank every card (and count) for a scenario")
    _add_scenario_flags(rec)
    rec.add_argument("--objective", choices=[o.value for o in Objective], default=Objective.TCO.value,
                     help="what to minimise (default: total cost of ownership)")
    _add_constraint_flags(rec)
    rec.add_argument("--vendor", action="append", default=[], help="only this vendor (repeatable)")
    rec.add_argument("--domestic-only", action="store_true", help="only vendors based in mainland China")
    rec.add_argument("--software", metavar="FRAMEWORKS", help=SOFTWARE_HELP)
    rec.add_argument("--classes", help="card classes to consider, comma separated (default: by workload)")
    rec.add_argument("--owned", metavar="ID:COUNT", help="cards already owned, e.g. h100-sxm:16")
    rec.add_argument("--limit", type=int, default=10, help="how many to list")
    rec.add_argument("--json", action="store_true")
    pln = sub.add_parser("plan", help="the best training layouts for one card and count, and why the others lose")
    _add_scenario_flags(pln)
    pln.add_argument("--top", type=int, default=5, help="how many layouts to list")
    pln.add_argument("--json", action="store_true")
    rep = sub.add_parser("report", help="write the configuration summary (.pdf .md .csv .json)")
    rep.add_argument("scenario_file", nargs="?", type=Path, metavar="SCENARIO.gpuconf.json",
                     help="scenario file (or give the scenario flags)")
    rep.add_argument("-o", "--output", type=Path, required=True, help="output file; format from the extension")
    rep.add_argument("--lang", choices=["en", "zh_CN"], default="en", help="language of the summary")
    _add_scenario_flags(rep)
    _add_constraint_flags(rep)
    cat = sub.add_parser("catalog", help="list or show cards")
    cat_sub = cat.add_subparsers(dest="catalog_command", required=True, parser_class=_Parser)
    lst = cat_sub.add_parser("list", help="all cards")
    lst.add_argument("--class", dest="card_class", choices=["training", "inference", "graphics", "workstation", "edge"])
    lst.add_argument("--software", metavar="FRAMEWORKS", help=SOFTWARE_HELP)
    lst.add_argument("--json", action="store_true")
    show = cat_sub.add_parser("show", help="one card with its sources")
    show.add_argument("card_id", metavar="ID")
    show.add_argument("--json", action="store_true")
    cat_sub.add_parser("models", help="model presets")
    for scenario_parser in (est, rec, pln, rep):
        _state_ranges(scenario_parser)
    return parser


def _launch_app(argv: Sequence[str]) -> int:
    from configurator.app.main import run_app

    return run_app(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the process exit status.

    Output that cannot be written (``> /dev/full``, a closed pipe) is one line on stderr and a
    non-zero status, not a traceback at exit.
    """
    try:
        status = _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except OSError as error:
        _drop_stdout()
        print(f"gpu-configurator: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return 1
    return status


def _drop_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        return _launch_app(argv)
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            if args.catalog_overlay is not None:
                raise UsageError("--catalog-overlay applies to a command (estimate, recommend, plan, report, "
                                 "catalog); the window reads the user catalog from the user data directory")
            return _launch_app([])
        catalog = load_catalog(args.catalog_overlay)
        for problem in catalog.problems:
            print(f"gpu-configurator: warning: {problem}", file=sys.stderr)
        if args.command == "estimate":
            return _run_estimate(args, catalog)
        if args.command == "report":
            return _run_report(args, catalog)
        if args.command == "recommend":
            return _run_recommend(args, catalog)
        if args.command == "plan":
            return _run_plan(args, catalog)
        return _run_catalog(args, catalog)
    except (UsageError, ArchitectureError, CatalogError, ScenarioFileError) as error:
        print(f"gpu-configurator: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
