"""What the serving search (:mod:`configurator.core.workloads.serving.plan`) is asked to do beyond
choosing a plan, as context variables its callers set: stop at the first layout that carries the
load, answer only whether one does, collect every layout it estimates, explore what it would skip."""

from __future__ import annotations

from contextvars import ContextVar

from configurator.core.workloads.base import Estimate

ENGINE_SEARCHED = frozenset({"max_batched_tokens", "disaggregated"})
"""Serving fields whose search (the engine step, the pools) may yet make a plan that does not fit
or misses the rate carry the load: :func:`~.plan.estimated_unless_carrying` says no plan with them Auto
does not carry it before it is estimated."""


STOP_AT_CARRYING: ContextVar[bool] = ContextVar("serving_search_stop_at_carrying", default=False)
"""Whether the search stops at the first layout that carries the load (:func:`~.plan.estimated_unless_carrying`)."""


WHETHER_ONLY: ContextVar[bool] = ContextVar("serving_search_whether_only", default=False)
"""Whether the search is asked only whether the plan carries the load (:func:`~.plan.carries`)."""


EVALUATED: ContextVar[list[Estimate] | None] = ContextVar("serving_layouts_evaluated", default=None)
"""Where :func:`~.plan.recording_evaluated` collects the layouts the search estimates (None: not collecting)."""


EXPLORING: ContextVar[bool] = ContextVar("serving_search_exploring", default=False)
"""Whether :func:`~.plan.recording_evaluated` asked the search to weigh the engine steps and the separate
pools even where the first plan already meets every target (:func:`~.step_search.nothing_to_gain`)."""
