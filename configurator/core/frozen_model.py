"""The base of every validated input model (scenario, card, price): immutable, strict about names."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    """Frozen (hashable, never edited in place), unknown keys refused, no inf/nan numbers."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)
