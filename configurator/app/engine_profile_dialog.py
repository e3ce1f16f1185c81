"""A dialog that edits the serving engine's profile: its overheads and kernel efficiencies.

The numbers start from the profile in use (the engine's published one, or yours); OK stores
them as ``Serving.engine_profile`` (one undo step), "Published profile" goes back to the
engine's own. Ranges and tooltips come from :class:`configurator.core.engines.EngineProfile`'s
fields, so the dialog states what the core declares.
"""

from __future__ import annotations

import math

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from configurator.app import labels
from configurator.app.controller import ScenarioController
from configurator.app.field_help import field_help, field_range
from configurator.app.i18n import tc as _tc
from configurator.app.inputs import StrictDoubleSpinBox
from configurator.core.engines import PROFILES, EngineProfile

PATH = "serving.engine_profile"


def _numbers() -> dict[str, tuple[str, str, float, int]]:
    """Profile field -> (label, unit suffix, scale of the unit shown, decimals)."""
    us, pct = _tc("EngineProfileDialog", " µs"), " %"
    return {
        "layer_overhead_graphs_s": (_tc("EngineProfileDialog", "Per layer, CUDA graphs"), us, 1e-6, 1),
        "layer_overhead_eager_s": (_tc("EngineProfileDialog", "Per layer, eager"), us, 1e-6, 1),
        "prefill_layer_overhead_s": (_tc("EngineProfileDialog", "Per layer, prefill"), us, 1e-6, 1),
        "step_overhead_s": (_tc("EngineProfileDialog", "Per step (host)"), us, 1e-6, 0),
        "weight_stream_share": (_tc("EngineProfileDialog", "Weight reads"), pct, 0.01, 1),
        "kv_read_share": (_tc("EngineProfileDialog", "KV cache reads"), pct, 0.01, 1),
        "hbm_decode_factor": (_tc("EngineProfileDialog", "Decode reads on HBM cards"), pct, 0.01, 1),
        "kv_half_context": (_tc("EngineProfileDialog", "KV half-efficiency context"),
                            _tc("EngineProfileDialog", " tokens"), 1.0, 0),
        "prefill_share": (_tc("EngineProfileDialog", "Prefill kernels"), pct, 0.01, 1),
        "prompt_int8_share": (_tc("EngineProfileDialog", "Prefill kernels, INT8 quantized"), pct, 0.01, 1),
        "max_seqs": (_tc("EngineProfileDialog", "Sequences at once (default cap)"),
                     _tc("EngineProfileDialog", " sequences"), 1.0, 0),
        "max_seqs_large_card": (_tc("EngineProfileDialog", "Sequences at once on a large card"),
                                _tc("EngineProfileDialog", " sequences"), 1.0, 0),
        "large_card_gib": (_tc("EngineProfileDialog", "Large card from"), " GiB", 1.0, 0),
    }


def _whole(name: str) -> bool:
    """Whether the profile field counts (an int: tokens, sequences), so its box gives a whole number."""
    return name in ("kv_half_context", "max_seqs", "max_seqs_large_card")


def _in_field_unit(name: str, box: QDoubleSpinBox) -> float | int:
    """A number box's value in its field's unit, to the digits the box shows (72.7 % -> 0.727, not
    0.7270000000000001: the box's value times its scale carries binary noise)."""
    scale = box.property("scale")
    value = round(box.value() * scale, box.decimals() + max(0, round(-math.log10(scale))))
    return int(round(value)) if _whole(name) else value


def _none_texts() -> dict[str, str]:
    """What a number box shows for a field left unset (None), by field."""
    return {"prefill_layer_overhead_s": _tc("EngineProfileDialog", "default figure"),
            "prompt_int8_share": _tc("EngineProfileDialog", "as prefill kernels"),
            "max_seqs": _tc("EngineProfileDialog", "memory alone decides"),
            "max_seqs_large_card": _tc("EngineProfileDialog", "as on any card")}


def _zero_texts() -> dict[str, str]:
    """What a number box shows at 0 where 0 turns the effect off, by field."""
    return {"kv_half_context": _tc("EngineProfileDialog", "no short-sequence penalty")}


def _flags() -> dict[str, str]:
    return {
        "cuda_graphs": _tc("EngineProfileDialog", "CUDA graphs by default"),
        "continuous_batching": _tc("EngineProfileDialog", "Continuous batching"),
        "fp8_kv_with_fp8_weights": _tc("EngineProfileDialog", "FP8 KV cache with FP8 weights"),
        "prompt_fp16_accumulate": _tc("EngineProfileDialog", "Prompt products accumulate in FP16"),
        "prompt_int8_quantized": _tc("EngineProfileDialog", "Quantized prompts on INT8 tensor cores"),
    }


class EngineProfileDialog(QDialog):
    """Edit the numbers of the engine profile in use."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        serving = controller.scenario.serving
        self.profile = serving.profile
        engine = labels.engine_names().get(serving.engine.value, serving.engine.value)
        self.setWindowTitle(_tc("EngineProfileDialog", "Engine profile: {0}").format(engine))
        layout = QVBoxLayout(self)
        source = QLabel(_tc("EngineProfileDialog", "Published figures from: {0}").format(
            PROFILES[serving.engine].source))
        source.setWordWrap(True)
        layout.addWidget(source)
        if serving.engine_profile is not None:
            layout.addWidget(QLabel(_tc("EngineProfileDialog", "In use now: your own profile.")))
        form = QFormLayout()
        layout.addLayout(form)
        self.boxes: dict[str, QDoubleSpinBox] = {}
        self._opened_at: dict[str, float] = {}
        """Each box's value as the dialog opened [its unit shown]."""
        for name, (label, suffix, scale, decimals) in _numbers().items():
            box = self._box(name, suffix, scale, decimals)
            self.boxes[name] = box
            form.addRow(label, box)
        self.checks: dict[str, QCheckBox] = {}
        for name, text in _flags().items():
            check = QCheckBox(text)
            check.setObjectName(f"{PATH}.{name}")
            check.setToolTip(field_help(f"{PATH}.{name}"))
            check.setChecked(getattr(self.profile, name))
            self.checks[name] = check
            form.addRow("", check)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.published = buttons.addButton(_tc("EngineProfileDialog", "Published profile"),
                                           QDialogButtonBox.ButtonRole.ResetRole)
        self.published.setToolTip(_tc("EngineProfileDialog", "Use the engine's published profile again"))
        self.published.clicked.connect(self.use_published)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        layout.addWidget(self.problem)
        controller.error_changed.connect(self.problem.setText)  # a refused profile says why, here too

    def _box(self, name: str, suffix: str, scale: float, decimals: int) -> QDoubleSpinBox:
        """A number box over the profile field's declared range, in the unit shown."""
        path = f"{PATH}.{name}"
        bounds = field_range(path)
        box = StrictDoubleSpinBox()
        box.trimmed = True  # "0.5", not "0.50": no money among a profile's figures
        box.setObjectName(path)
        box.setDecimals(decimals)
        step = 10.0 ** -decimals
        low = bounds.low / scale + (0 if bounds.low_inclusive else step)
        value = getattr(self.profile, name)
        if EngineProfile.model_fields[name].default is None:
            low -= step  # one step below the range stands for None: the field's fallback (the Assumptions figure)
            box.setSpecialValueText(_none_texts()[name])
        elif name in _zero_texts() and low == 0:
            box.setSpecialValueText(_zero_texts()[name])  # the lowest value, 0, is a value: the effect off
        box.setRange(round(low, decimals), round(bounds.high / scale, decimals))
        box.setSingleStep(step * 10)
        box.setSuffix(suffix)
        box.setToolTip(field_help(path, unit=suffix.strip()))
        box.setValue(box.minimum() if value is None else value / scale)
        box.setProperty("scale", scale)
        self._opened_at[name] = box.value()  # what the box showed: left so, the field keeps its value
        return box

    def values(self) -> dict:
        """The profile the boxes describe, as the model's fields."""
        numbers = {}
        for name, box in self.boxes.items():
            if box.value() == self._opened_at[name]:
                continue  # not edited: the profile's own figure, not the box's rounding of it
            none = name in _none_texts() and box.value() == box.minimum()
            numbers[name] = None if none else _in_field_unit(name, box)
        flags = {name: check.isChecked() for name, check in self.checks.items()}
        engine = self.controller.scenario.serving.engine.value
        return {**self.profile.model_dump(), **numbers, **flags,
                # data, not a window text: saved with the scenario in English, like every source
                "source": f"your own profile, edited from {engine}'s"}

    def accept(self) -> None:
        text = lambda: _tc("EngineProfileDialog", "Edit the engine profile")  # noqa: E731 - named at display time
        if self.controller.apply_many({PATH: self.values()}, text=text, merge=False):
            super().accept()

    def use_published(self) -> None:
        self.controller.apply_many({PATH: None},
                                   text=lambda: _tc("EngineProfileDialog", "Use the published engine profile"),
                                   merge=False)
        super().accept()
