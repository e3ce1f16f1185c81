"""Keyboard mnemonics for menu entries made from names (engines, recent files, languages): each entry
gets an ``&`` letter of its own, so that a keyboard user picks it with one key in either language."""

from __future__ import annotations

from collections.abc import Iterable


def with_mnemonics(names: Iterable[str], fallbacks: Iterable[str] = (), taken: Iterable[str] = ()) -> list[str]:
    """Each name with a mnemonic no other entry has: before its first letter or digit (in reading
    order) not yet taken, else appended as ``(&X)`` with the first free letter of its fallback
    (Chinese names such as 简体中文 have no Latin letter: ``简体中文(&Z)``, its code's letter), else
    none. An ``&`` in a name is doubled (shown as itself).

    Parameters
    ----------
    names : iterable of str
        The entries' texts, as shown [text].
    fallbacks : iterable of str, optional
        Per name, letters to try where the name has none free (e.g. its language code) [text].
    taken : iterable of str, optional
        Mnemonic letters already used in the same menu [text].
    """
    used = {letter.lower() for letter in taken}
    fallback_list = list(fallbacks)
    texts = []
    for index, name in enumerate(names):
        escaped = name.replace("&", "&&")
        spot = next((i for i, ch in enumerate(escaped) if ch.isascii() and ch.isalnum() and ch.lower() not in used),
                    None)
        if spot is not None:
            used.add(escaped[spot].lower())
            texts.append(f"{escaped[:spot]}&{escaped[spot:]}")
            continue
        extra = fallback_list[index] if index < len(fallback_list) else ""
        letter = next((ch for ch in extra if ch.isascii() and ch.isalnum() and ch.lower() not in used), None)
        if letter is not None:
            used.add(letter.lower())
            escaped += f"(&{letter.upper()})"
        texts.append(escaped)
    return texts
