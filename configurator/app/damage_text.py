"""What is missing or changed in a scenario read in part (a damaged autosave, a file cut short),
one sentence each in the interface language (``Recovery`` translation context)."""

from __future__ import annotations

from configurator.app.i18n import tc as _tc
from configurator.core.scenario_io import MAX_SCENARIO_BYTES


def damage_lines(recovery, placeholder: str = "", filled: tuple[str, ...] = (), source=None) -> list[str]:
    """What is missing or changed in ``recovery`` (a :class:`~configurator.app.autosave.Recovery`,
    or anything with its ``damage`` and ``missing_card``), one sentence each (empty when it is
    whole), a card that is gone first (the user has to act on it); ``placeholder``: the card it is
    restored on instead; ``filled``: the fields (dotted paths) lost or reset that were taken from
    the saved file ``source`` instead of their defaults
    (:func:`~configurator.core.scenario_salvage.filled_from`)."""
    from configurator.core.scenario_salvage import lost_sections

    damage, lines = recovery.damage, []
    defaults = [path for path in damage.lost if path not in filled]  # what a cut left on its defaults
    if recovery.missing_card is not None:
        lines.append(_tc("Recovery", "Its card “{card}” is no longer in the catalog: it is restored on "
                                     "{placeholder}; choose its card again.").format(
            card=recovery.missing_card, placeholder=placeholder or "?"))
    if damage.cut_at is not None and (defaults or not filled):
        lines.append(_tc("Recovery", "The file was cut short after {size} bytes ({kept} of them usable); whatever "
                                     "followed is lost and takes default values.").format(
            kept=f"{damage.cut_at:,}", size=f"{damage.size:,}"))
    elif damage.cut_at is not None:
        lines.append(_tc("Recovery", "The file was cut short after {size} bytes ({kept} of them usable).").format(
            kept=f"{damage.cut_at:,}", size=f"{damage.size:,}"))
    if filled:
        lines.append(_tc("Recovery", "What the autosave lost is taken from the saved file {file} (its last saved "
                                     "values), not from defaults: {sections}.").format(
            file=source, sections=", ".join(lost_sections(filled))))
    if damage.newer_version is not None:
        lines.append(_tc("Recovery", "It was written by a newer version of GPU Configurator (file version "
                                     "{version}); settings this version does not know are left out.").format(
            version=damage.newer_version))
    reset = [path for path in damage.reset if path not in filled]
    if reset:
        lines.append(_tc("Recovery", "Set back to their defaults: {fields}.").format(fields=", ".join(reset)))
    if damage.too_large:
        lines.append(_tc("Recovery", "The file is larger than a scenario file may be ({size} bytes; at most "
                                     "{limit}).").format(size=f"{damage.size:,}", limit=f"{MAX_SCENARIO_BYTES:,}"))
    return lines
