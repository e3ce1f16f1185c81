"""The editor's fine-tuning data in examples: a number box for the examples and one for the tokens
per example, each edit setting the token budget to examples × tokens per example
(:func:`configurator.core.examples.example_tokens`, the one conversion) in the same undo step."""

from __future__ import annotations

from typing import Any

from configurator.app.binders import SpinBinder
from configurator.core.examples import example_tokens


class ExamplesBinder(SpinBinder):
    """A :class:`SpinBinder` of ``training.examples`` or ``training.tokens_per_example`` whose edit
    also sets ``training.tokens`` where examples are given (None examples: the budget stays as typed)."""

    def _send(self, value: Any) -> None:
        t = self.controller.scenario.training
        examples = value if self.path == "training.examples" else t.examples
        per_example = value if self.path == "training.tokens_per_example" else t.tokens_per_example
        changes = {self.path: value}
        if examples is not None and per_example is not None:
            changes["training.tokens"] = example_tokens(examples, per_example)
        if not self.controller.apply_many(changes, label=self.path):
            self._show(self.controller.scenario)
