"""A serving copy too large for one fast domain is weighed both ways: pipeline stages over the
domains and one tensor-parallel group across them over the network (SGLang and vLLM run
DeepSeek-V3 at TP 16 over two 8-GPU servers with ``--nnodes 2``). On 8 GH200, two 4-superchip NVLink
nodes, the planner finds the TP 8 × EP 8 copy a user could pin (1.67 USD per million tokens) instead of
stopping at TP 4 × PP 2 (2.50), and says its traffic crosses the network; since session 39 it also
weighs, and takes, copies sharing experts split over both nodes (attention data parallel)."""

from __future__ import annotations

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

CATALOG = load_bundled_catalog()


def _deepseek_on_gh200(**parallelism) -> Scenario:
    auto = () if parallelism else LAYOUT_FIELDS
    return Scenario(model=preset("deepseek-v3"), card_id="gh200-144gb", count=8, workload="inference",
                    precision="fp8", serving={"concurrency": 64}, auto_layout=auto,
                    **({"parallelism": parallelism} if parallelism else {}))


def test_the_planner_weighs_tensor_parallelism_across_the_two_nodes():
    """Beside TP 8 × EP 8 over the network (faster than TP 4 × PP 2) the planner weighs attention
    data parallel with the experts over both nodes (SGLang ``--enable-dp-attention``, vLLM DP + EP;
    moeplan, session 39), and takes it: each superchip decodes its own sequences and only the
    dispatch and combine cross the network, where TP 8 all-reduces over it twice a layer."""
    card = CATALOG.get("gh200-144gb")
    planned = estimate(_deepseek_on_gh200(), card)
    pinned = estimate(_deepseek_on_gh200(tp=8, ep=8), card)
    staged = estimate(_deepseek_on_gh200(tp=4, pp=2, ep=4), card)
    par = planned.scenario.parallelism
    assert pinned.serving.tpot_s < staged.serving.tpot_s
    assert any("crosses the network" in w for w in pinned.warnings)
    assert (par.pp, par.ep) == (1, 8) and par.tp < 4 and planned.scenario.cards_in_node == 4
    assert planned.serving.tpot_s < pinned.serving.tpot_s
