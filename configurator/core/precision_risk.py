"""Why a ranked training configuration's numbers are riskier than the job asked: a card without the 16-bit
format the job trains in, so that it trains in another (session 51, buyer51). Said on the configuration's row
of every ranking (:func:`configurator.core.recommend_reasons.with_reasons`); the ranking's order is the objective's
and is not changed by it. Qt-free.

The rule, in one place (:func:`precision_risk`): a training job asked in BF16 on a card with no BF16 rate runs in
FP16 with loss scaling, or at FP32 rates where the card has no FP16 rate either
(:func:`configurator.core.precision.plan_training`, whose estimate times it at the rate it runs at:
the card's FP16 tensor peak, 125 TFLOPS on a Tesla V100). Its row says so first, beside any import stance,
because FP16's range ends at 65,504 where BF16's reaches about 3.4e38 (IEEE 754-2008 binary16; Google's
bfloat16 keeps binary32's 8 exponent bits): a model trained in BF16 may hold activations or gradients past FP16's
range, which dynamic loss scaling (Micikevicius et al. 2018, "Mixed Precision Training", ICLR) guards against
only for the gradients' underflow and overflow, not the forward pass's activations.

Why the rule does not rank such a configuration below the others: the estimate times the job at the format it
runs in, so its speed and cost are that job's; whether the numeric risk is acceptable is the buyer's judgement
(FP16 with loss scaling trained the models of the V100 era), so the row says it and the buyer weighs it. Until
December 2026 only the winner's reasons said the fallback ("precision-fallback"): a rent ranking of a Llama 3
70B full fine-tune put 256 × Tesla V100 SXM2 16GB third with only its CUDA support on the row (persona50b #13)."""

from __future__ import annotations

from configurator.core.estimate import Estimate
from configurator.core.messages import Message, msg
from configurator.core.units import Precision


def precision_risk(est: Estimate) -> Message | None:
    """Why ``est``'s training numbers are riskier than asked: BF16 asked, FP16 (with loss scaling) or FP32 run
    for want of a BF16 rate on the card (``precision-risk-fp16``, ``precision-risk-fp32``); None for serving,
    graphics, a precision run as asked, or any other fallback."""
    plan = est.plan
    if not est.scenario.workload.is_training or plan.requested is not Precision.BF16:
        return None
    if plan.math is Precision.FP16:
        return msg("precision-risk-fp16", card=est.card.name)
    if plan.math is Precision.FP32:
        return msg("precision-risk-fp32", card=est.card.name)
    return None
