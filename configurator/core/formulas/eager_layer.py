"""A transformer layer run op by op in eager PyTorch: the traffic of its elementwise kernels per
token and the kernels it launches, for the prompt of an engine without fused kernels
(``EngineProfile.prompt_eager_op_host_s``: Hugging Face transformers).

Counted on the layer the H200 rig ran (``benchmarks/gpu_grid_model.py``: ``RMSNorm``, ``rotate``,
``Block.forward``, written as Hugging Face's ``LlamaDecoderLayer`` computes it: fp32 RMSNorm,
rotate-half rotary embeddings, SDPA, SwiGLU), with ``e`` bytes per activation element (2 in 16-bit)
and each kernel reading its inputs and writing its output once:

=================================  =========  ============================================
op                                 kernels    bytes per token
=================================  =========  ============================================
RMSNorm, twice                     9 each     cast (e + 4)·h, square 8·h, mean 4·h, times
                                              rsqrt 8·h, times weight 8·h, cast back
                                              (4 + e)·h (+ eps, rsqrt, the weight's cast:
                                              per token scalars or per layer)
rotary on q and on k               5 each     neg 2e, cat 2e, × cos 2e, × sin 2e, add 3e
                                              per element (10·e)
attention output to token major    1          read and write 2·e per q element
                                              (``transpose(1, 2).reshape``: a copy)
residual adds                      2          3·e·h each
SwiGLU                             2          SiLU 2·e·f, the gate product 3·e·f
                                              (a plain MLP: its activation, 2·e·f)
products (q, k, v, o, gate, up,    7 (6)      the products' own traffic is the
down) and SDPA                     1          roofline's, not counted here
=================================  =========  ============================================

Llama 3 8B (h 4,096, q 4,096, k 1,024, f 14,336) in bf16: 639 kB per token per layer, 41 kernels.
Hugging Face's RMSNorm multiplies the weight after the cast back (``self.weight *
hidden_states.to(input_dtype)``: 6 kernels, 36·h at e = 2), 4 % of the count less. Fused engines
(vLLM's ``fused_add_rms_norm`` and ``silu_and_mul``, TensorRT-LLM's plugins) move a fraction of
this and are not described here.

Under tensor parallelism the norms and residual adds run whole on every rank (the hidden state is
replicated); rotary, the attention output and the MLP's activation run on each rank's share.

A training step runs the layer's backward too, each forward op's autograd node launching its
kernels (counted on PyTorch's derivatives of the same ops, ``tools/autograd/derivatives.yaml``):

=================================  =========  ============================================
op's backward                      kernels    what runs
=================================  =========  ============================================
RMSNorm, twice                     14 each    cast 1, pow 3 (``pow_backward``: the power,
                                              its scale, the product with the gradient),
                                              mean 1 (the divided expand), rsqrt 3
                                              (``-0.5·g·r³``), × rsqrt 3 (both gradients
                                              and the sum over the row), × weight 1, cast
                                              back 1, the upcast input's two gradients
                                              summed 1; a trained weight's gradient 2 more
                                              (product and sum over tokens)
rotary on q and on k               5 each     × sin 1, neg 1, × cos 1, the halves joined
                                              1, the two paths' gradients summed 1
SDPA                               3          FlashAttention-2's backward: the dO·O
                                              preprocess, the main kernel, dQ's
                                              conversion from its fp32 accumulator
attention output, q, k, v views    1 + 3      each gradient copied back from head-major
products                           7 (6)      the input's gradient; a trained weight's
                                              gradient 7 (6) more
residual stream                    2          its gradient summed where it forks into
                                              each norm and residual add
shared inputs                      3 (2)      q, k and v read one normed input (2 sums),
                                              gate and up the other (1)
SwiGLU                             3 (1)      SiLU's derivative, the gate product's two
                                              gradients (a plain MLP: its activation's)
=================================  =========  ============================================

A frozen Llama layer's backward launches 60 kernels, a trained one's 71 (1.5 and 1.7 times the
forward's 41); under PyTorch AMP with fp32 weights each product's weight is cast to 16-bit once a
forward and its gradient back once a backward (7 kernels each way). A fused RMSNorm (Triton,
torchtitan's ``fused_rmsnorm``) is one kernel forward and two backward (the input's gradient, the
weight's partial sums).

A layer recomputed in backward (``torch.utils.checkpoint(..., use_reentrant=False)``, the rig's
``recompute full``) does not simply run its forward again. The re-forward stops once the last tensor
the original forward saved for backward is rebuilt (``early_stop``, on by default: the residual add
after the down projection is not rerun), and the checkpoint's pack hook detaches every rebuilt tensor
that requires a gradient before it keeps it (``torch/utils/checkpoint.py``,
``_recomputation_hook.pack_hook``: ``x = x.detach() if x.requires_grad else x``; its own debug text:
"Differences in detach calls between the original forward and the recomputation are expected"), one
more op on the host each. The tensors each op saves are those its gradient formulas read
(``derivatives.yaml``; autograd's code generator saves a factor only when the gradient that reads it
is needed, ``should_compute_output``):

=================================  =========  ============================================
op                                 saved      what
                                   with grad
=================================  =========  ============================================
RMSNorm, twice                     4 each     pow's input, rsqrt's result, both factors of
                                              × rsqrt; a trained weight and its input 2
                                              more (a frozen weight is saved without grad)
products (q, k, v, o, gate, up,    0 (2)      a frozen weight (saved, without grad) for the
down)                                         input's gradient; trained: the input and the
                                              weight each
SDPA                               4          q, k, v and the output (the log-sum-exp and
                                              the RNG state take no gradient)
rotary on q and on k               0          cos and sin, which take no gradient
SwiGLU                             3 (1)      SiLU's input, both factors of the gate
                                              product (a plain MLP: its activation's input)
=================================  =========  ============================================

A frozen Llama layer saves 15 tensors that take a gradient, a trained one 33 (a fused RMSNorm saves
its input, and a trained weight: 1 or 2 for the 4 or 6 of the unfused one).
"""

from __future__ import annotations

RMSNORM_KERNELS = 9
"""Kernels of an fp32 RMSNorm run op by op: cast, square, mean, + eps, rsqrt, × rsqrt, the weight's
cast, × weight, cast back [count]."""

ROTARY_KERNELS = 5
"""Kernels of a rotate-half rotary embedding on one tensor: neg, cat, × cos, × sin, add [count]."""


RMSNORM_BACKWARD_KERNELS = 14
"""Kernels of an fp32 RMSNorm's backward with a frozen weight, op by op (module's second table)
[count]; a trained weight adds :data:`NORM_WEIGHT_GRADIENT_KERNELS`."""

NORM_WEIGHT_GRADIENT_KERNELS = 2
"""Kernels of a norm weight's gradient: the product with the normed input and its sum over the
tokens [count]."""

ROTARY_BACKWARD_KERNELS = 5
"""Kernels of a rotate-half rotary embedding's backward on one tensor (module's second table) [count]."""

ATTENTION_BACKWARD_KERNELS = 3
"""Kernels of FlashAttention-2's backward as PyTorch's SDPA runs it: the dO·O preprocess, the main
kernel and dQ's conversion from its fp32 accumulator [count]."""

FUSED_NORM_KERNELS = (1, 2)
"""Kernels of a fused (Triton) RMSNorm forward and backward [count]: one kernel, then the input's
gradient and the weight's partial sums."""


def layer_products(gated_mlp: bool = True) -> int:
    """Matrix products of a dense layer: q, k, v, o and the MLP's gate, up and down (up and down
    without a gate) [count]."""
    return 7 if gated_mlp else 6


def eager_layer_kernels(gated_mlp: bool = True, fused_norm: bool = False) -> int:
    """Kernels one layer launches (module table): two RMSNorms, rotary on q and k, seven products
    (six without a gate), SDPA, the attention output's copy, two residual adds and the MLP's
    activation (and the gate product) [count]: 41 for a Llama layer (25 with fused norms,
    :data:`FUSED_NORM_KERNELS`)."""
    activation = 2 if gated_mlp else 1
    norm = FUSED_NORM_KERNELS[0] if fused_norm else RMSNORM_KERNELS
    return 2 * norm + 2 * ROTARY_KERNELS + layer_products(gated_mlp) + 1 + 1 + 2 + activation


def eager_layer_backward_kernels(gated_mlp: bool = True, trained: bool = True, fused_norm: bool = False) -> int:
    """Kernels one layer's backward launches in eager PyTorch (module's second table) [count]: two
    RMSNorms, rotary on q and k, SDPA, the layout copies of the attention output and of q, k and v,
    each product's input gradient (and its weight's, ``trained``), the residual stream's and the
    shared inputs' gradient sums and the MLP's activation: 60 for a frozen Llama layer, 71 trained.

    Parameters
    ----------
    gated_mlp : bool
        SwiGLU (gate and up) rather than one activation.
    trained : bool
        The layer's weights take gradients (full training); False for a frozen base (LoRA).
    fused_norm : bool
        Each RMSNorm one fused kernel (:data:`FUSED_NORM_KERNELS`).
    """
    products = layer_products(gated_mlp)
    if fused_norm:
        norm = FUSED_NORM_KERNELS[1]
    else:
        norm = RMSNORM_BACKWARD_KERNELS + (NORM_WEIGHT_GRADIENT_KERNELS if trained else 0)
    weight_gradients = products if trained else 0
    shared = 3 if gated_mlp else 2
    activation = 3 if gated_mlp else 1
    return (2 * norm + 2 * ROTARY_BACKWARD_KERNELS + ATTENTION_BACKWARD_KERNELS + 1 + 3 + products
            + weight_gradients + 2 + shared + activation)


ATTENTION_SAVED_TENSORS = 4
"""Tensors SDPA's flash attention saves for backward that take a gradient: q, k, v and the output
(module's third table) [count]."""

RECOMPUTE_TAIL_KERNELS = 1
"""Kernels after a layer's last saved tensor, which a re-forward that stops early does not run: the
residual add after the down projection [count]."""


def eager_layer_saved_tensors(gated_mlp: bool = True, trained: bool = True, fused_norm: bool = False) -> int:
    """Tensors one layer saves for its backward that take a gradient (module's third table) [count]:
    15 for a frozen Llama layer, 33 trained; a recomputed layer's checkpoint detaches each once more
    on the host (:func:`eager_layer_recompute_ops`).

    Parameters
    ----------
    gated_mlp : bool
        SwiGLU (gate and up) rather than one activation.
    trained : bool
        The layer's weights take gradients (full training); False for a frozen base (LoRA).
    fused_norm : bool
        Each RMSNorm one fused kernel (:data:`FUSED_NORM_KERNELS`).
    """
    weight = 1 if trained else 0
    norm = (1 if fused_norm else 4) + weight * (1 if fused_norm else 2)
    products = 2 * layer_products(gated_mlp) if trained else 0
    activation = 3 if gated_mlp else 1
    return 2 * norm + products + ATTENTION_SAVED_TENSORS + activation


def eager_layer_recompute_ops(gated_mlp: bool = True, trained: bool = True, fused_norm: bool = False) -> int:
    """Host ops of one layer's re-forward under non-reentrant checkpointing (module's third part)
    [count]: its forward's kernels (:func:`eager_layer_kernels`) less those after its last saved
    tensor (:data:`RECOMPUTE_TAIL_KERNELS`), and one detach per saved tensor that takes a gradient
    (:func:`eager_layer_saved_tensors`): 55 for a frozen Llama layer, 73 trained (41 kernels forward).

    Parameters
    ----------
    gated_mlp : bool
        SwiGLU (gate and up) rather than one activation.
    trained : bool
        The layer's weights take gradients (full training); False for a frozen base (LoRA).
    fused_norm : bool
        Each RMSNorm one fused kernel (:data:`FUSED_NORM_KERNELS`).
    """
    return (eager_layer_kernels(gated_mlp, fused_norm) - RECOMPUTE_TAIL_KERNELS
            + eager_layer_saved_tensors(gated_mlp, trained, fused_norm))


def eager_elementwise_bytes_per_token(hidden, q_dim, kv_dim, mlp_width, gated_mlp=True, element_bytes=2.0, tp=1):
    """Bytes the elementwise kernels of one layer move per token on one of ``tp`` ranks (module
    table) [B].

    Parameters
    ----------
    hidden : int
        Hidden size ``h`` [elements].
    q_dim, kv_dim : int
        Widths of the query and of one key/value projection [elements].
    mlp_width : float
        MLP inner width a token passes through (a MoE's: its experts') ``f`` [elements].
    gated_mlp : bool
        SwiGLU (gate and up) rather than one activation.
    element_bytes : float
        Bytes of an activation element ``e`` (2 in 16-bit) [B].
    tp : int
        Tensor-parallel ranks sharing q, k and the MLP [count].
    """
    e = element_bytes
    norm = (e + 4.0) + 8.0 + 4.0 + 8.0 + 8.0 + (4.0 + e)  # per hidden element, fp32 internals
    whole = 2.0 * norm * hidden + 2.0 * 3.0 * e * hidden  # norms and residual adds on every rank
    activation = (2.0 * e + 3.0 * e) if gated_mlp else 2.0 * e
    shared = 10.0 * e * (q_dim + kv_dim) + 2.0 * e * q_dim + activation * mlp_width
    return whole + shared / tp
