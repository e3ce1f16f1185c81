"""Two rows of a training estimate's speed section that a practitioner checks by hand: the MFU with
the peak it is a share of, and the model FLOPs of the whole token budget (6·N·T and attention).
Qt-free; :mod:`configurator.core.view.estimate_view` places them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurator.core.view.card_view import rate_unit
from configurator.core.view.rows import Amount, Phrase

if TYPE_CHECKING:
    from configurator.core.estimate import Estimate


def mfu_value(est: Estimate) -> Phrase | Amount:
    """'30.4 % of the 4,500 TFLOP/s FP8 dense peak': the MFU with the rate it is a share of, the card's
    dense peak at the math precision (:func:`~configurator.core.training_speed.model_flops_utilisation`'s
    ``peak``), so an FP8 run's 30 % is not read against a BF16 run's 39 % of half the rate."""
    math = est.plan.math
    peak = est.card.peak_tflops(math) if math else None
    share = Amount(est.training.mfu, "share")
    if not peak:
        return share
    return Phrase("{share} of the {peak} {math} dense peak", {
        "share": share, "peak": Amount(peak, rate_unit(math), digits=4), "math": math.value.upper()})


def job_flops_value(est: Estimate) -> Phrase:
    """'8.98×10²³ FLOP (449 GFLOP per token)': the FLOPs the MFU counts, over the token budget —
    ``6·N`` per token plus causal attention (``4·N`` for an adapter's frozen weights;
    :func:`~configurator.core.training_speed.model_flops_per_token`,
    :func:`~configurator.core.formulas.flops.model_flops_utilisation`), for a check by hand against ``6·N·T``."""
    from configurator.core.formulas.flops import FLOPS_PER_PARAM_TRAINED, flops_per_param
    from configurator.core.training_packing import attention_span
    from configurator.core.training_speed import model_flops_per_token  # loaded with the estimate it reads
    s = est.scenario
    per_token = model_flops_per_token(s.model, attention_span(s)) * flops_per_param(
        s.workload.is_adapter) / FLOPS_PER_PARAM_TRAINED
    return Phrase("{total} ({per_token} per token)", {"total": Amount(per_token * s.training.tokens, "FLOP"),
                                                      "per_token": Amount(per_token / 1e9, "GFLOP")})
