"""The scenario the window starts with (and File > New goes back to).

Its own module so that start-up (``main``) and the window (``main_window``) both read it
without importing each other.
"""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.catalog import Catalog
from configurator.core.currency import in_language_currency
from configurator.core.region import REGION_FOR_LANGUAGE
from configurator.core.scenario import LAYOUT_FIELDS, Scenario


DEFAULT_CARD = "h100-sxm"
"""The card the window starts with (a catalog without it starts with its first training card)."""


def default_scenario(language: str | None = None, catalog: Catalog | None = None) -> Scenario:
    """What the window shows before the user chooses anything: unnamed (the summary's title then
    describes the job), delivered to the region and priced in the currency the language starts
    with (zh_CN: mainland China, CNY with the Chinese electricity tariff); on
    :data:`DEFAULT_CARD`, or where ``catalog`` lacks it (a damaged installation), on the card
    :meth:`Catalog.card_or_fallback` names."""
    card_id = DEFAULT_CARD if catalog is None else catalog.card_or_fallback(DEFAULT_CARD)
    scenario = Scenario(model=preset("llama3-8b"), card_id=card_id, count=8,
                        workload="finetune", parallelism={"zero": 3},
                        training={"micro_batch": 4, "seq_len": 4096, "recompute": "full", "tokens": 2e9},
                        constraints={"region": REGION_FOR_LANGUAGE.get(language or "")},
                        auto_layout=LAYOUT_FIELDS)
    return in_language_currency(scenario, language) if language else scenario
