"""The question and the answer of "what can I run on the cards I own?" (:mod:`configurator.core.what_fits`):
the latency targets, the ladder of models, the tasks a row can be for, and the rows and verdicts that answer
it. Split from :mod:`configurator.core.what_fits` (December 2026), which plans the rows. Qt-free.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from configurator.core.architecture import ArchitectureError, ModelArchitecture, load_presets
from configurator.core.catalog import Card
from configurator.core.estimate import Estimate
from configurator.core.model_size import model_for_size
from configurator.core.precision import default_precision
from configurator.core.scenario import Scenario, ServingUse, Workload
from configurator.core.serving_use import USE_TARGETS
from configurator.core.units import Precision
from configurator.core.workloads import FAMILIES

# ---- the question ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ServingTargets:
    """Latency a serving row must meet for its users to count: time to first token and time per
    output token, both at ``percentile`` of requests under the load [ms]."""

    ttft_ms: float
    tpot_ms: float
    percentile: int


INTERACTIVE_TARGETS = ServingTargets(ttft_ms=USE_TARGETS[ServingUse.CHAT].ttft_ms,
                                     tpot_ms=USE_TARGETS[ServingUse.CHAT].tpot_ms,
                                     percentile=USE_TARGETS[ServingUse.CHAT].percentile)
"""Interactive chat: the chat use's default targets (:data:`configurator.core.serving_use.USE_TARGETS`,
where their sources are), the targets this view holds a row to where the user states none; every
target is editable."""

TRAINING_SEQ_LEN = 4096
"""Tokens per training sequence the question starts with (Llama 2's pre-training context,
Touvron et al. 2023; the window's fine-tuning default) [tokens]."""


@dataclass(frozen=True)
class ModelChoice:
    """One rung of the ladder: a preset, or a size for which the closest preset or a Llama-like
    shape is used (:func:`configurator.core.model_size.model_for_size`)."""

    size: str
    """How the rung is named ('8B', '8×7B MoE') [text]."""
    preset_id: str | None = None
    params: float | None = None
    """The size asked for when there is no preset [parameters]."""

    def architecture(self) -> ModelArchitecture:
        if self.preset_id is not None:
            presets = load_presets()
            if self.preset_id not in presets:
                raise ArchitectureError(f"unknown model preset '{self.preset_id}'")
            return presets[self.preset_id]
        return model_for_size(float(self.params or 0)).model

    @property
    def name(self) -> str:
        """The preset id, or the size for a built shape."""
        return self.preset_id or self.size


LADDER: tuple[ModelChoice, ...] = (
    ModelChoice("1B", "llama3.2-1b"), ModelChoice("3B", "llama3.2-3b"), ModelChoice("8B", "llama3-8b"),
    ModelChoice("13B", "llama2-13b"), ModelChoice("32B", "qwen2.5-32b"), ModelChoice("70B", "llama3-70b"),
    ModelChoice("405B", "llama3.1-405b"), ModelChoice("8×7B MoE", "mixtral-8x7b"),
    ModelChoice("671B MoE", "deepseek-v3"))
"""The sizes buyers ask about, each a published model's preset (Llama 3.2 1B and 3B, Llama 3 8B,
Llama 2 13B, Qwen2.5 32B, Llama 3 70B, Llama 3.1 405B) and the two mixture-of-experts presets
(Mixtral 8×7B, DeepSeek-V3). 32 B was a Llama-like shape of that size, named "32B" alone on the
ladder, until session 42: Qwen2.5 32B, the preset a typed "32B" takes (:func:`model_choice`), is it."""


def model_choice(text: str) -> ModelChoice:
    """A preset id ('qwen2.5-72b') or a size ('32B', '7e9') as a rung — the preset within 10 % of
    the size where there is one (:func:`~configurator.core.model_size.model_for_size`); ValueError
    otherwise."""
    text = text.strip()
    if text in load_presets():
        return ModelChoice(text, text)
    scale = {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}
    try:
        number = float(text[:-1]) * scale[text[-1].lower()] if text and text[-1].lower() in scale else float(text)
    except ValueError:
        raise ValueError(f"'{text}' is neither a model preset nor a size such as 32B") from None
    if not 1e6 <= number <= 1e13:
        raise ValueError(f"'{text}': a size between 1M and 10T parameters")
    size = f"{number / 1e9:g}B"
    sized = model_for_size(number)
    return ModelChoice(size, sized.preset_id) if sized.preset_id else ModelChoice(size, params=number)


def _family_workloads(name: str) -> tuple[Workload, ...]:
    """The workloads of the family called ``name``, in the order the enum lists them."""
    family = next(family for family in FAMILIES if family.name == name)
    return tuple(w for w in Workload if w in family.workloads)


TRAINING_TASKS: tuple[Workload, ...] = _family_workloads("training")
"""Pre-training, full fine-tuning, LoRA and QLoRA: the training family's workloads."""

SERVING_TASK: Workload = _family_workloads("serving")[0]
"""Serving: the serving family's workload."""

TASKS: tuple[Workload, ...] = (*TRAINING_TASKS, SERVING_TASK)
"""What a row can be for: the training workloads, then serving."""

QUANTISED_BASE = {"qlora": "nf4"}
"""Training workloads whose frozen base is stored quantised, by workload: QLoRA's 4-bit NF4
(Dettmers et al. 2023); their adapters train at 16-bit."""

TOKENS_PER_PARAM = {"pretrain": 20.0}
"""Training workloads timed for a budget per parameter rather than the scenario's token budget,
by workload: pre-training at the compute-optimal 20 tokens per parameter (Hoffmann et al. 2022,
"Training Compute-Optimal Large Language Models", Table 3) [tokens/param]."""


# ---- the answer ------------------------------------------------------------------------------


class Verdict(StrEnum):
    """What a row says."""

    FITS = "fits"
    """Training: a layout fits. Serving: at least one user within the targets."""
    TOO_SLOW = "too-slow"
    """Serving: fits in memory, but one user alone already misses a latency target."""
    OFFLOADED = "fits-offloaded"
    """Training: no layout fits in the cards' memory alone, one does with the optimizer (and, under PyTorch's
    recipes, the parameters) in host memory, as ``plan`` and ``estimate`` plan it (slower; the host RAM each
    server needs is :attr:`FitRow.host_bytes_per_server`)."""
    NO_FIT = "no-fit"
    """No layout holds the model and its work in the cards' memory (nor, training, with the CPU offload where
    the question allows it)."""
    UNKNOWN = "unknown"
    """The card publishes no rate or bandwidth for this precision: nothing can be said."""


class Limit(StrEnum):
    """What stops a serving row from holding more users."""

    MEMORY = "memory"
    TPOT = "tpot"
    TTFT = "ttft"
    SEARCH = "search"
    """The most users the scenario allows were held."""


@dataclass(frozen=True)
class ServingLoad:
    """A serving row's load: the users held within the targets and what they get."""

    users: int
    """Users (sequences at once) the cards hold within the targets; 0 when one alone misses them."""
    users_in_memory: int
    """Users whose key/value cache fits at the planned layout, latency aside."""
    limited_by: Limit
    tokens_per_s_per_user: float
    """Output tokens one user receives per second (1 / median time per output token) [tokens/s]."""
    tokens_per_s: float
    """Output tokens of the whole deployment at that load [tokens/s]."""
    ttft_s: float
    """Time to first token at the targets' percentile [s]."""
    tpot_s: float
    """Time per output token at the targets' percentile [s]."""


@dataclass(frozen=True)
class TrainingRun:
    """A training row's speed: tokens/s and the time for its token budget."""

    tokens_per_s: float
    tokens: float
    """The token budget timed [tokens]."""
    hours: float
    mfu: float


@dataclass(frozen=True)
class FitRow:
    """One model, task and precision on the owned cards."""

    model: ModelChoice
    params: float
    """Parameters of the model used [parameters]."""
    active_params: float
    """Parameters a token uses (all but the unused experts of a mixture of experts) [parameters]."""
    task: Workload
    precision: str
    """The precision or weight format: a ``Precision`` value for training (``nf4`` for the QLoRA
    base), a ``WeightFormat`` value for serving."""
    verdict: Verdict
    memory_bytes: float
    """Memory per card the planned layout needs; for a no-fit row, the lightest layout's (training)
    or one copy's at one user spread over every card (serving) [B]."""
    usable_bytes: float
    """What one card allows for it (serving: the engine's share of usable memory) [B]."""
    estimate: Estimate | None
    """The estimate of the row (at the users held, for serving); None when nothing was estimated."""
    training: TrainingRun | None = None
    serving: ServingLoad | None = None
    cards_used: int | None = None
    """Serving: the cards the row uses when no copy divides all of them (None: all) [cards]."""
    host_bytes_per_server: float | None = None
    """Training, :attr:`Verdict.OFFLOADED`: host memory each server needs for the offloaded states (None
    otherwise) [B]."""

    @property
    def fits(self) -> bool:
        return self.verdict in (Verdict.FITS, Verdict.TOO_SLOW)

    @property
    def runs(self) -> bool:
        """Whether the row has a layout that runs: it fits on the cards (:attr:`fits`), or only with the CPU
        offload (:attr:`Verdict.OFFLOADED`, which :attr:`fits` leaves out: the cards alone do not hold it)."""
        return self.fits or self.verdict is Verdict.OFFLOADED

    @property
    def timed_at(self) -> str | None:
        """A training row's math precision where the card publishes no rate for the one it is planned at
        (BF16 on a DGX Spark: timed at its FP32 rate, :func:`training_sixteen`), as a ``Precision`` value;
        None where it is timed at its own (and for serving)."""
        if not self.task.is_training or self.estimate is None or self.estimate.plan.math is None:
            return None
        planned = training_sixteen(self.estimate.card).value if self.precision in QUANTISED_BASE.values() \
            else self.precision
        used = self.estimate.plan.math.value
        return used if used != planned else None


@dataclass(frozen=True)
class WhatFits:
    """The whole answer for ``count`` × ``card``."""

    card: Card
    count: int
    base: Scenario
    """The question: cards per server, sequence, token budget, context, prompt, answer, engine."""
    targets: ServingTargets
    rows: tuple[FitRow, ...]
    seconds: float
    """Time the answer took [s]."""


def training_sixteen(card: Card) -> Precision:
    """The 16-bit precision a training row on ``card`` is planned at: BF16 where the card has a BF16 rate,
    else FP16 where it has that, else BF16 — what training on it runs in, though the catalog publishes no
    16-bit rate (a DGX Spark: FP4 and FP32 only), so the estimate times it at the FP32 rate and says so
    (:func:`~configurator.core.precision.plan_training`, :attr:`FitRow.timed_at`). Until December 2026 such a
    row was planned in FP32 and read "Pre-train Llama 3.2 3B, FP32" as though FP32 were the recipe (persona44)."""
    found = default_precision(card)
    return Precision.BF16 if found is Precision.FP32 else found
