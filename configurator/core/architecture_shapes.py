"""What a transformer architecture's fields imply: the widths of its projections, its MoE, MLA and
sliding-window shapes, the attention FLOPs of one query-key pair, and each block's exact parameter
count (:class:`ArchitectureShapes`, which :class:`~configurator.core.architecture.ModelArchitecture`
inherits; its fields, their checks and the counts kept per architecture are declared there). Split from
:mod:`configurator.core.architecture`."""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.formulas import attention_flops, kv
from configurator.core.frozen_record import kept_property


@dataclass(frozen=True)
class ParamCounts:
    """Derived parameter counts of one architecture [count]."""

    total: int
    active: int
    matmul: int
    layers: int
    kv_per_token: int


class ArchitectureShapes:
    """The shapes and parameter counts derived from an architecture's fields (a mixin of
    :class:`~configurator.core.architecture.ModelArchitecture`: it declares no field and reads ``self``'s)."""

    # ---- derived shapes -------------------------------------------------------------
    @kept_property
    def kv_heads(self) -> int:
        return self.n_kv_heads or self.n_heads

    @kept_property
    def dim_per_head(self) -> int:
        return self.head_dim or self.hidden // self.n_heads

    @kept_property
    def is_moe(self) -> bool:
        return self.n_experts > 0

    @kept_property
    def is_mla(self) -> bool:
        return self.kv_lora_rank is not None

    @kept_property
    def q_dim(self) -> int:
        """Width of the query projection [elements]."""
        if self.is_mla:
            return self.n_heads * (self.qk_nope_head_dim + self.qk_rope_head_dim)
        return self.n_heads * self.dim_per_head

    @kept_property
    def kv_dim(self) -> int:
        """Width of one of the key/value projections [elements]."""
        if self.is_mla:
            return self.n_heads * self.v_head_dim
        return self.kv_heads * self.dim_per_head

    @kept_property
    def attn_out_dim(self) -> int:
        """Width of the attention output before the output projection [elements]."""
        return self.n_heads * self.v_head_dim if self.is_mla else self.q_dim

    @kept_property
    def prompt_pair_flops(self) -> float:
        """Attention FLOPs of one query–key pair in one layer as a prompt runs it [FLOP]: queries
        and keys of ``q_dim``, values of ``attn_out_dim`` over the heads, MLA decompressed
        (:func:`~configurator.core.formulas.attention_flops.pair_flops`); ``4·q_dim`` without MLA."""
        h = self.n_heads
        return attention_flops.pair_flops(h, self.q_dim / h, self.attn_out_dim / h)

    @kept_property
    def decode_pair_flops(self) -> float:
        """Attention FLOPs of one cached token in one layer for one decoded position [FLOP]: MLA
        absorbed, over its cached latent and rope key
        (:func:`~configurator.core.formulas.attention_flops.absorbed_mla_pair_flops`), else as a
        prompt's pair (:attr:`prompt_pair_flops`)."""
        if self.is_mla:
            return attention_flops.absorbed_mla_pair_flops(self.n_heads, self.kv_lora_rank, self.qk_rope_head_dim)
        return self.prompt_pair_flops

    @property
    def n_sliding_layers(self) -> int:
        """Layers attending to a sliding window rather than the whole context [count]."""
        if self.sliding_window is None:
            return 0
        return self.n_layers if self.sliding_window_layers is None else self.sliding_window_layers

    def attended_tokens(self, context: float) -> float:
        """Cached (and attended) tokens per layer of one sequence at ``context``, averaged over
        the layers [tokens]: full layers keep all ``c``, sliding layers ``min(c, w)``
        (Beltagy et al. 2020 §3.1; Mistral 7B, Jiang et al. 2023 §2: a rolling buffer of ``w``
        entries). KV memory and decode reads per sequence are this × the per-token cache."""
        sliding = self.n_sliding_layers
        if not sliding:
            return context
        window = min(context, self.sliding_window)
        return ((self.n_layers - sliding) * context + sliding * window) / self.n_layers

    def causal_pairs(self, prompt: float) -> float:
        """Query–key pairs a causal prompt of ``P`` tokens forms, summed over layers [count]:
        ``P²/2`` in a full layer, ``w·P − w²/2`` in a sliding layer once ``P > w``."""
        full = prompt * prompt / 2
        sliding = self.n_sliding_layers
        if not sliding or prompt <= self.sliding_window:
            return self.n_layers * full
        w = self.sliding_window
        return (self.n_layers - sliding) * full + sliding * (w * prompt - w * w / 2)

    @kept_property
    def n_moe_layers(self) -> int:
        return self.n_layers - self.first_dense_layers if self.is_moe else 0

    @kept_property
    def n_dense_layers(self) -> int:
        return self.n_layers - self.n_moe_layers

    @property
    def routed_ffn(self) -> int:
        return self.expert_ffn or self.ffn

    @kept_property
    def up_projection_params(self) -> int:
        """Parameters of one layer's MLA up-projections (queries from their latent, keys and values
        from theirs), 0 without MLA [count]: ``q_rank·heads·(nope + rope) + kv_rank·heads·(nope + v)``
        (DeepSeek-V2 §2.1.2; the query's when ``q_lora_rank`` is set)."""
        if not self.is_mla:
            return 0
        h, rope, nope, v = self.n_heads, self.qk_rope_head_dim, self.qk_nope_head_dim, self.v_head_dim
        q = self.q_lora_rank * h * (nope + rope) if self.q_lora_rank else 0
        return q + self.kv_lora_rank * h * (nope + v)

    @kept_property
    def mlp_copies_per_token(self) -> float:
        """MLP (expert) inputs one token makes, averaged over layers [count]: 1 in a dense layer,
        top-k + shared experts in an MoE layer."""
        if not self.is_moe:
            return 1.0
        return (self.n_dense_layers + self.n_moe_layers * (self.experts_per_token + self.n_shared_experts)) \
            / self.n_layers

    @kept_property
    def mlp_token_width(self) -> float:
        """MLP inner width a token passes through, averaged over layers [elements].

        Dense: ``ffn``; MoE: (top-k + shared) × expert ffn (a token visits only its experts).
        """
        if not self.is_moe:
            return float(self.ffn)
        moe_width = (self.experts_per_token + self.n_shared_experts) * self.routed_ffn
        return (self.n_dense_layers * self.ffn + self.n_moe_layers * moe_width) / self.n_layers

    # ---- parameter counts -----------------------------------------------------------
    def attention_params(self) -> int:
        """Parameters of one attention block [count].

        Standard/GQA: ``d·q + 2·d·kv + q·d`` (+ q, k, v biases, + the output projection's ``d``);
        MLA per DeepSeek-V2 §2.1. GPT-2 small so counts 124,439,808 parameters, as its checkpoint
        (Hugging Face openai-community/gpt2: c_attn and c_proj both carry a bias).
        """
        d = self.hidden
        if self.is_mla:
            rope, nope, v = self.qk_rope_head_dim, self.qk_nope_head_dim, self.v_head_dim
            h, kv_rank = self.n_heads, self.kv_lora_rank
            if self.q_lora_rank:
                q = d * self.q_lora_rank + self.q_lora_rank + self.q_lora_rank * h * (nope + rope)
            else:
                q = d * h * (nope + rope)
            kv = d * (kv_rank + rope) + kv_rank + kv_rank * h * (nope + v)
            return q + kv + h * v * d
        q, kv = self.q_dim, self.kv_dim
        bias = (q + 2 * kv) if self.attention_bias else 0
        bias += d if self.attention_output_bias else 0
        return d * q + 2 * d * kv + q * d + bias

    def mlp_params(self, inner: int) -> int:
        """Parameters of one MLP with inner size ``inner``: gated ``3·d·f``, plain ``2·d·f``."""
        matrices = 3 if self.gated_mlp else 2
        bias = (inner + self.hidden) if self.mlp_bias else 0
        return matrices * self.hidden * inner + bias

    def norm_params(self) -> int:
        """Parameters of one normalisation layer (RMSNorm ``d``, LayerNorm ``2·d``)."""
        return self.hidden * (2 if self.norm == "layernorm" else 1)

    def moe_params(self) -> int:
        """Parameters of one MoE block: router, routed experts and shared experts."""
        router = self.n_experts * self.hidden
        experts = self.n_experts * self.mlp_params(self.routed_ffn)
        shared = self.n_shared_experts * self.mlp_params(self.routed_ffn)
        return router + experts + shared

    def moe_active_params(self) -> int:
        """Parameters one token uses in an MoE block (top-k routed + shared + router)."""
        used = self.experts_per_token + self.n_shared_experts
        return self.n_experts * self.hidden + used * self.mlp_params(self.routed_ffn)

    def dense_layer_params(self) -> int:
        return self.attention_params() + self.mlp_params(self.ffn) + 2 * self.norm_params()

    def moe_layer_params(self) -> int:
        return self.attention_params() + self.moe_params() + 2 * self.norm_params()

    def embedding_params(self) -> int:
        """Token (and learned position) embeddings [count]."""
        return self.vocab * self.hidden + self.position_embeddings * self.hidden

    def head_params(self) -> int:
        """Output projection to the vocabulary; 0 when tied to the embedding."""
        return 0 if self.tied_embeddings else self.vocab * self.hidden

    def _layer_params(self) -> int:
        return (
            self.n_dense_layers * self.dense_layer_params()
            + self.n_moe_layers * self.moe_layer_params()
        )

    def _counts(self) -> ParamCounts:
        """:attr:`~configurator.core.architecture.ModelArchitecture.counts` worked out: each block's
        parameters once (the sums of
        :meth:`dense_layer_params`, :meth:`moe_layer_params` and :meth:`_active_params`, in integers)."""
        attention, norm = self.attention_params(), self.norm_params()
        dense_layer = attention + self.mlp_params(self.ffn) + 2 * norm
        n_dense, n_moe = self.n_dense_layers, self.n_moe_layers
        layers = n_dense * dense_layer + (n_moe * (attention + self.moe_params() + 2 * norm) if n_moe else 0)
        embedding, head = self.embedding_params(), self.head_params()
        total = layers + embedding + head + norm
        if self.is_moe:
            active = n_dense * dense_layer + n_moe * (attention + self.moe_active_params() + 2 * norm) \
                + embedding + head + norm
        else:
            active = total
        matmul = active - embedding + self.vocab * self.hidden - head
        return ParamCounts(total=total, active=active, matmul=matmul, layers=layers,
                           kv_per_token=self._kv_elements_per_token())

    def _active_params(self, total: int) -> int:
        if not self.is_moe:
            return total
        moe_active_layer = self.attention_params() + self.moe_active_params() + 2 * self.norm_params()
        return (
            self.n_dense_layers * self.dense_layer_params()
            + self.n_moe_layers * moe_active_layer
            + self.embedding_params()
            + self.head_params()
            + self.norm_params()
        )

    def _kv_elements_per_token(self) -> int:
        """The formula layer's cache per token at one byte an element (:mod:`.formulas.kv`)."""
        if self.is_mla:
            return kv.mla_cache_bytes_per_token(self.n_layers, self.kv_lora_rank, self.qk_rope_head_dim, 1)
        return kv.kv_cache_bytes_per_token(self.n_layers, self.kv_heads, self.dim_per_head, 1)
