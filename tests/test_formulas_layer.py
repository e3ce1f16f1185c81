"""The formula layer itself (issue 14, part 2): every efficiency default named, sourced and equal to
the scenario's, and every formula a function of plain numbers with its units stated."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re

import pytest

import configurator.core.formulas as formulas_package
from configurator.core.formulas import economics, efficiency
from configurator.core.scenario import Assumptions, Economics
from configurator.core.units import GIB


# ---- efficiency defaults: named, sourced, equal to the scenario's ----------------------------


def test_every_assumption_default_is_named_here():
    defaults = Assumptions().model_dump()
    assert set(defaults) == set(efficiency.ASSUMPTION_DEFAULTS)
    assert {k: defaults[k] for k in defaults} == pytest.approx(efficiency.ASSUMPTION_DEFAULTS)


def _constant_docs(module):
    """Name → docstring of each module-level constant followed by a string literal."""
    tree = ast.parse(inspect.getsource(module))
    docs = {}
    for node, following in zip(tree.body, tree.body[1:]):
        if isinstance(node, ast.Assign) and isinstance(following, ast.Expr) \
                and isinstance(following.value, ast.Constant):
            docs[node.targets[0].id] = following.value.value
    return docs


def test_each_default_says_its_source_or_that_it_is_an_assumption():
    docs = _constant_docs(efficiency)
    names = {field: next(n for n in docs if getattr(efficiency, n) is value and n.lower() == field)
             for field, value in efficiency.ASSUMPTION_DEFAULTS.items()}
    for field, name in names.items():
        marked = "**Assumption**" in docs[name]
        assert marked == (field in efficiency.UNSOURCED), field
        if not marked:
            assert re.search(r"\(|\d{4}|jsonl|\.c\b", docs[name]), f"{name} names no source"


def test_measured_ceilings_quoted_are_the_calibration_rows(h200, catalog):
    copy = next(r for r in h200 if r["case"] == "copy_bw")["GBps"]
    bf16 = next(r for r in h200 if r["case"] == "matmul" and r["dtype"] == "bf16")["TFLOPS"]
    card = catalog.get("h200-sxm")
    assert copy == efficiency.H200_COPY_GBPS and bf16 == efficiency.H200_BF16_MATMUL_TFLOPS
    assert card.bandwidth_gbps == efficiency.H200_DATASHEET_GBPS
    assert card.peak_tflops("bf16") == efficiency.H200_BF16_DENSE_TFLOPS
    assert round(copy / card.bandwidth_gbps, 2) == efficiency.DECODE_BANDWIDTH_EFFICIENCY
    assert efficiency.MATMUL_EFFICIENCY < bf16 / card.peak_tflops("bf16")
    assert efficiency.BANDWIDTH_EFFICIENCY < efficiency.DECODE_BANDWIDTH_EFFICIENCY
    device = next(r for r in h200 if r["case"] == "device")
    assert device["total_mem"] / GIB / card.memory_gb == pytest.approx(efficiency.USABLE_MEMORY_FRACTION, abs=0.002)
    assert efficiency.CPU_OPTIMIZER_PARAMS_PER_S == pytest.approx(10e9 / 2.57, rel=0.01)
    assert efficiency.NETWORK_GBPS_PER_CARD == 400 / 8


# ---- economics defaults: named, sourced, and what Economics starts with ----------------------

_ECONOMICS_NAMES = {"currency": "DEFAULT_CURRENCY"}
"""Fields whose constant is not simply the field's name in capitals."""


def test_every_economics_default_is_a_named_constant_of_the_formula_layer():
    fields = Economics.model_fields
    set_defaults = {name for name, field in fields.items() if field.default not in (None, False, ())}  # () quotes: none
    assert set_defaults == set(economics.ECONOMICS_DEFAULTS)
    for name, value in economics.ECONOMICS_DEFAULTS.items():
        constant = getattr(economics, _ECONOMICS_NAMES.get(name, name.upper()))
        assert constant is value, name
        assert fields[name].default is constant, f"Economics.{name} does not default to the named constant"


def test_each_economics_default_says_its_source_or_that_it_is_an_assumption():
    docs = _constant_docs(economics)
    assert set(economics.ECONOMICS_UNSOURCED) <= set(economics.ECONOMICS_DEFAULTS)
    for name in economics.ECONOMICS_DEFAULTS:
        doc = docs[_ECONOMICS_NAMES.get(name, name.upper())]
        marked = "**Assumption**" in doc
        assert marked == (name in economics.ECONOMICS_UNSOURCED), name
        assert re.search(r"\(|\d{4}", doc), f"{name} names no source"
        assert "[" in doc or "dimensionless" in doc or "ISO 4217 code" in doc, f"{name} states no unit"


# ---- the layer itself --------------------------------------------------------------------------


def _formula_functions():
    for info in pkgutil.iter_modules(formulas_package.__path__):
        module = importlib.import_module(f"{formulas_package.__name__}.{info.name}")
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__ and not name.startswith("_"):
                yield f"{info.name}.{name}", fn


def test_formulas_take_plain_numbers_and_state_units():
    """No Scenario, Card or Assumptions parameter, and a unit in brackets (or a ratio said so)."""
    found = list(_formula_functions())
    assert len(found) > 40
    for name, fn in found:
        doc = inspect.getdoc(fn) or ""
        assert re.search(r"\[[^\]]+\]|dimensionless|share|ratio|[Ww]hether|\bfactors?\b|[Mm]ultipliers", doc), name
        for param in inspect.signature(fn).parameters:
            assert param not in ("scenario", "card", "assumptions", "net", "model", "plan"), name


def test_formulas_import_nothing_but_numbers():
    for info in pkgutil.iter_modules(formulas_package.__path__):
        tree = ast.parse(inspect.getsource(importlib.import_module(f"{formulas_package.__name__}.{info.name}")))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("configurator"):
                assert node.module.startswith(("configurator.core.formulas", "configurator.core.units")), \
                    (info.name, node.module)
