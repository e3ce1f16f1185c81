"""The scenario the window starts with (and File > New goes back to).

Its own module so that start-up (``main``) and the window (``main_window``) both read it
without importing each other.
"""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.catalog import Catalog
from configurator.core.currency import in_language_currency
from configurator.core.default_job import DEFAULT_CARD, DEFAULT_MODEL
from configurator.core.messages import Message, msg
from configurator.core.region import REGION_FOR_LANGUAGE, delivery_message, delivery_problem
from configurator.core.scenario import LAYOUT_FIELDS, Scenario


DEFAULT_CARD_FOR_REGION = {"cn": "ascend-910b"}
"""The card a region starts with where the catalog's export status of :data:`DEFAULT_CARD` for
it is not ``permitted`` (tests/test_region_default.py checks both statuses against the catalog).

Mainland China (``cn``): the Huawei Ascend 910B, the domestic training card Chinese buyers
usually buy: Huawei's flagship training chip, built to rival the Nvidia A100, which won a large
order from Baidu in 2023 as US rules shut Nvidia's best chips out (Reuters, 2023-11-07, "Factbox:
How Huawei plans to rival Nvidia in the AI chip business", republished at
https://www.taranganews.com/news/factbox-how-huawei-plans-to-rival-nvidia-in-the-ai-chip-business/), sold by distributors for about
120,000 yuan (Reuters, 2024-01: the catalog's dated CNY price). On the default job (Llama 3 8B,
full fine-tune on 8 cards, 1e9 tokens) the app's answer on it is whole: it fits (13 % headroom),
it is priced in CNY, its software stack (CANN, torch_npu) is named and its headline is green.
The other training cards permitted in China answer less well: the 910C (two 910B dies) has only
a USD street price more than half again as high, the MTT S4000, MLU370-X8 and BR100 no price in
the catalog, the MTT S5000 no compute rate, and the BI-V100 and V100 do not fit the job in
32 GB."""


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
