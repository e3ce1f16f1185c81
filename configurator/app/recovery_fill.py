"""What restoring a crashed window's autosave gives, worked out once for the recovery list (what
its details say) and for the restore itself (what it does): the file it belongs to as the saved
state where that file still reads whole, and what the autosave lost taken from that file instead
of defaults (:func:`~configurator.core.scenario_salvage.filled_from`, session 38 salvagefill)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from configurator.core.catalog import Catalog
from configurator.core.scenario import Scenario


@dataclass(frozen=True)
class Restored:
    """``scenario``: the recovered work, its lost and reset fields ``filled`` (dotted paths) from
    ``base``, the scenario of ``path`` (the autosave's file, read whole; None: there is none, it
    no longer reads, or its card is gone — ``base`` is then a new window's scenario and nothing
    is filled); ``digest``: that file's SHA-256 now (None where it cannot be read)."""

    base: Scenario
    path: Path | None
    scenario: Scenario
    filled: tuple[str, ...] = ()
    digest: str | None = None


def restored(recovery, catalog: Catalog, language: str) -> Restored:
    """What restoring ``recovery`` (an :class:`~configurator.app.autosave_recovery.Recovery`) puts in a window
    of ``language`` over ``catalog``."""
    from configurator.app.defaults import default_scenario
    from configurator.core.scenario_io import ScenarioFileError, read_scenario, scenario_digest
    from configurator.core.scenario_salvage import filled_from

    base, path, digest = default_scenario(language, catalog), None, None  # the language's currency, as a new window
    if recovery.original is not None:
        try:  # a regular file only: the notes may name a FIFO, which would wait for a writer
            digest = scenario_digest(recovery.original) if recovery.original.is_file() else None
            original = read_scenario(recovery.original) if recovery.original.is_file() else None
        except (ScenarioFileError, OSError, ValueError):
            original = None  # gone or broken: the recovered work stays, unsaved
        if original is not None and original.card_id in catalog:
            base, path = original, recovery.original
    scenario, filled = recovery.scenario, ()
    if path is not None:  # the file's own values where it reads whole, not defaults (a Save must not lose them)
        scenario, filled = filled_from(scenario, recovery.damage.lost + recovery.damage.reset, base)
    return Restored(base, path, scenario, filled, digest)
