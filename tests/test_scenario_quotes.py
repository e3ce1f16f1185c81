"""The buyer's quotes are scenario data (``Economics.quotes``): validated, saved and opened with
the scenario, and the one source besides the bundled price file of every bill's prices
(``price_book_for(economics)``). No price state lives outside the scenario: two scenarios, one
with quotes and one without, are priced side by side in one process."""

from __future__ import annotations

import json

import pytest
from golden_scenarios import GOLDEN
from pydantic import ValidationError

from configurator import cli
from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.procurement import prices
from configurator.core.procurement.bom import bill_of_materials
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.prices import (
    as_quotes,
    bundled_price_book,
    price_book_for,
    quote_problems,
    read_quotes,
)
from configurator.core.procurement.servers import server_type
from configurator.core.quote import MAX_QUOTES, Quote
from configurator.core.scenario import Scenario, updated
from configurator.core.scenario_io import scenario_from_document, scenario_text, scenario_to_document

NIC = {"item": "nic-400g", "unit_price": 1234.0, "currency": "USD", "date": "2026-11", "vendor": "Acme"}


def with_quotes(scenario: Scenario, *quotes: dict) -> Scenario:
    return updated(scenario, economics={"quotes": list(quotes)})


def plain() -> Scenario:
    return Scenario(model=preset("llama3-8b"), workload="pretrain", card_id="h100-sxm", count=64)


# ---- the model ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "words"), [
    ({"unit_price": -1.0}, "greater than or equal to 0"),
    ({"currency": "usd"}, "pattern"),
    ({"currency": "ABC"}, "not an ISO 4217 code"),
    ({"date": "2026-13"}, "not a calendar date"),
    ({"date": "15.01.2026"}, "pattern"),
    ({"item": ""}, "at least 1 character"),
    ({"item": "nic\x1b[2J"}, "control character"),
    ({"vendor": "Acme\u202e"}, "control character"),
])
def test_a_quote_is_checked_as_the_price_file_is(change, words):
    with pytest.raises(ValidationError, match=words):
        Quote.model_validate({**NIC, **change})


def test_one_quote_per_item_and_a_bounded_count():
    with pytest.raises(ValidationError, match="quoted twice"):
        with_quotes(plain(), NIC, {**NIC, "vendor": "Other"})
    assert Scenario.model_fields["economics"].annotation.model_fields["quotes"].metadata[0].max_length == MAX_QUOTES


def test_quotes_are_saved_and_opened_with_the_scenario():
    quoted = with_quotes(plain(), NIC, {**NIC, "item": "server-hgx-8", "currency": "CNY", "unit_price": 2.1e6})
    text = scenario_text(quoted)
    assert scenario_from_document(json.loads(text)) == quoted
    assert json.loads(text)["scenario"]["economics"]["quotes"][0] == NIC


def test_a_scenario_without_quotes_is_saved_as_before_and_an_old_file_opens():
    """No quotes: no ``quotes`` key at all (the file, the JSON output and the memo key are as they
    were before quotes were scenario data); a file written before opens with none."""
    document = scenario_to_document(plain())
    assert "quotes" not in document["scenario"]["economics"]
    assert "quotes" not in plain().model_dump_json()
    assert scenario_from_document(document).economics.quotes == ()
    assert scenario_from_document(json.loads(json.dumps(document))) == plain()


def test_a_bad_quote_in_a_scenario_file_is_named_with_its_range():
    from configurator.core.scenario_io import ScenarioFileError

    document = json.loads(json.dumps(scenario_to_document(plain())))
    document["scenario"]["economics"]["quotes"] = [{**NIC, "unit_price": -1}]
    with pytest.raises(ScenarioFileError) as refused:
        scenario_from_document(document)
    assert "economics.quotes.0.unit_price: -1 is outside the range 0 to 10⁹ [currency]" in str(refused.value)


# ---- the price book -------------------------------------------------------------------------------


def test_without_quotes_the_book_is_the_bundled_one():
    assert price_book_for(plain().economics) is bundled_price_book()
    assert quote_problems(plain().economics) == ()


def test_quotes_replace_the_bundled_prices_with_their_vendor_and_date():
    book = price_book_for(with_quotes(plain(), NIC).economics)
    nic = book.item("nic-400g")
    assert nic.unit_price == 1234.0 and nic.source == "quote: Acme" and nic.date == "2026-11"
    assert nic.confidence == "quote" and book.quoted == ("nic-400g",)
    assert book is price_book_for(with_quotes(plain(), NIC).economics)  # kept: the same quotes, the same book
    assert bundled_price_book().item("nic-400g").unit_price != 1234.0  # the bundled book is untouched


def test_a_quote_in_the_scenarios_currency_is_converted_at_its_rate():
    cny = updated(plain(), economics={"currency": "CNY", "usd_to_currency": 8.0})
    book = price_book_for(with_quotes(cny, {**NIC, "currency": "CNY", "unit_price": 8000.0}).economics)
    assert book.item("nic-400g").unit_price == pytest.approx(1000.0)  # the book stays in USD


def test_quotes_that_cannot_be_used_are_named_in_both_languages():
    quoted = with_quotes(plain(), {**NIC, "item": "no-such-item"}, {**NIC, "currency": "EUR"})
    problems = quote_problems(quoted.economics)
    assert [p.text for p in problems] == ["quote for unknown item 'no-such-item' ignored",
                                          "quote for 'nic-400g' in EUR ignored: no exchange rate"]
    assert "未知项目 'no-such-item' 的报价已忽略" == problems[0].text_in("zh_CN")
    assert "没有汇率" in problems[1].text_in("zh_CN")
    assert price_book_for(quoted.economics).quoted == ()


def test_no_price_state_outside_the_scenario(catalog):
    """One scenario with a dear server quote and another without, estimated in turn in one
    process: each is priced from its own book, whatever was estimated before."""
    scenario = estimate(GOLDEN["pretrain-70b-1024xh100"], catalog.get("h100-sxm")).scenario
    card = catalog.get(scenario.card_id)
    server = server_type(card, scenario.parallelism.cards_per_node, scenario.count).item_id
    bundled = bundled_price_book().item(server).unit_price
    quoted = with_quotes(scenario, {**NIC, "item": server, "unit_price": bundled * 3})
    assert not hasattr(prices, "_ACTIVE") and not hasattr(prices, "active_price_book")
    dear, cheap, dear_again = (deployment_cost(estimate(s, card)) for s in (quoted, scenario, quoted))
    server_line = next(line for line in dear.bom.lines if line.item_id == server)
    assert server_line.unit_price == pytest.approx(bundled * 3) and server_line.source == "quote: Acme"
    assert cheap.bom.capex == bill_of_materials(scenario, card, bundled_price_book()).capex
    assert dear.ownership.capex > cheap.ownership.capex
    assert dear_again.ownership.capex == dear.ownership.capex
    assert estimate(scenario, card) is not estimate(quoted, card)  # the memo keys on the quotes too


# ---- the command line -----------------------------------------------------------------------------


def quotes_csv(tmp_path, rows: str) -> str:
    path = tmp_path / "quotes.csv"
    path.write_text("item,unit_price,currency,date,vendor\n" + rows, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("language", "vendor", "prices"), [
    ("en", "your quote: Acme 2026-11", "**Prices**: 2026-12, with 2 of your quotes"),
    ("zh_CN", "您的报价：Acme 2026-11", "**价格依据**：2026-12，含您的 2 条报价"),
])
def test_report_quotes_prints_the_quoted_prices_and_their_vendor(tmp_path, language, vendor, prices):
    """``report --quotes``: each quoted line names its vendor and date in the row (in Chinese too,
    where the summary cites sources by their addresses only), and the header counts the quotes."""
    out = tmp_path / "summary.md"
    quotes = quotes_csv(tmp_path, "nic-400g,1234,USD,2026-11,Acme\nserver-hgx-8,45000,USD,2026-11,\n")
    assert cli.main(["report", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count",
                     "96", "--quotes", quotes, "--lang", language, "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    nic = next(row for row in text.splitlines() if "400 Gb/s" in row and vendor in row)
    assert ("1,234\xa0USD" if language == "en" else "元") in nic  # 元 or 万元 in Chinese (session 38)
    assert prices in text
    servers = [row for row in text.splitlines() if row.rstrip(" |").endswith(("| your quote 2026-11", "| 您的报价 2026-11"))]
    assert len(servers) == 2  # the servers and the spare (12 servers buy one; 8 no longer do): quoted without a vendor


def test_a_quoted_price_names_its_vendor_or_none():
    book = price_book_for(with_quotes(plain(), NIC, {**NIC, "item": "server-hgx-8", "vendor": ""}).economics)
    assert prices.quote_vendor(book.item("nic-400g").source) == "Acme"
    assert prices.quote_vendor(book.item("server-hgx-8").source) == ""
    assert prices.quote_vendor(bundled_price_book().item("nic-400g").source) is None
    assert prices.quote_vendor("quoted: someone") is None


def test_a_scenario_file_keeps_its_quotes_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "quoted.gpuconf.json"
    path.write_text(scenario_text(with_quotes(plain(), NIC, {**NIC, "item": "no-such-item"})), encoding="utf-8")
    assert cli.main(["estimate", "--json", "--scenario", str(path)]) == 0
    out, err = capsys.readouterr()
    nic = next(line for line in json.loads(out)["bom"]["items"] if line["item"] == "nic-400g")
    assert nic["unit_price"] == 1234.0 and nic["source"] == "quote: Acme"
    assert "quote for unknown item 'no-such-item' ignored" in err


def test_quote_warnings_are_said_in_chinese(tmp_path, capsys):
    assert cli.main(["estimate", "--lang", "zh_CN", "--quotes", quotes_csv(tmp_path, "no-such-item,1,USD,2026,x\n")]) \
        == 0
    assert "未知项目 'no-such-item' 的报价已忽略" in capsys.readouterr().err


def test_too_many_quotes_are_refused(tmp_path):
    rows = "".join(f"item-{n},1,USD,2026,x\n" for n in range(MAX_QUOTES + 1))
    with pytest.raises(prices.PriceFileError, match=f"more than the {MAX_QUOTES:,}"):
        read_quotes(quotes_csv(tmp_path, rows))
    assert len(as_quotes(read_quotes(quotes_csv(tmp_path, rows.split("\n", 1)[1])))) == MAX_QUOTES
