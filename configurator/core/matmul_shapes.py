"""The matrix products of a model's layers, and the share of the card's peak they sustain together.

One pass of ``T`` tokens through a decoder layer on one of ``tp`` tensor-parallel ranks runs
these products (Shoeybi et al. 2019 §3: column-parallel in, row-parallel out), each
``m × n × k`` = tokens × output × reduced features:

- query/key/value: ``T × (q + 2·kv)/tp × d``; attention output: ``T × d × q/tp``
  (MLA: its projections as one product of the same parameters);
- dense MLP: ``T × (2 or 1)·f/tp × d`` (gate and up fused) and ``T × d × f/tp``;
- MoE: each routed expert sees ``T·top_k·ep/E`` of the tokens (uniform routing; with expert
  parallelism over ``ep`` ranks the ``ep`` ranks' tokens meet at the experts of each), shared
  experts all ``T``; a routed expert's products split over ``expert_tp`` ranks, which is ``tp``
  when tensor parallelism slices every expert and 1 when expert parallelism keeps each whole on
  its card (:attr:`~configurator.core.scenario.Scenario.expert_tensor_parallel`): TP 8 × EP 8
  serving DeepSeek-V3 (8 of 256 experts a token) runs ``T/32 × 4096 × 7168`` per expert, TP 8
  alone ``T/32 × 512 × 7168``;
- the output head once per stage: ``T × vocab/tp × d``, or ``h × vocab/tp × d`` where only ``h``
  of the pass's positions are sampled (a prompt's last token: ``head_rows``).

Training adds the two backward products of each: the input gradient ``T × k × n`` and the weight
gradient ``k × n × T`` (reduction over the tokens). The products' time at their efficiency
(:func:`~configurator.core.formulas.gemm_efficiency.gemm_efficiency`) summed, over their FLOPs,
gives one efficiency: the FLOP-weighted harmonic mean ``Σ w / Σ (w/η)``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import numpy as np

from configurator.core.architecture import ModelArchitecture
from configurator.core.catalog import Card
from configurator.core.formulas.gemm_efficiency import M_SPLIT, gemm_family, gemm_fit, row_inverse
from configurator.core.memo import LastAsked


def _layer_products_rows(model: ModelArchitecture) -> tuple[tuple[float, float, bool, float, bool], ...]:
    """:func:`_products_rows` of ``model``, the last given again for the same model object (kept by
    identity, not by value: hashing a model costs more than a cold estimate's one use saves; the
    coefficients, kept by value, ask only on their own miss)."""
    last = _LAST_ROWS.kept
    if last is not None and last[0] is model:
        return last[1]
    rows = _products_rows(model)
    _LAST_ROWS.kept = (model, rows)
    return rows


_LAST_ROWS = LastAsked()
"""The last model's products (:func:`_layer_products_rows`): (model, rows), the model held here."""


def _products_rows(model: ModelArchitecture) -> tuple[tuple[float, float, bool, float, bool], ...]:
    """One average layer's products, per token: ``(n, k, split n, weight, expert)`` each.

    ``n`` and ``k`` before tensor parallelism [elements], whether ``tp`` splits ``n`` (column
    parallel) or ``k`` (row parallel), the FLOP weight (parameters used per token, averaged over
    the layers) and whether the product runs on routed-expert tokens.
    """
    d, layers = float(model.hidden), model.n_layers
    rows: list[tuple[float, float, bool, float, bool]] = []
    if model.is_mla:
        attention = model.attention_params()
        rows.append((attention / (2.0 * d), d, True, float(attention), False))
    else:
        q, kv, out = model.q_dim, model.kv_dim, model.attn_out_dim
        rows.append((float(q + 2 * kv), d, True, d * (q + 2 * kv), False))
        rows.append((d, float(out), False, out * d, False))
    up = 2 if model.gated_mlp else 1
    if model.n_dense_layers:
        share, f = model.n_dense_layers / layers, float(model.ffn)
        rows.append((up * f, d, True, share * up * f * d, False))
        rows.append((d, f, False, share * f * d, False))
    if model.n_moe_layers:
        share, f = model.n_moe_layers / layers, float(model.routed_ffn)
        routed = share * model.experts_per_token
        rows.append((up * f, d, True, routed * up * f * d, True))
        rows.append((d, f, False, routed * f * d, True))
        if model.n_shared_experts:
            shared = share * model.n_shared_experts
            rows.append((up * f, d, True, shared * up * f * d, False))
            rows.append((d, f, False, shared * f * d, False))
    return tuple(rows)


def _at_least_one(x):
    """``max(x, 1)`` for a number or an array."""
    return max(x, 1.0) if isinstance(x, float) else np.maximum(x, 1.0)


def matmul_efficiency_by_shape(model: ModelArchitecture, card: Card, precision: str, tokens, tp=1, ep=1,
                               layers=None, training: bool = True, expert_tp=None, head_rows=None, spread=1):
    """Share of ``card``'s dense peak that the products of ``layers`` layers (the model's all by
    default) and the output head sustain together, ``tokens`` per pass on one of ``tp`` ranks
    [-]; ``tokens``, ``tp``, ``ep`` and ``layers`` may be arrays (broadcast). ``expert_tp``: the
    ranks a routed expert's products split over (``tp`` when not given; 1 when expert
    parallelism keeps the experts whole, module docstring).

    ``head_rows``: the positions of the pass whose logits are computed, the head's ``m`` (a
    number, forward only): ``tokens`` when not given (every decoding token samples, training's
    loss reads every position); a prompt's chunk samples one position per prompt in it
    (:func:`~configurator.core.prefill_time.prefill_flops`), so its head is ``head_rows ×
    vocab/tp × d`` and weighs ``head_rows/tokens`` of a token's head FLOPs.

    ``training``: with the two backward products of each (module docstring), else the forward
    alone (prefill, decode).

    ``spread``: the routed experts' products of these tokens run on ``spread`` times the cards
    the rest runs on, so each card of the pass spends ``1/spread`` of their time on them (a prompt
    alone on a copy whose experts ``spread`` copies share, attention data parallel: the other
    copies' cards run its tokens' experts beside it, ``ep`` 1 as its tokens meet at them alone).

    Cheap in the tokens: each product's ``1/η`` is ``1/r(m)·c`` (forward and input gradient;
    :func:`~configurator.core.formulas.gemm_efficiency.row_inverse`) or ``(1 + k½/m)·c`` (weight
    gradient, reduced over the ``m`` tokens) with ``c`` fixed by its
    ``n``, ``k`` and the tensor-parallel split, so the sum over products is four coefficients
    (:func:`_coefficients`) times four functions of the tokens.
    """
    layers = model.n_layers if layers is None else layers
    expert_tp = tp if expert_tp is None else expert_tp
    last, precision_name = _LAST_LAYOUT.kept, str(precision)
    if last is not None and last[0] is model and last[1] is card and type(tp) is int and type(ep) is int \
            and type(expert_tp) is int and last[2] == (precision_name, tp, ep, training, expert_tp):
        coef, mh, kh = last[3]
        if not training and (type(tokens) is int or type(tokens) is float) and type(layers) is int:
            return _plain_forward_efficiency(coef, mh, tokens, layers, head_rows, model.is_moe, spread)
    else:
        family = gemm_family(card.architecture, card.is_consumer, card.id)
        _, mh, _, kh = gemm_fit(family, precision_name)
        if isinstance(tp, _NUMBERS) and isinstance(ep, _NUMBERS) and isinstance(expert_tp, _NUMBERS):
            coef = _cached_coefficients(model, family, precision_name, float(tp), float(ep), training,
                                        float(expert_tp))
            if type(tp) is int and type(ep) is int and type(expert_tp) is int:  # the serving copy's layout, kept
                _LAST_LAYOUT.kept = (model, card, (precision_name, tp, ep, training, expert_tp), (coef, mh, kh))
        else:
            coef = _coefficients(model, family, precision_name, tp, ep, training, expert_tp)
    dense_m, dense_k, routed_m, routed_k, head_m, head_k, layer_w, head_w, routed_share = coef
    scalar = isinstance(tokens, _NUMBERS)
    t = max(float(tokens), 1.0) if scalar else np.maximum(np.asarray(tokens, dtype=float), 1.0)
    rows_t = row_inverse(t, mh)
    per_layer = dense_m * rows_t
    head = head_m * rows_t
    head_work = head_w
    if head_rows is not None and not training:  # only head_rows of the tokens sampled, at their own m
        sampled = max(float(head_rows), 1.0) / t
        head, head_work = head_m * row_inverse(max(float(head_rows), 1.0), mh) * sampled, head_w * sampled
    if training:  # the weight gradients, reduced over the tokens
        reduced = 1.0 + kh / t
        per_layer = per_layer + dense_k * reduced
        head = head + head_k * reduced
    if model.is_moe:
        r = t * routed_share
        r = max(r, 1.0) if isinstance(r, float) else np.maximum(r, 1.0)
        per_layer = per_layer + routed_m * row_inverse(r, mh) / spread
        if training:
            per_layer = per_layer + routed_k * (1.0 + kh / r)
    passes = 3.0 if training else 1.0
    time = layers * per_layer + head
    eff = passes * (layers * layer_w + head_work) / time
    return eff if isinstance(eff, float) else (float(eff) if np.ndim(eff) == 0 else eff)


def _plain_forward_efficiency(coef: tuple, mh: float, tokens: float, layers: int, head_rows, moe: bool,
                              spread=1) -> float:
    """:func:`matmul_efficiency_by_shape` of a forward pass (``training`` False) at plain-number tokens and
    layers from the layout's kept coefficients ``coef`` and the fit's ``m½`` [-]: the same operations in
    the same order, :func:`~configurator.core.formulas.gemm_efficiency.row_inverse` written out and the
    forward pass's ``× 1.0`` left out (the same number): a serving copy's prompt asks once."""
    dense_m, _, routed_m, _, head_m, _, layer_w, head_w, routed_share = coef
    t = max(float(tokens), 1.0)
    rows_t = 1.0 + mh / t if t >= mh else (1.0 + M_SPLIT / t) * 2.0 * mh / (mh + M_SPLIT)
    per_layer = dense_m * rows_t
    head = head_m * rows_t
    head_work = head_w
    if head_rows is not None:  # only head_rows of the tokens sampled, at their own m
        rows = max(float(head_rows), 1.0)
        sampled = rows / t
        head = head_m * (1.0 + mh / rows if rows >= mh else (1.0 + M_SPLIT / rows) * 2.0 * mh / (mh + M_SPLIT)) \
            * sampled
        head_work = head_w * sampled
    if moe:
        r = t * routed_share
        r = max(r, 1.0)
        routed = 1.0 + mh / r if r >= mh else (1.0 + M_SPLIT / r) * 2.0 * mh / (mh + M_SPLIT)
        per_layer = per_layer + (routed_m * routed if spread == 1 else routed_m * routed / spread)
    return (layers * layer_w + head_work) / (layers * per_layer + head)


def forward_coefficients(model: ModelArchitecture, card: Card, precision: str, tp: int, ep: int, expert_tp: int
                         ) -> tuple[float, ...]:
    """What :func:`matmul_efficiency_by_shape` of a forward pass (``training=False``) at a whole-number
    layout reads besides the tokens: ``(dense_m, routed_m, head_m, layer_w, head_w, routed_share,
    m½)`` (:func:`_coefficients`, the fit's ``m½``), for a caller that works the efficiency out at
    many token counts itself with the same operations (the decode step table)."""
    precision_name = str(precision)
    last = _LAST_LAYOUT.kept  # the copy's prefill asked for the same layout just before (no model hashed again)
    if last is not None and last[0] is model and last[1] is card and type(tp) is int and type(ep) is int \
            and type(expert_tp) is int and last[2] == (precision_name, tp, ep, False, expert_tp):
        coef, mh, _ = last[3]
        dense_m, _, routed_m, _, head_m, _, layer_w, head_w, routed_share = coef
        return dense_m, routed_m, head_m, layer_w, head_w, routed_share, mh
    family = gemm_family(card.architecture, card.is_consumer, card.id)
    coef = _cached_coefficients(model, family, precision_name, float(tp), float(ep), False, float(expert_tp))
    _, mh, _, kh = gemm_fit(family, precision_name)
    if type(tp) is int and type(ep) is int and type(expert_tp) is int:  # kept as matmul_efficiency_by_shape keeps it
        _LAST_LAYOUT.kept = (model, card, (precision_name, tp, ep, False, expert_tp), (coef, mh, kh))
    dense_m, _, routed_m, _, head_m, _, layer_w, head_w, routed_share = coef
    return dense_m, routed_m, head_m, layer_w, head_w, routed_share, mh


_LAST_LAYOUT = LastAsked()
"""The last plain-number layout's coefficients and fit, ``(model, card, (precision, tp, ep,
training, expert_tp), (coefficients, m½, k½))``, the model and card by identity: a serving copy
asks for its prefill, decode and prompt products in turn (cleared with the shape caches)."""


_NUMBERS = (int, float, np.integer, np.floating)
"""Scalar types that take the cached, plain-float path."""


@lru_cache(maxsize=1024)
def _cached_coefficients(model: ModelArchitecture, family: str, precision: str, tp: float, ep: float,
                         training: bool, expert_tp: float) -> tuple[float, ...]:
    """:func:`_coefficients` for one tensor- and expert-parallel layout, kept (a forward pass's by
    :func:`_forward_coefficients`, the same numbers)."""
    if not training:
        return _forward_coefficients(model, family, precision, tp, ep, expert_tp)
    return _coefficients(model, family, precision, tp, ep, training, expert_tp)


def _forward_coefficients(model: ModelArchitecture, family: str, precision: str, tp: float, ep: float,
                          expert_tp: float) -> tuple[float, ...]:
    """:func:`_coefficients` of a forward pass (``training`` False) at a plain-number layout: the same
    operations in the same order, its ``c`` written out (no functions made, no call per product) and
    the backward weights 0.0 (a forward pass has none: ``0.0 + w·0.0`` is 0.0 for the finite, positive
    FLOP weights). A cold serving estimate asks once, for its decode step and prompt."""
    e, _, nh, kh = gemm_fit(family, precision)
    dense_m = routed_m = 0.0
    layer_w = 0  # sum() of the weights, as _coefficients adds them: from 0, in the rows' order
    for n, k, split_n, w, expert in _layer_products_rows(model):
        if split_n:
            n = n / (expert_tp if expert else tp)
        else:
            k = k / (expert_tp if expert else tp)
        if 1.0 > n:
            n = 1.0
        if 1.0 > k:
            k = 1.0
        if expert:
            routed_m = routed_m + w * ((n + nh) * (k + kh) / (e * n * k))
        else:
            dense_m = dense_m + w * ((n + nh) * (k + kh) / (e * n * k))
        layer_w = layer_w + w
    head_w = float(model.vocab * model.hidden)
    head_n, d = model.vocab / tp, float(model.hidden)
    head_n = 1.0 if 1.0 > head_n else head_n
    d = 1.0 if 1.0 > d else d
    head_m = head_w * ((head_n + nh) * (d + kh) / (e * head_n * d))
    routed_share = model.experts_per_token * ep / model.n_experts if model.is_moe else 1.0
    return dense_m, 0.0, routed_m, 0.0, head_m, 0.0, float(layer_w), head_w, routed_share


def _coefficients(model: ModelArchitecture, family: str, precision: str, tp, ep, training: bool,
                  expert_tp=None) -> tuple:
    """The token-free parts of ``Σ w/η`` (``tp``, ``ep``, ``expert_tp`` numbers or arrays;
    ``expert_tp`` ``tp`` when not given): for the dense and the routed-expert products of one
    layer and for the head, the weights of ``(1 + m½/m)`` and of ``(1 + k½/m)``; then the layer's
    and the head's FLOP weights per pass and the share of the tokens each routed expert sees
    (``top_k·ep/E``)."""
    expert_tp = tp if expert_tp is None else expert_tp
    e, mh, nh, kh = gemm_fit(family, precision)

    def c(n, k):
        """``(n + n½)·(k + k½) / (E·n·k)`` with sizes below 1 counted as 1."""
        if type(n) is float and type(k) is float:  # _at_least_one's max(x, 1.0) written out, no call
            n, k = 1.0 if 1.0 > n else n, 1.0 if 1.0 > k else k
        else:
            n, k = _at_least_one(n), _at_least_one(k)
        return (n + nh) * (k + kh) / (e * n * k)

    def c_weight(rows, n):
        """The weight gradient's ``1/r(rows)·(n + n½) / (E·n)``: its rows are a feature size."""
        rows, n = _at_least_one(rows), _at_least_one(n)
        return row_inverse(rows, mh) * (n + nh) / (e * n)

    dense_m = dense_k = routed_m = routed_k = 0.0
    rows = _layer_products_rows(model)  # read once: each call hashes the model
    for n, k, split_n, w, expert in rows:
        split = expert_tp if expert else tp
        n_tp, k_tp = (n / split, k) if split_n else (n, k / split)
        on_m = c(n_tp, k_tp)  # forward: T × n × k
        on_k = 0.0
        if training:
            on_m = on_m + c(k_tp, n_tp)  # input gradient: T × k × n
            on_k = c_weight(k_tp, n_tp)  # weight gradient: k × n × T
        if expert:
            routed_m, routed_k = routed_m + w * on_m, routed_k + w * on_k
        else:
            dense_m, dense_k = dense_m + w * on_m, dense_k + w * on_k
    head_w = float(model.vocab * model.hidden)
    head_n, d = model.vocab / tp, float(model.hidden)
    head_m = head_w * c(head_n, d)
    head_k = 0.0
    if training:
        head_m = head_m + head_w * c(d, head_n)
        head_k = head_w * c_weight(d, head_n)
    layer_w = float(sum(row[3] for row in rows))
    routed_share = model.experts_per_token * ep / model.n_experts if model.is_moe else 1.0
    return dense_m, dense_k, routed_m, routed_k, head_m, head_k, layer_w, head_w, routed_share


_CLEARED_WITH_SHAPES: list[Callable[[], None]] = []
"""Other modules' kept results that depend on these shapes (the decode step tables), cleared with them."""


def clear_with_shapes(clear: Callable[[], None]) -> Callable[[], None]:
    """``clear`` (a function that forgets kept results) called by :func:`clear_shape_caches` too."""
    _CLEARED_WITH_SHAPES.append(clear)
    return clear


def clear_shape_caches() -> None:
    """Forget the kept products and coefficients of every model, and what is kept with them
    (:func:`clear_with_shapes`; cold benchmarks clear them)."""
    for cached in (_cached_coefficients, gemm_family):
        cached.cache_clear()
    _LAST_LAYOUT.clear()
    _LAST_ROWS.clear()
    for clear in _CLEARED_WITH_SHAPES:
        clear()
