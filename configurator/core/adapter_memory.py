"""Adapter training's memory parts: a LoRA or QLoRA stage's frozen base — its block linears in NF4
(QLoRA) or FP8 (``training.fp8_base``), the rest in the math precision — the bytes ZeRO-3 gathers of
it, and the adapters' own parameters (Hu et al. 2021; Dettmers et al. 2023). Split out of
:mod:`configurator.core.memory` (which sums the parts) in December 2026."""

from __future__ import annotations

from configurator.core.architecture import ModelArchitecture
from configurator.core.formulas.states import lora_matrix_params
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Recompute, Scenario, Workload
from configurator.core.units import BYTES_PER_ELEMENT, Precision

NF4_BYTES_PER_PARAM = 0.5 + 0.127 / 8
"""QLoRA base-weight storage: 4-bit NF4 plus double-quantised constants (Dettmers et al. 2023 §3) [B].
Only the linear layers of the transformer blocks are stored so (:func:`qlora_base_bytes`)."""


def frozen_base_bytes(model: ModelArchitecture, params: float, layers: int, math_bytes: float,
                      linear_bytes: float) -> float:
    """Bytes of an adapter stage's frozen base [B]: the linear weights of its ``layers`` blocks at
    ``linear_bytes`` each, the rest of its ``params`` — embedding, output head, norms — in the math
    precision (:func:`qlora_base_bytes`, :func:`fp8_base_bytes`)."""
    per_block = model.layer_params() / model.n_layers - 2 * model.norm_params()
    stored = min(params, layers * per_block)
    return stored * linear_bytes + (params - stored) * math_bytes


def qlora_base_bytes(model: ModelArchitecture, params: float, layers: int, math_bytes: float) -> float:
    """Bytes of a QLoRA stage's frozen base [B]: the linear weights of its ``layers`` blocks in NF4
    (:data:`NF4_BYTES_PER_PARAM`), the rest of its ``params`` — embedding, output head, norms — at
    ``math_bytes`` each (the math precision, or fp32 where :func:`fp32_unquantized` holds).

    bitsandbytes quantises ``nn.Linear`` modules only and transformers leaves the output head out
    (``BitsAndBytesConfig.llm_int8_skip_modules``, by default the ``lm_head`` its
    ``get_keys_to_not_convert`` finds); torchtune's QLoRA builders make the adapted block linears
    ``FrozenNF4Linear`` and keep ``tok_embeddings`` and ``output`` in bf16 (Dettmers et al. 2023 §3
    quantise the base model's linear weights). Llama 3 8B: 1.05 of 8.03 billion parameters stay 16-bit.
    """
    return frozen_base_bytes(model, params, layers, math_bytes, NF4_BYTES_PER_PARAM)


def largest_block_linear_params(model: ModelArchitecture) -> int:
    """Weights of the largest linear of a transformer block [count]: the query, key/value or output
    projection (``hidden × q_dim``, ``hidden × kv_dim``, ``attn_out_dim × hidden``) or one matrix of the
    MLP (``hidden × ffn`` in a dense layer, ``hidden × expert ffn`` in an MoE expert). Llama 3 70B:
    8,192 × 28,672 = 234,881,024 (its gate, up and down)."""
    mlp = max(model.ffn if model.n_dense_layers else 0, model.routed_ffn if model.is_moe else 0)
    return model.hidden * max(model.q_dim, model.kv_dim, model.attn_out_dim, mlp)


def dequantized_weight_bytes(model: ModelArchitecture, math_bytes: float) -> float:
    """Bytes of the 16-bit copy of one NF4 block linear a QLoRA step holds while it multiplies [B]:
    the largest block linear (:func:`largest_block_linear_params`) in the math precision.

    A 4-bit linear multiplies a dequantised copy of its whole weight, made for the product and freed
    after it, in the forward and again in the backward (for the input's gradient) and when a
    checkpointed layer is rebuilt: bitsandbytes ``MatMul4Bit.forward``
    (``torch.nn.functional.linear(A, F.dequantize_4bit(B, quant_state).to(A.dtype).t(), bias)``) and
    ``backward`` (``torch.matmul(grad_output, F.dequantize_4bit(B, ctx.state).to(grad_output.dtype).t())``),
    bitsandbytes 0.43, ``bitsandbytes/autograd/_functions.py``; torchtune's ``FrozenNF4Linear`` through
    torchao ``linear_nf4`` (``F.linear(input, weight.to(input.dtype))``, the whole NF4 tensor
    dequantised). One such copy is alive at a time, beside the layer's working set (Dettmers et al. 2023
    §3: "we dequantize the storage data type to the computation data type"). Llama 3 70B in bf16:
    0.44 GiB."""
    return largest_block_linear_params(model) * math_bytes


def nf4_base(scenario: Scenario) -> bool:
    """The frozen base's block linears are stored in NF4 and dequantised per product: QLoRA
    (:func:`qlora_base_bytes`, :func:`dequantized_weight_bytes`)."""
    return scenario.workload is Workload.QLORA


def quantized_inputs_kept(scenario: Scenario) -> bool:
    """A QLoRA run's 4-bit base linears keep their 16-bit inputs for backward
    (``training.quantized_inputs`` ``step`` or ``held``): bitsandbytes before 0.43.2.

    ``MatMul4Bit.forward`` stored ``ctx.tensors = (A, B)`` whenever the input needed a gradient, though
    the frozen 4-bit weight takes none and ``backward`` reads only ``B`` (bitsandbytes tag 0.42.0, commit
    4870580f, ``bitsandbytes/autograd/_functions.py`` line 523, the version litgpt pins). Pull request
    1270 (commit 9e753741, 2024-07-16, first in 0.43.2) stores ``(None, B)``: since then a 4-bit linear
    keeps no input, as a frozen 16-bit linear under autograd does; torchao's ``linear_nf4``, which
    torchtune's QLoRA runs, keeps none either (``ctx.nf4_weight = weight`` only). ``none`` by default."""
    return nf4_base(scenario) and scenario.training.quantized_inputs != "none"


def quantized_input_widths(model: ModelArchitecture) -> float:
    """Elements per token of the distinct inputs of one block's base linears [count]: the attention
    input (q, k and v read one normalised tensor), the attention output (the output projection), the
    MLP input (gate and up share it; each routed copy's for an MoE) and the down projection's input.
    Llama 2 7B: 4,096 + 4,096 + 4,096 + 11,008 = 23,296."""
    return model.hidden + model.attn_out_dim + model.mlp_copies_per_token * model.hidden + model.mlp_token_width


def held_input_bytes(scenario: Scenario, math_bytes: float) -> float:
    """Bytes per token and layer of the previous micro-batch's 4-bit linear inputs still alive during
    the next forward [B]: :func:`quantized_input_widths` at ``math_bytes`` under
    ``training.quantized_inputs`` ``held`` without recomputation, else 0.

    ``ctx.tensors`` is a plain attribute of the autograd node, not a saved tensor: backward does not
    release it (only ``save_for_backward`` tensors are freed as each node runs), so it lives as long as
    the graph. litgpt's loop (``litgpt/finetune/lora.py`` at commit 00af8b0d, lines 304-308:
    ``logits = model(input_ids, lm_head_chunk_size=128)`` … ``fabric.backward(loss / …)``) keeps the
    last micro-batch's ``logits``, whose ``grad_fn`` reaches every node, until the next forward returns
    and the name is rebound; the transformers Trainer's ``training_step`` drops its outputs when it
    returns and fsdp_qlora's ``train.py`` sets ``output = None; loss = None`` (commit 3afe1020, line 874),
    which is ``step``. Under reentrant recomputation (fsdp_qlora's ``--reentrant_checkpointing``, peft's
    default) the forward runs without a graph and keeps none; non-reentrant recomputation, whose saved
    tensor hooks do not see ``ctx`` attributes, would keep every layer's: not modelled (no measured row).
    Llama 2 7B at 1,024 tokens of 16 bits: 1.42 GiB over 32 layers."""
    t = scenario.training
    if not quantized_inputs_kept(scenario) or t.quantized_inputs != "held" or t.recompute is not Recompute.NONE:
        return 0.0
    return quantized_input_widths(scenario.model) * math_bytes


def fp32_unquantized(scenario: Scenario) -> bool:
    """A QLoRA run keeps its base's unquantised parameters — embedding, output head, norms — in fp32
    (``training.fp32_unquantized``).

    peft's ``prepare_model_for_kbit_training`` casts every fp16 or bf16 parameter that is not a
    bitsandbytes ``Params4bit`` to ``torch.float32`` (huggingface/peft commit 5d602fdb,
    ``src/peft/utils/other.py``: "cast all non INT8 parameters to fp32"); a recipe that trains the
    prepared model as it is (a plain transformers ``Trainer``) holds them so: Llama 3 8B, 1.05 billion
    parameters at 4 B instead of 2 B, +2.1 GB. The QLoRA paper's ``qlora.py`` (artidoro/qlora commit
    7f4e95a6, after ``prepare_model_for_kbit_training``: ``lm_head`` and ``embed_tokens`` back to bf16
    under ``--bf16``, the norms left in fp32) and trl's ``SFTTrainer`` under ``bf16`` with a 4-bit model
    (``peft_module_casting_to_bf16``, huggingface/trl commit 6d4ed070, December 2024) cast the embedding
    and head back, leaving only the norms in fp32 (Llama 3 8B: 0.27 million parameters, 0.5 MB, not
    counted); torchtune, litgpt and Answer.AI's FSDP QLoRA (``train.py``, commit 05ed9f2a) do not call
    it. Off by default."""
    return nf4_base(scenario) and scenario.training.fp32_unquantized


def linear_output_bytes(scenario: Scenario, math_bytes: float, residual_bytes: float) -> float:
    """Bytes of one element a QLoRA layer's up and gate linears return [B]: the residual stream's under
    :func:`fp32_unquantized` (a 4-bit linear returns its input's dtype, fp32 there), else ``math_bytes``
    (:func:`~configurator.core.formulas.mlp_backward.wide_output_mlp_bytes_per_token`). Mistral 7B under
    peft's fp32 cast: 3 × 2 × 14,336 B = 86 kB per token and layer more than at 16 bits."""
    return residual_bytes if fp32_unquantized(scenario) else math_bytes


def adapter_cast_bytes(scenario: Scenario, math_bytes: float) -> float:
    """Bytes per token and layer of the 16-bit casts the adapters keep of their fp32 inputs beside the
    casts the 4-bit linears keep of the same inputs [B]: under :func:`fp32_unquantized` with
    :func:`quantized_inputs_kept` and no adapter dropout, else 0.

    Under autocast peft's ``Linear4bit.forward`` runs ``lora_B(lora_A(dropout(x)))`` on the fp32 ``x``
    (no cast of its own while autocast is on: ``requires_conversion = not torch.is_autocast_enabled()``,
    huggingface/peft 0000e79d ``src/peft/tuners/lora/bnb.py``), so autocast casts ``x`` to 16 bits for
    ``lora_A``, which keeps that copy for its weight gradient; the base layer's ``x.to(compute_dtype)`` is
    another copy, kept by ``MatMul4Bit`` before bitsandbytes 0.43.2. On a 16-bit stream both read the one
    tensor. Per adapted linear with an fp32 input: q, k and v the attention input (the output projection
    reads the attention kernel's 16-bit output) and with ``all-linear`` each MLP copy's gate and up its
    input and the down projection the fp32 product. With dropout the adapters' copies are the dropped
    ones (``layer_activations.adapter_dropout_layer_bytes``). Mistral 7B, attention targets: 3 × 4,096 × 2 B = 24 kB."""
    if not (fp32_unquantized(scenario) and quantized_inputs_kept(scenario)) or scenario.training.lora_dropout > 0:
        return 0.0
    model = scenario.model
    widths = 3 * model.hidden
    if scenario.training.lora_targets == "all-linear":
        widths += (2 if model.gated_mlp else 1) * model.mlp_copies_per_token * model.hidden + model.mlp_token_width
    return widths * math_bytes


def fp8_frozen_base(scenario: Scenario, plan: PrecisionPlan) -> bool:
    """The frozen base of a LoRA run is stored in FP8 only (``training.fp8_base``, with FP8 math).

    NeMo builds the model inside Transformer Engine's ``fp8_model_init`` when ``fp8`` and
    ``fp8_params`` are set (NVIDIA/NeMo tag 24.09-alpha.rc0, commit 4068955b,
    ``nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py`` line 360), so every TE
    module's weight is a ``Float8Tensor`` with no higher-precision copy; a frozen weight has no master
    copy in the optimizer either. MLPerf Training v4.1's Llama 2 70B LoRA runs set both
    (``conf/megatron_gpt_peft_tuning_config.yaml``: ``fp8_params: ${FP8}``, ``FP8=True`` in
    ``configs/config_common.sh``, mlcommons/training_results_v4.1 commit b87b9e3), and
    ``disable_parameter_transpose_cache: True``: the FP8 transpose a backward product needs is made
    per product, not kept beside the weight. Off (NeMo's default), the base stays in the math
    precision and is cast to FP8 per product."""
    return scenario.workload is Workload.LORA and scenario.training.fp8_base and plan.math is Precision.FP8


def fp8_base_bytes(model: ModelArchitecture, params: float, layers: int, math_bytes: float) -> float:
    """Bytes of a LoRA stage's frozen base kept in FP8 (:func:`fp8_frozen_base`) [B]: the block
    linears at one byte (Transformer Engine's ``Linear``/``LayerNormLinear``/``LayerNormMLP`` weights;
    a per-tensor fp32 scale is not counted), the embedding, the output head and the norms — Megatron-Core
    modules and TE norm weights, which ``fp8_model_init`` leaves alone — in the math precision."""
    return frozen_base_bytes(model, params, layers, math_bytes, BYTES_PER_ELEMENT[Precision.FP8])


def adapter_base_bytes(scenario: Scenario, plan: PrecisionPlan, params: float, layers: int) -> float:
    """Bytes of an adapter stage's frozen base of ``params`` parameters and ``layers`` blocks [B]:
    NF4 block linears under QLoRA (the rest in fp32 with :func:`fp32_unquantized`), FP8 ones with
    :func:`fp8_frozen_base`, else every weight in the math precision."""
    if nf4_base(scenario):
        rest = BYTES_PER_ELEMENT[Precision.FP32] if fp32_unquantized(scenario) else plan.math_bytes
        return qlora_base_bytes(scenario.model, params, layers, rest)
    if fp8_frozen_base(scenario, plan):
        return fp8_base_bytes(scenario.model, params, layers, plan.math_bytes)
    return params * plan.math_bytes


def gathered_element_bytes(scenario: Scenario, plan: PrecisionPlan) -> float:
    """Bytes per layer parameter of the layers ZeRO-3 gathers [B]: the math precision, and for a
    frozen base stored narrower (QLoRA's NF4, :func:`fp8_frozen_base`'s FP8) one block of it
    (:func:`adapter_base_bytes`). A frozen adapter base is gathered as a trained model is: FSDP
    all-gathers every sharded parameter, trainable or not (torchtune shards the frozen base with
    ``fully_shard``; torchao's ``NF4Tensor`` is gathered in NF4)."""
    if not scenario.workload.is_adapter:
        return plan.math_bytes
    per_block = scenario.model.layer_params() / scenario.model.n_layers
    return adapter_base_bytes(scenario, plan, per_block, 1) / per_block  # math_bytes exactly where the base is


def lora_params_per_layer(model: ModelArchitecture, rank: int, targets: str) -> float:
    """Adapter parameters in one layer: :func:`~configurator.core.formulas.states.lora_matrix_params`
    per adapted matrix (Hu et al. 2021) — q, k, v and output (``targets="qkv"``: q, k and v alone),
    and with ``targets="all-linear"`` the MLP's."""
    d = model.hidden
    qkv = lora_matrix_params(rank, d, model.q_dim) + 2 * lora_matrix_params(rank, d, model.kv_dim)
    if targets == "qkv":
        return qkv
    attention = qkv + lora_matrix_params(rank, model.attn_out_dim, d)
    if targets == "attention":
        return attention
    matrices = 3 if model.gated_mlp else 2
    if model.is_moe:
        experts = model.n_experts + model.n_shared_experts
        mlp = experts * matrices * lora_matrix_params(rank, d, model.routed_ffn) * model.n_moe_layers / model.n_layers
        mlp += matrices * lora_matrix_params(rank, d, model.ffn) * model.n_dense_layers / model.n_layers
    else:
        mlp = matrices * lora_matrix_params(rank, d, model.ffn)
    return attention + mlp
