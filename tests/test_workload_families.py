"""Workload families as modules (issue 14, part 6): every Workload has exactly one family,
each family's chart point and costs carry their units, and the workload branching left
outside ``configurator/core/workloads`` only shrinks."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from golden_scenarios import GOLDEN

from configurator.core.analysis import catalog_point, memory_curve
from configurator.core.estimate import estimate
from configurator.core.limiting import limiting_factor
from configurator.core.recommend import DEFAULT_CLASSES, Objective, cost_basis, recommend
from configurator.core.scenario import Workload
from configurator.core.workloads import FAMILIES, MILLION_TOKENS, CostBasis, WorkloadFamily, family_of

ROOT = Path(__file__).resolve().parents[1] / "configurator"

ONE_PER_FAMILY = {
    "training": "pretrain-8b-1xh100",
    "serving": "serve-70b-8xh100",
    "desktops": "vdi-200-users-l40s",
    "video": "transcode-300-streams-l4",
    "rendering": "render-2000-frames-rtx6000ada",
}
"""A golden scenario of each family (tests/golden_scenarios.py)."""

X_UNITS = {"training": "h", "serving": "s per output token", "desktops": "cards", "video": "cards",
           "rendering": "h"}
CHART_COST_UNITS = {"training": "job", "serving": MILLION_TOKENS, "desktops": "user-month",
                    "video": "stream-hour", "rendering": "job"}
COST_UNITS = {"training": MILLION_TOKENS, "serving": MILLION_TOKENS, "desktops": "user-month",
              "video": "stream-hour", "rendering": "frame"}
CURVE_VARIABLES = {"training": "micro_batch", "serving": "context", "desktops": "users", "video": "streams",
                   "rendering": "scene_gib"}


def test_every_workload_has_exactly_one_family():
    for workload in Workload:
        serving = [f for f in FAMILIES if workload in f.workloads]
        assert len(serving) == 1, (workload, [f.name for f in serving])
        assert family_of(workload) is serving[0]
    assert sorted(f.name for f in FAMILIES) == sorted(ONE_PER_FAMILY)
    for family in FAMILIES:  # each family names the default card classes of exactly its workloads
        assert set(family.default_classes) == set(family.workloads), family.name
    assert set(DEFAULT_CLASSES) == set(Workload)
    assert all(isinstance(f, WorkloadFamily) for f in FAMILIES)


@pytest.mark.parametrize("name", sorted(ONE_PER_FAMILY))
def test_each_family_names_its_units(name):
    family = next(f for f in FAMILIES if f.name == name)
    assert family.x_unit == X_UNITS[name]
    assert family.chart_cost_unit == CHART_COST_UNITS[name]
    assert family.cost_unit == COST_UNITS[name]
    assert family.unit_scale == (1e6 if family.cost_unit == MILLION_TOKENS else 1.0)
    assert family.speed_unit


@pytest.mark.parametrize("name", sorted(ONE_PER_FAMILY))
def test_catalog_point_and_curve_carry_the_family_units(name, catalog):
    scenario = GOLDEN[ONE_PER_FAMILY[name]]
    card = catalog.get(scenario.card_id)
    est = estimate(scenario, card)
    family = family_of(scenario.workload)
    assert family.name == name
    point = catalog_point(est)
    assert point is not None
    assert (point.x_unit, point.cost_unit) == (X_UNITS[name], CHART_COST_UNITS[name])
    assert point.x_value > 0 and point.cost > 0
    assert point.basis in (*CostBasis, None)
    curve = memory_curve(est.scenario, card, est.graphics.load_on_card if est.graphics else 1)
    assert curve.variable == CURVE_VARIABLES[name]
    assert limiting_factor(est) != "unknown"


def test_costs_speak_one_cost_basis_vocabulary(catalog):
    """Costs.basis, the chart's point and the ranking's basis are the same CostBasis values."""
    for name in ONE_PER_FAMILY.values():
        scenario = GOLDEN[name]
        est = estimate(scenario, catalog.get(scenario.card_id))
        assert est.costs.basis is None or est.costs.basis in set(CostBasis)
    assert cost_basis(Objective.CLOUD) is CostBasis.CLOUD
    assert cost_basis(Objective.TCO) is CostBasis.OWNERSHIP


def test_recommendation_costs_carry_the_family_cost_unit(catalog):
    result = recommend(GOLDEN["transcode-300-streams-l4"], catalog, Objective.TCO, limit=3)
    assert result.ranked
    for rec in result.ranked:
        assert rec.cost_unit == "stream-hour" and rec.speed_unit == "cards"
        assert rec.cost_on(CostBasis.OWNERSHIP) == rec.ownership_per_unit == rec.score
        assert rec.cost_on(CostBasis.CLOUD) == rec.cloud_per_unit


BRANCH = re.compile(r"is_graphics|Workload\.[A-Z]")
"""A branch on the workload: ``workload.is_graphics`` or a ``Workload.X`` comparison or key."""

MOVED_TO_FAMILIES = ("core/estimate.py", "core/analysis.py", "core/limiting.py", "core/estimate_json.py",
                     "core/procurement/deployment.py")
"""Modules whose workload branching moved into the families (none may come back)."""

CORE_CEILING = 48
"""Workload branches left in configurator/core outside core/workloads when the families landed
(47; 48 since session 25: core/view/fields_read.work_kind reads ``is_graphics`` because the editor
asks it before the estimator, and so the families, may load — tests/test_startup.py; asking
``family_of`` there loaded the estimator at start-up)
(before: 93 in the core; the enum's own definitions and tables in scenario.py, software.py,
the graphics formulas, memory, the planner and the bill of materials).
A ratchet: lower it when a module moves to its family, never raise it."""


def _branches(path: Path) -> int:
    return len(BRANCH.findall(path.read_text(encoding="utf-8")))


def test_workload_branching_lives_in_the_families():
    """Counted as :data:`BRANCH` matches outside core/workloads, at the commits that added the
    families: whole tree 106 -> 60 workload branches, the core 93 -> 47; and 110 -> 73 reads of
    est.training / est.serving / est.graphics."""
    for relative in MOVED_TO_FAMILIES:
        assert _branches(ROOT / relative) == 0, relative
    core = [p for p in (ROOT / "core").rglob("*.py") if "workloads" not in p.relative_to(ROOT).parts]
    assert sum(_branches(p) for p in core) <= CORE_CEILING


APP_CEILING, REPORT_CEILING = 9, 0
"""Workload branches (:data:`BRANCH`) left in configurator/app and configurator/report once the
window, the CLI and the summary render the estimate's view model (issue 14, part 5; before: app 10,
report 5; left in app: the editor's, the wizard's and its decision's own questions). A ratchet, as
:data:`CORE_CEILING`."""

PART_READS = re.compile(r"\b(?:est|estimate|e)\.(?:training|inference|graphics)\b")
"""A read of an estimate's family part (``est.training``, ``estimate.serving``, ``e.graphics``)."""

APP_READS, REPORT_READS = 8, 0
"""Reads of the family parts left in app and report (before the view model: app 34, report 40)."""


@pytest.mark.parametrize(("layer", "branches", "reads"), [("app", APP_CEILING, APP_READS),
                                                          ("report", REPORT_CEILING, REPORT_READS)])
def test_the_window_and_the_summary_do_not_branch_on_the_workload(layer, branches, reads):
    sources = [p.read_text(encoding="utf-8") for p in (ROOT / layer).rglob("*.py")]
    assert sum(len(BRANCH.findall(s)) for s in sources) <= branches
    assert sum(len(PART_READS.findall(s)) for s in sources) <= reads


WORKLOAD_NAMES = frozenset({*(w.value for w in Workload), *(f.name for f in FAMILIES)})
"""The strings that name a workload or a family ("inference", "vdi", "training", "desktops" …)."""

CARD_CLASS_ATTRIBUTE = "category"
"""``card.category == "training"`` compares a card class, not the workload ("training" and
"inference" are card classes too)."""


def _names(node: ast.AST) -> list[str]:
    """The workload or family names a comparison operand spells out (a string or a tuple of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value in WORKLOAD_NAMES else []
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [name for element in node.elts for name in _names(element)]
    return []


def string_branches(source: str) -> list[tuple[int, str]]:
    """(line, name) of every branch on the workload by its name, which :data:`BRANCH` does not see:
    a comparison with a workload or family name (``mode == "inference"``, ``kind in ("finetune",
    "lora")``) and each key of a table keyed only by such names (``{"vdi": ..., "render": ...}``).
    A card class compared (``card.category == "training"``) is not one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if not any(isinstance(o, ast.Attribute) and o.attr == CARD_CLASS_ATTRIBUTE for o in operands):
                found += [(node.lineno, name) for operand in operands for name in _names(operand)]
        elif isinstance(node, ast.Dict) and node.keys:
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            if all(k in WORKLOAD_NAMES for k in keys):
                found += [(node.lineno, k) for k in keys]
    return found


def test_string_branches_are_seen():
    source = ('if mode == "inference": pass\nif kind in ("finetune", "lora"): pass\n'
              'labels = {"vdi": 1, "render": 2}\nif card.category == "training": pass\n'
              'colours = {"training": 1, "graphics": 2}\nif x == "other": pass\n')
    assert [name for _, name in string_branches(source)] == ["inference", "finetune", "lora", "vdi", "render"]


STRING_CEILINGS = {"app": 13, "report": 0, "core/view": 22}
"""Branches on the workload by its name (:func:`string_branches`) left in each layer. A ratchet:
lower it when a module reads its family's view instead, never raise it. Before the family views
(issue 26, part 2): app 45 (charts 18, recommendation panel 9, browser 5, the wizard 13), report 20
(the job description 10, the technical tables 10). Left in app: the wizard's own questions
(wizard_pages 8, wizard_graphics 3, wizard_answers 2), which ask which workload the user means.
core/view is where the families' views live: 58 before (estimate_view's seven tables keyed by
family 40, names 8, assumptions_view 5, constraints_view 1, family_view 4), 22 once estimate_view
keeps one EstimateTables per family and constraints_view asks the family's view; left: the
workloads' names (names 8), the training methods (family_view 4), and one table each of
estimate_view and assumptions_view keyed by family (5 + 5)."""


@pytest.mark.parametrize("layer", sorted(STRING_CEILINGS))
def test_the_window_and_the_summary_do_not_compare_workload_names(layer):
    found = {str(p.relative_to(ROOT)): string_branches(p.read_text(encoding="utf-8"))
             for p in sorted((ROOT / layer).rglob("*.py"))}
    assert sum(len(v) for v in found.values()) <= STRING_CEILINGS[layer], {k: v for k, v in found.items() if v}
