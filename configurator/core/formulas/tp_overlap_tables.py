"""Tuned userbuffers tables a published recipe names, as
:class:`~configurator.core.formulas.tp_overlap.UserbuffersTable` rows (what
:func:`~configurator.core.formulas.tp_overlap.tensor_parallel_overlap_seconds` reads; a scenario
names one in ``parallelism.tp_comm_overlap_cfg``).

Megatron-Bridge's performance recipes do not run Transformer Engine's default table
(:data:`~configurator.core.formulas.tp_overlap.TE_DEFAULT_TABLE`): each sets
``cfg.comm_overlap.tp_comm_overlap_cfg`` to a table tuned for its model width, tensor-parallel
degree, card and precision (NVIDIA-NeMo/Megatron-Bridge ``src/megatron/bridge/training/comm_overlap.py``,
commit 067f987df03b8355b03192d88d70f1709fedf51a; the recipes in ``src/megatron/bridge/perf_recipes/llama``
at that commit). The FP8 tables below run every forward reduce-scatter as a ring exchange
(``RingExchangeOverlapCfg(num_sm=1, set_sm_margin=True)``: one SM of margin) and both bulk
overlaps without a margin (``BulkOverlapCfg(..., set_sm_margin=False)``), where the default
pipelines the reduce-scatter in 4 and holds 16 SMs from three products of each block.
Transcribed, not fitted: every number is the table's. Not modelled: the recipes' layer-norm SM
margins (``NVTE_FWD_LAYERNORM_SM_MARGIN = 20``), element-wise kernels beside the products.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from configurator.core.formulas.tp_overlap import UserbuffersBlock, UserbuffersTable


def _fp8_ring_block(dgrad_sms: int, wgrad_sms: int) -> UserbuffersBlock:
    """A block of Megatron-Bridge's FP8 tables: ring-exchange forward reduce-scatter with a 1-SM
    margin, bulk input re-gather and reduce-scatter holding ``dgrad_sms`` and ``wgrad_sms`` SMs
    without a margin [count]."""
    return UserbuffersBlock(fprop_rs_splits=None, fprop_rs_margin_sms=1, dgrad_margin_sms=0, wgrad_margin_sms=0,
                            dgrad_shared_sms=dgrad_sms, wgrad_shared_sms=wgrad_sms)


USERBUFFERS_FP8_H100_H8192_TP4_MBS1_SEQLEN8192 = UserbuffersTable(
    attention=_fp8_ring_block(dgrad_sms=4, wgrad_sms=24), mlp=_fp8_ring_block(dgrad_sms=2, wgrad_sms=4))
"""``userbuffers_fp8_h100_h8192_tp4_mbs1_seqlen8192`` (qkv_dgrad 4, qkv_wgrad 24, fc1_dgrad 2,
fc1_wgrad 4 SMs): Llama 3 70B on H100 at TP 4 (``llama3_70b_pretrain_64gpu_h100_fp8cs_config``)."""

USERBUFFERS_FP8_H100_H16384_TP8_CP2_MBS1_SEQLEN8192 = UserbuffersTable(
    attention=_fp8_ring_block(dgrad_sms=2, wgrad_sms=24), mlp=_fp8_ring_block(dgrad_sms=2, wgrad_sms=2))
"""``userbuffers_fp8_h100_h16384_tp8_cp2_mbs1_seqlen8192`` (qkv_dgrad 2, qkv_wgrad 24, fc1_dgrad 2,
fc1_wgrad 2 SMs): Llama 3.1 405B on H100 at TP 8, CP 2 (``llama31_405b_pretrain_1024gpu_h100_fp8cs_config``)."""

USERBUFFERS_FP8_B200_H16384_TP4_CP2_MBS1_SEQLEN8192 = UserbuffersTable(
    attention=_fp8_ring_block(dgrad_sms=8, wgrad_sms=32), mlp=_fp8_ring_block(dgrad_sms=2, wgrad_sms=8))
"""``userbuffers_fp8_b200_h16384_tp4_cp2_mbs1_seqlen8192`` (qkv_dgrad 8, qkv_wgrad 32, fc1_dgrad 2,
fc1_wgrad 8 SMs): Llama 3.1 405B on B200/GB200 at TP 4 (``llama31_405b_pretrain_256gpu_gb200_fp8cs_config``
and its B200/B300 siblings)."""

TunedTableName = Literal["userbuffers_fp8_h100_h8192_tp4_mbs1_seqlen8192",
                         "userbuffers_fp8_h100_h16384_tp8_cp2_mbs1_seqlen8192",
                         "userbuffers_fp8_b200_h16384_tp4_cp2_mbs1_seqlen8192"]
"""The names a scenario can state (``parallelism.tp_comm_overlap_cfg``): the keys of :data:`TUNED_TABLES`."""

TUNED_TABLES: dict[str, UserbuffersTable] = {
    "userbuffers_fp8_h100_h8192_tp4_mbs1_seqlen8192": USERBUFFERS_FP8_H100_H8192_TP4_MBS1_SEQLEN8192,
    "userbuffers_fp8_h100_h16384_tp8_cp2_mbs1_seqlen8192": USERBUFFERS_FP8_H100_H16384_TP8_CP2_MBS1_SEQLEN8192,
    "userbuffers_fp8_b200_h16384_tp4_cp2_mbs1_seqlen8192": USERBUFFERS_FP8_B200_H16384_TP4_CP2_MBS1_SEQLEN8192,
}
"""The tables above by the name Megatron-Bridge gives them (``training/comm_overlap.py`` at 067f987)."""


class TableShape(NamedTuple):
    """What a tuned table's name says it was tuned for: precision, card, model width,
    tensor- and context-parallel degrees, micro-batch and sequence length."""

    precision: str
    """The math's number format, upper case (``"FP8"``)."""
    card: str
    """The card, upper case (``"H100"``)."""
    hidden: int
    """Model width [elements]."""
    tp: int
    """Tensor-parallel degree [cards]."""
    cp: int
    """Context-parallel degree [cards] (1 where the name states none)."""
    micro_batch: int
    """Micro-batch [sequences]."""
    seq_len: int
    """Sequence length [tokens]."""


_TABLE_NAME = re.compile(r"userbuffers_(?P<precision>[a-z0-9]+)_(?P<card>[a-z0-9]+)_h(?P<hidden>\d+)_tp(?P<tp>\d+)"
                         r"(?:_cp(?P<cp>\d+))?_mbs(?P<micro_batch>\d+)_seqlen(?P<seq_len>\d+)")


def table_shape(name: str) -> TableShape:
    """The shape a tuned table's ``name`` states, read from Megatron-Bridge's naming
    (``userbuffers_<precision>_<card>_h<hidden>_tp<tp>[_cp<cp>]_mbs<micro-batch>_seqlen<tokens>``);
    ValueError where the name does not follow it."""
    found = _TABLE_NAME.fullmatch(name)
    if found is None:
        raise ValueError(f"{name!r} is not a userbuffers table name of Megatron-Bridge's form")
    parts = found.groupdict()
    return TableShape(parts["precision"].upper(), parts["card"].upper(), int(parts["hidden"]), int(parts["tp"]),
                      int(parts["cp"] or 1), int(parts["micro_batch"]), int(parts["seq_len"]))
