"""The chosen serving deployment at other card counts: the same model copy — its tensor, pipeline and expert
parallel degrees, prefill/decode pools in the same proportion, batch cap, engine step and KV precision — more
or fewer of them (session 51, chart51). What the scaling chart draws as its lines: an operator scales a
serving deployment by adding or removing copies of one engine configuration (vLLM's and SGLang's data
parallel replicas behind a router), so capacity grows with the copies and the time per token at a stated
rate falls as each copy gets less of it. The planner's own layout per count (:meth:`ServingFamily.sweep`)
changes tensor parallel degree, pools and batch from one count to the next: drawn as one line it jumped
between 11 and 125 ms per token (24 × MI300X, Llama 3 70B, 40 requests/s; persona50b #12)."""

from __future__ import annotations

from collections.abc import Sequence

from configurator.core.catalog import Card
from configurator.core.scenario import Scenario, updated
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.layout import valid_counts
from configurator.core.workloads.serving import plan


def pinned_copy(chosen: Scenario) -> Scenario:
    """``chosen`` (a planned serving scenario) with every layout field stated as the planner chose it: nothing
    Auto, so an estimate at another count keeps the copy as it is. Its pools are stated as it runs them, whole
    copies (:attr:`~configurator.core.scenario.Scenario.prefill_copies`), none where its copies make too few
    groups to split: a prefill pool the buyer set with the tensor parallel degree left to the planner need not
    be whole copies of the degree chosen (``--prefill-cards 6`` on 16 × H100, planned at TP 8 as 1 + 1 copies),
    and stated as it was, with nothing Auto, it is refused (``layout-prefill-pool``): ``report`` stopped on it
    and the window's analysis failed (review51)."""
    if not chosen.serving.disaggregated:
        return updated(chosen, auto_layout=())
    pool = chosen.prefill_pool_cards
    pools = {"prefill_cards": pool} if pool else {"disaggregated": False, "prefill_cards": None}
    return updated(chosen, auto_layout=(), serving=pools)


def prefill_cards_at(chosen: Scenario, count: int) -> int | None:
    """The prefill pool's cards at ``count`` cards that keep ``chosen``'s share of prefill copies (whole groups
    of copies sharing experts, at least one, leaving one to decode) [cards]; None where ``chosen`` has no
    separate pools, or ``count`` makes fewer than two groups (no pools to split)."""
    prefill = chosen.prefill_copies
    if not prefill:
        return None
    group = chosen.expert_copies
    groups = count // chosen.model_parallel // group
    if groups < 2:
        return None
    share = prefill / chosen.data_parallel
    pool = min(max(round(share * groups), 1), groups - 1)
    return pool * group * chosen.model_parallel


def scaled_copies(chosen: Estimate, card: Card, counts: Sequence[int]) -> list[Estimate]:
    """``chosen``'s copy at each of ``counts`` that holds whole copies of it (and, with separate pools, at
    least two groups of them), more or fewer copies [estimates, by count]; ``chosen`` itself at its own count."""
    held = pinned_copy(chosen.scenario)
    found = []
    for count in valid_counts(held, counts):
        if count == held.count:
            found.append(chosen)
            continue
        serving = {}
        if held.prefill_copies:
            pool = prefill_cards_at(held, count)
            if pool is None:
                continue
            serving = {"prefill_cards": pool}
        found.append(plan.estimated(updated(held, count=count, serving=serving) if serving else
                                    updated(held, count=count), card))
    return found
