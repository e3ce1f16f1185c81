"""The estimate a command line asks for: the CLI's parser and scenario builder, then the estimate,
as the tests of a command-line flag need it (one place for them all)."""

from __future__ import annotations

from configurator.core.estimate import estimate


def estimate_from_cli(catalog, argv: str):
    """Parse ``gpu-configurator estimate <argv>`` and estimate the scenario it builds on ``catalog``."""
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args

    args = build_parser().parse_args(["estimate", *argv.split()])
    scenario = scenario_from_args(args, catalog)
    return estimate(scenario, catalog.get(scenario.card_id))
