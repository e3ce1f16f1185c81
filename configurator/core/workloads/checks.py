"""The messages and verdicts every family's estimate shares: the card's own warnings, whether
the memory fits, the words of the verdicts not met, and the constraint ids a configuration
breaks. The verdicts themselves are the one checker's (:func:`configurator.core.constraints.check`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from configurator.core.catalog import Card
from configurator.core.memory import TIGHT_FIT_HEADROOM, MemoryBreakdown
from configurator.core.precision import PrecisionPlan
from configurator.core.messages import Message, msg
from configurator.core.procurement.servers import rack_system_power_w
from configurator.core.units import GIB
from configurator.core.verdicts import CONSTRAINTS, Verdict
from configurator.core.workloads.base import Estimate

if TYPE_CHECKING:
    from configurator.core.scenario import Scenario

CONSTRAINT_IDS = CONSTRAINTS
"""The constraints a configuration is checked against (:mod:`configurator.core.verdicts`): the one
checker's ids, in the order a summary lists them."""


def card_messages(card: Card, class_messages: Iterable[Message] = ()) -> list[Message]:
    """The family's warnings that the card's class does not suit the work, then the card's own:
    low confidence in its data, no published board power (the energy counted from its rack-scale
    system's power where the price file gives one), no published memory bandwidth."""
    messages = list(class_messages)
    if card.confidence == "low":
        messages.append(msg("low-confidence", card=card.name))
    if card.tdp_w is None:
        system_w = rack_system_power_w(card)
        messages.append(msg("no-tdp", card=card.name) if system_w is None
                        else msg("no-tdp-system", card=card.name, kw=system_w / 1000))
    if card.bandwidth_gbps is None:
        messages.append(msg("no-bandwidth", card=card.name))
    return messages


def layout_messages(scenario: Scenario) -> list[Message]:
    """A pinned layout the engines and trainers refuse though the estimate can still be worked out:
    a tensor-parallel degree that does not divide the attention heads (vLLM's ``ModelConfig``
    "Total number of attention heads (28) must be divisible by tensor parallel size (3)"; SGLang and
    Megatron-LM split whole heads over the ranks alike), with the nearest degrees that do. The
    planner never chooses one (``serving/layouts.py``, ``training/grid.py`` keep the divisors)."""
    tp, heads = scenario.parallelism.tp, scenario.model.n_heads
    if tp <= 1 or not heads or heads % tp == 0:
        return []
    low = max(d for d in range(1, tp) if heads % d == 0)
    high = min(d for d in range(tp + 1, heads + 1) if heads % d == 0)
    return [msg("layout-tp-splits-heads", tp=tp, heads=heads, low=low, high=high)]


def unrated_message(card: Card, plan: PrecisionPlan) -> Message | None:
    """Why ``card`` cannot be rated at all where its speed needs its memory bandwidth [GB/s] and
    its dense rate [TFLOP/s] at the plan's math precision (serving's and training's rooflines:
    ``serving/latency_floor.py``, ``training/search.py`` leave such a card untimed): the first figure
    the catalog lacks, bandwidth first (decoding reads it), in words; None when it has both."""
    if not card.bandwidth_gbps:
        return msg("unrated-bandwidth", card=card.name)
    if plan.math is None or not card.peak_tflops(plan.math):
        return msg("unrated-compute", card=card.name, precision=plan.requested.value.upper())
    return None


def fit_messages(memory: MemoryBreakdown, card: Card, pool_reserved: bool = False) -> list[Message]:
    """Does not fit (by how much); fits though what the allocator typically holds does not (the fit is
    judged on :attr:`~configurator.core.memory_breakdown.MemoryBreakdown.fit_total`); fits with less than
    the tight-fit headroom left, unless ``pool_reserved``: a serving engine that reserves its KV cache
    as one pool (:attr:`~configurator.core.engines.EngineProfile.kv_pool_reserved`) fills its share by design, and a
    sequence past the pool waits rather than overflows (Mixtral 8x7B on 1 × H200 NVL, the planned 233
    sequences filling vLLM's 90 % share, read "fits" on page 1 and "may overflow" on page 5 until
    December 2026)."""
    if not memory.fits:
        return [
            msg("does-not-fit", need=memory.fit_total / GIB, card=card.name, budget=memory.budget / GIB,
                short=memory.shortfall / GIB)
        ]
    out = []
    if memory.cache_given_back:  # the peak and the reserve kept near the limit fit; the usual cache does not
        out.append(msg("fits-cache-given-back", need=memory.fit_total / GIB,
                       total=memory.total / GIB, card=card.name, budget=memory.budget / GIB))
    if memory.headroom < TIGHT_FIT_HEADROOM and not pool_reserved:  # on what the run needs (1.0 % left: persona 9)
        out.append(msg("tight-fit", headroom=100 * memory.headroom))
    return out


SPEED_VERDICTS = ("deadline", "throughput", "request-rate", "ttft", "tpot")
"""The constraints on a speed: a configuration that does not fit in memory does not run, so it
breaks them without a figure (the speed the estimator still works out for it, a first token of
16,758,566 ms for 1 × H100 with Llama 3 70B, is no figure to show a buyer)."""


def verdict_messages(verdicts: Iterable[Verdict], runs: bool = True) -> list[Message]:
    """The words of every verdict not met: what breaks and by how much, or why it cannot be checked;
    ``runs`` False (it does not fit in memory): a speed constraint says that it does not run."""
    broken_unseen = () if runs else SPEED_VERDICTS  # met only by a speed it does not reach
    return [msg(f"{v.id}-does-not-run") if v.id in broken_unseen else v.message
            for v in verdicts if v.met is not True or v.id in broken_unseen]


def constraint_ids(est: Estimate) -> list[str]:
    """The stated constraints ``est`` breaks or cannot be checked against (its blocking verdicts)."""
    return [v.id for v in est.violations]
