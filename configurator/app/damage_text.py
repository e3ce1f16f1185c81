"""What is missing or changed in a scenario read in part (a damaged autosave, a file cut short),
one sentence each in the interface language (``Recovery`` translation context)."""

from __future__ import annotations

from configurator.app.field_help import field_label
from configurator.app.i18n import current_language, tc as _tc
from configurator.core.cjk_spacing import cjk_joined
from configurator.core.scenario_io import MAX_SCENARIO_BYTES


def section_name(name: str) -> str:
    """What the window calls the scenario's top-level part ``name`` (``economics``, ``count``): a
    field's registry label, else the section's name here, in the interface language."""
    names = {
        "parallelism": _tc("Recovery", "parallel layout"), "training": _tc("Recovery", "training"),
        "serving": _tc("Recovery", "serving"), "auto_layout": _tc("Recovery", "layout the planner chooses"),
        "graphics": _tc("Recovery", "graphics"), "economics": _tc("Recovery", "prices and costs"),
        "constraints": _tc("Recovery", "constraints"), "ranking": _tc("Recovery", "ranking and filters"),
        "assumptions": _tc("Recovery", "assumptions"),
        "schema_version": _tc("Recovery", "file version"),
    }
    return names.get(name) or field_label(name)


def sections_text(paths: tuple[str, ...]) -> str:
    """The sections of the dotted ``paths``, named (:func:`section_name`), as a list in the
    interface language ("prices and costs, assumptions"; "价格与成本、计算假设")."""
    from configurator.core.scenario_salvage import lost_sections

    return _listed(section_name(name) for name in lost_sections(paths))


def _listed(names) -> str:
    from configurator.core.view.words import words

    return words(current_language())(", ").join(names)


def damage_lines(recovery, placeholder: str = "", filled: tuple[str, ...] = (), source=None) -> list[str]:
    """What is missing or changed in ``recovery`` (a :class:`~configurator.app.autosave_recovery.Recovery`,
    or anything with its ``damage`` and ``missing_card``), one sentence each (empty when it is
    whole), a card that is gone first (the user has to act on it); ``placeholder``: the card it is
    restored on instead; ``filled``: the fields (dotted paths) lost or reset that were taken from
    ``source``, the saved file read whole (None: none), instead of their defaults
    (:class:`~configurator.app.recovery_fill.Restored`). What a cut took is said as it is restored:
    from the saved file, or on default values and why (never saved; its file no longer reads whole;
    the file's values do not fit the recovered work). A file opened cut short (no ``original``:
    there is no other file) says its lost part takes default values."""
    damage, lines = recovery.damage, []
    defaults = [path for path in damage.lost if path not in filled]  # what a cut left on its defaults
    if recovery.missing_card is not None:
        lines.append(_tc("Recovery", "Its card “{card}” is no longer in the catalog: it is restored on "
                                     "{placeholder}; choose its card again.").format(
            card=recovery.missing_card, placeholder=placeholder or "?"))
    if damage.cut_at is not None:
        cut = _tc("Recovery", "The file was cut short after {size} bytes ({kept} of them usable).").format(
            kept=f"{damage.cut_at:,}", size=f"{damage.size:,}")
        lines.append(cut if not defaults else cjk_joined(f"{cut} {_on_defaults(recovery, defaults, filled, source)}",
                                                         current_language()))
    if filled:
        lines.append(_tc("Recovery", "What the autosave lost is taken from the saved file {file} (its last saved "
                                     "values), not from defaults: {sections}.").format(
            file=source, sections=sections_text(filled)))
    if damage.newer_version is not None:
        lines.append(_tc("Recovery", "It was written by a newer version of GPU Configurator (file version "
                                     "{version}); settings this version does not know are left out.").format(
            version=damage.newer_version))
    reset = [path for path in damage.reset if path not in filled]
    if reset:
        lines.append(_tc("Recovery", "Set back to their defaults: {fields}.").format(fields=_listed(
            field_label(path) for path in reset)))
    if damage.too_large:
        lines.append(_tc("Recovery", "The file is larger than a scenario file may be ({size} bytes; at most "
                                     "{limit}).").format(size=f"{damage.size:,}", limit=f"{MAX_SCENARIO_BYTES:,}"))
    return lines


def _on_defaults(recovery, defaults: list[str], filled: tuple[str, ...], source) -> str:
    """The sentence that says what a cut took (``defaults``, dotted paths) is restored on default
    values, and why not from the saved file."""
    sections = sections_text(tuple(defaults))
    original = getattr(recovery, "original", False)  # False: a file opened cut short, no other to read
    if original is False:
        return _tc("Recovery", "What followed is lost and takes default values: {sections}.").format(sections=sections)
    if original is None:
        return _tc("Recovery", "What followed is lost and takes default values, as the work was never saved to a "
                               "file to take it from: {sections}.").format(sections=sections)
    if source is None:
        return _tc("Recovery", "What followed is lost and takes default values, as its saved file {file} no "
                               "longer reads whole or holds a card the catalog no longer has: {sections}.").format(
            file=original, sections=sections)
    if filled:
        return _tc("Recovery", "The saved file does not hold the rest of what followed, which takes default "
                               "values: {sections}.").format(sections=sections)
    return _tc("Recovery", "What followed is lost and takes default values, as the values of its saved file {file} "
                           "do not fit the recovered work: {sections}.").format(file=source, sections=sections)
