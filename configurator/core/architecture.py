"""Transformer model architectures: fields, exact parameter counts, presets (Hugging Face
``config.json`` import: :mod:`configurator.core.hf_config`).

Field names follow Hugging Face ``config.json`` meanings. Parameter counts are exact for the
architectures described (decoder-only, optional GQA, gated MLP, MoE, DeepSeek MLA); each block's
formula, and the shapes the fields imply, are :mod:`configurator.core.architecture_shapes`'.
"""

from __future__ import annotations

import json
import math
import operator
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from configurator.core.architecture_shapes import ArchitectureShapes, ParamCounts
from configurator.core.bounds import error_line
from configurator.core.frozen_model import plain_attribute_reads  # noqa: F401  (models' reads made plain)
from configurator.core.frozen_record import kept_property
from configurator.core.json_values import JsonFileError, read_json_file
from configurator.core.messages import msg
from configurator.core.messages_said import said
from configurator.core.preset_names import closest_preset, nearest_sizes, same_architecture
from configurator.core.resources import bundled_path


class ArchitectureError(ValueError):
    """A model description is malformed or inconsistent."""


COUNTS_MEMO_SIZE = 256
"""Architectures whose parameter counts are kept (:attr:`ModelArchitecture.counts`), all forgotten
when full: a session asks about a few models."""

_COUNTS: dict[int, tuple[tuple, ParamCounts]] = {}
"""Counts by the architecture's hash (of its field values, :meth:`ModelArchitecture.__hash__`), with
(model class, field values...) to compare; shared by threads (two keys of one hash: the later kept)."""


_PRESET_COUNTS: dict[int, tuple[tuple, ParamCounts]] = {}
"""The bundled presets' counts, filed as :data:`_COUNTS` files them: a table of the model presets
worked out once when they are loaded (:func:`load_presets`) and kept for the process, like the
presets themselves (a pure function of ``resources/models.json``; :func:`clear_counts_memo` leaves
it). A scenario read afresh from its JSON with a preset's architecture finds its counts here."""


def clear_counts_memo() -> None:
    """Forget every kept parameter count (the next architecture works its counts out again, but
    for the bundled presets' own, :data:`_PRESET_COUNTS`)."""
    _COUNTS.clear()


def _counts_key(model: ModelArchitecture) -> tuple:
    """What an architecture's counts are filed under: its class and its field values, in order."""
    return (type(model), *_FIELD_VALUES(model.__dict__))  # the field values in field order (model_fields' dict)


class ModelArchitecture(BaseModel, ArchitectureShapes):  # the derived shapes and parameter counts: ArchitectureShapes'
    """A decoder-only transformer.

    Sizes are element counts; ``head_dim`` defaults to ``hidden / n_heads``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", ignored_types=(kept_property,))

    name: str = "custom"
    n_layers: int = Field(ge=1, le=1024)
    hidden: int = Field(ge=8, le=131072)
    n_heads: int = Field(ge=1, le=1024)
    n_kv_heads: int | None = Field(default=None, ge=1, le=1024)
    head_dim: int | None = Field(default=None, ge=1, le=4096)
    ffn: int = Field(ge=1, le=1_048_576, description="MLP inner size of dense layers")
    gated_mlp: bool = True
    vocab: int = Field(ge=1, le=4_194_304)
    tied_embeddings: bool = False
    attention_bias: bool = False
    attention_output_bias: bool = Field(
        default=False, description="bias on the attention output projection too (GPT-2/3, OPT; Llama's "
                                   "attention_bias); Qwen2 biases q, k and v only")
    mlp_bias: bool = False
    norm: Literal["rmsnorm", "layernorm"] = "rmsnorm"
    position_embeddings: int = Field(default=0, ge=0, le=2**24, description="learned positions (GPT-2/3, OPT)")
    rope_theta: float | None = Field(
        default=None, ge=1.0, le=1e9, exclude_if=lambda theta: theta is None,
        description="base of the rotary position embedding's frequencies (HF config rope_theta: Llama 2 "
                    "10,000, Llama 3 500,000, Qwen2.5 1,000,000); None = no RoPE or not given. Read by the "
                    "training launch only (Megatron-LM --rotary-base); written to files only when set")
    rope_scaling: Literal["llama3", "yarn"] | None = Field(
        default=None, exclude_if=lambda kind: kind is None,
        description="the RoPE frequency scaling the model was trained with (HF config rope_scaling.rope_type: "
                    "llama3 for Llama 3.1/3.2, yarn for DeepSeek-V3); None = none. Read by the training launch "
                    "only; written to files only when set")
    rope_scaling_factor: float | None = Field(
        default=None, ge=1.0, le=1024.0, exclude_if=lambda factor: factor is None,
        description="HF config rope_scaling.factor (Llama 3.1: 8, Llama 3.2: 32, DeepSeek-V3: 40); None = "
                    "none [ratio]")
    # Mixture of experts
    n_experts: int = Field(default=0, ge=0, le=4096)
    experts_per_token: int = Field(default=0, ge=0, le=256)
    n_shared_experts: int = Field(default=0, ge=0, le=64)
    expert_ffn: int | None = Field(default=None, ge=1, le=1_048_576)
    first_dense_layers: int = Field(default=0, ge=0, le=1024)
    expert_groups: int = Field(
        default=0, ge=0, le=4096, description="groups the routed experts are split into for group-limited routing "
                                              "(HF config n_group; DeepSeek-V3: 8, one per node at 64-way expert "
                                              "parallelism; 0 = routing is not limited)")
    expert_groups_per_token: int = Field(
        default=0, ge=0, le=4096, description="groups a token's experts may come from (HF config topk_group; "
                                              "DeepSeek-V3: 4, its 'node-limited routing')")
    # Multi-head latent attention (DeepSeek-V2/V3)
    kv_lora_rank: int | None = Field(default=None, ge=1, le=131072)
    q_lora_rank: int | None = Field(default=None, ge=1, le=131072)
    qk_rope_head_dim: int | None = Field(default=None, ge=0, le=4096)
    qk_nope_head_dim: int | None = Field(default=None, ge=0, le=4096)
    v_head_dim: int | None = Field(default=None, ge=1, le=4096)
    mtp_depth: int = Field(
        default=0, ge=0, le=16, exclude_if=lambda depth: depth == 0,
        description="multi-token prediction modules trained beside the model, each one more transformer block, "
                    "a 2h-to-h projection and a second pass through the shared output head (DeepSeek-V3 report "
                    "§2.2, depth D = 1 in training, §4.2; HF config num_nextn_predict_layers); 0 = none. Read by "
                    "the training estimate only (core/training_mtp.py); written to files only when set [count]")
    # Sliding-window attention (Mistral 7B v0.1, Gemma 2/3, gpt-oss)
    sliding_window: int | None = Field(
        default=None, ge=1, le=2**24, description="tokens a sliding-window layer attends to and caches (HF "
                                                  "config sliding_window; None = full attention) [tokens]")
    sliding_window_layers: int | None = Field(
        default=None, ge=0, le=1024, description="layers that use the window (HF layer_types "
                                                 "'sliding_attention'; None = every layer when a window is set) "
                                                 "[count]")

    @model_validator(mode="after")
    def _consistent(self) -> ModelArchitecture:
        kv = self.kv_heads
        if kv > self.n_heads or self.n_heads % kv:
            raise ValueError(f"n_kv_heads ({kv}) must divide n_heads ({self.n_heads})")
        if self.head_dim is None and not self.is_mla and self.hidden % self.n_heads:
            raise ValueError("hidden is not divisible by n_heads; give head_dim")
        if self.rope_theta is not None and self.position_embeddings:
            raise ValueError("rope_theta is for rotary positions; learned positions take none")
        if (self.rope_scaling is None) != (self.rope_scaling_factor is None) or \
                (self.rope_scaling is not None and self.rope_theta is None):
            raise ValueError("rope_scaling and rope_scaling_factor go together, with rope_theta")
        if self.is_moe:
            if not 1 <= self.experts_per_token <= self.n_experts:
                raise ValueError("experts_per_token must be between 1 and n_experts")
            if self.first_dense_layers > self.n_layers:
                raise ValueError("first_dense_layers exceeds n_layers")
            if self.expert_groups and (self.n_experts % self.expert_groups
                                       or not 1 <= self.expert_groups_per_token <= self.expert_groups):
                raise ValueError("expert_groups must divide n_experts, and expert_groups_per_token lie between 1 "
                                 "and expert_groups")
        if self.is_mla and None in (self.qk_rope_head_dim, self.qk_nope_head_dim, self.v_head_dim):
            raise ValueError("MLA needs qk_rope_head_dim, qk_nope_head_dim and v_head_dim")
        if (self.sliding_window_layers or 0) > self.n_layers:
            raise ValueError("sliding_window_layers exceeds n_layers")
        return self

    def __hash__(self) -> int:
        """The hash of the field values in field order (pydantic's own for a frozen model), worked
        out once and kept in the instance dictionary (:class:`~configurator.core.frozen_record.kept_property`'s
        place: frozen, the values never change). A cold estimate hashes the architecture for the
        scenario's memo, the products' coefficients and the parameter counts: the values once."""
        kept = self.__dict__.get("_field_hash")
        if kept is None:
            kept = self.__dict__["_field_hash"] = hash(_FIELD_VALUES(self.__dict__))
        return kept

    # ---- parameter counts (each block's: ArchitectureShapes; kept here: the counts per architecture) ----
    @kept_property
    def counts(self) -> ParamCounts:
        """All derived counts, computed once per architecture value (the architecture is frozen:
        a scenario read afresh from its JSON finds the counts of an equal architecture already
        worked out; :func:`clear_counts_memo` forgets them)."""
        key = _counts_key(self)
        filed = hash(self)  # the values' hash, kept (:meth:`__hash__`): filed with the values, compared on a hit
        kept = _COUNTS.get(filed)
        if kept is not None and kept[0] == key:
            return kept[1]
        kept = _PRESET_COUNTS.get(filed)  # a bundled preset's, worked out when the presets were loaded
        counts = kept[1] if kept is not None and kept[0] == key else self._counts()
        if len(_COUNTS) >= COUNTS_MEMO_SIZE:
            _COUNTS.clear()
        _COUNTS[filed] = (key, counts)  # one store: a thread reading alongside sees it whole
        return counts

    def total_params(self) -> int:
        """Every stored parameter [count] (Llama-3-8B: 8,030,261,248)."""
        return self.counts.total

    def active_params(self) -> int:
        """Parameters used per token (MoE: top-k experts only) [count]."""
        return self.counts.active

    def layer_params(self) -> int:
        """All transformer-layer parameters [count]."""
        return self.counts.layers

    def matmul_params(self) -> int:
        """Active parameters that take part in matrix products per token [count].

        Embedding lookups are not products; the output head is, tied or not.
        """
        return self.counts.matmul

    def kv_elements_per_token(self) -> int:
        """Cached key/value elements per token over all layers [count].

        ``2·L·n_kv·d_head`` (vLLM paper §3); MLA caches ``L·(kv_lora_rank + rope_dim)``
        (DeepSeek-V2 §2.1.2).
        """
        return self.counts.kv_per_token

    def summary(self) -> str:
        """One line for tables and reports."""
        moe = f", MoE {self.n_experts}×top-{self.experts_per_token}" if self.is_moe else ""
        window = f", window {self.sliding_window} on {self.n_sliding_layers} layers" if self.n_sliding_layers else ""
        return (
            f"{self.n_layers} layers, hidden {self.hidden}, {self.n_heads} heads "
            f"({self.kv_heads} KV), FFN {self.ffn}, vocab {self.vocab}{moe}{window}"
        )


_FIELD_VALUES = operator.itemgetter(*ModelArchitecture.__pydantic_fields__)
"""An architecture's field values in field order, from its instance dictionary (:meth:`ModelArchitecture.__hash__`)."""


# ---- presets --------------------------------------------------------------------------


PRESET_REPOSITORY_KEYS = ("source", "instruct_repo", "published_format", "published_format_source", "same_architecture")
"""A preset's keys that say where it comes from, not its architecture: the config it was read from,
its chat checkpoint's repository (read by :mod:`configurator.core.launch.model_id`), its published
weight format with that fact's source (:mod:`configurator.core.published_format`) and the other models'
repositories of its architecture (:func:`shared_architectures`)."""


@cache
def load_presets() -> dict[str, ModelArchitecture]:
    """Bundled model presets by id (``resources/models.json``)."""
    path = bundled_path("resources/models.json")
    try:
        raw = read_json_file(path)
    except JsonFileError as error:
        raise ArchitectureError(f"bundled model presets: {error}") from None
    models = raw.get("models") if isinstance(raw, dict) else None
    if not isinstance(models, dict) or not models:
        raise ArchitectureError(f"bundled model presets: {path} must hold an object 'models' of presets")
    presets = {}
    for preset_id, entry in models.items():
        if not isinstance(entry, dict):
            raise ArchitectureError(f"bundled model presets: {path}: preset '{preset_id}' is not an object")
        fields = {k: v for k, v in entry.items() if k not in PRESET_REPOSITORY_KEYS}
        try:
            presets[preset_id] = ModelArchitecture.model_validate_json(
                json.dumps({"name": preset_id, **fields}), strict=True)
        except ValidationError as error:
            raise ArchitectureError(f"bundled model presets: {path}: preset '{preset_id}': "
                                    f"{error_line(error, ModelArchitecture)}") from None
    for model in presets.values():  # the presets' counts, a table kept for the process (_PRESET_COUNTS),
        key = _counts_key(model)  # worked out on a copy: the derived values it keeps stay off the preset
        copy = ModelArchitecture.model_construct(**dict(zip(ModelArchitecture.__pydantic_fields__, key[1:])))
        _PRESET_COUNTS[hash(model)] = (key, copy._counts())
    return presets


@cache
def shared_architectures() -> dict[str, tuple[str, ...]]:
    """Preset id -> the Hugging Face repositories of other models with its architecture
    (``same_architecture`` in ``resources/models.json``: DeepSeek-R1-Distill-Qwen-32B is Qwen 2.5 32B's)."""
    models = read_json_file(bundled_path("resources/models.json")).get("models", {})
    return {preset_id: tuple(entry.get("same_architecture", ())) for preset_id, entry in models.items()
            if entry.get("same_architecture")}


def preset(preset_id: str) -> ModelArchitecture:
    """The preset named ``preset_id``; ArchitectureError listing the ids otherwise (and the preset of
    the same architecture, where the name is another model's that has one: a procurement officer's
    "deepseek-r1-distill-qwen-32b" was told only the list of ids until December 2026)."""
    presets = load_presets()
    if preset_id not in presets:
        close, sizes = closest_preset(preset_id, list(presets)), nearest_sizes(preset_id, list(presets))
        same = same_architecture(preset_id, shared_architectures())
        hint = (msg("preset-same-architecture", model=same[1], preset=same[0]) if same
                else msg("preset-other-sizes", names=", ".join(sizes)) if sizes
                else msg("cli-did-you-mean", name=f"'{close}'") if close else "")
        raise said(ArchitectureError, msg("unknown-model-preset", name=preset_id, hint=hint,
                                          choices=", ".join(presets)))
    return presets[preset_id]


MIN_PARAMS, MAX_PARAMS = 1e6, 1e13
"""The sizes a model given as "about N parameters" may have [parameters]."""


def from_param_count(n_params: float, vocab: int = 32000) -> ModelArchitecture:
    """A Llama-like architecture of about ``n_params`` parameters.

    Width follows the layer-count/width ratio of the Llama family (hidden ≈ 128·layers);
    layers are then chosen so the total is as close as possible to ``n_params``.
    """
    if not MIN_PARAMS <= n_params <= MAX_PARAMS:
        raise ArchitectureError("parameter count must be between 1e6 and 1e13")
    hidden = max(128, int(round((n_params * 128 / 12) ** (1 / 3) / 128)) * 128)
    n_heads = max(1, hidden // 128)
    ffn = int(math.ceil(hidden * 8 / 3 / 256) * 256)
    probe = ModelArchitecture(n_layers=1, hidden=hidden, n_heads=n_heads, ffn=ffn, vocab=vocab)
    per_layer = probe.dense_layer_params()
    layers = max(1, round((n_params - 2 * vocab * hidden) / per_layer))
    return ModelArchitecture(name=f"~{n_params / 1e9:.3g}B", n_layers=layers, hidden=hidden, n_heads=n_heads,
                             ffn=ffn, vocab=vocab)
