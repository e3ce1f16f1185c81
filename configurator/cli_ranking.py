"""The ranking question of ``recommend`` and ``report`` on the command line: a scenario file's saved question
(``Scenario.ranking``: what the window's recommendation panel ranks by, the cards named, domestic vendors only,
consumer cards) is the default, and each of its flags typed on the command line (``--objective``, ``--cards``,
``--domestic-only``/``--no-domestic-only``, ``--consumer``/``--no-consumer``) overrides its part; the filters are
built by the window's rule (:func:`~configurator.core.recommend_filters.asked_filters`), so the command line and
the window rank one file alike. Until December 2026 the command line ignored a file's saved question: the window
ranked the four cards named by speed, ``recommend --scenario`` every card by total cost of ownership (session 45)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, replace

from configurator.core.catalog import Catalog
from configurator.core.messages import Message, msg
from configurator.core.recommend import Filters, Objective
from configurator.core.recommend_filters import asked_filters
from configurator.core.ranking_basis import basis_said
from configurator.core.scenario import RankingQuestion, Scenario
from configurator.core.scenario_ranking import objective_for
from configurator.core.view.printable import single_line
from configurator.core.view.words import words
from configurator.report.language import OBJECTIVE_LABELS

QUESTION_FLAGS = {"objective": "--objective", "cards": "--cards", "domestic_only": "--domestic-only",
                  "consumer": "--consumer"}
"""Each part of the ranking question (a :class:`~configurator.core.scenario.RankingQuestion` field) -> the flag
that types it; a part not typed is the scenario file's (the default question without a file)."""


class NotTyped(str):
    """A flag's default that says it was not typed (a ``str``, so ``Objective(args.objective)`` still reads it): the
    scenario file's part of the question wins over it."""


def add_question_flags(parser: argparse.ArgumentParser) -> None:
    """The flags of the ranking question (``recommend`` and ``report``), each unset unless typed (``--objective``:
    a :class:`NotTyped` 'tco'): the scenario file's saved question fills what is not typed (:func:`ranking_asked`)."""
    parser.add_argument("--objective", choices=[o.value for o in Objective], default=NotTyped(Objective.TCO.value),
                        help="what to minimise (default: the scenario file's, else how the budget pays: cloud "
                             "(rent) with --budget-basis rent, else total cost of ownership)")
    parser.add_argument("--domestic-only", action=argparse.BooleanOptionalAction, default=None,
                        help="only vendors based in mainland China (default: the scenario file's, else off)")
    parser.add_argument("--cards", metavar="IDS",
                        help="only these cards, by catalog id, comma separated (e.g. h20,ascend-910b,l20,rtx-4090): "
                             "the ranking, its counts and costs are theirs, and each named card that cannot serve "
                             "says why; any class, consumer cards included (default: the scenario file's cards; "
                             "--cards '' ranks every card)")
    parser.add_argument("--consumer", action=argparse.BooleanOptionalAction, default=None,
                        help="rank consumer (GeForce-class) graphics cards too, as the window's switch "
                             "(default: the scenario file's, else only with --classes or --cards)")


@dataclass(frozen=True)
class Asked:
    """What a ranking on the command line asks: the objective (the one typed or saved, else the budget basis's:
    :func:`~configurator.core.scenario_ranking.objective_for`), the filters it ranks with, the question (the
    window's four parts; its objective None where none was typed or saved) and which of its parts came from the
    scenario file (:data:`QUESTION_FLAGS`' keys)."""

    objective: Objective
    filters: Filters
    question: RankingQuestion
    from_file: tuple[str, ...]


def ranking_asked(args: argparse.Namespace, scenario: Scenario, catalog: Catalog, typed: Filters) -> Asked:
    """The ranking question of ``args`` over ``scenario``'s saved one (``Scenario.ranking``; the default question
    where no file was given), and its filters: ``typed`` (the filters of the flags, ``--vendor``, ``--classes``,
    ``--software``, ``--owned`` and ``--cards``) with the question's parts. A card the file names that the catalog
    does not list is named no more (as the window's card list), and said on stderr."""
    saved = scenario.ranking
    unknown = [card for card in saved.cards if card not in catalog]
    if unknown:
        said = msg("cli-ranking-cards-unknown", cards=", ".join(unknown))
        print(msg("cli-warning", text=said).text_in(getattr(args, "lang", "en")), file=sys.stderr)
    from_flags = {"objective": None if isinstance(args.objective, NotTyped) else Objective(args.objective),
                  "cards": None if args.cards is None else typed.cards,
                  "domestic_only": args.domestic_only, "consumer": getattr(args, "consumer", None)}
    filed = {"objective": saved.objective, "cards": tuple(c for c in saved.cards if c in catalog),
             "domestic_only": saved.domestic_only, "consumer": saved.consumer}
    question = RankingQuestion(**{part: filed[part] if value is None else value for part, value in from_flags.items()})
    from_file = tuple(part for part, value in from_flags.items()
                      if value is None and filed[part] != RankingQuestion.model_fields[part].default)
    return Asked(objective_for(question.objective, scenario.constraints.budget_basis),
                 _filters(question, scenario, typed, from_flags["consumer"]), question, from_file)


def _filters(question: RankingQuestion, scenario: Scenario, typed: Filters, consumer_typed: bool | None) -> Filters:
    """The filters of ``question`` by the window's rule (:func:`asked_filters`), with the flags' own of ``typed``
    (vendors, frameworks, cards owned; classes picked, which let consumer cards in unless ``--no-consumer``); the
    flags' filters as they are where the question is the default one and ``--consumer`` was not typed."""
    if question == RankingQuestion() and consumer_typed is None:
        return replace(typed, domestic_only=False, cards=())
    filters = asked_filters(question, scenario.workload)
    if typed.classes:  # --classes picked: consumer cards of those classes too, unless asked otherwise
        filters = replace(filters, classes=typed.classes, consumer=question.consumer if (
            question.consumer or consumer_typed is not None) else None)
    return replace(filters, vendors=typed.vendors, software=typed.software, owned_card=typed.owned_card,
                   owned_count=typed.owned_count)


class _ObjectiveLabel(str):
    """An objective's id that a message says by its label in the reader's language ('fastest', '速度最快')."""

    def text_in(self, language: str) -> str:
        return words(language)(OBJECTIVE_LABELS[str(self)])


def from_file_said(asked: Asked) -> Message | None:
    """The line saying which parts of the ranking question the scenario file set (message
    ``cli-ranking-from-file``: 'Ranked as the scenario file asks: by fastest (--objective fastest); only
    the cards named (--cards h100-sxm,mi300x) …'); None where it set none."""
    if not asked.from_file:
        return None
    question, parts = asked.question, []
    if "objective" in asked.from_file:
        value = question.objective.value
        parts.append(msg("ranking-asked-objective", objective=_ObjectiveLabel(value), value=value))
    if "cards" in asked.from_file:
        parts.append(msg("ranking-asked-cards", cards=",".join(question.cards)))
    if "domestic_only" in asked.from_file:
        parts.append(msg("ranking-asked-domestic"))
    if "consumer" in asked.from_file:
        parts.append(msg("ranking-asked-consumer"))
    return msg("cli-ranking-from-file", asked=parts)


def print_from_file(asked: Asked, language: str, scenario: Scenario | None = None) -> None:
    """First, set apart, the line of :func:`from_file_said` in ``language``, then (given ``scenario``) how its
    budget basis bears on the objective (:func:`~configurator.core.ranking_basis.basis_said`: 'Ranked by rent:
    the budget is rent …'); nothing where neither has a word to say."""
    for said in (from_file_said(asked), None if scenario is None else basis_said(asked.question.objective, scenario)):
        if said is not None:
            print(single_line(said.text_in(language)) + "\n")


def asked_to_dict(asked: Asked) -> dict:
    """The filters a ranking used, as its JSON carries them (``recommend --json``'s ``filters``): the objective,
    the cards named, domestic vendors only, consumer cards (null: only where classes or cards are picked), the
    vendors, classes (empty: the workload's), frameworks, the cards owned, and ``from_scenario_file``: the flags
    whose value came from the scenario file (``--objective``, ``--cards`` …), none typed."""
    f = asked.filters
    return {"objective": asked.objective.value, "cards": list(f.cards), "domestic_only": f.domestic_only,
            "consumer": f.consumer, "vendors": list(f.vendors), "classes": list(f.classes),
            "software": list(f.software),
            "owned": None if f.owned_card is None else {"card": f.owned_card, "count": f.owned_count},
            "from_scenario_file": [QUESTION_FLAGS[part] for part in asked.from_file]}
