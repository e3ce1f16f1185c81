"""A summary's chart is grabbed before the event loop turns: its legend must be laid out by then.
Before: the memory chart of a summary (Llama 3 70B pre-training on 1,024 H100) printed its last
entry, "Usable capacity", at the legend's corner over "Weights" (session 42, persona 12)."""

from __future__ import annotations

import pytest

from configurator.app.report_export import chart_widget
from configurator.core.analysis import analyse
from configurator.core.architecture import preset
from configurator.core.scenario import LAYOUT_FIELDS, Scenario

TRAINING = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=1024, workload="pretrain",
                    training={"tokens": 2e12, "seq_len": 8192}, auto_layout=LAYOUT_FIELDS)
SERVING = Scenario(model=preset("llama3-70b"), card_id="h100-sxm", count=8, workload="inference",
                   serving={"concurrency": 200}, auto_layout=LAYOUT_FIELDS)


@pytest.mark.parametrize("scenario", [TRAINING, SERVING], ids=["training", "serving"])
@pytest.mark.parametrize("key", ["memory", "scaling"])
def test_every_legend_entry_has_a_cell_of_its_own(qapp, catalog, scenario, key):
    chart = chart_widget(key, analyse(scenario, catalog))
    entries = [(sample.pos(), label.pos()) for sample, label in chart.legend.items]
    places = [(round(label.x()), round(label.y())) for _, label in entries]
    assert len(places) >= 3 and len(set(places)) == len(places), places
    assert all(label.x() > sample.x() and label.y() == sample.y() for sample, label in entries), entries
