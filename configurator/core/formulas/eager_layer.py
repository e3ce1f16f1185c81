"""A transformer layer run op by op in eager PyTorch: the traffic of its elementwise kernels per
token and the kernels it launches, for the prompt of an engine without fused kernels
(``EngineProfile.prompt_eager_op_host_s``: Hugging Face transformers).

Counted on the layer the H200 rig ran (``benchmarks/gpu_grid_torch.py``: ``RMSNorm``, ``rotate``,
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
"""

from __future__ import annotations

RMSNORM_KERNELS = 9
"""Kernels of an fp32 RMSNorm run op by op: cast, square, mean, + eps, rsqrt, × rsqrt, the weight's
cast, × weight, cast back [count]."""

ROTARY_KERNELS = 5
"""Kernels of a rotate-half rotary embedding on one tensor: neg, cat, × cos, × sin, add [count]."""


def eager_layer_kernels(gated_mlp: bool = True) -> int:
    """Kernels one layer launches (module table): two RMSNorms, rotary on q and k, seven products
    (six without a gate), SDPA, the attention output's copy, two residual adds and the MLP's
    activation (and the gate product) [count]: 41 for a Llama layer."""
    products = 7 if gated_mlp else 6
    activation = 2 if gated_mlp else 1
    return 2 * RMSNORM_KERNELS + 2 * ROTARY_KERNELS + products + 1 + 1 + 2 + activation


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
