"""The memory on one card, part by part, and whether it fits (:class:`MemoryBreakdown`)."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.frozen_record import fast_init


@fast_init
@dataclass(frozen=True)
class MemoryBreakdown:
    """Memory per card [B]. ``not_concurrent`` is subtracted from the sum of the parts: what
    the training step's phases do not hold at once — gradients made as the activations are freed
    (one micro-batch), and the optimizer step's copies (counted in ``optimizer``), made after the
    activations are freed (:func:`~configurator.core.formulas.states.training_peak_bytes`)."""

    weights: float
    gradients: float
    optimizer: float
    activations: float
    kv_cache: float
    overhead: float
    not_concurrent: float
    total: float
    capacity: float
    budget: float
    graphics: float = 0.0
    """Frame buffers, video surfaces or scene data of a graphics workload [B]."""
    needed: float | None = None
    """What the run needs to run [B] where it is less than ``total`` (what the caching allocator
    typically holds): a training peak with only the reserve the allocator keeps near the card's limit
    (:func:`~configurator.core.formulas.states.fit_bytes`); None: ``total``."""

    @property
    def fit_total(self) -> float:
        """The bytes the fit is judged on [B]: ``needed``, else ``total``."""
        return self.total if self.needed is None else self.needed

    @property
    def fits(self) -> bool:
        return self.fit_total <= self.budget

    @property
    def headroom(self) -> float:
        """Share of the budget left free by what the run needs, the bytes the fit is judged on
        (:attr:`fit_total`) [1]; negative when it does not fit. Where the allocator's usual cache
        (``total``) exceeds the budget although the run fits, :attr:`cache_given_back` says so: a
        note beside this figure, not a negative headroom (session 40: "fits" beside "-17.9 %")."""
        return 1.0 - self.fit_total / self.budget

    @property
    def shortfall(self) -> float:
        """What the run needs beyond the budget [B] (:attr:`fit_total` − ``budget``): what a
        configuration that does not fit must shed; negative when it fits."""
        return self.fit_total - self.budget

    @property
    def held(self) -> float:
        """What the process holds at its high-water mark [B]: ``total``, but no more than the budget when
        the run fits. The caching allocator cannot reserve past the device's memory: when ``cudaMalloc``
        fails it frees every cached segment with no block in use and retries (pytorch/pytorch
        ``c10/cuda/CUDACachingAllocator.cpp``, commit eb42ad6e, ``malloc``), so a run that fits never
        holds more than the card gives it, whatever its usual cache (``total``) would be
        (:attr:`cache_given_back`). An upper bound: where the cache is given back the high-water mark
        lies between :attr:`fit_total` and the budget, and no count places it there."""
        return min(self.total, self.budget) if self.fits else self.total

    @property
    def cache_given_back(self) -> bool:
        """The run fits, but what the caching allocator usually holds (``total``) would exceed the
        budget: near the limit it frees its cached blocks and retries, giving the cache back
        (:func:`~configurator.core.formulas.states.fit_bytes`)."""
        return self.fits and self.total > self.budget
