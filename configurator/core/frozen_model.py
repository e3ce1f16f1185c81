"""The base of every validated input model (scenario, card, price): immutable, strict about names;
and the attribute reads of every pydantic model of the program made plain (:func:`plain_attribute_reads`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    """Frozen (hashable, never edited in place), unknown keys refused, no inf/nan numbers."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


def plain_attribute_reads() -> None:
    """Remove pydantic's ``BaseModel.__getattr__`` (once; idempotent), so that a model's fields and
    properties are read as any object's are.

    Why: CPython 3.11 specialises no attribute read of an instance whose type has a ``__getattr__``
    anywhere in its bases (``Python/specialize.c``: the type's ``tp_getattro`` is then the
    ``__getattr__`` hook, ``SPEC_FAIL_OVERRIDDEN``), so every read of a scenario's, a card's or an
    architecture's field took the generic lookup through the hook — some 350 reads a cold serving
    estimate (DeepSeek-V3 TP8: 182 -> 162 µs of CPU, Llama 3 8B 152 -> 140 µs, the same numbers).

    What the method does, and why no model here needs it: pydantic calls it only for a name the
    ordinary lookup did not find, to serve private attributes (``PrivateAttr``, kept in
    ``__pydantic_private__``) and extra fields (``extra="allow"``), else to raise
    ``AttributeError("'X' object has no attribute 'y'")`` — which the ordinary lookup raises in the
    same words. The program's models declare neither (``tests/test_frozen_model_reads.py`` checks every
    model class the package defines), and no other package the program imports defines pydantic models."""
    if "__getattr__" in BaseModel.__dict__:
        del BaseModel.__getattr__


plain_attribute_reads()
