"""Autosaves of a large scenario killed with SIGKILL at random moments, then recovered (fault injection).

Run by tests/test_fault_kill_loop.py. The scenario holds 1,000 quotes (about 350 kB of autosave,
some 50 ms a write, so most kills land inside a write: in the temporary file, its flush, the
rename, the lock). For each trial a forked writer — a real :class:`~configurator.app.autosave.Autosave`
of a real controller — renames the scenario ``edit <n>`` and autosaves it, without a pause,
printing ``n`` once each write returned; it is killed after a seeded random delay. The
recovery a next start would make (:func:`~configurator.app.autosave_recovery.find_recoveries`) is then
taken and described as one JSON line: the last write completed, the temporary files the kill
left, what was offered (name, partly recoverable or not, quotes kept, the writer's own file) and
what was set aside, and what is left in the folder once the offer is discarded.

The fork is made before any Qt application exists, the modules warmed up, so that each trial
costs its delay and not a start of the program.

Usage: ``python tests/fault_kill_child.py SEED TRIALS MAX_DELAY_S`` with GPU_CONFIGURATOR_DATA_DIR set.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time

QUOTES = 1000


def large_scenario(catalog):
    """The default scenario with :data:`QUOTES` quotes of long item and vendor names."""
    from configurator.app.defaults import default_scenario
    from configurator.core.scenario_io import scenario_from_document, scenario_to_document

    document = scenario_to_document(default_scenario("en", catalog))
    document["scenario"].setdefault("economics", {})["quotes"] = [
        {"item": f"item-{number:04d}-" + "x" * 150, "unit_price": 1000.0 + number, "currency": "USD",
         "date": "2026-12", "vendor": "v" * 60} for number in range(QUOTES)]
    return scenario_from_document(document)


def write_for_ever(catalog, scenario, pipe: int) -> None:
    """The writer: autosave ``edit 1``, ``edit 2`` … until killed; each number written to ``pipe``
    once its autosave is complete (the first line: the autosave's path)."""
    from PySide6.QtCore import QCoreApplication

    app = QCoreApplication([])  # noqa: F841 - the timers of the controller and the autosave need it
    from configurator.app.autosave import Autosave
    from configurator.app.controller import ScenarioController

    controller = ScenarioController(catalog, scenario)
    autosave = Autosave(controller)
    os.write(pipe, f"{autosave.file}\n".encode())
    number = 0
    while True:
        number += 1
        controller.apply("name", f"edit {number}")
        if autosave.save_now():
            os.write(pipe, f"{number}\n".encode())


def trial(catalog, scenario, delay_s: float) -> dict:
    """One writer, killed after ``delay_s`` [s] of writing, and what a next start finds."""
    from pathlib import Path

    from configurator.app.autosave_recovery import find_recoveries

    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reading)
        try:
            write_for_ever(catalog, scenario, writing)
        finally:
            os._exit(3)
    os.close(writing)
    with os.fdopen(reading) as stream:
        file = Path(stream.readline().strip())
        time.sleep(delay_s)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        done = [int(line) for line in stream.read().split()]
    folder = file.parent
    temporaries = sorted(p.name for p in folder.glob(".*.tmp")) if folder.exists() else []
    findings = find_recoveries(catalog)
    offered = [{"name": r.scenario.name, "partial": r.partial, "quotes": len(r.scenario.economics.quotes),
                "own": r.file == file} for r in findings.recoveries]
    set_aside = [str(s.file) for s in findings.set_aside]
    for recovery in findings.recoveries:
        recovery.discard()
    left = sorted(p.name for p in folder.iterdir()) if folder.exists() else []
    return {"delay_s": delay_s, "last": done[-1] if done else 0, "temporaries": temporaries, "offered": offered,
            "set_aside": set_aside, "left": left}


def main(argv: list[str]) -> int:
    from configurator.app.controller import ScenarioController
    from configurator.core.catalog import load_catalog

    seed, trials, max_delay_s = int(argv[0]), int(argv[1]), float(argv[2])
    catalog = load_catalog()
    scenario = large_scenario(catalog)
    ScenarioController(catalog, scenario).apply("name", "warm up")  # the imports a first edit makes, made once
    rng = random.Random(seed)
    for _ in range(trials):
        print(json.dumps(trial(catalog, scenario, rng.uniform(0.02, max_delay_s))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
