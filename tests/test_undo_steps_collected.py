"""A controller's undo steps survive its garbage collection in any order (app/controller.py
``_HELD_STEPS``). Was: a segmentation fault in ``QUndoStack::clear`` under the collector when a
step's wrapper was cleared before its stack (a clean clone's CI, twice, in a test teardown's
collection, "Garbage-collecting" at gc_guard.collect_if_due)."""

from __future__ import annotations

import gc
import weakref

from own_interpreter import printed_by

_STEPS_CLEARED_BEFORE_THEIR_STACK = """
import gc, os, sys
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtWidgets import QApplication
app = QApplication([])
from configurator.app.controller import ScenarioController
from configurator.app.defaults import default_scenario
from configurator.core.catalog import load_catalog
gc.disable()
for _ in range(3):
    controller = ScenarioController(load_catalog(), default_scenario())
    controller.cycle = controller  # garbage only the collector frees, as a closed window's controller
    gc.collect()
    gc.freeze()  # the controller and its stack set aside (the window's warm-up freezes what is alive)
    for count in (2, 4, 8, 16):  # steps that do not merge
        controller.apply_many({"count": count}, label="count", merge=False)
    gc.collect()  # the steps' wrappers into the oldest generation ...
    gc.unfreeze()  # ... ahead of the controller and its stack (as after test_no_stalls' unfreeze)
    del controller
    gc.collect()  # before the fix: the steps' C++ objects deleted twice, the process killed
print("survived")
"""


def test_steps_cleared_by_the_collector_before_their_stack_do_not_crash():
    """In an interpreter of its own (tests/own_interpreter.py): before the fix it died of SIGSEGV
    in 3 of 3 runs, on the collector's list order set up here."""
    assert printed_by(_STEPS_CLEARED_BEFORE_THEIR_STACK, "") == "survived"


def test_a_controller_with_undo_steps_is_still_freed_and_its_steps_undo(qtbot):
    from configurator.app.controller import ScenarioController
    from configurator.app.defaults import default_scenario
    from configurator.core.catalog import load_catalog

    controller = ScenarioController(load_catalog(), default_scenario())
    first = controller.scenario.count
    for count in (2, 4):
        controller.apply_many({"count": count}, label="count", merge=False)
    controller.undo_stack.undo()
    controller.undo_stack.undo()
    assert controller.scenario.count == first
    controller.undo_stack.redo()
    assert controller.scenario.count == 2
    controller.cycle = controller  # freed by the collector only, as a window's controller
    gone = weakref.ref(controller)
    del controller
    gc.collect()
    assert gone() is None  # the held steps do not keep their controller alive
