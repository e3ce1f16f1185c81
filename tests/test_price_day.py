"""price_basis.price_day: the day prices are aged against, asked once per local day and the same
day date.today gives at every call (across midnight, and with another ``today`` put in place)."""

from datetime import date, datetime, timedelta

from configurator.core import price_basis
from configurator.core.procurement import card_price


def test_price_day_is_the_policys_today():
    assert price_basis.price_day() == card_price.today() == date.today()


def test_another_today_put_in_place_is_asked(monkeypatch):
    monkeypatch.setattr(card_price, "today", lambda: date(2026, 12, 1))
    assert price_basis.price_day() == date(2026, 12, 1)
    monkeypatch.setattr(card_price, "today", lambda: date(2027, 1, 5))
    assert price_basis.price_day() == date(2027, 1, 5)


def test_the_day_turns_at_local_midnight(monkeypatch):
    """The clock moved to a second before and after the next local midnight: the day kept until then,
    the next one from then on (date.today read at the same clock)."""
    clock = [datetime(2026, 12, 3, 23, 59, 58).timestamp()]
    monkeypatch.setattr(price_basis.time, "time", lambda: clock[0])
    asked = []

    def clock_today():
        asked.append(clock[0])
        return datetime.fromtimestamp(clock[0]).date()

    monkeypatch.setattr(card_price, "today", clock_today)
    assert price_basis.price_day() == date(2026, 12, 3)
    clock[0] += 1.0  # 23:59:59
    assert price_basis.price_day() == date(2026, 12, 3)
    assert len(asked) == 1  # given again without asking
    clock[0] += 1.0  # 00:00:00 the next day
    assert price_basis.price_day() == date(2026, 12, 4)
    assert len(asked) == 2
    clock[0] -= 3600.0  # the clock set back an hour: asked again, the day before
    assert price_basis.price_day() == date(2026, 12, 3)


def test_a_day_without_local_bounds_is_asked_every_time(monkeypatch):
    monkeypatch.setattr(card_price, "today", lambda: date.max)
    assert price_basis.price_day() == date.max
    assert price_basis._DAY[2] == price_basis._DAY[3] == 0.0  # nothing kept: the next call asks again
    assert date.max - timedelta(days=1) < price_basis.price_day()
