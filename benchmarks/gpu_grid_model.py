"""The model the prepared grid (``gpu_grid.py``) measures, in PyTorch, on one CUDA device: written the
way ``benchmarks/data/README.md`` describes the calibration rows' model (RMSNorm in fp32, rotary
embeddings, causal ``scaled_dot_product_attention`` on the flash, cuDNN or memory-efficient kernels,
SwiGLU MLP, separate q, k, v, o, gate, up and down projections), with its per-op selective
recomputation, its decode step over a static KV cache and its LoRA wrapping.

Imported only when the grid runs (``python3 benchmarks/gpu_grid.py``, through ``gpu_grid_torch.py``,
which measures it): it needs torch and a GPU.
"""

from __future__ import annotations

from collections import defaultdict

from gpu_grid_work import part_of_the_grid

if __name__ == "__main__":  # a part of the grid, not a tool of its own (and torch may be absent)
    part_of_the_grid(__doc__)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch import nn  # noqa: E402
from torch.nn.attention import SDPBackend, sdpa_kernel  # noqa: E402
from torch.utils.checkpoint import CheckpointPolicy, checkpoint, create_selective_checkpoint_contexts  # noqa: E402

import gpu_grid as grid  # noqa: E402
import gpu_grid_work as work  # noqa: E402

DEVICE = "cuda"
"""Where the grid runs (a CPU smoke test of the code may set another: here, ``gpu_grid_model.DEVICE``, which
``gpu_grid_torch.py`` reads too)."""
SDPA_BACKENDS = [SDPBackend.FLASH_ATTENTION, SDPBackend.CUDNN_ATTENTION, SDPBackend.EFFICIENT_ATTENTION]
SAVED_OPS = {torch.ops.aten.mm.default, torch.ops.aten._scaled_dot_product_flash_attention.default,
             torch.ops.aten._scaled_dot_product_efficient_attention.default,
             torch.ops.aten._scaled_dot_product_cudnn_attention.default}
"""torchtitan ``parallelize_llama._save_list`` (2024-12 to 2025-06) on one card, cuDNN's kernel added."""


# ---- the model -------------------------------------------------------------------------------


class RMSNorm(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(width))

    def forward(self, x):
        y = x.float()
        return (y * torch.rsqrt(y.pow(2).mean(-1, keepdim=True) + 1e-5) * self.weight.float()).type_as(x)


def rotate(x, cos, sin):
    """Rotary embedding, rotate-half form (Su et al. 2021)."""
    x1, x2 = x.chunk(2, dim=-1)
    return (x * cos + torch.cat((-x2, x1), dim=-1) * sin).type_as(x)


class Block(nn.Module):
    gqa = True
    """Whether SDPA takes grouped K/V (``enable_gqa``); else K/V are repeated per head (:func:`probe`)."""

    def __init__(self, s: dict):
        super().__init__()
        h, self.heads, self.kv_heads, self.head_dim = s["hidden"], s["n_heads"], s["n_kv_heads"], s["head_dim"]
        self.attn_norm, self.mlp_norm = RMSNorm(h), RMSNorm(h)
        self.q = nn.Linear(h, self.heads * self.head_dim, bias=False)
        self.k = nn.Linear(h, self.kv_heads * self.head_dim, bias=False)
        self.v = nn.Linear(h, self.kv_heads * self.head_dim, bias=False)
        self.o = nn.Linear(self.heads * self.head_dim, h, bias=False)
        self.gate = nn.Linear(h, s["ffn"], bias=False)
        self.up = nn.Linear(h, s["ffn"], bias=False)
        self.down = nn.Linear(s["ffn"], h, bias=False)

    def forward(self, x, cos, sin):
        b, n, _ = x.shape
        y = self.attn_norm(x)
        q = self.q(y).view(b, n, self.heads, self.head_dim).transpose(1, 2)
        k = self.k(y).view(b, n, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v(y).view(b, n, self.kv_heads, self.head_dim).transpose(1, 2)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        if Block.gqa:
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        else:
            rep = self.heads // self.kv_heads
            a = F.scaled_dot_product_attention(q, k.repeat_interleave(rep, 1), v.repeat_interleave(rep, 1),
                                               is_causal=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, n, -1))
        y = self.mlp_norm(x)
        return x + self.down(F.silu(self.gate(y)) * self.up(y))


def per_op_context():
    """torchtitan's ``selective_ac_option = "op"`` policy: save every mm output except every second one,
    and the attention kernels' outputs; recompute the rest."""
    counts = defaultdict(int)

    def policy(ctx, func, *args, **kwargs):
        key = "recompute" if ctx.is_recompute else "forward"
        if func == torch.ops.aten.mm.default:
            counts[key] += 1
        save = func in SAVED_OPS and not (func == torch.ops.aten.mm.default and counts[key] % 2 == 0)
        return CheckpointPolicy.MUST_SAVE if save else CheckpointPolicy.PREFER_RECOMPUTE

    return create_selective_checkpoint_contexts(policy)


def decode_layer(block: "Block", x, cos, sin, k_cache, v_cache):
    """One layer's decode step of ``block`` for one new token per sequence: its K and V written into the
    cache's last slot, attention over the whole cache (no mask: every cached token precedes the new one)."""
    b = x.shape[0]
    y = block.attn_norm(x)
    q = block.q(y).view(b, 1, block.heads, block.head_dim).transpose(1, 2)
    k = block.k(y).view(b, 1, block.kv_heads, block.head_dim).transpose(1, 2)
    v = block.v(y).view(b, 1, block.kv_heads, block.head_dim).transpose(1, 2)
    q, k = rotate(q, cos, sin), rotate(k, cos, sin)
    k_cache[:, :, -1:].copy_(k)
    v_cache[:, :, -1:].copy_(v)
    if Block.gqa:
        a = F.scaled_dot_product_attention(q, k_cache, v_cache, enable_gqa=True)
    else:
        rep = block.heads // block.kv_heads
        a = F.scaled_dot_product_attention(q, k_cache.repeat_interleave(rep, 1), v_cache.repeat_interleave(rep, 1))
    x = x + block.o(a.transpose(1, 2).reshape(b, 1, -1))
    y = block.mlp_norm(x)
    return x + block.down(F.silu(block.gate(y)) * block.up(y))


class Llama(nn.Module):
    def __init__(self, s: dict, recompute: str = "none"):
        super().__init__()
        self.shape, self.recompute = s, recompute
        self.embed = nn.Embedding(s["vocab"], s["hidden"])
        self.layers = nn.ModuleList(Block(s) for _ in range(s["n_layers"]))
        self.norm = RMSNorm(s["hidden"])
        self.head = None if s["tied_embeddings"] else nn.Linear(s["hidden"], s["vocab"], bias=False)

    def forward(self, ids, last_only: bool):
        x = self.embed(ids)
        hd = self.shape["head_dim"]
        inv = 1.0 / (500000.0 ** (torch.arange(0, hd, 2, device=ids.device, dtype=torch.float32) / hd))
        angles = torch.outer(torch.arange(ids.shape[1], device=ids.device, dtype=torch.float32), inv)
        angles = torch.cat((angles, angles), dim=-1)
        cos, sin = angles.cos().to(x.dtype), angles.sin().to(x.dtype)
        for layer in self.layers:
            if self.recompute == "full":
                x = checkpoint(layer, x, cos, sin, use_reentrant=False)
            elif self.recompute == "selective":
                x = checkpoint(layer, x, cos, sin, use_reentrant=False, context_fn=per_op_context)
            else:
                x = layer(x, cos, sin)
        x = self.norm(x)
        if last_only:
            x = x[:, -1:]
        return F.linear(x, self.embed.weight if self.head is None else self.head.weight)


class LoRALinear(nn.Module):
    """A frozen linear plus a rank-``r`` adapter in fp32: ``base(x) + B·(A·x)·alpha`` (Hu et al. 2021)."""

    def __init__(self, base: nn.Linear, rank: int):
        super().__init__()
        self.base = base
        self.a = nn.Parameter(torch.randn(rank, base.in_features, device=DEVICE, dtype=torch.float32) / rank)
        self.b = nn.Parameter(torch.zeros(base.out_features, rank, device=DEVICE, dtype=torch.float32))

    def forward(self, x):
        return self.base(x) + F.linear(F.linear(x, self.a), self.b) * grid.LORA_ALPHA


def add_lora(model: Llama, rank: int) -> None:
    """Freeze every weight of ``model`` and wrap each block linear with a rank-``rank`` adapter."""
    for t in model.parameters():
        t.requires_grad_(False)
    for block in model.layers:
        for name in ("q", "k", "v", "o", "gate", "up", "down"):
            setattr(block, name, LoRALinear(getattr(block, name), rank))


def build(model: str, dtype, recompute: str = "none") -> Llama:
    """``model``'s shape (:data:`gpu_grid_work.SHAPES`) built on the GPU in ``dtype``, PyTorch's default init."""
    before = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        with torch.device(DEVICE):
            return Llama(work.SHAPES[model], recompute)
    finally:
        torch.set_default_dtype(before)


def probe() -> str:
    """Try grouped-query SDPA on the allowed kernels, forward and backward; fall back to repeated K/V."""
    q = torch.randn(1, 8, 256, 64, device=DEVICE, dtype=torch.bfloat16, requires_grad=True)
    kv = torch.randn(1, 2, 256, 64, device=DEVICE, dtype=torch.bfloat16, requires_grad=True)
    try:
        with sdpa_kernel(SDPA_BACKENDS):
            F.scaled_dot_product_attention(q, kv, kv, is_causal=True, enable_gqa=True).sum().backward()
        Block.gqa = True
    except (RuntimeError, TypeError):
        Block.gqa = False
    return "sdpa enable_gqa" if Block.gqa else "sdpa, K/V repeated per head"
