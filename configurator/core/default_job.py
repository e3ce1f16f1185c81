"""The job a scenario holds where the user named none: the model, and the sequence a training run
packs its tokens into. One place for the command line without a scenario file, the window's first
start and the workload wizard (which never asks the sequence length: its answer page says it)."""

from __future__ import annotations

DEFAULT_CARD = "h100-sxm"
"""The card a training or serving scenario starts on where none is named (``--card`` absent, the
scenario's own default): NVIDIA's H100 SXM5, the reference card of the published training and serving
measurements. A family of other work declares its own
(:attr:`~configurator.core.workloads.base.WorkloadFamily.default_card`); a region whose buyers cannot
buy it starts the window on its own (:data:`DEFAULT_CARD_FOR_REGION`)."""

DEFAULT_CARD_FOR_REGION = {"cn": "ascend-910b"}
"""The card a region starts with where the catalog's export status of :data:`DEFAULT_CARD` for
it is not ``permitted`` (tests/test_region_default.py checks both statuses against the catalog).

Mainland China (``cn``): the Huawei Ascend 910B, the domestic training card Chinese buyers
usually buy: Huawei's flagship training chip, built to rival the Nvidia A100, which won a large
order from Baidu in 2023 as US rules shut Nvidia's best chips out (Reuters, 2023-11-07, "Factbox:
How Huawei plans to rival Nvidia in the AI chip business", republished at
https://www.taranganews.com/news/factbox-how-huawei-plans-to-rival-nvidia-in-the-ai-chip-business/),
sold by distributors for about 120,000 yuan (Reuters, 2024-01: the catalog's dated CNY
price). On the default job (Llama 3 8B, full fine-tune on 8 cards, 1e9 tokens) the app's answer
on it is whole: it fits (13 % headroom),
it is priced in CNY, its software stack (CANN, torch_npu) is named and its headline is green.
The other training cards permitted in China answer less well: the 910C (two 910B dies) has only
a USD street price more than half again as high, the MTT S4000, MLU370-X8 and BR100 no price in
the catalog, the MTT S5000 no compute rate, and the BI-V100 and V100 do not fit the job in
32 GB.

Serving starts on the same card, a practitioner's choice and not an oversight (decided by cnserve46,
December 2026, when the catalog gained its first domestic inference card): Huawei sells the 910B as its
LLM inference server too, the Atlas 800I A2 (its deployment guides install the ``Ascend-hdk-910b`` driver
on it: the openEuler Copilot "NPU推理服务器部署指南", gitcode.com/zhouweitong3/euler-copilot-framework_public,
2025-05), and the serving engines' Ascend guides for DeepSeek and Qwen are written for these 800I
servers (sglang's "Best Practice on Ascend NPU", docs.sglang.io: Atlas 800I A3, the 910C's). The
catalog's inference card, the Atlas 300I Duo (two Ascend 310P with LPDDR4X, 204 GB/s each), misses
the 100 ms chat target on the default serving job (Llama 3 8B in FP16 on one NPU: 105 ms per output
token at p90) where 1 × 910B meets it with 15 ms; a
window that started there would open on a red headline. Where the inference card carries the buyer's load
for less per token the window's class check says so beside the 910B, with the cost
(:func:`~configurator.core.mismatch.serving_mismatch`): the buyer sees the trade, not a default that hides
it."""

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


DEFAULT_TRAINING_TOKENS = 1e9
"""Tokens a training run goes through where the user gives none (``Training.tokens``) [tokens]: the
command line's, the window's first job and the what-fits questions alike (the window started on 2e9, the
command line on 1e9, and the what-fits dialog and ``what-fits --budget`` timed the same fine-tune for 2 B
and 1 B tokens without saying why, until session 42).

The order of a full instruction fine-tune's data: the Tülu 3 SFT mixture (Lambert et al. 2024; its
dataset card, huggingface.co/datasets/allenai/tulu-3-sft-mixture: 939,343 examples, 2.91 GB of text)
is about 0.7 B tokens at about 4 bytes a token. A round figure, not fitted: the time for the budget
scales with it; give yours (``--tokens``, the editor's token budget, the wizard's data to train on).
Pre-training in the what-fits questions goes by 20 tokens per parameter instead
(:data:`configurator.core.what_fits.TOKENS_PER_PARAM`)."""


PRETRAINING_CONTEXT: dict[str, int] = {
    "llama3-8b": 8192, "llama3-70b": 8192, "llama3.1-405b": 8192,
    "llama2-7b": 4096, "llama2-13b": 4096, "llama2-70b": 4096,
    "gpt3-175b": 2048, "tinyllama-1.1b": 2048, "deepseek-v3": 4096,
}
"""Tokens per sequence a model preset was pre-trained on, where its authors published it [tokens]: the
sequence a pre-training of that model defaults to (:func:`default_seq_len`).

- Llama 3 8B and 70B: 8,192 (Meta's Llama 3 release and model card, April 2024: "trained on sequences
  of 8,192 tokens"); Llama 3.1 405B: 8,192 in its main pre-training, before the long-context stage
  (Dubey et al. 2024, "The Llama 3 Herd of Models", §3.4.1-3.4.2: 4,096 for the first 252M tokens,
  then 8,192);
- Llama 2: 4,096 (Touvron et al. 2023, Table 1, "Context Length 4k");
- GPT-3 175B: 2,048 (Brown et al. 2020, §2.1, n_ctx = 2048);
- TinyLlama 1.1B: 2,048 (Zhang et al. 2024, "TinyLlama: An Open-Source Small Language Model", its
  training setup: sequence length 2,048);
- DeepSeek-V3: 4,096 (DeepSeek-AI 2024, technical report §4.2: "maximum sequence length to 4K during
  pre-training", then extended to 32K and 128K).

Presets not listed (Mistral, Mixtral, Qwen, Llama 3.2, a config.json or a size) keep
:data:`DEFAULT_SEQ_LEN`. Until December 2026 every pre-training defaulted to 2,048 tokens: Llama 3 70B's
1T-token pre-training was planned on sequences a quarter of Meta's."""


def pretraining_context(model_name: str) -> int:
    """The sequence ``model_name`` (a preset id) was pre-trained on [tokens]: :data:`PRETRAINING_CONTEXT`,
    else :data:`DEFAULT_SEQ_LEN`."""
    return PRETRAINING_CONTEXT.get(model_name, DEFAULT_SEQ_LEN)


DEFAULT_OPTIMIZER_KERNEL = "fused"
"""How a PyTorch AdamW step runs where the user names none (``Training.optimizer_kernel``): fused
(``torch.optim.AdamW(fused=True)``, one in-place kernel), for fine-tuning and pre-training alike, as the
frameworks most runs go through default to it today:

- the transformers ``Trainer`` (and what builds on its ``TrainingArguments``: trl's ``SFTConfig``, which sets
  no ``optim``; LLaMA-Factory, which requires transformers 4.55 or later) defaults ``optim`` to
  ``adamw_torch_fused`` under PyTorch 2.8 or later, ``adamw_torch`` (foreach) before it
  (``src/transformers/training_args.py``, ``default_optim``; pull request 37358, merged July 2025; from
  pull request 25109, July 2023, until then the default was ``adamw_torch``, and before it ``adamw_hf``);
- axolotl's config schema: ``optimizer`` ``adamw_torch_fused`` (``src/axolotl/utils/schemas/training.py``,
  since pull request 2293, January 2025);
- torchtune's LoRA configs: ``torch.optim.AdamW`` with ``fused: True`` (e.g.
  ``recipes/configs/llama3_2/3B_lora_single_device.yaml`` at 2324983f; its single-device full fine-tunes run
  bitsandbytes' ``PagedAdamW8bit``);
- torchtitan: ``optimizer.implementation`` ``fused`` (pull request 881, February 2025).

foreach is what ``torch.optim.AdamW`` runs on CUDA when told nothing (PyTorch pull request 95241: "Set
defaults to foreach, NOT fused"), so runs that construct it plainly state it: the transformers Trainer
before PyTorch 2.8 (fms-acceleration's May 2024 rows), litgpt's fine-tune scripts, Answer.AI's
``train.py``. Unsloth's notebooks set ``optim="adamw_8bit"`` (``training.optimizer`` ``adamw-8bit``);
Megatron's own fused Adam steps in place whatever this says."""
