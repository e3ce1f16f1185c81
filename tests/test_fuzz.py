"""Fuzz suite: valid and extreme scenarios through the core and the CLI, malformed files through
every reader. Each test names its full case count (2,946 in all, about 20 s); a plain run tries
:data:`case_counts.DEFAULT_SCALE` of each (every test and every check, fewer cases), CI's fuzz step
(scripts/run-tests.sh) the full count with ``GPU_CONFIGURATOR_FUZZ_SCALE=1``;
``GPU_CONFIGURATOR_FUZZ_SCALE=10`` tries ten times as many cases,
``GPU_CONFIGURATOR_FUZZ_SEED=random`` explores instead of repeating CI's cases.

Each test counts the cases it tried; the totals and failures are printed at the end of the run.
"""

from __future__ import annotations

import json
import math
import os
import time
import typing
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from configurator import cli
from configurator.core.architecture import ArchitectureError, from_param_count, load_presets
from configurator.core.hf_config import from_hf_config
from configurator.core.bounds import error_text, field_bounds
from configurator.core.catalog import load_bundled_catalog, load_catalog
from configurator.core.estimate import estimate
from configurator.core.json_values import JsonFileError, parse_json
from configurator.core.scenario import (
    LAYOUT_FIELDS,
    VGPU_PROFILES_GIB,
    Assumptions,
    Constraints,
    Economics,
    Graphics,
    Scenario,
    Workload,
    updated,
)
from configurator.core.scenario_io import ScenarioFileError, read_scenario, scenario_to_document
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from case_counts import scaled


def _json(est):
    """The estimate's JSON with its deployment cost."""
    return estimate_to_dict(est, deployment_cost(est))


RANDOM = os.environ.get("GPU_CONFIGURATOR_FUZZ_SEED", "") == "random"
CATALOG = load_bundled_catalog()
PRESETS = load_presets()
TRIED: Counter = Counter()
FAILED: Counter = Counter()
SECONDS: Counter = Counter()


def fuzz(examples: int):
    """Hypothesis settings for one fuzz test: ``examples`` cases (times the scale), no deadline,
    the same cases on every run unless exploring."""
    return settings(max_examples=scaled(examples), deadline=None, derandomize=not RANDOM,
                    database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                          HealthCheck.data_too_large])


@pytest.fixture(autouse=True)
def _count(request):
    start = time.perf_counter()
    failed = True
    try:
        yield
        failed = False
    finally:
        name = request.node.originalname
        SECONDS[name] += time.perf_counter() - start
        FAILED[name] += failed


@pytest.fixture(scope="module", autouse=True)
def _report(request):
    yield
    lines = [f"fuzz: {name.removeprefix('test_')}: {TRIED[name]:,} cases, {FAILED[name]} failures, "
             f"{SECONDS[name]:.1f} s" for name in sorted(SECONDS)]
    lines.append(f"fuzz: total {sum(TRIED.values()):,} cases, {sum(FAILED.values())} failures, "
                 f"{sum(SECONDS.values()):.1f} s")
    capture = request.config.pluginmanager.getplugin("capturemanager")
    reporter = request.config.pluginmanager.getplugin("terminalreporter")
    if capture is None or reporter is None:
        print("\n".join(lines))
        return
    with capture.global_and_fixture_disabled():  # shown even when every test passed
        reporter.write_line("")
        for line in lines:
            reporter.write_line(line)


def tried(name: str) -> None:
    TRIED[name] += 1


# ---- strategies ---------------------------------------------------------------------------


def _numeric(annotation: object) -> type | None:
    """``int`` or ``float`` for a numeric field annotation (``float | None`` included)."""
    for kind in (int, float):
        if annotation is kind or kind in typing.get_args(annotation):
            return kind
    return None


@cache  # built once: a strategy made anew inside every draw costs more than the draw
def in_bounds(model: type[BaseModel], name: str) -> st.SearchStrategy:
    """Values a field accepts, with its extremes drawn often."""
    info = model.model_fields[name]
    kind = _numeric(info.annotation)
    bounds = field_bounds(model, name)
    low, high = bounds.low, bounds.high
    if kind is int:
        values = st.integers(int(math.ceil(low)), int(high))
        edges = st.sampled_from([int(math.ceil(low)), int(high)])
    else:
        low_value = low if bounds.low_inclusive else math.nextafter(low, math.inf)
        values = st.floats(low_value, high, allow_nan=False, allow_infinity=False)
        if high / max(low_value, 1e-300) > 1e3 and low_value > 0:  # spread over the decades too
            values = values | st.floats(math.log10(low_value), math.log10(high)).map(
                lambda e: min(high, max(low_value, 10.0 ** e)))
        edges = st.sampled_from([low_value, high])
    choice = st.one_of(edges, values)
    return st.one_of(st.none(), choice) if type(None) in typing.get_args(info.annotation) else choice


@cache
def section_changes(model: type[BaseModel], skip: tuple[str, ...] = ()) -> st.SearchStrategy:
    """A dict overriding some of ``model``'s numeric fields with in-range (often extreme) values."""
    fields = {name: in_bounds(model, name) for name, info in model.model_fields.items()
              if name not in skip and _numeric(info.annotation) and field_bounds(model, name).high is not None}
    return st.fixed_dictionaries({}, optional=fields)


@st.composite
def scenarios(draw, workload: Workload | None = None) -> Scenario:
    """A valid scenario of ``workload`` (None: any), any card, precision and size, numbers at
    their extremes."""
    if draw(st.booleans()):
        model = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    else:
        model = from_param_count(draw(st.floats(6, 13).map(lambda e: 10.0 ** e)))
    workload = workload or draw(st.sampled_from(list(Workload)))
    context = draw(st.sampled_from([2, 128, 4096, 131072, 2_097_152]))
    prompt = draw(st.integers(1, context - 1))
    output = draw(st.integers(1, context - prompt))
    count = draw(st.one_of(st.integers(1, 64), st.sampled_from([72, 128, 1000, 4096, 16384, 100_000])))
    graphics = draw(section_changes(Graphics, skip=("profile_gib", "reference_rt_generation")))
    graphics["profile_gib"] = draw(st.sampled_from(VGPU_PROFILES_GIB))
    economics = draw(section_changes(Economics))
    if draw(st.booleans()):
        economics.update(currency="CNY", usd_to_currency=draw(in_bounds(Economics, "usd_to_currency")))
    data = {
        "model": model.model_dump(), "workload": workload.value, "card_id": draw(st.sampled_from(CATALOG.ids())),
        "count": count, "precision": draw(st.sampled_from(["fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4",
                                                           "fp4"])),
        "auto_layout": list(LAYOUT_FIELDS),
        "parallelism": {"cards_per_node": draw(st.sampled_from([1, 2, 4, 8, 16, 72]))},
        "training": {"seq_len": draw(st.sampled_from([1, 512, 4096, 131072])),
                     "tokens": draw(st.sampled_from([1e6, 1e9, 1e12, 1e15])),
                     "recipe": draw(st.sampled_from(["torch-amp", "megatron-mixed", "megatron-bf16-grads", "pure"]))},
        "serving": {"context": context, "prompt_tokens": prompt, "output_tokens": output,
                    "concurrency": draw(st.sampled_from([1, 16, 4096, 1_048_576]))},
        "graphics": graphics, "economics": economics,
        "constraints": draw(section_changes(Constraints)), "assumptions": draw(section_changes(Assumptions)),
    }
    try:
        return Scenario.model_validate(data)
    except ValidationError:
        assume(False)
        raise


def finite_leaves(value: object, path: str = "") -> None:
    if isinstance(value, float):
        assert math.isfinite(value), f"{path} = {value}"
    elif isinstance(value, dict):
        for key, inner in value.items():
            finite_leaves(inner, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for index, inner in enumerate(value):
            finite_leaves(inner, f"{path}[{index}]")


# ---- the core -----------------------------------------------------------------------------


@pytest.mark.parametrize("workload", list(Workload), ids=str)  # every workload at any scale
@fuzz(500 // len(Workload))
@given(data=st.data())
def test_valid_and_extreme_scenarios_through_the_core(workload, data):
    scenario = data.draw(scenarios(workload))
    tried("test_valid_and_extreme_scenarios_through_the_core")
    result = estimate(scenario, CATALOG.get(scenario.card_id))
    document = _json(result)
    finite_leaves(document)
    json.dumps(document, allow_nan=False)
    assert isinstance(result.fits, bool)
    assert all(m.text for m in result.messages)
    _physics_holds(result)


def _physics_holds(result) -> None:
    """MFU at most the larger of the efficiencies it is made of (counted before the formula
    layer's cap, so the cap hides nothing) and every "likely" band holding its estimate."""
    from configurator.core.attention_kernel import training_attention_efficiency
    from configurator.core.formulas.flops import FLOPS_PER_PARAM_TRAINED, flops_per_param
    from configurator.core.precision import plan_training
    from configurator.core.training_speed import model_flops_per_token
    from configurator.core.uncertainty import headline_bands

    s, t = result.scenario, result.training
    if t is not None:
        peak = result.card.peak_tflops(plan_training(result.card, s.precision).math) * 1e12
        share = flops_per_param(s.workload.is_adapter) / FLOPS_PER_PARAM_TRAINED
        raw = model_flops_per_token(s.model, s.training.seq_len) * t.tokens_per_s / (s.count * peak) * share
        a = s.assumptions
        attention = training_attention_efficiency(s, result.card)
        assert raw <= max(a.matmul_efficiency, attention) * (1 + 1e-9), raw
        assert t.mfu <= 1.0
    for name, band in headline_bands(result).items():
        assert band.low <= band.value <= band.high, (name, band)


ANY_NUMBER = st.one_of(
    st.sampled_from([math.inf, -math.inf, math.nan, 1e308, -1e308, 5e-324, 0.0, -0.0, -1.0, 10**400, -(10**30),
                     True, False]),
    st.floats(), st.integers(), st.text(max_size=5), st.none())


@fuzz(1000)
@given(st.sampled_from([(m, n) for m in (Economics, Constraints, Assumptions, Graphics)
                        for n, i in m.model_fields.items() if _numeric(i.annotation)]), ANY_NUMBER)
def test_any_number_in_any_field_is_accepted_in_range_or_refused_with_the_range(field, value):
    tried("test_any_number_in_any_field_is_accepted_in_range_or_refused_with_the_range")
    model, name = field
    section = {Economics: "economics", Constraints: "constraints", Assumptions: "assumptions",
               Graphics: "graphics"}[model]
    base = Scenario(model=PRESETS["llama3-8b"], auto_layout=LAYOUT_FIELDS)
    try:
        changed = updated(base, **{section: {name: value}})
    except ValidationError as error:
        loc, text = error_text(error, Scenario)
        assert text and "\n" not in text
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if number and loc == (section, name) and "outside the range" not in text:
            assert "not a whole number" in text or "not one of the values" in text or "valid" in text \
                or "profile" in text or "prompt" in text, text  # our words for a type or a choice (session 39)
        return
    accepted = getattr(getattr(changed, section), name)
    if accepted is not None and not isinstance(accepted, str):
        assert math.isfinite(accepted)
        assert field_bounds(model, name).contains(float(accepted)), f"{name} = {accepted} accepted"


# ---- the command line ---------------------------------------------------------------------

JUNK = ["inf", "-inf", "nan", "1e308", "5e-324", "1e-308", "-1", "0", "1e400", "abc", "", "9" * 400, "1", "8",
        "auto", "0.5", "1e9", "h100-sxm:-8", "nosuchcard:8", "Nobody", "-0", "1e", " 7B ", "\u00e9", "--"]
VALUE_FLAGS = sorted({"--" + flag.replace("_", "-") for flag in cli._FLAG_TO_FIELD} - {"--decode", "--local-display"})
RECOMMEND_FLAGS = ["--deadline", "--budget", "--power-cap", "--rack-power", "--min-tokens-per-s", "--requests-per-s",
                   "--tpot-ms", "--ttft-ms", "--vendor", "--classes", "--owned", "--limit", "--objective"]


@st.composite
def command_lines(draw) -> list[str]:
    command = draw(st.sampled_from(["estimate"] * 6 + ["plan"] * 2 + ["recommend"]))
    flags = VALUE_FLAGS + (RECOMMEND_FLAGS if command == "recommend" else [])
    argv = [command]
    for flag in draw(st.lists(st.sampled_from(flags), min_size=1, max_size=3, unique=True)):
        value = draw(st.one_of(st.sampled_from(JUNK), st.floats().map(repr), st.integers().map(str)))
        argv += [flag, value] if not value.startswith("-") or value in ("-1", "-0", "-inf") else [f"{flag}={value}"]
    if draw(st.booleans()):
        argv.append("--json")
    return argv


@fuzz(250)
@given(command_lines())
def test_junk_command_lines_give_one_line_or_a_result(argv):
    tried("test_junk_command_lines_give_one_line_or_a_result")
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    assert code in (0, 1, 2), argv
    assert "Traceback" not in err.getvalue()
    errors = [line for line in err.getvalue().splitlines() if "error:" in line]
    if code:
        assert len(errors) == 1 and errors[0].startswith("gpu-configurator: error: "), (argv, err.getvalue())
    elif "--json" in argv:
        json.loads(out.getvalue(), parse_constant=lambda name: pytest.fail(f"{name} in the JSON of {argv}"))


# ---- files through every reader -----------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(10**300, 10**1200) | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12)


def json_text(value: object) -> str:
    """JSON text of ``value``, writing what Python's json would refuse (NaN, huge integers) anyway."""
    try:
        return json.dumps(value)
    except ValueError:
        return "[" + "9" * 5000 + "]"


@st.composite
def mutated(draw, document: dict) -> bytes:
    """``document`` with one value replaced, one key dropped, or its bytes damaged."""
    document = json.loads(json.dumps(document))
    how = draw(st.sampled_from(["replace", "replace", "drop", "bytes", "deep", "truncate"]))
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, inner in node.items():
                paths.append((*path, key))
                walk(inner, (*path, key))
        elif isinstance(node, list):
            for index, inner in enumerate(node):
                paths.append((*path, index))
                walk(inner, (*path, index))

    walk(document, ())
    text = json.dumps(document)
    if how in ("replace", "drop") and paths:
        path = draw(st.sampled_from(paths))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        if how == "drop" and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JSON_VALUES)
        text = json_text(document)
    elif how == "deep":
        depth = draw(st.sampled_from([65, 1000, 100_000]))
        text = text[:-1] + ', "x": ' + "[" * depth + "]" * depth + "}"
    elif how == "truncate":
        text = text[:draw(st.integers(0, len(text)))]
    data = text.encode("utf-8")
    if how == "bytes":
        position = draw(st.integers(0, len(data)))
        data = data[:position] + draw(st.binary(min_size=1, max_size=8)) + data[position:]
    return data


SCENARIO_DOCUMENT = scenario_to_document(Scenario(model=PRESETS["llama3-8b"], auto_layout=LAYOUT_FIELDS))
LLAMA_CONFIG = {"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
                "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256, "hidden_act": "silu",
                "tie_word_embeddings": False, "text_config": None}
OVERLAY = {"cards": [{**CATALOG.get("l4").model_dump(mode="json"), "id": "my-l4", "name": "My L4"}],
           "prices": {"h100-sxm": [{"amount": 20000, "currency": "USD", "date": "2026-01", "kind": "street",
                                    "source": "our quote"}]}}


@fuzz(300)
@given(st.one_of(mutated(SCENARIO_DOCUMENT), st.binary(max_size=300)))
def test_malformed_scenario_files(tmp_path_factory, data):
    tried("test_malformed_scenario_files")
    path = tmp_path_factory.mktemp("scenario") / "fuzz.gpuconf.json"
    path.write_bytes(data)
    try:
        scenario = read_scenario(path)
    except ScenarioFileError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert isinstance(scenario, Scenario)


@fuzz(300)
@given(st.one_of(mutated(LLAMA_CONFIG), st.binary(max_size=300)))
def test_malformed_config_json(data):
    tried("test_malformed_config_json")
    try:
        document = parse_json(data, "config.json")
        model = from_hf_config(document)
    except (JsonFileError, ArchitectureError) as error:
        assert str(error) and "\n" not in str(error)
        return
    assert model.total_params() > 0


@fuzz(200)
@given(st.one_of(mutated(OVERLAY), st.binary(max_size=200)))
def test_malformed_user_catalogs(tmp_path_factory, data):
    tried("test_malformed_user_catalogs")
    path = tmp_path_factory.mktemp("overlay") / "user-catalog.json"
    path.write_bytes(data)
    merged = load_catalog(path)  # never raises: a bad overlay or entry is reported and skipped
    assert len(merged.cards) >= len(CATALOG.cards) and "h100-sxm" in merged
    assert all(p.text and "\n" not in p.text and p.text_in("zh_CN") for p in merged.problems)


@fuzz(400)
@given(st.one_of(st.binary(max_size=400), JSON_VALUES.map(lambda v: json_text(v).encode())))
def test_any_bytes_through_the_json_reader(data):
    tried("test_any_bytes_through_the_json_reader")
    try:
        parse_json(data, "input")
    except JsonFileError as error:
        assert str(error).startswith("input") and "\n" not in str(error)
