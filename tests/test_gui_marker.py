"""The ``gui`` marker (tests/gui_marker.py) is set on tests that need Qt, not on every test: from
2026-12-03 to 2026-12-05 two of conftest's autouse fixtures, which touch Qt only once it is loaded,
were read as needing it, so every test was marked and ``pytest -m "not gui"`` selected none."""

from __future__ import annotations


def test_a_test_that_needs_no_qt_is_not_marked_gui(request):
    assert request.node.get_closest_marker("gui") is None


def test_a_test_with_a_qt_fixture_is_marked_gui(request, qtbot):
    assert request.node.get_closest_marker("gui") is not None
