"""What the status bar says when a change of workload moved the card
(:func:`~configurator.core.workloads.job_defaults.with_default_card`): which card the window is on now,
and, where the old one is not a card for the new work, what it lacks ("Ascend 910B is not a card for
Virtual desktops / cloud workstations (no display outputs); the card is now RTX A6000"). Until session 46
a Chinese window kept its Ascend 910B for desktops and said nothing."""

from __future__ import annotations

from configurator.app.i18n import current_language, message_text
from configurator.app.i18n import tc as _tc
from configurator.app.labels import workload_names
from configurator.core.catalog import Catalog
from configurator.core.cjk_spacing import cjk_joined
from configurator.core.graphics_mistake import graphics_lacks
from configurator.core.messages import LIST_SEPARATORS
from configurator.core.scenario import Scenario
from configurator.core.view.card_names import card_name
from configurator.core.workloads import family_of


def card_moved_notice(before: Scenario, after: Scenario, catalog: Catalog) -> str:
    """The status bar's words for ``after`` on another card than ``before`` with another workload, in the
    window's language; "" where the card or the workload did not change, or a card is not in ``catalog``."""
    if before.card_id == after.card_id or before.workload == after.workload:
        return ""
    if before.card_id not in catalog or after.card_id not in catalog:
        return ""
    language = current_language()
    old, new = catalog.get(before.card_id), catalog.get(after.card_id)
    work = workload_names().get(after.workload.value, after.workload.value)
    names = {"old": card_name(old.name, language), "new": card_name(new.name, language), "work": work}
    if family_of(after.workload).can_run(old, after.workload):
        said = _tc("CardNotice", "The card is now {new}, the usual card for {work}").format(**names)
    elif lacks := LIST_SEPARATORS.get(language, "; ").join(map(message_text, graphics_lacks(old, after.workload))):
        said = _tc("CardNotice", "{old} is not a card for {work} ({lacks}); the card is now {new}").format(
            lacks=lacks, **names)
    else:
        said = _tc("CardNotice", "{old} is not a card for {work}; the card is now {new}").format(**names)
    return cjk_joined(said, language)  # a Chinese card name in a slot: no space between two characters
