"""The command line's scenario flags: each registry field's flag (name, type or choices, placeholder,
help with its range and unit, from ``core/fields.py``), the scenario, layout and goal flag groups,
and the tables from flag to scenario field (:mod:`configurator.cli_scenario` reads the flags into a
scenario)."""

from __future__ import annotations

import argparse
from pathlib import Path

from configurator.cli_money import amount_of_money
from configurator.cli_types import (
    OFFLOAD_PARTS,
    auto_or,
    decimal_number,
    duration_hours,
    milliseconds,
    offload_parts,
    on_off,
    quantity,
    whole_number,
)
from configurator.core.bounds import field_at, field_bounds
from configurator.core.default_job import DEFAULT_MODEL
from configurator.core.fields import BY_FLAG, BY_PATH, REQUESTS_PER_DAY, FieldSpec, cli_help
from configurator.core.load import MLPERF_SERVER_LIMITS
from configurator.core.scenario import Scenario
from configurator.core.view.fields_read import VDI_HOST_FIELDS


READ_AS = {("graphics.users", "serving"): "serving.concurrency"}
"""(a flag's field, a kind of work) -> the field that work reads the flag's value into, where the quantity is
the same under another name: a service's users are the users it serves at once (``--users 200`` for a chat
service is ``--concurrency 200``, as ``what-fits --users`` reads it and the wizard asks "users served at once");
for virtual desktops ``--users`` is the desktops in use. Until December 2026 ``--users`` was refused for serving
work with a hint to use ``--concurrency`` (users50)."""


def _dest(flag: str) -> str:
    """argparse's attribute of a flag: ``--per-node`` -> ``per_node``."""
    return flag.removeprefix("--").replace("-", "_")


def _dest_of(entry: FieldSpec) -> str:
    """argparse's attribute of a registry flag: a ``--no-x`` flag that clears the field sets ``x``."""
    return _dest(entry.flag.replace("--no-", "--", 1) if entry.cli_form == "clear" else entry.flag)


_LAYOUT_FLAGS = {_dest_of(entry): entry.layout for entry in BY_FLAG.values() if entry.layout}
"""Layout flags and the scenario layout field each pins (unset or 'auto': the planner chooses),
from the registry's layout entries."""


def _one_of(entry: FieldSpec):
    """Argument type of a list flag that also takes ``auto``: one of the field's choices."""
    def parse(text: str):
        found = next((value for value in entry.choices if str(value) == text), None)
        if found is None:
            raise ValueError(text)
        return found
    parse.__name__ = entry.model_field[1]
    return parse


def _field_type(entry: FieldSpec):
    """How a registry flag's text is read: a whole or decimal number (``7B``-style quantities and
    ``90d``-style durations where the entry says so), on/off, or one of the field's choices;
    ``auto`` too for a layout field."""
    form = entry.cli_form
    if form == "choice":
        kind = _one_of(entry)
    elif form == "on_off":
        kind = on_off
    else:
        kind = {"quantity": quantity, "duration": duration_hours, "money": amount_of_money,
                "milliseconds": milliseconds, "text": str}.get(form, whole_number if entry.whole else decimal_number)
    return auto_or(kind) if entry.auto else kind


_SWITCHES = {"switch": argparse.BooleanOptionalAction, "set": "store_true", "clear": "store_false"}
"""argparse's action for each on/off form that takes no value; unset, each leaves the field alone."""


def _flag_options(entry: FieldSpec) -> dict:
    """argparse's options of a registry flag (beside its name and help)."""
    form = entry.cli_form
    if form in _SWITCHES:
        return {"action": _SWITCHES[form], "default": None, "dest": _dest_of(entry)}
    options = {"metavar": entry.metavar or "on|off"} if form == "on_off" else (
        {"metavar": entry.metavar} if entry.metavar else {})
    if form == "choice" and not entry.auto:
        kind = {type(value) for value in entry.choices}
        return options | {"choices": list(entry.choices)} | ({} if kind == {str} else {"type": kind.pop()})
    return options | {"type": _field_type(entry)}


def add_field_flags(group, *paths: str) -> None:
    """Add the flags of the registry fields at ``paths`` to ``group``: flag name, type or choices,
    placeholder and help (its words, then the model's range and unit) all from ``core/fields.py``."""
    for path in paths:
        entry = BY_PATH[path]
        group.add_argument(entry.flag, help=cli_help(entry), **_flag_options(entry))


GOAL_PATHS = ("constraints.deadline_hours", "constraints.budget", "constraints.budget_basis",
              "constraints.power_cap_kw",
              "constraints.rack_power_kw", "constraints.min_tokens_per_s", "constraints.requests_per_s",
              "constraints.tpot_ms", "constraints.ttft_ms", "constraints.latency_percentile")
"""The goal and limit flags' fields (``recommend`` and ``report`` only; :func:`with_constraints`)."""


def _per_day_span() -> str:
    """The range ``--requests-per-day`` takes: the request rate's, per day (87 to 86,400,000,000)."""
    low, high = REQUESTS_PER_DAY.display_range(with_none=False)
    return f"{low:,.0f} to {high:,.0f}"



def add_constraint_flags(parser: argparse.ArgumentParser) -> None:
    c = parser.add_argument_group("goals and limits")
    add_field_flags(c, *GOAL_PATHS)
    c.add_argument(REQUESTS_PER_DAY.flag, type=quantity, metavar=REQUESTS_PER_DAY.metavar,
                   help=f"{REQUESTS_PER_DAY.cli_help}; {_per_day_span()} {REQUESTS_PER_DAY.unit}")
    c.add_argument("--mlperf", choices=sorted(MLPERF_SERVER_LIMITS),
                   help="MLPerf Inference server-scenario latency limits as targets (p99 TTFT and TPOT)")


def add_scenario_flags(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("scenario")
    g.add_argument("--scenario", type=Path, help="start from a .gpuconf.json scenario file")
    add_field_flags(g, "workload")
    add_field_flags(g, "name", "constraints.region", "economics.amortisation_years")
    g.add_argument("--quotes", type=Path, metavar="CSV",
                   help="your quotes (columns item, unit_price, currency, date, vendor) over the bundled prices")
    model = g.add_mutually_exclusive_group()
    model.add_argument("--model", metavar="PRESET",
                       help=f"model preset id (default {DEFAULT_MODEL}; see 'catalog models')")
    model.add_argument("--model-config", type=Path, metavar="PATH", help="local Hugging Face config.json")
    model.add_argument("--params", type=quantity, metavar="N", help="about N parameters (e.g. 7B)")
    add_field_flags(g, "card_id", "count", "parallelism.cards_per_node", "precision", "training.recipe",
                    "training.optimizer",
                    "training.global_batch_tokens", "training.seq_len", "training.fp8_scaling")
    lay = parser.add_argument_group("layout (each 'auto' unless given: the planner chooses)")
    add_field_flags(lay, "training.micro_batch", "training.grad_accum", "training.recompute",
                    "training.recompute_layers", "parallelism.zero",
                    "parallelism.zero3_implementation", "parallelism.tp", "parallelism.pp",
                    "parallelism.virtual_stages", "parallelism.pipeline_schedule",
                    "parallelism.tp_comm_overlap", "parallelism.tp_comm_overlap_cfg", "parallelism.cp",
                    "parallelism.cp_comm_type",
                    "parallelism.ep", "training.loss", "training.activation_kernels", "training.attention_kernel",
                    "training.selective_policy", "training.expert_overlap", "training.moe_dispatcher",
                    "training.pipeline_algorithm", "training.grad_reduce", "training.cuda_graphs")
    lay.add_argument("--offload", type=offload_parts, metavar="PARTS",
                     help=f"CPU offload: comma-separated {', '.join(OFFLOAD_PARTS)} (or none)")
    add_field_flags(lay, "serving.max_batch", "serving.max_batched_tokens", "serving.disaggregated")
    add_field_flags(g, "training.lora_rank", "training.lora_targets", "training.fp8_base",
                    "training.paged_optimizer", "training.optimizer_in_backward", "training.tokens",
                    "training.examples", "training.tokens_per_example", "training.packed",
                    "serving.use", "serving.context", "graphics.users", "serving.concurrency",
                    "serving.prompt_tokens", "serving.output_tokens",
                    "serving.kv_precision", "serving.engine", "serving.cuda_graphs", "serving.batching",
                    "serving.prefix_hit_rate", "serving.prefill_cards", "serving.speculative_tokens",
                    "serving.speculative_acceptance", "serving.weight_format", "serving.weight_bpw")
    gr = parser.add_argument_group("graphics (--workload vdi, transcode or render)")
    add_field_flags(gr, "graphics.profile_gib", "graphics.user_class", "graphics.monitors",
                    "graphics.shading_tflops_per_user",
                    "graphics.streams", "graphics.resolution", "graphics.fps", "graphics.codec", "graphics.preset",
                    "graphics.decode", "graphics.local_display", "graphics.scene_gib", "graphics.frames",
                    *VDI_HOST_FIELDS)
    gr.add_argument("--reference-card", metavar="ID", help="card the time per frame was measured on")
    add_field_flags(gr, "graphics.reference_minutes_per_frame")
    e = parser.add_argument_group("prices")
    add_field_flags(e, "economics.currency", "economics.usd_to_currency", "economics.card_price",
                    "economics.cloud_price_per_hour",
                    "economics.electricity_per_kwh", "economics.pue", "economics.accept_used")


def _section(path: str) -> tuple[str | None, str]:
    head, _, tail = path.rpartition(".")
    return (head or None, tail)


_FLAG_TO_FIELD = {
    _dest_of(entry): _section(entry.path) for entry in BY_FLAG.values() if entry.path not in GOAL_PATHS
}
"""Scenario flag -> (section, field): the registry's flags (``core/fields.py``) but the goals."""


_FIELD_TO_FLAG = {v: "--" + k.replace("_", "-") for k, v in _FLAG_TO_FIELD.items()}


_CONSTRAINT_FLAGS = {_dest_of(BY_PATH[path]): path.partition(".")[2] for path in GOAL_PATHS}
"""Goal flag -> Constraints field (applied by :func:`with_constraints`)."""

_MONEY_FLAGS = {_dest_of(entry): entry.flag for entry in BY_FLAG.values() if entry.cli_form == "money"}
"""argparse attribute -> flag of each amount of money (``--budget``, ``--card-price``, ``--cloud-price``)."""


def state_ranges(parser: argparse.ArgumentParser) -> None:
    """Append each numeric flag's declared range (from the scenario models) to its help; the
    registry's flags state theirs already (:func:`add_field_flags`)."""
    fields = {**_FLAG_TO_FIELD, **{flag: ("constraints", field) for flag, field in _CONSTRAINT_FLAGS.items()}}
    registry = {_dest_of(entry) for entry in BY_FLAG.values()}
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
