"""fast_init: a frozen dataclass built in one dictionary update is the same record as the
dataclass module's (signature, defaults, factories, equality, hash, replace, frozen)."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest

from configurator.core.frozen_record import fast_init


@dataclass(frozen=True)
class Plain:
    a: float
    b: str = "b"
    c: dict = field(default_factory=dict)
    d: int = field(default=4, kw_only=True)


@fast_init
@dataclass(frozen=True)
class Fast:
    a: float
    b: str = "b"
    c: dict = field(default_factory=dict)
    d: int = field(default=4, kw_only=True)


@fast_init
@dataclass(frozen=True)
class FastChild(Fast):
    e: float = 5.0


def _fields(record) -> tuple:
    return dataclasses.astuple(record)


def test_same_signature_as_the_dataclass():
    assert str(inspect.signature(Fast)) == str(inspect.signature(Plain))
    assert list(inspect.signature(FastChild).parameters) == ["a", "b", "c", "e", "d"]


@pytest.mark.parametrize("args, kwargs", [((1.0,), {}), ((1.0, "x"), {}), ((1.0, "x", {"k": 1}), {"d": 7}),
                                          ((), {"a": 2.0, "d": 9, "b": "y"})])
def test_same_fields_as_the_dataclass(args, kwargs):
    assert _fields(Fast(*args, **kwargs)) == _fields(Plain(*args, **kwargs))


def test_a_default_factory_makes_a_new_value_each_time():
    first, second = Fast(1.0), Fast(1.0)
    assert first.c == {} and first.c is not second.c
    given = {"k": 1}
    assert Fast(1.0, c=given).c is given


def test_equality_hash_repr_replace_pickle_and_frozen():
    record = FastChild(1.0, "x", e=2.0, d=3)
    assert record == FastChild(1.0, "x", e=2.0, d=3) and record != FastChild(1.0, "x", e=2.5, d=3)
    assert hash(Fast(1.0, c=None)) == hash(Fast(1.0, c=None))
    assert repr(record) == "FastChild(a=1.0, b='x', c={}, d=3, e=2.0)"
    assert dataclasses.replace(record, e=6.0) == FastChild(1.0, "x", e=6.0, d=3)
    assert pickle.loads(pickle.dumps(record)) == record
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.a = 2.0
    with pytest.raises(TypeError):
        Fast()  # a is required
    with pytest.raises(TypeError):
        Fast(1.0, "x", {}, 4)  # d is keyword-only


def test_refuses_what_it_cannot_serve():
    @dataclass
    class Mutable:
        a: int

    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    @dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class Derived:
        a: int
        b: int = field(init=False, default=0)

    for cls in (Mutable, Slotted, Checked, Derived, int):
        with pytest.raises(TypeError):
            fast_init(cls)


def test_kept_property_works_a_value_out_once_and_keeps_it():
    """kept_property: worked out on the first read, kept in the instance dictionary (later reads
    call nothing), the record's fields, equality and hash untouched; on a frozen pydantic model too."""
    from pydantic import BaseModel, ConfigDict

    from configurator.core.frozen_record import kept_property

    calls = []

    @fast_init
    @dataclass(frozen=True)
    class Record:
        a: float

        @kept_property
        def doubled(self) -> float:
            """Twice a."""
            calls.append(self.a)
            return 2 * self.a

    record = Record(1.5)
    assert record.doubled == 3.0 and record.doubled == 3.0 and calls == [1.5]
    assert record.__dict__["doubled"] == 3.0
    assert record == Record(1.5) and hash(record) == hash(Record(1.5))
    assert [f.name for f in dataclasses.fields(Record)] == ["a"]
    assert Record.doubled.__doc__ == "Twice a."
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.a = 2.0

    class Model(BaseModel):
        model_config = ConfigDict(frozen=True, extra="forbid", ignored_types=(kept_property,))
        a: int

        @kept_property
        def tripled(self) -> int:
            return 3 * self.a

    model = Model(a=2)
    assert model.tripled == 6 and model == Model(a=2) and hash(model) == hash(Model(a=2))
    assert model.model_dump() == {"a": 2} and list(Model.model_fields) == ["a"]


def test_a_lazy_value_is_worked_out_once_when_first_read_and_compares_as_its_value():
    from configurator.core.frozen_record import LazyValue, lazy_value

    calls = []
    lazy = LazyValue(lambda: calls.append(1) or 2.5)
    assert calls == []
    assert lazy.get() == 2.5 and lazy.get() == 2.5 and calls == [1]
    assert lazy == 2.5 and lazy == LazyValue(lambda: 2.5) and lazy != LazyValue(lambda: 3.0)
    assert hash(lazy) == hash(2.5) and repr(lazy) == "2.5"
    assert lazy_value(lazy) == 2.5 and lazy_value(1.5) == 1.5 and lazy_value(None) is None
    assert pickle.loads(pickle.dumps(LazyValue(lambda: 4.0))) == 4.0  # pickled as its value
    made = []
    lazy_args = LazyValue(lambda a, b: made.append(1) or a + b, 1.5, 2.0)  # the function's arguments given with it
    assert not made and lazy_args == 3.5 and lazy_args.get() == 3.5 and made == [1]


def test_a_serving_copys_idle_first_token_is_worked_out_when_read_and_the_same_number():
    """The idle first token is read only by the JSON export: the replica keeps a LazyValue of it,
    whose value is idle_ttft_seconds of the same scenario, card and plan."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import clear_estimate_memo, estimate
    from configurator.core.frozen_record import LazyValue
    from configurator.core.precision import plan_serving
    from configurator.core.scenario import Scenario
    from configurator.core.prefill_time import idle_ttft_seconds

    card = load_catalog().get("h100-sxm")
    scenario = Scenario.model_validate({"workload": "inference", "model": preset("llama3-8b").model_dump(),
                                        "card_id": card.id, "count": 1,
                                        "serving": {"concurrency": 8, "prompt_tokens": 512, "output_tokens": 128}})
    clear_estimate_memo()
    speed = estimate(scenario, card).serving
    assert type(speed.idle_ttft) is LazyValue
    assert speed.idle_ttft_s == idle_ttft_seconds(scenario, card, plan_serving(scenario, card)) > 0
    assert pickle.loads(pickle.dumps(speed)) == speed


@fast_init
@dataclass(frozen=True)
class WithLazy:
    a: float
    notes: tuple = ()


def test_a_lazy_field_reads_as_its_value_worked_out_once():
    """A field given a LazyValue (lazy_fields) reads as the value, worked out on the first read and
    kept in place of the LazyValue; equality, hash, repr, replace and pickle see the value."""
    from configurator.core.frozen_record import LazyValue, lazy_fields

    lazy_fields(WithLazy, "notes")
    calls = []
    record = WithLazy(1.0, LazyValue(lambda: calls.append(1) or ("x", "y")))
    assert calls == [] and type(record.__dict__["notes"]) is LazyValue
    assert record.notes == ("x", "y") and record.notes == ("x", "y") and calls == [1]
    assert type(record.__dict__["notes"]) is tuple  # kept as the value
    eager = WithLazy(1.0, ("x", "y"))
    assert record == eager and eager == record and hash(record) == hash(eager) and repr(record) == repr(eager)
    later = WithLazy(1.0, LazyValue(lambda: ("x", "y")))
    assert later == eager and dataclasses.replace(later, a=2.0) == WithLazy(2.0, ("x", "y"))
    assert pickle.loads(pickle.dumps(WithLazy(1.0, LazyValue(lambda: ("z",))))) == WithLazy(1.0, ("z",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.notes = ()
    with pytest.raises(TypeError):
        lazy_fields(WithLazy, "missing")


def test_a_serving_estimates_messages_and_limits_are_worked_out_when_read_and_the_same():
    """A serving estimate keeps its messages and limits as LazyValues until read (a ranking reads
    neither); read, they are what the functions give for the same copy, speed, verdicts and costs."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.estimate import clear_estimate_memo, estimate
    from configurator.core.frozen_record import LazyValue
    from configurator.core.scenario import Scenario
    from configurator.core.workloads.checks import fit_messages, verdict_messages
    from configurator.core.workloads.serving.estimate import copy_limits, serving_copy

    card = load_catalog().get("l40s")
    scenario = Scenario.model_validate({"workload": "inference", "model": preset("llama3-8b").model_dump(),
                                        "card_id": card.id, "count": 1,
                                        "serving": {"concurrency": 32, "context": 8192, "prompt_tokens": 2048,
                                                    "output_tokens": 512}})
    clear_estimate_memo()
    est = estimate(scenario, card)
    assert type(est.__dict__["messages"]) is LazyValue and type(est.__dict__["limits"]) is LazyValue
    assert not est.fits  # 32 users' caches do not fit one L40S: its messages say so
    # vLLM's 2,048 on the L40S is said among the assumptions, not here (core.view.assumptions_view)
    assert est.messages == (*fit_messages(est.memory, card), *verdict_messages(est.verdicts, False))
    copy = serving_copy(scenario, card)
    assert est.limits == copy_limits(copy.model, copy.context, copy.sequences, scenario.data_parallel)
    # 26 until session 42: a step of 8,192 tokens' activations; vLLM's default on the L40S is 2,048
    assert est.limits.max_concurrency == 27 and type(est.__dict__["limits"]) is not LazyValue
    assert pickle.loads(pickle.dumps(est)) == est


def test_a_serving_estimates_verdicts_are_worked_out_when_read_and_the_same():
    """A serving estimate keeps its verdicts as a LazyValue until read (an estimate asked for its
    speed or cost reads none); read, they are the one checker's verdicts on the estimate's speed,
    costs and power, and its messages say the same verdicts whichever is read first."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.constraints import check
    from configurator.core.estimate import clear_estimate_memo, estimate
    from configurator.core.frozen_record import LazyValue
    from configurator.core.scenario import Scenario
    from configurator.core.workloads.checks import verdict_messages

    card = load_catalog().get("h100-sxm")
    scenario = Scenario.model_validate({"workload": "inference", "model": preset("llama3-8b").model_dump(),
                                        "card_id": card.id, "count": 2,
                                        "serving": {"concurrency": 16, "prompt_tokens": 1024, "output_tokens": 256},
                                        "constraints": {"budget": 50000, "requests_per_s": 2, "tpot_ms": 5,
                                                        "power_cap_kw": 5}})
    for messages_first in (False, True):
        clear_estimate_memo()
        est = estimate(scenario, card)
        assert type(est.__dict__["verdicts"]) is LazyValue
        if messages_first:
            messages = est.messages
        verdicts = est.verdicts
        assert type(est.__dict__["verdicts"]) is tuple and est.verdicts is verdicts
        assert [v.id for v in verdicts] == ["budget", "power-cap", "request-rate", "ttft", "tpot"]
        assert verdicts == check(scenario, card, costs=est.costs, power=est.power, serving_speed=est.serving,
                                 serving=True)
        assert any(v.missed for v in verdicts)  # 5 ms a token is out of reach: a miss to say
        said = verdict_messages(verdicts, est.fits)
        assert all(m in est.messages for m in said) and said
        if messages_first:
            assert messages == est.messages
    assert pickle.loads(pickle.dumps(est)) == est
