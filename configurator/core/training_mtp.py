"""Multi-token prediction (MTP) modules trained beside the model: their parameters and the
products they add per token (``ModelArchitecture.mtp_depth``).

DeepSeek-AI 2024, "DeepSeek-V3 Technical Report" (arXiv 2412.19437), §2.2.1: "the k-th MTP module
consists of a shared embedding layer Emb(·), a shared output head OutHead(·), a Transformer block
TRM_k(·), and a projection matrix M_k ∈ R^{d×2d}"; the embedding and the head are the main model's
("shared"), the block and the projection its own; §4.2: "we set the depth of MTP D to 1"; the
loss weight λ (0.3, then 0.1) scales the loss, not the work, and is not read here. The checkpoint's
MTP module (HF ``model.layers.61``: ``enorm``, ``hnorm``, ``eh_proj``, ``shared_head.norm``, an MoE
block) holds 14 B parameters with its own copies of the embedding and head (DeepSeek-V3 README,
"685B ... 671B of the Main Model weights and 14B of the Multi-Token Prediction (MTP) Module
weights"); in training they are the main model's (§3.2.3), so not counted again here.

Qt-free; read by the training step (:mod:`configurator.core.training_speed`) and the stage memory.
"""

from __future__ import annotations

from configurator.core.architecture import ModelArchitecture

MTP_NORMS = 3
"""RMSNorms of one MTP module [count]: one on the previous depth's hidden state, one on the
embedding (§2.2.1, Eq. 21's two RMSNorm) and the shared head's own final norm (HF ``enorm``,
``hnorm``, ``shared_head.norm``)."""


def mtp_block_params(model: ModelArchitecture) -> int:
    """Stored parameters of one MTP module's transformer block: a layer of the model's deeper kind
    (an MoE layer for a mixture-of-experts model, as DeepSeek-V3's ``layers.61``) [count]."""
    return model.moe_layer_params() if model.n_moe_layers else model.dense_layer_params()


def mtp_block_active_params(model: ModelArchitecture) -> int:
    """Parameters one token uses in one MTP module's block (top-k routed experts) [count]."""
    if not model.n_moe_layers:
        return model.dense_layer_params()
    return model.attention_params() + model.moe_active_params() + 2 * model.norm_params()


def mtp_projection_params(model: ModelArchitecture) -> int:
    """The projection ``M_k`` from the concatenated ``2h`` to ``h`` [count]: ``2·h²``."""
    return 2 * model.hidden * model.hidden


def mtp_params(model: ModelArchitecture) -> int:
    """Parameters the MTP modules add to the model in training, embedding and head shared:
    ``D·(block + 2·h² + 3 norms)`` [count]; 0 at depth 0. DeepSeek-V3: 11.6 B; with the checkpoint's
    copies of the embedding and head (2 × 129,280 × 7,168 = 1.85 B) 13.5 B, the README's "14B"."""
    per_module = mtp_block_params(model) + mtp_projection_params(model) + MTP_NORMS * model.norm_params()
    return model.mtp_depth * per_module


def mtp_matmul_params(model: ModelArchitecture) -> int:
    """Parameters in matrix products per token the MTP modules add: each depth's block (its active
    experts), its projection and a second pass through the shared output head, ``V·h``
    [count]. DeepSeek-V3 (D = 1): 0.59 B + 0.10 B + 0.93 B = 1.62 B, 4.4 % of the main model's
    36.6 B; on the pipeline's last stage, with the head they share."""
    per_module = mtp_block_active_params(model) + mtp_projection_params(model) + model.vocab * model.hidden
    return model.mtp_depth * per_module


def mtp_routed_expert_params(model: ModelArchitecture) -> int:
    """Routed-expert parameters of the MTP modules' blocks, what expert parallelism splits
    [count]: ``D·E·(3·h·f)`` for an MoE block, 0 for a dense one."""
    if not model.n_moe_layers:
        return 0
    return model.mtp_depth * model.n_experts * model.mlp_params(model.routed_ffn)
