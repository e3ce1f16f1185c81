"""One currency (issue 30, part 7): the currency of a language decided in one place
(core/currency.py), the price file's dated rate where none is given, and every money default
converted whenever the currency changes, however it was chosen: a command-line flag, the
language, the window's currency box."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core import currency
from configurator.core.currency import (
    CurrencyError,
    converts,
    dated_rate,
    price_conversion,
    shown_currency,
    with_currency,
)
from configurator.core.procurement.prices import bundled_price_book
from configurator.core.scenario import Economics, Scenario
from configurator.core.scenario_io import write_scenario

BOOK = bundled_price_book()
CNY_RATE = BOOK.rates["usd_to_cny"].value  # read through the price book: another change may date it anew
CNY_DATE = BOOK.rates["usd_to_cny"].date
TARIFF = BOOK.rates["electricity_cny_per_kwh"].value
USD_ELECTRICITY = Economics().electricity_per_kwh


def priced(llama8b, **economics) -> Scenario:
    return Scenario(model=llama8b, card_id="h100-sxm", count=8, economics=economics,
                    constraints={"budget": 1_000_000})


# ---- the rule, in one place -------------------------------------------------------------------

def test_each_language_has_its_currency_unless_the_user_chose_one():
    assert shown_currency("USD", "en") == "USD"
    assert shown_currency("USD", "zh_CN") == "CNY"
    assert shown_currency("CNY", "en") == "USD"
    assert shown_currency("EUR", "zh_CN") == "EUR"  # a currency the program never picks: the user's
    assert shown_currency("USD", "zh_CN", chosen="USD") == "USD"


def test_the_dated_rate_is_the_price_files():
    rate = dated_rate("CNY")
    assert (rate.per_usd, rate.date) == (CNY_RATE, CNY_DATE) and rate.source
    assert dated_rate("USD").per_usd == 1.0
    assert dated_rate("GBP") is None  # none in the price file
    eur = dated_rate("EUR")  # the ECB reference rate (was: none, "--currency EUR needs --usd-rate")
    assert (eur.per_usd, eur.date) == (BOOK.rates["usd_to_eur"].value, BOOK.rates["usd_to_eur"].date)
    assert "European Central Bank" in eur.source and 0.5 < eur.per_usd < 1.5


def test_a_new_currency_converts_every_amount_and_the_electricity_default(llama8b):
    usd = priced(llama8b, card_price=25_000, cloud_price_per_hour=3.0, colocation_per_kw_month=200)
    cny = with_currency(usd, "CNY")
    e = cny.economics
    assert (e.currency, e.usd_to_currency) == ("CNY", CNY_RATE)
    assert e.card_price == pytest.approx(25_000 * CNY_RATE)
    assert e.cloud_price_per_hour == pytest.approx(3.0 * CNY_RATE)
    assert e.colocation_per_kw_month == pytest.approx(200 * CNY_RATE)
    assert cny.constraints.budget == pytest.approx(1_000_000 * CNY_RATE)
    assert e.electricity_per_kwh == pytest.approx(TARIFF)  # China's tariff, not 0.10 read as yuan
    back = with_currency(cny, "USD")
    assert back.economics == usd.economics and back.constraints == usd.constraints


def test_an_electricity_price_the_user_typed_is_converted_not_replaced(llama8b):
    usd = priced(llama8b, electricity_per_kwh=0.2)
    assert with_currency(usd, "CNY", 7.0).economics.electricity_per_kwh == pytest.approx(1.4)


def test_a_currency_without_a_dated_rate_takes_the_users(llama8b):
    gbp = with_currency(priced(llama8b, card_price=25_000), "GBP", 0.8)
    assert gbp.economics.card_price == pytest.approx(20_000)
    assert gbp.economics.electricity_per_kwh == pytest.approx(USD_ELECTRICITY * 0.8)
    with pytest.raises(CurrencyError, match="no exchange rate for GBP"):
        with_currency(priced(llama8b), "GBP")


def test_a_new_rate_in_the_same_currency_keeps_the_amounts(llama8b):
    cny = with_currency(priced(llama8b, card_price=25_000), "CNY")
    again = with_currency(cny, "CNY", 7.0)
    assert again.economics.usd_to_currency == 7.0
    assert again.economics.card_price == cny.economics.card_price  # typed in yuan, still yuan
    assert again.economics.electricity_per_kwh == pytest.approx(TARIFF)


def test_usd_has_rate_one(llama8b):
    with pytest.raises(CurrencyError, match="rate is 1"):
        with_currency(priced(llama8b), "USD", 7.1)


def test_without_the_rate_in_the_price_file_cny_falls_back_undated(monkeypatch, llama8b):
    from configurator.core.procurement.prices import PriceBook

    without = PriceBook(items=BOOK.items, rates={k: v for k, v in BOOK.rates.items() if k != "usd_to_cny"},
                        price_date=BOOK.price_date)
    monkeypatch.setattr(currency, "bundled_price_book", lambda: without)
    rate = dated_rate("CNY")
    assert rate.per_usd == currency.USD_TO_CNY_FALLBACK and rate.date == ""


# ---- the command line -------------------------------------------------------------------------

ESTIMATE = ["estimate", "--workload", "inference", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "8",
            "--concurrency", "200"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def estimate_json(capsys, *flags) -> dict:
    code, out, err = run(capsys, *ESTIMATE, "--json", *flags)
    assert code == 0, err
    return json.loads(out)


def test_currency_cny_needs_no_rate_and_says_the_price_files(capsys):
    code, out, err = run(capsys, *ESTIMATE, "--currency", "CNY")
    assert code == 0, err  # before: "--currency other than USD needs --usd-rate"
    assert f"Exchange rate" in out and f"{CNY_RATE:g} CNY per USD, the price file's rate of {CNY_DATE}" in out
    code, out, err = run(capsys, *ESTIMATE, "--currency", "CNY", "--usd-rate", "7.1")
    assert "7.1 CNY per USD, your rate" in out


def test_currency_eur_needs_no_rate_and_says_the_price_files(capsys):
    """persona5b: --currency EUR refused ("the price file has no dated rate for EUR"); the price file
    now holds the ECB's reference rate, and the answer states it and its date as it does for CNY."""
    rate = BOOK.rates["usd_to_eur"]
    code, out, err = run(capsys, *ESTIMATE, "--currency", "EUR")
    assert code == 0, err
    assert f"{rate.value:g} EUR per USD, the price file's rate of {rate.date}" in out


def test_energy_is_priced_in_yuan_not_dollars_read_as_yuan(capsys):
    usd = estimate_json(capsys)
    cny = estimate_json(capsys, "--currency", "CNY", "--usd-rate", "7.1")
    assert cny["scenario"]["economics"]["electricity_per_kwh"] == pytest.approx(TARIFF)  # was 0.1
    ratio = TARIFF / USD_ELECTRICITY
    assert cny["cost"]["energy"] == pytest.approx(usd["cost"]["energy"] * ratio, rel=1e-5)  # JSON: 6 digits
    assert cny["cost"]["purchase"] == pytest.approx(usd["cost"]["purchase"] * 7.1, rel=1e-6)
    own = cny["bom"]
    assert own["currency"] == "CNY"


def test_estimate_in_chinese_answers_in_yuan_like_report_and_the_window(capsys, tmp_path):
    result = estimate_json(capsys, "--lang", "zh_CN")
    assert result["cost"]["currency"] == "CNY"  # was USD
    assert result["scenario"]["economics"]["usd_to_currency"] == CNY_RATE
    code, out, _ = run(capsys, *ESTIMATE, "--lang", "zh_CN")
    assert "CNY" in out and " USD" not in out.replace("CNY/USD", "")
    assert f"汇率" in out and f"价格文件 {CNY_DATE} 的汇率" in out
    summary = tmp_path / "s.json"
    assert run(capsys, "report", *ESTIMATE[1:], "--lang", "zh_CN", "-o", str(summary))[0] == 0
    assert '"CNY"' in summary.read_text(encoding="utf-8")
    assert estimate_json(capsys, "--lang", "zh_CN", "--currency", "USD")["cost"]["currency"] == "USD"


def test_a_bare_money_flag_means_the_same_money_in_either_language(capsys):
    """A money flag that names no currency is read in the question's (USD here), never the language's; Chinese
    shows it in yuan (same49: until December 2026 it was 200,000 yuan with --lang zh_CN)."""
    result = estimate_json(capsys, "--lang", "zh_CN", "--card-price", "200000")
    assert result["cost"]["currency"] == "CNY"
    assert result["scenario"]["economics"]["card_price"] == pytest.approx(200_000 * dated_rate("CNY").per_usd)
    result = estimate_json(capsys, "--lang", "zh_CN", "--card-price", "200000", "--currency", "CNY")
    assert result["scenario"]["economics"]["card_price"] == 200_000  # in --currency, where given


def test_a_scenario_files_own_currency_stays(capsys, tmp_path, llama8b):
    path = tmp_path / "eur.gpuconf.json"
    write_scenario(path, Scenario(model=llama8b, card_id="h100-sxm", count=8,
                                  economics={"currency": "EUR", "usd_to_currency": 0.9}))
    result = estimate_json(capsys, "--scenario", str(path), "--lang", "zh_CN")
    assert result["cost"]["currency"] == "EUR"
    result = estimate_json(capsys, "--scenario", str(path), "--usd-rate", "0.95")
    assert result["scenario"]["economics"]["usd_to_currency"] == 0.95


@pytest.mark.parametrize(("flags", "message"), [
    (["--currency", "GBP"], "--currency GBP needs --usd-rate (GBP per USD)"),
    (["--usd-rate", "7"], "give that currency too"),
    (["--currency", "USD", "--usd-rate", "7"], "give that currency too"),
    (["--currency", "euro"], "--currency:"),
])
def test_a_currency_that_cannot_be_converted_is_one_line(capsys, flags, message):
    code, out, err = run(capsys, *ESTIMATE, *flags)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize(("flags", "yuan_per_unit"), [((), None), (("--region", "cn"), 1.0),
                                                      (("--currency", "CNY"), 1.0)])
def test_a_bare_budget_is_the_same_money_in_either_language(catalog, flags, yuan_per_unit):
    """A bare budget is read in the question's currency (USD; yuan with --region cn or --currency CNY), shown in
    the language's: the language never changes the question (same49)."""
    from configurator.cli import build_parser, scenario_from_args, with_constraints

    per_usd = dated_rate("CNY").per_usd
    for language in ("en", "zh_CN"):
        args = build_parser().parse_args(["recommend", "--workload", "vdi", "--lang", language, "--budget", "50000",
                                          *flags])
        scenario = with_constraints(scenario_from_args(args, catalog), args)
        in_yuan = scenario.constraints.budget * (1.0 if scenario.economics.currency == "CNY" else per_usd)
        assert in_yuan == pytest.approx(50_000 * (yuan_per_unit or per_usd)), (language, flags)


def test_a_card_priced_only_in_cny_is_converted_at_the_price_files_dated_rate():
    """The Ascend 910B has only a CNY street price (120,000 CNY, 2024-01): a USD scenario ranks it
    at that price over the price file's dated usd_to_cny rate (was: no price at all), a CNY
    scenario at the price itself, and the row says it was converted, at which rate and date."""
    from configurator.core.architecture import preset
    from configurator.core.catalog import load_catalog
    from configurator.core.currency import dated_rate, price_conversion
    from configurator.core.economics import price_basis
    from configurator.core.estimate import estimate
    from configurator.core.recommend import Objective
    from configurator.core.view.price_view import price_note, price_value
    from configurator.core.view.rows import write

    card = load_catalog().get("ascend-910b")
    rate = dated_rate("CNY")
    assert rate.date and price_conversion("CNY", Economics()) == (pytest.approx(1 / rate.per_usd), rate)
    usd = price_basis(card, Economics(), None)
    assert usd.card_price == pytest.approx(120_000 / rate.per_usd)
    low, high = usd.card_range
    assert low < usd.card_price < high
    cny_economics = Economics(currency="CNY", usd_to_currency=7.2)
    assert price_basis(card, cny_economics, None).card_price == pytest.approx(120_000)  # its own currency, no rate
    assert price_conversion("USD", cny_economics) == (7.2, None)

    s = Scenario(model=preset("llama3-8b"), workload="inference", card_id="ascend-910b", count=1)
    est = estimate(s, card)
    shown = write(price_value(est, Objective.TCO)).replace("\xa0", " ")
    assert f"converted from 120,000 CNY at {rate.per_usd:g} CNY/USD, {rate.date}" in shown
    assert shown.startswith(f"{120_000 / rate.per_usd:,.0f} USD (converted")
    assert f"{rate.per_usd:g} CNY/USD" in write(price_value(est, Objective.TCO), "zh_CN")
    assert "换算" in write(price_value(est, Objective.TCO), "zh_CN")
    assert "converted from" in write(price_note(est, Objective.TCO))
    cny = estimate(with_currency(s, "CNY"), card)
    assert "converted" not in write(price_value(cny, Objective.TCO))


def test_the_json_says_a_price_was_converted_and_at_which_dated_rate(capsys):
    from configurator.core.currency import dated_rate

    code = main(["recommend", "--workload", "inference", "--model", "llama3-8b", "--vendor", "Huawei", "--objective", "fastest",
                 "--currency", "USD", "--limit", "20", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    entries = [e for e in data["ranked"] if e["card"]["id"] == "ascend-910b"]
    assert entries, [e["card"]["id"] for e in data["ranked"]]
    price = entries[0]["price"]
    rate = dated_rate("CNY")
    assert price["quoted"]["currency"] == "CNY" and price["currency"] == "USD"
    assert price["converted"] == {"from": "CNY", "per_usd": rate.per_usd, "date": rate.date, "source": rate.source}
    assert price["amount"] == pytest.approx(120_000 / rate.per_usd)


def test_a_currency_without_its_rate_is_refused():
    """A hand-written scenario with "currency": "CNY" and no usd_to_currency read every USD price 1:1
    as CNY (the default rate 1.0); it is refused with the field named."""
    from configurator.core.scenario_sections import Economics

    with pytest.raises(ValueError, match="usd_to_currency"):
        Economics.model_validate({"currency": "CNY"})
    assert Economics.model_validate({"currency": "CNY", "usd_to_currency": 7.0}).usd_to_currency == 7.0
    assert Economics.model_validate({}).currency == "USD"


def test_a_currency_typed_as_buyers_write_it_is_its_iso_code():
    """``--currency RMB`` and ``--currency cny`` are CNY (RMB was refused as a currency without a
    dated rate; lower case as not a code)."""
    from configurator.cli import build_parser
    from configurator.cli_scenario import scenario_from_args
    from configurator.core.catalog import load_bundled_catalog
    from configurator.core.currency import currency_code

    assert currency_code("RMB") == currency_code("cny") == "CNY" and currency_code("yuan") == "yuan"
    args = build_parser().parse_args(["estimate", "--workload", "inference", "--currency", "rmb"])
    assert scenario_from_args(args, load_bundled_catalog()).economics.currency == "CNY"


@pytest.mark.parametrize("scenario_currency,per_usd", [("USD", 1.0), ("CNY", 7.2), ("EUR", 0.9), ("JPY", 150.0)])
@pytest.mark.parametrize("currency", ["USD", "CNY", "EUR", "GBP", "JPY", "XYZ", "usd"])
def test_converts_says_whether_a_price_converts(scenario_currency, per_usd, currency):
    economics = Economics(currency=scenario_currency, usd_to_currency=per_usd)
    assert converts(currency, economics) == (price_conversion(currency, economics) is not None)
