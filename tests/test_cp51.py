"""Session 51, cp51: a planned CPU offload is chosen again at each count re-planned from it, and a layout whose
context parallelism the global batch called for says why (Llama 3 8B pre-training on H100)."""

from configurator.cli_parser import build_parser
from configurator.cli_scenario import scenario_from_args, with_constraints
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.fit_targets import fewest_meeting
from configurator.core.scenario import updated
from configurator.core.workloads.training.plan import CP_FOR_BATCH, offload_left_open


def llama3_8b_pretrain(count: int, deadline_hours: float | None = None):
    """Pre-training Llama 3 8B on 1T tokens on ``count`` H100 SXM, every layout field left to the planner."""
    argv = ["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--tokens", "1T",
            "--count", str(count)]
    if deadline_hours:
        argv += ["--deadline", f"{deadline_hours:g}h"]
    args = build_parser().parse_args(argv)
    return with_constraints(scenario_from_args(args, load_bundled_catalog()), args)


def _ids(est):
    return [m.id for m in est.messages]


def test_deadline_count_search_does_not_keep_the_one_card_offload():
    catalog = load_bundled_catalog()
    card = catalog.get("h100-sxm")
    one = estimate(llama3_8b_pretrain(count=1, deadline_hours=720.0), card)
    assert one.scenario.training.offload_params  # nothing fits one card: the planner put the states on the host
    met, _found = fewest_meeting(one)
    assert met is not None and met.scenario.count == 56
    assert not met.scenario.training.offload_optimizer and not met.scenario.training.offload_params
    direct = estimate(llama3_8b_pretrain(count=56, deadline_hours=720.0), card)
    assert met.hours == direct.hours  # 24.9 days; with the offload carried over it read 26.5
    again = estimate(updated(one.scenario, count=56), card)  # the planned scenario at another count
    assert not again.scenario.training.offload_params and again.hours == direct.hours


def test_offload_left_open_keeps_a_pinned_offload():
    s = llama3_8b_pretrain(count=1)
    pinned = updated(s, training={"offload_optimizer": True}, auto_layout=tuple(f for f in s.auto_layout
                                                                                 if f != "offload"))
    assert offload_left_open(pinned) is pinned
    planned = updated(s, training={"offload_optimizer": True, "offload_params": True})
    assert not offload_left_open(planned).training.offload_optimizer


def test_context_parallel_the_batch_called_for_is_said():
    card = load_bundled_catalog().get("h100-sxm")
    est = estimate(llama3_8b_pretrain(count=56), card)
    assert est.scenario.parallelism.cp == 4 and est.scenario.data_parallel == 14
    reason = next(m for m in est.messages if m.id == CP_FOR_BATCH)
    assert reason.params["sequences"] == 252 and reason.params["ranks"] == 56
    assert (reason.params["low"], reason.params["high"]) == (224 * 8192, 280 * 8192)
    assert "split over 4 cards" in reason.text_in("en")
    assert "252 sequences of the global batch do not split" in reason.text_in("en")  # "of global batch" until review51
    assert "每条序列分到 4 张卡上" in reason.text_in("zh_CN")
    full = estimate(llama3_8b_pretrain(count=64), card)  # 256 sequences split over 64: no context parallelism
    assert full.scenario.parallelism.cp == 1 and CP_FOR_BATCH not in _ids(full)
