"""The values the prefill fits' rules give, chained as they are shipped: each fit solved over the ones before it.

The serving steps' efficiency (``loso.FITS`` "prefill efficiency (serving)") is solved beside the prefill per-layer
time in force; the prompt fit ("prompt efficiency (prefill)") solves the prompt efficiency and that per-layer time
over the serving one; so the two are solved in turn, each over the other's last values, until neither moves (a
fixed point: what ``tests/test_accuracy.py``, test_module_defaults_ship_the_value_their_rule_gives, checks of the
shipped values). llama.cpp's two prompt shares are then solved over them, in ``loso.FITS`` order. Each step is
``loso_refit.refit(fit, fit.rows, accuracy.rows_for_keys, others)`` with ``others |= fit.in_force(values,
others)`` (notes-prefill-derived-2026-12-06.md, section 6, "Chain"). The values to ship are printed to four
significant figures.

Usage: ``.venv/bin/python benchmarks/loso_chain.py`` (a few minutes: each refit rebuilds its rows).
"""

from __future__ import annotations

import argparse

CYCLE = ("prefill efficiency (serving)", "prompt efficiency (prefill)")
"""The two fits solved in turn until neither moves."""

AFTER = ("llama.cpp prompt processing", "llama.cpp INT8 (MMQ) prompt processing")
"""The fits solved once over the cycle's values, in this order."""


def chain(rounds: int = 8, tolerance: float = 1e-4) -> dict[str, dict[str, float]]:
    """Each fit's solved values (fit name → field → value) with the cycle run to ``tolerance`` (relative change of
    every field in a round) or ``rounds``, then :data:`AFTER` over them."""
    import accuracy
    import loso
    from loso_refit import SHIPPED, refit

    fits = {f.name: f for f in loso.FITS}
    others = SHIPPED
    out: dict[str, dict[str, float]] = {}
    for number in range(rounds):
        moved = 0.0
        for name in CYCLE:
            values = refit(fits[name], fits[name].rows, accuracy.rows_for_keys, others)
            if values is None:
                raise SystemExit(f"{name}: no solution")
            moved = max([moved, *(abs(v / out[name][k] - 1) for k, v in values.items() if name in out)])
            out[name] = values
            others = others | fits[name].in_force(values, others)
        print(f"round {number + 1}: " + "; ".join(f"{k} {v:.5g}" for name in CYCLE for k, v in out[name].items())
              + f" (largest change {moved:.2e})", flush=True)
        if number and moved < tolerance:
            break
    for name in AFTER:
        values = refit(fits[name], fits[name].rows, accuracy.rows_for_keys, others)
        if values is None:
            raise SystemExit(f"{name}: no solution")
        out[name] = values
        others = others | fits[name].in_force(values, others)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="most rounds of the two prefill fits (default 8)")
    args = parser.parse_args(argv)
    for name, values in chain(args.rounds).items():
        print(f"{name}: " + ", ".join(f"{k} {v:.4g}" for k, v in values.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
