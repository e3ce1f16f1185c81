"""Errors that carry a message of the catalogue (``said``), so whoever reports them says them in the
user's language: raised with :func:`said`, passed on with :func:`carried`, said with :func:`said_in`.
Split out of :mod:`configurator.core.messages` in December 2026."""

from __future__ import annotations

from configurator.core.messages import Message


def said(kind: type[Exception], message: Message) -> Exception:
    """An exception of ``kind`` whose text is ``message`` in English, carrying the message as
    ``said`` so that whoever reports it can say it in the user's language
    (``raise said(PriceFileError, msg("quotes-empty", path=…))``)."""
    error = kind(message.text)
    error.said = message
    return error


def carried(kind: type[Exception], error: BaseException) -> Exception:
    """An exception of ``kind`` with ``error``'s text and its message (``said``) where it has one:
    a reader's error passed on as its caller's (a JSON file's problem as a scenario file's)."""
    new = kind(str(error))
    if isinstance(getattr(error, "said", None), Message):
        new.said = error.said
    return new


def said_in(error: BaseException, language: str) -> str:
    """What ``error`` says in ``language``: its message (``said``) where it carries one, else its
    own (English) text."""
    message = getattr(error, "said", None)
    return message.text_in(language) if isinstance(message, Message) else str(error)
