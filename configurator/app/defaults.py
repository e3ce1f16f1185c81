"""The scenario the window starts with (and File > New goes back to).

Its own module so that start-up (``main``) and the window (``main_window``) both read it
without importing each other.
"""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.catalog import Catalog
from configurator.core.currency import in_language_currency
from configurator.core.default_job import DEFAULT_CARD, DEFAULT_CARD_FOR_REGION, DEFAULT_MODEL
from configurator.core.messages import Message, msg
from configurator.core.region import REGION_FOR_LANGUAGE, delivery_message, delivery_problem
from configurator.core.scenario import LAYOUT_FIELDS, Scenario


def start_card(region: str | None) -> str:
    """The card a window delivered to ``region`` starts on: the region's own
    (:data:`DEFAULT_CARD_FOR_REGION`), else :data:`DEFAULT_CARD`."""
    return DEFAULT_CARD_FOR_REGION.get(region or "", DEFAULT_CARD)


def language_start_card(language: str | None) -> str:
    """The card a new window in ``language`` starts on: :func:`start_card` of the region the
    language starts with."""
    return start_card(REGION_FOR_LANGUAGE.get(language or ""))


def start_card_in(catalog: Catalog, region: str | None) -> str:
    """:func:`start_card` where ``catalog`` holds it; else (a damaged installation) its first
    training card that can be delivered to ``region`` (:func:`delivery_problem`), else the card
    :meth:`Catalog.card_or_fallback` names."""
    wanted = start_card(region)
    if wanted in catalog:
        return wanted
    deliverable = (c.id for c in catalog.cards if c.category == "training" and delivery_problem(c, region) is None)
    return next(deliverable, None) or catalog.card_or_fallback(wanted)


def default_scenario(language: str | None = None, catalog: Catalog | None = None) -> Scenario:
    """What the window shows before the user chooses anything: unnamed (the summary's title then
    describes the job), delivered to the region and priced in the currency the language starts
    with (zh_CN: mainland China, CNY with the Chinese electricity tariff); its sequence the
    command line's (:data:`~configurator.core.default_job.DEFAULT_SEQ_LEN`, which the wizard
    keeps and says); on the region's
    :func:`start_card`, or where ``catalog`` lacks it, on the card :func:`start_card_in` names."""
    region = REGION_FOR_LANGUAGE.get(language or "")
    card_id = start_card(region) if catalog is None else start_card_in(catalog, region)
    scenario = Scenario(model=preset(DEFAULT_MODEL), card_id=card_id, count=8,
                        workload="finetune", parallelism={"zero": 3},
                        training={"micro_batch": 4, "recompute": "full"},  # the token budget: the one default
                        constraints={"region": region}, auto_layout=LAYOUT_FIELDS)
    return in_language_currency(scenario, language) if language else scenario


def start_notice(scenario: Scenario, catalog: Catalog) -> Message | None:
    """What to say when ``scenario`` (a :func:`default_scenario`) starts on another card than
    :data:`DEFAULT_CARD`: that the installed catalog lacks the card it should start on, or that
    the region's buyers cannot simply buy :data:`DEFAULT_CARD` (why it starts on the region's
    card); None when it starts on :data:`DEFAULT_CARD`."""
    region = scenario.constraints.region
    wanted = start_card(region)
    if scenario.card_id != wanted:  # the bundled catalog lacks the start card: say which is shown
        return msg("default-card-missing", card=wanted, used=catalog.get(scenario.card_id).name)
    if wanted == DEFAULT_CARD or DEFAULT_CARD not in catalog:
        return None
    reason = delivery_message(catalog.get(DEFAULT_CARD), region)
    return None if reason is None else msg("default-card-for-region", card=catalog.get(wanted).name, reason=reason)
