"""The MLP of a recomputed eager layer at the peak of its backward: the gradients its element-wise
product (or activation) makes beside what the layer keeps, and the MLP-wide tensors of a QLoRA layer
whose 4-bit linears return their output in an fp32 residual stream's dtype.

Split out of :mod:`configurator.core.formulas.activations` (at its line limit) in December 2026
(session 42, qloramem: issue 27 part 3, QLoRA memory that generalises)."""

from __future__ import annotations


def mlp_backward_transient_bytes_per_token(mlp_width, element_bytes, gated, released_bytes=0.0):
    """Bytes per token the backward of an eager MLP's element-wise product makes beside what the
    layer keeps for backward [B].

    Parameters
    ----------
    mlp_width : float
        Inner width of the MLP product one backward op runs over, per token [count] (a dense MLP's
        ``ffn``; in a layer that loops over its experts, one expert's share of the tokens).
    element_bytes : float
        Bytes of one element of the MLP-wide tensors (the up and gate outputs) [B].
    gated : bool
        SwiGLU-style MLP (``act(gate) * up``) rather than a plain activation (GELU).
    released_bytes : float
        Bytes per token of the down projection's input released before the product's backward runs:
        kept by an autograd node (the down weight's gradient, or its adapter's ``lora_A``) and freed
        once that node has run; 0 where nothing keeps it (a frozen MLP) or where a 4-bit linear holds
        it on its autograd context until the layer's graph is freed [B].

    Returns
    -------
    float
        Gated: ``3·e·w − released``: the incoming gradient of the product and the gradient of each of
        its two factors, all alive while the product's backward runs, before it frees the factors it
        kept; plain: ``2·e·w − released`` (the incoming gradient and the activation's input
        gradient) [B per token].

    References
    ----------
    PyTorch autograd ``tools/autograd/derivatives.yaml``: ``mul.Tensor`` — ``self: mul_tensor_backward(grad,
    other, ...)``, ``other: mul_tensor_backward(grad, self, ...)``, two new tensors of the product's shape,
    made while ``grad`` is alive; the engine releases a node's saved variables after it has run.
    Hugging Face transformers ``LlamaMLP.forward`` / ``MistralMLP.forward``:
    ``self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))``. Measured: fms-acceleration's
    Llama 2 70B QLoRA rows (fp16, every layer recomputed, 32,000-entry vocabulary), whose peak moves from
    the loss (384 kB per token) into the layer (about 550 kB) with this term (held-out row
    ``fms-2405-llama2-70b-qlora-fms-b4-a100``: -3.9 % -> +0.2 %).
    """
    return (3.0 if gated else 2.0) * element_bytes * mlp_width - released_bytes


def moe_product_width(routed_ffn, routed_copies, n_experts, shared_experts):
    """Widest MLP product an MoE layer's backward runs in one op, per token of the layer [count].

    Parameters
    ----------
    routed_ffn : int
        Inner width of one expert [count].
    routed_copies, n_experts, shared_experts : float
        Routed experts per token ``k``, routed experts ``E`` and shared experts [count].

    Returns
    -------
    float
        ``max(shared·f, f·k/E)``: a shared expert runs on every token, a routed expert on its share
        ``k/E`` of them, one expert at a time [count per token].

    References
    ----------
    Hugging Face transformers ``MixtralSparseMoeBlock.forward`` (``for expert_idx in
    range(self.num_experts)``: each expert's SwiGLU over the tokens routed to it; commit 00d4b3d2,
    ``models/mixtral/modeling_mixtral.py``), the loop :mod:`configurator.core.formulas.activations`
    cites for the routed copies. Balanced routing assumed.
    """
    return max(shared_experts * routed_ffn, routed_ffn * routed_copies / n_experts)


def wide_output_mlp_bytes_per_token(mlp_width, math_bytes, output_bytes, gated):
    """Bytes per token the MLP-wide tensors of an eager layer keep beyond their 16-bit count when its
    linears return ``output_bytes`` elements [B]: QLoRA on an fp32 residual stream.

    Parameters
    ----------
    mlp_width : float
        MLP inner width a token passes through [count].
    math_bytes, output_bytes : float
        Bytes of one 16-bit math element and of one element the up and gate linears return [B].
    gated : bool
        SwiGLU-style MLP: the gate's output, its activation and the up output are kept (the product's
        16-bit cast for the down projection is counted at ``math_bytes``); plain: the first linear's
        output alone.

    Returns
    -------
    float
        ``(3 if gated else 1)·(output_bytes − math_bytes)·w`` [B per token]; 0 where the linears return
        16-bit elements.

    References
    ----------
    bitsandbytes ``Linear4bit.forward`` (``bitsandbytes/nn/modules.py``, 0.41-0.43 and at
    bitsandbytes-foundation/bitsandbytes 20e1677d): ``inp_dtype = x.dtype``, ``x = x.to(self.compute_dtype)``,
    ``out = bnb.matmul_4bit(...)``, ``out = out.to(inp_dtype)``: an fp32 input (peft's
    ``prepare_model_for_kbit_training`` casts the embedding and the norms to fp32) gets an fp32 output,
    so the gate and up outputs are fp32 and ``SiLU`` and the product, which autocast leaves alone, stay
    fp32 (``torch.amp`` autocast lists ``linear`` and ``matmul`` as lower-precision ops, not ``silu``
    or ``mul``); ``down_proj`` casts the product to fp16 again.
    """
    return (3.0 if gated else 1.0) * (output_bytes - math_bytes) * mlp_width
