"""Mutation run over configurator/core: do the Qt-free tests notice a changed number?

Each mutant changes one token of one module of ``configurator/core`` — a numeric literal
(``n`` -> ``n + 1`` for whole numbers, ``x`` -> ``1.25 x`` for others, ``0.0`` -> ``1.0``) or,
with ``--operators``, one comparison (``<`` -> ``>=``, ``==`` -> ``!=`` …) — in a temporary copy
of the committed tree (``git archive HEAD``; the working tree is never touched), then runs the
Qt-free tests (``-m "not gui"``) with ``-x``, the golden and formula tests first so a killed
mutant stops early. A mutant is killed when a test fails, errors or exceeds its timeout.

To be quick, one traced run first records which test files run which line of the core (reused
while the committed core and tests are unchanged); a mutant then runs only the files that ran
its statement — all of them when it runs on import (module constants, class bodies, defaults) —
and survives at once when no Qt-free test runs it. The fuzz suite runs at a tenth of its cases.
Validation ranges (``Field(ge=…, le=…)``) are not mutated.

    nice .venv/bin/python tools/mutate.py --sample 100 --seed 14     # the README's figure
    .venv/bin/python tools/mutate.py --list | wc -l                   # how many mutants exist
    .venv/bin/python tools/mutate.py --module economics --operators   # one module, all mutants

It prints the kill rate and every surviving mutant (file:line:column, the token before -> after).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = "configurator/core"

FIRST = ("tests/test_golden.py", "tests/test_estimate.py", "tests/test_architecture.py",
         "tests/test_accuracy.py", "tests/test_planner.py", "tests/test_serving.py",
         "tests/test_procurement.py", "tests/test_graphics.py", "tests/test_recommend.py")
"""Test files run first: the whole-output golden tests and the formula tests fail fastest."""

TRACED_PATHS = ("configurator", "tests", "benchmarks", "resources", "catalog.json", "pyproject.toml")
"""What the tests read: the line trace is reused while these are unchanged at HEAD."""

BOUNDS = frozenset({"ge", "gt", "le", "lt", "max_length", "min_length"})
"""Keywords of a validation range (pydantic ``Field(ge=1, le=65_536)``): not mutated, they bound
what is accepted, not what is computed (tests/test_bounds.py and the fuzz suite check them)."""

DESELECTED: list[str] = []
"""Tests that fail on the unmutated tree (found by the traced run), left out of every run."""

FUZZ_SCALE = "0.1"
"""The fuzz suite at a tenth of its cases: it still catches a mutant that crashes the core, in
seconds instead of half a minute (tests/test_fuzz.py, GPU_CONFIGURATOR_FUZZ_SCALE)."""

NEGATED = {ast.Lt: ">=", ast.LtE: ">", ast.Gt: "<=", ast.GtE: "<", ast.Eq: "!=", ast.NotEq: "=="}
SYMBOL = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}


@dataclass(frozen=True)
class Mutant:
    path: str
    """File, relative to the repository [path]."""
    line: int
    col: int
    end_col: int
    before: str
    after: str
    first: int = 0
    """First and last line of the statement holding the token (its tests are those that ran it)."""
    last: int = 0

    def apply(self, source: str) -> str:
        lines = source.splitlines(keepends=True)
        text = lines[self.line - 1]
        assert text[self.col:self.end_col] == self.before, (self, text)
        lines[self.line - 1] = text[:self.col] + self.after + text[self.end_col:]
        return "".join(lines)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col + 1}: {self.before} -> {self.after}"

    @property
    def without_column(self) -> str:
        return f"{self.path}:{self.line}: {self.before} -> {self.after}"


def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            ids.add(id(body[0].value))
    return ids


def _literal_after(value: int | float) -> str:
    if isinstance(value, int):
        return str(value + 1)
    if value == 0:
        return "1.0"
    return repr(value * 1.25)


def _statement_spans(tree: ast.AST) -> dict[int, tuple[int, int]]:
    """id(node) -> (first, last) line of the innermost simple statement, or compound header, holding it."""
    spans = {}

    def visit(node: ast.AST, span: tuple[int, int]) -> None:
        for child in ast.iter_child_nodes(node):
            inner = span
            if isinstance(child, ast.stmt):
                body = getattr(child, "body", None)
                end = body[0].lineno - 1 if isinstance(body, list) and body and hasattr(body[0], "lineno") \
                    else child.end_lineno
                inner = (child.lineno, max(child.lineno, end))
            spans[id(child)] = inner
            visit(child, inner)

    visit(tree, (1, 1))
    return spans


def mutants_of(path: Path, operators: bool, root: Path = ROOT) -> list[Mutant]:
    """Every mutant of one source file under ``root``, in source order."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    relative = path.relative_to(root).as_posix()
    skip, spans = _docstring_nodes(tree), _statement_spans(tree)
    skip |= {id(k.value) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg in BOUNDS}
    skip |= {id(k.value.operand) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg in BOUNDS
             and isinstance(k.value, ast.UnaryOp)}
    lines = source.splitlines()
    found = []
    for node in ast.walk(tree):
        span = spans.get(id(node), (getattr(node, "lineno", 1),) * 2)
        if isinstance(node, ast.Constant) and id(node) not in skip and type(node.value) in (int, float) \
                and node.lineno == node.end_lineno:
            before = lines[node.lineno - 1][node.col_offset:node.end_col_offset]
            if before.replace("_", "").replace(".", "").replace("e", "").replace("-", "").replace(
                    "+", "").isdigit():
                found.append(Mutant(relative, node.lineno, node.col_offset, node.end_col_offset, before,
                                    _literal_after(node.value), *span))
        elif operators and isinstance(node, ast.Compare) and len(node.ops) == 1 \
                and type(node.ops[0]) in NEGATED and node.lineno == node.end_lineno:
            left, right, text = node.left, node.comparators[0], lines[node.lineno - 1]
            gap = text[left.end_col_offset:right.col_offset]
            symbol = SYMBOL[type(node.ops[0])]
            at = gap.find(symbol)
            if at >= 0 and left.end_lineno == node.lineno:
                col = left.end_col_offset + at
                found.append(Mutant(relative, node.lineno, col, col + len(symbol), symbol,
                                    NEGATED[type(node.ops[0])], *span))
    return sorted(found, key=lambda m: (m.line, m.col))


def all_mutants(modules: list[str], operators: bool, root: Path = ROOT) -> list[Mutant]:
    """The mutants of the core under ``root`` (the committed copy), of ``modules`` only if given."""
    paths = sorted((root / CORE).rglob("*.py"))
    if modules:
        paths = [p for p in paths if p.stem in modules or p.relative_to(root / CORE).with_suffix("").as_posix()
                 in modules]
    return [m for p in paths for m in mutants_of(p, operators, root)]


def sample(mutants: list[Mutant], size: int, seed: int) -> list[Mutant]:
    """``size`` mutants drawn with a fixed seed, spread over the modules in proportion."""
    if size >= len(mutants):
        return mutants
    rng = random.Random(seed)
    by_file: dict[str, list[Mutant]] = {}
    for m in mutants:
        by_file.setdefault(m.path, []).append(m)
    chosen = []
    for path, group in sorted(by_file.items()):
        share = max(1, round(size * len(group) / len(mutants)))
        chosen += rng.sample(group, min(share, len(group)))
    rng.shuffle(chosen)
    return sorted(chosen[:size], key=lambda m: (m.path, m.line, m.col))


TRACER = '''"""pytest plugin of tools/mutate.py: which test file runs which line of configurator/core."""
import json, os, sys, threading

CORE = os.environ["MUTATE_CORE"]
current = ["<import>"]
hits = {}


def _line(frame, event, arg):
    if event == "line":
        hits.setdefault(frame.f_code.co_filename + ":" + str(frame.f_lineno), set()).add(current[0])
    return _line


def _call(frame, event, arg):
    if frame.f_code.co_filename.startswith(CORE):
        hits.setdefault(frame.f_code.co_filename + ":" + str(frame.f_lineno), set()).add(current[0])
        return _line
    return None


sys.settrace(_call)
threading.settrace(_call)


def pytest_runtest_protocol(item, nextitem):
    current[0] = item.nodeid.split("::")[0]


def pytest_sessionfinish(session, exitstatus):
    sys.settrace(None)
    threading.settrace(None)
    with open(os.environ["MUTATE_TRACE_OUT"], "w") as out:
        json.dump({key: sorted(files) for key, files in hits.items()}, out)
'''
"""Written into the copy and loaded with ``-p``: lines run while importing count as ``<import>``
(module constants, class bodies, defaults: every test depends on them); lines run inside a test
count for its file. A session fixture's lines count for the first file that uses it."""


def _line_owners(copy: Path, tests: list[str]) -> tuple[dict[str, set[str]], float]:
    """(``path:line`` -> test files that ran it, seconds) from one traced run of the Qt-free tests."""
    (copy / "_mutation_trace.py").write_text(TRACER, encoding="utf-8")
    out = copy / "_mutation_trace.json"
    environment = dict(_environment(copy), MUTATE_CORE=str(copy / CORE), MUTATE_TRACE_OUT=str(out))
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "_mutation_trace",
                             "-m", "not gui", "--no-header", "-o", "addopts=", "-rfE",
                             *(f"--deselect={t}" for t in DESELECTED), *tests],
                            cwd=copy, env=environment, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    failing = [line.split()[1] for line in result.stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    if result.returncode == 1 and failing and out.exists():
        # a test that fails without any mutant cannot tell mutants apart: leave it out, say so, go on
        print(f"left out, failing on the unmutated tree: {', '.join(failing)}", flush=True)
        DESELECTED.extend(failing)
    elif result.returncode != 0 or not out.exists():
        sys.stderr.write(result.stdout[-3000:] + result.stderr[-2000:])
        raise SystemExit("the unmutated Qt-free tests do not pass; nothing to measure")
    owners = {}
    for key, files in json.loads(out.read_text(encoding="utf-8")).items():
        path, _, line = key.rpartition(":")
        owners[f"{Path(path).relative_to(copy).as_posix()}:{line}"] = set(files)
    return owners, seconds


def _tests_for(mutant: Mutant, owners: dict[str, set[str]], tests: list[str]) -> list[str]:
    """The test files that ran the mutant's statement, all of them if it runs on import; [] if none."""
    files = set().union(*(owners.get(f"{mutant.path}:{n}", set()) for n in range(mutant.first, mutant.last + 1)))
    if "<import>" in files:
        return tests
    return [t for t in tests if t in files]


def _copy_of_head(into: Path) -> tuple[Path, str]:
    """The committed tree unpacked under ``into`` (never the working tree), and its commit."""
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into, commit


def _tests(copy: Path) -> list[str]:
    """The test files with Qt-free tests (as collected with ``-m "not gui"``), FIRST first."""
    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                             "-m", "not gui", "-o", "addopts="], cwd=copy, env=_environment(copy),
                            capture_output=True, text=True, check=False).stdout
    files = sorted({line.split("::")[0] for line in listed.splitlines() if "::" in line})
    return [t for t in FIRST if t in files] + [t for t in files if t not in FIRST]


def _environment(copy: Path) -> dict:
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(copy), GPU_CONFIGURATOR_FUZZ_SCALE=FUZZ_SCALE)


def _run(copy: Path, tests: list[str], timeout: float) -> tuple[str, float]:
    """('passed' | 'failed' | 'timeout', seconds)."""
    environment = _environment(copy)
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-m", "not gui",
               "--no-header", "-o", "addopts=", *(f"--deselect={t}" for t in DESELECTED), *tests]
    started = time.monotonic()
    try:
        result = subprocess.run(command, cwd=copy, env=environment, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - started
    outcome = {0: "passed", 1: "failed"}.get(result.returncode, f"error {result.returncode}")
    if outcome.startswith("error"):
        sys.stderr.write(result.stdout.decode(errors="replace")[-2000:])
    return outcome, time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0, help="mutants to draw (0: all)")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--module", action="append", default=[], help="a core module (stem), repeatable")
    parser.add_argument("--operators", action="store_true", help="also negate comparisons")
    parser.add_argument("--timeout", type=float, default=0,
                        help="seconds per mutant (default: 1.5 x the traced run, at least 120)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--only", type=Path, help="a file of mutants as printed ('path:line: a -> b'), "
                        "e.g. the survivors of a run, to run again")
    parser.add_argument("--no-trace", action="store_true", help="run every Qt-free test file for each mutant")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="mutate-") as folder:
        copy, commit = _copy_of_head(Path(folder))
        mutants = all_mutants(args.module, args.operators, copy)
        chosen = sample(mutants, args.sample, args.seed) if args.sample else mutants
        if args.only:
            wanted = {line.strip().removeprefix("survived: ").split("  (")[0]
                      for line in args.only.read_text(encoding="utf-8").splitlines() if line.strip()}
            chosen = [m for m in mutants if str(m) in wanted or m.without_column in wanted]
        if args.list:
            print("\n".join(map(str, chosen)))
            return 0
        print(f"{len(chosen)} of {len(mutants)} mutants of {CORE} at {commit[:7]}"
              + (f" (sample, seed {args.seed})" if len(chosen) < len(mutants) else ""), flush=True)
        tests = _tests(copy)
        trees = subprocess.run(["git", "-C", str(ROOT), "rev-parse", *(f"{commit}:{p}" for p in TRACED_PATHS)],
                               capture_output=True, text=True, check=True).stdout.split()
        key = hashlib.sha1(" ".join(trees).encode()).hexdigest()[:12]
        cache = Path(tempfile.gettempdir()) / f"mutate-lines-{key}.json"
        if args.no_trace:
            owners, traced = {}, 0.0
        elif cache.exists():  # the same commit traced before: reuse which test runs which line
            saved = json.loads(cache.read_text(encoding="utf-8"))
            owners, traced = {k: set(v) for k, v in saved["owners"].items()}, saved["seconds"]
            DESELECTED.extend(saved.get("deselected", []))
        else:
            owners, traced = _line_owners(copy, tests)
            cache.write_text(json.dumps({"seconds": traced, "deselected": DESELECTED,
                                         "owners": {k: sorted(v) for k, v in owners.items()}}), encoding="utf-8")
        timeout = args.timeout or max(120.0, 1.5 * traced)
        print(f"the Qt-free tests ({len(tests)} files) pass; traced in {traced:.0f} s; timeout {timeout:.0f} s "
              "per mutant; each mutant runs the test files that ran its line", flush=True)
        results: Counter = Counter()
        survivors = []
        stamp = int(time.time())
        for number, mutant in enumerate(chosen, 1):
            selected = tests if args.no_trace else _tests_for(mutant, owners, tests)
            if not selected:
                outcome, seconds = "no test", 0.0
            else:
                target = copy / mutant.path
                original = target.read_text(encoding="utf-8")
                target.write_text(mutant.apply(original), encoding="utf-8")
                stamp += 2  # a new mtime for each version, so no stale bytecode is reused
                os.utime(target, (stamp, stamp))
                try:
                    outcome, seconds = _run(copy, selected, timeout)
                finally:
                    target.write_text(original, encoding="utf-8")
                    stamp += 2
                    os.utime(target, (stamp, stamp))
            verdict = "survived" if outcome in ("passed", "no test") else "killed"  # an error is a failure too
            results[verdict] += 1
            results[outcome] += 1
            if verdict == "survived":
                survivors.append((mutant, outcome))
            print(f"[{number}/{len(chosen)}] {verdict:8} {outcome:8} {seconds:5.1f} s {len(selected):2} files  "
                  f"{mutant}", flush=True)
    killed = results["killed"]
    print(f"\nkilled {killed} of {len(chosen)} ({100 * killed / max(1, len(chosen)):.1f} %); "
          f"{results['timeout']} of them by timeout; {len(survivors)} survived "
          f"({results['no test']} on lines no Qt-free test runs)")
    for mutant, outcome in survivors:
        print(f"  survived: {mutant}" + ("  (no test runs this line)" if outcome == "no test" else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
