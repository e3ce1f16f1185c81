"""Warnings and reasons as message ids with parameters, plus their English text.

Translations key on the id; parameters are formatted into the template of the language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ENGLISH: dict[str, str] = {
    "precision-fallback": "{card} has no {requested}: {used} used",
    "precision-emulated": (
        "{card} has no {requested} math: weights stored in {requested}, math in {used} (emulated, "
        "saves memory but not compute)"
    ),
    "precision-not-for-training": "{requested} is not a training precision: {used} used",
    "no-compute-rate": "{card} has no published compute rate: speed, time and cost cannot be estimated",
    "no-bandwidth": "{card} has no published memory bandwidth: decode speed cannot be estimated",
    "no-tdp": "{card} has no published board power: power and energy cannot be estimated",
    "does-not-fit": (
        "Does not fit: needs {need:.1f} GiB per card, {card} allows {budget:.1f} GiB "
        "({short:.1f} GiB short)"
    ),
    "tight-fit": "Fits with only {headroom:.0f} % headroom: fragmentation or a longer sequence may overflow",
    "tp-over-pcie": "{card} has no NVLink: tensor parallel over PCIe",
    "tp-across-nodes": (
        "Tensor-parallel degree {tp} exceeds {per_node} cards per node: tensor-parallel traffic crosses "
        "the network"
    ),
    "tp-beyond-link-domain": (
        "Tensor-parallel degree {tp} exceeds the {domain} cards that share {card}'s fast link: part of it "
        "runs over PCIe"
    ),
    "dp-over-pcie": "{card} has no GPU-to-GPU link: gradient exchange runs over PCIe",
    "pipeline-bubble": (
        "Pipeline bubble: {bubble:.0f} % of each step is idle with {pp} stages and {m} micro-batches; "
        "raise gradient accumulation"
    ),
    "zero-without-dp": "ZeRO stage {zero} has no effect with a single data-parallel replica",
    "no-purchase-price": "{card} has no purchase price in the catalog: enter one to see the purchase cost",
    "no-cloud-price": "{card} has no cloud price in the catalog: enter one to see the cloud cost",
    "low-confidence": "{card} specifications are low confidence: check a vendor datasheet before buying",
    "class-mismatch": (
        "{card} is a {category} card; {workload} work usually belongs on {expected} cards"
    ),
    "no-display-no-encoder": "{card} has no display outputs or video encoders",
    "consumer-card-training": "{card} is a consumer card: no ECC, no NVLink, and its licence restricts data-centre use",
    "moe-expert-parallel-ignored": (
        "Mixture-of-experts all-to-all traffic is not modelled: multi-card times are optimistic"
    ),
    "misses-deadline": "Takes {hours:,.0f} h, {over:,.0f} h past the {deadline:,.0f} h deadline",
    "over-budget": "Costs {cost:,.0f} {currency} ({basis}), {over:,.0f} {currency} over the budget of {budget:,.0f}",
    "over-power-cap": "Draws {kw:,.1f} kW at the wall, over the {cap:,.1f} kW power cap",
    "over-rack-power": "One server draws {kw:,.1f} kW at the wall, over the {cap:,.1f} kW a rack position allows",
    "misses-throughput": "Trains at {rate:,.0f} tokens/s, short of the {target:,.0f} tokens/s needed",
    "misses-request-rate": "Serves {rate:,.2f} requests/s, short of the {target:,.2f} requests/s needed",
    "misses-tpot": "Time per output token {ms:,.1f} ms exceeds the {target:,.1f} ms target",
    "misses-ttft": "Time to first token {ms:,.0f} ms exceeds the {target:,.0f} ms target",
    "reason-decode-bound": "Decoding {concurrency} sequences at once on {card} is limited by {bound}",
    "reason-comm-bound": "{card}: {share:.0f} % of each step is communication; faster links would help",
    "reason-compute-bound": "{card} computes at {mfu:.0f} % MFU and fits with {headroom:.0f} % memory headroom",
    "reason-class-cheaper": (
        "{card} ({category} card) costs {ratio:.1f}× less per token than the best {other_category} card, {other}"
    ),
    "reason-class-faster": (
        "{card} ({category} card) is {ratio:.1f}× faster than the best {other_category} card, {other}"
    ),
    "reason-deadline-changes": "With a deadline under {hours:,.0f} h, {count} × {card} would win (fastest option)",
    "reason-latency-changes": "With a latency target under {ms:,.1f} ms per token, {count} × {card} would win",
    "mismatch-training-card-for-serving": (
        "{card} is a training card: {count} × {other} carries the same load at {ratio:.1f}× lower cost per token "
        "({saving:,.2f} {currency} less per million tokens)"
    ),
    "mismatch-pcie-card-for-training": (
        "{card} has no card-to-card link: this training takes {hours:,.0f} h; {count} × {other} with NVLink "
        "would take {other_hours:,.0f} h"
    ),
    "prompt-exceeds-batch": (
        "Prompt of {prompt} tokens is prefilled in chunks of {chunk} tokens"
    ),
    "inference-batch-compute-bound": (
        "Decoding {concurrency} sequences at once is compute-bound on {card}: more concurrency adds latency"
    ),
}


@dataclass(frozen=True)
class Message:
    """One warning or reason: an id, its parameters, and the English text."""

    id: str
    params: dict = field(default_factory=dict)

    @property
    def text(self) -> str:
        return render(self, ENGLISH)

    def to_dict(self) -> dict:
        return {"id": self.id, "params": self.params, "text": self.text}


def render(message: Message, templates: dict[str, str]) -> str:
    """Format ``message`` with ``templates``, falling back to English."""
    template = templates.get(message.id) or ENGLISH[message.id]
    return template.format(**message.params)


def msg(message_id: str, **params: object) -> Message:
    """Make a message; the id must exist in the English catalogue."""
    if message_id not in ENGLISH:
        raise KeyError(f"unknown message id '{message_id}'")
    return Message(message_id, dict(params))
