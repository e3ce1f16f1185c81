"""The planners' searches against the rules they state (tools/mutate.py found these unpinned):
the fewest cards that carry a serving load are the fewest (one card less does not); pipeline
stages only for a copy larger than one fast domain; the batch per copy doubled from the users'
share until it carries the rate, so half of it does not; the training search reaches every
degree its rules allow."""

from __future__ import annotations

import math

import pytest

from configurator.core.architecture import preset
from configurator.core.estimate import estimate, messages_for_serving_targets
from configurator.core.workloads.serving.deployment import carries_load, serving_deployment
from configurator.core.workloads.training import search as training_plan
from configurator.core.workloads.training.grid import layout_grid
from configurator.core.workloads.serving.plan import planned_layout
from configurator.core.scenario import LAYOUT_FIELDS, Scenario


def _serving(users: int, card: str = "l40s", count: int = 1, **extra) -> Scenario:
    return Scenario(model=preset("llama3-8b"), card_id=card, count=count, workload="inference",
                    serving={"context": 4096, "concurrency": users, "prompt_tokens": 1024, "output_tokens": 256},
                    **extra)


@pytest.mark.parametrize("users", [250, 750, 1000])
def test_serving_deployment_is_the_fewest_cards_that_carry_the_load(catalog, users):
    """serving_deployment: "the fewest cards that carry the whole load" — the count found carries
    it and one card less does not (the counts between the powers of two are bisected). 750 users
    (18 cards) since a prompt's output head runs at its last token only: 700 users came out 16. Shared copies
    (separate prefill and decode pools carry 750 users on 16: splitpool51, tests/test_serving_count_pools.py)."""
    card = catalog.get("l40s")
    shared = tuple(f for f in LAYOUT_FIELDS if f != "disaggregated")
    s = _serving(users, constraints={"tpot_ms": 50}, auto_layout=shared)
    found = serving_deployment(s, card)
    assert found is not None and carries_load(found)
    n = found.scenario.count
    assert n & (n - 1), "the load was chosen so the answer lies between two powers of two"
    assert serving_deployment(s, card, counts=(n - 1,)) is None


def test_serving_copies_that_fit_one_fast_domain_take_no_pipeline_stages(catalog):
    """planned_layout: stages only for a copy larger than one fast domain — Llama 3 8B on 16 H100
    (two 8-GPU servers) is served by copies inside a server, tensor parallel only."""
    s = _serving(64, card="h100-sxm", count=16, auto_layout=("tp", "pp", "ep", "max_batch"))
    planned = planned_layout(s, catalog.get("h100-sxm"))
    assert planned.fits
    assert planned.scenario.parallelism.pp == 1


@pytest.mark.parametrize("rate", [7.0, 12.0])
def test_the_batch_per_copy_is_doubled_only_until_it_carries_the_rate(catalog, rate):
    """The users' share (16) cannot carry ``rate`` requests/s on one H100; the planner doubles the
    batch until it can: the chosen batch carries the rate and half of it does not."""
    card = catalog.get("h100-sxm")
    users = 16

    def at(batch: int | None, auto=("max_batch",)) -> Scenario:
        s = _serving(users, card="h100-sxm", constraints={"requests_per_s": rate}, auto_layout=auto)
        if batch is None:
            return s
        return s.model_copy(update={"serving": s.serving.model_copy(update={"max_batch": batch})})

    planned = planned_layout(at(None), card)
    batch = planned.scenario.serving.max_batch
    assert batch > users and not messages_for_serving_targets(planned.scenario, planned.serving)
    half = estimate(at(batch // 2, auto=()), card)
    assert "misses-request-rate" in messages_for_serving_targets(half.scenario, half.serving)


AUTO_TRAINING = ("tp", "pp", "vp", "cp", "ep", "zero", "recompute", "micro_batch", "grad_accum")


def _tried(card_id: str, count: int, model: str = "llama3-70b", seq_len: int = 8192, **extra) -> dict[str, set]:
    """The values of each layout field the training search tries (its candidate grid)."""
    from configurator.core.catalog import load_bundled_catalog

    s = Scenario(model=preset(model), card_id=card_id, count=count, workload="pretrain",
                 training={"seq_len": seq_len}, auto_layout=AUTO_TRAINING, **extra)
    grid = layout_grid(s, load_bundled_catalog().get(card_id), 1024)
    return {k: set(v.tolist()) for k, v in grid.items()}


def test_training_search_tries_every_tensor_parallel_degree_inside_the_fast_domain():
    """Tensor parallelism divides the heads (Shoeybi et al. 2019, Megatron-LM §3) and stays inside
    the NVLink domain (Narayanan et al. 2021, §3.3 takeaway 1): Llama 3 70B has 64 heads, so an
    NVL72 domain (GB200) reaches 64-way, an 8-GPU H100 server 8-way, one card per server none."""
    assert _tried("gb200", 64)["tp"] == {1, 2, 4, 8, 16, 32, 64}
    assert _tried("h100-sxm", 64)["tp"] == {1, 2, 4, 8}
    assert _tried("h100-sxm", 8, parallelism={"cards_per_node": 1})["tp"] == {1}


def test_training_search_tries_every_zero_stage_when_there_are_replicas_to_shard_over():
    """ZeRO stages 1, 2 and 3 (Rajbhandari et al. 2020, §5) and none; on one card only none
    (sharding over one replica changes nothing)."""
    assert _tried("h100-sxm", 64)["zero"] == {0, 1, 2, 3}
    assert _tried("h100-sxm", 1, model="llama3-8b", seq_len=2048)["zero"] == {0}


def test_training_search_splits_long_sequences_into_two_chunks_per_context_rank():
    """Context parallelism splits each sequence into 2·cp chunks (Megatron-LM context parallel,
    load-balanced causal attention; the scenario's own rule): 8,200 tokens split for cp 1, 2, 4
    only (8,200 = 8 × 1,025), 8,192 for every degree tried."""
    assert _tried("h100-sxm", 64, seq_len=8192)["cp"] == {1, 2, 4, 8, 16, 32}
    assert _tried("h100-sxm", 64, seq_len=8200)["cp"] == {1, 2, 4}


def test_a_pinned_context_parallel_degree_must_split_the_sequence_into_2_cp_chunks():
    base = dict(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="pretrain")
    Scenario(**base, parallelism={"cp": 2}, training={"seq_len": 8200})  # 8,200 = 4 × 2,050
    with pytest.raises(ValueError, match="2 × 2"):
        Scenario(**base, parallelism={"cp": 2}, training={"seq_len": 8202})


@pytest.mark.parametrize(("card_id", "fmt"), [("t4", "bf16"), ("v100-sxm-32gb", "bf16"), ("gaudi2", "fp16"),
                                              ("dgx-spark-gb10", "bf16")])
def test_a_named_16_bit_format_the_card_lacks_is_planned_as_its_precision(catalog, card_id, fmt):
    """A named weight format the card cannot compute in falls back exactly as choosing that
    precision does (the same math, storage, format and bits per weight)."""
    from configurator.core.precision import plan_serving

    common = dict(model=preset("llama3-8b"), card_id=card_id, count=1, workload="inference")
    named = plan_serving(Scenario(**common, serving={"weight_format": fmt}), catalog.get(card_id))
    plain = plan_serving(Scenario(**common, precision=fmt), catalog.get(card_id))
    assert named.math != named.requested  # the card lacks it: a fallback
    assert (named.math, named.weights, named.weight_format, named.weight_bits) == \
        (plain.math, plain.weights, plain.weight_format, plain.weight_bits)


@pytest.mark.parametrize(("copies", "prefill"), [(1, 0), (2, 1), (3, 1), (4, 2), (8, 4)])
def test_disaggregated_pools_need_two_copies_and_start_at_half(copies, prefill):
    """Scenario.prefill_copies: at least one prefill copy and one left to decode (so two copies at
    least: DistServe's two pools, Zhong et al. 2024), half the copies while the pool is unsized."""
    s = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=copies, workload="inference",
                 serving={"disaggregated": True})
    assert s.prefill_copies == prefill


@pytest.mark.parametrize("ep", [2, 4])
def test_serving_expert_parallelism_shards_only_the_routed_experts(catalog, ep):
    """Expert parallelism over ``ep`` copies keeps the dense part whole and ``1/ep`` of the routed
    experts on each (GShard, Lepikhin et al. 2021, §2.2): weights × (1 − s·(1 − 1/ep)), s the
    routed experts' share of the parameters (Mixtral 8x7B: 96.6 %)."""
    from configurator.core.memory import routed_expert_params

    model = preset("mixtral-8x7b")
    card = catalog.get("h100-sxm")

    def weights(e: int) -> float:
        s = Scenario(model=model, card_id="h100-sxm", count=4, workload="inference", parallelism={"tp": 1, "ep": e})
        return estimate(s, card).memory.weights

    share = routed_expert_params(model, model.n_layers) / model.total_params()
    assert weights(ep) / weights(1) == pytest.approx(1 - share * (1 - 1 / ep), rel=1e-9)


def test_a_llama_like_built_shape_has_heads_of_128_and_8_kv_heads():
    """splittable_shape: heads of 128 (Llama 2/3, Mistral, Qwen 2.5) and 8 KV heads (Llama 3's GQA)."""
    from configurator.core.model_size import splittable_shape

    for size in (7e9, 30e9, 70e9):
        model = splittable_shape(size)
        assert model.hidden == 128 * model.n_heads and model.n_kv_heads == 8
    assert splittable_shape(1.5e8).hidden == 64 * splittable_shape(1.5e8).n_heads  # below 2,048 wide: 64


def test_training_search_tries_expert_parallel_degrees_up_to_64_that_divide_the_experts():
    """Expert parallelism divides the experts (each rank holds whole experts): DeepSeek-V3's 256
    routed experts were trained 64-way expert parallel (DeepSeek-AI 2024, "DeepSeek-V3
    Technical Report", §3.2: EP64), so the search reaches 64; Mixtral's 8 experts reach 8."""
    assert _tried("h100-sxm", 512, model="deepseek-v3", seq_len=4096)["ep"] == {1, 2, 4, 8, 16, 32, 64}
    assert _tried("h100-sxm", 64, model="mixtral-8x7b", seq_len=4096)["ep"] == {1, 2, 4, 8}


def test_a_serving_layout_without_a_speed_ranks_below_one_that_fits(catalog):
    """The serving rank orders by "carries the load within its targets, then throughput": a layout
    the speed model could not estimate neither fits nor carries anything."""
    from dataclasses import replace

    from configurator.core.workloads.serving.weighing import serving_rank

    est = estimate(_serving(16, card="h100-sxm"), catalog.get("h100-sxm"))
    assert est.fits and est.serving is not None
    unknown = serving_rank(replace(est, serving=None))
    assert not unknown[0] and not unknown[1] and unknown[2] == -math.inf
    assert unknown < serving_rank(est)


def test_the_prefill_pool_search_tries_every_split_of_four_copies(catalog, monkeypatch):
    """DistServe (Zhong et al. 2024, §4) searches the prefill/decode split: with 4 copies the
    planner tries 1, 2 and 3 prefill copies (a quarter, a half, three quarters)."""
    from configurator.core.workloads.serving import replica_plan

    tried = []
    original = replica_plan._batched_replica

    def recording(scenario, card):
        tried.append(scenario.serving.prefill_cards)
        return original(scenario, card)

    monkeypatch.setattr(replica_plan, "_batched_replica", recording)
    s = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=4, workload="inference",
                 serving={"context": 4096, "concurrency": 64, "prompt_tokens": 1024, "output_tokens": 256,
                          "disaggregated": True})
    replica_plan.sized_pools(s, catalog.get("h100-sxm"))
    assert sorted(tried) == [1, 2, 3]


def test_a_searched_layout_reports_its_memory_in_gib(catalog):
    """searched_layout_to_dict: "memory in GiB per card" — bytes over 2³⁰."""
    from configurator.core.layout_json import searched_layout_to_dict

    card = catalog.get("h100-sxm")
    s = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="pretrain",
                 training={"seq_len": 2048}, auto_layout=AUTO_TRAINING)
    plan = training_plan.plan_training_layout(s, card)
    assert plan.layouts
    for layout in plan.layouts:
        assert searched_layout_to_dict(layout)["memory_gib"] == pytest.approx(layout.memory_bytes / 2**30,
                                                                                   abs=5e-4)


def test_a_batch_no_layout_divides_tries_no_candidates(catalog):
    """With a global batch of 7 sequences on 8 data-parallel cards (tp and pp pinned at 1), nothing
    is evaluated: 0 candidates, 0 fitting, the problem named."""
    s = Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload="pretrain",
                 training={"seq_len": 2048, "global_batch_tokens": 7 * 2048},
                 auto_layout=("zero", "micro_batch", "grad_accum"))
    plan = training_plan.plan_training_layout(s, catalog.get("h100-sxm"))
    assert plan.problem == "batch-does-not-divide"
    assert (plan.candidates, plan.fitting, plan.layouts) == (0, 0, ())


def test_training_search_tries_micro_batches_of_powers_of_two_up_to_64():
    """The micro-batches tried: 1, 2, 4 … 64 sequences per rank (MICRO_BATCHES, "values the
    search tries"), each kept where it divides the global batch over the data-parallel ranks."""
    assert _tried("h100-sxm", 8, model="llama3-8b", seq_len=2048)["mb"] == {1, 2, 4, 8, 16, 32, 64}


def test_a_card_without_a_rate_searches_no_layout(catalog):
    """A card with no published rate for the training math (here: no dense BF16/FP16 figure)
    cannot be timed, so the search tries nothing: 0 layouts tried, 0 fitting, the reason said."""
    card = catalog.get("rtx-6000d")
    s = Scenario(model=preset("llama3-8b"), card_id="rtx-6000d", count=8, workload="pretrain",
                 auto_layout=("tp", "pp", "zero", "micro_batch", "grad_accum"))
    plan = training_plan.plan_training_layout(s, card)
    assert (plan.problem, plan.candidates, plan.fitting, plan.layouts) == ("no-rate", 0, 0, ())
