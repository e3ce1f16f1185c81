"""The job a scenario holds where the user named none: the model, and the sequence a training run
packs its tokens into. One place for the command line without a scenario file, the window's first
start and the workload wizard (which never asks the sequence length: its answer page says it)."""

from __future__ import annotations

DEFAULT_MODEL = "llama3-8b"
"""The model preset a scenario starts on where none is named (``--model`` absent, the window's
first start): Meta's Llama 3 8B, the most fine-tuned open model of its size."""

DEFAULT_SEQ_LEN = 2048
"""Tokens per training sequence where the user gives none [tokens].

A practitioner's fine-tune: NVIDIA NeMo 2.0's fine-tuning recipes (``finetune_recipe`` in
https://github.com/NVIDIA/NeMo nemo/collections/llm/recipes/*.py, and the Megatron-Bridge recipes
after them) default to 2,048 tokens unpacked ("most samples in SQuAD dataset are shorter than
2K"), 4,096 only when sequences are packed. Pre-training runs
usually go to the model's own context (Llama 2: 4,096 tokens, Touvron et al. 2023 Table 1;
Llama 3: 8,192): set the sequence length for those, as the golden pre-training scenarios do."""
