"""personainf's findings (session 34): the power per server is the server's IT draw at its rack's PDU
(cards at TDP and host), not that draw times the hall's PUE — PUE is facility power over IT equipment
power (The Green Grid, White Paper 49), and cooling does not pass through the server's plug; the
recommendation panel writes the request rate's unit as every other screen does."""

from __future__ import annotations

import pytest

from configurator.app.controller import ScenarioController
from configurator.app.recommend_panel import RecommendationPanel
from configurator.cli import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.estimate import estimate
from configurator.core.scenario import Scenario
from configurator.core.verdicts import floor


def estimate_of(flags, catalog):
    """The estimate the command line's ``estimate`` makes of ``flags``."""
    args = build_parser().parse_args(["estimate", *flags])
    scenario = with_constraints(scenario_from_args(args, catalog), args)
    return estimate(scenario, catalog.get(scenario.card_id))


def verdict(est, name):
    return next(v for v in est.verdicts if v.id == name)


def test_eight_h100_sxm_draw_the_dgx_maximum_at_the_pdu_whatever_the_pue(catalog):
    """NVIDIA DGX H100 User Guide, "Power Specifications": 10.2 kW maximum; the app said 15.7 kW at
    its default PUE of 1.54."""
    flags = ["--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "8",
             "--rack-power", "12"]
    for pue in ("1.0", "1.54"):
        rack = verdict(estimate_of([*flags, "--pue", pue], catalog), "rack-power")
        assert rack.actual == pytest.approx(10.2) and rack.met
        assert "10.2 kW of IT power at the rack's PDU" in rack.message.text


def test_eight_l40s_fit_a_six_kilowatt_rack_position(catalog):
    """8 × L40S (350 W each) and their 1,500 W host draw 4.3 kW at the PDU: within 6 kW (the app said
    6.6 kW, PUE included, and ranked no card)."""
    est = estimate_of(["--workload", "inference", "--model", "llama3-70b", "--card", "l40s", "--count", "8",
                       "--concurrency", "500", "--precision", "fp8", "--power-cap", "10", "--rack-power", "6"], catalog)
    rack, cap = verdict(est, "rack-power"), verdict(est, "power-cap")
    assert rack.actual == pytest.approx((8 * 350 + 1500) / 1000) and rack.met
    e = est.scenario.economics
    assert cap.actual == pytest.approx(4.3 * e.power_fraction * e.pue)  # the cap keeps its basis: facility power


def test_the_panels_request_rate_unit_is_the_verdicts(qtbot, catalog, llama8b):
    controller = ScenarioController(catalog, Scenario(model=llama8b, card_id="l40s", count=1, workload="inference"))
    panel = RecommendationPanel(controller)
    qtbot.addWidget(panel)
    assert panel.rate.suffix().strip() == floor("request-rate", 1.0, 2.0, "requests/s").unit
