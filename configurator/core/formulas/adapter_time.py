"""Time the LoRA adapters add to a training micro-batch: their small kernels and rank-``r`` products.

A frozen linear ``y = W·x`` with an adapter runs ``y + s·B(A(dropout(x)))`` (Hu et al. 2021 §4.1),
as eager modules: Hugging Face peft ``tuners/lora/layer.py`` ``Linear.forward``, ``result = result +
lora_B(lora_A(dropout(x))) * scaling`` (commit 5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40), torchtune
``modules/peft/lora.py`` ``LoRALinear.forward``, ``out + (alpha / rank) * lora_b(lora_a(dropout(x)))``.
Each op is a kernel of its own, and the products have ``r`` (8-64) as one dimension, where a GEMM
reaches a small share of the peak (:func:`~configurator.core.formulas.gemm_efficiency.gemm_efficiency`).
"""

from __future__ import annotations

import numpy as np

from configurator.core.formulas.gemm_efficiency import gemm_seconds

FORWARD_KERNELS = 4
"""Kernels one adapter launches in a forward pass without dropout [count]: the ``A`` and ``B``
products, the product with the scale ``s`` and the sum with the frozen linear's output (peft's
``nn.Identity`` at dropout 0 launches none)."""

BACKWARD_KERNELS = 6
"""Kernels one adapter launches in the backward pass without dropout [count]: the scale's product,
``B``'s input and weight gradients, ``A``'s input and weight gradients, and the sum of ``A``'s input
gradient with the frozen linear's into the input's gradient (the sum's own backward passes the
gradient on)."""

SAVED_TENSORS = 4
"""Tensors one adapter saves for its backward that take a gradient [count]: each product's input and
its weight (``A``'s, ``B``'s, or their 16-bit copies under AMP), each read by the other factor's
gradient (PyTorch ``derivatives.yaml``, ``mm``: ``self: mm_mat1_backward(grad, mat2, ...)``, ``mat2:
mm_mat2_backward(grad, self, ...)``); the scale is a number and the sum saves nothing. A layer
recomputed under non-reentrant checkpointing detaches each once more
(:func:`~configurator.core.formulas.eager_layer.eager_layer_recompute_ops`)."""

TAIL_KERNELS = 2
"""Kernels an adapter launches after its last saved tensor (``B``'s product): the product with the
scale ``s`` and the sum with the frozen linear's output [count]; on the down projection, the layer's
last linear, a re-forward that stops early runs neither."""


def adapter_seconds(tokens, d_in, d_out, rank, kernel_s, peak_flops, bandwidth, element_bytes, family="generic",
                    forward_passes=1, dropout=False, cast_kernels=0, bandwidth_share=1.0):
    """Time one LoRA adapter of a ``d_in × d_out`` linear adds to a micro-batch of ``tokens`` rows,
    forward and backward [s].

    Parameters
    ----------
    tokens : float or array
        Rows of the micro-batch the adapter runs on [tokens].
    d_in, d_out : float or array
        Input and output widths of the adapted linear [count].
    rank : int
        Adapter rank ``r`` [count].
    kernel_s : float
        Fixed time of one more kernel in the stream [s] (launch gap and tail, beside its roofline).
    peak_flops, bandwidth : float
        The card's dense 16-bit peak [FLOP/s] and memory bandwidth [B/s].
    element_bytes : float
        Bytes of one activation element [B].
    family : str
        GEMM family of the card (:func:`~configurator.core.formulas.gemm_efficiency.gemm_family`).
    forward_passes : int or array
        Forward passes per micro-batch: 1, 2 when layers are recomputed in backward.
    dropout : bool
        The adapter drops its input: one kernel forward and one backward.
    cast_kernels : int
        Autocast casts of ``A`` and ``B`` per forward, and of their gradients back (2 when the
        adapters are fp32 under AMP, else 0) [count].
    bandwidth_share : float
        Share of the bandwidth the products' bytes move at.

    Returns
    -------
    float or array
        ``n·kernel_s + passes·(t_A + t_B) + t_dB_in + t_dB_w + t_dA_in + t_dA_w`` [s], with ``n =
        passes·(FORWARD_KERNELS + dropout + casts) + BACKWARD_KERNELS + dropout + casts`` kernels
        and the six products each on its roofline at its shape's efficiency
        (:func:`~configurator.core.formulas.gemm_efficiency.gemm_seconds`): ``A`` (``m × r × d_in``)
        and ``B`` (``m × d_out × r``) per forward; in backward ``B``'s input gradient
        (``m × r × d_out``) and weight gradient (``d_out × r × m``), ``A``'s input gradient
        (``m × d_in × r``) and weight gradient (``r × d_in × m``). The element-wise kernels (scale,
        sum, dropout, casts) pay their fixed time here; their bytes, like the rest of the layer's
        element-wise traffic, are not itemised per kernel (the step's activation traffic stands
        for them, :func:`~configurator.core.formulas.timing.activation_traffic_seconds`).

    References
    ----------
    Hu et al. 2021 §4.1; the kernels are the ops of peft's and torchtune's ``forward`` (module
    docstring); Williams et al. 2009 (roofline).
    """
    m = np.asarray(tokens, dtype=float)
    # the six products as one call, one row each (element by element the same operations on the same values as a
    # call a product: six times fewer array calls, the planner times every layout's adapters at once)
    shapes = ((m, m, m, d_out, m, rank), (rank, d_out, rank, rank, d_in, d_in), (d_in, rank, d_out, m, rank, m))
    a_fw, b_fw, b_in, b_w, a_in, a_w = gemm_seconds(*(np.stack(np.broadcast_arrays(*x)) for x in shapes), peak_flops,
                                                    bandwidth, element_bytes, family, "bf16", bandwidth_share)
    forward_gemm = a_fw + b_fw
    backward_gemm = b_in + b_w + a_in + a_w
    drop = 1 if dropout else 0
    kernels = forward_passes * (FORWARD_KERNELS + drop + cast_kernels) + BACKWARD_KERNELS + drop + cast_kernels
    t = kernels * kernel_s + forward_passes * forward_gemm + backward_gemm
    return float(t) if np.ndim(t) == 0 else t
