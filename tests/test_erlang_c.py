"""Erlang C (core/load.py) summed in closed form: the same answers as the Erlang B recursion it
replaced, one Python round per server, over servers 1…8192 and loads up to the servers, to 1e-12
relative (or 1e-300 absolute, where the answer is below that), and the exact rational value for
small queues."""

from __future__ import annotations

from fractions import Fraction

import pytest

from configurator.core.formulas.queueing import erlang_c

_SERVERS = [*range(1, 65), 80, 100, 127, 128, 200, 255, 256, 300, 515, 525, 1000, 1374, 2048, 4095, 4096, 8192]
_LOADS = [1e-300, 1e-9, 1e-6, 1e-3, 0.01, 0.1, 0.25, 0.3, 0.5, 0.57, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999,
          0.9999, 1.0 - 1e-9]
"""Offered load per server, ``ρ = A/c``."""


def _recursion(servers: int, offered: float) -> float:
    """Erlang C by the stable Erlang B recursion, one round per server (the form replaced)."""
    if offered <= 0:
        return 0.0
    rho = offered / servers
    if rho >= 1:
        return 1.0
    b = 1.0
    for k in range(1, servers + 1):
        a = offered * b
        b = a / (k + a)
    return b / (1.0 - rho * (1.0 - b))


def _close(got: float, want: float) -> bool:
    return abs(got - want) <= 1e-12 * want or abs(got - want) <= 1e-300


@pytest.mark.parametrize("servers", _SERVERS)
def test_matches_the_recursion(servers: int) -> None:
    for rho in _LOADS:
        offered = rho * servers
        got, want = erlang_c(servers, offered), _recursion(servers, offered)
        assert _close(got, want), (servers, rho, got, want)
    # loads off the grid: integral, just below an integer, a few erlangs
    for offered in (servers - 1, servers - 0.5, max(servers - 1e-7, 1e-3), min(3.3, servers * 0.99)):
        got, want = erlang_c(servers, offered), _recursion(servers, offered)
        assert _close(got, want), (servers, offered, got, want)


def test_exact_for_small_queues() -> None:
    for servers in range(1, 31):
        for rho in (Fraction(1, 10), Fraction(1, 2), Fraction(9, 10), Fraction(99, 100)):
            offered = rho * servers
            b = Fraction(1)
            for k in range(1, servers + 1):
                b = offered * b / (k + offered * b)
            exact = b / (1 - rho * (1 - b))
            got = erlang_c(servers, float(offered))
            assert abs(got - float(exact)) <= 1e-13 * float(exact), (servers, rho)


def test_edges() -> None:
    assert erlang_c(8, 0.0) == 0.0 and erlang_c(8, -1.0) == 0.0
    assert erlang_c(8, 8.0) == 1.0 and erlang_c(8, 9.0) == 1.0
    assert erlang_c(1, 0.5) == pytest.approx(0.5, rel=1e-15)  # M/M/1: C = ρ
    assert erlang_c(4096, 40.0) == 0.0  # below 1e-304: given as 0
    assert erlang_c(1, 5e-324) == 0.0
