"""The first row's "the best training card costs only N % more" is said only where it is close (review,
session 40): a card of a third class within 5 % let it say "only 30 % more" of a training card far behind."""

from types import SimpleNamespace

from configurator.core.messages import msg
from configurator.core.recommend import Objective
from configurator.core.recommend_reasons import CLASS_CLOSE_WITHIN, _class_reason


def _rec(name, category, score, messages=()):
    return SimpleNamespace(card=SimpleNamespace(name=name, category=category), score=score,
                           estimate=SimpleNamespace(messages=list(messages)))


def test_the_class_card_is_named_close_only_within_five_percent():
    mismatch = msg("class-mismatch", card="T4", category="inference", expected="training", workload="finetune")
    best = _rec("T4", "inference", 100.0, [mismatch])
    workstation = _rec("L40S", "workstation", 102.0)
    far = _rec("H100", "training", 130.0)
    assert _class_reason(best, [best, workstation, far], Objective.TCO) is None
    near = _rec("H100", "training", 100.0 * CLASS_CLOSE_WITHIN - 1.0)
    said = _class_reason(best, [best, workstation, near], Objective.TCO)
    assert said is not None and said.id == "reason-class-close" and "H100" in said.text
