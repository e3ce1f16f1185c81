"""Scenario: everything the user chose, as frozen and validated pydantic models.

A Scenario is the single input of :func:`configurator.core.estimate.estimate`. Change it
through :func:`updated`, which re-validates (``model_copy(update=...)`` would skip checks).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, get_args

from pydantic import BaseModel, Field, ValidationError, model_validator

from configurator.core.architecture import ModelArchitecture
from configurator.core.default_job import DEFAULT_CARD
from configurator.core.frozen_model import FrozenModel
from configurator.core.messages import msg
from configurator.core.messages_said import said
from configurator.core.pipeline_schedule import most_model_chunks
from configurator.core.formulas.cp_comm import a2a_heads_divide
from configurator.core.procurement.nodes import cards_in_node
from configurator.core.scenario_choices import (  # the fields' choices (re-exported: see __all__)
    _GRAPHICS,
    _TRAINING,
    LAYOUT_FIELDS,
    ActivationKernels,
    AttentionKernel,
    Codec,
    EncoderPreset,
    LayoutField,
    LossKernel,
    Optimizer,
    Recipe,
    Recompute,
    SelectivePolicy,
    ServingUse,
    Workload,
    added_workload,
)
from configurator.core.scenario_ranking import Objective, RankingQuestion  # the ranking's question (re-exported)
from configurator.core.scenario_sections import (  # the scenario's parts (re-exported: see __all__)
    RESOLUTIONS,
    VGPU_PROFILES_GIB,
    Assumptions,
    Constraints,
    Economics,
    Graphics,
    Parallelism,
    Serving,
    Training,
)
from configurator.core.units import Precision

__all__ = ["COUNT_SWEEP", "LAYOUT_FIELDS", "MAX_NAME_CHARS", "RESOLUTIONS", "SCENARIO_SCHEMA_VERSION",
           "VGPU_PROFILES_GIB", "ActivationKernels", "Assumptions", "AttentionKernel", "Codec", "Constraints",
           "Economics", "EncoderPreset", "Graphics", "LayoutField", "LossKernel", "Objective", "Optimizer",
           "Parallelism", "RankingQuestion", "Recipe", "Recompute", "Scenario", "SelectivePolicy", "Serving",
           "ServingUse", "Training", "Workload", "added_workload", "field_values", "updated", "updated_or_none"]

SCENARIO_SCHEMA_VERSION = 7
"""2: a serving scenario's ``parallelism.ep`` counts cards, not model copies; 3: the attention efficiency
is None (by kernel and card) unless set, and an older file's 0.45, the single default it wrote, becomes None;
4: the engine step's tokens are None (the engine's default on the card) unless set, and an older file's 8192
becomes None (core/scenario_migrate.py); 5: the ranking's objective and filters (``ranking``, the recommendation
panel's) are saved with the scenario, an older file ranking by total cost of ownership over every card, as the
panel did when it opened (no value changes: a version 4 file lacks the part); 6: the time to first token reads
``assumptions.prompt_efficiency``, and an older file's own serving-step ``prefill_efficiency`` is carried to it
(core/scenario_migrate.py); 7: the ranking's objective is None unless asked (the budget basis decides:
``scenario_ranking.objective_for``), and an older file's 'tco', the default every file wrote, becomes None."""

COUNT_SWEEP = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024)
"""Card counts the scaling chart evaluates and the card-count slider steps through (those the
tp × pp layout allows); kept here, with the scenario, so the editor need not load the estimator."""

MAX_NAME_CHARS = 200
"""Longest scenario name [characters]: the summary's title and the window's, on one line. A file
with a longer name (written by hand, or by a version without this bound) still opens, its name
cut to this length with a note (:func:`configurator.core.scenario_io.scenario_from_document`)."""

_Frozen = FrozenModel


class Scenario(_Frozen):
    """Everything the user chose; an Estimate is a pure function of (Scenario, Card)."""

    schema_version: int = SCENARIO_SCHEMA_VERSION
    name: str = Field(default="Untitled", max_length=MAX_NAME_CHARS)
    workload: Workload = Workload.PRETRAIN
    model: ModelArchitecture
    precision: Precision = Precision.BF16
    card_id: str = DEFAULT_CARD
    count: int = Field(default=1, ge=1, le=1_000_000, description="total cards")
    parallelism: Parallelism = Parallelism()
    training: Training = Training()
    serving: Serving = Serving()
    auto_layout: tuple[LayoutField, ...] = Field(
        default=(), description="layout fields the planner chooses (the others are pinned as given)"
    )
    graphics: Graphics = Graphics()
    economics: Economics = Economics()
    constraints: Constraints = Constraints()
    ranking: RankingQuestion = RankingQuestion()
    assumptions: Assumptions = Assumptions()

    @model_validator(mode="after")
    def _parallel_layout_is_possible(self) -> Scenario:
        par = self.parallelism
        if self.workload.is_graphics:
            return self  # graphics work does not split a model: tensor/pipeline settings are not used
        tp, pp, vp, cp, ep = (1 if f in self.auto_layout else v for f, v in
                              (("tp", par.tp), ("pp", par.pp), ("vp", par.virtual_stages), ("cp", par.cp),
                               ("ep", par.ep)))
        if not self.workload.is_training:
            cp = 1  # serving splits a model by tensor and pipeline stages, and shares experts across copies
        model_parallel = tp * cp * pp
        if self.count % model_parallel:
            raise said(ValueError, msg("layout-split-cp" if cp > 1 else "layout-split", count=self.count, tp=par.tp,
                                       cp=par.cp, pp=par.pp))
        if pp * vp > most_model_chunks(self.model.n_layers, pp):
            raise said(ValueError, msg("layout-chunks-exceed-layers", pp=par.pp, vp=par.virtual_stages,
                                       layers=self.model.n_layers))
        if tp > self.model.n_heads:
            raise said(ValueError, msg("layout-tp-exceeds-heads", tp=par.tp, heads=self.model.n_heads))
        if ep > 1:
            if not self.model.is_moe:
                raise said(ValueError, msg("layout-ep-needs-moe", ep=par.ep))
            if self.model.n_experts % ep:
                raise said(ValueError, msg("layout-ep-divides-experts", ep=par.ep, experts=self.model.n_experts))
            if self.workload.is_training and (self.count // model_parallel) % ep:
                raise said(ValueError, msg("layout-ep-divides-dp", ep=par.ep, dp=self.count // model_parallel))
            if not self.workload.is_training and (ep % tp or (self.count // model_parallel) % (ep // tp)):
                raise said(ValueError, msg("layout-ep-serving", ep=par.ep, tp=par.tp, cards=self.count // pp))
        if cp > 1 and par.cp_comm_type == "a2a" and not a2a_heads_divide(self.model.n_heads, self.model.n_kv_heads,
                                                                         tp, cp):
            raise said(ValueError, msg("layout-cp-a2a-heads", cp=par.cp, tp=par.tp, heads=self.model.n_heads,
                                       kv_heads=self.model.n_kv_heads))
        if cp > 1 and self.training.seq_len % (2 * cp):
            raise said(ValueError, msg("layout-cp-chunks", seq=self.training.seq_len, cp=par.cp))
        return self

    @model_validator(mode="after")
    def _optimizer_in_backward_is_possible(self) -> Scenario:
        """The optimizer step in backward (``Training.optimizer_in_backward``) runs on what torchtune runs it:
        one micro-batch per step, one data-parallel replica or ZeRO-3, a PyTorch recipe with the optimizer on
        the card (``formulas.states.optimizer_in_backward_runs``); a field left to the planner is checked
        there (``workloads/training/grid.py``), not here. Full-model training alone reads it."""
        t, par, auto = self.training, self.parallelism, self.auto_layout
        if not t.optimizer_in_backward or not self.workload.is_training or self.workload.is_adapter:
            return self
        if t.grad_accum > 1 and "grad_accum" not in auto:
            raise said(ValueError, msg("optimizer-in-backward-accumulation", accum=t.grad_accum))
        if t.recipe.runs_megatron_core or t.offload_optimizer:
            raise said(ValueError, msg("optimizer-in-backward-recipe"))
        if par.zero < 3 and not {"zero", "tp", "pp"} & set(auto) and self.replicas > 1:  # cp: among the replicas
            raise said(ValueError, msg("optimizer-in-backward-replicas", replicas=self.replicas, zero=par.zero))
        return self

    @model_validator(mode="after")
    def _recompute_layers_fit_a_stage(self) -> Scenario:
        """``Training.recompute_layers`` is at most the layers of one model chunk of a pipeline stage, as
        Megatron-LM asks (``transformer_config.py``: between 1 and the layers per pipeline rank); read with full
        recomputation only, and checked by the planner's own counts when the stages are left to it."""
        t, par = self.training, self.parallelism
        if t.recompute_layers is None or t.recompute is not Recompute.FULL or not self.workload.is_training \
                or {"pp", "vp"} & set(self.auto_layout):
            return self
        chunk = math.ceil(self.model.n_layers / (par.pp * par.virtual_stages))
        if t.recompute_layers > chunk:
            raise said(ValueError, msg("recompute-layers-stage", layers=t.recompute_layers, chunk=chunk,
                                       total=self.model.n_layers, pp=par.pp, vp=par.virtual_stages))
        return self

    @model_validator(mode="after")
    def _cuda_graphs_are_possible(self) -> Scenario:
        """Layers replayed from CUDA graphs (``Training.cuda_graphs``) run without full recomputation and
        without CPU offload of activations, which Megatron-Core's per-layer graphs refuse
        (``transformer_config.py``, core/training_graphs.py names the commit); a recomputation left to
        the planner is kept off full there (``workloads/training/grid.py``)."""
        t = self.training
        if not t.cuda_graphs or not self.workload.is_training:
            return self
        if t.recompute is Recompute.FULL and "recompute" not in self.auto_layout:
            raise said(ValueError, msg("cuda-graphs-full-recompute"))
        if t.offload_activations:
            raise said(ValueError, msg("cuda-graphs-offload"))
        return self

    @model_validator(mode="after")
    def _serving_pools_are_possible(self) -> Scenario:
        serving = self.serving
        if self.workload is not Workload.INFERENCE or not serving.disaggregated or serving.prefill_cards is None \
                or "disaggregated" in self.auto_layout or {"tp", "pp"} & set(self.auto_layout):
            return self
        if serving.prefill_cards % self.model_parallel or serving.prefill_cards >= self.count:
            raise said(ValueError, msg("layout-prefill-pool", prefill=serving.prefill_cards,
                                       model_parallel=self.model_parallel, count=self.count))
        return self

    @model_validator(mode="after")
    def _context_within_model(self) -> Scenario:
        """A context left to follow the prompt and the answer stays within the positions a model
        with learned position embeddings has (GPT-2/3, OPT); rotary models state no limit here."""
        serving, limit = self.serving, self.model.position_embeddings
        if not self.workload.is_training and serving.context is None and limit and \
                serving.context_tokens > limit:
            raise said(ValueError, msg("layout-context-exceeds", prompt=serving.prompt_tokens,
                                       output=serving.output_tokens, limit=limit))
        return self

    @property
    def prefill_copies(self) -> int:
        """Serving: model copies that only prefill (disaggregated pools; 0 when colocated): the
        prefill pool's cards over tp × pp, in whole groups of the copies that share one set of routed
        experts (:attr:`expert_copies`), at least one group and leaving one to decode; half the groups
        while the pool is not sized yet. 0 where the copies make fewer than two groups: a prefill
        server and a decode server each hold every expert (SGLang's prefill/decode disaggregation
        runs each with its own ``--ep-size``: LMSYS, "Deploying DeepSeek with PD Disaggregation and
        Large-scale Expert Parallelism on 96 H100 GPUs", 2025-05-05), so 8 copies of DeepSeek-V3 on
        8 × H200 sharing one set of experts cannot split 4 + 4 (until session 49 they did)."""
        serving, group = self.serving, self.expert_copies
        groups = self.data_parallel // group
        if not serving.disaggregated or groups < 2:
            return 0
        pool = serving.prefill_cards // (self.model_parallel * group) if serving.prefill_cards else groups // 2
        return min(max(pool, 1), groups - 1) * group

    @property
    def prefill_pool_cards(self) -> int:
        """Serving: the cards of the prefill pool as the estimate runs it, :attr:`prefill_copies` whole copies of
        tp × pp cards (0 when colocated); the typed ``serving.prefill_cards`` may not be whole copies of the layout
        the planner picks (review51, session 51) [cards]."""
        return self.prefill_copies * self.model_parallel

    @property
    def data_parallel(self) -> int:
        """Data-parallel replicas (training) or serving replicas (inference)."""
        return self.count // self.model_parallel

    @property
    def expert_copies(self) -> int:
        """Serving: model copies (tensor × pipeline groups) that share one set of routed experts,
        ``ep / tp`` — ``ep`` being the cards the experts are split over, as engines count it (vLLM's
        expert parallel size is TP × DP with ``--enable-expert-parallel``; SGLang ``--ep-size``).
        TP 8 × EP 8 on 8 cards: one copy, each card 1/8 of the experts whole (attention split 8 ways);
        TP 1 × EP 8 (attention data parallel, SGLang ``--enable-dp-attention``): eight copies share
        them. 1 without expert parallelism; in training, ``ep`` itself (data-parallel ranks)."""
        par = self.parallelism  # is_training read without the property (a search asks thousands of times)
        return par.ep if self.workload in _TRAINING else max(1, par.ep // par.tp)

    @property
    def expert_tensor_parallel(self) -> int:
        """Ranks each routed expert's feed-forward is split over [ranks]. Serving with expert
        parallelism (``ep`` ≥ ``tp``, ``ep`` > 1) keeps every expert whole on the card that holds it
        (vLLM ``--enable-expert-parallel``, SGLang ``--ep-size``, TensorRT-LLM ``moe_ep_size``): 1.
        Tensor parallelism alone slices every expert ``tp`` ways (vLLM's FusedMoE shards the
        intermediate size over the tensor-parallel ranks; TensorRT-LLM ``moe_tp_size`` = ``tp``):
        ``tp``. Training: ``tp`` (Megatron-Core's ``expert_tensor_parallel_size`` defaults to the
        tensor-parallel size). Same bytes per card either way; the products' shapes differ."""
        par = self.parallelism
        if not self.workload.is_training and par.ep > 1:
            return 1
        return par.tp

    @property
    def replicas(self) -> int:
        """Cards that hold the same weights in training (data × context parallel): the group
        gradients are averaged over and ZeRO shards states over (Megatron-LM's DP×CP group)."""
        return self.data_parallel * (self.parallelism.cp if self.workload.is_training else 1)

    @property
    def model_parallel(self) -> int:
        """Cards that share one set of sequences: tensor × context × pipeline in training, tensor ×
        pipeline in serving; 1 for graphics work."""
        workload, par = self.workload, self.parallelism  # is_graphics, is_training without the properties
        if workload in _GRAPHICS:
            return 1
        return par.tp * par.pp * par.cp if workload in _TRAINING else par.tp * par.pp

    @property
    def sequences_per_replica(self) -> int:
        """Serving: the sequences one model copy decodes together — its batch, or the users
        spread evenly over the copies that decode, whichever is larger."""
        serving, copies = self.serving, self.data_parallel  # prefill_copies read only for pools
        spread = -(-serving.users // (copies - self.prefill_copies if serving.disaggregated else copies))
        return max(spread, serving.max_batch or 1)

    @property
    def pinned(self) -> tuple[str, ...]:
        """Layout fields the user fixed (not chosen by the planner)."""
        return tuple(f for f in LAYOUT_FIELDS if f not in self.auto_layout)

    @property
    def global_batch_tokens(self) -> int:
        """Tokens per optimizer step of this layout: micro-batch × accumulation × data-parallel
        width × sequence length."""
        t = self.training
        return t.micro_batch * t.grad_accum * self.data_parallel * t.seq_len

    @property
    def cards_in_node(self) -> int:
        """Cards one server holds: ``cards_per_node``, at most the places of the largest node the
        card is sold in (:func:`configurator.core.procurement.nodes.cards_in_node`: 4 for GH200
        and MI250X) [count]."""
        return cards_in_node(self.card_id, self.parallelism.cards_per_node)

    @property
    def nodes(self) -> int:
        """Servers needed at :attr:`cards_in_node` cards each (8 GH200: two 4-superchip nodes)."""
        return -(-self.count // self.cards_in_node)


def updated_or_none(scenario: Scenario, **changes: Any) -> Scenario | None:
    """``updated``, or None when the changes make an invalid scenario (search loops)."""
    try:
        return updated(scenario, **changes)
    except ValidationError:
        return None


def updated(scenario: Scenario, **changes: Any) -> Scenario:
    """A validated copy of ``scenario`` with ``changes`` applied.

    Nested parts may be given as dicts, merged over the current values, e.g.
    ``updated(s, training={"micro_batch": 4})``.
    """
    data = field_values(scenario)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key] = {**data[key], **value}
        elif isinstance(value, BaseModel):
            data[key] = field_values(value)
        else:
            data[key] = value
    return Scenario.model_validate(data)


def field_values(model: BaseModel) -> dict[str, Any]:
    """Every field of ``model``, nested models as dicts of theirs: ``model_dump()`` with what a
    field's ``exclude_if`` (or ``exclude``) left out put back as the model holds it.

    ``exclude_if`` keeps saved files short; a dump that drops a value other than its field's default
    would hand :func:`updated` the default in its place (a field ``exclude_if=lambda v: v is None``
    with a non-None default lost every None set on it, silently)."""
    data = model.model_dump()
    _put_back_excluded(model, data)
    return data


def _put_back_excluded(model: BaseModel, data: dict[str, Any]) -> None:
    """Put the fields of ``model`` that its dump ``data`` lacks back into it, nested models too."""
    excludable, nested = _dump_seams(type(model))
    for name in excludable:
        if name not in data:
            value = getattr(model, name)
            data[name] = field_values(value) if isinstance(value, BaseModel) else \
                tuple(field_values(v) if isinstance(v, BaseModel) else v for v in value) \
                if isinstance(value, tuple) else value
    for name in nested:
        value, dumped = getattr(model, name), data.get(name)
        if isinstance(value, BaseModel) and isinstance(dumped, dict):
            _put_back_excluded(value, dumped)
        elif isinstance(value, tuple) and isinstance(dumped, tuple | list):
            for item, part in zip(value, dumped):
                if isinstance(item, BaseModel) and isinstance(part, dict):
                    _put_back_excluded(item, part)


@cache
def _dump_seams(cls: type[BaseModel]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(fields a dump of ``cls`` may leave out, fields holding models whose dump may leave some out)
    [names]."""
    fields = cls.model_fields
    excludable = tuple(n for n, f in fields.items() if f.exclude or f.exclude_if is not None)
    nested = tuple(n for n, f in fields.items() if any(_dump_seams(m) != ((), ()) for m in _models_in(f.annotation)))
    return excludable, nested


def _models_in(annotation: Any) -> tuple[type[BaseModel], ...]:
    """The pydantic models a field of this type may hold, alone or in a tuple or union."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return (annotation,)
    return tuple(m for a in get_args(annotation) for m in _models_in(a))
