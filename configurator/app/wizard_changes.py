"""The result page's sentences for each number the decision held differently from the answers, with the
reason (translated in the result page's context, ``SummaryPage``)."""

from __future__ import annotations



from configurator.app import format as fmt
from configurator.app.i18n import current_language
from configurator.app.i18n import tc as _tc
from configurator.app.wizard_decide import Change
from configurator.app.field_help import field_label as registry_label
from configurator.core.message_numbers import count_param


def field_label(path: str) -> str:
    """What a given number is called on the result page."""
    return {
        "count": _tc("SummaryPage", "cards owned"),
        "training.tokens": _tc("SummaryPage", "data to train on"),
        "training.global_batch_tokens": _tc("SummaryPage", "global batch"),
        "serving.concurrency": _tc("SummaryPage", "users served together"),
        "serving.prompt_tokens": _tc("SummaryPage", "prompt length"),
        "serving.output_tokens": _tc("SummaryPage", "answer length"),
        "serving.context": _tc("SummaryPage", "context length"),
        "precision": _tc("SummaryPage", "precision"),
    }.get(path) or registry_label(path)  # the rest as the registry names them ("power cap (facility power)")


def change_text(change: Change) -> str:
    """One sentence per number held differently from what was given, with the reason."""
    label, given, used = field_label(change.path), fmt.whole(change.given), fmt.whole(change.used)
    def count(n: float):  # a count with its noun, one or many: "{n:|sequence|sequences}" (core.message_numbers)
        return count_param(int(n), current_language())

    if change.why == "spread":
        return _tc("SummaryPage", "{label}: {given:|user|users} over {copies:|copy|copies} of the model make "
                                 "{each:|sequence|sequences} per copy, {used:|place|places} in all (the last copy "
                                 "is not full).").format(
            label=label, given=count(change.given), copies=count(change.params["copies"]),
            each=count(change.params["each"]), used=count(change.used))
    if change.why == "batch-layout":
        return _tc("SummaryPage", "{label}: {given} tokens asked, {used} tokens per step used — whole sequences of "
                                 "{seq} tokens on each of {dp:|data-parallel rank|data-parallel ranks}.").format(
            label=label, given=given, used=used, seq=fmt.whole(change.params["seq"]), dp=count(change.params["dp"]))
    if change.why == "precision":
        return _tc("SummaryPage", "precision: {given} asked, {used} used — the card does not compute "
                                  "{given}.").format(
            given=change.params["given"].upper(), used=change.params["used"].upper())
    if change.why == "owned":
        return _tc("SummaryPage", "{label}: {given} owned, {used} used by the layout.").format(
            label=label, given=given, used=used)
    return _tc("SummaryPage", "{label}: {given} given, {used} used.").format(label=label, given=given, used=used)
