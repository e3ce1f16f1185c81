"""The layouts the serving search tries for one card count: tensor-parallel degrees inside one fast
domain (:func:`serving_tensor_parallel_options`), pipeline stages where that cannot hold a copy
(:data:`SERVING_PIPELINE_STAGES`) and expert-parallel degrees for a mixture of experts
(:func:`serving_expert_parallel_options`; over several fast domains,
:func:`across_domains_expert_parallel`). The search itself is
:mod:`configurator.core.workloads.serving.plan`.
"""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.scenario import Scenario
from configurator.core.training_speed import fabric


def serving_tensor_parallel_options(scenario: Scenario, card: Card) -> list[int]:
    """Tensor-parallel degrees for one model copy: powers of two inside one fast domain — the
    fast-link domain, else the server, whose cards all-reduce over PCIe — that divide the heads
    and the card count. Serving engines run tensor parallel over PCIe (vLLM and SGLang over NCCL:
    a decode step's all-reduces are small, so they cost PCIe's latency more than its bandwidth,
    :func:`configurator.core.serving_speed.decode_step_seconds`), and the search keeps it where it
    is faster than pipeline stages, which read every weight once per token on one card at a time."""
    if "tp" not in scenario.auto_layout:
        return [scenario.parallelism.tp]
    return [t for t in domain_tensor_parallel_degrees(scenario, card) if scenario.count % t == 0] or [1]


def domain_tensor_parallel_degrees(scenario: Scenario, card: Card) -> list[int]:
    """The tensor-parallel degrees :func:`serving_tensor_parallel_options` offers at some card
    count: the powers of two inside one fast domain that divide the heads (at a count, those that
    divide it too), smallest first."""
    domain = fabric(card, scenario.parallelism.cards_per_node, scenario.assumptions).domain
    return [t for t in (1, 2, 4, 8, 16, 32, 64) if t <= domain and scenario.model.n_heads % t == 0]


def across_domains_tensor_parallel(scenario: Scenario, card: Card, across: int) -> int | None:
    """The tensor-parallel degree of one copy of a mixture of experts laid over ``across`` fast
    domains by tensor parallelism alone (SGLang's DeepSeek-V3 deployment: ``--tp 16 --nnodes 2``
    over two 8-GPU servers), as the plan tries it beside ``across`` pipeline stages: the widest
    degree :func:`serving_tensor_parallel_options` offers that divides the cards into whole copies
    of ``across`` such widths, times ``across``; None where none does or the product does not
    divide the heads [cards]."""
    fitting = [tp for tp in serving_tensor_parallel_options(scenario, card) if scenario.count % (tp * across) == 0]
    wide = max(fitting) * across if fitting else 0
    return wide if wide and scenario.model.n_heads % wide == 0 else None


def across_domains_expert_parallel(scenario: Scenario, card: Card, across: int) -> list[tuple[int, int]]:
    """The (tensor-parallel, expert-parallel) degrees of one-stage copies of a mixture of experts
    whose routed experts are split over the cards of ``across`` fast domains, as the engines deploy
    DeepSeek-V3 over several servers: attention (and the dense layers) data parallel, each copy
    tensor parallel inside one fast domain, every routed expert whole on one card of the
    ``across × domain`` cards that share one set of experts, dispatch and combine crossing the
    network. vLLM-Ascend's DeepSeek-V3.1 guide on two Atlas 800 A2: ``--data-parallel-size 4
    --data-parallel-size-local 2 --tensor-parallel-size 4 --enable-expert-parallel``
    (vllm-project/vllm-ascend ``docs/source/tutorials/models/DeepSeek-V3.1.md`` §5.2, 182b75e,
    2026-08; its nightly test of the BF16 model over 32 NPUs: ``--data-parallel-size 4
    --tensor-parallel-size 8 --enable-expert-parallel``,
    ``tests/e2e/nightly/multi_node/internal_dp/config/DeepSeek-V3.1-BF16.yaml``); MindIE on four
    servers of eight 910B: ``"dp": 4, "tp": 8, "moe_tp": 1, "moe_ep": 32`` (itove/ascend
    ``docs/src/issue-1.md``, 4772194, MindIE 2.1.RC2, DeepSeek-V3 BF16); SGLang
    ``--enable-dp-attention`` with ``--ep-size``. Every tensor-parallel degree
    :func:`serving_tensor_parallel_options` offers is tried, narrower than the expert group; none
    where the card has no fast link, the cards do not divide into such groups or the experts do not
    split evenly over one, or the expert degree is pinned [cards]."""
    model = scenario.model
    if not model.is_moe or "ep" not in scenario.auto_layout or not card.has_fast_link or across < 2:
        return []
    group = across * fabric(card, scenario.parallelism.cards_per_node, scenario.assumptions).domain
    if scenario.count % group or model.n_experts % group:
        return []
    return [(tp, group) for tp in serving_tensor_parallel_options(scenario, card) if tp < group and group % tp == 0]


SERVING_PIPELINE_STAGES = (2, 4, 8, 16)
"""Pipeline stages a serving copy is split into when tensor parallelism inside one fast domain
does not hold it (vLLM ``--pipeline-parallel-size`` across servers); each token still passes
every stage, so the time per token is that of the whole model's weights and cache read once."""


def serving_expert_parallel_options(scenario: Scenario, card: Card, tp: int, pp: int) -> list[int]:
    """Expert-parallel degrees, in cards, tried for copies of ``tp × pp`` cards: 1, for a mixture
    of experts with ``tp`` > 1 also ``tp`` (TP × EP within one copy: the same bytes and
    collectives as TP alone, the experts whole on their ranks instead of sliced ``tp`` ways, so
    larger products, :attr:`~configurator.core.scenario.Scenario.expert_tensor_parallel`; chosen
    only where that is faster, ties keep TP alone), and the most copies that can share one set of
    experts inside one fast domain times ``tp`` (the copies divide, the experts split evenly;
    dispatch and combine stay on the fast link). A pinned degree is kept where ``tp`` allows it
    (:attr:`~configurator.core.scenario.Scenario.expert_copies`)."""
    copies = scenario.count // (tp * pp)
    if "ep" not in scenario.auto_layout:
        ep = scenario.parallelism.ep
        return [ep] if ep == 1 or (ep % tp == 0 and copies % (ep // tp) == 0) else []
    model = scenario.model
    if not model.is_moe:
        return [1]
    domain = fabric(card, scenario.parallelism.cards_per_node, scenario.assumptions).domain
    fitting = [e for e in range(2, copies + 1) if copies % e == 0 and model.n_experts % (e * tp) == 0
               and e * tp * pp <= domain]
    within = [tp] if tp > 1 and model.n_experts % tp == 0 else []
    return [1, *within, *([max(fitting) * tp] if fitting and card.has_fast_link else [])]
