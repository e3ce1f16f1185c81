"""Every command's --json says the same thing: the JSON is a contract for scripts, its texts in
English beside their message ids whatever --lang says (README: "--json for scripts")."""

from __future__ import annotations

import argparse

from configurator.cli import build_parser
from configurator.cli_what_fits import JSON_HELP


def _json_helps(parser: argparse.ArgumentParser):
    for action in parser._actions:
        if "--json" in action.option_strings:
            yield action.help
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _json_helps(sub)


def test_every_json_flag_states_the_contract():
    helps = list(_json_helps(build_parser()))
    assert len(helps) >= 6
    assert set(helps) == {JSON_HELP}
    assert "English" in JSON_HELP and "--lang" in JSON_HELP
